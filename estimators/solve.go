package estimators

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"moyo/board"
)

// Solver is how an iterative estimator solves its equations. They all have
// the form x = F(x): one sweep of the paper's update maps a state x to F(x),
// and the estimate is a fixed point. The solvers differ in the states they
// visit on the way, not in the equations, so where they converge they
// converge to a fixed point of the same F; where F has several (seds, seed
// 001 §V.A) they may reach different ones.
type Solver uint8

// The solvers.
const (
	// SolverJacobi is the papers' sweep and the reference: every unit is
	// updated from the previous state, x ← F(x).
	SolverJacobi Solver = iota
	// SolverGaussSeidel updates the units in place, in a fixed order, so
	// that each reads the values already updated in the same sweep.
	// symmetric orders the empty points red-black (like the squares of a
	// chessboard), so that each half reads the other's new values.
	SolverGaussSeidel
	// SolverAnderson is Anderson acceleration (type II, Walker and Ni
	// 2011) of the Gauss–Seidel sweep: each new state mixes the last
	// andersonMemory sweeps with the weights that best cancel their
	// residuals in the least-squares sense. It falls back to plain
	// Gauss–Seidel sweeps, and says so, when the mixing stops making
	// progress.
	SolverAnderson
	solverCount
)

// String returns "jacobi", "gauss-seidel" or "anderson", the solver's name
// on the command line.
func (s Solver) String() string {
	switch s {
	case SolverJacobi:
		return "jacobi"
	case SolverGaussSeidel:
		return "gauss-seidel"
	case SolverAnderson:
		return "anderson"
	}
	return "Solver(" + strconv.Itoa(int(s)) + ")"
}

// The Anderson mixing's settings. Memory 6 reaches a squared residual of
// 1e-9 in 15–26 sweeps of symmetric on the record positions and the
// tengen board, where 3 takes up to 26 and 10 gains at most one sweep
// (BenchmarkSolvers). A mixing that has not improved on its best residual
// for andersonStall sweeps gives way to the plain sweep; one whose
// residual exceeds andersonRestart times the best clears its memory, which
// happens where the map's Jacobian changes abruptly (a clamp engaging), at
// most andersonRestarts times.
const (
	andersonMemory   = 6
	andersonStall    = 25
	andersonRestart  = 100
	andersonRestarts = 4
)

// SolverSpec returns the parameter choosing among the solvers, with def
// the default; when, if not nil, is the condition under which the
// estimator reads it.
func SolverSpec(when *Cond, def Solver, solvers ...Solver) ParamSpec {
	names := make([]string, len(solvers))
	for i, s := range solvers {
		names[i] = s.String()
	}
	return ParamSpec{Name: "solver", Doc: "how the equations are iterated: the papers' Jacobi sweep, in-place Gauss–Seidel sweeps, or Anderson acceleration of them; they share the fixed points",
		Kind: Choice, Choices: names, Default: Text(def.String()), When: when}
}

// ReadSolver reads the choice of SolverSpec's parameter, solver, from p:
// the papers' Jacobi sweep when p holds none.
func ReadSolver(p Params) Solver { return ChoiceOf(p.Text("solver"), solverCount) }

// allSolvers lists every solver, the papers' Jacobi sweep first.
func allSolvers() []Solver { return []Solver{SolverJacobi, SolverGaussSeidel, SolverAnderson} }

// System is the part of an iterative estimator a solver drives: the map F
// on a flat state, and what a state means as control values. The
// estimators of this package implement it, and so can one outside it (the
// random fields' belief propagation), which Solve then solves with the
// same solvers.
type System interface {
	// Sweep writes F(prev) into next and returns the residual of prev in
	// the estimator's norm, the number its stopping rule compares with
	// tol. When next is prev it updates the state in place instead
	// (Gauss–Seidel) and returns the same norm of the change it made.
	// Entries it never changes must already agree in prev and next.
	Sweep(prev, next []float64) float64
	// Values writes the control value of every point in state into out.
	Values(state, out []float64)
}

// Box is the range the entries of a state live in, which a mixed state is
// clamped back into.
type Box struct {
	Lo, Hi float64
}

// SolveSpec is what a solver is asked to do.
type SolveSpec struct {
	Solver Solver
	Stop   StopRule
	Box    Box
}

// solveOutcome is what a solver did, for the Result.
type solveOutcome struct {
	// final is the state the run ended on: the sweep of the last state
	// whose residual was measured, as the Jacobi sweep leaves it. It is
	// one of the scratch's buffers.
	final     []float64
	trace     []float64
	converged bool
	// solver is the solver that produced final: the one asked for, or
	// Gauss–Seidel after Anderson mixing gave way to it.
	solver Solver
	// fallback says why Anderson mixing gave way, or is "".
	fallback string
}

// solveScratch is a solver's working memory, kept across runs so that a
// ranking that solves one position after another does not allocate it
// each time.
type solveScratch struct {
	buf  []float64
	bufs [][]float64
}

