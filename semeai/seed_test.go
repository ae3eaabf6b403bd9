package semeai

import (
	"context"
	"strings"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// The seed's liberty-counting trees, from positions built to give them:
// its diagrams were lost in the conversion, so each pocket below was found
// by searching pockets for regions whose game is the seed's tree, then
// checked by the brute-force solver (TestRacesAgree).
func TestSeedTrees(t *testing.T) {
	tests := []struct {
		where string
		rows  [3]string
		tree  string // the region's liberty counting game
		seed  string // where the seed has it
	}{
		{"E7", [3]string{"X.XOX", "XXO..", "OOXOX"}, "{4|0}", "Problems 1–3 (cools to 2*)"},
		{"D7", [3]string{".XOX.", "XOXX.", ".OOXX"}, "{4|0}", "Problems 1–3, another shape"},
		{"B8", [3]string{"OXOX.", "OOX.X", "O.XOX"}, "{5|2}", "Problem 6 A's left option"},
		{"C8", [3]string{"O.OO.", "XOXXX", "XOX.X"}, "{3|0}", "a cut or connect, cools to 1½"},
	}
	for _, tt := range tests {
		pos, err := board.ParseDiagram(pocket(tt.rows, "....."))
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
		want, err := a.Table.Parse(tt.tree)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		found := false
		for _, g := range a.Regions {
			got = append(got, g.Game.String())
			if g.Game == want {
				found = true
				c, _ := a.Table.Cool(want, cgt.Int(2))
				if g.Cooled != c {
					t.Errorf("%s: cooled %s, want %s", tt.tree, g.Cooled, c)
				}
			}
		}
		if !found {
			t.Errorf("pocket %q: regions %s, none is the seed's %s (%s)", tt.rows, strings.Join(got, ", "), tt.tree, tt.seed)
		}
	}
}
