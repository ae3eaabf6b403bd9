package ui

// The ranking of moves: with ranking on, every run shown is followed by a
// ranking of the moves of its position with its estimator and parameters,
// on the Ranker's worker. Anything that asks for a new run (a step, a
// slider, another estimator, an edit, a lesson) cancels the ranking and
// clears the one shown, so that the marks on the board are always those of
// the position and the settings shown.

// rankState is the ranking side of a Model.
type rankState struct {
	ranker      *Ranker
	on          bool
	want        uint64   // Seq of the latest ranking asked for; 0 for none
	shown       *Ranking // the ranking of want, once delivered
	done, total int      // progress of want
}

// RankingOn reports whether moves are ranked.
func (m *Model) RankingOn() bool { return m.rank.on }

// SetRanking turns the ranking of moves on or off. Turning it on ranks the
// position of the run shown, if it is of the position shown, or else waits
// for the run under way; turning it off cancels any ranking.
func (m *Model) SetRanking(on bool) {
	if on == m.rank.on {
		return
	}
	m.rank.on = on
	m.dropRanking()
	if on && m.shown != nil && !m.Running() {
		m.startRanking(*m.shown)
	}
	m.notify(ChangeRank)
}

// ToggleRanking turns the ranking of moves on or off: key R.
func (m *Model) ToggleRanking() { m.SetRanking(!m.rank.on) }

// Ranked returns the ranking of the position shown, with the estimator
// and parameters of the run shown; ok is false while ranking is off or
// under way.
func (m *Model) Ranked() (r Ranking, ok bool) {
	if m.rank.shown == nil {
		return Ranking{}, false
	}
	return *m.rank.shown, true
}

// RankProgress returns how many moves of the ranking under way have been
// tried, out of how many (0 of 0 before its first report); running is
// false when no ranking is under way.
func (m *Model) RankProgress() (done, total int, running bool) {
	if m.rank.want == 0 || m.rank.shown != nil {
		return 0, 0, false
	}
	return m.rank.done, m.rank.total, true
}

// startRanking asks for a ranking of the run o's position, estimator and
// parameters, unless the run failed.
func (m *Model) startRanking(o Outcome) {
	if o.Err != nil || o.Pos == nil {
		return
	}
	m.rank.want = m.rank.ranker.Submit(RankRequest{Est: o.Est, Pos: o.Pos, Params: o.Params})
	m.rank.shown = nil
	m.rank.done, m.rank.total = 0, 0
}

// dropRanking cancels the ranking under way and clears the one shown.
func (m *Model) dropRanking() {
	if m.rank.want != 0 {
		m.rank.ranker.Cancel()
	}
	m.rank.want = 0
	m.rank.shown = nil
	m.rank.done, m.rank.total = 0, 0
}

// deliverRanking shows a completed ranking unless another was asked for
// since, or ranking was turned off.
func (m *Model) deliverRanking(r Ranking) {
	if !m.rank.on || r.Seq != m.rank.want {
		return
	}
	m.rank.shown = &r
	m.notify(ChangeRank)
}

// rankProgressed records the progress of ranking seq, if it is the one
// under way.
func (m *Model) rankProgressed(seq uint64, done, total int) {
	if !m.rank.on || seq != m.rank.want || m.rank.shown != nil {
		return
	}
	m.rank.done, m.rank.total = done, total
	m.notify(ChangeRank)
}
