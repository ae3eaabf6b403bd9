package semeai

import (
	"context"
	"math/rand/v2"
	"testing"

	"moyo/board"
)

// TestSettleOracleLines checks Settle against plain minimax on the
// positions part way through the tests' small races: from each race of
// at most 8 empty points, random lines of one to six moves on the race's
// points, and the race of the same two blocks in the position each line
// reaches, with each side moving first. The races of the tests start
// where a player would ask; these are the positions the search meets
// inside them, with stones taken, eyes half made and blocks in atari,
// where its life and death knowledge (Benson's test, the flood that
// stands in for it, the nakade shapes) decides lines on its own.
func TestSettleOracleLines(t *testing.T) {
	names, rs := testRaces(t)
	rng := rand.New(rand.NewPCG(3, 4))
	checked, kos, skipped := 0, 0, 0
	for k, r := range rs {
		if emptyPoints(r) > 8 {
			continue
		}
		s := newSettler(r, board.Empty)
		for line := range 8 {
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
			st, err := SettleBoth(context.Background(), r2, SettleLimits{Nodes: 300_000})
			if RefusalCodeOf(err) == RefusedSearchLimit {
				skipped++
				continue
			}
			if err != nil {
				t.Errorf("%s, line %d: %v", names[k], line, err)
				continue
			}
			for n, c := range []board.Color{board.Black, board.White} {
				p := r2.Pos.Clone()
				p.SetToMove(c)
				o := newOracle(r2)
				want := o.value(p, false)
				if o.nodes > oracleNodes {
					skipped++
					continue
				}
				checked++
				got := st[n]
				if got.Kind == Ko {
					kos++
					if want < got.IfWhiteWinsKo || want > got.IfBlackWinsKo {
						t.Errorf("%s, line %d, %s first: ko, %v if White wins it, %v if Black does; minimax %v\n%s", names[k], line, c.Name(), got.IfWhiteWinsKo, got.IfBlackWinsKo, want, r2.Pos)
					}
					continue
				}
				if got.Result != want {
					t.Errorf("%s, line %d, %s first: Settle %v (%v), minimax %v\n%s", names[k], line, c.Name(), got.Result, got.Kind, want, r2.Pos)
				}
			}
		}
	}
	t.Logf("%d positions × first mover checked against minimax, %d of them kos; %d left (too long for minimax or Settle)", checked, kos, skipped)
	if checked < 200 {
		t.Errorf("only %d checked", checked)
	}
}
