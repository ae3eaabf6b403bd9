package estimators

import (
	"context"
	"errors"
	"fmt"
	"math"

	"moyo/board"
)

// FixedPoint says how far an estimate is from the fixed point of the
// equations that produced it. An iterative estimator stops by a rule,
// such as the seed's Σ(Δv)² < 1e-4 for symmetric, which measures the last
// step, not the distance left: where the iteration contracts slowly (λ
// near ½) the two differ by a factor of 1/(1 − rate). On a board with one
// Black stone at tengen symmetric stops after 31 sweeps at a board score
// of 8.02; the fixed point scores 10.42.
type FixedPoint struct {
	// Result is the estimate at the fixed point: the refining run's
	// values, trace and solver.
	Result Result
	// Found reports whether the refining run met its tight tolerance.
	// When it did not (a cycle the fast solver could not resolve either),
	// the deltas measure the distance to where it stopped, which is no
	// fixed point.
	Found bool
	// ScoreDelta is the fixed point's board score minus the estimate's.
	ScoreDelta float64
	// MaxDelta is the largest |v_fixed − v_estimate| over the points, at
	// MaxAt (flat index y·size + x).
	MaxDelta float64
	MaxAt    int
}

// The distances at which Far warns. Half a point of board score is the
// resolution results are read at: komi is a whole number and a half, so
// every result is, and a shift of half a point changes the result shown by
// that much, enough to turn B+0.5 into W+0; the seed quotes move values in
// points. A tenth of the value range in one point is a step the overlay
// shows (13 of the 256 grey levels from White's to Black's) and that
// changes a point's reading in the seed's corridors, where neighbouring
// points differ by ⅛ to ½.
const (
	FarScore = 0.5
	FarValue = 0.1
)

// Far reports whether the estimate is far enough from the fixed point for
// the convergence panel to warn that the stopping rule stopped early: the
// board score is FarScore or more away, or some value FarValue or more.
func (f FixedPoint) Far() bool {
	return math.Abs(f.ScoreDelta) >= FarScore || f.MaxDelta >= FarValue
}

// Describe writes the distance for the convergence panel: "fixed point:
// board score +2.40 (10.42), max |Δv| 0.011 at A1", the change from the
// estimate to the fixed point, or, when the refining run found none, what
// it reached.
func (f FixedPoint) Describe() string {
	size := f.Result.Size
	if size == 0 {
		return ""
	}
	at := board.Point{X: f.MaxAt % size, Y: f.MaxAt / size}.Label(size)
	if !f.Found {
		last := math.NaN()
		if n := len(f.Result.Trace); n > 0 {
			last = f.Result.Trace[n-1]
		}
		return fmt.Sprintf("no fixed point found: the %s solver stopped after %d sweeps at residual %.2g", f.Result.Solver, f.Result.Iterations, last)
	}
	return fmt.Sprintf("fixed point: board score %+.2f (%.2f), max |Δv| %.2g at %s", f.ScoreDelta, f.Result.BoardScore(), f.MaxDelta, at)
}

// ErrNotRefinable is returned by Refine for an estimate that is not the
// end of a fixed-point iteration: bp's Swendsen–Wang sampling, and its
// view of the difference from the exact marginals.
var ErrNotRefinable = errors.New("the estimate is not the end of a fixed-point iteration")

// Refiner is implemented by the iterative estimators, for Refine.
type Refiner interface {
	// RefineParams returns the parameters of a run that solves p's
	// equations to the fixed point fast and tightly; self when p's
	// estimate is exact already, such as the exact marginals of a random
	// field; ErrNotRefinable when it is no fixed point (sampling).
	RefineParams(p Params) (q Params, self bool, err error)
}

// RefineMaxIter caps a refining run. Anderson mixing needs 30–70 sweeps on
// real positions; the cap is for cycles it cannot resolve.
const RefineMaxIter = 20000

// Refine computes the fixed point nearest to res, an estimate of e on pos
// with parameters p, and how far res is from it. It runs the estimator's
// fast solver (Anderson mixing for symmetric and seds, Gauss–Seidel for
// bp) to a tolerance far below any the panel offers, starting from res's
// values where the estimator can (a WarmStarter), else from the cold
// start, which for bp's deterministic iteration is where res came from.
// Where the equations have several fixed points (seds), the one found is
// the one whose basin the start lies in.
//
// The convergence panel calls it after each run, in the background with
// a context it cancels when the next run starts, shows FixedPoint.Describe
// beside the stopping rule, and warns when Far reports true or Found false.
// It takes 0.2–0.6 ms on a 19×19 record position with symmetric or seds;
// an estimator that does not iterate is its own fixed point.
func Refine(ctx context.Context, e Estimator, pos *board.Position, p Params, res Result) (FixedPoint, error) {
	if pos == nil {
		return FixedPoint{}, fmt.Errorf("refine %s: nil position", e.Info().Name)
	}
	if len(res.Values) != pos.Len() {
		return FixedPoint{}, fmt.Errorf("refine %s: %d values for %d points", e.Info().Name, len(res.Values), pos.Len())
	}
	r, ok := e.(Refiner)
	if !e.Info().Iterative || !ok {
		return FixedPoint{Result: res, Found: true}, nil
	}
	q, self, err := r.RefineParams(e.Info().Complete(p))
	if err != nil {
		return FixedPoint{}, fmt.Errorf("refine %s: %w", e.Info().Name, err)
	}
	if self {
		return FixedPoint{Result: res, Found: true}, nil
	}
	var fix Result
	if w, ok := e.(WarmStarter); ok {
		fix, err = w.EstimateFrom(ctx, pos, q, res.Values, nil)
	} else {
		fix, err = e.Estimate(ctx, pos, q)
	}
	if err != nil {
		return FixedPoint{}, err
	}
	return distance(fix, res), nil
}

// distance compares the refined run fix with the estimate res.
func distance(fix, res Result) FixedPoint {
	f := FixedPoint{Result: fix, Found: fix.Converged, ScoreDelta: fix.BoardScore() - res.BoardScore()}
	for i, v := range fix.Values {
		if d := math.Abs(v - res.Values[i]); d > f.MaxDelta {
			f.MaxDelta, f.MaxAt = d, i
		}
	}
	return f
}

// RefineParams is Anderson mixing to a squared residual of 1e-22, a step of
// 1e-11, at which the values are within about 1e-9 of the fixed point
// even at λ = 0.49.
func (Symmetric) RefineParams(p Params) (Params, bool, error) {
	return p.WithText("solver", SolverAnderson.String()).WithNum("tol", 1e-22).WithNum("max-iter", RefineMaxIter), false, nil
}

// RefineParams is Anderson mixing, with the damping of p, which does not
// move the fixed points, to a largest change of 1e-11: near-singular fixed
// points (two chains in atari against each other) stall the sweeps at
// changes of a few 1e-13, the rounding of the products.
func (Seds) RefineParams(p Params) (Params, bool, error) {
	return p.WithText("solver", SolverAnderson.String()).WithNum("tol", 1e-11).WithNum("max-iter", RefineMaxIter), false, nil
}
