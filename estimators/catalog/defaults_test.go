package catalog

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"moyo/assets"
	"moyo/estimators"
	"moyo/game"
	"moyo/internal/testpos"
)

// bundledPositions returns the positions a new user meets first: the
// app's sample game at its opening move, and moves 50, 100, 150, 200 and
// the last of it and of every record in testdata/records.
func bundledPositions(t *testing.T) []testpos.Named {
	t.Helper()
	sample, err := game.Parse(assets.Sample(), 0)
	if err != nil {
		t.Fatal(err)
	}
	recs := map[string]*game.Record{"sample": sample}
	names := []string{"sample"}
	for _, name := range testpos.RecordNames(t) {
		recs[name] = testpos.Game(t, name)
		names = append(names, name)
	}
	var out []testpos.Named
	for _, name := range names {
		rec := recs[name]
		moves := []int{50, 100, 150, 200, rec.Moves()}
		if name == "sample" {
			moves = append(moves, assets.SampleMove)
		}
		slices.Sort(moves)
		for _, n := range slices.Compact(moves) {
			if n <= rec.Moves() {
				out = append(out, testpos.Named{Name: fmt.Sprintf("%s, move %d", name, n), Pos: rec.AfterMove(n).Position})
			}
		}
	}
	return out
}

// TestDefaultsReachFixedPoint: at its defaults no estimator stops far
// from its fixed point, or finds none, on the positions a new user meets
// first, so that the convergence panel greets no one with a warning; the
// papers' published settings, a preset away, do on some (symmetric's
// Jacobi sweeps to 1e-4 on the openings, bp's 50 parallel updates at move
// 50).
func TestDefaultsReachFixedPoint(t *testing.T) {
	published := map[string]int{}
	for _, np := range bundledPositions(t) {
		for _, e := range All() {
			in := e.Info()
			for _, usePublished := range []bool{false, true} {
				p := in.Defaults()
				if usePublished {
					if in.Published.Len() == 0 {
						continue
					}
					p = in.PublishedParams()
				}
				res := estimate(t, e, np.Pos, p)
				fp, err := estimators.Refine(context.Background(), e, np.Pos, p, res)
				if err != nil {
					t.Fatalf("%s, %s: %v", in.Name, np.Name, err)
				}
				line, warn := fp.Line()
				switch {
				case usePublished && warn:
					published[in.Name]++
				case !usePublished && warn:
					t.Errorf("%s, %s, defaults: %s", in.Name, np.Name, line)
				}
			}
		}
	}
	t.Logf("warnings at the published settings, by estimator: %v", published)
	for _, name := range []string{"symmetric", "bp"} {
		if published[name] == 0 {
			t.Errorf("%s's published settings stop near the fixed point everywhere: the test checks nothing the defaults changed", name)
		}
	}
}

// BenchmarkDefaultsVsPublished times a run of every iterative estimator
// on the record positions at moyo's defaults and at the paper's published
// settings, and reports the iterations it took (iters) and how far it
// stopped from the fixed point (|Δscore|, in points of board score): the
// price of the defaults' reaching it.
//
//	go test -run '^$' -bench DefaultsVsPublished ./estimators/catalog/
func BenchmarkDefaultsVsPublished(b *testing.B) {
	for _, e := range All() {
		in := e.Info()
		if !in.Iterative || in.Published.Len() == 0 {
			continue
		}
		for _, set := range []struct {
			name string
			p    estimators.Params
		}{{"defaults", in.Defaults()}, {"published", in.PublishedParams()}} {
			for _, np := range testpos.Records(b) {
				b.Run(in.Name+"/"+set.name+"/"+np.Name, func(b *testing.B) {
					var res estimators.Result
					for b.Loop() {
						res = estimate(b, e, np.Pos, set.p)
					}
					fp, err := estimators.Refine(context.Background(), e, np.Pos, set.p, res)
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(res.Iterations), "iters")
					b.ReportMetric(math.Abs(fp.ScoreDelta), "|Δscore|")
				})
			}
		}
	}
}
