package board

import (
	"math/rand/v2"
	"testing"
)

func TestUnconditionalLife(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		want    string // owners: X Black, O White, . neither
	}{
		{
			name: "empty board",
			diagram: `
				. . . . .
				. . . . .
				. . . . .
				. . . . .
				. . . . .`,
			want: `
				. . . . .
				. . . . .
				. . . . .
				. . . . .
				. . . . .`,
		},
		{
			name: "two eyes in the corner",
			diagram: `
				. X . X O . . . .
				X X X X O . . . .
				O O O O O . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			want: `
				X X X X . . . . .
				X X X X . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			name: "two eyes on the edge",
			diagram: `
				. O X . X . X O .
				. O X X X X X O .
				. O O O O O O O .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			want: `
				. . X X X X X . .
				. . X X X X X . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			name: "the open board outside a living group is nobody's",
			diagram: `
				. X . X . . .
				X X X X . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				X X X X . . .
				X X X X . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			name: "one eye",
			diagram: `
				. X O . . .
				X X O . . .
				O O O . . .
				. . . . . .
				. . . . . .
				. . . . . .`,
			want: `
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .`,
		},
		{
			name: "one big eye holding an opponent stone",
			diagram: `
				. . . X O . .
				. O . X O . .
				X X X X O . .
				O O O O O . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			name: "a dead stone in one of two eyes is owned",
			diagram: `
				. O X . X O . .
				X X X X X O . .
				O O O O O O . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .`,
			want: `
				X X X X X . . .
				X X X X X . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .`,
		},
		{
			name: "two chains sharing two eyes",
			diagram: `
				X . X O . . .
				. X X O . . .
				X X O O . . .
				O O O . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				X X X . . . .
				X X X . . . .
				X X . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			name: "an eye shared with a chain in atari is false",
			diagram: `
				. X . X O . .
				X X X O O . .
				O O O O . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			name: "seki",
			diagram: `
				. X X . O X . .
				O O O O O X . .
				X X X X X X . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .`,
			want: `
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .
				. . . . . . . .`,
		},
		{
			name: "both colours alive, dead stones inside",
			diagram: `
				. X . X O . O .
				X X X X O O O O
				. O X X O . O X
				X X X X O O O .
				. . X X O . O O
				X X X X O O O O
				X . . X O . . O
				X X X X O O O O`,
			want: `
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O
				X X X X O O O O`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustDiagram(t, tt.diagram)
			want := mustDiagram(t, tt.want)
			got := p.UnconditionalLife()
			checkOwners(t, p, got, want)
			var l Life
			for i, c := range p.cells {
				if c != Empty && l.ChainPassAlive(p, i) != (want.Cell(i) == c) {
					t.Errorf("ChainPassAlive at %v: %v, want %v", p.PointOf(i), !(want.Cell(i) == c), want.Cell(i) == c)
				}
			}

			swapped := p.Swapped().UnconditionalLife()
			for i := range got {
				if swapped[i] != -got[i] {
					t.Errorf("colours swapped: %v owns %v, want %v", p.PointOf(i), swapped[i], -got[i])
				}
			}
		})
	}
}

// checkOwners fails t unless got, the answer of UnconditionalLife on p,
// matches the owners drawn in want.
func checkOwners(t *testing.T, p *Position, got []Color, want *Position) {
	t.Helper()
	if len(got) != p.Len() {
		t.Fatalf("%d owners, want %d", len(got), p.Len())
	}
	bad := false
	for i := range got {
		if got[i] != want.Cell(i) {
			bad = true
		}
	}
	if bad {
		q, _ := New(p.Size())
		copy(q.cells, got)
		t.Errorf("owners of\n%sare\n%swant\n%s", p, q, want)
	}
}

