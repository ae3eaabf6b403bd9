package semeai

import (
	"context"
	"math/bits"
	"slices"

	"moyo/board"
	"moyo/cgt"
)

// bitGame plays out one region's liberty counting game as regionGame
// does, move for move and rule for rule, but on bit masks of the region's
// points (at most 32) instead of a board: a position is two masks and a ko
// point, a chain is found by or-ing neighbour masks, and nothing is
// copied but the masks. Everything outside the region is fixed: the
// chains that touch it (walls and the essential blocks) are summarised by
// the region points next to each and by whether each has a liberty
// outside the region. A chain next to the region whose liberties all lie
// in it (a stone of three liberties inside a pocket) can be captured in
// the region's game: its stones are captive points of the bit position,
// on which no move is played, and positions are keyed, as regionGame
// keys them, by the region's points. A chain further out that only such
// a capture could free is beyond this engine: newBitGame refuses the
// region, and lcg plays it on the board.
type bitGame struct {
	scorer
	ctx context.Context
	pos *board.Position // the race's position, for the points' names
	pts []int           // the board index of each region point
	nbr []uint32        // nbr[i]: the region points next to point i
	// touch[i] is the set of outside chains next to point i; chains are
	// numbered by their index in walls.
	touch []uint64
	walls []wall
	// colour[0] and colour[1] are the sets of Black and White outside
	// chains; free those with a liberty outside the region.
	colour [2]uint64
	free   uint64
	block  uint64 // the defender's essential block, as a set of one chain
	// safe are the walls with a liberty outside every region of the race
	// (safeWall): the defender's block that joins one of his is safe.
	safe uint64
	all  uint32 // every point: the region's, then the captive chains'
	// region is the region's points, where the game's moves are played;
	// captive the stones of chains outside the region whose liberties
	// are all in it, which the game can capture (their points then stay
	// empty: no move is played there, as on the board engine).
	region, captive uint32
	start           bitPos
	sym             []symmetry // the region's symmetries other than the identity

	// nbrTab[b][v] and touchTab[b][v] are nbrOf and touchOf of the points
	// of byte b of a mask with bits v: the floods that find chains and
	// liberties take a union over a mask per step, and four table
	// lookups are cheaper than a loop over its bits.
	nbrTab   [4][256]uint32
	touchTab [4][256]uint64

	// memo holds the values of the positions without a ko point, by their
	// stones (see posMemo); memoKo those with one.
	memo   posMemo
	memoKo map[bitKey]*cgt.Game
	path   []bitKey // the line being played out: path[d] is at depth d
	// onLine[h] counts the keys of path that hash to h (pathHash): most
	// keys looked for are on no line, and a zero count says so at once.
	onLine [256]uint8
	// lowRep is as in regionGame: the least depth of a position of the
	// line that a move of the subtree under way would have repeated.
	lowRep, cycles int
	nodes, limit   int
	// captures counts the capturing moves of the line being played out:
	// without one, no move can repeat a position of the line.
	captures int
	// bufs[d] holds the Left and Right options of the node at depth d.
	bufs [][2][]*cgt.Game
	// legal is set when no chain of the start position is without a
	// liberty, so that neither is any position the game reaches (see
	// known).
	legal bool
}

// wall is a chain outside the region that touches it.
type wall struct {
	colour board.Color
	adj    uint32 // the region points next to it
}

// bitPos is a position of the region: the stones on its points and the
// ko point, which binds koColour (the player to move after the capture).
type bitPos struct {
	stones   [2]uint32 // Black's, White's
	ko       int8      // a region point, or −1
	koColour board.Color
}

// bitKey identifies a bitPos as regionGame's nodeKey does: the stones and
// the ko point.
type bitKey struct {
	b, w uint32
	ko   int8
}

// key returns p's key as regionGame keys a position: by the stones on the
// region's points, the captive stones still on the board, and the ko
// point. The captive stones were once left out, as their points are no
// one's to play, and a position with a captive chain taken then shared
// its memo entry with the same one with it on the board
// (TestCaptiveAlias).
func (bg *bitGame) key(p *bitPos) bitKey {
	return bitKey{p.stones[0] & bg.all, p.stones[1] & bg.all, p.ko}
}

// side returns the index of colour c in bitPos.stones and bitGame.colour.
func side(c board.Color) int {
	if c == board.White {
		return 1
	}
	return 0
}

