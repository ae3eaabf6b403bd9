package randfield

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"moyo/board"
	"moyo/internal/testpos"
)

// b5Distribution returns the probabilities of every spin configuration of
// pos under m (bit i of a configuration set: point i is White), by brute
// force; for boards of up to 4×4.
func b5Distribution(m Boltzmann5, pos *board.Position) []float64 {
	return boltzmann(pos.Len(), func(s func(i int) float64) float64 {
		e := 0.0
		for i := range pos.Len() {
			for _, j := range pos.Neighbors(i) {
				e += m.Field(pos.Cell(i)) * s(i)
				if j > i {
					e += m.Coupling(pos.Cell(i), pos.Cell(j)) * s(i) * s(j)
				}
			}
		}
		return e
	})
}

// boltzmann returns the probabilities exp(energy)/Z of the 2ⁿ spin
// configurations of n points, by brute force; energy reads the spin of
// point i, +1 Black and −1 White, as s(i) (bit i of a configuration set:
// point i is White).
func boltzmann(n int, energy func(s func(i int) float64) float64) []float64 {
	logw := make([]float64, 1<<n)
	top := math.Inf(-1)
	for cfg := range logw {
		e := energy(func(i int) float64 { return float64(1 - 2*(cfg>>i&1)) })
		logw[cfg] = e
		top = max(top, e)
	}
	z := 0.0
	for cfg, e := range logw {
		logw[cfg] = math.Exp(e - top)
		z += logw[cfg]
	}
	for cfg := range logw {
		logw[cfg] /= z
	}
	return logw
}

// b5Owner turns configuration cfg into a final ownership.
func b5Owner(cfg, n int) []int8 {
	o := make([]int8, n)
	for i := range o {
		o[i] = int8(1 - 2*(cfg>>i&1))
	}
	return o
}

// TestGradientModelStatistics checks the model side of the gradient, from
// BP's node and edge beliefs, against the exact expectations: with weak
// couplings loopy BP is nearly exact, so the two agree closely, and a
// slip in the bookkeeping of the messages would not.
func TestGradientModelStatistics(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	m := Boltzmann5{HStone: 0.2, WEmpty: 0.1, WStoneEmpty: 0.15, WSame: 0.25, WOpp: -0.1}
	p := BP{}.Info().Defaults()
	p = p.WithNum("max-iter", 500).WithNum("tol", 1e-12)
	for range 5 {
		pos := testpos.Random(t, r, 4, 0.5)
		dist := b5Distribution(m, pos)
		want := b5ExactStatistics(pos, dist)
		g, err := m.Gradient(context.Background(), []B5Example{{pos, make([]int8, pos.Len())}}, p, 1)
		if err != nil {
			t.Fatal(err)
		}
		for k, name := range B5Names() {
			if math.Abs(g.Model[k]-want[k]) > 0.02*(1+math.Abs(want[k])) {
				t.Errorf("%s on\n%v: BP expectation %v, exact %v", name, pos, g.Model[k], want[k])
			}
			if g.Data[k] != 0 {
				t.Errorf("%s: data statistic %v of an all-neutral ownership, want 0", name, g.Data[k])
			}
		}
	}
}

// b5ExactStatistics returns the expectations of the five statistics on
// pos under the distribution dist of its configurations.
func b5ExactStatistics(pos *board.Position, dist []float64) [5]float64 {
	var e [5]float64
	for cfg, w := range dist {
		s := func(i int) float64 { return float64(1 - 2*(cfg>>i&1)) }
		for i := range pos.Len() {
			ci := pos.Cell(i)
			for _, j := range pos.Neighbors(i) {
				e[b5HStone] += w * float64(ci) * s(i)
				if j > i {
					e[b5Kind(ci, pos.Cell(j))] += w * s(i) * s(j)
				}
			}
		}
	}
	return e
}

