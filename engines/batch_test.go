package engines

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"
	"time"

	"moyo/board"
	"moyo/internal/testenv"
)

// batchKataGo returns a real analysis engine for this test, with KataGo's
// example analysis configuration, logging to a temporary folder.
func batchKataGo(t *testing.T) *KataGoBatch {
	t.Helper()
	f := testenv.KataGo(t)
	b := NewKataGoBatch(f.Program, f.AnalysisConfig, f.Model)
	b.LogDir = t.TempDir()
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	})
	return b
}

// batchQueries are positions of every kind: a professional game, a
// handicap game, a ko just taken, a pass, and White to move on a set-up
// board.
func batchQueries(t *testing.T) []Query {
	t.Helper()
	return []Query{
		RecordQuery(masterRecord(t), 150),
		RecordQuery(parseRecord(t, "(;SZ[19]HA[4]KM[0.5]AB[dd][pd][dp][pp];W[qf];B[nc])"), 2),
		RecordQuery(parseRecord(t, koRecord), 9),
		RecordQuery(parseRecord(t, "(;SZ[9]KM[7];B[ee];W[];B[cc])"), 3),
		PositionQuery(walls(t, 13, board.White), 6.5),
	}
}

// TestKataGoBatchRawMatchesGTP checks the two engines against each other:
// the analysis engine's one visit with 8 symmetries is the average of
// kata-raw-nn's 8.
func TestKataGoBatchRawMatchesGTP(t *testing.T) {
	qs := batchQueries(t)
	got, err := batchKataGo(t).Analyze(context.Background(), qs, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := sharedKataGo(t, KataGoViewToMove)
	for i, q := range qs {
		want, err := k.Analyze(context.Background(), q, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for j := range want.Ownership {
			worst = max(worst, math.Abs(got[i].Ownership[j]-want.Ownership[j]))
		}
		// kata-raw-nn prints the ownership with 7 decimals, the lead
		// with 3.
		if worst > 2e-6 || got[i].Visits != 0 || math.Abs(got[i].ScoreLead-want.ScoreLead) > 1e-3 {
			t.Errorf("position %d: ownership differs by up to %.2g, lead %.4f against %.4f, visits %d",
				i+1, worst, got[i].ScoreLead, want.ScoreLead, got[i].Visits)
		}
	}
}

func TestKataGoBatchSearch(t *testing.T) {
	b := batchKataGo(t)
	qs := []Query{PositionQuery(walls(t, 9, board.Black), 7.5), PositionQuery(walls(t, 9, board.White), 7.5),
		PositionQuery(walls(t, 13, board.White), 7.5)}
	seen := map[int]bool{}
	out, err := b.Analyze(context.Background(), qs, 20, func(i int, a Analysis) { seen[i] = true })
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(qs) {
		t.Errorf("done was called for %v, want every position", seen)
	}
	for i, a := range out {
		if a.Visits < 20 {
			t.Errorf("position %d: %d visits, want 20", i+1, a.Visits)
		}
		checkWalls(t, a.Ownership, qs[i].Size())
	}
}

func TestKataGoBatchRefusal(t *testing.T) {
	b := batchKataGo(t)
	good := PositionQuery(walls(t, 9, board.Black), 7.5)
	bad := good
	bad.Rules = "nonesuch"
	out, err := b.Analyze(context.Background(), []Query{good, bad, good}, 0, nil)
	var berr *BatchError
	if !errors.As(err, &berr) || len(berr.Failed) != 1 || berr.Failed[1] == nil {
		t.Fatalf("err = %v, want the second position alone failed", err)
	}
	if len(out[0].Ownership) != 81 || len(out[2].Ownership) != 81 || out[1].Ownership != nil {
		t.Errorf("analyses of %d, %d, %d values; want the good ones alone", len(out[0].Ownership), len(out[1].Ownership), len(out[2].Ownership))
	}
	// The engine goes on.
	if _, err := b.Analyze(context.Background(), []Query{good}, 0, nil); err != nil {
		t.Fatal(err)
	}
}

func TestKataGoBatchCancel(t *testing.T) {
	b := batchKataGo(t)
	qs := batchQueries(t)
	ctx, cancel := context.WithCancel(context.Background())
	// Late enough that the searches are under way.
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	if _, err := b.Analyze(ctx, qs, 1_000_000, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want cancelled", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("cancelling took %v", d)
	}
	p := b.proc
	if p == nil {
		t.Fatal("cancelling lost the engine")
	}
	out, err := b.Analyze(context.Background(), qs[:2], 10, nil)
	if err != nil || b.proc != p || out[1].Visits < 10 {
		t.Errorf("after cancelling: err %v, same engine %v", err, b.proc == p)
	}
}

// TestKataGoBatchMinimalConfig runs the analysis engine with no
// configuration, in a working directory that must stay empty.
func TestKataGoBatchMinimalConfig(t *testing.T) {
	f := testenv.KataGo(t)
	wd := t.TempDir()
	t.Chdir(wd)
	b := NewKataGoBatch(f.Program, "", f.Model)
	out, err := b.Analyze(context.Background(), []Query{PositionQuery(walls(t, 9, board.White), 7.5)}, 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkWalls(t, out[0].Ownership, 9)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(wd); len(entries) != 0 {
		t.Errorf("the working directory holds %v, want nothing", entries)
	}
}
