package board

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// refPlay is Play written the slow and obvious way on top of Chains, as the
// reference the random tests hold Play to. It returns bare sentinel errors.
func refPlay(p *Position, m Move) (*Position, error) {
	c := m.Color
	if c != Black && c != White {
		return nil, ErrNotAPlayer
	}
	q := p.Clone()
	q.ko = -1
	q.toMove = c.Opponent()
	if m.Pass {
		return q, nil
	}
	if !p.OnBoard(m.Point) {
		return nil, ErrOffBoard
	}
	i := p.Index(m.Point)
	switch {
	case p.cells[i] != Empty:
		return nil, ErrOccupied
	case c == p.toMove && i == p.ko:
		return nil, ErrKo
	}
	q.cells[i] = c
	chains, id := q.Chains()
	removed, last := 0, -1
	for _, ch := range chains {
		if ch.Color == c.Opponent() && len(ch.Liberties) == 0 {
			for _, s := range ch.Stones {
				q.cells[s] = Empty
				last = s
			}
			removed += len(ch.Stones)
		}
	}
	if removed == 0 && len(chains[id[i]].Liberties) == 0 {
		return nil, ErrSuicide
	}
	q.captured[player(c)] += removed
	if removed == 1 {
		chains, id = q.Chains()
		if own := chains[id[i]]; len(own.Stones) == 1 && len(own.Liberties) == 1 {
			q.ko = last
		}
	}
	return q, nil
}

// checkInvariants fails t if p holds a chain without liberties or a ko
// point that is not empty.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	chains, _ := p.Chains()
	for _, ch := range chains {
		if len(ch.Liberties) == 0 {
			t.Fatalf("chain of %v at %v has no liberties:\n%s", ch.Color, p.PointOf(ch.Stones[0]), p)
		}
	}
	if ko, ok := p.Ko(); ok && p.At(ko) != Empty {
		t.Fatalf("ko point %v is occupied:\n%s", ko, p)
	}
}

// checkStep fails t unless after follows from before by the legal move m:
// the stone placed, only opponent stones removed, and exactly as many
// added to m.Color's captures.
func checkStep(t *testing.T, before, after *Position, m Move) {
	t.Helper()
	if after.ToMove() != m.Color.Opponent() {
		t.Fatalf("after %v: %v to move", m, after.ToMove())
	}
	removed := 0
	for i := range before.Len() {
		b, a := before.Cell(i), after.Cell(i)
		switch {
		case !m.Pass && i == before.Index(m.Point):
			if b != Empty || a != m.Color {
				t.Fatalf("after %v: played point went from %v to %v", m, b, a)
			}
		case b == a:
		case b == m.Color.Opponent() && a == Empty:
			removed++
		default:
			t.Fatalf("after %v: %v went from %v to %v", m, before.PointOf(i), b, a)
		}
	}
	if got := after.Captures(m.Color) - before.Captures(m.Color); got != removed {
		t.Fatalf("after %v: captures rose by %d, %d stones removed", m, got, removed)
	}
	if after.Captures(m.Color.Opponent()) != before.Captures(m.Color.Opponent()) {
		t.Fatalf("after %v: the opponent's captures changed", m)
	}
}

// checkAgainstReference fails t unless Play and Legal treat m on p exactly
// as refPlay does, and a rejected move leaves p unchanged.
func checkAgainstReference(t *testing.T, p *Position, m Move) {
	t.Helper()
	want, werr := refPlay(p, m)
	q := p.Clone()
	err := q.Play(m)
	switch {
	case werr != nil:
		if !errors.Is(err, werr) {
			t.Fatalf("Play(%v) = %v, want %v on\n%s", m, err, werr, p)
		}
		if !q.Equal(p) || q.captured != p.captured {
			t.Fatalf("rejected Play(%v) changed the position", m)
		}
	case err != nil:
		t.Fatalf("Play(%v) = %v, want it legal on\n%s", m, err, p)
	case !q.Equal(want) || q.captured != want.captured:
		t.Fatalf("Play(%v) gave\n%s ko %v captures %v, want\n%s ko %v captures %v",
			m, q, q.ko, q.captured, want, want.ko, want.captured)
	}
	if !m.Pass && m.Color != Empty {
		if lerr := p.Legal(m.Color, m.Point); !errors.Is(lerr, werr) {
			t.Fatalf("Legal(%v, %v) = %v, want %v on\n%s", m.Color, m.Point, lerr, werr, p)
		}
	}
}

func TestRandomGames(t *testing.T) {
	tests := []struct {
		size, games, moves int
	}{
		{size: 9, games: 12, moves: 300},
		{size: 19, games: 3, moves: 800},
		{size: 2, games: 20, moves: 30},
	}
	rng := rand.New(rand.NewPCG(1976, 2026))
	played := 0
	for _, tt := range tests {
		for g := range tt.games {
			p, err := New(tt.size)
			if err != nil {
				t.Fatal(err)
			}
			for step := range tt.moves {
				c := p.ToMove()
				if rng.IntN(20) == 0 {
					c = c.Opponent() // a second move in a row, as records sometimes have
				}
				probe := Point{X: rng.IntN(tt.size+2) - 1, Y: rng.IntN(tt.size+2) - 1}
				checkAgainstReference(t, p, Move{Color: c, Point: probe})

				legal := p.LegalMoves(c)
				if step%25 == 0 {
					var want []Point
					for i := range p.Len() {
						if _, err := refPlay(p, Move{Color: c, Point: p.PointOf(i)}); err == nil {
							want = append(want, p.PointOf(i))
						}
					}
					if len(legal) != len(want) {
						t.Fatalf("game %d step %d: LegalMoves(%v) = %v, want %v on\n%s", g, step, c, legal, want, p)
					}
					for k := range want {
						if legal[k] != want[k] {
							t.Fatalf("game %d step %d: LegalMoves(%v) = %v, want %v", g, step, c, legal, want)
						}
					}
				}

				m := Move{Color: c, Pass: true}
				if len(legal) > 0 && rng.IntN(50) != 0 {
					m = Move{Color: c, Point: legal[rng.IntN(len(legal))]}
				}
				checkAgainstReference(t, p, m)
				before := p.Clone()
				if err := p.Play(m); err != nil {
					t.Fatalf("game %d step %d: Play(%v): %v", g, step, m, err)
				}
				checkInvariants(t, p)
				checkStep(t, before, p, m)
				played++
			}
		}
	}
	if played < 5000 {
		t.Errorf("only %d moves played", played)
	}
}
