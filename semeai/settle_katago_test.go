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
// MOYO_SCAN_FILES records, default 20) that SearchBoth answers within
// its default limit and 10 s, with the same end whoever moves first and
// no ko: a block the search has captured should be owned by the
// capturer, a block it has not by its own colour. A block whose mean
// ownership lies within ±0.5 says nothing either way and is counted
// apart, as are the races refused because their end depends on a move
// beyond the race (RefusedWallBeyond). KataGo's network is weak and the
// search reads only the race's regions, so the two may differ; the test
// logs each difference and fails only where more than one comparison in
// six differs (measured: 1 of 38 over the first 20 records, 1 of 111
// or 112 over the first 60, as KataGo's reading varies). Of the
// three that KataGo contradicted before the search's ends were checked
// against the walls beyond the race, two are now refused so (AlphaGo v
// AlphaGo game 10 after move 240, game 20 after move 240), with a third
// race the check refuses (game 9 after move 240); the one left, game 10
// after move 200 (K12 v K13), is the same fight before White's J6–J10
// lost liberties, where the search of the race with Black at H9 stops at
// the check's limit: the end stands, and moyo says it was not checked
// against Black at H9 (Search.Unchecked), as the log does.
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
	agree, differ, differUnchecked, unclear, walls := 0, 0, 0, 0, 0
	semeai.ScanRaces(t, files, func(fn string, m int, r *semeai.Race) {
		pos := r.Pos
		v := func(i int) string { return gtp.Vertex(pos.PointOf(i), pos.Size()) }
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		s, err := semeai.SearchBoth(ctx, r, 0)
		cancel()
		if semeai.RefusalCodeOf(err) == semeai.RefusedWallBeyond {
			walls++
			t.Logf("  not answered: %s move %d, %s v %s: %v", filepath.Base(fn), m, v(r.Black.Anchor()), v(r.White.Anchor()), err)
			return
		}
		if err != nil || s.Kinds[0] == semeai.Ko || s.Kinds[1] == semeai.Ko || s.BlackFirst != s.WhiteFirst {
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
		ob := own(r.Black, s.BlackFirst == semeai.WhiteCaptures)
		ow := own(r.White, s.BlackFirst == semeai.BlackCaptures)
		what := fmt.Sprintf("%s move %d, %s v %s: the search says %s whoever moves first; KataGo's ownership as the search has it (+1 agrees, -1 the opposite): Black's block %+.2f, White's %+.2f",
			filepath.Base(fn), m, v(r.Black.Anchor()), v(r.White.Anchor()), s.BlackFirst, ob, ow)
		for _, m := range s.Unchecked {
			what += fmt.Sprintf("; not checked against %s %s beyond the race", m.Color.Name(), m.Point.Label(pos.Size()))
		}
		switch {
		case ob < -0.5 || ow < -0.5:
			differ++
			if len(s.Unchecked) > 0 {
				differUnchecked++
			}
			t.Logf("  differ: %s", what)
		case ob > 0.5 && ow > 0.5:
			agree++
		default:
			unclear++
		}
	})
	t.Logf("%d records: KataGo agrees with the search on %d races, differs on %d (on %d of them the answer says a move beyond the race was not checked), is unclear (a block's ownership within ±0.5) on %d; %d not answered, their end depending on play beyond the race", len(files), agree, differ, differUnchecked, unclear, walls)
	// The default 20 records give 38 races to judge; fewer is a broken
	// scan (a smaller MOYO_SCAN_FILES may give none).
	if os.Getenv("MOYO_SCAN_FILES") == "" && agree+differ < 20 || 6*differ > agree+differ {
		t.Errorf("KataGo differs on %d of %d; measured 1 of 38", differ, agree+differ)
	}
}