// newBitGame prepares the bit engine for region g of r and defender def,
// and reports false when the region is beyond it: more than 32 points with
// the captive chains' stones, more than 64 chains around them, or a chain
// around them other than the defender's block with no liberty outside.
func newBitGame(ctx context.Context, tb *cgt.Table, r *Race, g Region, def board.Color, limit int) (*bitGame, bool) {
	pos := r.Pos
	inRegion := make(map[int]bool, len(g.Points))
	for _, i := range g.Points {
		inRegion[i] = true
	}
	chains, id := pos.Chains()
	blockID := id[r.Block(def).Anchor()]
	inRace := r.points()
	// A chain next to the region, not the block, with every liberty in the
	// region can be captured by the region's game: its stones join the bit
	// position as points no one plays on, so that a capture empties them.
	pts := slices.Clone(g.Points)
	added := map[int]bool{}
	var captiveChains []int // in the order their stones join pts
	for _, i := range g.Points {
		for _, j := range pos.Neighbors(i) {
			c := id[j]
			if inRegion[j] || c < 0 || c == blockID || added[c] {
				continue
			}
			captive := true
			for _, l := range chains[c].Liberties {
				if !inRegion[l] {
					captive = false
					break
				}
			}
			if captive {
				added[c] = true
				captiveChains = append(captiveChains, c)
				pts = append(pts, chains[c].Stones...)
			}
		}
	}
	n := len(pts)
	if n > 32 {
		return nil, false
	}
	at := make(map[int]int, n)
	for k, i := range pts {
		at[i] = k
	}
	bg := &bitGame{
		scorer: scorer{tb: tb, def: def},
		ctx:    ctx,
		pos:    pos,
		pts:    pts,
		nbr:    make([]uint32, n),
		touch:  make([]uint64, n),
		memoKo: map[bitKey]*cgt.Game{},
		limit:  limit,
		all:    uint32(1)<<n - 1,
	}
	if n == 32 {
		bg.all = ^uint32(0)
	}
	bg.region = uint32(1)<<len(g.Points) - 1
	if len(g.Points) == 32 {
		bg.region = ^uint32(0)
	}
	bg.captive = bg.all &^ bg.region
	// The memo reads a position as its region's colouring and the set of
	// captive chains on the board, not as a colouring of the captive
	// points too: a 12-point pocket around a captive stone keeps the
	// dense table.
	var masks []uint32
	var black []bool
	for _, c := range captiveChains {
		var m uint32
		for _, i := range chains[c].Stones {
			m |= 1 << at[i]
		}
		masks = append(masks, m)
		black = append(black, chains[c].Color == board.Black)
	}
	bg.memo = newPosMemo(len(g.Points), masks, black)
	wallOf := map[int]int{} // chain id → wall index
	for k, i := range pts {
		for _, j := range pos.Neighbors(i) {
			if m, ok := at[j]; ok {
				bg.nbr[k] |= 1 << m
				continue
			}
			c := id[j]
			if c < 0 {
				// An empty point next to the region is in the region: regions
				// are maximal. Anything else is not a region this engine knows.
				return nil, false
			}
			w, ok := wallOf[c]
			if !ok {
				w = len(bg.walls)
				if w == 64 {
					return nil, false
				}
				wallOf[c] = w
				bg.walls = append(bg.walls, wall{colour: chains[c].Color})
				free := false
				for _, l := range chains[c].Liberties {
					if _, in := at[l]; !in {
						free = true
						break
					}
				}
				switch {
				case free:
					bg.free |= 1 << w
				case c != blockID:
					return nil, false
				}
				bg.colour[side(chains[c].Color)] |= 1 << w
				if c == blockID {
					bg.block = 1 << w
				} else if safeWall(chains[c], inRace) {
					bg.safe |= 1 << w
				}
			}
			bg.walls[w].adj |= 1 << k
			bg.touch[k] |= 1 << w
		}
	}
	if bg.block == 0 {
		return nil, false
	}
	bg.start.ko = -1
	for k, i := range pts {
		switch pos.Cell(i) {
		case board.Black:
			bg.start.stones[0] |= 1 << k
		case board.White:
			bg.start.stones[1] |= 1 << k
		}
	}
	if p, ok := pos.Ko(); ok {
		if k, in := at[pos.Index(p)]; in {
			bg.start.ko, bg.start.koColour = int8(k), pos.ToMove()
		}
	}
	for b := range (n + 7) / 8 {
		for v := 1; v < 256; v++ {
			low := v & -v
			k := b*8 + bits.TrailingZeros32(uint32(v))
			prev := v &^ low
			bg.nbrTab[b][v] = bg.nbrTab[b][prev]
			bg.touchTab[b][v] = bg.touchTab[b][prev]
			if k < n {
				bg.nbrTab[b][v] |= bg.nbr[k]
				bg.touchTab[b][v] |= bg.touch[k]
			}
		}
	}
	bg.legal = bg.breathing(&bg.start)
	if n >= minSymmetric && bg.captive == 0 {
		bg.sym = bg.symmetries()
	}
	return bg, true
}

