package catalog

import (
	"context"
	"errors"
	"strings"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testpos"
	"moyo/randfield"
)

// allSolvers lists every solver, the papers' Jacobi sweep first.
func allSolvers() []estimators.Solver {
	return []estimators.Solver{estimators.SolverJacobi, estimators.SolverGaussSeidel, estimators.SolverAnderson}
}

// estimate runs e on pos with p, failing tb on an error.
func estimate(tb testing.TB, e estimators.Estimator, pos *board.Position, p estimators.Params) estimators.Result {
	tb.Helper()
	res, err := e.Estimate(context.Background(), pos, p)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// TestSolversReachJacobiFixedPoint: every solver, solved tightly, ends
// where the papers' Jacobi sweep ends, to 1e-9 in every value, on the
// tengen board and the record positions.
func TestSolversReachJacobiFixedPoint(t *testing.T) {
	tests := []struct {
		est     estimators.Estimator
		tol     float64
		solvers []estimators.Solver
		damping []float64
	}{
		// A squared residual of 1e-24 is a step of 1e-12.
		{estimators.Symmetric{}, 1e-24, allSolvers(), []float64{0}},
		{estimators.Seds{}, 1e-12, allSolvers(), []float64{0, 0.5}},
		{randfield.BP{}, 1e-12, []estimators.Solver{estimators.SolverJacobi, estimators.SolverGaussSeidel}, []float64{0.5}},
	}
	for _, tt := range tests {
		name := tt.est.Info().Name
		for _, np := range testpos.Solving(t) {
			if name == "seds" && np.Name == "master48-250" {
				// A near-singular fixed point: Jacobi needs 86,000 sweeps
				// to a change of 1e-8 and stalls at the rounding of the
				// products before 1e-12 (TestSedsNearSingular).
				continue
			}
			p := tt.est.Info().Defaults().WithNum("tol", tt.tol).WithNum("max-iter", 20000)
			ref := estimate(t, tt.est, np.Pos, p)
			if !ref.Converged {
				t.Fatalf("%s, %s: Jacobi did not reach %g in %d sweeps", name, np.Name, tt.tol, ref.Iterations)
			}
			for _, s := range tt.solvers {
				for _, d := range tt.damping {
					q := p.WithText("solver", s.String()).WithNum("damping", d)
					res := estimate(t, tt.est, np.Pos, q)
					diff := testpos.MaxAbsDiff(res.Values, ref.Values)
					if !res.Converged || diff > 1e-9 || res.Solver != s.String() || res.Fallback != "" {
						t.Errorf("%s, %s, %s, damping %v: converged %v (%s%s) after %d sweeps, %.2g from Jacobi's fixed point",
							name, np.Name, s, d, res.Converged, res.Solver, res.Fallback, res.Iterations, diff)
					}
				}
			}
		}
	}
}

// BenchmarkSolvers runs every solver of symmetric, seds and bp to a
// residual of 1e-9 in the estimator's own norm (symmetric: Σ(Δv)²; seds,
// bp: the largest change) on the tengen board and the record positions,
// and reports the sweeps it took (iters) beside the time. The positions
// where a solver stops at the cap of 5000 sweeps (seds's near-singular
// and cycling ones) report that.
func BenchmarkSolvers(b *testing.B) {
	type solverCase struct {
		est     estimators.Estimator
		solver  estimators.Solver
		damping float64
	}
	cases := []solverCase{
		{estimators.Symmetric{}, estimators.SolverJacobi, 0}, {estimators.Symmetric{}, estimators.SolverGaussSeidel, 0}, {estimators.Symmetric{}, estimators.SolverAnderson, 0},
		{estimators.Seds{}, estimators.SolverJacobi, 0}, {estimators.Seds{}, estimators.SolverJacobi, 0.5}, {estimators.Seds{}, estimators.SolverGaussSeidel, 0}, {estimators.Seds{}, estimators.SolverAnderson, 0},
		{randfield.BP{}, estimators.SolverJacobi, 0.5}, {randfield.BP{}, estimators.SolverGaussSeidel, 0.5},
	}
	positions := testpos.Solving(b)
	for _, c := range cases {
		name := c.est.Info().Name + "/" + c.solver.String()
		if c.est.Info().Name == "seds" && c.damping > 0 {
			name += "-damped"
		}
		for _, np := range positions {
			b.Run(name+"/"+np.Name, func(b *testing.B) {
				p := c.est.Info().Defaults().WithText("solver", c.solver.String()).WithNum("damping", c.damping).
					WithNum("tol", 1e-9).WithNum("max-iter", 5000)
				var sc estimators.Scratch
				ws, warm := c.est.(estimators.WarmStarter)
				sweeps := 0
				b.ReportAllocs()
				for b.Loop() {
					var res estimators.Result
					var err error
					if warm {
						res, err = ws.EstimateFrom(context.Background(), np.Pos, p, nil, &sc)
					} else {
						res, err = c.est.Estimate(context.Background(), np.Pos, p)
					}
					if err != nil {
						b.Fatal(err)
					}
					sweeps += res.Iterations
				}
				b.ReportMetric(float64(sweeps)/float64(b.N), "iters")
			})
		}
	}
}

// BenchmarkRefine times the distance to the fixed point that the
// convergence panel computes after each run, for the defaults' estimate.
func BenchmarkRefine(b *testing.B) {
	for _, e := range []estimators.Estimator{estimators.Symmetric{}, estimators.Seds{}, randfield.BP{}} {
		for _, np := range testpos.Solving(b) {
			b.Run(e.Info().Name+"/"+np.Name, func(b *testing.B) {
				p := e.Info().Defaults()
				shown, err := e.Estimate(context.Background(), np.Pos, p)
				if err != nil {
					b.Fatal(err)
				}
				var fp estimators.FixedPoint
				for b.Loop() {
					if fp, err = estimators.Refine(context.Background(), e, np.Pos, p, shown); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(fp.Result.Iterations), "iters")
				b.ReportMetric(fp.ScoreDelta, "Δscore")
			})
		}
	}
}

// TestNoCycleWhereConverging: no iterative estimator names a cycle where
// its runs converge, or where the cap stops a steady convergence (the
// cycles themselves are estimators' TestCycleFound).
func TestNoCycleWhereConverging(t *testing.T) {
	for _, e := range All() {
		if !e.Info().Iterative {
			continue
		}
		name := e.Info().Name
		slow := e.Info().Defaults().WithNum("tol", 1e-30).WithNum("max-iter", 60)
		for _, np := range testpos.Solving(t) {
			if res := estimate(t, e, np.Pos, e.Info().Defaults()); res.Cycle != nil {
				t.Errorf("%s, %s: %s", name, np.Name, res.Cycle.Describe(19))
			}
			// (seds reaches a change of exactly 0 on some.)
			if res := estimate(t, e, np.Pos, slow); res.Cycle != nil {
				t.Errorf("%s, %s, capped at 60: converged %v, cycle %s", name, np.Name, res.Converged, res.Cycle.Describe(19))
			}
		}
	}
}

// TestCappedRunIsNotItsFixedPoint: for every estimator, and every
// inference and solver of it that iterates, a run the cap stops after five
// iterations is reported away from its fixed point (a distance above 0)
// or with none found, never as its own fixed point; what does not iterate
// (propagate, gnugo, the exact marginals) is exact, and sampling has no
// fixed point to check.
func TestCappedRunIsNotItsFixedPoint(t *testing.T) {
	pos := testpos.Records(t)[3].Pos // an opening: master60-050
	for _, e := range All() {
		in := e.Info()
		for _, p := range settings(in) {
			name := in.Name + " " + p.String()
			if in.Reads("max-iter", p) {
				p = p.WithNum("max-iter", 5).WithNum("tol", 1e-30)
			}
			res := estimate(t, e, pos, p)
			fp, err := estimators.Refine(context.Background(), e, pos, p, res)
			line, _ := fp.Line()
			switch iterates := in.Iterative && in.Reads("max-iter", p); {
			case p.Text("inference") == randfield.InferenceSW.String():
				if !errors.Is(err, estimators.ErrNotRefinable) {
					t.Errorf("%s: sampling refined: %v, %q", name, err, line)
				}
			case err != nil:
				t.Errorf("%s: %v", name, err)
			case !iterates:
				if !fp.Exact || fp.Far() || !strings.HasPrefix(line, "exact: ") {
					t.Errorf("%s: computed directly, but exact %v, far %v: %q", name, fp.Exact, fp.Far(), line)
				}
			case res.Converged || fp.Exact || (fp.Found && fp.MaxDelta == 0) || !strings.Contains(line, "fixed point"):
				t.Errorf("%s: capped at 5 (converged %v): exact %v, found %v, max |Δv| %v: %q", name, res.Converged, fp.Exact, fp.Found, fp.MaxDelta, line)
			case in.Reads("solver", p) && res.Solver != p.Text("solver"):
				t.Errorf("%s: solved by %q", name, res.Solver)
			}
		}
	}
}

// settings returns the estimator's defaults with every choice of its
// inference and, where read, of its solver.
func settings(in estimators.Info) []estimators.Params {
	choices := func(name string) []string {
		if s, ok := in.Spec(name); ok {
			return s.Choices
		}
		return []string{""}
	}
	var out []estimators.Params
	for _, inf := range choices("inference") {
		for _, solver := range choices("solver") {
			p := in.Defaults()
			if inf != "" {
				p = p.WithText("inference", inf)
			}
			if solver != "" {
				if !in.Reads("solver", p) && solver != in.Defaults().Text("solver") {
					continue
				}
				p = p.WithText("solver", solver)
			}
			out = append(out, p)
		}
	}
	return out
}
