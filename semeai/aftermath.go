package semeai

import "moyo/board"

// maxWalledArea is the most points the area left to a capturer may have
// for Aftermath to call it walled in: a pocket in the opponent's wall, not
// a side of the board.
const maxWalledArea = 2 * maxRegionPoints

// Aftermath is what a side's block is left with once it has captured the
// other block: "Black captures" ends the race, but where Black's block
// lies inside White's wall it can itself be a dead shape there, and the
// capture is then not the end of it.
type Aftermath struct {
	// Lives is set when the block is alive by Benson's test on the board
	// with the other block taken off: nothing can capture it.
	Lives bool
	// Walled is set when it is not, and the area it is left in (its
	// stones and the empty points it reaches, the captured block's among
	// them, without crossing a stone of the opponent) is walled in by the
	// opponent's stones, with at most maxWalledArea points: the block must
	// still make two eyes there, and may not.
	Walled bool
	// Area is the number of points of that area (0 when not Walled).
	Area int
}

// aftermath returns what c's block is left with after it captures the
// opponent's essential block (see Aftermath).
func (r *Race) aftermath(c board.Color) Aftermath {
	pos := r.Pos.Clone()
	for _, s := range r.Block(c.Opponent()).Stones {
		if err := pos.Set(pos.PointOf(s), board.Empty); err != nil {
			return Aftermath{} // cannot happen: the stones are on the board
		}
	}
	anchor := r.Block(c).Anchor()
	if pos.UnconditionalLife()[anchor] == c {
		return Aftermath{Lives: true}
	}
	opp := c.Opponent()
	seen := make([]bool, pos.Len())
	area := []int{anchor}
	seen[anchor] = true
	for k := 0; k < len(area); k++ {
		if len(area) > maxWalledArea {
			return Aftermath{}
		}
		for _, j := range pos.Neighbors(area[k]) {
			if !seen[j] && pos.Cell(j) != opp {
				seen[j] = true
				area = append(area, j)
			}
		}
	}
	return Aftermath{Walled: true, Area: len(area)}
}