// minSymmetric is the fewest points a region needs for bitGame to look for
// its symmetries: a smaller one is played out faster than they are found.
const minSymmetric = 8

// breathing reports whether every chain of p with a stone in the region
// has a liberty.
func (bg *bitGame) breathing(p *bitPos) bool {
	for s := range 2 {
		for rest := p.stones[s]; rest != 0; {
			if !bg.breathes(p, s, rest&-rest) {
				return false
			}
			st, _ := bg.group(p, s, rest&-rest, 0)
			rest &^= st
		}
	}
	return true
}

// nbrOf returns the region points next to the points of m.
func (bg *bitGame) nbrOf(m uint32) uint32 {
	t := &bg.nbrTab
	return t[0][m&0xff] | t[1][m>>8&0xff] | t[2][m>>16&0xff] | t[3][m>>24]
}

// touchOf returns the outside chains next to the points of m.
func (bg *bitGame) touchOf(m uint32) uint64 {
	t := &bg.touchTab
	return t[0][m&0xff] | t[1][m>>8&0xff] | t[2][m>>16&0xff] | t[3][m>>24]
}

// adjOf returns the region points next to the outside chains of set w.
func (bg *bitGame) adjOf(w uint64) uint32 {
	var u uint32
	for w != 0 {
		u |= bg.walls[bits.TrailingZeros64(w)].adj
		w &= w - 1
	}
	return u
}

// group returns the chain of colour side s that holds the region stones
// seed and the outside chains walls, as on the board: its region stones
// and the outside chains joined to them.
func (bg *bitGame) group(p *bitPos, s int, seed uint32, walls uint64) (uint32, uint64) {
	own, mine := p.stones[s], bg.colour[s]
	stones := seed | bg.adjOf(walls)&own
	front := stones
	for {
		for front != 0 {
			nb := bg.nbrOf(front) & own &^ stones
			stones |= nb
			front = nb
		}
		add := bg.touchOf(stones) & mine &^ walls
		if add == 0 {
			return stones, walls
		}
		walls |= add
		front = bg.adjOf(add) & own &^ stones
		stones |= front
	}
}

// breathes reports whether the chain of colour side s holding the region
// stones seed has a liberty: it is group stopped at the first liberty
// found, in the region or outside (a chain joined to one with a liberty
// outside the region), since most chains a move touches have one near.
func (bg *bitGame) breathes(p *bitPos, s int, seed uint32) bool {
	own, mine := p.stones[s], bg.colour[s]
	empty := bg.all &^ (p.stones[0] | p.stones[1])
	stones, front := seed, seed
	var walls uint64
	for {
		for front != 0 {
			nb := bg.nbrOf(front)
			if nb&empty != 0 {
				return true
			}
			front = nb & own &^ stones
			stones |= front
		}
		add := bg.touchOf(stones) & mine &^ walls
		if add == 0 {
			return false
		}
		adj := bg.adjOf(add)
		if add&bg.free != 0 || adj&empty != 0 {
			return true
		}
		walls |= add
		front = adj & own &^ stones
		stones |= front
	}
}

// libs returns the region liberties of the chain (stones, walls) of p.
func (bg *bitGame) libs(p *bitPos, stones uint32, walls uint64) uint32 {
	return (bg.nbrOf(stones) | bg.adjOf(walls)) & bg.all &^ (p.stones[0] | p.stones[1])
}

// blockLibs returns the defender's block's liberties in the region.
func (bg *bitGame) blockLibs(p *bitPos) uint32 {
	_, libs := bg.blockAt(p)
	return libs
}

// blockAt returns the defender's block's stones and liberties in the
// region.
func (bg *bitGame) blockAt(p *bitPos) (stones, libs uint32) {
	st, w := bg.group(p, side(bg.def), 0, bg.block)
	return st, bg.libs(p, st, w) & bg.region
}

