package semeai

import (
	"slices"

	"moyo/board"
)

// bounds returns the least and the most end the position can have (Black
// positive) by life and death alone: a block alive by Benson's test
// cannot be captured, nor can one that lives by its own regions as they
// are (ownSearch.known); a block dead in an eye of a dead shape
// (nakadeDead) is. The blocks must have been filled (fillBlocks).
func (s *settler) bounds(pos *board.Position, depth int) (lo, hi Result) {
	for len(s.aliveAt) <= depth {
		s.aliveAt = append(s.aliveAt, [2]bool{})
	}
	// A block with a liberty where no move is played can never lose it.
	// One that can join at will a chain with such a liberty
	// (joinsOutMiai), or alive by Benson's test, stays so whatever the
	// opponent plays: it is tested where its owner has just moved (or at
	// the root; Benson's test only where the join does not settle it),
	// and otherwise keeps the answer of the position before. (An opponent's
	// move can, rarely, make a block's region vital to it; the block's
	// owner's next move then finds it alive.)
	var alive, test [2]bool
	last := pos.ToMove().Opponent()
	for k, c := range [2]board.Color{board.Black, board.White} {
		switch {
		case s.outside(pos, k):
			alive[k] = true
		case depth > 0 && c != last:
			alive[k] = s.aliveAt[depth-1][k]
		case s.joinsOutMiai(pos, k, c):
			alive[k] = true
		case livesBy(s.own[k], pos):
			alive[k] = true
		default:
			var sure bool
			test[k], sure = s.mayLive(pos, k)
			alive[k], test[k] = sure, test[k] && !sure
		}
	}
	alive[0] = alive[0] || test[0] && s.life.ChainPassAlive(pos, s.black)
	alive[1] = alive[1] || test[1] && s.life.ChainPassAlive(pos, s.white)
	s.aliveAt[depth] = alive
	lo, hi = WhiteCaptures, BlackCaptures
	if alive[0] {
		lo = Neither
	}
	if alive[1] {
		hi = Neither
	}
	switch {
	case alive[0] && alive[1]:
	case alive[0] && s.nakadeDead(pos, 1, board.White):
		return BlackCaptures, BlackCaptures
	case alive[1] && s.nakadeDead(pos, 0, board.Black):
		return WhiteCaptures, WhiteCaptures
	}
	return lo, hi
}

// fillBlocks finds the stones and liberties of both essential blocks in
// pos, which holds both.
func (s *settler) fillBlocks(pos *board.Position) {
	s.stamp[0] = s.blocks[0].Fill(pos, s.black)
	s.stamp[1] = s.blocks[1].Fill(pos, s.white)
}

// outside reports whether essential block k (Black's 0, White's 1, as
// fillBlocks found it in pos) has a liberty outside the race's moves: no
// move of the race can take it, so the block cannot be captured (a block
// that joins a wall with liberties outside the race, the count's safe
// wall).
func (s *settler) outside(pos *board.Position, k int) bool {
	for _, i := range s.blocks[k].Stones {
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) == board.Empty && !s.inMoves[j] {
				return true
			}
		}
	}
	return false
}

// maxVital is the most points mayLive floods of one region: a region of
// the block's larger than that is taken for no eye.
const maxVital = 48

// mayLive reports whether essential block k (as fillBlocks found it in
// pos) may be alive by Benson's test (may), and whether it is (sure):
// chainLife of the block.
func (s *settler) mayLive(pos *board.Position, k int) (may, sure bool) {
	return s.chainLife(pos, &s.blocks[k], s.stamp[k])
}

// chainLife reports whether the chain fl's fill of stamp st found in pos
// may be alive by Benson's test (may), and whether it is (sure). It
// floods the regions (maximal connected sets of points without the
// chain's colour's stones) next to the chain's liberties. A chain alive
// by Benson's test borders two regions whose empty points are all its
// liberties and whose other chains of its colour are alive too, so each
// of those has two such regions of its own (wallLives); where it does
// not, it is not alive. Where two such regions are bordered by the
// chain's stones alone, it is: nothing else decides whether they stay
// vital to it, so Benson's iteration never drops it. Between the two,
// only Benson's test, over the chains and regions that decide the chain's
// life (board.Life.ChainPassAlive), tells.
func (s *settler) chainLife(pos *board.Position, fl *board.Flood, st int32) (may, sure bool) {
	c := pos.Cell(fl.Stones[0])
	if s.region == nil || s.regionStamp > 1<<30 || s.wallStamp > 1<<30 {
		s.region, s.wallRegion = make([]int32, pos.Len()), make([]int32, pos.Len())
		s.wallSeen, s.wallOK = make([]int32, pos.Len()), make([]bool, pos.Len())
		s.regionStamp, s.wallStamp = 0, 0
	}
	// Each flood has its stamp, above base: a flood that meets an earlier
	// one's point is in that one's region, which was not vital (a vital
	// region is flooded whole, so no later flood starts inside it).
	s.regionStamp++
	base := s.regionStamp
	vital, private := 0, 0
	for _, x := range fl.Stones {
		for _, l := range pos.Neighbors(x) {
			if pos.Cell(l) != board.Empty || s.region[l] > base {
				continue
			}
			s.walls = s.walls[:0]
			if !s.vitalRegion(pos, s.region, &s.regionStamp, l, c, base, fl, st, true) {
				continue
			}
			if len(s.walls) == 0 {
				vital++
				if private++; private >= 2 {
					return true, true
				}
				continue
			}
			lives := true
			for _, j := range s.walls {
				if !s.wallLives(pos, j, c, base) {
					lives = false
					break
				}
			}
			if lives {
				vital++
			}
		}
	}
	return vital >= 2, false
}

