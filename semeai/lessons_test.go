package semeai_test

import (
	"context"
	"slices"
	"testing"

	"moyo/board"
	"moyo/cgt"
	"moyo/lesson"
	"moyo/semeai"
)

// TestCandidateRaces checks that the races CandidateRaces builds, with the
// chains and Benson's test found once, are those NewRace builds for each
// pair of Candidates, on every lesson's position.
func TestCandidateRaces(t *testing.T) {
	ls, err := lesson.BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range ls {
		lr, err := l.Race()
		if err != nil {
			t.Fatal(err)
		}
		pairs, races := semeai.Candidates(lr.Pos), semeai.CandidateRaces(lr.Pos)
		if len(pairs) != len(races) {
			t.Fatalf("%s: %d pairs, %d races", l.Name, len(pairs), len(races))
		}
		for k, p := range pairs {
			want, err := semeai.NewRace(lr.Pos, p[0], p[1])
			if err != nil {
				t.Fatalf("%s: %v", l.Name, err)
			}
			got := races[k]
			if got.Black.Anchor() != want.Black.Anchor() || got.White.Anchor() != want.White.Anchor() ||
				!slices.EqualFunc(got.Regions, want.Regions, func(a, b semeai.Region) bool {
					return slices.Equal(a.Points, b.Points) && a.Kind == b.Kind && a.Defender == b.Defender
				}) {
				t.Errorf("%s, candidate %d: races differ", l.Name, k)
			}
			n++
		}
	}
	if n < 20 {
		t.Errorf("only %d races compared", n)
	}
}

// TestExactLessons checks the engine's games against the exact ones on
// every region of the bundled lessons' positions: they agree but on the
// deep6to3 pocket of lesson 10 (see TestExactRegionGames), whose exact
// game is {4|1}.
func TestExactLessons(t *testing.T) {
	ls, err := lesson.BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string][2]string{"10-whole-board H12": {"{4|1}", "{6|3||1}"}}
	n := 0
	for _, l := range ls {
		r, err := l.Race()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Regions {
			defs := []board.Color{g.Defender}
			if g.Defender == board.Empty {
				defs = []board.Color{board.Black, board.White}
			}
			for _, def := range defs {
				tb := cgt.NewTable()
				exact, err := semeai.ExactValue(tb, r, g, def, 1_000_000)
				if err != nil {
					t.Logf("%s, region %s: %v", l.Name, r.Describe(g), err)
					continue
				}
				engine, err := semeai.EngineValue(context.Background(), tb, r, g, def)
				if err != nil {
					t.Fatal(err)
				}
				n++
				want := [2]string{exact.String(), exact.String()}
				if k, ok := known[l.Name+" "+r.Pos.PointOf(g.Points[0]).Label(r.Pos.Size())]; ok {
					want = k
					delete(known, l.Name+" "+r.Pos.PointOf(g.Points[0]).Label(r.Pos.Size()))
				}
				if exact.String() != want[0] || engine.String() != want[1] {
					t.Errorf("%s, region %s for %v: exact %s, engine %s, want %s and %s", l.Name, r.Describe(g), def, exact, engine, want[0], want[1])
				}
			}
		}
	}
	if n < 20 || len(known) > 0 {
		t.Errorf("only %d region games compared; not met: %v", n, known)
	}
	t.Logf("%d region games of the lessons compared", n)
}
