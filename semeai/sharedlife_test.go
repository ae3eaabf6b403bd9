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

// TestLivesApart takes Park Junghwan v Master after move 215 (in
// ../testdata/records), Black's D9 against White's D6: Black's block lives
// in the region the two share, whoever moves first, and White's stone
// connects out by C6 or D5. The shared region's game is the sum of the two
// blocks' games, hot for White's, so that the sum cooled is {998|2} and
// White moving first seemed to capture; read apart, the two lives leave
// neither block capturable, as the search says.
func TestLivesApart(t *testing.T) {
	pos := readRecord(t, "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf").AfterMove(215).Position
	r, err := NewRace(pos, vertex(t, "D9"), vertex(t, "D6"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	shared := a.Regions[0]
	if shared.Kind != Shared || shared.Defender != board.Empty || a.Table.Le(a.Table.Int(AliveCount/2), shared.Cooled) {
		t.Fatalf("region A: %v for %v, cooled %v; want a shared region for both whose sum hides Black's life", shared.Kind, shared.Defender, shared.Cooled)
	}
	if !a.Table.Le(a.Table.Int(AliveCount/2), cool2(a.Table, shared.black)) {
		t.Errorf("Black's game in the shared region cools to %v, not a count of life", cool2(a.Table, shared.black))
	}
	if v := a.Verdict; !v.BothLive || v.BlackFirst != Neither || v.WhiteFirst != Neither || v.BlackMove != nil || v.WhiteMove != nil {
		t.Errorf("verdict %v/%v, both live %v, moves %v %v; want both living, no tedomari", v.BlackFirst, v.WhiteFirst, v.BothLive, v.BlackMove, v.WhiteMove)
	}
	o, err := SolveBoth(context.Background(), r, r.CheckNodes())
	if err != nil || o != (Outcomes{Neither, Neither}) {
		t.Errorf("the search: %v, %v", o, err)
	}
}
