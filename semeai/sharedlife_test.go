package semeai

import (
	"context"
	"testing"

	"moyo/board"
)

// TestSharedLife takes a race of a real game (AlphaGo Master v Mi Yuting
// after move 245, in ../testdata/records): Black's stone T4 can connect
// out through T5 and T6, which count as its eye, so the rule of thumb gave
// it the corner it shares with White's block S4; but White's block can
// live in that corner, and the count called a capture the search refutes.
// With the corner counting for both blocks, each lives whoever moves
// first, as the search says.
func TestSharedLife(t *testing.T) {
	pos := readRecord(t, "../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf").AfterMove(245).Position
	r, err := NewRace(pos, vertex(t, "T4"), vertex(t, "S4"))
	if err != nil {
		t.Fatal(err)
	}
	corner := -1
	for k, g := range r.Regions {
		if g.Kind == Shared && len(g.Points) == 8 {
			corner = k
		}
	}
	if corner < 0 || r.Regions[corner].Defender != board.Black || !r.HasEye(board.Black) || r.HasEye(board.White) {
		t.Fatalf("the corner is not given to Black's block by the rule of thumb: %+v", r.Regions)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	rv := a.Regions[corner]
	if rv.Defender != board.Empty || !a.Table.Le(a.Table.Int(AliveCount/2), a.Regions[0].Cooled) || !a.Table.Le(rv.Cooled, a.Table.Int(-AliveCount/2)) {
		t.Errorf("the corner counts for %v, cooled %v (and region A %v): want both blocks, White living", rv.Defender, rv.Cooled, a.Regions[0].Cooled)
	}
	v := a.Verdict
	if !v.BothLive || v.BlackFirst != Neither || v.WhiteFirst != Neither {
		t.Errorf("verdict %v/%v, both live %v; want neither captured, both living", v.BlackFirst, v.WhiteFirst, v.BothLive)
	}
	o, err := SolveBoth(context.Background(), r, r.CheckNodes())
	if err != nil || o != (Outcomes{Neither, Neither}) {
		t.Errorf("the search: %v, %v", o, err)
	}
}
