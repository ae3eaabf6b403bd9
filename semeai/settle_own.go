package semeai

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"moyo/board"
)

// A block's own regions are the areas next to it walled in by stones of
// its colour and by the opponent's chains that the race cannot capture
// (the other essential block, and chains with a liberty where the race
// never plays): maximal connected sets of points without those stones,
// the smallest first up to ownMaxEmpty empty points in all. The
// opponent's other stones there are walled in with them. Where the
// block lives by these regions whatever the opponent plays there, even
// with every liberty of its walls outside them taken and without
// capturing a wall of the opponent's, it cannot be captured, whatever
// happens elsewhere: its owner answers there, and moves elsewhere change
// nothing there. Settle asks this at the start (ownLife) and, where the
// block lives so, keeps the answers: a position of the race whose
// regions' points are as in one of them finds the block uncapturable at
// once (bounds). A real game's group with room for two eyes in a corner
// of 18 points made the search try every way to invade it, beside the
// race, and stop at its limit without settling it; one whose eye space
// on the edge touches the other block (AlphaGo v AlphaGo game 9 after
// move 240, O17 v L19) did so until the other block became a wall.

// ownMaxEmpty is the most empty points ownLife searches in a block's own
// regions; ownMaxNodes the most positions it visits for a block. A
// search that stops there proves nothing.
const (
	ownMaxEmpty = 24
	ownMaxNodes = 100_000
)

// errOwnLimit stops a search of a block's own regions at its limit.
var errOwnLimit = errors.New("own regions: search limit")

// ownLife returns, for each essential block (Black's, White's), the
// searches of its own regions where the block lives by them with the
// opponent moving first there: of all of them, and of the fewest it
// lives by (the smallest first); none where it does not. It stops with
// ctx's error when ctx is cancelled.
func ownLife(ctx context.Context, r *Race) ([2][]*ownSearch, error) {
	var out [2][]*ownSearch
	other := [2]int{r.White.Anchor(), r.Black.Anchor()}
	moves := make([]bool, r.Pos.Len())
	for _, g := range r.Regions {
		for _, i := range g.Points {
			moves[i] = true
		}
	}
	for k, b := range [2]Block{r.Black, r.White} {
		regions := ownRegions(r.Pos, b.Anchor(), other[k], moves)
		// lives returns the search of the first n regions where the
		// block lives by them, else nil.
		lives := func(n int) (*ownSearch, error) {
			pts := slices.Concat(regions[:n]...)
			slices.Sort(pts)
			o := newOwnSearch(ctx, r.Pos, b.Anchor(), pts, moves)
			pos := r.Pos.Clone()
			pos.SetToMove(b.Color.Opponent())
			ok, err := o.lives(pos, ownMaxNodes)
			switch {
			case errors.Is(err, errOwnLimit), err == nil && !ok:
				return nil, nil
			case err != nil:
				return nil, err
			}
			return o, nil
		}
		// All the regions, whose every point the attacker need not play
		// while the block lives by them; then, where it does, the fewest
		// it lives by, smallest first, whose answers match more of the
		// race's positions where it plays in the others.
		if len(regions) == 0 {
			continue
		}
		o, err := lives(len(regions))
		switch {
		case err != nil:
			return out, err
		case o == nil:
			continue
		}
		out[k] = append(out[k], o)
		for n := 1; n < len(regions); n++ {
			o, err := lives(n)
			if err != nil {
				return out, err
			}
			if o != nil {
				out[k] = append(out[k], o)
				break
			}
		}
	}
	return out, nil
}