// TestFitBoltzmann5Synthetic samples final ownerships from known
// parameters on random 4×4 positions, exactly, and checks that the fit
// from all-zero parameters moves towards them and lowers the
// cross-entropy.
func TestFitBoltzmann5Synthetic(t *testing.T) {
	if testing.Short() {
		t.Skip("samples 2^16 configurations per position")
	}
	r := rand.New(rand.NewPCG(1, 2))
	truth := Boltzmann5{HStone: 0.3, WEmpty: 0.4, WStoneEmpty: 0.5, WSame: 1.2, WOpp: 0.2}
	var examples []B5Example
	for range 24 {
		pos := testpos.Random(t, r, 4, 0.4)
		dist := b5Distribution(truth, pos)
		cum := make([]float64, len(dist))
		acc := 0.0
		for k, w := range dist {
			acc += w
			cum[k] = acc
		}
		for range 40 {
			cfg, _ := slices.BinarySearch(cum, r.Float64()*acc)
			examples = append(examples, B5Example{pos, b5Owner(min(cfg, len(cum)-1), pos.Len())})
		}
	}
	p := BP{}.Info().Defaults()
	p = p.WithNum("max-iter", 200)
	fit, trace, err := FitBoltzmann5(context.Background(), Boltzmann5{}, examples, FitOptions{Params: p})
	if err != nil {
		t.Fatal(err)
	}
	dist := func(m Boltzmann5) float64 {
		a, b := m.Vector(), truth.Vector()
		d := 0.0
		for k := range a {
			d += (a[k] - b[k]) * (a[k] - b[k])
		}
		return math.Sqrt(d)
	}
	first, last := trace[0], trace[len(trace)-1]
	t.Logf("fit %+v (distance %.3f from the truth, %.3f at the start); cross-entropy %.4f → %.4f per point",
		fit, dist(fit), dist(Boltzmann5{}), first.CrossEntropy/float64(first.Points), last.CrossEntropy/float64(last.Points))
	if dist(fit) > 0.25*dist(Boltzmann5{}) {
		t.Errorf("fit %+v is %.3f from the truth %+v, more than a quarter of the start's %.3f", fit, dist(fit), truth, dist(Boltzmann5{}))
	}
	if !(last.CrossEntropy < first.CrossEntropy) {
		t.Errorf("cross-entropy %v at the end, %v at the start", last.CrossEntropy, first.CrossEntropy)
	}
}

// TestBoltzmann5Params checks that the model travels in BP's parameters:
// the defaults are the paper's, and another model changes the values.
func TestBoltzmann5Params(t *testing.T) {
	pos := testpos.Random(t, rand.New(rand.NewPCG(7, 7)), 5, 0.4)
	p := BP{}.Info().Defaults()
	if got := Boltzmann5Of(p); got != SeedBoltzmann5() {
		t.Errorf("default model %+v, want Stern et al.'s", got)
	}
	want, err := BP{}.Estimate(context.Background(), pos, p)
	if err != nil {
		t.Fatal(err)
	}
	same, err := BP{}.Estimate(context.Background(), pos, SeedBoltzmann5().Params(p))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(same.Values, want.Values) {
		t.Errorf("Stern et al.'s model set again: %v, defaults %v", same.Values, want.Values)
	}
	other := Boltzmann5{HStone: 1}
	if got := Boltzmann5Of(other.Params(p)); got != other {
		t.Errorf("Boltzmann5Of(m.Params(p)) = %+v, want %+v", got, other)
	}
	res, err := BP{}.Estimate(context.Background(), pos, other.Params(p))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(res.Values, want.Values) {
		t.Error("BP ignores the model of its parameters")
	}
}

// TestBetheLogLikelihood checks B5Gradient.LogLikelihood against the
// exact log-likelihood ln P(s) = θ·φ(s) − ln Z, with ln Z from the exact
// transfer sweep and P(s) by brute force. With weak couplings the Bethe
// approximation of ln Z is nearly exact, so the two agree to a small
// fraction of ln 2 per point; at the paper's parameters BP is biased but
// the log-likelihood must still be negative. A wrong sign of ln Z_Bethe
// (once the case) gives θ·φ + ln Z, positive and far off.
func TestBetheLogLikelihood(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	p := BP{}.Info().Defaults()
	p = p.WithNum("max-iter", 2000).WithNum("tol", 1e-12)
	weak := Boltzmann5{HStone: 0.2, WEmpty: 0.1, WStoneEmpty: 0.15, WSame: 0.25, WOpp: -0.1}
	for _, tc := range []struct {
		m    Boltzmann5
		size int
		tol  float64 // per point
	}{
		{weak, 3, 0.002}, {weak, 4, 0.002},
		{SeedBoltzmann5(), 3, 0.1}, {SeedBoltzmann5(), 4, 0.1},
	} {
		for range 4 {
			pos := testpos.Random(t, r, tc.size, 0.4)
			n := pos.Len()
			dist := b5Distribution(tc.m, pos)
			ex, err := tc.m.exactMarginals(context.Background(), pos, 1)
			if err != nil {
				t.Fatal(err)
			}
			cfg := r.IntN(len(dist))
			owner := b5Owner(cfg, n)
			g, err := tc.m.Gradient(context.Background(), []B5Example{{pos, owner}}, p, 1)
			if err != nil {
				t.Fatal(err)
			}
			// θ·φ(s) − ln Z by the transfer sweep, and ln P(s) by brute force.
			v := tc.m.Vector()
			fromZ := -ex.logZ
			for k := range v {
				fromZ += v[k] * g.Data[k]
			}
			brute := math.Log(dist[cfg])
			if math.Abs(fromZ-brute) > 1e-9*float64(n) {
				t.Fatalf("%d×%d: θ·φ − ln Z = %v, brute force ln P = %v", tc.size, tc.size, fromZ, brute)
			}
			if g.Unconverged != 0 {
				t.Errorf("%d×%d %+v: BP did not converge", tc.size, tc.size, tc.m)
			}
			if !(g.LogLikelihood < 0) {
				t.Errorf("%d×%d %+v: Bethe log-likelihood %v, want negative", tc.size, tc.size, tc.m, g.LogLikelihood)
			}
			if d := math.Abs(g.LogLikelihood - brute); d > tc.tol*float64(n) {
				t.Errorf("%d×%d %+v on\n%v: Bethe log-likelihood %v, exact %v", tc.size, tc.size, tc.m, pos, g.LogLikelihood, brute)
			}
		}
	}
}

