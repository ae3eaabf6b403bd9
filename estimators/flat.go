package estimators

import "moyo/board"

// flatBoard is a position laid out for the inner loops of the estimators:
// the contents as ±1/0 and int32 neighbour indices in four slots per point,
// so a sweep reads a few flat arrays instead of calling into the board.
type flatBoard struct {
	cell []board.Color
	deg  []uint8
	nbr  []int32 // the on-board neighbours of point i are nbr[4i : 4i+deg[i]]
}

func newFlatBoard(pos *board.Position) flatBoard {
	n := pos.Len()
	fb := flatBoard{
		cell: make([]board.Color, n),
		deg:  make([]uint8, n),
		nbr:  make([]int32, 4*n),
	}
	for i := 0; i < n; i++ {
		fb.cell[i] = pos.Cell(i)
		nb := pos.Neighbors(i)
		fb.deg[i] = uint8(len(nb))
		for k, j := range nb {
			fb.nbr[4*i+k] = int32(j)
		}
	}
	return fb
}

// neighbors returns the on-board neighbours of point i.
func (fb *flatBoard) neighbors(i int) []int32 {
	return fb.nbr[4*i : 4*i+int(fb.deg[i])]
}

// flatChains are the chains of a position in flat arrays: the chain of every
// point and, per chain, its colour and adjacent points (SPEC conventions).
type flatChains struct {
	of    []int32 // chain index of each point, −1 for an empty point
	color []board.Color
	start []int32 // the adjacent points of chain c are adj[start[c]:start[c+1]]
	adj   []int32
}

// chains finds the chains with one flood fill. The order of the adjacent
// points depends only on which points hold the same colour, never on which
// colour it is, so swapping the colours of a position leaves every list
// unchanged: the products over them then match bit for bit.
func (fb *flatBoard) chains() flatChains {
	n := len(fb.cell)
	stones := 0
	for _, c := range fb.cell {
		if c != board.Empty {
			stones++
		}
	}
	// A chain has at most 4 adjacent points per stone; of, seen and the
	// stack share one allocation.
	scratch := make([]int32, 3*n)
	fc := flatChains{
		of:    scratch[:n:n],
		start: make([]int32, 1, stones+1),
		color: make([]board.Color, 0, stones),
		adj:   make([]int32, 0, 4*stones),
	}
	for i := range fc.of {
		fc.of[i] = -1
	}
	seen := scratch[n : 2*n : 2*n] // seen[j] == c+1: j already listed for chain c
	stack := scratch[2*n : 2*n]
	for i, col := range fb.cell {
		if col == board.Empty || fc.of[i] >= 0 {
			continue
		}
		c := int32(len(fc.color))
		fc.color = append(fc.color, col)
		fc.of[i] = c
		stack = append(stack[:0], int32(i))
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range fb.neighbors(int(s)) {
				switch {
				case fb.cell[j] == col:
					if fc.of[j] < 0 {
						fc.of[j] = c
						stack = append(stack, j)
					}
				case seen[j] != c+1:
					seen[j] = c + 1
					fc.adj = append(fc.adj, j)
				}
			}
		}
		fc.start = append(fc.start, int32(len(fc.adj)))
	}
	return fc
}
