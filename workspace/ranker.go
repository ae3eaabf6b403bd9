package workspace

import (
	"context"
	"errors"
	"fmt"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/rank"
	"moyo/render"
)

// RankRequest asks for a ranking of every legal move of a position by an
// estimator (see rank.Rank).
type RankRequest struct {
	Est    estimators.Estimator
	Pos    *board.Position
	Params estimators.Params
	// Seq numbers requests in the order they were submitted; Submit sets it.
	Seq uint64
}

// RankOutcome is a completed ranking: the request, the moves best first,
// and how long it took.
type RankOutcome struct {
	RankRequest
	Moves   []rank.Move
	Err     error
	Elapsed time.Duration
}

// Marks letters the best moves A–Z and marks as many of the worst, as
// 'moyo rank' draws them (render.RankingMarks). With fewer than 52 moves
// the worst marked are those that have no letter.
func (x RankOutcome) Marks() []render.Mark {
	return render.RankingMarks(rank.Points(x.Moves))
}

// progressEvery is how often a ranking reports its progress at most: a
// progress bar moving twenty times a second looks smooth, and a report
// per move would flood the UI goroutine.
const progressEvery = 50 * time.Millisecond

// Ranker ranks moves off the UI goroutine, latest request wins, as Runner
// runs estimators: a new request, or Cancel, cancels the ranking in
// progress and replaces any request still waiting, so that a ranking that
// has been superseded is never delivered. One worker goroutine takes the
// requests; rank.Rank shares each one's moves among all cores.
//
// Completed rankings are handed to deliver, and progress reports to
// progress, through post, which in the app is fyne.Do; tests pass their
// own. Progress is reported when a ranking starts, at most every
// progressEvery while it runs, and when every move is done; the receiver
// tells the reports of a superseded ranking by their sequence number.
type Ranker struct {
	w        *latest
	deliver  func(RankOutcome)
	progress func(seq uint64, done, total int)
}

// NewRanker starts a ranker that passes completed rankings to deliver
// and progress reports to progress (nil for none), each by way of post.
func NewRanker(post func(func()), deliver func(RankOutcome), progress func(seq uint64, done, total int)) *Ranker {
	return &Ranker{w: newLatest(post), deliver: deliver, progress: progress}
}

// Submit queues req, cancelling the ranking in progress and dropping any
// request that has not started, and returns the sequence number given to
// req. It does not block.
func (r *Ranker) Submit(req RankRequest) uint64 {
	return r.w.submit(func(ctx context.Context, seq uint64) func() {
		req.Seq = seq
		out := RankOutcome{RankRequest: req}
		start := time.Now()
		out.Moves, out.Err = r.rank(ctx, &req)
		out.Elapsed = time.Since(start)
		if errors.Is(out.Err, context.Canceled) {
			return nil
		}
		return func() { r.deliver(out) }
	})
}

// Cancel cancels the ranking in progress and drops any waiting request:
// nothing submitted before it is delivered, apart from functions already
// handed to post.
func (r *Ranker) Cancel() { r.w.cancelAll() }

// Close cancels the ranking in progress, drops waiting requests and
// waits for the worker to stop. Nothing is delivered after Close returns,
// apart from functions already handed to post.
func (r *Ranker) Close() { r.w.close() }

// rank ranks the moves of req, reporting progress, and turns a panic into
// an error: a bad position or parameter must not take the app down.
func (r *Ranker) rank(ctx context.Context, req *RankRequest) (moves []rank.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: internal error: %v", req.Est.Info().Name, p)
		}
	}()
	var progress func(done, total int)
	if r.progress != nil {
		var last time.Time
		// rank.Rank never calls this twice at once, so last needs no lock.
		progress = func(done, total int) {
			if now := time.Now(); done == 0 || done == total || now.Sub(last) >= progressEvery {
				last = now
				if !r.w.stale(req.Seq) {
					r.w.post(func() { r.progress(req.Seq, done, total) })
				}
			}
		}
	}
	return rank.Rank(ctx, req.Est, req.Pos, req.Params, progress)
}