// take returns k slices of n floats from the scratch, grown if needed.
func (sc *solveScratch) take(k, n int) [][]float64 {
	if cap(sc.buf) < k*n {
		sc.buf = make([]float64, k*n)
	}
	if cap(sc.bufs) < k {
		sc.bufs = make([][]float64, k)
	}
	sc.bufs = sc.bufs[:k]
	for i := range sc.bufs {
		sc.bufs[i] = sc.buf[i*n : (i+1)*n : (i+1)*n]
	}
	return sc.bufs
}

// solve iterates sys from the state start, which it does not modify,
// until the residual falls below the tolerance or the iteration cap is
// reached. The trace holds one residual per sweep.
func solve(ctx context.Context, sys System, start []float64, sp SolveSpec, sc *solveScratch) (solveOutcome, error) {
	if sc == nil {
		sc = new(solveScratch)
	}
	n := len(start)
	out := solveOutcome{solver: sp.Solver, trace: make([]float64, 0, min(sp.Stop.MaxIter, 128))}
	switch sp.Solver {
	case SolverGaussSeidel:
		x := sc.take(1, n)[0]
		copy(x, start)
		return out, gaussSeidel(ctx, sys, x, sp.Stop, &out)
	case SolverAnderson:
		return out, anderson(ctx, sys, start, sp, sc, &out)
	}
	bufs := sc.take(2, n)
	prev, next := bufs[0], bufs[1]
	copy(prev, start)
	copy(next, start)
	return out, jacobi(ctx, sys, prev, next, sp.Stop, &out)
}

// Solve iterates sys from the state start, which it does not modify,
// with the solver, stopping rule and box of sp, and returns the Result on
// pos: the control values of the state it ended on, the trace, the solver
// that finished and why another gave way, and, when it stopped at the cap
// without converging, the cycle it may have fallen into. Elapsed is the
// time Solve took.
func Solve(ctx context.Context, pos *board.Position, sys System, start []float64, sp SolveSpec) (Result, error) {
	t0 := time.Now()
	out, err := solve(ctx, sys, start, sp, nil)
	if err != nil {
		return Result{}, err
	}
	return iterativeResult(pos, sys, out, t0), nil
}

// jacobi runs Jacobi sweeps from prev, with next a second buffer that
// agrees with prev on the entries the sweep never changes, appending to
// out.trace until the stopping rule or the cap, and sets out.final.
func jacobi(ctx context.Context, sys System, prev, next []float64, stop StopRule, out *solveOutcome) error {
	for len(out.trace) < stop.MaxIter {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := sys.Sweep(prev, next)
		out.trace = append(out.trace, r)
		prev, next = next, prev
		if r < stop.Tol {
			out.converged = true
			break
		}
	}
	out.final = prev
	return nil
}

// gaussSeidel runs in-place sweeps of x, appending to out.trace until the
// stopping rule or the cap, and sets out.final to x.
func gaussSeidel(ctx context.Context, sys System, x []float64, stop StopRule, out *solveOutcome) error {
	out.final = x
	for len(out.trace) < stop.MaxIter {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := sys.Sweep(x, x)
		out.trace = append(out.trace, r)
		if r < stop.Tol {
			out.converged = true
			break
		}
	}
	return nil
}

