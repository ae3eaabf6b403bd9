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
	checked, saved := 0, 0
	for k, r := range rs {
		if emptyPoints(r) > 16 {
			continue
		}
		search := koSearches(t, r)
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

// TestAdoptKoFreeRealGame: AlphaGo v AlphaGo game 5 after move 280,
// Black's A10 against White's B14, Black first, a race of 24 empty
// points with a ko. The search with Black winning the kos ends as it
// does from empty tables, and with the ko-free answers of the search
// with White winning them it visits a small part of the positions
// (docs/races-solver.md quotes the two numbers this test prints).
func TestAdoptKoFreeRealGame(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: three searches of some 200,000 positions")
	}
	pos := readRecord(t, "testdata/AG-vs-AG-G05.sgf").AfterMove(280).Position
	r, err := NewRace(pos, vertex(t, "A10"), vertex(t, "B14"))
	if err != nil {
		t.Fatal(err)
	}
	search := koSearches(t, r)
	opp := search(board.White)
	if _, _, err := opp.value(board.Black, Bound{}); err != nil || !opp.koMet {
		t.Fatalf("White winning the kos: %v, ko met %v; want an end and a ko", err, opp.koMet)
	}
	fresh, adopted := search(board.Black), search(board.Black)
	adopted.adopt(opp)
	lo, hi, err := fresh.value(board.Black, Bound{})
	if err != nil {
		t.Fatal(err)
	}
	alo, ahi, err := adopted.value(board.Black, Bound{})
	if err != nil {
		t.Fatal(err)
	}
	if alo != lo || ahi != hi {
		t.Errorf("%v..%v with the answers adopted, %v..%v without", alo, ahi, lo, hi)
	}
	t.Logf("Black first, Black winning the kos: %d positions from empty tables, %d with the answers adopted", fresh.nodes, adopted.nodes)
	if adopted.nodes*10 > fresh.nodes {
		t.Errorf("%d positions with the answers adopted against %d without; want a tenth or fewer", adopted.nodes, fresh.nodes)
	}
}

// koSearches returns a maker of r's searches with koWinner winning every
// ko, within 2,000,000 positions, sharing the blocks' own-region lives.
func koSearches(t *testing.T, r *Race) func(koWinner board.Color) *settler {
	t.Helper()
	ctx := context.Background()
	own, err := ownLife(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	return func(koWinner board.Color) *settler {
		s := newSettler(r, koWinner)
		s.own, s.ctx, s.limit = own, ctx, 2_000_000
		return s
	}
}
