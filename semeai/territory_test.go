package semeai

import (
	"context"
	"slices"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestTerritory checks the paper's formula Cool(Glose, 1) = BaseValue +
// Cool(Glc, 2) and the race's territory on a race with an eye.
func TestTerritory(t *testing.T) {
	// Black 1 + 1 + shared 1 (the eye's), White 4: White wins either way.
	a, tr := territoryOf(t, frame("OOXXOOO", ".X.XOOO", "XXX.OOO", "....XXX", X7), frameBlocks)
	r := a.Race
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
		// The regions hold no stones: BaseValue is the region's empty
		// points, the attacker's.
		want := tb.Add(tb.Int(-s*int64(rv.Empty)), rv.Cooled)
		if rt.Lose != want {
			t.Errorf("region %d: Lose %s, want %s", k, rt.Lose, want)
		}
		if rt.Win != tb.Int(s*int64(rv.Empty-rt.Open)) {
			t.Errorf("region %d: Win %s, want %d", k, rt.Win, s*int64(rv.Empty-rt.Open))
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
	// open: 0. Black's block of 14 stones is captured: 28 for White, a
	// point and a prisoner each; White's living block counts nothing.
	if want := cgt.Int(0); !sum.Equal(want) {
		t.Errorf("regions total %s, want %s", sum, want)
	}
	if n := len(r.Black.Stones); n != 14 || tr.Blocks != -28 || !tr.Mean.Equal(cgt.Int(-28)) {
		t.Errorf("Black's block %d stones; blocks %d, mean %s; want 14, -28, -28", n, tr.Blocks, tr.Mean)
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
	_, tr := territoryOf(t, pocket([3]string{"X.XOX", "XXO..", "OOXOX"}, "....X"), pocketBlocks)
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

// TestTerritoryStones counts by territory a region that holds stones, as
// Nakamura 2008 counts: a captured stone is a point and a prisoner (2),
// a living one nothing. The pocket B8–F7 is Black's: 3 empty points, 5
// Black stones and White's D7 and E6, which with C8, E7 and F7 White
// reaches from his wall at E8 (RegionTerritory.Open).
func TestTerritoryStones(t *testing.T) {
	for _, tt := range []struct {
		name, row  string
		winner     board.Color
		blocks     int
		pocket     string // the pocket's score
		mean, lose int64  // the count, and the pocket's mean if Black loses
	}{
		// White's four liberties B3–E3 beat Black's 2*: White captures
		// Black's 7 stones (−14) and the pocket, its 3 points and 5 Black
		// stones (−13), less the two fills White makes there (+2*). His
		// own region lies along Black's wall: 0.
		{"White wins", "....X", board.White, -14, "-11*", -25, -11},
		// With two liberties White loses: Black takes White's 5 stones
		// (+10); his pocket's points are all open, his stones there his
		// own: 0.
		{"Black wins", "..XXX", board.Black, 10, "0", 10, -11},
	} {
		a, tr := territoryOf(t, pocket([3]string{"X.XOX", "XXO..", "OOXOX"}, tt.row), pocketBlocks)
		k := slices.IndexFunc(a.Regions, func(g RegionValue) bool { return g.Defender == board.Black })
		if k < 0 {
			t.Fatalf("%s: no Black region", tt.name)
		}
		rt := tr.Regions[k]
		if tr.Winner != tt.winner || tr.Blocks != tt.blocks || !tr.Mean.Equal(cgt.Int(tt.mean)) {
			t.Errorf("%s: winner %v, blocks %d, count %s; want %v, %d, %d", tt.name, tr.Winner, tr.Blocks, tr.Mean, tt.winner, tt.blocks, tt.mean)
		}
		if rt.Base != 10 || rt.Open != 5 || rt.Score.String() != tt.pocket || !a.Table.Mean(rt.Lose).Equal(cgt.Int(tt.lose)) || rt.Win != a.Table.Zero() {
			t.Errorf("%s: pocket %d points, %d open, score %s, lose %s, win %s; want 10, 5, %s, %d, 0", tt.name, rt.Base, rt.Open, rt.Score, rt.Lose, rt.Win, tt.pocket, tt.lose)
		}
	}
}

// territoryOf analyses the race of diagram diag between blocks (Black's,
// White's) and returns the analysis and its territory with Black to move.
func territoryOf(t *testing.T, diag string, blocks [2]board.Point) (*Analysis, Territory) {
	t.Helper()
	a, err := Analyze(context.Background(), mustRace(t, diag, blocks[0], blocks[1]), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := a.Territory(context.Background(), board.Black)
	if err != nil {
		t.Fatal(err)
	}
	return a, tr
}
