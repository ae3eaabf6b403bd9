package randfield

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"math/rand/v2"
	"testing"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testpos"
	"moyo/preset"
)

// TestSamplerMarginals checks that the running averages of both samplers
// approach the exact marginals of both models on small boards.
func TestSamplerMarginals(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2))
	for trial := range 4 {
		pos := testpos.Random(t, r, 4+trial%2, 0.4)
		for _, m := range []RandomField{SeedBoltzmann5(), bplRandomModel(r, 0.6)} {
			ex, err := fieldExact(context.Background(), "test", m, pos, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, method := range []SampleMethod{SampleSW, SampleGibbs} {
				s, err := NewSampler(m, pos, SamplerOptions{Method: method, Seed: uint64(trial), BurnIn: 100})
				if err != nil {
					t.Fatal(err)
				}
				sum := make([]float64, pos.Len())
				count := 0
				if err := s.Run(context.Background(), 20000, func(spins []int8) {
					for i, v := range spins {
						sum[i] += float64(v)
					}
					count++
				}); err != nil {
					t.Fatal(err)
				}
				if count != 40000 || s.Sweeps() != 20000 {
					t.Fatalf("%d samples after %d sweeps, want 40000 after 20000", count, s.Sweeps())
				}
				worst := 0.0
				for i, v := range ex.values {
					worst = max(worst, math.Abs(sum[i]/float64(count)-v))
				}
				t.Logf("%T, %v, %d×%d: largest |mean − exact| %.4f", m, method, pos.Size(), pos.Size(), worst)
				// Gibbs crosses slowly between the states of a chain of
				// strongly coupled stones, so its error falls more slowly.
				if tol := map[SampleMethod]float64{SampleSW: 0.05, SampleGibbs: 0.1}[method]; worst > tol {
					t.Errorf("%T, %v on\n%v: largest |mean − exact| %.4f", m, method, pos, worst)
				}
			}
		}
	}
}

// With Swendsen–Wang, swapping the colours negates every sample, the two
// of each sweep exchanged.
func TestSamplerColorSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1))
	pos := testpos.Random(t, r, 9, 0.4)
	m := bplRandomModel(r, 1)
	var a, b [][]int8
	for k, q := range []*board.Position{pos, testpos.Swap(t, pos)} {
		s, err := NewSampler(m, q, SamplerOptions{Seed: 7, BurnIn: 10})
		if err != nil {
			t.Fatal(err)
		}
		out := &a
		if k == 1 {
			out = &b
		}
		if err := s.Run(context.Background(), 50, func(spins []int8) { *out = append(*out, append([]int8(nil), spins...)) }); err != nil {
			t.Fatal(err)
		}
	}
	for k := range a {
		other := b[k^1]
		for i, v := range a[k] {
			if other[i] != -v {
				t.Fatalf("sample %d, point %d: %d, %d with colours swapped", k, i, v, other[i])
			}
		}
	}
}