// ownRegions returns the own regions (see above) of the chain holding
// anchor in pos, each region's points in increasing order, the smallest
// region (by empty points) first, as many as hold ownMaxEmpty empty
// points in all. The race plays where moves is set: the opponent's
// chains that the race cannot capture (the other essential block, which
// holds point other, and those with a liberty where the race never
// plays) are his walls, and a region stops at them.
func ownRegions(pos *board.Position, anchor, other int, moves []bool) [][]int {
	c := pos.Cell(anchor)
	seen := opponentWalls(pos, c, other, moves)
	type region struct {
		pts   []int
		empty int
	}
	var regions []region
	var fl board.Flood
	fl.Fill(pos, anchor)
	for _, x := range fl.Stones {
		for _, l := range pos.Neighbors(x) {
			if pos.Cell(l) == c || seen[l] {
				continue
			}
			g := region{pts: []int{l}}
			seen[l] = true
			for k := 0; k < len(g.pts); k++ {
				i := g.pts[k]
				if pos.Cell(i) == board.Empty {
					g.empty++
				}
				for _, j := range pos.Neighbors(i) {
					if pos.Cell(j) != c && !seen[j] {
						seen[j] = true
						g.pts = append(g.pts, j)
					}
				}
			}
			regions = append(regions, g)
		}
	}
	// The smallest first: a region that opens onto the board should not
	// crowd out an eye.
	slices.SortStableFunc(regions, func(a, b region) int { return a.empty - b.empty })
	var out [][]int
	empty := 0
	for _, g := range regions {
		if empty+g.empty <= ownMaxEmpty {
			slices.Sort(g.pts)
			out = append(out, g.pts)
			empty += g.empty
		}
	}
	return out
}

// opponentWalls returns, set on their stones, the chains of c's
// opponent in pos that the race cannot capture: the one holding point
// other, and those with a liberty where moves is not set (the race never
// plays there).
func opponentWalls(pos *board.Position, c board.Color, other int, moves []bool) []bool {
	var fl board.Flood
	seen := make([]bool, pos.Len())
	wall := make([]bool, pos.Len())
	for i := range pos.Len() {
		if seen[i] || pos.Cell(i) != c.Opponent() {
			continue
		}
		st := fl.Fill(pos, i)
		is := false
		for _, x := range fl.Stones {
			seen[x] = true
			is = is || x == other
			for _, l := range pos.Neighbors(x) {
				is = is || fl.Liberty(l, st) && !moves[l]
			}
		}
		if is {
			for _, x := range fl.Stones {
				wall[x] = true
			}
		}
	}
	return wall
}

// ownSearch searches whether a block lives in its own regions, the
// opponent (the attacker) moving first there, with every liberty of the
// walls (the chains of the block's colour next to the regions) outside
// them taken, but where the race never plays. The attacker wins when he
// takes the block's last liberty in the regions; taking another wall's
// last one there captures it, and its points stay empty and unplayed,
// opening the parts of the regions next to them onto the board (as the
// race leaves a wall it captures). The block lives where Benson's test,
// on the chains in and around the regions and the regions' parts, finds
// it alive. The attacker's walls are taken to have liberties outside the
// regions, as his essential block can gain them elsewhere: his stone
// that joins one is never suicide. The defender may answer or not
// (pass); the attacker gains
// nothing by passing, which the defender answers with a pass. A ko is
// the attacker's: he may retake at once, as after a ko threat the
// defender answers, and the defender may not. A move that repeats a
// position of the line is the attacker's win, and an answer found under
// that ban is not remembered: the search proves life only where no ko
// or repetition decides it.
type ownSearch struct {
	ctx    context.Context
	c      board.Color // the block's
	anchor int
	pts    []int // the regions' points
	// holds is set on the regions' points (by board point).
	holds []bool
	// moves are those of pts where the race plays: the search plays
	// there alone, as Settle does.
	moves []int
	// walls holds a stone of each wall at the start that can be
	// captured, safe one of each that cannot: it has a liberty outside
	// the regions where no move of the race is played.
	walls, safe []int
	// theirWalls holds the attacker's stones next to the regions and not
	// in them: chains the race cannot capture (ownRegions), which the
	// defender may not capture here either; theirWall is set on every
	// stone of those chains at the start (by board point).
	theirWalls []int
	theirWall  []bool
	// wallStones are the walls' stones at the start: a position of the
	// race where one has been captured is not one the search knows.
	wallStones []int
	nodes      int
	limit      int
	// maxDepth is the depth past which lives's search of the moment
	// counts the attacker's move as his win.
	maxDepth int
	// tookWall records that a line of the search took a wall: the
	// attacker's moves in the regions then reach outside them.
	tookWall bool

	zob         [][2]uint64 // by region point: Black's, White's
	zobKo       []uint64    // by region point
	zobAttacker uint64      // the attacker to move
	zobTaken    []uint64    // by wall: taken
	// memo holds whether the attacker kills, by key (hash), where
	// neither the depth nor a repetition decided it; path the keys of
	// the line.
	memo    map[uint64]bool
	path    map[uint64]bool
	start   *board.Position
	scratch []*board.Position
	order   [][]int
	killer  []int       // by depth: the defender's last answer that held
	fl, fb  board.Flood // a chain's fill; the block's, weakWalls's
	st      int32       // fl's last stamp
	weak    [][]int     // by depth: weakWalls's
	score   []int       // ordered's, by board point
	// libs are the liberties in the regions of the chain at each point,
	// found under libsStamp (libsAt), for ordered.
	libs, libsAt []int32
	libsStamp    int32
	benson       ownBenson
}

