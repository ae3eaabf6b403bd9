package count_test

import (
	"context"
	"slices"
	"testing"

	"moyo/count"
	"moyo/engines"
	"moyo/estimators"
	"moyo/internal/testenv"
)

// TestEnginesOGS measures the engines' judgements, read by FromValues,
// on online-go.com's 54 final positions, as TestAutoOGS measures moyo's:
// positions marked exactly as the players agreed. Run with -v to see the
// figures docs/counting.md gives.
func TestEnginesOGS(t *testing.T) {
	positions := testenv.OGSPositions(t)
	t.Run("gnugo", func(t *testing.T) {
		e := engines.NewGnuGoEngine(testenv.GnuGo(t))
		defer e.Close()
		same := judgeAll(t, positions, count.MethodGnuGo, e)
		t.Logf("GNU Go marks exactly the agreed dead stones on %d of %d positions", same, len(positions))
		if same < 51 {
			t.Errorf("%d of %d, measured 51", same, len(positions))
		}
	})
	t.Run("katago", func(t *testing.T) {
		k := testenv.KataGo(t)
		e := engines.NewKataGo(k.Program, k.GTPConfig, k.Model, "")
		e.LogDir = t.TempDir()
		defer e.Close()
		same := judgeAll(t, positions, count.MethodKataGo, e)
		t.Logf("KataGo (%s) marks exactly the agreed dead stones on %d of %d positions", k.Model, same, len(positions))
		// Measured with the shared folder's small test network: 51.
		if same < 51 {
			t.Errorf("%d of %d, measured 51", same, len(positions))
		}
	})
}

func judgeAll(t *testing.T, positions []testenv.OGSPosition, m count.Method, e estimators.Estimator) int {
	t.Helper()
	same := 0
	for _, o := range positions {
		mk, err := count.Mark(context.Background(), o.Pos, 0, m, e)
		if err != nil {
			t.Fatalf("%s: %v", o.Name, err)
		}
		d := mk.Points(o.Pos, count.Dead)
		slices.SortFunc(d, testenv.ComparePoints)
		if slices.Equal(d, o.Removed) {
			same++
		} else if testing.Verbose() {
			t.Logf("%s: %d removed, %d judged dead", o.Name, len(o.Removed), len(d))
		}
	}
	return same
}
