package randfield

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testpos"
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
