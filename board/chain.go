package board

import "slices"

// PointLists is a sequence of lists of flat indices held in one array, so
// that many lists cost two slices: list k is Points[Start[k]:Start[k+1]].
type PointLists struct {
	Start  []int32
	Points []int32
}

// Len returns the number of lists.
func (l *PointLists) Len() int { return max(len(l.Start)-1, 0) }

// At returns list k. The slice is shared: do not modify it.
func (l *PointLists) At(k int) []int32 {
	return l.Points[l.Start[k]:l.Start[k+1]:l.Start[k+1]]
}

// Chains are the chains of a position in flat arrays, for the inner loops
// of the estimators and Benson's algorithm. Find refills the arrays of a
// reused value, and allocates only for a position that needs more room
// than every one before it (a larger board, or more stones).
//
// Chains are numbered in the order of their lowest point. Every list is in
// the order a depth-first flood fill from that point meets its points, and
// that order depends only on which points hold the same colour as their
// neighbours, never on which colour: swapping the colours of a position
// leaves every list unchanged, so products taken over them by a position
// and by its mirror image multiply the same factors in the same order.
type Chains struct {
	// Of is the chain holding each point, or −1 for an empty point.
	Of []int32
	// Color is the colour of each chain.
	Color []Color
	// Stones, Liberties and Adjacent hold a list per chain: its stones,
	// its liberties (the empty points 4-adjacent to it), and its adjacent
	// points (the distinct points 4-adjacent to it that are not of its
	// colour: the liberties and the opponent stones touching it).
	Stones, Liberties, Adjacent PointLists

	perPoint []int32 // the backing array of Of and seen
	seen     []int32 // seen[j] == k+1: j already listed as adjacent to set k
	buf      []int32 // the backing array of the lists and the stack
	stack    []int32
	class    []Color // FindRegions' walls, as label takes them
}

// Len returns the number of chains.
func (cs *Chains) Len() int { return len(cs.Color) }

// Find fills cs with the chains of p.
func (cs *Chains) Find(p *Position) {
	cs.label(p, p.cells, Empty, false)
}

// FindRegions fills cs with the regions of p that walls enclose: the
// maximal 4-connected sets of points where walls is false. Stones holds each
// region's points, Adjacent the walls bordering it, and Liberties no list;
// Color is Empty for every region and Of is −1 on the walls. walls has
// p.Len() entries. Regions are numbered and listed as Find numbers and lists
// chains, and a reused value allocates as Find does.
//
// Benson's test floods the regions that one colour's stones enclose so; the
// count at a game's end floods those that the living stones enclose.
func (cs *Chains) FindRegions(p *Position, walls []bool) {
	if len(walls) != len(p.cells) {
		panic("board: FindRegions: walls is not one entry a point")
	}
	if cap(cs.class) < len(walls) {
		cs.class = make([]Color, len(walls))
	}
	cs.class = cs.class[:len(walls)]
	for i, w := range walls {
		cs.class[i] = Empty
		if w {
			cs.class[i] = Black
		}
	}
	cs.label(p, cs.class, Black, true)
}

