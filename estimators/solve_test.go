package estimators

import (
	"context"
	"math"
	"strings"
	"testing"

	"moyo/board"
	"moyo/internal/testpos"
)

// estimate runs e on pos with p, failing tb on an error.
func estimate(tb testing.TB, e Estimator, pos *board.Position, p Params) Result {
	tb.Helper()
	res, err := e.Estimate(context.Background(), pos, p)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// TestAndersonSweeps pins the goal of Anderson mixing for symmetric: a
// squared residual of 1e-9 in at most 30 sweeps, where Jacobi takes
// 100–310, on the tengen board and the record positions (15–26 sweeps
// when this was written).
func TestAndersonSweeps(t *testing.T) {
	for _, np := range testpos.Solving(t) {
		p := Symmetric{}.Info().PublishedParams().WithNum("tol", 1e-9)
		jac := estimate(t, Symmetric{}, np.Pos, p)
		and := estimate(t, Symmetric{}, np.Pos, p.WithText("solver", "anderson"))
		t.Logf("%s: Jacobi %d sweeps, Anderson %d", np.Name, jac.Iterations, and.Iterations)
		if !and.Converged || and.Iterations > 30 || and.Iterations*3 > jac.Iterations {
			t.Errorf("%s: Anderson converged %v in %d sweeps, Jacobi %d; want at most 30 and a third", np.Name, and.Converged, and.Iterations, jac.Iterations)
		}
	}
}

// TestSolversColorSymmetry: every solver keeps the colour symmetry exact,
// Anderson mixing included (its inner products are the same for a
// position and its mirror image).
func TestSolversColorSymmetry(t *testing.T) {
	for _, pos := range testpos.Symmetry(t) {
		for _, s := range allSolvers() {
			checkColorSymmetry(t, Symmetric{}, pos, Symmetric{}.Info().Defaults().WithText("solver", s.String()))
			checkColorSymmetry(t, Seds{}, pos, Seds{}.Info().Defaults().WithText("solver", s.String()).WithNum("damping", 0.3))
		}
	}
}

// TestCycleFound: the two-cycles of seds are named, with the point that
// swings most, and converging runs have none.
func TestCycleFound(t *testing.T) {
	tests := []struct {
		name   string
		pos    *board.Position
		at     string
		lo, hi float64 // the amplitude
		text   string
	}{
		// The record: a residual of 2.4e-3 after 1000 sweeps, a
		// swing of twice that in b − w, dying out at 0.999 per period:
		// 0.0016 after 3000 sweeps, 0.0005 after 10,000.
		{"Park Jung-hwan, move 260", testpos.Park260(t), "A13", 0.0048, 0.0050, "two-cycle, amplitude 0.0049 at A13"},
		// Q14 swings between w = 1 and w = 0.72.
		{"AlphaGo 2.0, move 100", testpos.TwoCycle(t), "Q14", 0.5, 0.6, "two-cycle, amplitude 0.57 at Q14"},
	}
	for _, tt := range tests {
		res := estimate(t, Seds{}, tt.pos, Seds{}.Info().PublishedParams())
		c := res.Cycle
		if res.Converged || c == nil {
			t.Fatalf("%s: converged %v, cycle %v", tt.name, res.Converged, c)
		}
		at := board.Point{X: c.At % 19, Y: c.At / 19}.Label(19)
		if c.Period != 2 || at != tt.at || !(c.Amplitude >= tt.lo && c.Amplitude <= tt.hi) || len(c.States) != 2 || c.Decay < cycleSteady || c.Decay > 1 {
			t.Errorf("%s: period %d, amplitude %v at %s, decay %v, %d states; want 2, [%v, %v] at %s, steady",
				tt.name, c.Period, c.Amplitude, at, c.Decay, len(c.States), tt.lo, tt.hi, tt.at)
		}
		if got := c.Describe(19); got != tt.text {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.text)
		}
		if testpos.MaxAbsDiff(c.States[0], res.Values) != 0 {
			t.Errorf("%s: the cycle's first state is not the result", tt.name)
		}
		spread := c.Spread()
		if spread[c.At] != c.Amplitude || slicesMax(spread) != c.Amplitude {
			t.Errorf("%s: spread %v at the point, largest %v, amplitude %v", tt.name, spread[c.At], slicesMax(spread), c.Amplitude)
		}
		// One more plain sweep from the first state lands on the second.
		sy := newSedsSystem(tt.pos)
		x, y := sy.initial()
		sy.warm(x, c.States[0])
		sy.Sweep(x, y)
		next := make([]float64, tt.pos.Len())
		sy.Values(y, next)
		if d := testpos.MaxAbsDiff(next, c.States[1]); d > 1e-3*c.Amplitude {
			t.Errorf("%s: a sweep from the first state misses the second by %g", tt.name, d)
		}
	}
}

