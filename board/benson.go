package board

import "slices"

// UnconditionalLife applies Benson's algorithm (1976) for both colours and
// returns, for every point in flat index order, the colour X that owns it
// unconditionally, or Empty; see Life.Owners. It allocates its answer and
// its working memory; code that analyses many positions should reuse a
// Life instead.
func (p *Position) UnconditionalLife() []Color {
	var l Life
	return l.Owners(nil, p)
}

// Life is the working memory of Benson's algorithm. The zero value is
// ready to use. Owners reuses its arrays, and allocates only for a position
// that needs more room than every one before it (a larger board, or more
// stones of one colour), so a caller that keeps a Life and the dst it gets
// back analyses position after position without allocating. A Life must
// not be used by two goroutines at once.
type Life struct {
	// Chains holds the chains of the position last given to Owners.
	Chains Chains

	regions Chains  // the X-enclosed regions of the colour X under study, points in Stones
	class   []Color // X on X's stones, Empty elsewhere: what regions partitions
	claim   []Color // the colour claiming each point as territory, or conflict

	border  PointLists // the distinct X chains around each region
	empties []int32    // the number of empty points in each region
	vital   []int32    // pairs (k, r): region r is vital to chain k
	eyes    []int32    // the live regions vital to each chain
	last    []int32    // last[k] == r+1: chain k already in border of region r
	ints    []int32    // the backing array of the five above

	alive   []bool // chain k is still a candidate to be pass-alive
	live    []bool // region r is still bordered only by candidate chains
	isVital []bool // region r is vital to a pass-alive chain
	bools   []bool
	colors  []Color // the backing array of class and claim

	local chainLife // ChainPassAlive's
}

// Owners writes into dst, grown to p.Len() if it is shorter, and returns,
// for every point in flat index order, the colour X that owns it
// unconditionally, or Empty. A point is X's when it is a stone of a chain of
// X that stays alive even if X passes at every turn ("pass-alive"), or when
// it lies in an X-enclosed region that is vital to such a chain and is
// bordered only by such chains; opponent stones in that region are dead.
//
// An X-enclosed region is a maximal 4-connected set of points that are not
// X stones. It is vital to an adjacent chain of X when every one of its
// empty points is a liberty of that chain. Benson's iteration starts from
// all chains and regions of X and repeatedly drops the chains with fewer
// than two vital regions left, then the regions bordering a dropped chain,
// until nothing changes; the chains that remain are pass-alive.
//
// Afterwards l.Chains holds the chains of p.
func (l *Life) Owners(dst []Color, p *Position) []Color {
	dst, black := l.start(dst, p, Black)
	n, white := len(dst), len(l.Chains.Stones.Points)-black
	l.grow(n, max(black, white))
	// The regions of the colour with fewer stones hold the most points;
	// make room for them at once rather than growing for the second colour.
	l.regions.grow(n, n-min(black, white), true)
	clear(l.claim)
	for _, x := range [2]Color{Black, White} {
		l.benson(p, x, dst)
	}
	// Territory never overrides a pass-alive stone, and a point claimed by
	// both colours stays Empty, so that the answer does not depend on the
	// order the colours are computed in.
	for i, x := range l.claim {
		if dst[i] == Empty && (x == Black || x == White) {
			dst[i] = x
		}
	}
	return dst
}

// PassAlive writes into dst, grown to p.Len() if it is shorter, and
// returns x on every stone of a pass-alive chain of x (see Owners) and
// Empty elsewhere: Owners for one colour and without territory, for a
// caller that asks after one chain in many positions.
//
// Afterwards l.Chains holds the chains of p.
func (l *Life) PassAlive(dst []Color, p *Position, x Color) []Color {
	dst, stones := l.start(dst, p, x)
	n := len(dst)
	l.grow(n, stones)
	l.regions.grow(n, n-stones, true)
	clear(l.claim)
	l.benson(p, x, dst)
	return dst
}

// start begins Owners and PassAlive: it returns dst grown to p.Len() and
// cleared, finds p's chains into l.Chains, and counts the stones of x.
func (l *Life) start(dst []Color, p *Position, x Color) ([]Color, int) {
	n := len(p.cells)
	dst = slices.Grow(dst[:0], n)[:n]
	clear(dst)
	l.Chains.Find(p)
	stones := 0
	for k, c := range l.Chains.Color {
		if c == x {
			stones += len(l.Chains.Stones.At(k))
		}
	}
	return dst, stones
}

// conflict marks a point claimed as territory by both colours.
const conflict Color = 2

