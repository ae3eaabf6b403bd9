package gamescore

import (
	"context"
	"fmt"
	"testing"

	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/randfield"
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
	for _, est := range catalog.All() {
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

// BenchmarkWinProbs times P(Black wins) at every move of the first record
// with bp's and bpl's fields at their defaults, 1,000 sweeps a position
// (as 'moyo game --win-prob' and 'moyo eval --win-prob' take), on all
// cores.
//
//	go test ./gamescore -run NONE -bench WinProbs -benchtime 1x
func BenchmarkWinProbs(b *testing.B) {
	ps := Positions(readRecord(b, records[0].file))
	for _, est := range []estimators.Estimator{randfield.BP{}, randfield.BPL{}} {
		m, err := randfield.FieldOf(est, est.Info().Defaults())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/%d-moves", est.Info().Name, records[0].moves), func(b *testing.B) {
			for b.Loop() {
				if _, err := WinProbs(context.Background(), m, ps, WinProbOptions{Komi: 6.5, Sweeps: 1000, Seed: 1}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(ps)), "ms/move")
		})
	}
}