// newOwnSearch returns the search of the own regions pts of the chain
// holding anchor in pos, in a race whose moves are played on the points
// where moves is set: the search plays there alone, and a wall with a
// liberty elsewhere keeps it, and cannot be captured.
func newOwnSearch(ctx context.Context, pos *board.Position, anchor int, pts []int, moves []bool) *ownSearch {
	o := &ownSearch{ctx: ctx, c: pos.Cell(anchor), anchor: anchor, start: pos, pts: pts,
		score: make([]int, pos.Len()),
		memo:  map[uint64]bool{}, path: map[uint64]bool{}}
	// Fixed numbers: the same regions are searched alike in every run.
	rng := rand.New(rand.NewPCG(0x0e7e5, 0x11fe))
	o.zob, o.zobKo = make([][2]uint64, len(pts)), make([]uint64, len(pts))
	o.holds, o.theirWall = make([]bool, pos.Len()), make([]bool, pos.Len())
	for k, i := range pts {
		o.holds[i] = true
		if moves[i] {
			o.moves = append(o.moves, i)
		}
		o.zob[k] = [2]uint64{rng.Uint64(), rng.Uint64()}
		o.zobKo[k] = rng.Uint64()
	}
	o.zobAttacker = rng.Uint64()
	seen := make([]bool, pos.Len())
	for _, i := range pts {
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) == o.c.Opponent() && !o.holds[j] && !seen[j] {
				o.theirWalls = append(o.theirWalls, j)
				o.fl.Fill(pos, j)
				for _, x := range o.fl.Stones {
					seen[x], o.theirWall[x] = true, true
				}
			}
			if pos.Cell(j) != o.c || seen[j] {
				continue
			}
			st := o.fl.Fill(pos, j)
			for _, x := range o.fl.Stones {
				seen[x] = true
			}
			safe := false
			for _, x := range o.fl.Stones {
				for _, l := range pos.Neighbors(x) {
					safe = safe || o.fl.Liberty(l, st) && !moves[l]
				}
			}
			if safe {
				o.safe = append(o.safe, j)
			} else {
				o.walls = append(o.walls, j)
			}
			o.wallStones = append(o.wallStones, o.fl.Stones...)
		}
	}
	o.zobTaken = make([]uint64, len(o.walls))
	for k := range o.zobTaken {
		o.zobTaken[k] = rng.Uint64()
	}
	return o
}

// lives reports whether the block lives in its regions in pos, the
// player to move there playing first: errOwnLimit past limit more
// positions. It deepens the search a move at a time, an attacker's move
// past the depth counting as his win but not remembered: a wrong answer
// of the defender's, searched to the end, cost more than the proof, as
// the attacker can go on playing inside a large region.
func (o *ownSearch) lives(pos *board.Position, limit int) (bool, error) {
	o.limit = o.nodes + limit
	p := o.at(0)
	p.CopyFrom(pos)
	for o.maxDepth = 2; ; o.maxDepth += 2 {
		kills, deps, err := o.search(p, 0)
		switch {
		case err != nil:
			return false, err
		case !kills:
			return true, nil
		case deps&depthCut == 0:
			return false, nil
		}
	}
}

