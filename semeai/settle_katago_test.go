package semeai_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"moyo/board"
	"moyo/engines"
	"moyo/gtp"
	"moyo/internal/testenv"
	"moyo/semeai"
)

// TestSettleKataGo checks what the search tells of real games' races
// against an outside reference that reads the whole board: KataGo's
// ownership (the shared KataGo, its small network, 200 visits). The
// races are those of TestCorpusSettle (ScanRaces, over the first
// MOYO_SCAN_FILES records, default 20) that SettleBoth settles within 2 s
// with the same end whoever moves first and no ko: a block the search
// has captured should be owned by the capturer, a block it has not by
// its own colour. A block whose mean ownership lies within ±0.5 says
// nothing either way and is counted apart. KataGo's network is weak and
// the search reads only the race's regions, taking every chain around
// them that is not in play for safe, so the two may differ; the test
// logs each difference and fails only where more than one comparison in
// six differs (measured: 3 of 37 over the first 20 records, the same 3
// of 111 over the first 60). In two of the three (AlphaGo v AlphaGo game
// 10 after moves 200 and 240) the search takes White's J6–J10 for a
// safe wall, though beside five liberties in the race's region, most of
// them Black's block's too, it has only one outside, H9, which the
// search never plays; in the third (game 20 after move 240) White's
// R5–S9 walls Black's block in with one liberty in the race and two, T7
// and T8, beyond it (TestSettleWallBeyond).
//
//	go test ./semeai -run TestSettleKataGo -v
func TestSettleKataGo(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP KataGo race check in -short mode")
	}
	f := testenv.KataGo(t)
	files := testenv.GameRecords(t, 20)
	k := engines.NewKataGo(f.Program, f.GTPConfig, f.Model, engines.KataGoViewBlack)
	k.LogDir = t.TempDir()
	defer k.Close()
	agree, differ, unclear := 0, 0, 0
	semeai.ScanRaces(t, files, func(fn string, m int, r *semeai.Race) {
		pos := r.Pos
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		st, err := semeai.SettleBoth(ctx, r, semeai.SettleLimits{Nodes: 50_000_000})
		cancel()
		if err != nil || st[0].Kind == semeai.Ko || st[1].Kind == semeai.Ko || st[0].Result != st[1].Result {
			return
		}
		a, err := k.Analyze(context.Background(), engines.PositionQuery(pos, 7.5), 200, nil)
		if err != nil {
			t.Fatalf("%s move %d: %v", fn, m, err)
		}
		// own is the mean of Black's ownership over b's stones,
		// seen from the side that should own them (+1: owned as
		// the search says).
		own := func(b semeai.Block, captured bool) float64 {
			s := 0.0
			for _, i := range b.Stones {
				s += a.Ownership[i]
			}
			s /= float64(len(b.Stones))
			if (b.Color == board.White) != captured {
				s = -s
			}
			return s
		}
		ob := own(r.Black, st[0].Result == semeai.WhiteCaptures)
		ow := own(r.White, st[0].Result == semeai.BlackCaptures)
		v := func(i int) string { return gtp.Vertex(pos.PointOf(i), pos.Size()) }
		what := fmt.Sprintf("%s move %d, %s v %s: the search says %s whoever moves first; KataGo's ownership as the search has it (+1 agrees, -1 the opposite): Black's block %+.2f, White's %+.2f",
			filepath.Base(fn), m, v(r.Black.Anchor()), v(r.White.Anchor()), st[0].Result, ob, ow)
		switch {
		case ob < -0.5 || ow < -0.5:
			differ++
			t.Logf("  differ: %s", what)
		case ob > 0.5 && ow > 0.5:
			agree++
		default:
			unclear++
		}
	})
	t.Logf("%d records: KataGo agrees with the search on %d races, differs on %d, is unclear (a block's ownership within ±0.5) on %d", len(files), agree, differ, unclear)
	// The default 20 records give 37 races to judge; fewer is a broken
	// scan (a smaller MOYO_SCAN_FILES may give none).
	if os.Getenv("MOYO_SCAN_FILES") == "" && agree+differ < 20 || 6*differ > agree+differ {
		t.Errorf("KataGo differs on %d of %d; measured 3 of 37", differ, agree+differ)
	}
}