// TestGradientWarmStart checks that starting BP from the messages of
// nearby parameters, as FitBoltzmann5 does between steps, reaches the
// same fixed point as starting from uniform messages.
func TestGradientWarmStart(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	p := BP{}.Info().Defaults()
	p = p.WithNum("max-iter", 2000).WithNum("tol", 1e-10)
	var examples []B5Example
	for range 4 {
		pos := testpos.Random(t, r, 7, 0.4)
		examples = append(examples, B5Example{pos, make([]int8, pos.Len())})
	}
	m := Boltzmann5{HStone: 0.2, WEmpty: 0.3, WStoneEmpty: 0.3, WSame: 0.8, WOpp: 0.2}
	_, warm, err := m.gradient(context.Background(), examples, p, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	next := m
	next.WSame += 0.05
	cold, err := next.Gradient(context.Background(), examples, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	hot, _, err := next.gradient(context.Background(), examples, p, 1, warm)
	if err != nil {
		t.Fatal(err)
	}
	if cold.Unconverged+hot.Unconverged != 0 {
		t.Fatalf("BP did not converge: %d cold, %d warm", cold.Unconverged, hot.Unconverged)
	}
	for k, name := range B5Names() {
		if math.Abs(cold.Model[k]-hot.Model[k]) > 1e-6*(1+math.Abs(cold.Model[k])) {
			t.Errorf("%s: %v from uniform messages, %v warm", name, cold.Model[k], hot.Model[k])
		}
	}
	if math.Abs(cold.LogLikelihood-hot.LogLikelihood) > 1e-6 {
		t.Errorf("log-likelihood %v from uniform messages, %v warm", cold.LogLikelihood, hot.LogLikelihood)
	}
}

// TestFitBoltzmann5Stops checks that the fit stops once a step would move
// no parameter by more than FitOptions.Tol, and that every accepted step
// raises the Bethe log-likelihood.
func TestFitBoltzmann5Stops(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 9))
	var examples []B5Example
	for range 6 {
		pos := testpos.Random(t, r, 5, 0.4)
		owner := make([]int8, pos.Len())
		for i := range owner {
			owner[i] = int8(1 - 2*r.IntN(2))
		}
		examples = append(examples, B5Example{pos, owner})
	}
	p := BP{}.Info().Defaults()
	p = p.WithNum("max-iter", 500)
	_, trace, err := FitBoltzmann5(context.Background(), SeedBoltzmann5(), examples, FitOptions{Iterations: 200, Tol: 1e-3, Params: p})
	if err != nil {
		t.Fatal(err)
	}
	if len(trace) == 200 {
		t.Errorf("ran all 200 iterations with tolerance 1e-3")
	}
	if len(trace) < 3 {
		t.Errorf("stopped after %d iterations", len(trace))
	}
	t.Logf("%d iterations", len(trace))
	best := math.Inf(-1)
	for _, it := range trace {
		if it.Accepted {
			if it.LogLikelihood < best {
				t.Errorf("iteration %d accepted at log-likelihood %v below %v", it.Iteration, it.LogLikelihood, best)
			}
			best = it.LogLikelihood
		}
		if it.LogLikelihood > 0 {
			t.Errorf("iteration %d: Bethe log-likelihood %v is positive", it.Iteration, it.LogLikelihood)
		}
	}
}