// hash keys pos by the regions' points, a ko there and the player to
// move (the walls outside the regions do not change).
func (o *ownSearch) hash(pos *board.Position) uint64 {
	var h uint64
	for k, i := range o.pts {
		switch pos.Cell(i) {
		case board.Black:
			h ^= o.zob[k][0]
		case board.White:
			h ^= o.zob[k][1]
		}
	}
	if ko, ok := pos.Ko(); ok {
		if k, found := slices.BinarySearch(o.pts, pos.Index(ko)); found {
			h ^= o.zobKo[k]
		}
	}
	for k, w := range o.walls {
		if pos.Cell(w) != o.c {
			h ^= o.zobTaken[k]
		}
	}
	if pos.ToMove() != o.c {
		h ^= o.zobAttacker
	}
	return h
}

// at returns the scratch position of depth d.
func (o *ownSearch) at(d int) *board.Position {
	for len(o.scratch) <= d {
		o.scratch = append(o.scratch, o.start.Clone())
		o.order = append(o.order, nil)
		o.killer = append(o.killer, -1)
		o.weak = append(o.weak, nil)
	}
	return o.scratch[d]
}

// ownDeps are what an answer of ownSearch rests on besides the
// position, either of which keeps it from the table.
type ownDeps uint8

const (
	// depthCut: an attacker's move past the depth, counted as his win.
	depthCut ownDeps = 1 << iota
	// repeated: a move that repeated a position of the line, anywhere in
	// the search of the answer.
	repeated
)

// decided returns the deps of an answer that a child alone decides
// (deps d), after children whose answers did not decide it (deps
// before): a position repeated under any of them still shaped it.
func decided(d, before ownDeps) ownDeps { return d | before&repeated }

// search reports whether the attacker captures a wall from pos (the
// player to move there plays), and what the answer rests on besides pos
// (see ownDeps).
func (o *ownSearch) search(pos *board.Position, depth int) (kills bool, deps ownDeps, err error) {
	key := o.hash(pos)
	if o.path[key] {
		return true, repeated, nil
	}
	if v, ok := o.memo[key]; ok {
		return v, 0, nil
	}
	o.nodes++
	if o.nodes > o.limit {
		return false, 0, errOwnLimit
	}
	if o.nodes&1023 == 0 {
		if err := o.ctx.Err(); err != nil {
			return false, 0, err
		}
	}
	if depth >= o.maxDepth && pos.ToMove() != o.c {
		return true, depthCut, nil
	}
	o.path[key] = true
	defer delete(o.path, key)
	switch {
	case o.benson.alive(o, pos):
		kills = false
	case pos.ToMove() == o.c:
		kills, deps, err = o.defend(pos, depth)
	default:
		kills, deps, err = o.attack(pos, depth)
	}
	if err == nil && deps == 0 {
		o.memo[key] = kills
	}
	return kills, deps, err
}

// attack is search with the attacker to move.
func (o *ownSearch) attack(pos *board.Position, depth int) (kills bool, deps ownDeps, err error) {
	if o.libertiesIn(pos, o.anchor) <= 1 {
		return true, 0, nil // he takes the block's last one
	}
	weak := o.weakWalls(pos, depth)
	if len(weak) > 0 && weak[0] < 0 {
		return true, 0, nil // a wall with none: as good as taken
	}
	att := o.c.Opponent()
	next := o.at(depth + 1)
	for _, i := range o.ordered(pos, depth) {
		next.CopyFrom(pos)
		played := o.play(next, att, i, true)
		switch {
		case slices.Contains(weak, i):
			o.takeWalls(pos, next, i)
		case !played && o.besideTheirWall(pos, i):
			// His walls may have liberties elsewhere by then (his
			// essential block gains them as the race goes on): a stone
			// that joins one is no suicide.
			next.CopyFrom(pos)
			next.Set(pos.PointOf(i), att)
			next.SetToMove(o.c)
		case !played:
			continue
		}
		k, d, err := o.search(next, depth+1)
		if err != nil {
			return false, 0, err
		}
		if k {
			return true, decided(d, deps), nil
		}
		deps |= d
	}
	return false, deps, nil
}

// besideTheirWall reports whether point i of pos is next to a stone of a
// wall of the attacker's.
func (o *ownSearch) besideTheirWall(pos *board.Position, i int) bool {
	return slices.ContainsFunc(pos.Neighbors(i), func(j int) bool { return o.theirWall[j] && pos.Cell(j) == o.c.Opponent() })
}

