package ui

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/lesson"
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
	settings   *segmented
	table      *fyne.Container  // the row names, and a grid of cells
	cells      [][]*canvas.Text // [row][point]
	total      *widget.Label
	text       *widget.Label
	scroll     *container.Scroll
}

// lessonChanges are the changes the panel shows.
const lessonChanges = workspace.ChangeMode | workspace.ChangeLesson | workspace.ChangeEstimator |
	workspace.ChangeParams | workspace.ChangeResult

// The rows of the comparison table.
const (
	rowMark = iota // the number drawn on the point
	rowPoint
	rowExact
	rowEstimate
	rowError
	tableRows
)

// build makes the heading and the body, which the app places apart.
func (p *lessonPanel) build(u *App) (top, body fyne.CanvasObject) {
	p.u = u
	ws := u.ws
	step := func(n int) func() { return func() { ws.Mode().Step(n) } }
	p.title = heading("")
	p.title.Truncation = fyne.TextTruncateEllipsis
	p.info = small("")
	p.info.Truncation = fyne.TextTruncateEllipsis
	p.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(-1))
	p.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(1))
	back := widget.NewButtonWithIcon("Back to record (L)", theme.NavigateBackIcon(), ws.StopLesson)

	settings := lesson.Settings()
	// A row of buttons as wide as their labels, wrapping at the panel's
	// edge: a grid would make each as wide as the widest, and one row the
	// panel wider than the board leaves.
	p.settings = newSegmented(&flowLayout{}, settingLabels(settings), nil, func(i int) {
		if l, ok := ws.Mode().(*workspace.Lesson); ok {
			u.sayErr(l.UseSetting(settings[i]))
		}
	})
	// Separators tell the buttons apart: unchosen, they are flat text.
	row := []fyne.CanvasObject{small("Try")}
	for _, b := range p.settings.buttons {
		row = append(row, widget.NewSeparator(), b)
	}
	p.settings.row.Objects = row
	p.top = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(p.prev, p.next), back, p.title),
		p.info,
		p.settings.row,
	)

	p.table = container.NewStack()
	p.total = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.total.Wrapping = fyne.TextWrapWord
	p.text = small("")
	p.text.Wrapping = fyne.TextWrapWord
	p.scroll = container.NewVScroll(p.text)
	// The explanation keeps a few lines' height when the column is
	// short, and the column scrolls instead.
	p.body = container.NewBorder(
		container.NewVBox(p.table, p.total, widget.NewSeparator()),
		nil, nil, nil, container.New(atLeast{Height: 100}, p.scroll))
	return p.top, p.body
}

// settingLabels names the teaching settings for their buttons, which
// share the width of the panel: each setting's label without the parts
// that every setting of the same estimator has ("stones alive"), which
// the estimator's controls show anyway.
func settingLabels(settings []lesson.Setting) []string {
	parts := make([][]string, len(settings))
	for i, s := range settings {
		parts[i] = strings.Split(s.Label, ", ")
	}
	var out []string
	for i, s := range settings {
		keep := parts[i][:1] // the estimator's name
		for _, p := range parts[i][1:] {
			shared := 0
			for j, t := range settings {
				if t.Estimator.Info().Name == s.Estimator.Info().Name && slices.Contains(parts[j], p) {
					shared++
				}
			}
			if shared < 2 {
				keep = append(keep, p)
			}
		}
		out = append(out, strings.Join(keep, ", "))
	}
	return out
}

// update shows the lesson, the setting tried and the comparison of the
// run shown, in lesson mode.
func (p *lessonPanel) update(c workspace.Change) {
	l, ok := p.u.ws.Mode().(*workspace.Lesson)
	showIf(p.top, ok)
	showIf(p.body, ok)
	if !ok {
		return
	}
	if c&(workspace.ChangeMode|workspace.ChangeLesson) != 0 {
		p.showLesson(l)
	}
	if c&(workspace.ChangeMode|workspace.ChangeLesson|workspace.ChangeEstimator|workspace.ChangeParams) != 0 {
		p.showSetting(l)
	}
	if c&workspace.ChangeResult != 0 {
		p.showComparison(l)
	}
}

