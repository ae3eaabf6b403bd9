package estimators

import (
	"context"
	"testing"

	"moyo/internal/testpos"
)

// The benchmarks run each estimator at its defaults on the positions in
// testpos.Records: records at moves 50, 150 and 250.

func BenchmarkPropagate(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := Propagate{}.Info().Defaults()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Propagate{}).Estimate(context.Background(), np.Pos, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSymmetric(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := Symmetric{}.Info().Defaults()
			b.ReportAllocs()
			sweeps := 0
			for b.Loop() {
				res, err := Symmetric{}.Estimate(context.Background(), np.Pos, p)
				if err != nil {
					b.Fatal(err)
				}
				sweeps += res.Iterations
			}
			// Whole runs, set-up included, per point and sweep.
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(sweeps*np.Pos.Len()), "ns/pt/iter")
			b.ReportMetric(float64(sweeps)/float64(b.N), "iters")
		})
	}
}

// BenchmarkSymmetricSweep times one Jacobi sweep alone, the part that
// repeats: it must not allocate.
func BenchmarkSymmetricSweep(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			sw := newSymSweep(np.Pos, readSymmetric(Symmetric{}.Info().Defaults()))
			prev := make([]float64, np.Pos.Len())
			for i := range prev {
				prev[i] = float64(np.Pos.Cell(i))
			}
			next := append([]float64(nil), prev...)
			b.ReportAllocs()
			for b.Loop() {
				sw.Sweep(prev, next)
				prev, next = next, prev
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*np.Pos.Len()), "ns/pt/iter")
		})
	}
}
