package semeai

import (
	"context"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestTerritory checks the paper's formula Cool(Glose, 1) = BaseValue +
// Cool(Glc, 2) and the race's territory on a race with an eye.
func TestTerritory(t *testing.T) {
	pos, err := board.ParseDiagram(frame("OOXXOOO", ".X.XOOO", "XXX.OOO", "....XXX", X7))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRace(pos, frameBlocks[0], frameBlocks[1])
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// Black 1 + 1 + shared 1 (the eye's), White 4: White wins either way.
	tr, err := a.Territory(context.Background(), board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Winner != board.White {
		t.Fatalf("winner %v, want White", tr.Winner)
	}
	tb := a.Table
	var sum cgt.Dyadic
	for k, rt := range tr.Regions {
		rv := a.Regions[k]
		s := int64(1)
		if rv.Defender == board.White {
			s = -1
		}
		want := tb.Add(tb.Int(-s*int64(rt.Base)), rv.Cooled)
		if rt.Lose != want {
			t.Errorf("region %d: Lose %s, want %s", k, rt.Lose, want)
		}
		if rt.Win != tb.Int(s*int64(rt.Base-rt.Open)) {
			t.Errorf("region %d: Win %s, want %d", k, rt.Win, s*int64(rt.Base-rt.Open))
		}
		sum = sum.Add(tb.Mean(rt.Score))
	}
	// White's region, B6 to E6, lies along Black's wall: Black's stones
	// there join it and live, the points are not White's.
	if got := tr.Regions[3].Open; got != 4 {
		t.Errorf("White's region: %d open points, want 4", got)
	}
	// Black's regions (1, 1 and the shared 1, one point each) go to White
	// less the three fills White makes there: 0 each. White's region is
	// open: 0. The blocks: 7+5 Black stones (row 3 and the teeth) and 7
	// White, all White's.
	if want := cgt.Int(0); !sum.Equal(want) {
		t.Errorf("regions total %s, want %s", sum, want)
	}
	blocks := len(r.Black.Stones) + len(r.White.Stones)
	if tr.Blocks != -blocks || !tr.Mean.Equal(cgt.Int(int64(-blocks))) {
		t.Errorf("blocks %d, mean %s; want %d, %d", tr.Blocks, tr.Mean, -blocks, -blocks)
	}
	// Black's semedori: none of his moves saves the race, but filling his
	// own liberty... loses a point; a Black move that gains is one that
	// adds a liberty White must fill. There is none here.
	for _, s := range tr.Semedori {
		if s.Color == board.Black {
			t.Errorf("Black semedori %v gains %s", s.Point, s.Gain)
		}
	}
}

// TestSemedori is the paper's semedori: Black loses the race whatever he
// does, but capturing at E7 still gains him points, since White must then
// fill four liberties inside what becomes his territory instead of none.
func TestSemedori(t *testing.T) {
	pos, err := board.ParseDiagram(pocket([3]string{"X.XOX", "XXO..", "OOXOX"}, "....X"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRace(pos, pocketBlocks[0], pocketBlocks[1])
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := a.Territory(context.Background(), board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Winner != board.White {
		t.Fatalf("winner %v, want White ({4|0} against four liberties)", tr.Winner)
	}
	var found *Semedori
	for k, s := range tr.Semedori {
		if s.Color == board.Black && s.Point == (board.Point{X: 4, Y: 2}) {
			found = &tr.Semedori[k]
		}
	}
	if found == nil {
		t.Fatalf("no Black semedori at E7 in %+v", tr.Semedori)
	}
	// The pocket's game goes from {4|0} (cooled 2*) to 4: Glose rises by
	// 2 less the star, so Black's count gains 2 on the mean.
	if !found.Gain.Equal(cgt.Int(2)) || !found.Mean.Equal(tr.Mean.Add(cgt.Int(2))) {
		t.Errorf("E7 gains %s (count %s), want 2 (from %s)", found.Gain, found.Mean, tr.Mean)
	}
}
