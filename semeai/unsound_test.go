package semeai

import (
	"context"
	"errors"
	"testing"

	"moyo/board"
)

// TestUnsoundRegion takes the race of a real game where the rules for a
// last liberty taken only by a capture (lastOnlyOption) go wrong: AlphaGo
// v AlphaGo game 1 (testdata/AG-vs-AG-G01.sgf), move 250, Black's Q16 (one
// stone, its one liberty Q15) against White's R16 (two stones, liberties
// S15 and T16). White's region of 12 empty points in the top right
// corner, with a White stone in atari on each side of Black's wall, came
// out at +2, a count for Black, and the verdict said Black captures
// moving second, where White captures at once by Q15. Analyze must refuse
// it (ErrUnsound, naming the region), and the search must find what Go
// says: White captures whoever moves first.
func TestUnsoundRegion(t *testing.T) {
	pos := readRecord(t, "testdata/AG-vs-AG-G01.sgf").AfterMove(250).Position
	pt := func(s string) board.Point { return vertex(t, s) }
	r, err := NewRace(pos, pt("Q16"), pt("R16"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Analyze(context.Background(), r, Limits{})
	var re *RegionError
	if !errors.Is(err, ErrUnsound) || !errors.As(err, &re) || r.Regions[re.Region].Defender != board.White || r.Regions[re.Region].Empty != 12 {
		t.Fatalf("Analyze: %v", err)
	}
	if want := "external region at L19 (12 empty points): its game came out at 2, a count of liberties for Black, who attacks there: the rules for captures inside a region failed here"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
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
	if err != nil || o != (Outcomes{WhiteCaptures, WhiteCaptures}) {
		t.Errorf("search: %v, %v", o, err)
	}
}
