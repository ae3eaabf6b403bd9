package ui

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/estimators"
	"moyo/workspace"
)

// convergencePanel shows the run shown: the result it implies, its
// iterations and residual, its timings, its measures against the final
// outcome, and the residual per iteration on a log scale.
type convergencePanel struct {
	u                          *App
	score, iterations, runTime *widget.Label
	final                      *widget.Label // the measures against the final outcome
	plot                       *Plot
}

// convergenceChanges are the changes the panel shows: the komi of an
// edited position changes the result.
const convergenceChanges = workspace.ChangeResult | workspace.ChangeLatency | workspace.ChangeFinal |
	workspace.ChangeMode | workspace.ChangeEdit | workspace.ChangeLesson

// build makes the figures, and the plot, which the app places apart.
func (p *convergencePanel) build(u *App) fyne.CanvasObject {
	p.u = u
	p.plot = NewPlot()
	p.score = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	p.iterations = small("")
	p.runTime = small("")
	p.final = small("")
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
		showIf(p.plot, !lesson)
		showIf(p.runTime, !lesson)
	}
	if c&(workspace.ChangeFinal|workspace.ChangeResult|workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson) != 0 {
		p.final.SetText(ws.FinalSummary())
	}
	if c&(workspace.ChangeResult|workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson) != 0 {
		p.showResult()
	}
	if c&workspace.ChangeLatency != 0 {
		p.showLatency()
	}
}

// showResult fills the panel from the run shown.
func (p *convergencePanel) showResult() {
	ws := p.u.ws
	o, ok := ws.Runs().Shown()
	running := ""
	if ws.Runs().Running() {
		running = "running…  "
	}
	if !ok {
		p.score.SetText(running)
		p.iterations.SetText("")
		p.plot.SetMessage("")
		return
	}
	if o.Err != nil {
		p.score.SetText(running + "no estimate")
		p.iterations.SetText("error: " + o.Err.Error())
		p.plot.SetMessage("no run")
		return
	}
	res := o.Result
	komi := ws.Komi()
	bs := res.BoardScore()
	p.score.SetText(fmt.Sprintf("%s%s   (board %+.2f, komi %s)", running, estimators.FormatResult(bs, komi), bs, strconv.FormatFloat(komi, 'f', -1, 64)))
	info := o.Est.Info()
	// What the method did (workspace.RunLine); the plot shows a
	// residual per iteration, and exact inference has none.
	p.iterations.SetText(workspace.RunLine(o))
	switch {
	case !info.Iterative:
		p.plot.SetMessage(info.Name + " does not iterate: no convergence to plot")
	case o.Params.Text("inference") == estimators.InferenceExact.String():
		p.plot.SetMessage("exact marginals: nothing iterates")
	case len(res.Trace) > 0:
		tol := 0.0
		if info.Reads("tol", o.Params) {
			tol = o.Params.Num("tol")
		}
		p.plot.SetTrace(res.Trace, tol)
	default:
		p.plot.SetMessage("no residual to plot")
	}
	p.showLatency()
}

// showLatency shows the time of the run shown, the time from its request
// to its overlay being handed to the board, and the time the last drawing
// of the board took.
func (p *convergencePanel) showLatency() {
	ws := p.u.ws
	o, ok := ws.Runs().Shown()
	if !ok || o.Err != nil {
		p.runTime.SetText("")
		return
	}
	p.runTime.SetText(fmt.Sprintf("run %s  ·  update latency %s  ·  board drawn in %s",
		formatDuration(o.Result.Elapsed), formatDuration(ws.Runs().Latency()), formatDuration(p.u.board.DrawTime())))
}

// formatDuration writes d in milliseconds with three significant digits.
func formatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 2, 64) + " ms"
	case ms < 100:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}

// formatFloat writes a residual: 8.9e-05 as "8.9e-05", 0 as "0".
func formatFloat(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'e', 1, 64)
}
