package semeai

import (
	"context"
	"errors"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestJoinedWall takes a race of a real game that the rules for a last
// liberty taken only by a capture (lastOnlyOption) once got wrong:
// AlphaGo v AlphaGo game 1 (testdata/AG-vs-AG-G01.sgf), move 250, Black's
// Q16 (one stone, its one liberty Q15) against White's R16 (two stones,
// liberties S15 and T16). White's region of 12 empty points in the top
// right corner, with a White stone in atari on each side of Black's wall,
// came out at +2, a count for Black, and the verdict said Black captures
// moving second, where White captures at once by Q15. The region was
// refused (ErrUnsound) until a block that joins a wall of its colour with
// a liberty outside the race counted as living: White's R16 does so in
// both regions, and the verdict is what Go says, White captures whoever
// moves first, as the search finds.
func TestJoinedWall(t *testing.T) {
	pos := readRecord(t, "testdata/AG-vs-AG-G01.sgf").AfterMove(250).Position
	pt := func(s string) board.Point { return vertex(t, s) }
	r, err := NewRace(pos, pt("Q16"), pt("R16"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v := a.Verdict; v.BlackFirst != WhiteCaptures || v.WhiteFirst != WhiteCaptures || v.BothLive {
		t.Errorf("Black first %v, White first %v; want White captures both", v.BlackFirst, v.WhiteFirst)
	}
	for k, rv := range a.Regions {
		if err := checkSide(a.Table, rv.Game, board.White); err != nil || !rv.Alive {
			t.Errorf("region %d (%v): %v, alive %v; want a count for White, who can live", k, rv.Cooled, err, rv.Alive)
		}
	}
	// White's Q15 takes Black's block at once.
	q := pos.Clone()
	if err := q.SetToMove(board.White); err != nil {
		t.Fatal(err)
	}
	if err := q.Play(board.Move{Color: board.White, Point: pt("Q15")}); err != nil || q.At(pt("Q16")) != board.Empty {
		t.Fatalf("White Q15: %v, Q16 %v", err, q.At(pt("Q16")))
	}
	o, err := SolveBoth(context.Background(), r, r.QuickSearchNodes())
	if err != nil || o != (Outcomes{WhiteCaptures, WhiteCaptures}) || !o.Agrees(a.Verdict) {
		t.Errorf("search: %v, %v", o, err)
	}
}

// TestCheckSide is the guard on a region's game: a count for the
// attacker is refused with ErrUnsound, a count for the defender or a
// game that is not one passes.
func TestCheckSide(t *testing.T) {
	tb := cgt.NewTable()
	for _, tc := range []struct {
		game   string
		def    board.Color
		refuse bool
	}{
		{"2", board.White, true},
		{"-2", board.White, false},
		{"0", board.White, false},
		{"{4|0}", board.White, false}, // hot, confused with 0: no count for Black
		{"-3", board.Black, true},
		{"3", board.Black, false},
		{"{6|{4|0}}", board.Black, false},
		{"{0|-4}", board.Black, false},
		{"½", board.White, true},
	} {
		g, err := tb.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		err = checkSide(tb, g, tc.def)
		if errors.Is(err, ErrUnsound) != tc.refuse {
			t.Errorf("%s defended by %v: %v, want refused %v", tc.game, tc.def, err, tc.refuse)
		}
	}
}
