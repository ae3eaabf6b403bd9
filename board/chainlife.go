package board

// chainLife is the working memory of Life.ChainPassAlive: the chains and
// the regions it has met, as plain lists, and the marks that tell which
// points it has met, so that a question after one chain touches only the
// points that can answer it.
type chainLife struct {
	call  uint32   // this call's mark in at
	flood uint32   // the current region flood's mark in seen
	at    []uint32 // at[i] == call: the stone i's chain is chain[i]
	chain []int32  // the index of the chain of a met stone
	seen  []uint32 // seen[i] == flood: i met by the current flood

	stones     []int32 // the stones of every chain met, chain by chain
	stoneStart []int32 // chain k's stones are stones[stoneStart[k]:stoneStart[k+1]]
	border     []int32 // the chains around every vital region, region by region
	borderFrom []int32 // region r's chains are border[borderFrom[r]:borderFrom[r+1]]
	owner      []int32 // the chain region r is vital to
	edge       []int32 // the stones of the colour next to the current flood
	stack      []int32

	alive []bool  // chain k is still a candidate
	live  []bool  // region r is still bordered only by candidates
	eyes  []int32 // the live regions vital to chain k
}

// ChainPassAlive reports whether the chain holding the stone at flat index
// i is pass-alive, as Owners and PassAlive find it, without looking at the
// whole board. A chain's life depends only on the regions vital to it and
// on the life of the chains around those regions, and so on: it follows
// that closure from the chain and runs Benson's iteration on it alone. A
// region is flooded only while each of its empty points is a liberty of
// the chain that reached it, so an open area costs a step or two.
//
// ChainPassAlive does not touch l.Chains or what Owners returned, and
// allocates only for a board larger than any before.
func (l *Life) ChainPassAlive(p *Position, i int) bool {
	x := p.cells[i]
	if x != Black && x != White {
		return false
	}
	c := &l.local
	c.begin(len(p.cells))
	c.addChain(p, i, x)
	for k := 0; k < len(c.stoneStart)-1; k++ {
		if !c.regionsOf(p, int32(k), x) && k == 0 {
			return false
		}
	}
	return c.iterate()
}

// begin readies the memory for a board of n points.
func (c *chainLife) begin(n int) {
	if len(c.at) < n {
		c.at, c.chain, c.seen = make([]uint32, n), make([]int32, n), make([]uint32, n)
		c.call, c.flood = 0, 0
	}
	if c.call > 1<<30 || c.flood > 1<<30 { // a call adds at most 4n floods
		clear(c.at)
		clear(c.seen)
		c.call, c.flood = 0, 0
	}
	c.call++
	c.stones, c.stoneStart = c.stones[:0], append(c.stoneStart[:0], 0)
	c.border, c.borderFrom, c.owner = c.border[:0], append(c.borderFrom[:0], 0), c.owner[:0]
}

// addChain notes the chain of colour x holding stone i as the next chain.
func (c *chainLife) addChain(p *Position, i int, x Color) {
	k := int32(len(c.stoneStart) - 1)
	nbr, first := p.adj.nbr, p.adj.start
	c.at[i], c.chain[i] = c.call, k
	c.stack = append(c.stack[:0], int32(i))
	for len(c.stack) > 0 {
		s := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		c.stones = append(c.stones, s)
		for _, j := range nbr[first[s]:first[s+1]] {
			if p.cells[j] == x && c.at[j] != c.call {
				c.at[j], c.chain[j] = c.call, k
				c.stack = append(c.stack, int32(j))
			}
		}
	}
	c.stoneStart = append(c.stoneStart, int32(len(c.stones)))
}

