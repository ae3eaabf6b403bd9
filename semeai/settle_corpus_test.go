package semeai

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"moyo/board"
	"moyo/game"
	"moyo/internal/testenv"
)

// TestCorpusSettle scans real games (the shared corpus's games folder):
// in the first MOYO_SCAN_FILES records (default 20, sorted by path),
// every 40th move from move 80, the first three Candidates races. Each
// race is settled with each side moving first within 2 s (or
// MOYO_SETTLE_SECONDS), the end checked against the walls beyond the
// race within the default limit (checkWalls), and counted by the count
// too (Analyze's count, 10 s): it reports the races answered, those
// refused by reason, the checks that stopped at their limit, the share
// of races whose regions hold at most 30 empty points settled within 2 s
// (the goal: 95 %), the median and worst time of a settled search and of
// a check, and where count and search differ, by the assumption of the
// count's model the race breaks. Given more time, it names the races
// that settle only past 2 s a side, with each side's time and positions.
// It fails only on an error that carries no reason code.
//
//	go test ./semeai -run TestCorpusSettle -v
//	MOYO_SETTLE_SECONDS=60 go test ./semeai -run TestCorpusSettle -v
func TestCorpusSettle(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP corpus scan in -short mode")
	}
	files := testenv.GameRecords(t, 20)
	limit := settleTime(t)
	var (
		races, answered, small, smallSettled int
		refused                              = map[RefusalCode]int{}
		differ                               = map[Assumption]int{}
		differRaces, countRefused, partly    int
		unchecked                            int
		countWhy                             = map[RefusalCode]int{}
		smallTooLarge                        []string
		times, checked                       []time.Duration
		examples, unsettled, walls, slow     []string
	)
	ScanRaces(t, files, func(f string, m int, r *Race) {
		races++
		var st [2]Settlement
		var serr error
		told := false // a side settled, or a bound on one
		var took [2]time.Duration
		for k, c := range []board.Color{board.Black, board.White} {
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			start := time.Now()
			var err error
			st[k], err = Settle(ctx, r, c, SettleLimits{Nodes: 50_000_000})
			took[k] = time.Since(start)
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				err = &RaceError{Code: RefusedSearchLimit, Region: -1, Err: fmt.Errorf("no answer within %v: %w", limit, ErrSearchLimit)}
			}
			if RefusalCodeOf(err) == RefusedOpenRegion {
				serr = err
				break
			}
			told = told || st[k].Bound.Known()
			if err != nil {
				serr = cmp.Or(serr, err)
				continue
			}
			times = append(times, took[k])
		}
		if r.MostEmpty() <= 30 {
			small++
		}
		if serr != nil {
			code := RefusalCodeOf(serr)
			if code == "" {
				t.Errorf("%s move %d: %v", f, m, serr)
			}
			refused[code]++
			if code == RefusedSearchLimit && told {
				partly++
			}
			if code == RefusedSearchLimit && r.MostEmpty() <= 30 {
				unsettled = append(unsettled, fmt.Sprintf("%s move %d, %s v %s (%d empty): Black first %v, White first %v", filepath.Base(f), m,
					label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), r.MostEmpty(), st[0].Bound, st[1].Bound))
			}
			return
		}
		if r.MostEmpty() <= 30 {
			smallSettled++
		}
		if limit > goalTime && max(took[0], took[1]) > goalTime {
			slow = append(slow, fmt.Sprintf("%s move %d, %s v %s (%d empty): Black first %v (%d positions), White first %v (%d positions)", filepath.Base(f), m,
				label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), r.MostEmpty(),
				took[0].Round(10*time.Millisecond), st[0].Nodes, took[1].Round(10*time.Millisecond), st[1].Nodes))
		}
		// The settled end, checked against the walls beyond the race
		// as moyo's answer is, within the default limit.
		start := time.Now()
		open, werr := checkWalls(context.Background(), r, st, SettleLimits{})
		checked = append(checked, time.Since(start))
		if len(open) > 0 {
			unchecked++
		}
		if werr != nil {
			code := RefusalCodeOf(werr)
			if code == "" {
				t.Errorf("%s move %d: the walls' check: %v", f, m, werr)
			}
			refused[code]++
			walls = append(walls, fmt.Sprintf("%s move %d, %s v %s: %v", filepath.Base(f), m, label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), werr))
			return
		}
		answered++
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		a, err := analyzeCount(ctx, r, Limits{})
		cancel()
		if err != nil {
			countRefused++
			code := RefusalCodeOf(err)
			if code == "" && errors.Is(err, context.DeadlineExceeded) {
				code = RefusedStopped
			}
			if code == "" {
				t.Errorf("%s move %d: the count: %v", f, m, err)
			}
			countWhy[code]++
			var re *RegionError
			if code == RefusedCountLimit && errors.As(err, &re) && re.Region >= 0 && r.Regions[re.Region].Empty < 16 {
				smallTooLarge = append(smallTooLarge, fmt.Sprintf("%s move %d, %s v %s: %v", filepath.Base(f), m,
					label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), err))
			}
			return
		}
		if a.Verdict.BlackFirst == st[0].Result && a.Verdict.WhiteFirst == st[1].Result {
			return
		}
		differRaces++
		seen := map[Assumption]bool{}
		for k := range st {
			if a.Verdict.BlackFirst == st[k].Result && k == 0 || a.Verdict.WhiteFirst == st[k].Result && k == 1 {
				continue
			}
			for _, why := range a.explain(st[k]) {
				if !seen[why.breaks] {
					seen[why.breaks] = true
					differ[why.breaks]++
				}
			}
		}
		if len(examples) < 8 {
			examples = append(examples, fmt.Sprintf("%s move %d, %s v %s: count %v/%v, search %v/%v", filepath.Base(f), m,
				label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), a.Verdict.BlackFirst, a.Verdict.WhiteFirst, st[0].Result, st[1].Result))
		}
	})
	slices.Sort(times)
	t.Logf("%d files, %d races (first three candidates every 40th move from 80)", len(files), races)
	t.Logf("answered with each side moving first: %d; refused: %v, of which settled in part (a side, or one block not captured): %d", answered, refused, partly)
	if small > 0 {
		t.Logf("regions of at most 30 empty points: %d races, %d settled within %v a side (%.1f %%)", small, smallSettled, limit, 100*float64(smallSettled)/float64(small))
		for _, u := range unsettled {
			t.Logf("  unsettled: %s", u)
		}
		for _, u := range slow {
			t.Logf("  settled past %v a side: %s", goalTime, u)
		}
	}
	if len(times) > 0 {
		t.Logf("settled searches: median %v, worst %v", times[len(times)/2], times[len(times)-1])
	}
	if slices.Sort(checked); len(checked) > 0 {
		t.Logf("the check of the settled against the walls beyond the race: median %v, worst %v; the end depends on a wall in %d (%q); the end stands unchecked against a move beyond the race in %d", checked[len(checked)/2], checked[len(checked)-1], refused[RefusedWallBeyond], RefusedWallBeyond, unchecked)
		for _, w := range walls {
			t.Logf("  %s", w)
		}
	}
	t.Logf("of the answered: count refused %d (%v; \"stopped\": past 10 s); count and search differ on %d, by assumption broken: %v", countRefused, countWhy, differRaces, differ)
	for _, e := range smallTooLarge {
		t.Logf("  count too large on a region of under 16 empty points: %s", e)
	}
	for _, e := range examples {
		t.Logf("  %s", e)
	}
}

// ScanRaces calls each with the races of the scans of real games
// (TestCorpusSettle, and TestSettleKataGo outside the package): in each
// record of files, after every 40th move from move 80, the first three
// CandidateRaces. A record that does not read as a game is passed over.
func ScanRaces(tb testing.TB, files []string, each func(file string, move int, r *Race)) {
	tb.Helper()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		if err != nil {
			continue
		}
		for m := 80; m <= rec.Moves(); m += 40 {
			rs := CandidateRaces(rec.AfterMove(m).Position)
			for _, r := range rs[:min(3, len(rs))] {
				each(f, m, r)
			}
		}
	}
}