// play plays c at region point i of p, as board.Position.Play does, and
// returns the position after it; captured reports that the move took the
// defender's essential block, and ok is false for an illegal move
// (occupied, suicide, or the ko). libs are the block's liberties in the
// region at p: a move takes the block only where it has no other.
func (bg *bitGame) play(p *bitPos, c board.Color, i int, libs uint32) (next bitPos, captured, ok bool) {
	bit := uint32(1) << i
	if (p.stones[0]|p.stones[1])&bit != 0 || int(p.ko) == i && c == p.koColour {
		return bitPos{}, false, false
	}
	me, opp := side(c), 1-side(c)
	q := *p
	q.stones[me] |= bit
	q.ko = -1
	taken, last := 0, -1
	var checked uint32
	empty := bg.all &^ (q.stones[0] | q.stones[1])
	for m := bg.nbr[i] & q.stones[opp]; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if checked&(1<<j) != 0 || bg.nbr[j]&empty != 0 || bg.touch[j]&bg.free&bg.colour[opp] != 0 {
			continue // a stone with a liberty of its own, or joined to a chain with one outside, is not taken
		}
		if bg.breathes(&q, opp, 1<<j) {
			continue
		}
		st, w := bg.group(&q, opp, 1<<j, 0)
		checked |= st
		if w&bg.block != 0 {
			return bitPos{}, true, true
		}
		q.stones[opp] &^= st
		taken += bits.OnesCount32(st)
		last = j
	}
	// The defender's block may touch the point directly, with no liberty
	// outside the region.
	if libs&^(1<<i) == 0 && bg.touch[i]&bg.block&bg.colour[opp]&^bg.free != 0 && bg.adjOf(bg.block)&checked == 0 {
		st, w := bg.group(&q, opp, 0, bg.block)
		if w&bg.free == 0 && bg.libs(&q, st, w) == 0 {
			return bitPos{}, true, true
		}
	}
	if taken == 0 && bg.nbr[i]&empty == 0 && bg.touch[i]&bg.free&bg.colour[me] == 0 && !bg.breathes(&q, me, bit) {
		return bitPos{}, false, false
	}
	if taken == 1 && bg.nbr[i]&q.stones[me] == 0 && bg.touch[i]&bg.colour[me] == 0 &&
		bits.OnesCount32(bg.nbr[i]&^(q.stones[0]|q.stones[1])) == 1 {
		q.ko, q.koColour = int8(last), c.Opponent()
	}
	return q, false, true
}

// plainCount is regionGame.plainCount: the number of empty points when
// every one of them is a liberty of the defender's block next to a stone
// of the attacker outside the region and to no safe wall of the
// defender's, and every stone in the region is the block's or joined to
// a chain of the attacker outside it.
// libs are the block's liberties in the region (blockLibs), st its
// stones there.
func (bg *bitGame) plainCount(p *bitPos, st, libs uint32) (int, bool) {
	d := side(bg.def)
	empty := bg.region &^ (p.stones[0] | p.stones[1])
	if libs != empty || p.stones[d]&bg.region&^st != 0 {
		return 0, false
	}
	a := 1 - d
	// A captive stone of the attacker is outside the region, as a wall is.
	outside := p.stones[a] & bg.captive
	for m := empty; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		if bg.touch[k]&bg.colour[a] == 0 && bg.nbr[k]&outside == 0 || bg.touch[k]&bg.safe&bg.colour[d] != 0 {
			return 0, false
		}
	}
	for rest := p.stones[a] & bg.region; rest != 0; {
		st, w := bg.group(p, a, rest&-rest, 0)
		if w == 0 && st&bg.captive == 0 {
			return 0, false
		}
		rest &^= st
	}
	return bits.OnesCount32(empty), true
}

// onPath returns the depth+1 of the position with key k on the line being
// played out, or 0.
func (bg *bitGame) onPath(k bitKey) int {
	if bg.onLine[pathHash(k)] == 0 {
		return 0
	}
	for d, q := range bg.path {
		if q == k {
			return d + 1
		}
	}
	return 0
}

// pathHash returns the slot of k in bitGame.onLine.
func pathHash(k bitKey) uint8 {
	x := (uint64(k.b) | uint64(k.w)<<32) ^ uint64(uint8(k.ko))
	return uint8((x * 0x9e3779b97f4a7c15) >> 56)
}

