package semeai

import "math/bits"

// symmetry is a permutation of a region's points that maps the region and
// everything around it onto itself: its points, and each chain around it
// onto one of the same colour, freedom and role touching the image of its
// points. Positions mapped onto each other by one have the same game, so
// bitGame remembers one value for both. The permutation is kept as four
// tables, one per byte of a mask.
type symmetry struct {
	perm [4][256]uint32
	to   [32]int8 // to[i]: the image of point i
}

// apply returns the image of mask m.
func (s *symmetry) apply(m uint32) uint32 {
	return s.perm[0][m&0xff] | s.perm[1][m>>8&0xff] | s.perm[2][m>>16&0xff] | s.perm[3][m>>24]
}

// symmetries returns the board's reflections and rotations, other than the
// identity, that map the region and its surroundings onto themselves. A
// region on the edge, in a corner or beside differently shaped walls has
// none; an open area between straight walls often has one.
func (bg *bitGame) symmetries() []symmetry {
	n := len(bg.pts)
	size := bg.pos.Size()
	x0, y0, x1, y1 := size, size, -1, -1
	for _, i := range bg.pts {
		p := bg.pos.PointOf(i)
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	at := map[[2]int]int{}
	for k, i := range bg.pts {
		p := bg.pos.PointOf(i)
		at[[2]int{p.X, p.Y}] = k
	}
	var out []symmetry
	for t := 1; t < 8; t++ {
		var s symmetry
		ok := true
		for k, i := range bg.pts {
			p := bg.pos.PointOf(i)
			x, y := p.X-x0, p.Y-y0
			if t&4 != 0 {
				if x1-x0 != y1-y0 {
					ok = false
					break
				}
				x, y = y, x
			}
			if t&1 != 0 {
				x = x1 - x0 - x
			}
			if t&2 != 0 {
				y = y1 - y0 - y
			}
			m, in := at[[2]int{x + x0, y + y0}]
			if !in {
				ok = false
				break
			}
			s.to[k] = int8(m)
		}
		if !ok || !bg.keepsWalls(&s, n) {
			continue
		}
		for b := range (n + 7) / 8 {
			for v := range 256 {
				var img uint32
				for j := range 8 {
					if v&(1<<j) != 0 && b*8+j < n {
						img |= 1 << s.to[b*8+j]
					}
				}
				s.perm[b][v] = img
			}
		}
		out = append(out, s)
	}
	return out
}

// keepsWalls reports whether s maps the chains around the region onto
// chains of the same kind: every chain's points, mapped, are exactly the
// points of a chain of the same colour that is free (or not) as it is,
// and the defender's block onto itself.
func (bg *bitGame) keepsWalls(s *symmetry, n int) bool {
	image := func(m uint32) uint32 {
		var u uint32
		for ; m != 0; m &= m - 1 {
			u |= 1 << s.to[bits.TrailingZeros32(m)]
		}
		return u
	}
	used := uint64(0)
	for w, c := range bg.walls {
		img := image(c.adj)
		found := false
		for v, d := range bg.walls {
			bw, bv := uint64(1)<<w, uint64(1)<<v
			if used&bv != 0 || d.adj != img || d.colour != c.colour ||
				(bg.free&bw != 0) != (bg.free&bv != 0) || (bg.block&bw != 0) != (bg.block&bv != 0) {
				continue
			}
			used |= bv
			found = true
			break
		}
		if !found {
			return false
		}
	}
	return true
}
