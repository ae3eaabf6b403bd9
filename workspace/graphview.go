package workspace

import (
	"fmt"
	"strings"

	"moyo/estimators"
	"moyo/gamescore"
	"moyo/randfield"
	"moyo/render"
)

// GraphView is what the graph's section shows of the record's line.
type GraphView struct {
	// Chart is the estimate's result after komi at every move, with the
	// reference's curve when asked for, the record's result, the move
	// shown and the turning points.
	Chart render.GameChart
	// Entropy, when the final ownership is known, is each curve's
	// cross-entropy against it by move, and while it is searched for a
	// chart without values; nil otherwise.
	Entropy *render.GameChart
	// WinProb, when asked for, is P(Black wins) by move; nil otherwise.
	WinProb *render.GameChart
	// Status says where the estimate's curve stands: "symmetric: 236
	// positions in 64 ms", "symmetric: 120 of 236 positions…", or its
	// error; RefStatus and WinStatus the same of the others, "" when not
	// asked for.
	Status, RefStatus, WinStatus string
	// Turns are the turning points, largest first.
	Turns []gamescore.Turn
	// CanWinProb reports whether the estimator is a random field, whose
	// P(Black wins) can be asked for.
	CanWinProb bool
	// RefName names the reference's curve, for the control that asks
	// for it: "KataGo's score lead", "symmetric (λ 0.3)"; "" when the
	// reference is the final outcome, drawn as the result's level.
	RefName string
}

// GraphView returns what the graph's section shows, and false outside
// the record mode or without a record.
func (ws *Workspace) GraphView() (GraphView, bool) {
	g := ws.graph
	rec := g.line()
	if rec == nil {
		return GraphView{}, false
	}
	s := ws.settings
	var v GraphView
	_, err := randfield.FieldOf(s.est, s.Params())
	v.CanWinProb = err == nil
	current := -1
	if st, ok := ws.record.Current(); ok {
		current = st.Number
	}
	v.Turns = g.Turns()
	label := settingsLabel(s.est, s.Params(), ws.ref)
	graph := gamescore.Graph{Moves: rec.Moves(), Komi: rec.Info.Komi, Result: rec.Info.Result, Scores: g.est.curve.values,
		Label: label, Turns: v.Turns, Current: current}
	if graph.Scores == nil {
		graph.Scores = nans(rec.Moves() + 1)
	}
	v.Status = g.curveStatus(s.est.Info().Name, g.est, rec.Moves()+1)
	r := ws.ref
	refLabel := ""
	if r.kind != RefFinal {
		refLabel = refCurveName(r)
		v.RefName = refLabel
	}
	if g.showRef && r.kind != RefFinal {
		v.RefStatus = g.curveStatus(refLabel, g.ref, rec.Moves()+1)
		if vs := g.ref.curve.values; vs != nil {
			leads := gamescore.Leads(vs, rec.Info.Komi)
			switch r.kind {
			case RefKataGo:
				graph.Others = append(graph.Others, render.GameCurve{Values: leads, Style: render.CurveReference, Label: refLabel})
			case RefGnuGo:
				graph.Others = append(graph.Others, gamescore.Trended(leads, render.CurveReference, refLabel))
			default:
				graph.Others = append(graph.Others, gamescore.Trended(leads, render.CurveSecond, refLabel))
			}
		}
	}
	v.Chart = graph.Chart()
	e := g.est.curve.entropy
	if status, _, _ := ws.final.Status(); e != nil || status == FinalComputing {
		// Laid out while the final ownership is searched for, so that the
		// section keeps its height when it is found.
		name := "cross-entropy vs the final ownership, " + label
		if e == nil {
			e, name = nans(rec.Moves()+1), "cross-entropy vs the final ownership: computing…"
		}
		c := render.GameChart{Moves: rec.Moves(), Axis: render.AxisFrom0, Current: current,
			Curves: []render.GameCurve{{Values: e, Label: name}}}
		if re := g.ref.curve.entropy; re != nil && g.showRef && r.kind == RefEstimator {
			c.Curves = append(c.Curves, render.GameCurve{Values: re, Style: render.CurveSecond, Label: refLabel})
		}
		v.Entropy = &c
	}
	if g.showWin && v.CanWinProb {
		v.WinStatus = g.curveStatus("P(Black wins)", g.win, rec.Moves()+1)
		vs := g.win.curve.values
		if vs == nil {
			vs = nans(rec.Moves() + 1)
		}
		v.WinProb = &render.GameChart{Moves: rec.Moves(), Axis: render.AxisFrom0, Top: 1, Current: current,
			Curves: []render.GameCurve{{Values: vs, Label: fmt.Sprintf("P(Black wins) at komi %s, %s", formatKomi(rec.Info.Komi), label)}}}
	}
	return v, true
}

// curveStatus says where the curve of s stands, named name.
func (g *Graph) curveStatus(name string, s *series, n int) string {
	c := s.curve
	what := name
	if c.phase != "" {
		what += " (" + c.phase + ")"
	}
	switch {
	case c.err != nil:
		return name + ": " + c.err.Error()
	case s.key == "" && !g.active:
		return name + ": computed when the graph is open"
	case s.key == "" && !s.running():
		return name + ": waiting for the board"
	case !c.done:
		return fmt.Sprintf("%s: %d of %d positions…", what, c.known, n)
	}
	return fmt.Sprintf("%s: %d positions in %s", what, n, formatElapsed(c.elapsed))
}

// settingsLabel names the estimate's curve: the estimator, and where the
// reference is the same estimator with other settings, the parameters in
// which they differ ("symmetric (λ 0.44)").
func settingsLabel(est estimators.Estimator, p estimators.Params, r *Reference) string {
	name := est.Info().Name
	if r.kind != RefEstimator || r.settings.est.Info().Name != name {
		return name
	}
	if d := differing(est.Info(), p, r.settings.Params()); d != "" {
		return name + " (" + d + ")"
	}
	return name
}

// refCurveName names the reference's curve.
func refCurveName(r *Reference) string {
	switch r.kind {
	case RefKataGo:
		return "KataGo's score lead"
	case RefGnuGo:
		return "GNU Go"
	}
	name := r.settings.est.Info().Name
	own := r.ws.settings
	if own.est.Info().Name != name {
		return name
	}
	if d := differing(r.settings.est.Info(), r.settings.Params(), own.Params()); d != "" {
		return name + " (" + d + ")"
	}
	return name + " (the same settings)"
}

// differing writes the parameters in which p differs from q, as the
// app's controls name them: "λ 0.3, κ 0.7".
func differing(in estimators.Info, p, q estimators.Params) string {
	p, q = in.Complete(p), in.Complete(q)
	var parts []string
	for _, s := range in.Params {
		a, _ := p.Get(s.Name)
		b, _ := q.Get(s.Name)
		if a != b {
			parts = append(parts, s.DisplayName()+" "+s.Format(a))
		}
	}
	return strings.Join(parts, ", ")
}
