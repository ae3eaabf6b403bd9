package randfield

import (
	"context"
	"math"
	"testing"

	"moyo/internal/testpos"
)

// BenchmarkBPL runs the paper's 50 iterations of loopy BP of bpl on each
// record position, as BenchmarkBP does for bp.
func BenchmarkBPL(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := BPL{}.Info().PublishedParams()
			p = p.WithNum("tol", math.SmallestNonzeroFloat64)
			b.ReportAllocs()
			for b.Loop() {
				res, err := BPL{}.Estimate(context.Background(), np.Pos, p)
				if err != nil {
					b.Fatal(err)
				}
				if res.Iterations != 50 {
					b.Fatalf("%d iterations", res.Iterations)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(50*b.N*np.Pos.Len()), "ns/pt/iter")
		})
	}
}

// BenchmarkBPLIterate times one parallel update of all of bpl's messages:
// it must not allocate. The update is bp's; only the factor tables differ.
func BenchmarkBPLIterate(b *testing.B) {
	np := testpos.Records(b)[4]
	g := newFieldBPGraph(SeedBoltzmannLiberties(), np.Pos)
	old := make([]float64, 8*np.Pos.Len())
	next := make([]float64, len(old))
	bpUniform(old)
	bpUniform(next)
	b.ReportAllocs()
	for b.Loop() {
		g.iterate(old, next, 0.5)
		old, next = next, old
	}
}

// BenchmarkBPLExact19 computes bpl's exact marginals of one 19×19
// position on all cores.
func BenchmarkBPLExact19(b *testing.B) {
	if testing.Short() {
		b.Skip("seconds per run")
	}
	np := testpos.Records(b)[4]
	p := BPL{}.Info().Defaults().WithText("inference", InferenceExact.String())
	for b.Loop() {
		if _, err := (BPL{}).Estimate(context.Background(), np.Pos, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSamplerSweep times one sweep of each of a Sampler's two chains
// on a 19×19 position, by Swendsen–Wang and by Gibbs: it must not allocate.
func BenchmarkSamplerSweep(b *testing.B) {
	np := testpos.Records(b)[4]
	for _, method := range []SampleMethod{SampleSW, SampleGibbs} {
		b.Run(method.String(), func(b *testing.B) {
			s, err := NewSampler(SeedBoltzmannLiberties(), np.Pos, SamplerOptions{Method: method, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			score := 0
			visit := func(spins []int8) {
				for _, v := range spins {
					score += int(v)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.Run(context.Background(), 1, visit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