// value is regionGame.value on bit positions.
func (bg *bitGame) value(p bitPos, root *[]Option) (*cgt.Game, error) {
	k := bg.key(&p)
	if v, ok := bg.lookup(k); ok && root == nil {
		return v, nil
	}
	st, w := bg.group(&p, side(bg.def), 0, bg.block)
	if w&bg.safe != 0 {
		v := bg.joined()
		bg.store(k, v)
		return v, nil
	}
	libs := bg.libs(&p, st, w) & bg.region
	if n, ok := bg.plainCount(&p, st, libs); ok && root == nil {
		v := bg.count(int64(n))
		bg.store(k, v)
		return v, nil
	}
	bg.nodes++
	if bg.nodes > bg.limit {
		return nil, errNodes
	}
	if bg.nodes&255 == 0 {
		if err := bg.ctx.Err(); err != nil {
			return nil, err
		}
	}
	depth := len(bg.path)
	bg.path = append(bg.path, k)
	h := pathHash(k)
	bg.onLine[h]++
	outerRep := bg.lowRep
	bg.lowRep = 1 << 30
	// The options go to buffers kept per depth: a region of 12 points
	// has hundreds of thousands of nodes, and the options of each are
	// needed only until its value is assigned.
	if depth == len(bg.bufs) {
		bg.bufs = append(bg.bufs, [2][]*cgt.Game{})
	}
	v, err := bg.expand(&p, k, depth, libs, root)
	bg.path = bg.path[:depth]
	bg.onLine[h]--
	bg.lowRep = min(outerRep, bg.lowRep)
	return v, err
}

// expand is value for a position to play out: k is its key, depth its
// place in the line, libs the block's liberties in the region.
func (bg *bitGame) expand(p *bitPos, k bitKey, depth int, libs uint32, root *[]Option) (*cgt.Game, error) {
	nlibs := bits.OnesCount32(libs)
	left, right := bg.bufs[depth][0][:0], bg.bufs[depth][1][:0]
	defer func() { bg.bufs[depth] = [2][]*cgt.Game{left[:0], right[:0]} }()
	lastOnly := -1 // the region point of a capture the rules allow only as the last move
	empty := bg.region &^ (p.stones[0] | p.stones[1])
	// The memo slots of the positions the moves make when they capture
	// nothing, read before any is played: the reads do not wait on one
	// another, and they were a tenth of the time when each waited for
	// the move before it (see known).
	var pre [2][32]uint16
	dense := bg.legal && bg.memo.dense != nil
	if dense {
		bg.memo.children(p.stones[0]&bg.all, p.stones[1]&bg.all, empty, &pre)
	}
	for m := empty; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		for _, c := range [2]board.Color{board.Black, board.White} {
			if c != bg.def && nlibs == 1 && libs&(1<<i) != 0 {
				if _, _, ok := bg.play(p, c, i, libs); !ok {
					lastOnly = i
					continue
				}
			}
			var v *cgt.Game
			var ok bool
			var err error
			if dense {
				v, ok = bg.knownSlot(p, c, i, libs, pre[side(c)][i])
				if !ok {
					v, ok, err = bg.played(p, c, i, libs)
				}
			} else {
				v, ok, err = bg.move(p, c, i, libs)
			}
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			if c == board.Black {
				left = append(left, v)
			} else {
				right = append(right, v)
			}
			if root != nil {
				*root = append(*root, Option{Color: c, Point: bg.pos.PointOf(bg.pts[i]), Value: v})
			}
		}
	}
	var at board.Point
	if lastOnly >= 0 {
		at = bg.pos.PointOf(bg.pts[lastOnly])
	}
	v := bg.close(left, right, nlibs, lastOnly >= 0, at, root)
	bg.remember(k, depth, v)
	return v, nil
}

// remember is regionGame.remember for the node at depth.
func (bg *bitGame) remember(k bitKey, depth int, v *cgt.Game) {
	if bg.lowRep < depth {
		bg.cycles++
	}
	bg.store(k, v)
}

// move is regionGame.move; libs are the defender's block's liberties in
// the region at p.
func (bg *bitGame) move(p *bitPos, c board.Color, i int, libs uint32) (*cgt.Game, bool, error) {
	if v, ok := bg.known(p, c, i, libs); ok {
		return v, true, nil
	}
	return bg.played(p, c, i, libs)
}

