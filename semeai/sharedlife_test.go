package semeai

import (
	"context"
	"slices"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestSharedLife takes two races of real games (in ../testdata/records)
// in which a block connects out by a region counted as its eye, so that by
// the rule of thumb the region it shares with the other block counted for
// it alone, though the other block can live there. Now that region counts
// for both blocks, and the verdict is the search's:
//   - AlphaGo Master v Mi Yuting after move 245, Black's T4 v White's S4:
//     White's block lives in the corner whoever moves first, and both
//     blocks live (the count had said Black captures);
//   - AlphaGo Master v Gu Li after move 150, Black's M11 v White's N12:
//     White's stone lives by M12 if it moves there first, where Black
//     moving first captures it (the count had said Black captures with
//     White moving first too).
func TestSharedLife(t *testing.T) {
	tests := []struct {
		record, black, white string
		move, empty          int // the shared region's empty points
		want                 Outcomes
	}{
		{"29-2016.12.31-Master-Mi_Yuting.sgf", "T4", "S4", 245, 8, Outcomes{Neither, Neither}},
		{"60-2017.01.04-Master-Gu_Li.sgf", "M11", "N12", 150, 2, Outcomes{BlackCaptures, Neither}},
	}
	for _, tt := range tests {
		pos := readRecord(t, "../testdata/records/"+tt.record).AfterMove(tt.move).Position
		r, err := NewRace(pos, vertex(t, tt.black), vertex(t, tt.white))
		if err != nil {
			t.Fatal(err)
		}
		shared := slices.IndexFunc(r.Regions, func(g Region) bool { return g.Kind == Shared && g.Empty == tt.empty })
		if shared < 0 || r.Regions[shared].Defender != board.Black || !r.HasEye(board.Black) || r.HasEye(board.White) {
			t.Fatalf("%s v %s: the shared region is not given to Black's block by the rule of thumb: %+v", tt.black, tt.white, r.Regions)
		}
		a, err := Analyze(context.Background(), r, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		rv := a.Regions[shared]
		if rv.Defender != board.Empty || rv.white == nil {
			t.Errorf("%s v %s: the shared region counts for %v, want both blocks", tt.black, tt.white, rv.Defender)
		} else if a.Table.RightStop(cool2(a.Table, rv.white)).Cmp(cgt.Int(-AliveCount/2)) > 0 {
			t.Errorf("%s v %s: White's game in the shared region cools to %v: White does not live there moving first", tt.black, tt.white, cool2(a.Table, rv.white))
		}
		if v := a.Verdict; (Outcomes{v.BlackFirst, v.WhiteFirst}) != tt.want {
			t.Errorf("%s v %s: verdict %v/%v, want %v", tt.black, tt.white, v.BlackFirst, v.WhiteFirst, tt.want)
		}
		if o, err := SolveBoth(context.Background(), r, r.CheckNodes()); err != nil || o != tt.want {
			t.Errorf("%s v %s: the search: %v, %v", tt.black, tt.white, o, err)
		}
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
	r, a := recordAnalysis(t, "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf", 215, "D9", "D6")
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

// livesAtOnceRace is the race of testdata/lives-at-once.sgf, a composed
// 9×9 position, Black's D4 against White's D6. White's stone is in atari
// at D5, the one liberty it shares with Black's block; every other group
// lives by two eyes. Black at D5 captures it; White at D5 joins it to
// White's living group, and Black's D4, down to C4, then joins Black's
// living group there (GNU Go 3.8: D6 critical, attacked and defended at
// D5; D4 alive).
func livesAtOnceRace(t testing.TB) (*Race, *Analysis) {
	t.Helper()
	return recordAnalysis(t, "testdata/lives-at-once.sgf", 0, "D4", "D6")
}

// TestLivesAtOnce takes livesAtOnceRace, Black's D4 against White's D6,
// whose one liberty, D5, is Black's too: Black at D5 captures, White at
// D5 connects to its living group. The two blocks' games there are
// {Black lives|0} (Black's: its block joins its living group by taking
// D6) and {0|White lives}, which add up to 0, so the sum had White's
// block captured with White moving first, though White lives by D5 (the
// search says neither is captured then). White now lives at once moving
// first, and the tedomari of both sides is D5, each checked by the
// search.
func TestLivesAtOnce(t *testing.T) {
	r, a := livesAtOnceRace(t)
	pos := r.Pos
	tb := a.Table
	d5 := vertexOn(t, "D5", pos.Size())
	k := slices.IndexFunc(a.Regions, func(rv RegionValue) bool { return slices.Contains(rv.Points, pos.Index(d5)) })
	if k < 0 {
		t.Fatal("no region holds D5")
	}
	if rv := a.Regions[k]; rv.Defender != board.Empty || rv.Game != tb.Zero() {
		t.Fatalf("D5's region counts for %v, game %v; want one counting for both blocks whose sum is 0", rv.Defender, rv.Game)
	}
	if w := a.Regions[k].white; w == nil || !lifeFor(tb, board.White, cool2(tb, w.Right()[0])) {
		t.Errorf("White's game at D5 is %v: White's move there is no count of life", w)
	}
	v := a.Verdict
	if v.BlackFirst != BlackCaptures || v.WhiteFirst != Neither || v.BlackLives || !v.WhiteLives || v.BothLive {
		t.Errorf("verdict %v/%v (lives %v/%v); want Black captures moving first, White lives moving first", v.BlackFirst, v.WhiteFirst, v.BlackLives, v.WhiteLives)
	}
	for _, m := range []*Move{v.BlackMove, v.WhiteMove} {
		if m == nil || m.Point != d5 || m.Wins != (m.Color == board.Black) || m.Lives != (m.Color == board.White) {
			t.Errorf("move %+v; want D5 for both, Black's winning, White's living", m)
		}
	}
	s, err := SearchBoth(context.Background(), r, r.CheckNodes())
	if err != nil || !s.Agrees(v) {
		t.Fatalf("the search: %v, %v", s, err)
	}
	for _, m := range []*Move{v.BlackMove, v.WhiteMove} {
		if c, err := CheckMove(context.Background(), r, *m, s.First(m.Color), r.CheckNodes()); err != nil || !c.Reaches {
			t.Errorf("%v's D5: the search says %+v, %v", m.Color, c, err)
		}
	}
}
