package workspace

// The curves of the game graph (Graph): each computed by a job on a
// worker of its own, posted while it runs, and replaced by the next.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"moyo/game"
)

// curve is one curve of the graph, complete or under way.
type curve struct {
	// values holds the value after each number of moves, NaN where it is
	// not known yet.
	values []float64
	// entropy holds the cross-entropy against the final ownership by
	// move, NaN where not known; nil when not measured.
	entropy []float64
	// known counts the values known.
	known   int
	done    bool
	err     error
	elapsed time.Duration
	// phase names what the values are while a curve comes in passes
	// (KataGo's network, then its search); "" for one pass.
	phase string
}

// newCurve returns a curve of n unknown values, with entropies when
// measured.
func newCurve(n int, measured bool) curve {
	c := curve{values: nans(n)}
	if measured {
		c.entropy = nans(n)
	}
	return c
}

func nans(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = math.NaN()
	}
	return v
}

// clone returns a copy of c that shares nothing with it.
func (c curve) clone() curve {
	c.values = slices.Clone(c.values)
	c.entropy = slices.Clone(c.entropy)
	return c
}

// series is one curve of the graph with the worker that computes it: the
// key and the line of what it is of, and the job computing it.
type series struct {
	w      *latest
	notify func(Change)
	// ended, if not nil, is called when a job has ended and its curve is
	// shown: the graph then starts the newest job that waited for it.
	ended func()
	key   string       // what the curve shown is of; "" for none
	line  *game.Record // the line the curve shown is of
	want  uint64       // the job computing it, or 0
	// patient marks the job under way as short: a newer one waits for
	// it to end rather than cancel it, so that a slider dragged redraws
	// the graph as fast as it is computed.
	patient bool
	curve   curve
	// settled holds the values of the last complete curve of line.
	settled []float64
}

func newSeries(post func(func()), notify func(Change)) *series {
	return &series{w: newLatest(post), notify: notify}
}

// cancel cancels the job under way, keeping the curve shown.
func (s *series) cancel() {
	if s.want != 0 {
		s.w.cancelAll()
	}
	s.want = 0
}

// drop cancels the job under way and forgets the curve.
func (s *series) drop() {
	s.cancel()
	s.key, s.line, s.curve, s.settled = "", nil, curve{}, nil
}

// show shows c, a complete curve of key on rec's line, from the cache,
// cancelling any job.
func (s *series) show(key string, rec *game.Record, c curve) {
	s.cancel()
	s.key, s.line, s.curve, s.settled = key, rec, c, c.values
}

// running reports whether a job is under way.
func (s *series) running() bool { return s.want != 0 }

// curveJob is the work of computing a curve: it sets the value of move i,
// and its entropy when measured, by calling set, never from two
// goroutines at once; a curve of several passes names each by calling
// pass before it.
type curveJob func(ctx context.Context, set func(i int, v, entropy float64), pass func(name string)) error

// submit starts work on the curve of key of rec's line, cancelling any job
// under way; patient marks it as short (series.patient). Until its values
// come, the curve shows those of the curve shown before when that is of
// the same line, which the new ones replace as they come, else none. The
// curve so far is posted at most every graphPostEvery, and when done;
// done, if not nil, receives the complete curve on the caller's goroutine
// (to cache it).
func (s *series) submit(key string, rec *game.Record, measured, patient bool, work curveJob, done func(curve)) {
	s.cancel()
	n := rec.Moves() + 1
	base := newCurve(n, measured)
	if s.line == rec && len(s.curve.values) == n {
		copy(base.values, s.curve.values)
		if measured && len(s.curve.entropy) == n {
			copy(base.entropy, s.curve.entropy)
		}
	} else {
		s.settled = nil
	}
	s.key, s.line, s.patient, s.curve = key, rec, patient, base
	s.want = s.w.submit(func(ctx context.Context, seq uint64) func() {
		start := time.Now()
		var mu sync.Mutex
		c := base.clone()
		seen := make([]bool, n) // the moves set in this pass
		last := start
		set := func(i int, v, e float64) {
			mu.Lock()
			defer mu.Unlock()
			if !seen[i] {
				seen[i] = true
				c.known++
			}
			c.values[i] = v
			if c.entropy != nil {
				c.entropy[i] = e
			}
			if now := time.Now(); now.Sub(last) >= graphPostEvery && !s.w.stale(seq) {
				last = now
				snap := c.clone()
				snap.elapsed = now.Sub(start)
				s.w.post(func() { s.take(seq, snap, nil) })
			}
		}
		pass := func(name string) {
			mu.Lock()
			c.phase, c.known = name, 0
			clear(seen)
			mu.Unlock()
		}
		err := safeJob(ctx, work, set, pass)
		if errors.Is(err, context.Canceled) {
			return nil
		}
		mu.Lock()
		final := c.clone()
		mu.Unlock()
		final.done, final.err, final.elapsed = true, err, time.Since(start)
		if err != nil {
			// What the curve shows is of nothing, half of it of the
			// curve before.
			final.values, final.entropy = nans(n), nil
		}
		return func() { s.take(seq, final, done) }
	})
}

// safeJob runs work, turning a panic into an error: a bug must not take
// the app down.
func safeJob(ctx context.Context, work curveJob, set func(int, float64, float64), pass func(string)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return work(ctx, set, pass)
}

// take shows the curve c of job seq, unless another has been asked for
// since; a complete curve ends the job, goes to done, and lets the job
// that waited for it start (ended).
func (s *series) take(seq uint64, c curve, done func(curve)) {
	if seq != s.want {
		return
	}
	s.curve = c
	if c.done {
		s.want = 0
		if c.err == nil {
			s.settled = c.values
			if done != nil {
				done(c)
			}
		}
		if s.ended != nil {
			s.ended()
		}
	}
	s.notify(ChangeGraph)
}
