package workspace

import (
	"fmt"
	"strconv"
	"time"

	"moyo/estimators"
	"moyo/randfield"
)

// ConvergenceView is what the convergence panel shows of the run shown.
type ConvergenceView struct {
	// Score is the estimate the run gives, named as one, with the count
	// beside it where there is one (EstimateLine), and under it the board
	// score and komi it comes from: "estimate W+15.2 (sum of control) ·
	// result W+2.5\n(board −8.65, komi 6.5)", after "running…  " while a
	// newer run is under way.
	Score string
	// Iterations says what the method did (RunLine), or what went wrong.
	Iterations string
	// Trace is the residual per iteration to plot, with a line at Tol (0
	// for none); when it is empty, PlotMessage says why.
	Trace       []float64
	Tol         float64
	PlotMessage string
	// OK is true when a run without error is shown, which has timings.
	OK bool
}

// ConvergenceView returns what the convergence panel shows of the run
// shown.
func (ws *Workspace) ConvergenceView() ConvergenceView {
	var v ConvergenceView
	if ws.Runs().Running() {
		v.Score = "running…  "
	}
	o, ok := ws.Runs().Shown()
	switch {
	case !ok:
		return v
	case o.Err != nil:
		v.Score += "no estimate"
		v.Iterations = "error: " + o.Err.Error()
		v.PlotMessage = "no run"
		return v
	}
	res := o.Result
	komi := ws.Komi()
	bs := res.BoardScore()
	v.Score += fmt.Sprintf("%s\n(board %s, komi %s)", ws.EstimateLine(o), Minus(fmt.Sprintf("%+.2f", bs)), strconv.FormatFloat(komi, 'f', -1, 64))
	v.Iterations, v.OK = RunLine(o), true
	// The plot shows a residual per iteration, and exact inference has
	// none.
	info := o.Est.Info()
	switch {
	case !info.Iterative:
		v.PlotMessage = info.Name + " does not iterate: no convergence to plot"
	case o.Params.Text("inference") == randfield.InferenceExact.String():
		v.PlotMessage = "exact marginals: nothing iterates"
	case len(res.Trace) > 0:
		v.Trace = res.Trace
		if info.Reads("tol", o.Params) {
			v.Tol = o.Params.Num("tol")
		}
	default:
		v.PlotMessage = "no residual to plot"
	}
	return v
}

// EstimateLine names the board score of run o as the estimate it is,
// with the count of the position shown beside it where there is one:
// "estimate W+15.2 (sum of control) · result W+2.5"
// (estimators.EstimateLine).
func (ws *Workspace) EstimateLine(o Outcome) string {
	return estimators.EstimateLine(o.Result.BoardScore(), ws.Komi(), o.Est.Info().SumName(), ws.countLine())
}

// countLine is what the position shown counts as, set beside the
// estimate: the count mode's count, "count W+1.5", once its dead stones
// are judged; else the record's result where the game ended, "result
// W+2.5" (game.Record.ResultAt); "" elsewhere.
func (ws *Workspace) countLine() string {
	if res, ok := ws.Count(); ok {
		return "count " + res
	}
	r, ok := ws.mode.(*RecordMode)
	if !ok || r.rec == nil {
		return ""
	}
	if res := r.rec.ResultAt(r.step); res != "" {
		return "result " + res
	}
	return ""
}

// TimingLine returns the time of the run shown, the time from its request
// to its overlay being handed to the board, and drawn, the time the last
// drawing of the board took; "" without a run shown.
func (ws *Workspace) TimingLine(drawn time.Duration) string {
	o, ok := ws.Runs().Shown()
	if !ok || o.Err != nil {
		return ""
	}
	return fmt.Sprintf("run %s  ·  update latency %s  ·  board drawn in %s",
		FormatDuration(o.Result.Elapsed), FormatDuration(ws.Runs().Latency()), FormatDuration(drawn))
}

// OutcomeLine returns the convergence panel's line of measures against
// the record's final outcome, or "" when the Reference section already
// measures against it: the line is there so that the outcome stays in
// view while the estimate is compared with KataGo, GNU Go or another
// estimator.
func (ws *Workspace) OutcomeLine() string {
	if ws.ref.Kind() == RefFinal {
		return ""
	}
	return ws.FinalSummary()
}