func TestSamplerRepeatsAndCancels(t *testing.T) {
	pos := testpos.Records(t)[0].Pos
	m := SeedBoltzmannLiberties()
	run := func(seed uint64) []int {
		s, err := NewSampler(m, pos, SamplerOptions{Seed: seed, BurnIn: 20})
		if err != nil {
			t.Fatal(err)
		}
		var scores []int
		for range 3 {
			if err := s.Run(context.Background(), 10, func(spins []int8) {
				sc := 0
				for _, v := range spins {
					sc += int(v)
				}
				scores = append(scores, sc)
			}); err != nil {
				t.Fatal(err)
			}
		}
		return scores
	}
	a, b, c := run(1), run(1), run(2)
	if len(a) != 60 {
		t.Fatalf("%d samples, want 60", len(a))
	}
	same := func(x, y []int) bool {
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Error("the same seed gave other samples")
	}
	if same(a, c) {
		t.Error("another seed gave the same samples")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := NewSampler(m, pos, SamplerOptions{Method: SampleGibbs, BurnIn: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(ctx, 10, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	if _, err := FieldOf(estimators.Symmetric{}, estimators.Symmetric{}.Info().Defaults()); err == nil {
		t.Error("FieldOf(symmetric): no error")
	}
	f, err := FieldOf(BPL{}, BPL{}.Info().Defaults())
	if err != nil || f.(BoltzmannLiberties) != SeedBoltzmannLiberties() {
		t.Errorf("FieldOf(bpl defaults) = %v, %v", f, err)
	}
}

// exactScores returns the exact distribution of the area score Σ s_i of
// model m on pos, by enumerating its 2^n states with the model's own
// factor tables: P[k] is the probability of score 2k − n.
func exactScores(m pairModel, pos *board.Position) []float64 {
	l := newFieldLayout(m, pos)
	n := pos.Len()
	p := make([]float64, n+1)
	z := 0.0
	for state := range 1 << n {
		w, score := 1.0, 0
		for i := range n {
			bi := state >> i & 1 // 0 for +1, 1 for −1
			score += 1 - 2*bi
			for _, j := range pos.Neighbors(i) {
				if j > i {
					w *= l.psi(m, i, j)[2*bi+state>>j&1]
				}
			}
		}
		p[(score+n)/2] += w
		z += w
	}
	for k := range p {
		p[k] /= z
	}
	return p
}

// shippedBPL returns the BoltzmannLiberties model of the bpl preset moyo
// ships, "fitted on AI games".
func shippedBPL(t *testing.T) BoltzmannLiberties {
	t.Helper()
	sub, err := fs.Sub(assets.Presets(), "bpl")
	if err != nil {
		t.Fatal(err)
	}
	p, err := preset.LoadFS(sub, "fitted on AI games", []estimators.Estimator{BPL{}})
	if err != nil {
		t.Fatal(err)
	}
	return BoltzmannLibertiesOf(p.Params)
}

// TestSamplerScores checks the distribution of the area score that the
// Swendsen–Wang sampler draws, which the app's histogram shows, against
// the exact one on 4×4 boards, for the paper's Boltzmann5 and the shipped
// BoltzmannLiberties model, whose score spreads far wider on a full board
// (docs/convergence.md): the spread is the models', not the sampler's.
func TestSamplerScores(t *testing.T) {
	bpl := shippedBPL(t)
	for _, diagram := range []string{
		". . . .\n. X . .\n. . O .\n. . . .",
		"X X . O\n. X O .\n. X O .\nX . . O",
		". X O .\nX O . O\nO X X .\n. O X .",
		". . . .\n. . . .\n. . . .\n. . . O",
	} {
		pos := testpos.Diagram(t, diagram)
		for _, m := range []RandomField{SeedBoltzmann5(), bpl} {
			exact := exactScores(m, pos)
			s, err := NewSampler(m, pos, SamplerOptions{Method: SampleSW, Seed: 1, BurnIn: DefaultBurnIn})
			if err != nil {
				t.Fatal(err)
			}
			counts := make([]float64, pos.Len()+1)
			if err := s.Run(context.Background(), 20000, func(spins []int8) {
				score := 0
				for _, v := range spins {
					score += int(v)
				}
				counts[(score+pos.Len())/2]++
			}); err != nil {
				t.Fatal(err)
			}
			tv, sdSampled, sdExact, meanS, meanE := 0.0, 0.0, 0.0, 0.0, 0.0
			for k, p := range exact {
				q := counts[k] / 40000
				tv += math.Abs(q-p) / 2
				x := float64(2*k - pos.Len())
				meanS += q * x
				meanE += p * x
				sdSampled += q * x * x
				sdExact += p * x * x
			}
			sdSampled, sdExact = math.Sqrt(sdSampled-meanS*meanS), math.Sqrt(sdExact-meanE*meanE)
			t.Logf("%T on %q: total variation %.4f; spread %.3f, exact %.3f", m, diagram, tv, sdSampled, sdExact)
			if tv > 0.03 || math.Abs(sdSampled-sdExact) > 0.05*sdExact {
				t.Errorf("%T on %q: total variation %.4f, spread %.3f against %.3f", m, diagram, tv, sdSampled, sdExact)
			}
		}
	}
}
