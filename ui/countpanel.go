package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/count"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// countPanel shows the count mode: a heading in the side panel's header
// (what is counted, the way back) and a section with the count: the
// rules, who judges the dead stones, the count of each side with komi,
// the result beside the record's.
type countPanel struct {
	u         *App
	top, body fyne.CanvasObject
	sec       *widgets.Section

	title   *widget.Label
	rules   *widgets.Segmented
	judge   *widgets.Segmented
	status  *widget.Label
	result  *widget.Label
	lines   *widget.Label
	record  *widget.Label
	judged  *widget.Label
	rejudge *widget.Button
}

// countChanges are the changes the panel shows.
const countChanges = workspace.ChangeMode | workspace.ChangeCount

// build makes the heading and the section's body, which the app places
// apart.
func (p *countPanel) build(u *App) (top, body fyne.CanvasObject) {
	p.u = u
	ws := u.ws
	inCount := func(f func(c *workspace.CountMode)) func() { return inMode(ws, f) }
	p.title = widgets.Cut(widgets.Heading(""))
	back := widget.NewButtonWithIcon("Back (S)", theme.NavigateBackIcon(), ws.StopCount)
	p.top = container.NewBorder(nil, nil, nil, back, p.title)

	p.rules = widgets.NewSegmented(nil, []string{"Area", "Territory"}, nil, func(i int) {
		inCount(func(c *workspace.CountMode) { c.SetRules(count.Rules(i)) })()
	})
	var judges []string
	for _, m := range count.Methods() {
		judges = append(judges, m.Label())
	}
	p.judge = widgets.NewSegmented(nil, judges, nil, func(i int) {
		inCount(func(c *workspace.CountMode) { c.SetMethod(count.Methods()[i]) })()
	})
	p.status = widgets.Wrapped(widgets.Small(""))
	p.result = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.lines = widgets.Wrapped(widgets.Small(""))
	p.record = widgets.Wrapped(widgets.Small(""))
	p.judged = widgets.Wrapped(widgets.Small(""))
	p.rejudge = widget.NewButtonWithIcon("Judge again", theme.ViewRefreshIcon(), inCount((*workspace.CountMode).Rejudge))
	p.body = container.NewVBox(
		container.NewBorder(nil, nil, widgets.Small("Rules"), nil, p.rules.Row),
		container.NewBorder(nil, nil, widgets.Small("Dead stones by"), nil, p.judge.Row),
		p.status, p.result, p.lines, p.record, p.judged,
		container.NewHBox(p.rejudge))
	return p.top, p.body
}

// modeShown returns the workspace's mode as an M, and shows a mode's
// panel, its heading top and its body, only while the mode is one.
func modeShown[M workspace.Mode](ws *workspace.Workspace, top, body fyne.CanvasObject) (M, bool) {
	m, ok := ws.Mode().(M)
	widgets.ShowIf(top, ok)
	widgets.ShowIf(body, ok)
	return m, ok
}

// update shows the count mode, if it is the mode shown.
func (p *countPanel) update(workspace.Change) {
	c, ok := modeShown[*workspace.CountMode](p.u.ws, p.top, p.body)
	if !ok {
		return
	}
	v := c.View()
	p.title.SetText(c.Title())
	p.rules.Set(int(c.Rules()))
	for i, m := range count.Methods() {
		if m == c.Method() {
			p.judge.Set(i)
		}
	}
	widgets.SetLine(p.status, v.Status)
	result := ""
	if v.Result != "" {
		result = "Count: " + v.Result
	}
	widgets.SetLine(p.result, result)
	text := ""
	for i, l := range v.Lines {
		if i < 2 {
			if text != "" {
				text += "\n"
			}
			text += l
		}
	}
	widgets.SetLine(p.lines, text)
	widgets.SetLine(p.record, v.Record)
	widgets.SetLine(p.judged, v.Judge)
	if p.sec != nil {
		p.sec.SetSummary(v.Result)
	}
}
