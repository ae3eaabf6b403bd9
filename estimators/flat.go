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