// grow sizes the working arrays for a board of n points with at most s
// stones of either colour. Like the lists of Chains, each has a fixed
// bound: at most n chains and n regions; at most 4s (region, border chain)
// pairs, since each is reached along a distinct (point, neighbour) pair
// into an X stone; and at most one vital pair, two numbers, for each.
func (l *Life) grow(n, s int) {
	ints := (n + 1) + 4*s + n + 8*s + n + n
	if cap(l.ints) < ints {
		l.ints = make([]int32, ints)
	}
	if cap(l.bools) < 3*n {
		l.bools = make([]bool, 3*n)
		l.colors = make([]Color, 2*n)
	}
	buf := l.ints[:ints]
	take := func(size int) []int32 {
		t := buf[:size:size]
		buf = buf[size:]
		return t
	}
	l.border = PointLists{Start: take(n + 1), Points: take(4 * s)}
	l.empties = take(n)
	l.vital = take(8 * s)
	l.eyes = take(n)
	l.last = take(n)
	l.alive, l.live, l.isVital = l.bools[:n:n], l.bools[n:2*n:2*n], l.bools[2*n:3*n]
	l.class, l.claim = l.colors[:n:n], l.colors[n:2*n]
}

// benson runs Benson's algorithm for colour x over l.Chains, the chains of
// p: it sets the stones of the pass-alive chains of x to x in dst and
// claims for x, in l.claim, the points of the regions that are vital to a
// pass-alive chain and bordered only by pass-alive chains.
func (l *Life) benson(p *Position, x Color, dst []Color) {
	cs := &l.Chains
	chains := cs.Len()
	alive := l.alive[:chains]
	found := false
	for k, c := range cs.Color {
		alive[k] = c == x
		found = found || alive[k]
	}
	if !found {
		return
	}

	// The regions are the sets of not-x points, found by the same flood
	// fill as the chains. Note the x chains bordering each: its adjacent
	// points are x stones.
	for i, c := range p.cells {
		if c == x {
			l.class[i] = x
		} else {
			l.class[i] = Empty
		}
	}
	rg := &l.regions
	rg.label(p, l.class, x, true)
	regions := rg.Len()
	last := l.last[:chains]
	clear(last)
	border := PointLists{Start: l.border.Start[:1], Points: l.border.Points[:0]}
	border.Start[0] = 0
	for r := range regions {
		empties := int32(0)
		for _, s := range rg.Stones.At(r) {
			if p.cells[s] == Empty {
				empties++
			}
		}
		l.empties[r] = empties
		for _, j := range rg.Adjacent.At(r) {
			if k := cs.Of[j]; last[k] != int32(r)+1 {
				last[k] = int32(r) + 1
				border.Points = append(border.Points, k)
			}
		}
		border.Start = append(border.Start, int32(len(border.Points)))
	}

	// The vital pairs. A region without empty points gives a chain no eye,
	// so it is never vital.
	vital := l.vital[:0]
	for r := range regions {
		empties := l.empties[r]
		if empties == 0 {
			continue
		}
		for _, k := range border.At(r) {
			if int32(len(cs.Liberties.At(int(k)))) < empties {
				continue // cannot touch every empty point
			}
			if l.allLiberties(p, r, k) {
				vital = append(vital, k, int32(r))
			}
		}
	}

	// Benson's iteration.
	live := l.live[:regions]
	for r := range live {
		live[r] = true
	}
	eyes := l.eyes[:chains]
	for changed := true; changed; {
		changed = false
		clear(eyes)
		for m := 0; m < len(vital); m += 2 {
			if live[vital[m+1]] {
				eyes[vital[m]]++
			}
		}
		for k, ok := range alive {
			if ok && eyes[k] < 2 {
				alive[k] = false
				changed = true
			}
		}
		for r, ok := range live {
			if !ok {
				continue
			}
			for _, k := range border.At(r) {
				if !alive[k] {
					live[r] = false
					changed = true
					break
				}
			}
		}
	}

	// A live region has only pass-alive chains around it; it is owned when
	// it is vital to one of them.
	isVital := l.isVital[:regions]
	clear(isVital)
	for m := 0; m < len(vital); m += 2 {
		if alive[vital[m]] {
			isVital[vital[m+1]] = true
		}
	}
	for r, ok := range live {
		if !ok || !isVital[r] {
			continue
		}
		for _, s := range rg.Stones.At(r) {
			if l.claim[s] == Empty {
				l.claim[s] = x
			} else {
				l.claim[s] = conflict
			}
		}
	}
	for k, ok := range alive {
		if ok {
			for _, s := range cs.Stones.At(k) {
				dst[s] = x
			}
		}
	}
}

// allLiberties reports whether every empty point of region r is adjacent
// to chain k.
func (l *Life) allLiberties(p *Position, r int, k int32) bool {
	nbr, first := p.adj.nbr, p.adj.start
	for _, s := range l.regions.Stones.At(r) {
		if p.cells[s] != Empty {
			continue
		}
		touches := false
		for _, j := range nbr[first[s]:first[s+1]] {
			if l.Chains.Of[j] == k {
				touches = true
				break
			}
		}
		if !touches {
			return false
		}
	}
	return true
}
