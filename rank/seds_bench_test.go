package rank

import (
	"context"
	"testing"
)

// BenchmarkRankSeds ranks every legal move of the 19×19 middle-game
// position with seds at its defaults, on all cores: each move runs
// Benson's algorithm and seds's set-up, so their cost shows here.
func BenchmarkRankSeds(b *testing.B) {
	pos := middleGame(b)
	est, p := estimator(b, "seds")
	n := len(pos.LegalMoves(pos.ToMove()))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Rank(context.Background(), est, pos, p, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N*n), "µs/move")
	b.ReportMetric(float64(n), "moves")
}
