package randfield

import (
	"context"
	"math"
	"testing"

	"moyo/estimators"
	"moyo/internal/testpos"
)

// benchFields are the two random fields, each with the published model of its
// factor tables: bp and bpl share the message update and differ only in
// the tables.
var benchFields = []struct {
	name  string
	est   estimators.Estimator
	model pairModel
}{
	{"bp", BP{}, SeedBoltzmann5()},
	{"bpl", BPL{}, SeedBoltzmannLiberties()},
}

// BenchmarkBP runs the paper's 50 iterations of loopy BP of each field on
// each record position (the tolerance is set out of reach so that all 50
// run).
func BenchmarkBP(b *testing.B) {
	for _, f := range benchFields {
		for _, np := range testpos.Records(b) {
			b.Run(f.name+"/"+np.Name, func(b *testing.B) {
				p := f.est.Info().PublishedParams()
				p = p.WithNum("tol", math.SmallestNonzeroFloat64)
				b.ReportAllocs()
				for b.Loop() {
					res, err := f.est.Estimate(context.Background(), np.Pos, p)
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
}

// BenchmarkBPIterate times one parallel update of all messages, the part
// that repeats: it must not allocate.
func BenchmarkBPIterate(b *testing.B) {
	np := testpos.Records(b)[4]
	for _, f := range benchFields {
		b.Run(f.name, func(b *testing.B) {
			g := newFieldBPGraph(f.model, np.Pos)
			old := make([]float64, 8*np.Pos.Len())
			next := make([]float64, len(old))
			bpUniform(old)
			bpUniform(next)
			b.ReportAllocs()
			for b.Loop() {
				g.iterate(old, next, 0.5)
				old, next = next, old
			}
		})
	}
}

// BenchmarkBPExact19 computes each field's exact marginals of one 19×19
// position on all cores.
func BenchmarkBPExact19(b *testing.B) {
	if testing.Short() {
		b.Skip("seconds per run")
	}
	benchInference(b, InferenceExact)
}

// BenchmarkBPSW runs the sampler at its defaults (10,000 sweeps of two
// chains after 100 of burn-in) on one 19×19 position.
func BenchmarkBPSW(b *testing.B) { benchInference(b, InferenceSW) }

// benchInference times each field's estimate of one 19×19 position by inf,
// at the field's defaults otherwise.
func benchInference(b *testing.B, inf Inference) {
	np := testpos.Records(b)[4]
	for _, f := range benchFields {
		b.Run(f.name, func(b *testing.B) {
			p := f.est.Info().Defaults().WithText("inference", inf.String())
			for b.Loop() {
				if _, err := f.est.Estimate(context.Background(), np.Pos, p); err != nil {
					b.Fatal(err)
				}
			}
		})
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
