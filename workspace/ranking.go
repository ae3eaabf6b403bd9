package workspace

import (
	"runtime"
	"time"
)

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

	// For the time left (Left): the clock, the run ranked after's time,
	// which each move takes again, the workers sharing the moves, and
	// when want began its moves (zero before).
	now     func() time.Time
	perMove time.Duration
	workers int
	movesAt time.Time
}

// newRanking returns the ranking of the moves after runs, off, timed by
// now.
func newRanking(post func(func()), runs *Runs, notify func(Change), now func() time.Time) *Ranking {
	// rank.Rank shares the moves among GOMAXPROCS workers.
	r := &Ranking{runs: runs, notify: notify, now: now, workers: runtime.GOMAXPROCS(0)}
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
	r.perMove, r.movesAt = o.Result.Elapsed, time.Time{}
}

// Left estimates the time the ranking under way needs to end: from the
// pace of the moves tried so far, or, before the first is done, from the
// time of the run ranked after, which every move takes again, shared
// among the workers. ok is false when no ranking is under way, or there
// is nothing to go by.
func (r *Ranking) Left() (left time.Duration, ok bool) {
	done, total, running := r.Progress()
	switch {
	case !running || total == 0:
		return 0, false
	case done > 0 && !r.movesAt.IsZero():
		pace := float64(r.now().Sub(r.movesAt)) / float64(done)
		return time.Duration(pace * float64(total-done)), true
	case r.perMove > 0:
		rounds := (total + r.workers - 1) / max(r.workers, 1)
		return r.perMove * time.Duration(rounds), true
	}
	return 0, false
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
	if done == 0 {
		r.movesAt = r.now() // the moves begin: the position's own estimate is done
	}
	r.done, r.total = done, total
	r.notify(ChangeRank)
}