// vitalRegion floods, marking region with a new stamp (*stamp, above
// base), the region of pos holding point l (no stone of colour c), and
// reports whether it is vital to the chain fl's fill of stamp st found:
// at most maxVital points, each empty one that chain's liberty, and
// meeting no point of an earlier flood since base. With walls, it appends
// to s.walls a stone of each chain of c next to the region that is not
// that chain's (once or more).
func (s *settler) vitalRegion(pos *board.Position, region []int32, stamp *int32, l int, c board.Color, base int32, fl *board.Flood, st int32, walls bool) bool {
	*stamp++
	mark := *stamp
	stack := append(s.stack[:0], l)
	defer func() { s.stack = stack[:0] }()
	region[l] = mark
	for n := 1; len(stack) > 0; n++ {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n > maxVital || pos.Cell(i) == board.Empty && !fl.Liberty(i, st) {
			return false
		}
		for _, j := range pos.Neighbors(i) {
			switch {
			case pos.Cell(j) == c:
				if walls && !fl.Stone(j, st) {
					s.walls = append(s.walls, j)
				}
			case region[j] == mark:
			case region[j] > base:
				return false
			default:
				region[j] = mark
				stack = append(stack, j)
			}
		}
	}
	return true
}

// wallLives reports whether the chain of colour c holding point j of pos
// has two regions vital to it (see vitalRegion), as a chain Benson's test
// finds alive has: the first step of Benson's iteration, for a chain next
// to a region of the block's. The answer is kept for the chain's stones
// until chainLife's next call (base).
func (s *settler) wallLives(pos *board.Position, j int, c board.Color, base int32) bool {
	if s.wallSeen[j] == base {
		return s.wallOK[j]
	}
	st := s.wall.Fill(pos, j)
	s.wallStamp++
	own := s.wallStamp // this chain's floods are above own
	vital := 0
	for _, x := range s.wall.Stones {
		for _, l := range pos.Neighbors(x) {
			if vital >= 2 || pos.Cell(l) != board.Empty || s.wallRegion[l] > own {
				continue
			}
			if s.vitalRegion(pos, s.wallRegion, &s.wallStamp, l, c, own, &s.wall, st, false) {
				vital++
			}
		}
	}
	for _, x := range s.wall.Stones {
		s.wallSeen[x], s.wallOK[x] = base, vital >= 2
	}
	return vital >= 2
}

// nakadeDead reports whether essential block k, of colour c (as
// fillBlocks found it in pos), is dead in
// pos: its liberties are all empty points of one eye bordered by the
// block alone, the eye is of a dead shape with the player to move
// (deadShape), and every stone of the opponent next to the block is
// alive by Benson's test, so the block can neither capture its way out
// nor gain a liberty.
func (s *settler) nakadeDead(pos *board.Position, k int, c board.Color) bool {
	fl, stamp := &s.blocks[k], s.stamp[k]
	eye := s.eye[:0]
	defer func() { s.eye = eye[:0] }()
	for _, i := range s.moves {
		if fl.Liberty(i, stamp) {
			eye = append(eye, i)
		}
	}
	if len(eye) == 0 || len(eye) > 6 {
		return false
	}
	// Every liberty of the block must be in eye: none outside the race's
	// moves, which the loop above does not see.
	if s.outside(pos, k) {
		return false
	}
	// The eye: its points' neighbours are eye points or the block's
	// stones; the opponent's stones next to the block are alive.
	for _, i := range eye {
		for _, j := range pos.Neighbors(i) {
			if !fl.Liberty(j, stamp) && !fl.Stone(j, stamp) {
				return false
			}
		}
	}
	if !deadShape(pos, eye, pos.ToMove() != c) {
		return false
	}
	// The opponent's chains next to the block: a flood decides most
	// (chainLife), Benson's test of the chain the rest.
	if s.adjMark == nil || s.adjStamp > 1<<30 {
		s.adjMark, s.adjStamp = make([]int32, pos.Len()), 0
	}
	s.adjStamp++
	for _, i := range fl.Stones {
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) != c.Opponent() || s.adjMark[j] == s.adjStamp {
				continue
			}
			st := s.adj.Fill(pos, j)
			for _, x := range s.adj.Stones {
				s.adjMark[x] = s.adjStamp
			}
			if may, sure := s.chainLife(pos, &s.adj, st); !may || !sure && !s.life.ChainPassAlive(pos, j) {
				return false
			}
		}
	}
	return true
}

