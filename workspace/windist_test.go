package workspace

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"moyo/randfield"
	"moyo/scoredist"
)

// TestScoreDistProgressive checks that the runs of bp are followed by the
// sampling of their score distribution, delivered block by block as it
// sharpens, and ending with what scoredist.Sample gives with the same
// options; and that symmetric, no random field, has none.
func TestScoreDistProgressive(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, "(;GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg])")
	q.until(t, func() bool { return !ws.Runs().Running() })
	if ws.ScoreDist().On() || ws.ScoreDist().Line() != "" {
		t.Errorf("symmetric is sampled: %q", ws.ScoreDist().Line())
	}

	var seen []scoredist.Estimate
	ws.Subscribe(ChangeScoreDist, func(Change) {
		if est, ok := ws.ScoreDist().Estimate(); ok && (len(seen) == 0 || seen[len(seen)-1].Sweeps != est.Sweeps) {
			seen = append(seen, est)
		}
	})
	if err := ws.Settings().SetEstimator("bp"); err != nil {
		t.Fatal(err)
	}
	if ws.ScoreDist().On() {
		t.Error("sampling before bp's run is shown")
	}
	q.until(t, func() bool { return ws.ScoreDist().On() && !ws.ScoreDist().Running() })
	if err := ws.ScoreDist().Err(); err != nil {
		t.Fatal(err)
	}
	last, ok := ws.ScoreDist().Estimate()
	if !ok || !last.Done || last.Sweeps != DistSweeps || last.Dist.Samples != 2*DistSweeps || last.Komi != 7 {
		t.Fatalf("final estimate %v: done %v, %d sweeps, %d samples, komi %v", ok, last.Done, last.Sweeps, last.Dist.Samples, last.Komi)
	}
	// The first block is always delivered, then the last: the estimate
	// shows while it sharpens.
	if len(seen) < 2 || seen[0].Done || seen[0].Sweeps != DistSweeps/DistBlocks {
		t.Fatalf("%d estimates delivered, the first after %d sweeps", len(seen), seen[0].Sweeps)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Sweeps <= seen[i-1].Sweeps {
			t.Errorf("estimate %d after %d sweeps, the one before after %d", i, seen[i].Sweeps, seen[i-1].Sweeps)
		}
	}

	o, _ := ws.Runs().Shown()
	m, err := randfield.FieldOf(o.Est, o.Params)
	if err != nil {
		t.Fatal(err)
	}
	want, err := scoredist.Sample(context.Background(), m, o.Pos, scoredist.Options{
		Komi: 7, Sweeps: DistSweeps, Blocks: DistBlocks,
		Sampler: randfield.SamplerOptions{Seed: distSeed, BurnIn: randfield.DefaultBurnIn},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if last.PBlackWins != want.PBlackWins || last.StdErr != want.StdErr || last.Dist.Mean() != want.Dist.Mean() {
		t.Errorf("P(Black wins) %v ± %v, mean %v; scoredist.Sample gives %v ± %v, mean %v",
			last.PBlackWins, last.StdErr, last.Dist.Mean(), want.PBlackWins, want.StdErr, want.Dist.Mean())
	}
	h, ok := ws.ScoreDist().Chart(30)
	total := 0
	for i, b := range h.Bars {
		total += b.Count
		if i > 0 && b.From != h.Bars[i-1].To {
			t.Errorf("bar %d starts at %v, the one before ends at %v", i, b.From, h.Bars[i-1].To)
		}
	}
	if lo, hi, _ := last.Dist.Range(); !ok || h.Mark != 7 || total != last.Dist.Samples || len(h.Bars) > 30 ||
		h.Bars[0].From != float64(lo-1) || h.Bars[len(h.Bars)-1].To < float64(hi+1) {
		t.Errorf("chart %v: mark %v, %d bars counting %d of %d samples, %v…%v for scores %d…%d", ok, h.Mark, len(h.Bars), total, last.Dist.Samples,
			h.Bars[0].From, h.Bars[len(h.Bars)-1].To, lo, hi)
	}
	// Which ± is a standard error and which number a spread, said.
	line, spread := ws.ScoreDist().Line(), ws.ScoreDist().SpreadLine()
	want1 := fmt.Sprintf("P(Black wins) at komi 7: %.2f ± %.2f standard error  ·  mean score %+.1f ± %.1f standard error",
		last.PBlackWins, last.StdErr, last.Dist.Mean(), last.MeanStdErr)
	if line != want1 {
		t.Errorf("line %q, want %q", line, want1)
	}
	if want2 := fmt.Sprintf("spread (sd) %.1f points", last.Dist.StdDev()); !strings.HasPrefix(spread, want2) ||
		(last.Dist.StdDev() >= 2*last.Independent) != strings.Contains(spread, "× that of independent points: the model makes whole regions change hands together") {
		t.Errorf("spread line %q, want %q…, independent points' spread %.1f", spread, want2, last.Independent)
	}
}

// TestScoreDistCancelled checks that a step cancels the sampling under
// way and drops what it drew, and that nothing of it is shown after.
func TestScoreDistCancelled(t *testing.T) {
	data := "(;GM[1]SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd];B[fq];W[cn])"
	q := newQueue()
	ws := openWorkspace(t, q, data)
	if err := ws.Settings().SetEstimator("bpl"); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { _, ok := ws.ScoreDist().Estimate(); return ok })
	if est, _ := ws.ScoreDist().Estimate(); est.Done {
		t.Skip("the sampling of a 19×19 board ended before its first block was shown: nothing to cancel")
	}
	first, _ := ws.Runs().Shown()
	ws.Record().Step(-1)
	if ws.ScoreDist().On() || ws.ScoreDist().Running() || ws.ScoreDist().Line() != "" {
		t.Fatal("the sampling of the position left goes on")
	}
	if _, ok := ws.ScoreDist().Estimate(); ok {
		t.Fatal("the estimate of the position left is still shown")
	}
	ws.Subscribe(ChangeScoreDist, func(Change) {
		if _, ok := ws.ScoreDist().Estimate(); ok && ws.Runs().Running() {
			t.Error("an estimate is shown while the run it would be of is under way")
		}
	})
	q.until(t, func() bool { est, ok := ws.ScoreDist().Estimate(); return ok && est.Done })
	if o, _ := ws.Runs().Shown(); o.Seq == first.Seq || o.Pos == first.Pos {
		t.Error("the sampling shown is of the run before the step")
	}
}
