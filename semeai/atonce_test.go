package semeai

import (
	"context"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestCaptureAtOnce takes Dang Yifei v Master after move 95 (in
// testdata): Black's S3 and White's T3 are both in atari, so whoever moves
// first captures, at T2 or at S4. White's block can take a loose chain in
// the region it shares with Black's and live there (its game is −1000),
// and the sum had White capture whoever moves first; a block in atari is
// now taken at once, as the search does.
func TestCaptureAtOnce(t *testing.T) {
	r, a := recordAnalysis(t, "testdata/34-2017.01.02-Dang_Yifei-Master.sgf", 95, "S3", "T3")
	v := a.Verdict
	if v.BlackFirst != BlackCaptures || v.WhiteFirst != WhiteCaptures {
		t.Errorf("verdict %v/%v; want whoever moves first to capture", v.BlackFirst, v.WhiteFirst)
	}
	for _, want := range []struct {
		m  *Move
		at string
	}{{v.BlackMove, "T2"}, {v.WhiteMove, "S4"}} {
		if m := want.m; m == nil || m.Point != vertex(t, want.at) || !m.Wins || m.Region < 0 {
			t.Errorf("move %+v; want the capture at %s, in its region", m, want.at)
		}
	}
	s, err := SearchBoth(context.Background(), r, r.CheckNodes())
	if err != nil || !s.Agrees(v) {
		t.Errorf("the search: %v, %v", s, err)
	}
}

// TestCaptureAtOnceKo: a block in atari on a ko is not taken at once by
// the side the ko binds. Black's C4 has just taken White's B4, and its
// one liberty, B4, is the ko point: White, to move, may not retake.
func TestCaptureAtOnceKo(t *testing.T) {
	pos, err := board.ParseDiagram(`
. X O . .
X O . O .
. X O . .
. . . . .
. . . . .
`)
	if err != nil {
		t.Fatal(err)
	}
	c4 := board.Point{X: 2, Y: 1}
	if err := pos.Play(board.Move{Color: board.Black, Point: c4}); err != nil {
		t.Fatal(err)
	}
	r, err := NewRace(pos, c4, board.Point{X: 2, Y: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := r.captureAtOnce(board.White); ok {
		t.Errorf("White takes Black's C4 at once at %v, through the ko", p.Label(5))
	}
	if _, ok := r.captureAtOnce(board.Black); ok {
		t.Error("Black takes White's C3, of two liberties, at once")
	}
	// A move elsewhere lifts the ko.
	if err := pos.Play(board.Move{Color: board.White, Point: board.Point{X: 4, Y: 4}}); err != nil {
		t.Fatal(err)
	}
	if err := pos.Play(board.Move{Color: board.Black, Point: board.Point{X: 3, Y: 4}}); err != nil {
		t.Fatal(err)
	}
	if r, err = NewRace(pos, c4, board.Point{X: 2, Y: 2}); err != nil {
		t.Fatal(err)
	}
	if p, ok := r.captureAtOnce(board.White); !ok || p != (board.Point{X: 1, Y: 1}) {
		t.Errorf("after the ko is lifted: %v, %v; want White to take C4 at B4", p.Label(5), ok)
	}
}

// TestLivesAfter takes Master v Jiang Weijie after move 190 (in testdata),
// Black's S1 against White's S2 in a corner with captures and recaptures.
// Black moving first lives at once (by T4); the sum had White capture
// moving first, but after White's moves Black can still live at once, and
// by the verdicts after them no White move captures: neither block is
// captured whoever moves first, as the search says.
func TestLivesAfter(t *testing.T) {
	r, a := recordAnalysis(t, "testdata/35-2017.01.02-Master-Jiang_Weijie.sgf", 190, "S1", "S2")
	v := a.Verdict
	if v.BlackFirst != Neither || !v.BlackLives || v.WhiteFirst != Neither || v.WhiteLives {
		t.Errorf("verdict %v/%v (lives %v/%v); want neither captured, Black living at once", v.BlackFirst, v.WhiteFirst, v.BlackLives, v.WhiteLives)
	}
	if m := v.WhiteMove; m == nil || m.Wins {
		t.Errorf("White's move %+v; want its best try, which does not win", m)
	}
	s, err := SearchBoth(context.Background(), r, r.CheckNodes())
	if err != nil || !s.Agrees(v) {
		t.Errorf("the search: %v, %v", s, err)
	}
}

// TestEscape: a side moving first whose block is in atari must give it a
// second liberty at once, or the opponent takes it, whatever the sum of
// the regions says; the search, playing the race out, is the check.
func TestEscape(t *testing.T) {
	for _, tc := range []struct {
		name, record  string
		move          int
		black, white  string
		blackFirst    Result
		whiteFirst    Result
		saver, saveAt string // the side whose move saves its block, and where; "" for none
	}{
		// Black's S15 has one liberty, T15; the sum had Black capture by
		// R13. Black's T10 takes a White stone, which gives S15 a second
		// liberty, T11, and a way to its wall.
		{"AlphaGo Zero self-play 1, move 300", "testdata/AGZ-40b-selfplay-Game_001.sgf", 300, "S15", "S13", Neither, WhiteCaptures, "B", "T10"},
		// White's O2 has one liberty; the sum had White capture by P1.
		{"AlphaGo Zero timeline 1, move 175", "testdata/AGZ-Fig5c_Game1.sgf", 175, "O1", "O2", BlackCaptures, Neither, "W", "O3"},
		// White's B5 has one liberty and no move gives it a second: Black
		// captures whoever moves first, where the sum had White capture
		// moving first by C8.
		{"Terminator v Li Long, move 250", "testdata/LiLong-2017.07.05-Terminator-66297135.sgf", 250, "C7", "B5", BlackCaptures, BlackCaptures, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, a := recordAnalysis(t, tc.record, tc.move, tc.black, tc.white)
			v := a.Verdict
			if v.BlackFirst != tc.blackFirst || v.WhiteFirst != tc.whiteFirst {
				t.Errorf("verdict %v/%v, want %v/%v", v.BlackFirst, v.WhiteFirst, tc.blackFirst, tc.whiteFirst)
			}
			for _, m := range []*Move{v.BlackMove, v.WhiteMove} {
				if m == nil {
					continue
				}
				want := m.Color.String() == tc.saver
				if m.Saves != want || want && m.Point != vertex(t, tc.saveAt) {
					t.Errorf("%v's move %s: saves %v, want %v at %s", m.Color, m.Point.Label(19), m.Saves, want, tc.saveAt)
				}
				if want && v.Play(m.Color) == nil {
					t.Errorf("%v's saving move is not the one to play", m.Color)
				}
			}
			s, err := SearchBoth(context.Background(), r, r.CheckNodes())
			if err != nil || !s.Agrees(v) {
				t.Errorf("the search: %v, %v", s, err)
			}
		})
	}
}

// TestLivesOnBoard takes AlphaGo v AlphaGo game 5 after move 275 and 300
// (in testdata), Black's A3 against White's C4 in the lower left corner.
// A White stone at A4, in atari, sits between Black's A3 and the Black
// wall along the B column, whose liberties all lie in the A column: the
// region's game has White fill them, and the sum had White capture
// whoever moves first. Black's A5 takes the stone and leaves the wall
// and A3 two eyes, A4 and A6–A8: the count, with livesOnBoard, has Black
// moving first live by A5 (the test fails with livesOnBoard switched
// off). It still has White moving first capture, by A5, which the search
// refutes: the two White stones A4–A5 are then in atari, and Black's A6
// takes them and lives the same way. So the verdict, the search's, is
// that both live whoever moves first, and no move is needed; the count's
// outcomes stay beside it. At move 275 White's D1, the count's tedomari
// before, leaves Black that move, and White's A5 does not.
func TestLivesOnBoard(t *testing.T) {
	for _, move := range []int{275, 300} {
		r, a := recordAnalysis(t, "testdata/AG-vs-AG-G05.sgf", move, "A3", "C4")
		v := a.Verdict
		if v.CountBlackFirst != Neither || !v.BlackLives || v.CountWhiteFirst != WhiteCaptures {
			t.Errorf("move %d: count %v/%v (Black lives %v); want Black moving first to live, White moving first to capture", move, v.CountBlackFirst, v.CountWhiteFirst, v.BlackLives)
		}
		if !v.Searched || v.BlackFirst != Neither || v.WhiteFirst != Neither || !v.BothLive || len(a.Differences) == 0 {
			t.Errorf("move %d: verdict %v/%v (searched %v, both live %v, %d differences); want the search's: both live", move, v.BlackFirst, v.WhiteFirst, v.Searched, v.BothLive, len(a.Differences))
		}
		if p := v.Play(board.Black); p != nil {
			t.Errorf("move %d: Black's move to play %v; want none, Black lives anyway", move, p)
		}
		if move == 275 {
			for _, tc := range []struct {
				at    string
				lives bool
			}{{"D1", true}, {"A5", false}} {
				if got := r.livesOnBoardAfter(board.White, vertex(t, tc.at)); got != tc.lives {
					t.Errorf("after White's %s Black lives on the board: %v, want %v", tc.at, got, tc.lives)
				}
			}
		}
		s, err := SearchBoth(context.Background(), r, r.CheckNodes())
		if err != nil || !s.Agrees(v) {
			t.Errorf("move %d: the search: %v, %v", move, s, err)
		}
	}
}

// TestPlainCountSafeWall takes AlphaGo v AlphaGo game 32 after move 150
// (in testdata), Black's P9 against White's Q7. Black's region P10–Q10
// is two points each next to White stones outside it and to Black's
// wall above, which has liberties outside the race: either point joins
// the block to the wall. The count of plain liberties once took the
// point left after White fills one for a liberty White may fill too, so
// the region was {1000|1}, and the sum had White capture moving first;
// with its two ways to the wall the block lives there whoever moves
// (both engines agree), both blocks live, and the search says so.
func TestPlainCountSafeWall(t *testing.T) {
	r, a := recordAnalysis(t, "testdata/AG-vs-AG-G32.sgf", 150, "P9", "Q7")
	v := a.Verdict
	if !v.BothLive || v.BlackFirst != Neither || v.WhiteFirst != Neither {
		t.Errorf("verdict %v/%v (both live %v); want both blocks to live", v.BlackFirst, v.WhiteFirst, v.BothLive)
	}
	k := a.regionOf(vertex(t, "P10"))
	if k < 0 || !lifeFor(a.Table, board.Black, a.Regions[k].Cooled) {
		t.Fatalf("region P10–Q10 (index %d) is not a count of life for Black", k)
	}
	for _, e := range []engine{engineBoard, engineBits} {
		tb := cgt.NewTable()
		g, _, _, err := lcgWith(context.Background(), tb, r, r.Regions[k], board.Black, Limits{}, e)
		if err != nil || !lifeFor(tb, board.Black, cool2(tb, g)) {
			t.Errorf("engine %v: region P10–Q10 is %v (%v); want a count of life", e, g, err)
		}
	}
	s, err := SearchBoth(context.Background(), r, r.CheckNodes())
	if err != nil || !s.Agrees(v) {
		t.Errorf("the search: %v, %v", s, err)
	}
}

// TestLivesApartMiai takes AlphaGo v AlphaGo game 43 after move 250 (in
// testdata), Black's N19 against White's J18. White's block connects to
// its walls at J16 or at K15, two regions each {0|−1000}: Black moving
// first can take away one, and White connects by the other. Black's N19
// lives in its own region whoever moves. The sum of the two White games
// is no count of life, and the sum of the race had White capture moving
// first; both blocks live, as the search says.
func TestLivesApartMiai(t *testing.T) {
	r, a := recordAnalysis(t, "testdata/AG-vs-AG-G43.sgf", 250, "N19", "J18")
	v := a.Verdict
	if !v.BothLive || v.BlackFirst != Neither || v.WhiteFirst != Neither {
		t.Errorf("verdict %v/%v (both live %v); want both blocks to live", v.BlackFirst, v.WhiteFirst, v.BothLive)
	}
	s, err := SearchBoth(context.Background(), r, r.CheckNodes())
	if err != nil || !s.Agrees(v) {
		t.Errorf("the search: %v, %v", s, err)
	}
}
