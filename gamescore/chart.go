package gamescore

import (
	"math"

	"moyo/ownership"
	"moyo/render"
)

// Graph is what the game graph shows of a line: the estimate's result
// after komi at every move, with its trend, the turning points, the move
// shown, the record's result, and curves to compare beside it. The app
// and 'moyo game --format png' draw it alike (Chart).
type Graph struct {
	// Moves is the last move of the line.
	Moves int
	// Komi is taken from the board scores to give results.
	Komi float64
	// Result is the record's result (RE); a count ("W+2.5") is drawn as
	// a level, other results are not.
	Result string
	// Scores are the estimate's board scores by move, NaN where not known
	// yet, and Label names the estimate in the key.
	Scores []float64
	Label  string
	// Turns are marked on the estimate's trend.
	Turns []Turn
	// Current is the move shown; −1 for none.
	Current int
	// Others are drawn beside the estimate, their values results after
	// komi already (Leads): another estimate, an engine's lead.
	Others []render.GameCurve
}

// Leads returns the results after komi of board scores: score − komi.
func Leads(scores []float64, komi float64) []float64 {
	out := make([]float64, len(scores))
	for i, s := range scores {
		out[i] = s - komi
	}
	return out
}

// Trended returns the curve of results leads with their trend (Trend),
// in style, labelled label. Moves not known yet (NaN) are left out of the
// trend, and where a neighbour is not known the trend is not either.
func Trended(leads []float64, style render.CurveStyle, label string) render.GameCurve {
	trend := Trend(leads) // NaN spreads to the neighbours of a NaN
	return render.GameCurve{Values: leads, Trend: trend, Style: style, Label: label}
}

// Chart returns the chart of g.
func (g Graph) Chart() render.GameChart {
	c := render.GameChart{Moves: g.Moves, Axis: render.AxisLead, Current: g.Current}
	c.Curves = append(c.Curves, Trended(Leads(g.Scores, g.Komi), render.CurveMain, g.Label))
	c.Curves = append(c.Curves, g.Others...)
	for _, t := range g.Turns {
		c.Turns = append(c.Turns, t.Move)
	}
	if r, err := ownership.ParseResult(g.Result); err == nil && !math.IsNaN(r) {
		c.Level = &render.GameLevel{Value: r, Label: "result " + render.LeadLabel(r)}
	}
	return c
}