// regionsOf floods the regions of not-x points next to chain k, notes
// those vital to it (every empty point a liberty of k) with the chains
// around them, adding the chains not met before, and reports whether it
// found two: a chain with fewer is not pass-alive.
func (c *chainLife) regionsOf(p *Position, k int32, x Color) bool {
	nbr, first := p.adj.nbr, p.adj.start
	vital := 0
	// Each flood has its mark, above base: a flood that meets an earlier
	// one's point is in that one's region, which was not vital (a vital
	// region is flooded whole, so no later flood starts inside it).
	base := c.flood
	for _, s := range c.stones[c.stoneStart[k]:c.stoneStart[k+1]] {
		for _, l := range nbr[first[s]:first[s+1]] {
			if p.cells[l] == x || c.seen[l] > base {
				continue
			}
			c.flood++
			if c.vitalFlood(p, l, k, x, base) {
				vital++
				c.noteRegion(p, k, x)
			}
		}
	}
	return vital >= 2
}

// vitalFlood floods the region of not-x points holding l, which borders
// chain k, and reports whether it has empty points and every one is a
// liberty of k; it stops at the first that is not, or at a point an
// earlier flood of k's (marked above base) met. When it reports true,
// c.edge holds the x stones next to the region.
func (c *chainLife) vitalFlood(p *Position, l int, k int32, x Color, base uint32) bool {
	nbr, first := p.adj.nbr, p.adj.start
	c.edge = c.edge[:0]
	c.seen[l] = c.flood
	c.stack = append(c.stack[:0], int32(l))
	empty := false
	for len(c.stack) > 0 {
		s := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		if p.cells[s] == Empty {
			if !c.touches(p, int(s), k) {
				return false
			}
			empty = true
		}
		for _, j := range nbr[first[s]:first[s+1]] {
			switch {
			case p.cells[j] == x:
				c.edge = append(c.edge, int32(j))
			case c.seen[j] == c.flood:
			case c.seen[j] > base:
				return false
			default:
				c.seen[j] = c.flood
				c.stack = append(c.stack, int32(j))
			}
		}
	}
	// A region of the opponent's stones alone (set up without liberties)
	// gives no eye: Owners does not count it vital either.
	return empty
}

// touches reports whether empty point e is a liberty of chain k.
func (c *chainLife) touches(p *Position, e int, k int32) bool {
	for _, j := range p.adj.nbr[p.adj.start[e]:p.adj.start[e+1]] {
		if c.at[j] == c.call && c.chain[j] == k {
			return true
		}
	}
	return false
}

// noteRegion records the region vitalFlood just flooded as vital to chain
// k, with the distinct chains in c.edge, adding those not met before.
func (c *chainLife) noteRegion(p *Position, k int32, x Color) {
	from := len(c.border)
	for _, s := range c.edge {
		if c.at[s] != c.call {
			c.addChain(p, int(s), x)
		}
		m := c.chain[s]
		dup := false
		for _, b := range c.border[from:] {
			if b == m {
				dup = true
				break
			}
		}
		if !dup {
			c.border = append(c.border, m)
		}
	}
	c.borderFrom = append(c.borderFrom, int32(len(c.border)))
	c.owner = append(c.owner, k)
}

// iterate runs Benson's iteration over the chains and regions met and
// reports whether the first chain survives it: drop the chains with fewer
// than two live vital regions, then the regions bordering a dropped
// chain, until nothing changes.
func (c *chainLife) iterate() bool {
	chains, regions := len(c.stoneStart)-1, len(c.owner)
	c.alive = grown(c.alive, chains)
	c.live = grown(c.live, regions)
	c.eyes = grown(c.eyes, chains)
	alive, live, eyes := c.alive[:chains], c.live[:regions], c.eyes[:chains]
	for k := range alive {
		alive[k] = true
	}
	for r := range live {
		live[r] = true
	}
	for changed := true; changed; {
		changed = false
		clear(eyes)
		for r, ok := range live {
			if ok {
				eyes[c.owner[r]]++
			}
		}
		for k, ok := range alive {
			if ok && eyes[k] < 2 {
				alive[k] = false
				changed = true
			}
		}
		if !alive[0] {
			return false
		}
		for r, ok := range live {
			if !ok {
				continue
			}
			for _, k := range c.border[c.borderFrom[r]:c.borderFrom[r+1]] {
				if !alive[k] {
					live[r] = false
					changed = true
					break
				}
			}
		}
	}
	return true
}

// grown returns s with room for n elements.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
