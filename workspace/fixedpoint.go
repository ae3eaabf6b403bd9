package workspace

import (
	"context"
	"errors"
	"fmt"

	"moyo/estimators"
)

// FixedPointCheck is the search for the fixed point of the run shown. An
// iterative estimator stops by a rule that measures its last step, not
// the distance left, so after every run shown estimators.Refine solves the
// same equations to the fixed point with the estimator's fast solver, on a
// worker of its own, and the convergence panel says how far the estimate
// shown is from it. Anything that asks for a new run cancels the search
// and drops what it found, so what is shown is always of the run shown.
type FixedPointCheck struct {
	w      *latest
	notify func(Change) // the workspace's
	want   uint64       // sequence number of the search asked for; 0 for none
	shown  *FixedPointOutcome
}

// FixedPointOutcome is a completed search for the fixed point of a run.
type FixedPointOutcome struct {
	// Run is the Seq of the run refined.
	Run uint64
	// Point is what Refine found: the fixed point and the distance to it.
	Point estimators.FixedPoint
	// Err is Refine's error; estimators.ErrNotRefinable for an estimate
	// that is no fixed point (bp's sampling), which has nothing to show.
	Err error
	seq uint64
}

// newFixedPoint returns the search, idle; post and notify are the
// workspace's.
func newFixedPoint(post func(func()), notify func(Change)) *FixedPointCheck {
	return &FixedPointCheck{w: newLatest(post), notify: notify}
}

// start asks for the fixed point of the run o, unless it failed or its
// estimator does not iterate: an estimate computed directly is its own
// fixed point.
func (f *FixedPointCheck) start(o Outcome) {
	f.drop()
	if o.Err != nil || o.Pos == nil || !o.Est.Info().Iterative {
		return
	}
	f.want = f.w.submit(func(ctx context.Context, seq uint64) func() {
		out := FixedPointOutcome{Run: o.Seq, seq: seq}
		out.Point, out.Err = refine(ctx, o)
		if errors.Is(out.Err, context.Canceled) {
			return nil
		}
		return func() { f.deliver(out) }
	})
}

// refine calls estimators.Refine, turning a panic into an error as run
// does.
func refine(ctx context.Context, o Outcome) (fp estimators.FixedPoint, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: internal error: %v", o.Est.Info().Name, p)
		}
	}()
	return estimators.Refine(ctx, o.Est, o.Pos, o.Params, o.Result)
}

// drop cancels the search under way and forgets what was found.
func (f *FixedPointCheck) drop() {
	if f.want != 0 {
		f.w.cancelAll()
	}
	f.want, f.shown = 0, nil
}

// deliver shows a completed search unless another was asked for since.
func (f *FixedPointCheck) deliver(out FixedPointOutcome) {
	if out.seq != f.want {
		return
	}
	f.shown = &out
	f.notify(ChangeFixedPoint)
}

// close stops the worker.
func (f *FixedPointCheck) close() { f.w.close() }

// Shown returns the fixed point of the run shown, once found; ok is false
// while it is being searched for and when there is no search.
func (f *FixedPointCheck) Shown() (out FixedPointOutcome, ok bool) {
	if f.shown == nil {
		return FixedPointOutcome{}, false
	}
	return *f.shown, true
}

// Running reports whether a search is under way.
func (f *FixedPointCheck) Running() bool { return f.want != 0 && f.shown == nil }

// Line says in a line of the convergence panel how far the run shown is
// from its fixed point, as estimators.FixedPoint.Line words it for the
// command line too: "fixed point: board +10.42, 2.40 more for Black than
// shown; largest change 0.011 at T19 — stopped far from it, converging
// slowly: tighten the tolerance, or use the anderson solver", with warn
// true when it stopped far from it or no fixed point was found. It is ""
// when there is nothing to say: no search (an estimator that does not
// iterate, a failed run) or an estimate that is no fixed point.
func (f *FixedPointCheck) Line() (text string, warn bool) {
	switch out, ok := f.Shown(); {
	case f.Running():
		return "fixed point: computing…", false
	case !ok:
		return "", false
	case errors.Is(out.Err, estimators.ErrNotRefinable):
		return "", false
	case out.Err != nil:
		return "fixed point: " + out.Err.Error(), true
	default:
		return out.Point.Line()
	}
}

// CycleLine names the oscillation the run shown fell into and says what
// resolves it (estimators.Advice), for the convergence panel: "two-cycle,
// amplitude 0.0049 at A13: the anderson solver resolves it; damping ≥ 0.3
// breaks it, slowly (raise max iterations)". It is "" when the run stopped
// for another reason. On move 260 of Master v Park Jung-hwan seds's plain
// sweep cycles to its cap, Anderson mixing converges in 22 sweeps, and
// damping from 0.1 to 0.7 breaks the cycle but takes 1,000 to 3,000
// sweeps.
func (ws *Workspace) CycleLine() string {
	o, ok := ws.runs.Shown()
	if !ok || o.Err != nil || o.Result.Cycle == nil {
		return ""
	}
	s := o.Result.Cycle.Describe(o.Result.Size)
	if advice := estimators.Advice(o.Est.Info(), o.Params, o.Result); advice != "" {
		s += ": " + advice
	}
	return s
}

// FallbackLine says why the solver chosen gave way to another in the run
// shown, and which finished it: "anderson stalled at sweep 40 (no
// progress since sweep 15); gauss-seidel went on"; "" when none did.
func (ws *Workspace) FallbackLine() string {
	o, ok := ws.runs.Shown()
	if !ok || o.Err != nil || o.Result.Fallback == "" {
		return ""
	}
	return o.Result.Fallback + "; " + o.Result.Solver + " went on"
}
