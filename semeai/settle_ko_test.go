package semeai

import (
	"context"
	"testing"

	"moyo/board"
)

// TestAdoptKoFree checks the answers a search with one side winning
// every ko passes to the search with the other winning them (adopt):
// on every race of the tests' positions with at most 16 empty points
// where the first search meets a ko, each side moving first, the second
// search ends the same with the answers adopted as without them.
func TestAdoptKoFree(t *testing.T) {
	names, rs := testRaces(t)
	ctx := context.Background()
	checked, saved := 0, 0
	for k, r := range rs {
		if emptyPoints(r) > 16 {
			continue
		}
		own, err := ownLife(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		search := func(koWinner board.Color) *settler {
			s := newSettler(r, koWinner)
			s.own, s.ctx, s.limit = own, ctx, 2_000_000
			return s
		}
		for _, c := range []board.Color{board.Black, board.White} {
			opp := search(c.Opponent())
			if _, _, err := opp.value(c, Bound{}); err != nil || !opp.koMet {
				continue
			}
			fresh, adopted := search(c), search(c)
			adopted.adopt(opp)
			lo, hi, err := fresh.value(c, Bound{})
			if err != nil {
				continue
			}
			alo, ahi, err := adopted.value(c, Bound{})
			if err != nil {
				t.Errorf("%s, %s first: %v with the answers adopted, %v..%v without", names[k], c.Name(), err, lo, hi)
				continue
			}
			if alo != lo || ahi != hi {
				t.Errorf("%s, %s first, %s winning the kos: %v..%v with the answers adopted, %v..%v without", names[k], c.Name(), c.Name(), alo, ahi, lo, hi)
			}
			checked++
			if adopted.nodes < fresh.nodes {
				saved++
			}
		}
	}
	t.Logf("%d races with a ko, %d searched fewer positions with the answers adopted", checked, saved)
	if checked < 10 || saved == 0 {
		t.Errorf("%d races with a ko checked, %d saved positions: too few to prove anything", checked, saved)
	}
}