// showLesson fills the panel from the lesson opened, and builds its
// table: one column per corridor point.
func (p *lessonPanel) showLesson(lm *workspace.Lesson) {
	l, i := lm.Lesson()
	c := lm.Corridor()
	ls, _ := p.u.ws.Lessons()
	p.title.SetText(l.Title)
	p.info.SetText(fmt.Sprintf("Lesson %d of %d  ·  %s  ·  %s's walls, %s to move",
		i+1, len(ls), c.Kind, colourName(c.Owner), colourName(l.Position.ToMove())))
	enableIf(p.prev, i > 0)
	enableIf(p.next, i < len(ls)-1)
	p.text.SetText(l.Text)
	p.scroll.ScrollToTop()

	// Text without a label's padding: five rows of labels would leave
	// the explanation no room at 1280×800.
	size := l.Position.Size()
	th := p.u.app.Settings().Theme()
	variant := p.u.app.Settings().ThemeVariant()
	text := func(s string, align fyne.TextAlign, bold bool) *canvas.Text {
		t := canvas.NewText(s, th.Color(theme.ColorNameForeground, variant))
		t.TextSize = th.Size(theme.SizeNameCaptionText)
		t.Alignment, t.TextStyle.Bold = align, bold
		return t
	}
	// The names are a column of their own, so that the widest does not
	// set the width of every column of points.
	names := container.NewVBox()
	grid := container.NewGridWithColumns(len(c.Points))
	p.cells = make([][]*canvas.Text, tableRows)
	// The grid fills row by row.
	for r, name := range []string{"", "point", "exact", "estimate", "error"} {
		names.Add(text(name, fyne.TextAlignLeading, false))
		for k, pt := range c.Points {
			var s string
			switch r {
			case rowMark:
				s = fmt.Sprint(k + 1)
			case rowPoint:
				s = pt.Label(size)
			case rowExact:
				s = formatValue(c.Exact[k])
			}
			cell := text(s, fyne.TextAlignTrailing, r == rowMark)
			p.cells[r] = append(p.cells[r], cell)
			grid.Add(cell)
		}
	}
	p.table.Objects = []fyne.CanvasObject{container.NewBorder(nil, nil, names, nil, grid)}
	p.table.Refresh()
	p.showComparison(lm)
}

// showComparison fills the estimate and error rows of the table and the
// totals from the run shown.
func (p *lessonPanel) showComparison(lm *workspace.Lesson) {
	c, ok := lm.Comparison()
	corr := lm.Corridor()
	if len(p.cells) != tableRows || len(p.cells[rowEstimate]) != len(corr.Points) {
		return
	}
	th := p.u.app.Settings().Theme()
	variant := p.u.app.Settings().ThemeVariant()
	for k := range corr.Points {
		est, e := "…", ""
		colour := theme.ColorNameForeground
		if ok {
			est, e = formatValue(c.Estimate[k]), formatError(c.Error[k])
			if math.Abs(c.Error[k]) >= 0.1 {
				colour = theme.ColorNameError // a tenth of a point or more
			}
		}
		setText(p.cells[rowEstimate][k], est, th.Color(theme.ColorNameForeground, variant))
		setText(p.cells[rowError][k], e, th.Color(colour, variant))
	}
	if !ok {
		p.total.SetText(fmt.Sprintf("Total: exact %s; estimate running…", formatTotal(corr.ExactTotal)))
		return
	}
	p.total.SetText(fmt.Sprintf("Total: estimate %s vs exact %s (error %s)  ·  worst point %.2f",
		formatTotal(c.Total), formatTotal(c.ExactTotal), formatError(c.TotalError()), c.MaxError))
}

// setText shows s in t, in colour c.
func setText(t *canvas.Text, s string, c color.Color) {
	if t.Text != s || t.Color != c {
		t.Text, t.Color = s, c
		t.Refresh()
	}
}

// showSetting marks the teaching setting in use, if one is.
func (p *lessonPanel) showSetting(l *workspace.Lesson) {
	chosen := -1
	for i, s := range lesson.Settings() {
		if l.IsSetting(s) {
			chosen = i
		}
	}
	p.settings.Set(chosen)
}

// formatValue writes a control value with two decimals: "0.94", "−1.00".
func formatValue(x float64) string {
	return minus(fmt.Sprintf("%.2f", x+0)) // +0 turns −0 into 0
}

// formatError writes a difference with its sign: "+0.06", "−0.15".
func formatError(x float64) string {
	if math.Abs(x) < 0.005 {
		return "0.00"
	}
	return minus(fmt.Sprintf("%+.2f", x))
}

// formatTotal writes a count of points: "3.06".
func formatTotal(x float64) string { return formatValue(x) }

// minus uses the minus sign rather than a hyphen, as the README does.
func minus(s string) string { return strings.Replace(s, "-", "−", 1) }