// anderson runs Anderson-accelerated Gauss–Seidel sweeps. From the state
// x_k it sweeps to G(x_k) with residual g_k = G(x_k) − x_k, and takes as
// the next state x_{k+1} = G(x_k) − ΔF γ, where the columns of ΔF and ΔG
// are the differences of the last andersonMemory values of G(x) and g,
// and γ minimises ‖g_k − ΔG γ‖₂. The weights of the sweeps sum to one, so
// the new state is an affine combination of them and keeps their linear
// invariants (seds's b + w = 1); it is clamped into the box. A fixed
// point of G is one of F, and the reverse.
func anderson(ctx context.Context, sys System, start []float64, sp SolveSpec, sc *solveScratch, out *solveOutcome) error {
	const m = andersonMemory
	n := len(start)
	bufs := sc.take(5+2*m, n)
	x, gx, g, gPrev, fPrev := bufs[0], bufs[1], bufs[2], bufs[3], bufs[4]
	dG, dF := bufs[5:5+m], bufs[5+m:5+2*m]
	copy(x, start)
	copy(gx, start)
	var (
		gram     [m][m]float64 // gram[i][j] = dG_i · dG_j, by ring slot
		cols     int           // columns in the ring
		head     int           // slot of the next column
		have     bool          // gPrev and fPrev hold the previous sweep
		best     = math.Inf(1) // smallest ‖g‖₂ so far
		bestAt   int
		restarts int
	)
	for len(out.trace) < sp.Stop.MaxIter {
		if err := ctx.Err(); err != nil {
			return err
		}
		// gx holds x; sweep it in place to G(x).
		r := sys.Sweep(gx, gx)
		out.trace = append(out.trace, r)
		k := len(out.trace)
		if r < sp.Stop.Tol {
			out.converged = true
			out.final = gx
			return nil
		}
		for i := range g {
			g[i] = gx[i] - x[i]
		}
		gn := math.Sqrt(dot(g, g))
		if gn < best {
			best, bestAt = gn, k
		}
		switch {
		case !(gn <= math.MaxFloat64):
			// A map into a box cannot produce this; guard the mixing anyway.
			out.fallback = fmt.Sprintf("anderson: residual not finite at sweep %d", k)
		case k-bestAt >= andersonStall:
			out.fallback = fmt.Sprintf("anderson stalled at sweep %d (no progress since sweep %d)", k, bestAt)
		case gn > andersonRestart*best:
			restarts++
			if restarts > andersonRestarts {
				out.fallback = fmt.Sprintf("anderson diverged at sweep %d (%d restarts)", k, andersonRestarts)
			}
			cols, have = 0, false
		}
		if out.fallback != "" {
			// Plain Gauss–Seidel sweeps from the last swept state for the
			// rest of the iterations.
			out.fallback += fmt.Sprintf(", residual %.3g; gauss-seidel sweeps from there", r)
			out.solver = SolverGaussSeidel
			return gaussSeidel(ctx, sys, gx, sp.Stop, out)
		}
		// The new columns of ΔG and ΔF, and the previous sweep moved on,
		// in one pass.
		col := head
		if have {
			dg, df := dG[col], dF[col]
			for i, v := range g {
				dg[i] = v - gPrev[i]
				gPrev[i] = v
				f := gx[i]
				df[i] = f - fPrev[i]
				fPrev[i] = f
			}
			head = (head + 1) % m
			cols = min(cols+1, m)
		} else {
			copy(gPrev, g)
			copy(fPrev, gx)
		}
		have = true
		if cols == 0 {
			copy(x, gx)
			continue
		}
		// x ← G(x) − ΔF γ, the normal equations of the least-squares
		// problem taken in the ring's order, newest first. The new
		// column's row of the Gram matrix and the right-hand side come
		// from one pass over each column.
		var (
			a            [m][m]float64
			rhs, weights [m]float64
			slot         [m]int
		)
		for j := range cols {
			slot[j] = (head - 1 - j + 2*m) % m
			s := slot[j]
			d, e := dot2(dG[s], dG[col], g)
			gram[col][s], gram[s][col] = d, d
			rhs[j] = e
		}
		for i := range cols {
			for j := range cols {
				a[i][j] = gram[slot[i]][slot[j]]
			}
		}
		if !solveSmall(&a, &rhs, &weights, cols) {
			copy(x, gx) // a plain sweep this time
			continue
		}
		lo, hi := sp.Box.Lo, sp.Box.Hi
		for i, v := range gx {
			for j := range cols {
				v -= weights[j] * dF[slot[j]][i]
			}
			v = min(max(v, lo), hi)
			x[i] = v
			gx[i] = v
		}
	}
	// The cap: the run ends on the last sweep.
	out.final = gx
	return nil
}

// dot returns Σ a_i b_i, adding the products of each pair of entries
// first: the sum is then the same, bit for bit, when every pair of a state
// is swapped (seds's {b, w} for a position and its mirror image), and when
// every entry is negated (symmetric's values).
func dot(a, b []float64) float64 {
	s := 0.0
	b = b[:len(a)]
	i := 0
	for ; i+1 < len(a); i += 2 {
		s += a[i]*b[i] + a[i+1]*b[i+1]
	}
	if i < len(a) {
		s += a[i] * b[i]
	}
	return s
}

// dot2 returns dot(a, b) and dot(a, c) in one pass over a.
func dot2(a, b, c []float64) (ab, ac float64) {
	b, c = b[:len(a)], c[:len(a)]
	i := 0
	for ; i+1 < len(a); i += 2 {
		ab += a[i]*b[i] + a[i+1]*b[i+1]
		ac += a[i]*c[i] + a[i+1]*c[i+1]
	}
	if i < len(a) {
		ab += a[i] * b[i]
		ac += a[i] * c[i]
	}
	return ab, ac
}

// solveSmall solves the k×k system a·x = b of Anderson's normal equations
// by Gaussian elimination with partial pivoting, after adding 1e-10 of the
// largest diagonal entry to the diagonal (Tikhonov), which keeps nearly
// dependent columns from producing huge weights. It reports false when
// the system is singular even so, or a weight is not finite.
func solveSmall(a *[andersonMemory][andersonMemory]float64, b, x *[andersonMemory]float64, k int) bool {
	scale := 0.0
	for i := range k {
		scale = max(scale, a[i][i])
	}
	if !(scale > 0) {
		return false
	}
	for i := range k {
		a[i][i] += 1e-10 * scale
	}
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 {
			return false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < k; r++ {
			f := a[r][c] / a[c][c]
			for j := c; j < k; j++ {
				a[r][j] -= f * a[c][j]
			}
			b[r] -= f * b[c]
		}
	}
	for r := k - 1; r >= 0; r-- {
		s := b[r]
		for j := r + 1; j < k; j++ {
			s -= a[r][j] * x[j]
		}
		x[r] = s / a[r][r]
		if math.IsNaN(x[r]) || math.IsInf(x[r], 0) {
			return false
		}
	}
	return true
}
