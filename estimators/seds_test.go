package estimators

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"moyo/board"
	"moyo/internal/testpos"
)

// sedsWorkedExample is Wolf's diagram 4 (Wolf 2010 §IV.D), whose picture
// did not survive in the text. The text pins it down: point 1 touches "the
// left black stone" and White stones (b̄₁ = w̄₁ = 1), point 3 is its mirror
// image, and point 2 touches points 1 and 3 and White stones but no Black
// stone (w̄₂ = 1, b̄₂ = 1 − w₁w₃). So the three points lie in a row on the
// edge, under a White wall, between two Black stones: here c1, d1 and e1 on
// 7×7, under c2–e2, between b1 and f1. The seed sets the chains alive by
// hand; here each group has two eyes, so Benson's algorithm fixes them at
// s = 1, and the region of points 1–3 touches both colours, so nothing
// fixes it.
const sedsWorkedExample = `
. X O . O X .
. X O . O X .
. X O . O X .
X X O O O X X
. X O . O X .
. X O O O X .
. X . . . X .
`

// sedsUnit returns the unit of the point labelled label ("C1") on pos.
func sedsUnit(tb testing.TB, sy *sedsSystem, pos *board.Position, label string) int32 {
	tb.Helper()
	for i := 0; i < pos.Len(); i++ {
		if pos.PointOf(i).Label(pos.Size()) == strings.ToUpper(label) {
			return sy.unitOf[i]
		}
	}
	tb.Fatalf("no point %s on a %d×%d board", label, pos.Size(), pos.Size())
	return -1
}

// sedsPointIndex returns the flat index of the point labelled label.
func sedsPointIndex(tb testing.TB, pos *board.Position, label string) int {
	tb.Helper()
	for i := 0; i < pos.Len(); i++ {
		if pos.PointOf(i).Label(pos.Size()) == strings.ToUpper(label) {
			return i
		}
	}
	tb.Fatalf("no point %s on a %d×%d board", label, pos.Size(), pos.Size())
	return -1
}

// sedsSolve runs Jacobi sweeps on sy to a change below tol and returns the
// state and the number of sweeps.
func sedsSolve(tb testing.TB, sy *sedsSystem, tol float64, maxIter int) (sedsState, int) {
	tb.Helper()
	prev, next := sy.initial()
	for k := 1; k <= maxIter; k++ {
		r := sy.Sweep(prev, next)
		prev, next = next, prev
		if r < tol {
			return prev, k
		}
	}
	tb.Fatalf("no convergence in %d sweeps", maxIter)
	return nil, 0
}

func TestSedsWorkedExample(t *testing.T) {
	pos := testpos.Diagram(t, sedsWorkedExample)
	sy := newSedsSystem(pos)
	st, sweeps := sedsSolve(t, sy, 1e-15, 100)
	p1, p2, p3 := sedsUnit(t, sy, pos, "c1"), sedsUnit(t, sy, pos, "d1"), sedsUnit(t, sy, pos, "e1")
	// Every quantity is a correctly rounded quotient of small exact
	// numbers, so the paper's fractions come out to the last bit.
	for _, u := range []int32{p1, p3} {
		if st.unit(u) != [2]float64{0.5, 0.5} {
			t.Errorf("points 1 and 3: {b, w} = %v, want w = b = 1/2", st.unit(u))
		}
	}
	if b, w := st.unit(p2)[sedsBlack], st.unit(p2)[sedsWhite]; w != 4.0/7 || b != 3.0/7 {
		t.Errorf("point 2: w = %v, b = %v, want 4/7 and 3/7", w, b)
	}
	k := -1
	for j, u := range sy.pts {
		if u == p2 {
			k = j
		}
	}
	if k < 0 {
		t.Fatal("point 2 is fixed")
	}
	if wbar, bbar := sedsBars(st, sy.ptNbr[4*k:4*k+4]); wbar != 1 || bbar != 0.75 {
		t.Errorf("point 2: w̄ = %v, b̄ = %v, want 1 and 3/4", wbar, bbar)
	}
	// The first sweep moves point 2 from ½ to 4/7; the second changes
	// nothing, as points 1 and 3 never move.
	if sweeps != 2 {
		t.Errorf("%d sweeps, want 2", sweeps)
	}

	res, err := Seds{}.Estimate(context.Background(), pos, Seds{}.Info().Defaults())
	if err != nil {
		t.Fatal(err)
	}
	life := pos.UnconditionalLife()
	// The first change is the larger of |w₂ − ½| and |b₂ − ½|, 1/14 each
	// but for rounding.
	w2, b2 := 4.0/7, 3.0/7 // rounded to float64 here, as in the sweep
	if first := max(w2-0.5, 0.5-b2); !res.Converged || res.Iterations != 2 || res.Trace[0] != first || res.Trace[1] != 0 {
		t.Errorf("converged %v after %d sweeps, trace %v; want 2 sweeps, trace [%v 0]", res.Converged, res.Iterations, res.Trace, first)
	}
	for i, v := range res.Values {
		var want float64
		switch pos.PointOf(i).Label(7) {
		case "C1", "E1":
			want = 0
		case "D1":
			want = b2 - w2
		default:
			// Every other point is a pass-alive stone or an eye.
			if life[i] == board.Empty {
				t.Errorf("%s: not fixed by Benson", pos.PointOf(i).Label(7))
			}
			want = float64(life[i])
		}
		if v != want {
			t.Errorf("%s: %v, want %v", pos.PointOf(i).Label(7), v, want)
		}
	}
}

