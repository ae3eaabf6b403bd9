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
	"moyo/render"
)

// lessonView holds the widgets of lesson mode: a heading with the
// teaching settings, in place of the game panel and the move controls,
// and the comparison table with the explanation, in place of the
// convergence plot.
type lessonView struct {
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

// The rows of the comparison table.
const (
	rowMark = iota // the number drawn on the point
	rowPoint
	rowExact
	rowEstimate
	rowError
	tableRows
)

// lessonPanel builds the widgets of lesson mode.
func (u *App) lessonPanel() *lessonView {
	m := u.model
	v := &lessonView{}
	v.title = heading("")
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.info = small("")
	v.info.Truncation = fyne.TextTruncateEllipsis
	v.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { m.NextLesson(-1) })
	v.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { m.NextLesson(1) })
	back := widget.NewButtonWithIcon("Back to record (L)", theme.NavigateBackIcon(), m.StopLesson)

	settings := lesson.Settings()
	// A row of buttons as wide as their labels: a grid would make each
	// as wide as the widest, and the panel wider than the board leaves.
	v.settings = newSegmented(nil, settingLabels(settings), nil, func(i int) {
		if err := m.UseSetting(settings[i]); err != nil {
			u.status.SetText(err.Error())
		}
	})
	// Separators tell the buttons apart: unchosen, they are flat text.
	row := []fyne.CanvasObject{small("Try")}
	for _, b := range v.settings.buttons {
		row = append(row, widget.NewSeparator(), b)
	}
	v.settings.row.Objects = row
	v.top = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(v.prev, v.next), back, v.title),
		v.info,
		v.settings.row,
	)

	v.table = container.NewStack()
	v.total = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.total.Wrapping = fyne.TextWrapWord
	v.text = small("")
	v.text.Wrapping = fyne.TextWrapWord
	v.scroll = container.NewVScroll(v.text)
	v.body = container.NewBorder(
		container.NewVBox(widget.NewSeparator(), v.table, v.total, widget.NewSeparator()),
		nil, nil, nil, v.scroll)
	return v
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

// showLesson fills the lesson panel from the lesson opened, and builds
// its table: one column per corridor point.
func (u *App) showLesson() {
	v, m := u.lesson, u.model
	l, i, ok := m.Lesson()
	if !ok {
		return
	}
	c, _ := m.Corridor()
	ls, _ := m.Lessons()
	v.title.SetText(l.Title)
	v.info.SetText(fmt.Sprintf("Lesson %d of %d  ·  %s  ·  %s's walls, %s to move",
		i+1, len(ls), c.Kind, colourName(c.Owner), colourName(l.Position.ToMove())))
	enableIf(v.prev, i > 0)
	enableIf(v.next, i < len(ls)-1)
	v.text.SetText(l.Text)
	v.scroll.ScrollToTop()

	// Text without a label's padding: five rows of labels would leave
	// the explanation no room at 1280×800.
	size := l.Position.Size()
	th := u.app.Settings().Theme()
	variant := u.app.Settings().ThemeVariant()
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
	v.cells = make([][]*canvas.Text, tableRows)
	// The grid fills row by row.
	for r, name := range []string{"", "point", "exact", "estimate", "error"} {
		names.Add(text(name, fyne.TextAlignLeading, false))
		for k, p := range c.Points {
			var s string
			switch r {
			case rowMark:
				s = fmt.Sprint(k + 1)
			case rowPoint:
				s = p.Label(size)
			case rowExact:
				s = formatValue(c.Exact[k])
			}
			cell := text(s, fyne.TextAlignTrailing, r == rowMark)
			v.cells[r] = append(v.cells[r], cell)
			grid.Add(cell)
		}
	}
	v.table.Objects = []fyne.CanvasObject{container.NewBorder(nil, nil, names, nil, grid)}
	v.table.Refresh()
	u.showComparison()
}

