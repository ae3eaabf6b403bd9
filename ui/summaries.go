package ui

import "moyo/workspace"

// summaryChanges are the changes the closed sections' summaries show.
const summaryChanges = workspace.ChangeEstimator | workspace.ChangeParams | workspace.ChangeResult |
	workspace.ChangeRank | workspace.ChangeMode | workspace.ChangeFixedPoint

// summarise writes the lines the estimator's, the convergence's and the
// ranking's title bars show while they are closed.
func (u *App) summarise(workspace.Change) {
	s := u.ws.Summaries()
	u.sections.estimator.SetSummary(s.Estimator)
	u.sections.convergence.SetSummary(s.Convergence)
	u.sections.ranking.SetSummary(s.Ranking)
}
