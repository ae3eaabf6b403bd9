package estimators

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"moyo/board"
)

// FixedPoint says how far an estimate is from the fixed point of the
// equations that produced it. An iterative estimator stops by a rule,
// such as the published Σ(Δv)² < 1e-4 for symmetric, which measures the
// last step, not the distance left: where the iteration contracts slowly
// (λ near ½) the two differ by a factor of 1/(1 − rate). On a board with
// one Black stone at tengen symmetric at that rule stops after 31 sweeps
// at a board score of 8.02; the fixed point scores 10.42.
type FixedPoint struct {
	// Result is the estimate at the fixed point: the refining run's
	// values, trace and solver; the estimate itself when Exact.
	Result Result
	// Exact reports that the estimate is computed directly, with nothing
	// to stop early: an estimator that does not iterate, or the exact
	// marginals of a random field. It is its own fixed point.
	Exact bool
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
	// Cause says why the run stopped where it did, in words Line puts
	// after "stopped far from it": "in a cycle", "at the cap while still
	// converging", "converging slowly"; Advice what the estimator offers
	// against it (Advice). Both are "" for an exact estimate.
	Cause, Advice string
}

// The distances at which Far warns. Half a point of board score is the
// resolution results are read at: komi is a whole number and a half, so
// every result is, and a shift of half a point changes the result shown by
// that much, enough to turn B+0.5 into W+0; the papers quote move values
// in points. A tenth of the value range in one point is a step the overlay
// shows (13 of the 256 grey levels from White's to Black's) and that
// changes a point's reading in a corridor, where neighbouring points differ
// by ⅛ to ½.
const (
	FarScore = 0.5
	FarValue = 0.1
)

// Far reports whether the estimate is far enough from the fixed point for
// the convergence panel to warn that the stopping rule stopped early: the
// board score is FarScore or more away, or some value FarValue or more.
func (f FixedPoint) Far() bool {
	return !f.Exact && (math.Abs(f.ScoreDelta) >= FarScore || f.MaxDelta >= FarValue)
}

// Line says in one line, for the convergence panel and the command line
// alike, how far the estimate is from its fixed point, and warn reports
// whether that is worth a warning: a fixed point far from the estimate
// (Far), which the line says with the cause and what helps, or none found.
//
//	fixed point: board +10.42, 2.40 more for Black than shown; largest change 0.011 at K10 — stopped far from it, converging slowly: tighten the tolerance or use the anderson solver
//	fixed point: board -32.79, as shown; largest change 3e-06 at D4
//	no fixed point found: the gauss-seidel solver stopped after 20000 sweeps at residual 3e-05
//	exact: nothing iterates, so nothing stopped early
//
// The board is the fixed point's board score, the sum of its values
// before komi; the change is from the estimate shown to the fixed point.
func (f FixedPoint) Line() (text string, warn bool) {
	size := f.Result.Size
	switch {
	case f.Exact:
		return "exact: nothing iterates, so nothing stopped early", false
	case size == 0:
		return "", false
	case !f.Found:
		last := math.NaN()
		if n := len(f.Result.Trace); n > 0 {
			last = f.Result.Trace[n-1]
		}
		return fmt.Sprintf("no fixed point found: the %s solver stopped after %d sweeps at residual %.2g", f.Result.Solver, f.Result.Iterations, last), true
	}
	at := board.Point{X: f.MaxAt % size, Y: f.MaxAt / size}.Label(size)
	text = fmt.Sprintf("fixed point: board %+.2f, %s; largest change %.2g at %s", f.Result.BoardScore(), shift(f.ScoreDelta), f.MaxDelta, at)
	if !f.Far() {
		return text, false
	}
	text += " — stopped far from it"
	if f.Cause != "" {
		text += ", " + f.Cause
	}
	if f.Advice != "" {
		text += ": " + f.Advice
	}
	return text, true
}

// shift says which side the fixed point favours more than the estimate,
// by d points of board score: "2.40 more for Black than shown".
func shift(d float64) string {
	switch r := math.Round(d*100) / 100; {
	case r > 0:
		return fmt.Sprintf("%.2f more for Black than shown", r)
	case r < 0:
		return fmt.Sprintf("%.2f more for White than shown", -r)
	}
	return "as shown"
}