// label partitions the points whose class is not skip into maximal
// 4-connected sets of points of one class, the chains of a position when
// class is its contents and skip is Empty, and fills cs with them: Color
// holds each set's class, Adjacent the distinct points 4-adjacent to it of
// another class, and Liberties the adjacent points that are empty on p.
//
// Benson's algorithm calls it with regions set to find the regions of
// not-X points, so that one flood fill serves both: class is then X on X's
// stones and Empty elsewhere, skip is X, and Liberties is left empty.
func (cs *Chains) label(p *Position, class []Color, skip Color, regions bool) {
	n := len(class)
	if cap(cs.perPoint) < 2*n {
		cs.perPoint = make([]int32, 2*n)
	}
	cs.Of, cs.seen = cs.perPoint[:n:n], cs.perPoint[n:2*n:2*n]
	m := 0 // the points to partition
	for i, c := range class {
		cs.Of[i] = -1
		cs.seen[i] = 0
		// m++ when c != skip, without a branch to mispredict: x|−x has
		// its sign bit set exactly when x is not 0.
		x := c ^ skip
		m += int(uint8(x|-x) >> 7)
	}
	cs.grow(n, m, regions)
	nbr, first := p.adj.nbr, p.adj.start
	stones, adj := &cs.Stones, &cs.Adjacent
	for i, col := range class {
		if col == skip || cs.Of[i] >= 0 {
			continue
		}
		k := int32(len(cs.Color))
		cs.Color = append(cs.Color, col)
		cs.Of[i] = k
		stack := append(cs.stack[:0], int32(i))
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			stones.Points = append(stones.Points, s)
			for _, j := range nbr[first[s]:first[s+1]] {
				switch {
				case class[j] == col:
					if cs.Of[j] < 0 {
						cs.Of[j] = k
						stack = append(stack, int32(j))
					}
				case cs.seen[j] != k+1:
					cs.seen[j] = k + 1
					adj.Points = append(adj.Points, int32(j))
				}
			}
		}
		stones.Start = append(stones.Start, int32(len(stones.Points)))
		adj.Start = append(adj.Start, int32(len(adj.Points)))
	}
	if regions {
		return
	}
	libs := &cs.Liberties
	for k := range cs.Color {
		for _, j := range adj.At(k) {
			if p.cells[j] == Empty {
				libs.Points = append(libs.Points, j)
			}
		}
		libs.Start = append(libs.Start, int32(len(libs.Points)))
	}
}

// grow sizes the lists of cs for m points to partition out of n, and
// empties them. Every list has a fixed bound, so all of them are carved
// from one array, reused once it is large enough. There are at most m sets
// of m points in all. Each adjacent point of a set is reached along a
// distinct (point, neighbour) pair leaving the set, at most 4m in all; the
// liberties are some of them. The adjacent points of regions are skipped
// points, and those take part in at most 4(n−m) such pairs.
func (cs *Chains) grow(n, m int, regions bool) {
	adj, libs := 4*m, 4*m
	if regions {
		adj, libs = 4*min(m, n-m), 0
	}
	need := m + 3*(m+1) + m + adj + libs
	if cap(cs.buf) < need {
		cs.buf = make([]int32, need)
	}
	if cap(cs.Color) < m {
		cs.Color = make([]Color, 0, m)
	}
	buf := cs.buf[:need]
	take := func(size int) []int32 {
		s := buf[:size:size]
		buf = buf[size:]
		return s
	}
	cs.stack = take(m)[:0]
	lists := func(size int) PointLists {
		l := PointLists{Start: take(m + 1)[:1], Points: take(size)[:0]}
		l.Start[0] = 0
		return l
	}
	cs.Stones = lists(m)
	cs.Adjacent = lists(adj)
	cs.Liberties = lists(libs)
	cs.Color = cs.Color[:0]
}

// Chain is a maximal 4-connected set of stones of one colour.
// All point lists hold flat indices in increasing order.
type Chain struct {
	Color  Color
	Stones []int
	// Liberties are the empty points 4-adjacent to the chain.
	Liberties []int
	// Adjacent are the distinct points 4-adjacent to the chain that are not
	// of its colour: its liberties and the opponent's stones touching it.
	Adjacent []int
}

// Chains partitions the stones of p into chains, numbered as Chains.Find
// numbers them. id[i] is the index in chains of the chain holding point i,
// or −1 for an empty point. It allocates its answer; code that finds the
// chains of many positions should reuse a Chains value instead.
func (p *Position) Chains() (chains []Chain, id []int) {
	var cs Chains
	cs.Find(p)
	n := len(p.cells)
	// One array holds id and every list.
	all := make([]int, n+len(cs.Stones.Points)+len(cs.Liberties.Points)+len(cs.Adjacent.Points))
	id, all = all[:n:n], all[n:]
	for i, k := range cs.Of {
		id[i] = int(k)
	}
	list := func(l []int32) []int {
		if len(l) == 0 {
			return nil
		}
		s := all[:len(l):len(l)]
		all = all[len(l):]
		for m, j := range l {
			s[m] = int(j)
		}
		slices.Sort(s)
		return s
	}
	for k, c := range cs.Color {
		chains = slices.Grow(chains, cs.Len())
		chains = append(chains, Chain{
			Color:     c,
			Stones:    list(cs.Stones.At(k)),
			Liberties: list(cs.Liberties.At(k)),
			Adjacent:  list(cs.Adjacent.At(k)),
		})
	}
	return chains, id
}
