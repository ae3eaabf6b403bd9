package randfield

import (
	"context"
	"math"
	"testing"

	"moyo/internal/testpos"
)

// BenchmarkBP runs the paper's 50 iterations of loopy BP on each record
// position (the tolerance is set out of reach so that all 50 run).
func BenchmarkBP(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := BP{}.Info().PublishedParams()
			p = p.WithNum("tol", math.SmallestNonzeroFloat64)
			b.ReportAllocs()
			for b.Loop() {
				res, err := BP{}.Estimate(context.Background(), np.Pos, p)
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

// BenchmarkBPIterate times one parallel update of all messages, the part
// that repeats: it must not allocate.
func BenchmarkBPIterate(b *testing.B) {
	np := testpos.Records(b)[4]
	g := newBPGraph(SeedBoltzmann5(), np.Pos)
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

// BenchmarkBPExact19 computes the exact marginals of one 19×19 position on
// all cores.
func BenchmarkBPExact19(b *testing.B) {
	if testing.Short() {
		b.Skip("seconds per run")
	}
	np := testpos.Records(b)[4]
	p := BP{}.Info().Defaults()
	p = p.WithText("inference", InferenceExact.String())
	for b.Loop() {
		if _, err := (BP{}).Estimate(context.Background(), np.Pos, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBPSW runs the sampler at its defaults (10,000 sweeps of two
// chains after 100 of burn-in) on one 19×19 position.
func BenchmarkBPSW(b *testing.B) {
	np := testpos.Records(b)[4]
	p := BP{}.Info().Defaults()
	p = p.WithText("inference", InferenceSW.String())
	for b.Loop() {
		if _, err := (BP{}).Estimate(context.Background(), np.Pos, p); err != nil {
			b.Fatal(err)
		}
	}
}
