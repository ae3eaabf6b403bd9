package workspace

import (
	"context"
	"sync"
)

// latest runs jobs on one worker goroutine, latest request wins: a new job
// cancels the one in progress and replaces any job still waiting, so that
// dragging a slider never queues up stale work, and what a superseded job
// produces is never delivered. Runner and Ranker are built on it.
type latest struct {
	post func(func())

	mu     sync.Mutex
	seq    uint64
	next   *job               // waiting to start
	cancel context.CancelFunc // cancels the job in progress
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

// job is one unit of work with the sequence number submit gave it. It
// returns the function to hand to post with its outcome, or nil when
// there is nothing to deliver.
type job struct {
	seq uint64
	run func(ctx context.Context, seq uint64) func()
}

func newLatest(post func(func())) *latest {
	l := &latest{post: post, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go l.loop()
	return l
}

// submit queues run, cancelling the job in progress and dropping any job
// that has not started, and returns the sequence number given to it. It
// does not block.
func (l *latest) submit(run func(ctx context.Context, seq uint64) func()) uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	if l.closed {
		return l.seq
	}
	l.next = &job{seq: l.seq, run: run}
	if l.cancel != nil {
		l.cancel()
	}
	select {
	case l.wake <- struct{}{}:
	default: // the worker is already due to look at l.next
	}
	return l.seq
}

// cancelAll cancels the job in progress and drops any waiting job:
// nothing submitted before it is delivered, apart from functions already
// handed to post.
func (l *latest) cancelAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++ // makes every job so far stale
	l.next = nil
	if l.cancel != nil {
		l.cancel()
	}
}

// close cancels the job in progress, drops waiting jobs and waits for the
// worker to stop. Nothing is delivered after close returns, apart from
// functions already handed to post.
func (l *latest) close() {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	l.next = nil
	if l.cancel != nil {
		l.cancel()
	}
	close(l.wake)
	l.mu.Unlock()
	<-l.done
}

// stale reports whether a newer job, a cancelAll or a close came after
// job seq.
func (l *latest) stale(seq uint64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq != seq || l.closed
}

func (l *latest) loop() {
	defer close(l.done)
	for range l.wake {
		for {
			l.mu.Lock()
			j := l.next
			l.next = nil
			if j == nil || l.closed {
				l.mu.Unlock()
				break
			}
			ctx, cancel := context.WithCancel(context.Background())
			l.cancel = cancel
			l.mu.Unlock()

			deliver := j.run(ctx, j.seq)
			cancel()

			l.mu.Lock()
			l.cancel = nil
			l.mu.Unlock()
			// A newer job makes this outcome stale even when it finished
			// before it could be cancelled.
			if deliver == nil || l.stale(j.seq) {
				continue
			}
			l.post(deliver)
		}
	}
}
