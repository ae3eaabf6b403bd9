package gamescore

import (
	"context"
	"fmt"
	"testing"

	"moyo/estimators"
)

// BenchmarkCompute times the whole game, every move of each record of
// testdata, per estimator at its defaults, on all cores: ns/op is per
// record, µs/move per position. symmetric is also timed on one core and
// with warm starts (Options.Warm), the alternatives the app does not take.
//
//	go test ./gamescore -run NONE -bench Compute
func BenchmarkCompute(b *testing.B) {
	type variant struct {
		name string
		opt  Options
	}
	cold := []variant{{"", Options{}}}
	for _, est := range estimators.All() {
		variants := cold
		if name := est.Info().Name; name == "symmetric" || name == "seds" {
			variants = []variant{{"", Options{}}, {"/1core", Options{Workers: 1}}, {"/warm", Options{Warm: true}}, {"/warm-1core", Options{Warm: true, Workers: 1}}}
		}
		for _, r := range records {
			ps := Positions(readRecord(b, r.file))
			p := est.Info().Defaults()
			for _, v := range variants {
				b.Run(fmt.Sprintf("%s%s/%d-moves", est.Info().Name, v.name, r.moves), func(b *testing.B) {
					for b.Loop() {
						if _, err := Compute(context.Background(), est, p, ps, v.opt, nil); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(ps)), "µs/move")
				})
			}
		}
	}
}