// Advice says what an estimator offers to bring a run that ended as res,
// with parameters p, to its fixed point, for the way it ended: a cycle
// (res.Cycle) yields to Anderson mixing or to damping; a run the cap
// stopped while it still converged needs more iterations; one whose
// stopping rule was met while it converged slowly, a tighter tolerance.
// Anderson mixing, which needs the fewest sweeps, is named wherever the
// estimator offers it and p does not use it. It is "" when the estimator
// offers nothing that helps. The convergence panel and the command line
// show it beside the cycle a run fell into, and in FixedPoint.Line.
func Advice(in Info, p Params, res Result) string {
	anderson := ""
	if offers(in, p, "solver", SolverAnderson.String()) {
		anderson = "the anderson solver"
	}
	switch {
	case res.Cycle != nil:
		var fixes []string
		if anderson != "" {
			fixes = append(fixes, anderson+" resolves it")
		}
		if spec, ok := in.Spec("damping"); ok && in.Reads("damping", p) {
			switch d := p.Num("damping"); {
			case d < cycleDamping && spec.Max >= cycleDamping:
				fixes = append(fixes, fmt.Sprintf("damping ≥ %g breaks it, slowly (raise max iterations)", cycleDamping))
			case d < spec.Max:
				fixes = append(fixes, "more damping breaks it, slowly (raise max iterations)")
			}
		}
		return strings.Join(fixes, "; ")
	case !res.Converged:
		if !in.Reads("max-iter", p) {
			return ""
		}
		if anderson != "" {
			return "raise max iterations, or use " + anderson
		}
		return "raise max iterations"
	}
	if !in.Reads("tol", p) {
		return ""
	}
	if anderson != "" {
		return "tighten the tolerance, or use " + anderson
	}
	return "tighten the tolerance"
}

// cycleDamping is the damping from which seds's damped sweep settles where
// the plain one cycles: 97.8% of the middle-game positions of the AI
// collection whose plain sweeps fail converge with 0.3.
const cycleDamping = 0.3

// offers reports whether the estimator reads parameter name under p and
// offers the choice value for it, which p does not hold.
func offers(in Info, p Params, name, value string) bool {
	spec, ok := in.Spec(name)
	return ok && in.Reads(name, p) && p.Text(name) != value && slices.Contains(spec.Choices, value)
}

// cause names why a run that ended as res stopped short of its fixed
// point, for FixedPoint.Cause.
func cause(res Result) string {
	switch {
	case res.Cycle != nil:
		return "in a cycle"
	case !res.Converged:
		return "at the cap while still converging"
	}
	return "converging slowly"
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
// a context it cancels when the next run starts, and shows FixedPoint.Line
// beside the stopping rule; the command line prints the same line. It
// takes 0.2–0.6 ms on a 19×19 record position with symmetric or seds. An
// estimator that does not iterate, and an exact inference, are their own
// fixed point (Exact); an iterative estimator that is no Refiner, and an
// estimate that is no fixed point (sampling), give ErrNotRefinable.
func Refine(ctx context.Context, e Estimator, pos *board.Position, p Params, res Result) (FixedPoint, error) {
	if pos == nil {
		return FixedPoint{}, fmt.Errorf("refine %s: nil position", e.Info().Name)
	}
	if len(res.Values) != pos.Len() {
		return FixedPoint{}, fmt.Errorf("refine %s: %d values for %d points", e.Info().Name, len(res.Values), pos.Len())
	}
	if !e.Info().Iterative {
		return FixedPoint{Result: res, Exact: true, Found: true}, nil
	}
	r, ok := e.(Refiner)
	if !ok {
		return FixedPoint{}, fmt.Errorf("refine %s: it offers no fixed-point check: %w", e.Info().Name, ErrNotRefinable)
	}
	p = e.Info().Complete(p)
	q, self, err := r.RefineParams(p)
	if err != nil {
		return FixedPoint{}, fmt.Errorf("refine %s: %w", e.Info().Name, err)
	}
	if self {
		return FixedPoint{Result: res, Exact: true, Found: true}, nil
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
	f := distance(fix, res)
	f.Cause, f.Advice = cause(res), Advice(e.Info(), p, res)
	return f, nil
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