// played is move for a move whose value is not known: it plays it.
func (bg *bitGame) played(p *bitPos, c board.Color, i int, libs uint32) (*cgt.Game, bool, error) {
	q, captured, ok := bg.play(p, c, i, libs)
	if !ok {
		return nil, false, nil
	}
	if captured {
		return bg.tb.Zero(), true, nil
	}
	// The defender's move leaves his block without a liberty in the
	// region only if it fills the last one: elsewhere, or with another
	// left, the block keeps a liberty (captures only add some), and the
	// flood is not needed. A fill that joins the block to a safe wall
	// is a move: the block is then uncapturable.
	if c == bg.def && (libs == 0 || libs == 1<<i) {
		st, w := bg.group(&q, side(bg.def), 0, bg.block)
		if w&bg.safe == 0 && bg.libs(&q, st, w)&bg.region == 0 {
			return nil, false, nil
		}
	}
	// A line without captures adds a stone a move, so it cannot repeat a
	// position: only a line with a capture is searched for one.
	o := 1 - side(c)
	took := bits.OnesCount32(p.stones[o]) != bits.OnesCount32(q.stones[o])
	if took || bg.captures > 0 {
		if d := bg.onPath(bg.key(&q)); d > 0 {
			bg.lowRep = min(bg.lowRep, d-1)
			return nil, false, nil
		}
	}
	if took {
		bg.captures++
	}
	v, err := bg.value(q, nil)
	if took {
		bg.captures--
	}
	if err != nil {
		return nil, false, err
	}
	return v, true, nil
}

// known returns the value of c's move at region point i of p, without
// playing it, when the position the move would make if it captured
// nothing is remembered: most moves of a large region lead to a position
// met before. From a legal start (legal) every position the game reaches
// or remembers is legal, all its chains with a liberty. A position is all
// in its key, captive stones included, so a remembered p+i is legal: the
// move at i is not suicide, and captures nothing (the taken chain would
// be there without a liberty), so it leaves no ko; it is the move play
// would make, and its value is the one remembered. Moves of the defender
// that leave his block without a liberty in the region are no moves of
// the game although their positions may be remembered, and repetitions
// are looked for as move looks for them.
func (bg *bitGame) known(p *bitPos, c board.Color, i int, libs uint32) (*cgt.Game, bool) {
	bit := uint32(1) << i
	if !bg.legal || c == bg.def && (libs == 0 || libs == bit) || (p.stones[0]|p.stones[1])&bit != 0 {
		return nil, false
	}
	k := bitKey{b: p.stones[0] & bg.all, w: p.stones[1] & bg.all, ko: -1}
	if c == board.Black {
		k.b |= bit
	} else {
		k.w |= bit
	}
	v, ok := bg.memo.get(k.b, k.w)
	if !ok || bg.captures > 0 && bg.onPath(k) > 0 {
		return nil, false
	}
	return v, true
}

// knownSlot is known with the memo's dense slot s of the position c's
// move at i makes if it captures nothing, read before (posMemo.children).
// The memo may have gained that position since: known then misses it,
// and the move is played, to the same value.
func (bg *bitGame) knownSlot(p *bitPos, c board.Color, i int, libs uint32, s uint16) (*cgt.Game, bool) {
	bit := uint32(1) << i
	if s == 0 || c == bg.def && (libs == 0 || libs == bit) {
		return nil, false
	}
	if bg.captures > 0 {
		k := bitKey{b: p.stones[0] & bg.all, w: p.stones[1] & bg.all, ko: -1}
		if c == board.Black {
			k.b |= bit
		} else {
			k.w |= bit
		}
		if bg.onPath(k) > 0 {
			return nil, false
		}
	}
	return bg.memo.games[s], true
}

// lookup returns the value remembered for the position with key k or any
// position symmetric to it: store writes a value under every image of its
// key, so that the dozen lookups a node makes need no canonical form.
func (bg *bitGame) lookup(k bitKey) (*cgt.Game, bool) {
	if k.ko < 0 {
		return bg.memo.get(k.b, k.w)
	}
	v, ok := bg.memoKo[k]
	return v, ok
}

// store remembers v for the position with key k and the positions
// symmetric to it.
func (bg *bitGame) store(k bitKey, v *cgt.Game) {
	bg.put(k, v)
	for i := range bg.sym {
		s := &bg.sym[i]
		c := bitKey{b: s.apply(k.b), w: s.apply(k.w), ko: k.ko}
		if k.ko >= 0 {
			c.ko = s.to[k.ko]
		}
		bg.put(c, v)
	}
}

// put remembers v for the position with key k alone.
func (bg *bitGame) put(k bitKey, v *cgt.Game) {
	if k.ko < 0 {
		bg.memo.put(k.b, k.w, v)
		return
	}
	bg.memoKo[k] = v
}
