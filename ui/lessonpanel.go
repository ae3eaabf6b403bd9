package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/lesson"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// lessonPanel holds the widgets of lesson mode: a heading with the
// teaching settings, in place of the game panel and the move controls,
// and the comparison table with the explanation, in place of the
// convergence plot.
type lessonPanel struct {
	u          *App
	top, body  fyne.CanvasObject
	title      *widget.Label
	info       *widget.Label
	prev, next *widget.Button
	settings   *widgets.Segmented
	table      *fyne.Container  // the row names, and a grid of cells
	cells      [][]*canvas.Text // [row][point]
	total      *widget.Label
	text       *widget.Label
	scroll     *container.Scroll
}

// lessonChanges are the changes the panel shows.
const lessonChanges = workspace.ChangeMode | workspace.ChangeLesson | workspace.ChangeEstimator |
	workspace.ChangeParams | workspace.ChangeResult

// build makes the heading and the body, which the app places apart.
func (p *lessonPanel) build(u *App) (top, body fyne.CanvasObject) {
	p.u = u
	ws := u.ws
	step := func(n int) func() { return func() { ws.Mode().Step(n) } }
	p.title = widgets.Cut(widgets.Heading(""))
	p.info = widgets.Cut(widgets.Small(""))
	p.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(-1))
	p.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(1))
	back := widget.NewButtonWithIcon("Back to record (L)", theme.NavigateBackIcon(), ws.StopLesson)

	settings := lesson.Settings()
	// A row of buttons as wide as their labels, wrapping at the panel's
	// edge: a grid would make each as wide as the widest, and one row the
	// panel wider than the board leaves.
	p.settings = widgets.NewSegmented(&widgets.Flow{}, workspace.SettingLabels(settings), nil, func(i int) {
		inMode(ws, func(l *workspace.LessonMode) { u.sayErr(l.UseSetting(settings[i])) })()
	})
	// Separators tell the buttons apart: unchosen, they are flat text.
	row := []fyne.CanvasObject{widgets.Small("Try")}
	for _, b := range p.settings.Buttons {
		row = append(row, widget.NewSeparator(), b)
	}
	p.settings.Row.Objects = row
	p.top = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(p.prev, p.next), back, p.title),
		p.info,
		p.settings.Row,
	)

	p.table = container.NewStack()
	p.total = widgets.Wrapped(widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	p.text = widgets.Wrapped(widgets.Small(""))
	p.scroll = container.NewVScroll(p.text)
	// The explanation keeps a few lines' height when the column is
	// short, and the column scrolls instead.
	p.body = container.NewBorder(
		container.NewVBox(p.table, p.total, widget.NewSeparator()),
		nil, nil, nil, container.New(widgets.AtLeast{Height: 100}, p.scroll))
	return p.top, p.body
}

// update shows the lesson, the setting tried and the comparison of the
// run shown, in lesson mode.
func (p *lessonPanel) update(c workspace.Change) {
	l, ok := modeShown[*workspace.LessonMode](p.u.ws, p.top, p.body)
	if !ok {
		return
	}
	v := l.View()
	if c&(workspace.ChangeMode|workspace.ChangeLesson) != 0 {
		p.title.SetText(v.Title)
		p.info.SetText(v.Info)
		widgets.EnableIf(p.prev, !v.First)
		widgets.EnableIf(p.next, !v.Last)
		p.text.SetText(v.Text)
		p.scroll.ScrollToTop()
		p.buildTable(len(v.Far))
	}
	p.settings.Set(l.Setting())
	p.total.SetText(v.Total)
	th := p.u.app.Settings().Theme()
	variant := p.u.app.Settings().ThemeVariant()
	for r, row := range v.Cells {
		for k, s := range row {
			colour := theme.ColorNameForeground
			if r == workspace.RowError && v.Far[k] {
				colour = theme.ColorNameError // a tenth of a point or more
			}
			widgets.SetText(p.cells[r][k], s, th.Color(colour, variant))
		}
	}
}

// buildTable makes the comparison table of a corridor of n points: a
// column per point, the cells empty for update to fill.
func (p *lessonPanel) buildTable(n int) {
	// Text without a label's padding: five rows of labels would leave
	// the explanation no room at 1280×800.
	th := p.u.app.Settings().Theme()
	text := func(s string, align fyne.TextAlign, bold bool) *canvas.Text {
		t := canvas.NewText(s, th.Color(theme.ColorNameForeground, p.u.app.Settings().ThemeVariant()))
		t.TextSize = th.Size(theme.SizeNameCaptionText)
		t.Alignment, t.TextStyle.Bold = align, bold
		return t
	}
	// The names are a column of their own, so that the widest does not
	// set the width of every column of points.
	names := container.NewVBox()
	grid := container.NewGridWithColumns(n)
	p.cells = make([][]*canvas.Text, workspace.LessonRows)
	// The grid fills row by row.
	for r, name := range workspace.LessonRowNames() {
		names.Add(text(name, fyne.TextAlignLeading, false))
		for range n {
			cell := text("", fyne.TextAlignTrailing, r == workspace.RowMark)
			p.cells[r] = append(p.cells[r], cell)
			grid.Add(cell)
		}
	}
	// Inset like a label's text: the last column's right-aligned cells
	// would otherwise run under the column's scroll bar.
	inset := th.Size(theme.SizeNameInnerPadding)
	p.table.Objects = []fyne.CanvasObject{container.New(layout.NewCustomPaddedLayout(0, 0, inset, inset),
		container.NewBorder(nil, nil, names, nil, grid))}
	p.table.Refresh()
}
