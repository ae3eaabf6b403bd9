package semeai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"moyo/board"
)

// midRaces calls f with the races found part way through the tests'
// small races: from each race of at most 8 empty points, lines random
// lines of one to six moves on the race's points (a move that is no
// legal play is a pass), and the race of the same two blocks in the
// position each line reaches, where both are on the board and its
// regions hold at most 8 empty points too.
func midRaces(t *testing.T, lines int, seed uint64, f func(name string, line int, r *Race)) {
	names, rs := testRaces(t)
	rng := rand.New(rand.NewPCG(seed, 4))
	for k, r := range rs {
		if emptyPoints(r) > 8 {
			continue
		}
		s := newSettler(r, board.Empty)
		for line := range lines {
			pos := r.Pos.Clone()
			steps := 1 + rng.IntN(6)
			for range steps {
				i := s.moves[rng.IntN(len(s.moves))]
				if pos.Cell(i) != board.Empty || pos.PlayIndex(pos.ToMove(), i) != nil {
					pos.Play(board.Move{Color: pos.ToMove(), Pass: true})
				}
			}
			if pos.Cell(s.black) == board.Empty || pos.Cell(s.white) == board.Empty {
				continue
			}
			r2, err := NewRace(pos, pos.PointOf(s.black), pos.PointOf(s.white))
			if err != nil || emptyPoints(r2) > 8 {
				continue
			}
			f(names[k], line, r2)
		}
	}
}

// TestSettleOracleLines checks Settle against plain minimax on the races
// part way through the tests' small races (midRaces), each side moving
// first. The races of the tests start where a player would ask; these
// are the positions the search meets inside them, with stones taken,
// eyes half made and blocks in atari, where its life and death knowledge
// (Benson's test, the flood that stands in for it, the nakade shapes)
// decides lines on its own.
func TestSettleOracleLines(t *testing.T) {
	checked, kos, skipped := 0, 0, 0
	midRaces(t, 8, 3, func(name string, line int, r *Race) {
		st, err := SettleBoth(context.Background(), r, SettleLimits{Nodes: 300_000})
		if RefusalCodeOf(err) == RefusedSearchLimit {
			skipped++
			return
		}
		if err != nil {
			t.Errorf("%s, line %d: %v", name, line, err)
			return
		}
		c, k, s := oracleCheck(t, fmt.Sprintf("%s, line %d", name, line), r, st)
		checked, kos, skipped = checked+c, kos+k, skipped+s
	})
	t.Logf("%d positions × first mover checked against minimax, %d of them kos; %d left (too long for minimax or Settle)", checked, kos, skipped)
	if checked < 200 {
		t.Errorf("only %d checked", checked)
	}
}

// TestCountDifferenceNamed: on the races part way through the tests'
// small races (midRaces), wherever the count and the search differ, the
// analysis names an assumption of the count's model that a region (or
// the race, for a ko) breaks. An unnamed difference is a count that is
// wrong where its model should hold: this test found the count of two
// eyes as two liberties (TestTwoEyesLive).
func TestCountDifferenceNamed(t *testing.T) {
	analysed, differ := 0, 0
	midRaces(t, 3, 5, func(name string, line int, r *Race) {
		a, err := Analyze(context.Background(), r, Limits{})
		if err != nil {
			return // refused: the refusals have tests of their own
		}
		analysed++
		if len(a.Differences) > 0 {
			differ++
		}
		for _, d := range a.Differences {
			if d.Breaks == BreaksUnknown {
				t.Errorf("%s, line %d, %s first: the count says %v, the search %v, and no assumption is named\n%s", name, line, d.First.Name(), d.Count, d.Search, r.Pos)
			}
		}
	})
	t.Logf("%d races analysed, %d with the count and the search differing", analysed, differ)
	if analysed < 100 {
		t.Errorf("only %d analysed", analysed)
	}
}