// sedsFullBoard is a local position on 19×19 with the neighbourhoods of
// the paper's three equations (§IV.E): r8 is empty between empty q8 and r9,
// the Black chain r7 below it and the White chain s7 (through s8) to its
// right; the Black chain r7 = q7 r7 r6 r5 has the empty adjacent points p7,
// q6, q8 and r8 and the White neighbours s7 = s8 s7 s6 s5 and r4 = r4 q4 q5.
// The Black chain touches q6 through two stones, q7 and r6.
var sedsFullBoard = map[string]board.Color{
	"q7": board.Black, "r7": board.Black, "r6": board.Black, "r5": board.Black,
	"s8": board.White, "s7": board.White, "s6": board.White, "s5": board.White,
	"r4": board.White, "q4": board.White, "q5": board.White,
}

func TestSedsSeedEquations(t *testing.T) {
	pos, err := board.New(19)
	if err != nil {
		t.Fatal(err)
	}
	for label, c := range sedsFullBoard {
		if err := pos.Set(pos.PointOf(sedsPointIndex(t, pos, label)), c); err != nil {
			t.Fatal(err)
		}
	}
	sy := newSedsSystem(pos)
	unit := map[string]int32{}
	for _, l := range []string{"p6", "p7", "q6", "q8", "r8", "r9", "r7", "s7", "r4"} {
		unit[l] = sedsUnit(t, sy, pos, l)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 100; trial++ {
		// Any previous iterate with b = 1 − w and s in [0, 1].
		prev, next := sy.initial()
		for u := range sy.one {
			x := r.Float64()
			prev.setUnit(u, [2]float64{1 - x, x})
		}
		sy.Sweep(prev, next)
		w := func(l string) float64 { return prev.unit(unit[l])[sedsWhite] }
		b := func(l string) float64 { return prev.unit(unit[l])[sedsBlack] }
		// The survival of a chain is its entry for its own colour.
		sB := func(l string) float64 { return b(l) }
		sW := func(l string) float64 { return w(l) }

		// The seed's equations, as printed.
		bq8, br9, sr7, ss7, wq8, wr9 := b("q8"), b("r9"), sB("r7"), sW("s7"), w("q8"), w("r9")
		num := bq8*br9*sr7*ss7 - bq8*br9*sr7 + 1
		wr8 := num / (num + sr7*ss7*wq8*wr9 - ss7*wq8*wr9 + 1)
		sr7next := -sW("r4")*ss7*w("p7")*w("q6")*w("q8")*w("r8") + 1
		// q6 touches the chain r7 through two stones, which count once:
		// w̄ = 1 − b_p6 s_r7 (1 − s_r4), b̄ = 1 − w_p6 s_r4 (1 − s_r7).
		wbar := 1 - b("p6")*sr7*(1-sW("r4"))
		bbar := 1 - w("p6")*sW("r4")*(1-sr7)
		wq6 := wbar / (wbar + bbar)

		tests := []struct {
			name      string
			got, want float64
		}{
			{"w_r8", next.unit(unit["r8"])[sedsWhite], wr8},
			{"b_r8", next.unit(unit["r8"])[sedsBlack], 1 - wr8},
			{"s_r7", next.unit(unit["r7"])[sedsBlack], sr7next},
			{"1 − s_r7", next.unit(unit["r7"])[sedsWhite], 1 - sr7next},
			{"w_q6", next.unit(unit["q6"])[sedsWhite], wq6},
		}
		for _, tt := range tests {
			if math.Abs(tt.got-tt.want) > 1e-14 {
				t.Errorf("trial %d: %s = %.17g, Wolf's equation gives %.17g", trial, tt.name, tt.got, tt.want)
			}
		}
	}
}

// sedsLife holds a position with static life: a Black group with two eyes,
// a1–a2 and c1–e2, the second holding a dead White chain d1–d2, beside
// White stones that nothing fixes.
const sedsLife = `
. . . . . . .
. . . . . . .
. . . . O . .
. . . . . . .
X X X X X X .
. X . O . X O
. X . O . X .
`

func TestSedsStaticLife(t *testing.T) {
	pos := testpos.Diagram(t, sedsLife)
	life := pos.UnconditionalLife()
	res, err := Seds{}.Estimate(context.Background(), pos, Seds{}.Info().Defaults())
	if err != nil {
		t.Fatal(err)
	}
	fixed := 0
	for i, v := range res.Values {
		switch {
		case life[i] == board.Black:
			fixed++
			// Pass-alive stones at s = 1, eyes at b = 1 and the White
			// stones inside an eye at s = 0: all exactly +1.
			if v != 1 {
				t.Errorf("%s, Black's by Benson: %v, want 1", pos.PointOf(i).Label(7), v)
			}
		case life[i] == board.White:
			t.Errorf("%s: White's by Benson", pos.PointOf(i).Label(7))
		case !(v > -1 && v < 1):
			t.Errorf("%s, not fixed: %v, want strictly inside (−1, 1)", pos.PointOf(i).Label(7), v)
		}
	}
	// The 10 stones, the eyes a1–a2 and c1–e2 with the dead stones d1–d2.
	if fixed != 18 {
		t.Errorf("%d points fixed as Black's, want 18", fixed)
	}
	checkColorSymmetry(t, Seds{}, pos, Seds{}.Info().Defaults())
}

func TestSedsColorSymmetryAndRange(t *testing.T) {
	p := Seds{}.Info().Defaults()
	var positions []*board.Position
	r := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 40; k++ {
		positions = append(positions, testpos.Random(t, r, 2+r.IntN(12), 0.15+0.7*r.Float64()))
	}
	for _, np := range testpos.Records(t) {
		positions = append(positions, np.Pos)
	}
	positions = append(positions, testpos.Diagram(t, sedsWorkedExample), testpos.Diagram(t, sedsLife))
	for _, pos := range positions {
		checkColorSymmetry(t, Seds{}, pos, p)
		sy := newSedsSystem(pos)
		prev, next := sy.initial()
		for k := 0; k < 200; k++ {
			sy.Sweep(prev, next)
			prev, next = next, prev
			for u := range sy.one {
				x := prev.unit(u)
				b, w := x[sedsBlack], x[sedsWhite]
				if !(b >= 0 && b <= 1 && w >= 0 && w <= 1) || math.Abs(b+w-1) > 1e-15 {
					t.Fatalf("sweep %d, unit %d: {b, w} = %v\n%v", k, u, x, pos)
				}
			}
		}
		values := make([]float64, pos.Len())
		sy.Values(prev, values)
		for i, v := range values {
			if !(v >= -1 && v <= 1) {
				t.Errorf("value %v at %v\n%v", v, pos.PointOf(i), pos)
			}
		}
	}
}

func TestSedsSweepAllocates(t *testing.T) {
	pos := testpos.Records(t)[0].Pos
	sy := newSedsSystem(pos)
	prev, next := sy.initial()
	if n := testing.AllocsPerRun(100, func() {
		sy.Sweep(prev, next)
		prev, next = next, prev
	}); n != 0 {
		t.Errorf("a sweep allocates %v times", n)
	}
}

// TestSedsRecords reports the number of sweeps on the positions from real
// records, Wolf's measure of instability.
func TestSedsRecords(t *testing.T) {
	for _, np := range testpos.Records(t) {
		p := Seds{}.Info().Defaults()
		res, err := Seds{}.Estimate(context.Background(), np.Pos, p)
		if err != nil {
			t.Fatal(err)
		}
		tr := res.Trace
		t.Logf("%s: %d iterations, converged %v, score %.2f, last change %.3g, %v",
			np.Name, res.Iterations, res.Converged, res.BoardScore(), tr[len(tr)-1], res.Elapsed)
		if !res.Converged || res.Iterations != len(tr) || tr[len(tr)-1] >= p.Num("tol") {
			t.Errorf("%s: converged %v after %d iterations, trace ends %v", np.Name, res.Converged, res.Iterations, tr[len(tr)-1])
		}
		for k, r := range tr[:len(tr)-1] {
			if r < p.Num("tol") {
				t.Errorf("%s: change %v < tol at sweep %d, but went on", np.Name, r, k+1)
			}
		}

		wantCapped(t, Seds{}, np.Name, np.Pos, p, 3)
	}
}

// TestSedsJacobiTwoCycle pins down what happens there: the Jacobi sweeps
// of Wolf 2010 §IV never settle but fall into a cycle of period two (Q14 swings
// between w = 1 and w = 0.72), while sweeps that update in place
// (Gauss–Seidel, same order) reach a fixed point in a few sweeps. The cycle
// comes from updating every unit at once, not from the equations.
func TestSedsJacobiTwoCycle(t *testing.T) {
	pos := testpos.TwoCycle(t)
	res, err := Seds{}.Estimate(context.Background(), pos, Seds{}.Info().PublishedParams())
	if err != nil {
		t.Fatal(err)
	}
	if res.Converged || res.Iterations != 1000 {
		t.Fatalf("converged %v after %d iterations, want the cap of 1000", res.Converged, res.Iterations)
	}
	sy := newSedsSystem(pos)
	prev, next := sy.initial()
	var states []sedsState
	for k := 0; k < 3000; k++ {
		sy.Sweep(prev, next)
		prev, next = next, prev
		if k >= 2997 {
			states = append(states, append(sedsState(nil), prev...))
		}
	}
	period, step := 0.0, 0.0
	for u := sedsWhite; u < len(states[0]); u += 2 {
		period = max(period, math.Abs(states[2][u]-states[0][u]))
		step = max(step, math.Abs(states[1][u]-states[0][u]))
	}
	if period > 1e-12 || step < 0.1 {
		t.Errorf("after 3000 sweeps: change over two sweeps %g, over one %g; want a 2-cycle", period, step)
	}
	_, sweeps := sedsSolveInPlace(t, sy, 1e-5, 1000)
	t.Logf("Jacobi: a 2-cycle of amplitude %.3f; Gauss–Seidel: converged in %d sweeps", step, sweeps)
}

// sedsSolveInPlace runs Gauss–Seidel sweeps on sy, each unit updated in
// place, to a change below tol.
func sedsSolveInPlace(tb testing.TB, sy *sedsSystem, tol float64, maxIter int) (sedsState, int) {
	tb.Helper()
	st, _ := sy.initial()
	for k := 1; k <= maxIter; k++ {
		if sy.Sweep(st, st) < tol {
			return st, k
		}
	}
	tb.Fatalf("Gauss–Seidel: no convergence in %d sweeps", maxIter)
	return nil, 0
}

func TestSedsInfo(t *testing.T) {
	in := Seds{}.Info()
	if want := (params("solver", "anderson", "damping", 0, "tol", 1e-5, "max-iter", 1000)); !in.Defaults().Equal(want) {
		t.Errorf("defaults %+v, want %+v", in.Defaults(), want)
	}
	// Wolf's Jacobi sweep to changes below 1e-5 (§V.A).
	if want := (params("solver", "jacobi", "damping", 0, "tol", 1e-5, "max-iter", 1000)); !in.PublishedParams().Equal(want) {
		t.Errorf("published %+v, want %+v", in.PublishedParams(), want)
	}
	if len(in.Params) != 4 || !in.Uses("solver") || !in.Uses("damping") || !in.Uses("tol") || !in.Uses("max-iter") {
		t.Errorf("params %+v, want solver, damping, tol and max-iter", in.Params)
	}
	for _, s := range in.Params {
		if s.Name == "max-iter" && s.Max != 100000 {
			t.Errorf("max-iter slider up to %v, want 100000", s.Max)
		}
	}
	if !in.Iterative || in.Name != "seds" || !strings.Contains(in.Source, "instability") {
		t.Errorf("info %+v", in)
	}
	if err := (Seds{}).Check(in.Defaults()); err != nil {
		t.Errorf("defaults rejected: %v", err)
	}
}

func TestSedsParamErrors(t *testing.T) {
	pos := testpos.Diagram(t, "X.\n..")
	def := Seds{}.Info().Defaults()
	tests := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"tol zero", func(p *Params) { *p = p.WithNum("tol", 0) }, "tol"},
		{"tol negative", func(p *Params) { *p = p.WithNum("tol", -1e-5) }, "tol"},
		{"tol NaN", func(p *Params) { *p = p.WithNum("tol", math.NaN()) }, "tol"},
		{"tol Inf", func(p *Params) { *p = p.WithNum("tol", math.Inf(1)) }, "tol"},
		{"max-iter", func(p *Params) { *p = p.WithNum("max-iter", 0) }, "max-iter"},
	}
	for _, tt := range tests {
		p := def
		tt.edit(&p)
		_, err := Seds{}.Estimate(context.Background(), pos, p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one naming %q", tt.name, err, tt.want)
		}
	}
	if _, err := (Seds{}).Estimate(context.Background(), nil, def); err == nil {
		t.Error("nil position: no error")
	}
}

