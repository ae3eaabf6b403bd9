package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/ui/widgets"
	"moyo/workspace"
)

// fixedPointLines are the convergence panel's lines under the iterations
// line about whether the run shown can be trusted: how far it is from the
// fixed point of its equations (found in the background), warning when
// the stopping rule stopped far from it; the cycle it fell into, with a
// check that draws on the board where the cycle's states differ; and the
// solver it fell back to. Each line shows only when it has something to
// say.
type fixedPointLines struct {
	u         *App
	box       *fyne.Container
	point     *widget.Label
	cycle     *widget.Label
	showCycle *widgets.KeyCheck
	cycleRow  fyne.CanvasObject
	fallback  *widget.Label
}

// fixedPointChanges are the changes the lines show.
const fixedPointChanges = workspace.ChangeFixedPoint | workspace.ChangeResult | workspace.ChangeOverlay

// build makes the lines, hidden until there is something to say.
func (l *fixedPointLines) build(u *App) fyne.CanvasObject {
	l.u = u
	line := func() *widget.Label {
		w := widgets.Wrapped(widgets.Small(""))
		w.Hide()
		return w
	}
	l.point, l.cycle, l.fallback = line(), line(), line()
	l.cycle.Importance = widget.WarningImportance
	l.fallback.Importance = widget.WarningImportance
	l.showCycle = widgets.NewKeyCheck("Show on board", func(on bool) {
		o := u.ws.Overlay()
		o.Cycle = on
		u.ws.SetOverlay(o)
	}, u.TypedKey)
	l.cycleRow = container.NewBorder(nil, nil, nil, l.showCycle, l.cycle)
	l.cycleRow.Hide()
	l.box = container.NewVBox(l.point, l.cycleRow, l.fallback)
	return l.box
}

// update shows what the workspace says of the run shown.
func (l *fixedPointLines) update(c workspace.Change) {
	ws := l.u.ws
	if c&fixedPointChanges == 0 {
		return
	}
	text, warn := ws.FixedPoint().Line()
	widgets.SetLine(l.point, workspace.MinusSigns(text))
	imp := widget.MediumImportance
	if warn {
		imp = widget.WarningImportance
	}
	if l.point.Importance != imp {
		l.point.Importance = imp
		l.point.Refresh()
	}
	cycle := ws.CycleLine()
	widgets.SetLine(l.cycle, cycle)
	widgets.ShowIf(l.cycleRow, cycle != "")
	l.showCycle.Set(ws.Overlay().Cycle)
	widgets.SetLine(l.fallback, ws.FallbackLine())
}