// weakWalls returns, in o.weak[depth], the last liberty in the regions
// of each wall in pos that is not the block's, can be captured and has
// one there (where one has none, the first is −1): the attacker's move
// there takes it, as its liberties outside the regions count as taken.
func (o *ownSearch) weakWalls(pos *board.Position, depth int) []int {
	weak := o.weak[depth][:0]
	defer func() { o.weak[depth] = weak }()
	bst := o.fb.Fill(pos, o.anchor)
	for _, w := range o.walls {
		if pos.Cell(w) != o.c || o.fb.Stone(w, bst) || o.joinsSafe(pos, w) {
			continue // taken, joined to the block, or safe
		}
		switch n, last := o.filledLiberties(pos); n {
		case 0:
			weak = append(weak[:0], -1)
			return weak
		case 1:
			weak = append(weak, last)
		}
	}
	return weak
}

// joinsSafe reports whether the chain at w in pos holds a safe wall's
// stone, filling it in o.fl (stamp o.st).
func (o *ownSearch) joinsSafe(pos *board.Position, w int) bool {
	o.st = o.fl.Fill(pos, w)
	return slices.ContainsFunc(o.safe, func(x int) bool { return o.fl.Stone(x, o.st) })
}

// takeWalls finishes in next the attacker's move at i from pos, the last
// liberty in the regions of a wall (weakWalls): it puts the stone there
// if the board's rules did not (the wall's liberties outside the regions
// are not taken on the board), and takes off the walls next to it left
// with no liberty in the regions. Their points stay empty, and no move
// is played there, as in the race: a part of the regions that reaches
// them is open.
func (o *ownSearch) takeWalls(pos, next *board.Position, i int) {
	// A wall whose liberties all lay in the regions the board's rules
	// took already: taken all the same.
	if slices.ContainsFunc(o.wallStones, func(x int) bool { return pos.Cell(x) == o.c && next.Cell(x) == board.Empty }) {
		o.tookWall = true
	}
	if next.Cell(i) != o.c.Opponent() {
		next.CopyFrom(pos)
		next.Set(pos.PointOf(i), o.c.Opponent())
		next.SetToMove(o.c)
	}
	for _, w := range o.walls {
		if next.Cell(w) != o.c || o.joinsSafe(next, w) {
			continue
		}
		if !slices.ContainsFunc(next.Neighbors(i), func(j int) bool { return o.fl.Stone(j, o.st) }) {
			continue
		}
		if o.libertiesIn(next, w) > 0 {
			continue
		}
		for _, x := range o.fl.Stones {
			next.Set(next.PointOf(x), board.Empty)
		}
		o.tookWall = true
	}
}

// defend is search with the block's owner to move.
func (o *ownSearch) defend(pos *board.Position, depth int) (kills bool, deps ownDeps, err error) {
	next := o.at(depth + 1)
	order := o.ordered(pos, depth)
	// The answer that last held at this depth first: one answer often
	// holds against many of the attacker's moves.
	if k := slices.Index(order, o.killer[depth]); k > 0 {
		copy(order[1:k+1], order[:k])
		order[0] = o.killer[depth]
	}
	for _, i := range order {
		next.CopyFrom(pos)
		// A move that takes a wall's last liberty in the regions is
		// suicide where its others are taken; one that captures a wall
		// of the attacker's relies on what the race may change.
		if !o.play(next, o.c, i, false) || o.fewestLiberties(next) == 0 || o.tookTheirWall(next) {
			continue
		}
		k, d, err := o.search(next, depth+1)
		if err != nil {
			return false, 0, err
		}
		if !k {
			o.killer[depth] = i
			return false, decided(d, deps), nil
		}
		deps |= d
	}
	next.CopyFrom(pos)
	next.Play(board.Move{Color: o.c, Pass: true})
	k, d, err := o.search(next, depth+1)
	if !k {
		return false, decided(d, deps), err
	}
	return true, deps | d, err
}

// tookTheirWall reports whether a wall of the attacker's is captured in
// pos.
func (o *ownSearch) tookTheirWall(pos *board.Position) bool {
	return slices.ContainsFunc(o.theirWalls, func(w int) bool { return pos.Cell(w) != o.c.Opponent() })
}

