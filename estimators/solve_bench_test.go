package estimators

import (
	"context"
	"testing"
)

// BenchmarkSolvers runs every solver of symmetric, seds and bp to a
// residual of 1e-9 in the estimator's own norm (symmetric: Σ(Δv)²; seds,
// bp: the largest change) on the tengen board and the record positions,
// and reports the sweeps it took (iters) beside the time. The positions
// where a solver stops at the cap of 5000 sweeps (seds's near-singular
// and cycling ones) report that.
func BenchmarkSolvers(b *testing.B) {
	type solverCase struct {
		est     Estimator
		solver  Solver
		damping float64
	}
	cases := []solverCase{
		{Symmetric{}, SolverJacobi, 0}, {Symmetric{}, SolverGaussSeidel, 0}, {Symmetric{}, SolverAnderson, 0},
		{Seds{}, SolverJacobi, 0}, {Seds{}, SolverJacobi, 0.5}, {Seds{}, SolverGaussSeidel, 0}, {Seds{}, SolverAnderson, 0},
		{BP{}, SolverJacobi, 0.5}, {BP{}, SolverGaussSeidel, 0.5},
	}
	positions := solverPositions(b)
	for _, c := range cases {
		name := c.est.Info().Name + "/" + c.solver.String()
		if c.est.Info().Name == "seds" && c.damping > 0 {
			name += "-damped"
		}
		for _, np := range positions {
			b.Run(name+"/"+np.Name, func(b *testing.B) {
				p := c.est.Info().Defaults().WithText("solver", c.solver.String()).WithNum("damping", c.damping).
					WithNum("tol", 1e-9).WithNum("max-iter", 5000)
				var sc Scratch
				ws, warm := c.est.(WarmStarter)
				sweeps := 0
				b.ReportAllocs()
				for b.Loop() {
					var res Result
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
	for _, e := range []Estimator{Symmetric{}, Seds{}, BP{}} {
		for _, np := range solverPositions(b) {
			b.Run(e.Info().Name+"/"+np.Name, func(b *testing.B) {
				p := e.Info().Defaults()
				shown, err := e.Estimate(context.Background(), np.Pos, p)
				if err != nil {
					b.Fatal(err)
				}
				var fp FixedPoint
				for b.Loop() {
					if fp, err = Refine(context.Background(), e, np.Pos, p, shown); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(fp.Result.Iterations), "iters")
				b.ReportMetric(fp.ScoreDelta, "Δscore")
			})
		}
	}
}
