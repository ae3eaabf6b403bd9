package semeai

import (
	"testing"

	"moyo/board"
)

// TestSmallRegionNotTooLarge: a race whose regions all hold fewer than 16
// empty points is counted, not refused on the table's limit. AlphaGo v
// AlphaGo game 5 at move 300, E19 against B14: the external region at F15
// has 9 empty points and a line of play there lets Black's block live.
// Its comparisons (some 3 million, of about 120,000 games) were counted
// each as a game by cgt.Table.Size, and the count was refused as
// too-large at a quarter of the memory the limit allows. Black's stone
// at K14 is added: that point is the one liberty outside the race of
// Black's chain J13, which White could fill from K15, so that the chain
// and K14 are in play in the game itself, and the region at F15 grows
// to 10 empty points and 17 loose stones, past the count's points.
func TestSmallRegionNotTooLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP a count of some seconds in -short mode")
	}
	r, a := editedAnalysis(t, "testdata/AG-vs-AG-G05.sgf", 300, "E19", "B14", map[string]board.Color{"K14": board.Black})
	found := false
	for _, rv := range a.Regions {
		if label(r.Pos, rv.Region.Points[0]) == "F15" && rv.Region.Empty == 9 {
			found = true
			if rv.Game == nil {
				t.Errorf("F15: no game")
			}
		}
		if rv.Region.Empty >= 16 {
			t.Errorf("region at %s has %d empty points; the test wants fewer than 16", label(r.Pos, rv.Region.Points[0]), rv.Region.Empty)
		}
	}
	if !found {
		t.Fatalf("no region of 9 empty points at F15 in %v", a.Regions)
	}
	v := a.Verdict
	if v.CountBlackFirst != BlackCaptures || v.CountWhiteFirst != Neither || !v.WhiteLives {
		t.Errorf("count %v/%v (White lives %v); want Black moving first to capture, White moving first to live", v.CountBlackFirst, v.CountWhiteFirst, v.WhiteLives)
	}
}