func TestSedsCancel(t *testing.T) {
	pos := testpos.TwoCycle(t)
	p := Seds{}.Info().PublishedParams()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Seds{}).Estimate(ctx, pos, p); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
	// Cancelled during the run: the 2-cycle would otherwise run to the cap.
	p = p.WithNum("max-iter", float64(1<<30))
	cd := &testpos.Countdown{Context: context.Background(), N: 10}
	start := time.Now()
	_, err := Seds{}.Estimate(cd, pos, p)
	if !errors.Is(err, context.Canceled) || cd.N != 0 {
		t.Errorf("cancelled mid-run: err = %v after %d extra checks", err, -cd.N)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancelled mid-run: returned after %v", d)
	}
}

func BenchmarkSeds(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := Seds{}.Info().Defaults()
			b.ReportAllocs()
			sweeps := 0
			for b.Loop() {
				res, err := Seds{}.Estimate(context.Background(), np.Pos, p)
				if err != nil {
					b.Fatal(err)
				}
				sweeps += res.Iterations
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(sweeps*np.Pos.Len()), "ns/pt/iter")
			b.ReportMetric(float64(sweeps)/float64(b.N), "iters")
		})
	}
}

// BenchmarkSedsSweep times one Jacobi sweep alone, the part that repeats.
func BenchmarkSedsSweep(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			sy := newSedsSystem(np.Pos)
			prev, next := sy.initial()
			b.ReportAllocs()
			for b.Loop() {
				sy.Sweep(prev, next)
				prev, next = next, prev
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*np.Pos.Len()), "ns/pt/iter")
		})
	}
}
