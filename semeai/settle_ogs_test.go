package semeai

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"moyo/internal/testenv"
)

// TestSettleOGS checks Settle against the stones the players agreed were
// dead at the end of 54 online-go.com games (the shared corpus's
// final-positions-ogs, from online-go/score-estimator's test_games, MIT).
// The first five Candidates races of each position are settled with both
// sides moving first, 0.5 s in all. A race that ends the same whoever
// moves first is compared with the players: a block captured should be
// one they removed, and a block that stays one they kept. Races whose
// regions open onto the board, that did not settle in time, or whose end
// depends on who moves first or on a ko say nothing of the players'
// agreement and are only counted. The test fails if any differs: in
// mid/13647304 two did, Black C8 against White E9 and against White D6,
// while Black's chain A5 B5 B6 C6 was taken for a safe wall for its
// liberty A4 in White's corner (ogsCorner, TestSettleFillableWall).
//
//	go test ./semeai -run TestSettleOGS -v
func TestSettleOGS(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP agreed dead stones scan in -short mode")
	}
	tally := map[string]int{}
	agree, differ := 0, 0
	for _, o := range testenv.OGSPositions(t) {
		dead := make([]bool, o.Pos.Len())
		for _, p := range o.Removed {
			dead[o.Pos.Index(p)] = true
		}
		rs := CandidateRaces(o.Pos)
		for _, r := range rs[:min(5, len(rs))] {
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			st, err := SettleBoth(ctx, r, SettleLimits{})
			cancel()
			var said string
			switch {
			case RefusalCodeOf(err) == RefusedOpenRegion:
				tally["region opens onto the board"]++
				continue
			case errors.Is(err, context.DeadlineExceeded) || RefusalCodeOf(err) == RefusedSearchLimit:
				tally["not settled in time"]++
				continue
			case err != nil:
				t.Errorf("%s %s v %s: %v", o.Name, label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), err)
				continue
			case st[0].Kind == Ko || st[1].Kind == Ko:
				tally["ko"]++
				continue
			case st[0].Result != st[1].Result:
				tally["whoever moves first wins"]++
				continue
			case st[0].Result == BlackCaptures:
				said = "White's block dead"
			case st[0].Result == WhiteCaptures:
				said = "Black's block dead"
			default:
				said = "both stay"
			}
			var agreed string
			switch bd, wd := dead[r.Black.Anchor()], dead[r.White.Anchor()]; {
			case bd && wd:
				agreed = "both dead"
			case bd:
				agreed = "Black's block dead"
			case wd:
				agreed = "White's block dead"
			default:
				agreed = "both stay"
			}
			if said == agreed {
				agree++
				tally["agree: "+said]++
				continue
			}
			differ++
			t.Logf("%s %s v %s: the search says %s, the players %s", o.Name, label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()), said, agreed)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(tally)) {
		t.Logf("%4d %s", tally[k], k)
	}
	t.Logf("settled the same whoever moves first: %d, %d agree with the players, %d differ", agree+differ, agree, differ)
	if differ > 0 {
		t.Errorf("%d races differ from the players' agreement", differ)
	}
	if agree == 0 {
		t.Errorf("no race agrees with the players: the scan settled nothing")
	}
}
