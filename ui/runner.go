package ui

import (
	"context"
	"errors"
	"fmt"
	"sync"
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
	post    func(func())
	deliver func(Outcome)

	mu     sync.Mutex
	seq    uint64
	next   *Request           // waiting to start
	cancel context.CancelFunc // cancels the run in progress
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

// NewRunner starts a runner whose completed runs are passed to deliver
// by calling post(func() { deliver(outcome) }).
func NewRunner(post func(func()), deliver func(Outcome)) *Runner {
	r := &Runner{
		post:    post,
		deliver: deliver,
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	go r.loop()
	return r
}

// Submit queues req, cancelling the run in progress and dropping any
// request that has not started, and returns the sequence number given to
// req. It does not block.
func (r *Runner) Submit(req Request) uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	req.Seq = r.seq
	if r.closed {
		return req.Seq
	}
	r.next = &req
	if r.cancel != nil {
		r.cancel()
	}
	select {
	case r.wake <- struct{}{}:
	default: // the worker is already due to look at r.next
	}
	return req.Seq
}

// Close cancels the run in progress, drops waiting requests and waits for
// the worker to stop. Nothing is delivered after Close returns, apart from
// functions already handed to post.
func (r *Runner) Close() {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return
	}
	r.closed = true
	r.next = nil
	if r.cancel != nil {
		r.cancel()
	}
	close(r.wake)
	r.mu.Unlock()
	<-r.done
}

func (r *Runner) loop() {
	defer close(r.done)
	for range r.wake {
		for {
			r.mu.Lock()
			req := r.next
			r.next = nil
			if req == nil || r.closed {
				r.mu.Unlock()
				break
			}
			ctx, cancel := context.WithCancel(context.Background())
			r.cancel = cancel
			r.mu.Unlock()

			out := Outcome{Request: *req}
			out.Result, out.Err = run(ctx, req)
			cancel()

			r.mu.Lock()
			r.cancel = nil
			// A newer request makes this outcome stale even when it
			// finished before it could be cancelled.
			superseded := r.seq != req.Seq || r.closed
			r.mu.Unlock()
			if superseded || errors.Is(out.Err, context.Canceled) {
				continue
			}
			r.post(func() { r.deliver(out) })
		}
	}
}

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