func slicesMax(s []float64) float64 {
	m := math.Inf(-1)
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

// TestSedsDampingConverges: the damped sweep settles where the plain one
// cycles, on a fixed point of the plain sweep.
func TestSedsDampingConverges(t *testing.T) {
	tests := []struct {
		name    string
		pos     *board.Position
		damping float64
		maxIter int
	}{
		{"AlphaGo 2.0, move 100", testpos.TwoCycle(t), 0.5, 1000},
		// A near-singular fixed point, which damping reaches slowly:
		// 1301 sweeps (Anderson mixing of the damped sweep: 25).
		{"Park Jung-hwan, move 260", testpos.Park260(t), 0.3, 3000},
	}
	for _, tt := range tests {
		p := Seds{}.Info().Defaults().WithNum("damping", tt.damping).WithNum("max-iter", float64(tt.maxIter))
		res := estimate(t, Seds{}, tt.pos, p)
		if !res.Converged || res.Cycle != nil {
			t.Errorf("%s, damping %v: converged %v after %d sweeps, cycle %v", tt.name, tt.damping, res.Converged, res.Iterations, res.Cycle)
			continue
		}
		// The plain sweep from the damped result moves nothing by much
		// more than the damped one did.
		sy := newSedsSystem(tt.pos)
		x, y := sy.initial()
		sy.warm(x, res.Values)
		if r := sy.Sweep(x, y); r > 1e-4 {
			t.Errorf("%s: the plain sweep from the damped fixed point changes a value by %g", tt.name, r)
		}
		t.Logf("%s, damping %v: converged in %d sweeps, board score %.3f", tt.name, tt.damping, res.Iterations, res.BoardScore())
	}
}

// TestSedsSeveralFixedPoints: where the plain sweep cycles, the equations
// have more than one fixed point in the interior (beside the two extremes
// of Wolf 2010 §V.A): Gauss–Seidel sweeps and the damped sweep settle on
// two that differ by a board score of 1.8, both with no change above 1e-11.
func TestSedsSeveralFixedPoints(t *testing.T) {
	pos := testpos.TwoCycle(t)
	p := Seds{}.Info().Defaults().WithNum("tol", 1e-11).WithNum("max-iter", 5000)
	gs := estimate(t, Seds{}, pos, p.WithText("solver", "gauss-seidel"))
	damped := estimate(t, Seds{}, pos, p.WithNum("damping", 0.5))
	if !gs.Converged || !damped.Converged {
		t.Fatalf("converged: Gauss–Seidel %v, damped %v", gs.Converged, damped.Converged)
	}
	d := damped.BoardScore() - gs.BoardScore()
	t.Logf("Gauss–Seidel %.4f, damped Jacobi %.4f", gs.BoardScore(), damped.BoardScore())
	if !(d > 1.5 && d < 2) {
		t.Errorf("fixed points %v and %v differ by %v, want 1.5–2", gs.BoardScore(), damped.BoardScore(), d)
	}
}

// TestAndersonFallback: where the mixing makes no progress it gives way to
// plain Gauss–Seidel sweeps, and says so.
func TestAndersonFallback(t *testing.T) {
	p := Seds{}.Info().Defaults().WithText("solver", "anderson").WithNum("tol", 1e-13).WithNum("max-iter", 2000)
	res := estimate(t, Seds{}, testpos.Park260(t), p)
	if res.Solver != "gauss-seidel" || !strings.HasPrefix(res.Fallback, "anderson ") || !strings.Contains(res.Fallback, "gauss-seidel sweeps from there") {
		t.Errorf("solver %q, fallback %q", res.Solver, res.Fallback)
	}
	t.Log(res.Fallback)
}

// TestRefine: the distance to the fixed point of the example, and
// none for a result at the fixed point.
func TestRefine(t *testing.T) {
	pos := testpos.Tengen(t)
	p := Symmetric{}.Info().PublishedParams()
	shown := estimate(t, Symmetric{}, pos, p)
	fp, err := Refine(context.Background(), Symmetric{}, pos, p, shown)
	if err != nil {
		t.Fatal(err)
	}
	// The stopping rule stops after 31 sweeps at 8.02; the fixed point is
	// at 10.42 (the Jacobi sweep to a squared step of 1e-24).
	ref := estimate(t, Symmetric{}, pos, p.WithNum("tol", 1e-24).WithNum("max-iter", 5000))
	if shown.Iterations != 31 || math.Abs(shown.BoardScore()-8.02) > 0.005 || math.Abs(ref.BoardScore()-10.42) > 0.005 {
		t.Errorf("shown: %d sweeps, %.4f; fixed point %.4f", shown.Iterations, shown.BoardScore(), ref.BoardScore())
	}
	if !fp.Found || math.Abs(fp.ScoreDelta-(ref.BoardScore()-shown.BoardScore())) > 1e-8 || !fp.Far() ||
		testpos.MaxAbsDiff(fp.Result.Values, ref.Values) > 1e-9 || math.Abs(fp.MaxDelta-testpos.MaxAbsDiff(ref.Values, shown.Values)) > 1e-9 {
		t.Errorf("found %v, Δscore %v, max |Δv| %v, far %v", fp.Found, fp.ScoreDelta, fp.MaxDelta, fp.Far())
	}
	line, warn := fp.Line()
	t.Logf("%s (%d sweeps of %s)", line, fp.Result.Iterations, fp.Result.Solver)
	const want, far = "fixed point: board +10.42, 2.40 more for Black than shown; largest change 0.011 at ",
		" — stopped far from it, converging slowly: tighten the tolerance, or use the anderson solver"
	if !warn || !strings.HasPrefix(line, want) || !strings.HasSuffix(line, far) {
		t.Errorf("%q, %v; want %q…%q, true", line, warn, want, far)
	}

	again, err := Refine(context.Background(), Symmetric{}, pos, p, fp.Result)
	if err != nil || !again.Found || again.Far() || math.Abs(again.ScoreDelta) > 1e-9 {
		t.Errorf("refining the fixed point: %v, found %v, Δscore %v, far %v", err, again.Found, again.ScoreDelta, again.Far())
	}

	// The seds cycle: the fixed point it circles is found.
	park := testpos.Park260(t)
	sp := Seds{}.Info().PublishedParams()
	cyc, err := Refine(context.Background(), Seds{}, park, sp, estimate(t, Seds{}, park, sp))
	if err != nil || !cyc.Found {
		t.Errorf("seds cycle: %v, found %v", err, cyc.Found)
	}
	line, _ = cyc.Line()
	t.Logf("seds, Park Jung-hwan move 260: %s", line)

	// Estimators that do not iterate are their own fixed point.
	prop := estimate(t, Propagate{}, pos, Propagate{}.Info().Defaults())
	if f, err := Refine(context.Background(), Propagate{}, pos, Propagate{}.Info().Defaults(), prop); err != nil || !f.Exact || f.Far() || f.ScoreDelta != 0 || f.MaxDelta != 0 {
		t.Errorf("propagate: %v, %+v", err, f)
	}
	if _, err := Refine(context.Background(), Symmetric{}, pos, p, Result{Values: []float64{1}}); err == nil {
		t.Error("a result of the wrong size refined")
	}
}

// TestEstimateFrom: a warm start at the fixed point stops at once; a
// reused Scratch gives the cold runs bit for bit, without allocating
// beyond the result; bad starts are refused.
func TestEstimateFrom(t *testing.T) {
	positions := []*board.Position{testpos.Records(t)[1].Pos, testpos.Diagram(t, sedsWorkedExample), testpos.Tengen(t), testpos.TwoCycle(t)}
	for _, e := range []WarmStarter{Symmetric{}, Seds{}} {
		name := e.Info().Name
		var sc Scratch
		for _, pos := range positions {
			p := e.Info().Defaults()
			cold := estimate(t, e, pos, p)
			reused, err := e.EstimateFrom(context.Background(), pos, p, nil, &sc)
			if err != nil {
				t.Fatal(err)
			}
			if testpos.MaxAbsDiff(cold.Values, reused.Values) != 0 || cold.Iterations != reused.Iterations {
				t.Errorf("%s: a reused scratch gives another result", name)
			}
			tight := p.WithNum("tol", 1e-12).WithText("solver", "anderson").WithNum("max-iter", 20000)
			fix := estimate(t, e, pos, tight)
			if !fix.Converged {
				continue // the cycle position, for seds's Anderson mixing: not here
			}
			warm, err := e.EstimateFrom(context.Background(), pos, p, fix.Values, &sc)
			if err != nil {
				t.Fatal(err)
			}
			if warm.Iterations != 1 || !warm.Converged || testpos.MaxAbsDiff(warm.Values, fix.Values) > 1e-6 {
				t.Errorf("%s: from the fixed point, %d sweeps, converged %v, moved %g", name, warm.Iterations, warm.Converged, testpos.MaxAbsDiff(warm.Values, fix.Values))
			}
		}
		pos := positions[0]
		p := e.Info().Defaults()
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := e.EstimateFrom(context.Background(), pos, p, nil, &sc); err != nil {
				t.Fatal(err)
			}
		})
		// The values and the trace.
		if allocs > 2 {
			t.Errorf("%s: %v allocations per run with a reused scratch", name, allocs)
		}
		for _, bad := range [][]float64{make([]float64, 3), append(make([]float64, pos.Len()-1), math.NaN()), append(make([]float64, pos.Len()-1), 1.5)} {
			if _, err := e.EstimateFrom(context.Background(), pos, p, bad, nil); err == nil || !strings.Contains(err.Error(), name+": ") {
				t.Errorf("%s: start %v…: error %v", name, bad[len(bad)-1], err)
			}
		}
	}
}
