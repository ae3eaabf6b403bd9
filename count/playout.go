package count

import (
	"context"
	"math/rand/v2"

	"moyo/board"
)

// playouts plays n random games to the end from pos, alternately Black
// and White first (see Auto for how they play), and returns, for every
// point, own, the mean owner at the end (+1 Black, −1 White: a stone, or
// an empty point next to stones of one colour), and seki, the fraction of
// the games that end with its stone next to an empty point both sides
// border: a liberty neither side could fill, the sign of a seki.
func playouts(ctx context.Context, pos *board.Position, n int, seed uint64) (own, seki []float64, err error) {
	rng := rand.New(rand.NewPCG(seed, 0x6d6f796f))
	size := pos.Len()
	own = make([]float64, size)
	seki = make([]float64, size)
	shared := make([]bool, size)
	work := pos.Clone()
	empties := make([]int, 0, size)
	sc := &scratch{seen: make([]int32, size), stack: make([]int, 0, size)}
	for g := range n {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		work.CopyFrom(pos)
		c := board.Black
		if g%2 == 1 {
			c = board.White
		}
		passes, last := 0, -1
		for moves := 0; passes < 2 && moves < 3*size; moves++ {
			// A chain the last move left in atari is taken, or one it
			// put in atari saved: the replies no player misses at the
			// end of a game.
			at := sc.capture(work, last)
			if at < 0 {
				at = sc.escape(work, last, c)
			}
			if at >= 0 && work.PlayIndex(c, at) == nil {
				passes, last = 0, at
				c = c.Opponent()
				continue
			}
			empties = empties[:0]
			for i := range size {
				if work.Cell(i) == board.Empty {
					empties = append(empties, i)
				}
			}
			played := false
			for len(empties) > 0 {
				k := rng.IntN(len(empties))
				i := empties[k]
				empties[k] = empties[len(empties)-1]
				empties = empties[:len(empties)-1]
				if isEye(work, i, c) || sc.selfAtari(work, i, c) {
					continue
				}
				if work.PlayIndex(c, i) == nil {
					played, last = true, i
					break
				}
			}
			if played {
				passes = 0
			} else {
				passes, last = passes+1, -1
				work.Play(board.Move{Color: c, Pass: true})
			}
			c = c.Opponent()
		}
		clear(shared)
		for i := range size {
			switch v := work.Cell(i); v {
			case board.Empty:
				var by board.Color
				both := false
				for _, j := range work.Neighbors(i) {
					if v := work.Cell(j); v != board.Empty {
						both = both || by == -v
						by = v
					}
				}
				own[i] += float64(by)
				if both {
					for _, j := range work.Neighbors(i) {
						if work.Cell(j) != board.Empty && !shared[j] {
							sc.markChain(work, j, shared)
						}
					}
				}
			default:
				own[i] += float64(v)
			}
		}
		for i, s := range shared {
			if s {
				seki[i]++
			}
		}
	}
	for i := range own {
		own[i] /= float64(n)
		seki[i] /= float64(n)
	}
	return own, seki, nil
}

// markChain sets mark on every stone of the chain at i.
func (sc *scratch) markChain(p *board.Position, i int, mark []bool) {
	c := p.Cell(i)
	stack := append(sc.stack[:0], i)
	mark[i] = true
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range p.Neighbors(k) {
			if p.Cell(j) == c && !mark[j] {
				mark[j] = true
				stack = append(stack, j)
			}
		}
	}
}

// isEye reports whether empty point i is an eye of c: every neighbour a
// stone of c, and not a false eye (the opponent holds no more than one
// diagonal in the middle of the board, none on the edge).
func isEye(p *board.Position, i int, c board.Color) bool {
	for _, j := range p.Neighbors(i) {
		if p.Cell(j) != c {
			return false
		}
	}
	n := p.Size()
	x, y := i%n, i/n
	bad, edge := 0, false
	for _, d := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		dx, dy := x+d[0], y+d[1]
		if dx < 0 || dy < 0 || dx >= n || dy >= n {
			edge = true
			continue
		}
		if p.Cell(dy*n+dx) == c.Opponent() {
			bad++
		}
	}
	if edge {
		return bad == 0
	}
	return bad <= 1
}

// scratch is the working memory of the playouts' checks, reused move
// after move.
type scratch struct {
	seen  []int32 // 2 on a chain's stones, 1 on its liberties
	stack []int
}

// selfAtari reports whether c's stone at empty point i would leave a chain
// of two or more stones with a single liberty without capturing: a move no
// player makes at the end of a game, and one that random play would make
// into sekis and living shapes, killing them.
func (sc *scratch) selfAtari(p *board.Position, i int, c board.Color) bool {
	for _, j := range p.Neighbors(i) {
		if p.Cell(j) == c.Opponent() && sc.liberties(p, j, board.Empty, 2) < 2 {
			return false // captures
		}
	}
	own := false
	for _, j := range p.Neighbors(i) {
		if p.Cell(j) == c {
			own = true
		}
	}
	if !own {
		return false
	}
	return sc.liberties(p, i, c, 2) < 2
}

// capture returns the liberty of a chain of the last mover's colour in
// atari, the one holding the stone at last or one touching it; −1 when
// there is none.
func (sc *scratch) capture(p *board.Position, last int) int {
	if last < 0 || p.Cell(last) == board.Empty {
		return -1
	}
	c := p.Cell(last)
	if at := sc.lastLiberty(p, last); at >= 0 {
		return at
	}
	for _, j := range p.Neighbors(last) {
		if p.Cell(j) == c {
			if at := sc.lastLiberty(p, j); at >= 0 {
				return at
			}
		}
	}
	return -1
}

// lastLiberty returns the liberty of the chain at i when it has one
// alone, −1 otherwise.
func (sc *scratch) lastLiberty(p *board.Position, i int) int {
	if sc.liberties(p, i, board.Empty, 2) != 1 {
		return -1
	}
	for k, v := range sc.seen {
		if v == 1 {
			return k
		}
	}
	return -1
}

// escape returns the liberty of a chain of c that the stone at last put
// in atari, when c playing there gives the chain two liberties or more;
// −1 when there is none.
func (sc *scratch) escape(p *board.Position, last int, c board.Color) int {
	if last < 0 || p.Cell(last) != c.Opponent() {
		return -1
	}
	for _, j := range p.Neighbors(last) {
		if p.Cell(j) != c {
			continue
		}
		if lib := sc.lastLiberty(p, j); lib >= 0 && sc.liberties(p, lib, c, 2) >= 2 {
			return lib
		}
	}
	return -1
}

// liberties counts, up to most, the liberties of the chain at i; with as
// a colour (not Empty), i is an empty point taken to hold a stone of it.
func (sc *scratch) liberties(p *board.Position, i int, as board.Color, most int) int {
	seen := sc.seen
	clear(seen)
	c := p.Cell(i)
	if as != board.Empty {
		c = as
	}
	stack := append(sc.stack[:0], i)
	seen[i] = 2
	libs := 0
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range p.Neighbors(k) {
			if seen[j] != 0 {
				continue
			}
			switch p.Cell(j) {
			case board.Empty:
				seen[j] = 1
				libs++
				if libs >= most {
					return libs
				}
			case c:
				seen[j] = 2
				stack = append(stack, j)
			}
		}
	}
	return libs
}
