package movemodel

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"moyo/assets"
	"moyo/estimators/catalog"
	"moyo/internal/testutil"
	"moyo/preset"
	"moyo/rank"
)

func TestProbabilities(t *testing.T) {
	for _, tc := range []struct {
		u    []float64
		beta float64
		want []float64
	}{
		{[]float64{0, 0, 0, 0}, 3, []float64{0.25, 0.25, 0.25, 0.25}},
		{[]float64{1, 2, 3}, 0, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
		// e^0 : e^{ln 3} = 1 : 3.
		{[]float64{0, 1}, math.Log(3), []float64{0.25, 0.75}},
		{[]float64{0, 1}, -math.Log(3), []float64{0.75, 0.25}},
		// Exponents of 1e6 would overflow without the shift.
		{[]float64{1000, 999, -1000}, 1000, []float64{1 / (1 + math.Exp(-1000)), math.Exp(-1000) / (1 + math.Exp(-1000)), 0}},
		{[]float64{5, 5 + math.Log(2)}, 1, []float64{1.0 / 3, 2.0 / 3}},
	} {
		got := Probabilities(tc.u, tc.beta)
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-14 {
				t.Errorf("Probabilities(%v, %v) = %v, want %v", tc.u, tc.beta, got, tc.want)
				break
			}
		}
		for i := range tc.u {
			c := Choice{U: tc.u, Played: i}
			if want := math.Log(tc.want[i]); tc.want[i] > 0 && math.Abs(c.LogProb(tc.beta)-want) > 1e-12 {
				t.Errorf("LogProb of move %d of %v at %v = %v, want %v", i, tc.u, tc.beta, c.LogProb(tc.beta), want)
			}
		}
	}
	if got := (Choice{U: make([]float64, 250)}).Uniform(); math.Abs(got+math.Log(250)) > 1e-15 {
		t.Errorf("Uniform of 250 moves = %v, want −ln 250", got)
	}
}