// TestUnconditionalLifeIsSound plays random games to the end, then checks
// that no sequence of the opponent's moves, with the owner passing
// throughout, captures a chain UnconditionalLife calls pass-alive.
func TestUnconditionalLifeIsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 49))
	alive := 0
	for g := range 30 {
		size := 5 + g%5
		p := playout(t, rng, size)
		life := p.UnconditionalLife()
		swapped := p.Swapped().UnconditionalLife()
		for i, x := range life {
			if swapped[i] != -x {
				t.Fatalf("game %d: colours swapped, %v owns %v, want %v", g, p.PointOf(i), swapped[i], -x)
			}
			if x != Empty && p.Cell(i) == x {
				alive++
			}
		}
		for _, owner := range []Color{Black, White} {
			for range 10 {
				q := p.Clone()
				for range 3 * p.Len() {
					if err := q.Play(Move{Color: owner, Pass: true}); err != nil {
						t.Fatal(err)
					}
					moves := q.LegalMoves(owner.Opponent())
					if len(moves) == 0 {
						break
					}
					if err := q.Play(Move{Color: owner.Opponent(), Point: moves[rng.IntN(len(moves))]}); err != nil {
						t.Fatal(err)
					}
					for i, x := range life {
						if x == owner && p.Cell(i) == owner && q.Cell(i) != owner {
							t.Fatalf("game %d: pass-alive %v stone at %v captured; start\n%snow\n%s",
								g, owner, p.PointOf(i), p, q)
						}
					}
				}
			}
		}
	}
	t.Logf("%d pass-alive stones in 30 games", alive)
	if alive == 0 {
		t.Errorf("no pass-alive stones in any game: the test proves nothing")
	}
}

// playout plays a random game on an empty size×size board until both
// players pass, never filling a point whose neighbours are all the mover's
// own stones, so that groups keep their eyes and live.
func playout(t *testing.T, rng *rand.Rand, size int) *Position {
	t.Helper()
	p, err := New(size)
	if err != nil {
		t.Fatal(err)
	}
	passes := 0
	for move := 0; passes < 2 && move < 10*p.Len(); move++ {
		c := p.ToMove()
		var choices []Point
		for _, pt := range p.LegalMoves(c) {
			i := p.Index(pt)
			eye := true
			for _, j := range p.Neighbors(i) {
				if p.Cell(j) != c {
					eye = false
				}
			}
			if !eye {
				choices = append(choices, pt)
			}
		}
		m := Move{Color: c, Pass: true}
		passes++
		if len(choices) > 0 {
			m = Move{Color: c, Point: choices[rng.IntN(len(choices))]}
			passes = 0
		}
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestChainPassAlive holds ChainPassAlive, which looks only at what can
// decide one chain, to Owners, which looks at the whole board, on every
// chain of random playouts (whose groups keep their eyes, so many live)
// and of the same positions with stones taken off at random.
func TestChainPassAlive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	var l, whole Life
	var owners []Color
	alive, chains := 0, 0
	for g := range 60 {
		p := playout(t, rng, 5+g%15)
		if g%2 == 1 {
			for i := range p.Len() {
				if p.cells[i] != Empty && rng.IntN(6) == 0 {
					p.cells[i] = Empty
				}
			}
		}
		owners = whole.Owners(owners, p)
		for i, c := range p.cells {
			if c == Empty {
				continue
			}
			chains++
			want := owners[i] == c
			if got := l.ChainPassAlive(p, i); got != want {
				t.Fatalf("game %d: chain at %v pass-alive %v, Owners says %v\n%s", g, p.PointOf(i), got, want, p)
			}
			if want {
				alive++
			}
		}
	}
	t.Logf("%d of %d stones' chains pass-alive", alive, chains)
	if alive == 0 || alive == chains {
		t.Errorf("every chain alike: the test proves nothing")
	}

	// A set-up stone without liberties is a region without empty
	// points: no eye, so Black's chain, with one eye at C5, is not alive.
	p := mustDiagram(t, `
		O X . X X
		X X X X X
		. . . . .
		. . . . .
		. . . . .`)
	if l.ChainPassAlive(p, p.Index(Point{X: 1, Y: 0})) {
		t.Errorf("a chain whose second eye is an opponent's stone without liberties is pass-alive\n%s", p)
	}
}
