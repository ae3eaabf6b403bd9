package workspace

import (
	"context"
	"errors"
	"fmt"
	"time"

	"moyo/board"
	"moyo/estimators"
)

// Request asks for one run of an estimator on a position.
type Request struct {
	Est    estimators.Estimator
	Pos    *board.Position
	Params estimators.Params
	// Asked is when the user caused the request (a slider moved, a step
	// was taken): the start of the update latency the app shows.
	Asked time.Time
	// Seq numbers requests in the order they were submitted; Submit sets it.
	Seq uint64
}

// Outcome is a completed run: the request and what the estimator returned.
type Outcome struct {
	Request
	Result estimators.Result
	Err    error
}

// Runner runs estimators off the UI goroutine, latest request wins: a new
// request cancels the run in progress and replaces any request still
// waiting, so that dragging a slider never queues up stale work. One
// worker goroutine does every run, so runs never compete for the CPU and
// complete in the order they were submitted.
//
// Completed runs are handed to deliver through post, which in the app is
// fyne.Do, so that deliver runs on the UI goroutine; tests pass their own.
type Runner struct {
	w       *latest
	deliver func(Outcome)
}

// NewRunner starts a runner whose completed runs are passed to deliver
// by calling post(func() { deliver(outcome) }).
func NewRunner(post func(func()), deliver func(Outcome)) *Runner {
	return &Runner{w: newLatest(post), deliver: deliver}
}

// Submit queues req, cancelling the run in progress and dropping any
// request that has not started, and returns the sequence number given to
// req. It does not block.
func (r *Runner) Submit(req Request) uint64 {
	return r.w.submit(func(ctx context.Context, seq uint64) func() {
		req.Seq = seq
		out := Outcome{Request: req}
		out.Result, out.Err = run(ctx, &req)
		if errors.Is(out.Err, context.Canceled) {
			return nil
		}
		return func() { r.deliver(out) }
	})
}

// Close cancels the run in progress, drops waiting requests and waits for
// the worker to stop. Nothing is delivered after Close returns, apart from
// functions already handed to post.
func (r *Runner) Close() { r.w.close() }

// run calls the estimator, turning a panic into an error: a bad record or
// parameter must not take the app down.
func run(ctx context.Context, req *Request) (res estimators.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: internal error: %v", req.Est.Info().Name, p)
		}
	}()
	if req.Pos == nil {
		return estimators.Result{}, errors.New("no position")
	}
	return req.Est.Estimate(ctx, req.Pos, req.Params)
}