// play plays c at i in pos: false where the move is not legal. The
// attacker may retake a ko at once.
func (o *ownSearch) play(pos *board.Position, c board.Color, i int, attacker bool) bool {
	err := pos.PlayIndex(c, i)
	if err == nil || !attacker || !errors.Is(err, board.ErrKo) {
		return err == nil
	}
	pos.SetToMove(c.Opponent()) // the threat and its answer clear the ko
	pos.SetToMove(c)
	return pos.PlayIndex(c, i) == nil
}

// fewestLiberties returns the fewest liberties in the regions of a wall
// in pos that can be captured (joined to no safe wall).
func (o *ownSearch) fewestLiberties(pos *board.Position) int {
	least := len(o.pts)
	for _, w := range o.walls {
		if pos.Cell(w) != o.c || o.joinsSafe(pos, w) {
			continue // taken, or safe
		}
		n, _ := o.filledLiberties(pos)
		least = min(least, n)
	}
	return least
}

// libertiesIn returns the number of liberties in the regions of the
// chain at i in pos.
func (o *ownSearch) libertiesIn(pos *board.Position, i int) int {
	o.st = o.fl.Fill(pos, i)
	n, _ := o.filledLiberties(pos)
	return n
}

// filledLiberties returns the number of liberties in the regions of the
// chain o.fl last filled (stamp o.st) in pos, and the last of them (−1
// for none).
func (o *ownSearch) filledLiberties(pos *board.Position) (n, last int) {
	last = -1
	for _, l := range o.pts {
		if pos.Cell(l) == board.Empty && o.fl.Liberty(l, o.st) {
			n, last = n+1, l
		}
	}
	return n, last
}

// known reports whether the block lives in pos, a position of the race,
// by its regions as they are there: as the search found them, with the
// player to move there or the attacker to move (whom the defender may
// answer by passing), with every stone of the walls on the board.
func (o *ownSearch) known(pos *board.Position) bool {
	key := o.hash(pos)
	kills, ok := o.memo[key]
	if !ok && pos.ToMove() == o.c {
		kills, ok = o.memo[key^o.zobAttacker]
	}
	if !ok || kills {
		return false
	}
	for _, i := range o.wallStones {
		if pos.Cell(i) != o.c {
			return false
		}
	}
	return true
}

// ordered returns the empty points of the regions in pos, those with the
// most empty neighbours first (the vital points of an eye space, for
// both sides), a move next to a chain in atari before all.
func (o *ownSearch) ordered(pos *board.Position, depth int) []int {
	o.at(depth)
	order := o.order[depth][:0]
	if o.libs == nil {
		o.libs, o.libsAt = make([]int32, pos.Len()), make([]int32, pos.Len())
	}
	o.libsStamp++
	for _, i := range o.moves {
		if pos.Cell(i) != board.Empty {
			continue
		}
		n := 0
		for _, j := range pos.Neighbors(i) {
			switch {
			case pos.Cell(j) == board.Empty:
				n += 2
			case o.theirWall[j]:
				// No atari: it cannot be captured here.
			case o.inAtari(pos, j):
				n += 16
			}
		}
		o.score[i] = n
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return o.score[b] - o.score[a] })
	o.order[depth] = order
	return order
}

// inAtari reports whether the chain at j in pos has one liberty in the
// regions, counting each chain once an ordered call (libsStamp).
func (o *ownSearch) inAtari(pos *board.Position, j int) bool {
	if o.libsAt[j] != o.libsStamp {
		n := int32(o.libertiesIn(pos, j))
		for _, x := range o.fl.Stones {
			o.libs[x], o.libsAt[x] = n, o.libsStamp
		}
	}
	return o.libs[j] == 1
}

// ownBenson is Benson's test on a block's own regions: the chains of its
// colour in and around them, the regions' parts between those chains.
type ownBenson struct {
	chain   []int32 // by board point: the chain's number + 1, under stamp
	mark    []int32 // by board point: flooded, under stamp
	stampOf []int32 // by board point: the stamp chain was set under
	stamp   int32
	fl      board.Flood
	nChains int
	// The parts: each part's chains around it (border) and those it is
	// vital to (vital), the number of its entries in each.
	border, vital []int32
	nBorder       []int
	// live holds the chains not dropped; safe those holding a safe wall,
	// which are never dropped.
	live, safe []bool
	stack, adj []int32
}