// showComparison fills the estimate and error rows of the table and the
// totals from the run shown.
func (u *App) showComparison() {
	v, m := u.lesson, u.model
	c, ok := m.Comparison()
	corr, _ := m.Corridor()
	if len(v.cells) != tableRows || len(v.cells[rowEstimate]) != len(corr.Points) {
		return
	}
	th := u.app.Settings().Theme()
	variant := u.app.Settings().ThemeVariant()
	for k := range corr.Points {
		est, e := "…", ""
		colour := theme.ColorNameForeground
		if ok {
			est, e = formatValue(c.Estimate[k]), formatError(c.Error[k])
			if math.Abs(c.Error[k]) >= 0.1 {
				colour = theme.ColorNameError // a tenth of a point or more
			}
		}
		setText(v.cells[rowEstimate][k], est, th.Color(theme.ColorNameForeground, variant))
		setText(v.cells[rowError][k], e, th.Color(colour, variant))
	}
	if !ok {
		v.total.SetText(fmt.Sprintf("Total: exact %s; estimate running…", formatTotal(corr.ExactTotal)))
		return
	}
	v.total.SetText(fmt.Sprintf("Total: estimate %s vs exact %s (error %s)  ·  worst point %.2f",
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
func (u *App) showSetting() {
	chosen := -1
	for i, s := range lesson.Settings() {
		if u.model.IsSetting(s) {
			chosen = i
		}
	}
	u.lesson.settings.Set(chosen)
}

// corridorMarks numbers the points of the lesson's corridor on the board
// as the table's columns are numbered.
func (u *App) corridorMarks() []render.Mark {
	c, ok := u.model.Corridor()
	if !ok {
		return nil
	}
	marks := make([]render.Mark, len(c.Points))
	for k, p := range c.Points {
		marks[k] = render.Mark{Point: p, Label: fmt.Sprint(k + 1)}
	}
	return marks
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

// lessonMenu lists the lessons, grouped by what their titles start
// with: "Open at one end: three points" is "three points" under "Open at
// one end". A title without a colon goes in the group it starts with, or
// on its own.
func (u *App) lessonMenu() *fyne.Menu {
	menu := fyne.NewMenu("Lessons")
	ls, err := u.model.Lessons()
	if err != nil {
		item := fyne.NewMenuItem("No lessons: "+err.Error(), nil)
		item.Disabled = true
		menu.Items = append(menu.Items, item)
		return menu
	}
	var groups []*fyne.MenuItem
	group := func(name string) *fyne.MenuItem {
		for _, g := range groups {
			if g.Label == name {
				return g
			}
		}
		g := fyne.NewMenuItem(name, nil)
		g.ChildMenu = fyne.NewMenu("")
		groups = append(groups, g)
		menu.Items = append(menu.Items, g)
		return g
	}
	for i, l := range ls {
		open := func() {
			openNow := func() {
				if err := u.model.OpenLesson(i); err != nil {
					ShowError("Cannot open the lesson", err, u.win)
				}
			}
			if !u.keepEdits("Opening a lesson", openNow) {
				openNow()
			}
		}
		name, rest, ok := strings.Cut(l.Title, ": ")
		if !ok {
			// "Width two with a supporting stone" joins "Width two".
			for _, g := range groups {
				if strings.HasPrefix(l.Title, g.Label+" ") {
					g.ChildMenu.Items = append(g.ChildMenu.Items, fyne.NewMenuItem(l.Title, open))
					ok = true
					break
				}
			}
			if !ok {
				menu.Items = append(menu.Items, fyne.NewMenuItem(l.Title, open))
			}
			continue
		}
		g := group(name)
		g.ChildMenu.Items = append(g.ChildMenu.Items, fyne.NewMenuItem(rest, open))
	}
	menu.Items = append(menu.Items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Open a Lesson, or Back to the Record (L)", func() { u.model.ToggleLesson() }))
	return menu
}