// joinsOutMiai reports whether essential block k, of colour c (as
// fillBlocks found it in pos), cannot be captured because it can join a
// chain that keeps a liberty outside the race (outsideAt) whatever the
// opponent does: c is to move and one of the block's liberties joins such
// a chain, or two of them do (both are liberties of the block, so no
// move captures it while both are empty, and when the opponent takes
// one, c joins at the other). Such a chain is never captured, so the
// joining move is legal, and it repeats no position of the line: a stone
// of c was never there before, or it would be there still.
func (s *settler) joinsOutMiai(pos *board.Position, k int, c board.Color) bool {
	fl, st := &s.blocks[k], s.stamp[k]
	need := 2
	if pos.ToMove() == c {
		need = 1
	}
	for _, i := range s.moves {
		if fl.Liberty(i, st) && s.joinsOut(pos, i, c) {
			if need--; need == 0 {
				return true
			}
		}
	}
	return false
}

// joinsOut reports whether a stone of c at i would join a chain of c
// with a liberty outside the race's moves.
func (s *settler) joinsOut(pos *board.Position, i int, c board.Color) bool {
	for _, j := range pos.Neighbors(i) {
		if pos.Cell(j) == c && s.outsideAt[j] {
			return true
		}
	}
	return false
}

// deadShapes are the eye shapes that do not make two eyes when the
// attacker moves first, each as its points in a canonical form
// (shapeKey): one to three points in a row or bent, the square four, the
// pyramid four, the bulky five, the flower five and the rabbity six.
// Only the square four (and the eyes of one or two points) die whoever
// moves first: deadAlways.
var deadShapes, deadAlways = func() (map[string]bool, map[string]bool) {
	type pt = [2]int
	all := [][]pt{
		{{0, 0}},
		{{0, 0}, {1, 0}},
		{{0, 0}, {1, 0}, {2, 0}},
		{{0, 0}, {1, 0}, {1, 1}},
		{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
		{{0, 0}, {1, 0}, {2, 0}, {1, 1}},
		{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}},
		{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},
		{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {2, 2}},
	}
	dead, always := map[string]bool{}, map[string]bool{}
	for k, sh := range all {
		key := shapeKey(sh)
		dead[key] = true
		if k < 2 || k == 4 {
			always[key] = true
		}
	}
	return dead, always
}()

// shapeKey returns a canonical form of the shape pts: the least of its
// eight images under rotation and reflection, moved to the origin and
// sorted, as bytes.
func shapeKey(pts [][2]int) string {
	best := ""
	img := make([][2]int, len(pts))
	for t := range 8 {
		for k, p := range pts {
			x, y := p[0], p[1]
			if t&1 != 0 {
				x = -x
			}
			if t&2 != 0 {
				y = -y
			}
			if t&4 != 0 {
				x, y = y, x
			}
			img[k] = [2]int{x, y}
		}
		mx, my := img[0][0], img[0][1]
		for _, p := range img {
			mx, my = min(mx, p[0]), min(my, p[1])
		}
		b := make([]byte, 0, 2*len(img))
		sorted := slices.Clone(img)
		for k := range sorted {
			sorted[k][0] -= mx
			sorted[k][1] -= my
		}
		slices.SortFunc(sorted, func(a, b [2]int) int {
			if a[1] != b[1] {
				return a[1] - b[1]
			}
			return a[0] - b[0]
		})
		for _, p := range sorted {
			b = append(b, byte(p[0]), byte(p[1]))
		}
		if best == "" || string(b) < best {
			best = string(b)
		}
	}
	return best
}

// deadShape reports whether the eye of points eye (board indices) is of
// a dead shape: one of deadShapes when the attacker moves first, of
// deadAlways when the defender does.
func deadShape(pos *board.Position, eye []int, attackerFirst bool) bool {
	pts := make([][2]int, len(eye))
	for k, i := range eye {
		p := pos.PointOf(i)
		pts[k] = [2]int{p.X, p.Y}
	}
	key := shapeKey(pts)
	if attackerFirst {
		return deadShapes[key]
	}
	return deadAlways[key]
}

// livesBy reports whether one of the searches os of a block's own regions
// finds it living in pos (ownSearch.known).
func livesBy(os []*ownSearch, pos *board.Position) bool {
	for _, o := range os {
		if o.known(pos) {
			return true
		}
	}
	return false
}