// repeat returns n copies of c.
func repeat(c Choice, n int) []Choice {
	out := make([]Choice, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// TestFitClosedForm fits choices whose maximum-likelihood β is known in
// closed form: with utilities (0, 1) and the better move played k times in
// n, P = σ(β) = k/n, so β = ln(k/(n−k)); with (0, 0, 1), e^β/(2 + e^β) =
// k/n, so β = ln(2k/(n−k)).
func TestFitClosedForm(t *testing.T) {
	for _, tc := range []struct {
		name   string
		u      []float64
		k, n   int
		want   float64
		stdErr float64
	}{
		{"two moves, 3 of 4", []float64{0, 1}, 3, 4, math.Log(3), 1 / math.Sqrt(4*0.75*0.25)},
		{"two moves, 1 of 4", []float64{0, 1}, 1, 4, -math.Log(3), 1 / math.Sqrt(4*0.75*0.25)},
		{"two moves, half", []float64{0, 1}, 5, 10, 0, 1 / math.Sqrt(10*0.25)},
		{"three moves, 7 of 10", []float64{0, 0, 1}, 7, 10, math.Log(14.0 / 3), math.NaN()},
		// Utilities in points: a difference of 4 points.
		{"scaled, 9 of 10", []float64{-2, 2}, 9, 10, math.Log(9) / 4, math.NaN()},
	} {
		best := len(tc.u) - 1
		choices := append(repeat(Choice{U: tc.u, Played: best}, tc.k), repeat(Choice{U: tc.u, Played: 0}, tc.n-tc.k)...)
		f, err := FitBeta(choices)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if math.Abs(f.Beta-tc.want) > 1e-10 {
			t.Errorf("%s: β = %.15g, want %.15g", tc.name, f.Beta, tc.want)
		}
		if !math.IsNaN(tc.stdErr) && math.Abs(f.StdErr-tc.stdErr) > 1e-9 {
			t.Errorf("%s: standard error %v, want %v", tc.name, f.StdErr, tc.stdErr)
		}
		wantLL := 0.0
		for _, c := range choices {
			wantLL += math.Log(Probabilities(c.U, tc.want)[c.Played])
		}
		if math.Abs(f.LogLik-wantLL) > 1e-10 || f.Choices != tc.n {
			t.Errorf("%s: log-likelihood %v over %d, want %v over %d", tc.name, f.LogLik, f.Choices, wantLL, tc.n)
		}
		if want := -float64(tc.n) * math.Log(float64(len(tc.u))); math.Abs(f.Uniform-want) > 1e-12 {
			t.Errorf("%s: uniform %v, want %v", tc.name, f.Uniform, want)
		}
	}
}

// sample draws n choices of m moves each, utilities N(0, σ²), the played
// move drawn from the model at β.
func sample(rng *rand.Rand, n, m int, sigma, beta float64) []Choice {
	choices := make([]Choice, n)
	for k := range choices {
		u := make([]float64, m)
		for i := range u {
			u[i] = sigma * rng.NormFloat64()
		}
		p := Probabilities(u, beta)
		r := rng.Float64()
		played := m - 1
		for i, x := range p {
			if r -= x; r < 0 {
				played = i
				break
			}
		}
		choices[k] = Choice{U: u, Played: played}
	}
	return choices
}

// TestFitRecoversBeta samples choices from the model at known β and
// checks that the fit finds β within four standard errors, and that the
// standard error is what the sample size allows.
func TestFitRecoversBeta(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, beta := range []float64{0.05, 0.4, 1.5, -0.3} {
		choices := sample(rng, 2000, 60, 3, beta)
		f, err := FitBeta(choices)
		if err != nil {
			t.Fatalf("β = %v: %v", beta, err)
		}
		if math.Abs(f.Beta-beta) > 4*f.StdErr || f.StdErr > 0.05 {
			t.Errorf("β = %v: fitted %v ± %v", beta, f.Beta, f.StdErr)
		}
		// The fit is the maximum: no better on either side.
		for _, d := range []float64{-1e-4, 1e-4} {
			if ll, _, _ := LogLikelihood(choices, f.Beta+d); ll > f.LogLik {
				t.Errorf("β = %v: ℓ(%v) = %v beats the fit's ℓ(%v) = %v", beta, f.Beta+d, ll, f.Beta, f.LogLik)
			}
		}
		if beta > 0.3 && f.PerMove() <= f.UniformPerMove() {
			t.Errorf("β = %v: %v nats per move, no better than uniform %v", beta, f.PerMove(), f.UniformPerMove())
		}
	}
}

func TestFitUnbounded(t *testing.T) {
	for _, tc := range []struct {
		name    string
		choices []Choice
	}{
		{"always best", []Choice{{U: []float64{0, 1}, Played: 1}, {U: []float64{3, 2, 3}, Played: 0}}},
		{"always worst", []Choice{{U: []float64{0, 1}, Played: 0}, {U: []float64{3, 2, 3}, Played: 1}}},
		{"flat", []Choice{{U: []float64{1, 1}, Played: 0}, {U: []float64{0, 0, 0}, Played: 2}}},
	} {
		if _, err := FitBeta(tc.choices); !errors.Is(err, ErrUnbounded) {
			t.Errorf("%s: %v, want ErrUnbounded", tc.name, err)
		}
	}
	for _, bad := range [][]Choice{nil, {{U: []float64{1}}}, {{U: []float64{1, 2}, Played: 2}}} {
		if _, err := FitBeta(bad); err == nil || errors.Is(err, ErrUnbounded) {
			t.Errorf("FitBeta(%v) = %v, want an error about the input", bad, err)
		}
	}
}

// goldenMax maximises the concave f on [a, b] by golden-section search,
// which, unlike FitBeta, uses no derivative.
func goldenMax(f func(float64) float64, a, b float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	c, d := b-g*(b-a), a+g*(b-a)
	fc, fd := f(c), f(d)
	for b-a > 1e-9 {
		if fc > fd {
			b, d, fd = d, c, fc
			c = b - g*(b-a)
			fc = f(c)
		} else {
			a, c, fc = c, d, fd
			d = a + g*(b-a)
			fd = f(d)
		}
	}
	return (a + b) / 2
}

// recordChoices ranks, with est at its defaults, the positions after every
// step-th move of the records in testdata and returns the choice of the
// move played next in each.
func recordChoices(tb testing.TB, name string, step int) []Choice {
	tb.Helper()
	est, err := catalog.ByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no records: %v", err)
	}
	var choices []Choice
	for _, file := range files {
		rec := testutil.ReadRecord(tb, file)
		for n := step; n < rec.Moves(); n += step {
			next := rec.AfterMove(n + 1)
			if next.Move == nil || next.Move.Pass {
				continue
			}
			pos := rec.AfterMove(n).Position
			moves, err := rank.Rank(context.Background(), est, pos, est.Info().Defaults(), nil)
			if err != nil {
				tb.Fatal(err)
			}
			if c, ok := ChoiceOf(moves, next.Move.Point); ok {
				choices = append(choices, c)
			}
		}
	}
	return choices
}

// TestFitRecords fits β for seds to the moves played in the records of
// testdata: every twentieth position of four games. Under seds's one-ply
// estimate the professional moves are better than uniform (β > 0 by more
// than three standard errors, 0.1 nats per move above ln 1/n), and
// Newton's β is the maximum a derivative-free search finds.
func TestFitRecords(t *testing.T) {
	choices := recordChoices(t, "seds", 20)
	if len(choices) < 45 {
		t.Fatalf("%d choices, want at least 45 from four records", len(choices))
	}
	f, err := FitBeta(choices)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("seds on %d positions: β = %.4f ± %.4f per point, %.4f nats per move against uniform %.4f (%d evaluations)",
		f.Choices, f.Beta, f.StdErr, f.PerMove(), f.UniformPerMove(), f.Iterations)
	if f.Beta <= 3*f.StdErr {
		t.Errorf("β = %v ± %v: the played moves are not preferred", f.Beta, f.StdErr)
	}
	if f.PerMove()-f.UniformPerMove() < 0.1 {
		t.Errorf("%v nats per move, less than 0.1 better than uniform %v", f.PerMove(), f.UniformPerMove())
	}
	ll := func(b float64) float64 { l, _, _ := LogLikelihood(choices, b); return l }
	if g := goldenMax(ll, -10, 10); math.Abs(g-f.Beta) > 1e-6 {
		t.Errorf("Newton's β %v, golden section's %v", f.Beta, g)
	}
	// The β fitted on the AI collection, which these games are not part
	// of, predicts them better than the uniform choice too.
	shipped, ok := FittedBeta("seds", "")
	if !ok {
		t.Fatal("no fitted β for seds")
	}
	if l := ll(shipped.Beta); l <= f.Uniform {
		t.Errorf("at the shipped β %v: %v nats per move, uniform %v", shipped.Beta, l/float64(f.Choices), f.UniformPerMove())
	}
}

// TestFittedBeta checks that every estimator has a fitted β at its
// defaults, and every preset a β is given for is one moyo ships.
func TestFittedBeta(t *testing.T) {
	for _, name := range catalog.Names() {
		if f, ok := FittedBeta(name, ""); !ok || !(f.StdErr > 0) {
			t.Errorf("%s: no fitted β (%+v)", name, f)
		}
	}
	for _, f := range fitted {
		if f.Preset == "" {
			continue
		}
		sub, err := fs.Sub(assets.Presets(), f.Estimator)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := preset.LoadFS(sub, f.Preset, catalog.All()); err != nil {
			t.Errorf("β of %s's preset %q: %v", f.Estimator, f.Preset, err)
		}
	}
	if _, ok := FittedBeta("seds", "no such preset"); ok {
		t.Error("a β for a preset that does not exist")
	}
}

// BenchmarkFitBeta fits β to 1000 positions of 250 legal moves, about
// what 'moyo eval --predict' fits per estimator on a collection of 300
// games.
func BenchmarkFitBeta(b *testing.B) {
	choices := sample(rand.New(rand.NewPCG(3, 4)), 1000, 250, 3, 0.4)
	for b.Loop() {
		if _, err := FitBeta(choices); err != nil {
			b.Fatal(err)
		}
	}
}
