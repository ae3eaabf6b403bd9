package estimators

import (
	"context"
	"fmt"
	"slices"
	"time"

	"moyo/board"
)

// A WarmStarter is an iterative estimator that can start its iteration
// from given control values rather than from the published starting state,
// and reuse its working memory from one run to the next. Ranking uses it:
// each candidate move starts from the fixed point of the position before
// the move, which the move changes only near where it is played, and one
// Scratch per worker serves all the candidates that worker solves.
//
// Where the estimator's equations have one fixed point the iteration
// reaches it, to the tolerance, from any start; where they have several
// (seds: Wolf 2010 §V.A), the start picks one, so a warm start may
// end elsewhere than the cold one.
type WarmStarter interface {
	Estimator
	// EstimateFrom is Estimate starting from the control values start,
	// one per point in flat index order as Result.Values holds them, each
	// in [−1, 1]; nil start is the cold start of Estimate. sc, if not nil,
	// is working memory to reuse; it must not be used by two runs at once.
	// The Result owns its Values and Trace.
	EstimateFrom(ctx context.Context, pos *board.Position, p Params, start []float64, sc *Scratch) (Result, error)
}

// Scratch is the working memory of the iterative estimators: the layout
// of a position, its chains, Benson's analysis and the solver's vectors.
// A run grows it as needed, and a Scratch reused for positions of the same
// size no longer allocates; the zero value is ready to use. It must not
// be used by two goroutines at once.
type Scratch struct {
	fb     flatBoard
	chains board.Chains
	life   board.Life
	owners []board.Color
	sym    symSweep
	seds   sedsSystem
	start  []float64
	solve  solveScratch

	// The parameters last checked, by whom, and what they completed to:
	// a ranking runs one estimator with one Params on every candidate,
	// and checks them once.
	checkedBy  Estimator
	checkedIn  Params
	checkedOut Params
}

// prepare is Prepare, with the check of p remembered for the
// next run with the same estimator and parameters.
func (sc *Scratch) prepare(ctx context.Context, e Estimator, pos *board.Position, p Params) (Params, error) {
	if sc.checkedBy != e || !sc.checkedIn.Equal(p) {
		q, err := Prepare(ctx, e, pos, p)
		if err != nil {
			return q, err
		}
		sc.checkedBy, sc.checkedIn, sc.checkedOut = e, p, q
		return q, nil
	}
	if pos == nil {
		return p, fmt.Errorf("%s: nil position", e.Info().Name)
	}
	return sc.checkedOut, ctx.Err()
}

// startBuf returns the scratch's buffer for a starting state of n entries.
func (sc *Scratch) startBuf(n int) []float64 {
	if cap(sc.start) < n {
		sc.start = make([]float64, n)
	}
	sc.start = sc.start[:n]
	return sc.start
}

// checkStart reports a starting state that does not fit pos: one value per
// point, each in [−1, 1].
func checkStart(pos *board.Position, start []float64) error {
	if start == nil {
		return nil
	}
	if len(start) != pos.Len() {
		return fmt.Errorf("%d starting values for %d points", len(start), pos.Len())
	}
	for i, v := range start {
		if !(v >= -1 && v <= 1) {
			return fmt.Errorf("starting value %v at %s is outside [−1, 1]", v, pos.PointOf(i).Label(pos.Size()))
		}
	}
	return nil
}

// iterativeResult is the Result of a solver's run on pos that started at
// t0: the control values of its final state and, when it stopped at the
// cap, the cycle it may have fallen into.
func iterativeResult(pos *board.Position, sys System, out solveOutcome, t0 time.Time) Result {
	values := make([]float64, pos.Len())
	sys.Values(out.final, values)
	res := Result{
		Size:       pos.Size(),
		Values:     values,
		Trace:      out.trace,
		Iterations: len(out.trace),
		Converged:  out.converged,
		Solver:     out.solver.String(),
		Fallback:   out.fallback,
	}
	if !out.converged && stagnant(out.trace) {
		res.Cycle = findCycle(sys, out.final, out.solver != SolverJacobi, pos.Len())
	}
	res.Elapsed = time.Since(t0)
	return res
}

// fill lays out pos in fb, reusing its arrays when they are large enough.
func (fb *flatBoard) fill(pos *board.Position) {
	n := pos.Len()
	if cap(fb.cell) < n {
		fb.cell = make([]board.Color, n)
		fb.deg = make([]uint8, n)
		fb.nbr = make([]int32, 4*n)
	}
	fb.cell, fb.deg, fb.nbr = fb.cell[:n], fb.deg[:n], fb.nbr[:4*n]
	for i := range n {
		fb.cell[i] = pos.Cell(i)
		nb := pos.Neighbors(i)
		fb.deg[i] = uint8(len(nb))
		for k := range 4 {
			fb.nbr[4*i+k] = 0
			if k < len(nb) {
				fb.nbr[4*i+k] = int32(nb[k])
			}
		}
	}
}

// stagnant reports whether a trace has stopped falling: the smallest of its
// last ten residuals is more than half the smallest of the ten before.
// Only such a run is worth the sweeps of looking for a cycle; a run that
// the cap stopped while it still converged steadily is not, and neither
// is one of fewer than twenty sweeps, too short for a cycle to settle.
func stagnant(trace []float64) bool {
	n := len(trace)
	if n < 20 {
		return false
	}
	return slices.Min(trace[n-10:]) > 0.5*slices.Min(trace[n-20:n-10])
}