// alive reports whether Benson's test finds o's block alive in pos on
// its regions alone: the chains of its colour in and around them, each
// with two parts of the regions vital to it (every empty point its
// liberty) and bordered by such chains alone.
func (b *ownBenson) alive(o *ownSearch, pos *board.Position) bool {
	if b.chain == nil {
		b.chain, b.mark, b.stampOf = make([]int32, pos.Len()), make([]int32, pos.Len()), make([]int32, pos.Len())
	}
	b.stamp++
	b.nChains = 0
	label := func(i int) int32 {
		if b.stampOf[i] != b.stamp {
			b.nChains++
			b.fl.Fill(pos, i)
			for _, x := range b.fl.Stones {
				b.chain[x], b.stampOf[x] = int32(b.nChains), b.stamp
			}
		}
		return b.chain[i]
	}
	b.border, b.vital, b.nBorder = b.border[:0], b.vital[:0], b.nBorder[:0]
	for _, l := range o.pts {
		if pos.Cell(l) == o.c || b.mark[l] == b.stamp {
			continue
		}
		// Flood the part, listing its chains and, for each empty point,
		// keeping those next to it.
		b.mark[l] = b.stamp
		stack := append(b.stack[:0], int32(l))
		start, startVital := len(b.border), len(b.vital)
		vital := -1 // not yet narrowed: every chain around
		// A part that reaches a point outside the regions (a taken
		// wall's, next to no stone of the block) is open: vital to no
		// chain, and the flood stops there rather than cross the board.
		open := false
		for len(stack) > 0 {
			i := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			b.adj = b.adj[:0]
			for _, j := range pos.Neighbors(i) {
				switch {
				case pos.Cell(j) == o.c:
					id := label(j)
					b.adj = append(b.adj, id)
					if !slices.Contains(b.border[start:], id) {
						b.border = append(b.border, id)
					}
				case !o.holds[j]:
					open = true
				case b.mark[j] != b.stamp:
					b.mark[j] = b.stamp
					stack = append(stack, int32(j))
				}
			}
			if pos.Cell(i) != board.Empty {
				continue
			}
			if vital < 0 {
				vital = len(b.vital)
				b.vital = append(b.vital, b.adj...)
				continue
			}
			// Keep the chains next to every empty point so far.
			kept := b.vital[:vital]
			for _, id := range b.vital[vital:] {
				if slices.Contains(b.adj, id) && !slices.Contains(kept[vital:], id) {
					kept = append(kept, id)
				}
			}
			b.vital = kept
		}
		b.stack = stack
		switch {
		case open:
			b.vital = b.vital[:startVital]
		case vital < 0: // no empty point: every chain around
			b.vital = append(b.vital, b.border[start:]...)
		}
		b.nBorder = append(b.nBorder, len(b.border)-start, len(b.vital))
	}
	// Benson's iteration: drop the chains with fewer than two parts vital
	// to them and bordered by undropped chains alone, until none drops.
	b.live, b.safe = b.live[:0], b.safe[:0]
	for range b.nChains + 1 {
		b.live, b.safe = append(b.live, true), append(b.safe, false)
	}
	for _, x := range o.safe {
		if b.stampOf[x] == b.stamp {
			b.safe[b.chain[x]] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for id := 1; id <= b.nChains; id++ {
			if !b.live[id] || b.safe[id] {
				continue
			}
			eyes := 0
			bs, vs := 0, 0
			for p := 0; p < len(b.nBorder); p += 2 {
				be, ve := bs+b.nBorder[p], b.nBorder[p+1]
				if slices.Contains(b.vital[vs:ve], int32(id)) {
					healthy := true
					for _, x := range b.border[bs:be] {
						healthy = healthy && b.live[x]
					}
					if healthy {
						eyes++
					}
				}
				bs, vs = be, ve
			}
			if eyes < 2 {
				b.live[id], changed = false, true
			}
		}
	}
	id := label(o.anchor)
	return int(id) < len(b.live) && b.live[id]
}
