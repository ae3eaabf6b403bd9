package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/ui/widgets"
	"moyo/workspace"
)

// convergencePanel shows the run shown: the result it implies, its
// iterations and residual, its timings, its measures against the final
// outcome, and the residual per iteration on a log scale.
type convergencePanel struct {
	u                          *App
	score, iterations, runTime *widget.Label
	final                      *widget.Label // the measures against the final outcome, when the reference is another
	plot                       *widgets.Plot
}

// convergenceChanges are the changes the panel shows: the komi of an
// edited position changes the estimate, and the count mode's count is
// set beside it.
const convergenceChanges = workspace.ChangeResult | workspace.ChangeLatency | workspace.ChangeFinal |
	workspace.ChangeMode | workspace.ChangeEdit | workspace.ChangeLesson | workspace.ChangeReference | workspace.ChangeCount

// build makes the figures, and the plot, which the app places apart.
func (p *convergencePanel) build(u *App) fyne.CanvasObject {
	p.u = u
	p.plot = widgets.NewPlot()
	// The estimate with the count beside it can be wider than the panel:
	// it wraps rather than widen it.
	p.score = widgets.Wrapped(widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	p.iterations = widgets.Wrapped(widgets.Small("")) // or the run's error, read whole
	p.runTime = widgets.Small("")
	p.final = widgets.Small("")
	p.final.Truncation = fyne.TextTruncateEllipsis
	return container.NewVBox(
		p.score,
		p.iterations,
		p.runTime,
		p.final,
	)
}

// update shows the run shown, its latency and the final outcome's line.
func (p *convergencePanel) update(c workspace.Change) {
	ws := p.u.ws
	if c&workspace.ChangeMode != 0 {
		// The plot and the timings give their room to a lesson's table
		// and explanation.
		lesson := ws.Mode().Kind() == workspace.KindLesson
		widgets.ShowIf(p.plot, !lesson)
		widgets.ShowIf(p.runTime, !lesson)
	}
	if c&(workspace.ChangeFinal|workspace.ChangeResult|workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson|workspace.ChangeReference) != 0 {
		line := ws.OutcomeLine()
		p.final.SetText(line)
		widgets.ShowIf(p.final, line != "")
	}
	if c&(workspace.ChangeResult|workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson|workspace.ChangeCount) != 0 {
		p.showResult()
	}
	if c&workspace.ChangeLatency != 0 {
		p.showLatency()
	}
}

// showResult fills the panel from the run shown (workspace.ConvergenceView).
func (p *convergencePanel) showResult() {
	v := p.u.ws.ConvergenceView()
	p.score.SetText(v.Score)
	p.iterations.SetText(v.Iterations)
	if len(v.Trace) > 0 {
		p.plot.SetTrace(v.Trace, v.Tol)
	} else {
		p.plot.SetMessage(v.PlotMessage)
	}
	if v.OK {
		p.showLatency()
	}
}

// showLatency shows the timings of the run shown and of the last drawing
// of the board.
func (p *convergencePanel) showLatency() { p.runTime.SetText(p.u.ws.TimingLine(p.u.board.DrawTime())) }
