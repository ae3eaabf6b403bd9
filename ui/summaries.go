package ui

import (
	"fmt"

	"moyo/estimators"
	"moyo/render"
	"moyo/workspace"
)

// summaryChanges are the changes the closed sections' summaries show.
const summaryChanges = workspace.ChangeEstimator | workspace.ChangeParams | workspace.ChangeResult |
	workspace.ChangeRank | workspace.ChangeMode | workspace.ChangeFixedPoint

// summarise writes the lines the estimator's, the convergence's and the
// ranking's title bars show while they are closed.
func (u *App) summarise(workspace.Change) {
	s := u.ws.Settings()
	est := s.Estimator().Info().Name
	switch {
	case s.Preset() != "":
		est += " · " + s.Preset()
	case s.Params().Equal(s.Estimator().Info().Defaults()):
		est += " · " + workspace.DefaultsPreset
	default:
		est += " · custom"
	}
	u.sections.estimator.SetSummary(est)

	conv := ""
	if o, ok := u.ws.Runs().Shown(); ok && o.Err == nil {
		bs := o.Result.BoardScore()
		conv = estimators.FormatResult(bs, u.ws.Komi())
		if o.Est.Info().Iterative {
			conv += " · " + plural(o.Result.Iterations, "iteration")
		}
		// A score far from the fixed point is never shown unannounced.
		if _, warn := u.ws.FixedPoint().Line(); warn {
			conv += " · far from the fixed point"
		}
	}
	if u.ws.Runs().Running() {
		conv = "running… " + conv
	}
	u.sections.convergence.SetSummary(conv)

	rk := ""
	if r, ok := u.ws.Ranking().Shown(); ok && r.Err == nil && len(r.Moves) > 0 {
		mv := r.Moves[0]
		rk = fmt.Sprintf("%c %s %s", render.RankingLetters[0], mv.Label, minus(fmt.Sprintf("%+.2f", mv.Gain)))
	}
	u.sections.ranking.SetSummary(rk)
}
