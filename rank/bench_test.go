package rank

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testutil"
)

// bundledRecords returns the 19×19 records in testdata/records, by a
// short name.
func bundledRecords() map[string]string {
	return map[string]string{
		"mi-yuting":      "29-2016.12.31-Master-Mi_Yuting.sgf",
		"park-jung-hwan": "48-2017.01.03-Master-Park_Jung-hwan.sgf",
		"gu-li":          "60-2017.01.04-Master-Gu_Li.sgf",
	}
}

// afterMove returns the position after move n of each bundled record that
// has n moves, by the record's name.
func afterMove(tb testing.TB, n int) map[string]*board.Position {
	tb.Helper()
	out := map[string]*board.Position{}
	for name, file := range bundledRecords() {
		rec := testutil.ReadRecord(tb, filepath.Join("..", "testdata", "records", file))
		if rec.Moves() >= n {
			out[name] = rec.AfterMove(n).Position
		}
	}
	return out
}

// move150 returns the position after move 150 of each bundled record.
func move150(tb testing.TB) map[string]*board.Position { return afterMove(tb, 150) }

// BenchmarkTable1 repeats Wolf's Table 1 for seds at its defaults: at
// the move numbers of the table, the time of one static evaluation
// (µs/eval, one core, working memory reused, as in a ranking) and of
// ranking all legal moves (ms/rank, on all cores), averaged over the
// bundled records that are that long (all three up to move 200, one at
// 300). The seed's, on one core of a 2009 Pentium D: 46–180 µs and
// 10.8–19.3 ms.
func BenchmarkTable1(b *testing.B) {
	est, p := estimator(b, "seds")
	ws := est.(estimators.WarmStarter)
	for _, move := range []int{10, 30, 100, 130, 200, 300} {
		var positions []*board.Position
		for _, pos := range afterMove(b, move) {
			positions = append(positions, pos)
		}
		b.Run(fmt.Sprintf("move=%d/eval", move), func(b *testing.B) {
			var sc estimators.Scratch
			for b.Loop() {
				for _, pos := range positions {
					if _, err := ws.EstimateFrom(context.Background(), pos, p, nil, &sc); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N*len(positions)), "µs/eval")
		})
		b.Run(fmt.Sprintf("move=%d/rank", move), func(b *testing.B) {
			for b.Loop() {
				for _, pos := range positions {
					if _, err := Rank(context.Background(), est, pos, p, nil); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N*len(positions)), "ms/rank")
		})
	}
}

// BenchmarkRankMove150 ranks every legal move after move 150 of the
// bundled records with symmetric and seds at their defaults, on all cores:
// "warm" as Rank does, each candidate starting from the fixed point before
// the move with one Scratch per worker, and "cold" from scratch, as before
// warm starts, which is also what an estimator without them gets. ms/rank
// is the time of one ranking (Wolf's Table 1 reports 19.2 ms at move
// 100 and 19.3 ms at move 130 for seds, on one core of a 2009 Pentium D).
func BenchmarkRankMove150(b *testing.B) {
	positions := move150(b)
	for _, name := range []string{"symmetric", "seds"} {
		for _, start := range []string{"warm", "cold"} {
			for _, rec := range []string{"mi-yuting", "park-jung-hwan", "gu-li"} {
				b.Run(name+"/"+start+"/"+rec, func(b *testing.B) {
					pos := positions[rec]
					est, p := estimator(b, name)
					if start == "cold" {
						est = cold{est}
					}
					n := len(pos.LegalMoves(pos.ToMove()))
					b.ReportAllocs()
					for b.Loop() {
						if _, err := Rank(context.Background(), est, pos, p, nil); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N), "ms/rank")
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N*n), "µs/move")
					b.ReportMetric(float64(n), "moves")
				})
			}
		}
	}
}
