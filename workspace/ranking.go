package workspace

// Ranking is the ranking of moves: with ranking on, every run shown is
// followed by a ranking of the moves of its position with its estimator
// and parameters, on the Ranker's worker. Anything that asks for a new run
// (a step, a slider, another estimator, an edit, a lesson) cancels the
// ranking and clears the one shown, so that the marks on the board are
// always those of the position and the settings shown.
type Ranking struct {
	ranker      *Ranker
	runs        *Runs        // the runs ranked after
	notify      func(Change) // the workspace's
	on          bool
	want        uint64       // Seq of the latest ranking asked for; 0 for none
	shown       *RankOutcome // the ranking of want, once delivered
	done, total int          // progress of want
}

// newRanking returns the ranking of the moves after runs, off.
func newRanking(post func(func()), runs *Runs, notify func(Change)) *Ranking {
	r := &Ranking{runs: runs, notify: notify}
	r.ranker = NewRanker(post, r.deliver, r.progressed)
	return r
}

// On reports whether moves are ranked.
func (r *Ranking) On() bool { return r.on }

// SetOn turns the ranking of moves on or off. Turning it on ranks the
// position of the run shown, if it is of the position shown, or else waits
// for the run under way; turning it off cancels any ranking.
func (r *Ranking) SetOn(on bool) {
	if on == r.on {
		return
	}
	r.on = on
	r.drop()
	if o, ok := r.runs.Shown(); on && ok && !r.runs.Running() {
		r.start(o)
	}
	r.notify(ChangeRank)
}

// Toggle turns the ranking of moves on or off: key R.
func (r *Ranking) Toggle() { r.SetOn(!r.on) }

// Shown returns the ranking of the position shown, with the estimator and
// parameters of the run shown; ok is false while ranking is off or under
// way.
func (r *Ranking) Shown() (x RankOutcome, ok bool) {
	if r.shown == nil {
		return RankOutcome{}, false
	}
	return *r.shown, true
}

// Progress returns how many moves of the ranking under way have been
// tried, out of how many (0 of 0 before its first report); running is
// false when no ranking is under way.
func (r *Ranking) Progress() (done, total int, running bool) {
	if r.want == 0 || r.shown != nil {
		return 0, 0, false
	}
	return r.done, r.total, true
}

// start asks for a ranking of the run o's position, estimator and
// parameters, unless the run failed.
func (r *Ranking) start(o Outcome) {
	if o.Err != nil || o.Pos == nil {
		return
	}
	r.want = r.ranker.Submit(RankRequest{Est: o.Est, Pos: o.Pos, Params: o.Params})
	r.shown = nil
	r.done, r.total = 0, 0
}

// drop cancels the ranking under way and clears the one shown.
func (r *Ranking) drop() {
	if r.want != 0 {
		r.ranker.Cancel()
	}
	r.want = 0
	r.shown = nil
	r.done, r.total = 0, 0
}

// deliver shows a completed ranking unless another was asked for since,
// or ranking was turned off.
func (r *Ranking) deliver(x RankOutcome) {
	if !r.on || x.Seq != r.want {
		return
	}
	r.shown = &x
	r.notify(ChangeRank)
}

// progressed records the progress of ranking seq, if it is the one under
// way.
func (r *Ranking) progressed(seq uint64, done, total int) {
	if !r.on || seq != r.want || r.shown != nil {
		return
	}
	r.done, r.total = done, total
	r.notify(ChangeRank)
}
