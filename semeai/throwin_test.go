package semeai

import (
	"context"
	"testing"

	"moyo/board"
)

// TestThrowIn checks the throw-in races (the paper's Problem 5 opens with
// one): with the attacker to play, the combinatorial verdict's tedomari is
// the throw-in at D7, a stone with one liberty that captures nothing; the
// brute-force solver finds it the attacker's only winning first move; and
// the defender then captures it.
func TestThrowIn(t *testing.T) {
	tests := []struct {
		name     string
		diag     string
		blocks   [2]board.Point
		attacker board.Color
	}{
		{"Black throws in", throwIn, [2]board.Point{{X: 1, Y: 5}, {X: 1, Y: 4}}, board.Black},
		{"White throws in", throwInWhite, [2]board.Point{{X: 1, Y: 4}, {X: 1, Y: 5}}, board.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			pos, err := board.ParseDiagram(tt.diag)
			if err != nil {
				t.Fatal(err)
			}
			r, err := NewRace(pos, tt.blocks[0], tt.blocks[1])
			if err != nil {
				t.Fatal(err)
			}
			a, err := Analyze(ctx, r, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			want := Result(1)
			mv := a.Verdict.BlackMove
			got := a.Verdict.BlackFirst
			if tt.attacker == board.White {
				want, mv, got = -1, a.Verdict.WhiteMove, a.Verdict.WhiteFirst
			}
			d7 := board.Point{X: 3, Y: 2}
			if got != want || mv == nil || mv.Point != d7 {
				t.Fatalf("verdict %v with %v first, tedomari %+v; want %v at D7", got, tt.attacker, mv, want)
			}
			// D7 is a throw-in: one stone, one liberty (D8), nothing taken.
			q := pos.Clone()
			before := q.Captures(tt.attacker)
			if err := q.Play(board.Move{Color: tt.attacker, Point: d7}); err != nil {
				t.Fatal(err)
			}
			chains, id := q.Chains()
			c := chains[id[q.Index(d7)]]
			if len(c.Stones) != 1 || len(c.Liberties) != 1 || q.Captures(tt.attacker) != before {
				t.Errorf("D7 is no throw-in: %d stones, %d liberties", len(c.Stones), len(c.Liberties))
			}
			if err := q.Play(board.Move{Color: tt.attacker.Opponent(), Point: q.PointOf(c.Liberties[0])}); err != nil || q.Cell(q.Index(d7)) != board.Empty {
				t.Errorf("the defender cannot take the thrown-in stone: %v", err)
			}
			// The solver: D7 is the attacker's only winning first move.
			var wins []string
			for _, g := range r.Regions {
				for _, i := range g.Points {
					p := pos.Clone()
					if err := p.SetToMove(tt.attacker); err != nil {
						t.Fatal(err)
					}
					if p.Cell(i) != board.Empty || p.Play(board.Move{Color: tt.attacker, Point: p.PointOf(i)}) != nil {
						continue
					}
					rr := *r
					rr.Pos = p
					res, err := Solve(ctx, &rr, tt.attacker.Opponent(), 0)
					if err != nil {
						t.Fatal(err)
					}
					if res == want {
						wins = append(wins, label(p, i))
					}
				}
			}
			if len(wins) != 1 || wins[0] != "D7" {
				t.Errorf("winning first moves %v, want only D7", wins)
			}
		})
	}
}
