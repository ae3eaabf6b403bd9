package rank

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"moyo/board"
	"moyo/game"
)

// move150 returns the position after move 150 of each 19×19 record in
// testdata/records, by the record's name.
func move150(tb testing.TB) map[string]*board.Position {
	tb.Helper()
	out := map[string]*board.Position{}
	for name, file := range map[string]string{
		"mi-yuting":      "29-2016.12.31-Master-Mi_Yuting.sgf",
		"park-jung-hwan": "48-2017.01.03-Master-Park_Jung-hwan.sgf",
		"gu-li":          "60-2017.01.04-Master-Gu_Li.sgf",
	} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "records", file))
		if err != nil {
			tb.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		if err != nil {
			tb.Fatal(err)
		}
		out[name] = rec.AfterMove(150).Position
	}
	return out
}

// BenchmarkRankMove150 ranks every legal move after move 150 of the
// bundled records with symmetric and seds at their defaults, on all cores:
// "warm" as Rank does, each candidate starting from the fixed point before
// the move with one Scratch per worker, and "cold" from scratch, as before
// warm starts, which is also what an estimator without them gets. ms/rank
// is the time of one ranking (seed 001's Table 1 reports 19.2 ms at move
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
