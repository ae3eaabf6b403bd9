package lesson

import (
	"fmt"
	"slices"
	"strings"

	"moyo/board"
)

// Kind is the shape of a corridor.
type Kind int

// The shapes Find recognises.
const (
	// OneEnded is a width-one corridor open at one end (seed Fig. 3).
	OneEnded Kind = iota + 1
	// TwoEnded is a width-one corridor open at both ends (seed Fig. 4).
	TwoEnded
	// WidthTwo is a corridor two points wide, open at one end (seed
	// Fig. 5); stones of the walls' colour may stand inside it.
	WidthTwo
)

// String returns a short description: "width one, open at one end".
func (k Kind) String() string {
	switch k {
	case OneEnded:
		return "width one, open at one end"
	case TwoEnded:
		return "width one, open at both ends"
	case WidthTwo:
		return "width two, open at one end"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Corridor is a corridor found in a position, with its exact values.
type Corridor struct {
	Kind Kind
	// Owner is the colour of the walls; the opponent is the invader.
	Owner board.Color
	// Points are the corridor's empty points: from the mouth inwards when
	// open at one end (k = 1 first), from one end to the other when open at
	// both (starting at the end whose mouth comes first in reading order),
	// and by distance from the mouth, then in reading order, for width two.
	Points []board.Point
	// Mouths are the invader's stones that touch the corridor.
	Mouths []board.Point
	// Exact is the control value of each point of Points by miai counting
	// (the symmetry article §2.3–2.6), +1 Black's, as estimators report it.
	Exact []float64
	// ExactTotal is the sum of Exact: Black's expected area in the
	// corridor. For a width-one corridor of n points that Black owns and
	// that is open at one end it is n − 2 + 2^(1−n).
	ExactTotal float64
}

// Find locates the corridor of pos and computes its exact values.
//
// The corridor is the one empty region (4-connected empty points) that
// touches stones of both colours. Its owner is the colour with more stones
// touching it, the walls; the other colour's stones touching it are its
// mouths, grouped into ends when they touch each other, even diagonally. The
// region must be a simple path (width one) open at one or both of its ends,
// or a strip two points wide open at one end. Every stone is taken to be
// alive, as the symmetry article assumes; the lessons make them so (Benson's test finds
// both colours' groups unconditionally alive).
//
// The exact values are those of the corridor's local game under miai
// counting (see localGame): the invader pushes in from the mouths, the owner
// blocks, and each local turn goes to either side with probability ½ unless
// a move is sente.
func Find(pos *board.Position) (Corridor, error) {
	var regions [][]int
	seen := make([]bool, pos.Len())
	for i := range pos.Len() {
		if pos.Cell(i) != board.Empty || seen[i] {
			continue
		}
		region := floodEmpty(pos, i, seen)
		if touches(pos, region, board.Black) > 0 && touches(pos, region, board.White) > 0 {
			regions = append(regions, region)
		}
	}
	switch len(regions) {
	case 0:
		return Corridor{}, fmt.Errorf("no corridor: no empty region touches stones of both colours")
	case 1:
	default:
		var at []string
		for _, r := range regions {
			at = append(at, pos.PointOf(r[0]).Label(pos.Size()))
		}
		return Corridor{}, fmt.Errorf("%d empty regions touch stones of both colours (at %s); a lesson has one corridor", len(regions), strings.Join(at, ", "))
	}
	return corridorOf(pos, regions[0])
}

// floodEmpty returns the empty region holding point start, in increasing
// order, and marks its points in seen.
func floodEmpty(pos *board.Position, start int, seen []bool) []int {
	region := []int{start}
	seen[start] = true
	for k := 0; k < len(region); k++ {
		for _, j := range pos.Neighbors(region[k]) {
			if pos.Cell(j) == board.Empty && !seen[j] {
				seen[j] = true
				region = append(region, j)
			}
		}
	}
	slices.Sort(region)
	return region
}

// touches returns the number of distinct stones of colour c next to region.
func touches(pos *board.Position, region []int, c board.Color) int {
	return len(stonesNext(pos, region, c))
}

// stonesNext returns the stones of colour c next to region, in increasing
// order.
func stonesNext(pos *board.Position, region []int, c board.Color) []int {
	var out []int
	for _, i := range region {
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) == c && !slices.Contains(out, j) {
				out = append(out, j)
			}
		}
	}
	slices.Sort(out)
	return out
}

// corridorOf classifies region, orders its points and solves it.
func corridorOf(pos *board.Position, region []int) (Corridor, error) {
	where := pos.PointOf(region[0]).Label(pos.Size())
	black, white := touches(pos, region, board.Black), touches(pos, region, board.White)
	owner := board.Black
	switch {
	case white > black:
		owner = board.White
	case white == black:
		return Corridor{}, fmt.Errorf("corridor at %s: %d stones of each colour touch it, so neither owns the walls", where, black)
	}
	mouths := stonesNext(pos, region, owner.Opponent())
	ends := groupMouths(pos, mouths)

	in := make(map[int]bool, len(region))
	for _, i := range region {
		in[i] = true
	}
	degree := make([]int, len(region))
	edges := 0
	for k, i := range region {
		for _, j := range pos.Neighbors(i) {
			if in[j] {
				degree[k]++
				edges++
			}
		}
	}
	edges /= 2
	isPath := edges == len(region)-1 && slices.Max(degree) <= 2

	var kind Kind
	var order []int // board indices in the corridor's order
	switch {
	case isPath:
		var ok bool
		kind, order, ok = pathOrder(pos, region, degree, ends)
		if !ok {
			return Corridor{}, fmt.Errorf("corridor at %s: width one, but its %d mouths are not at its ends", where, len(ends))
		}
	case stripWidth(pos, region) == 2:
		if len(ends) != 1 {
			return Corridor{}, fmt.Errorf("corridor at %s: width two open at %d ends; only one open end is supported", where, len(ends))
		}
		kind = WidthTwo
		order = distanceOrder(pos, region, mouths)
	default:
		return Corridor{}, fmt.Errorf("corridor at %s: %d points that are neither a path nor a strip two points wide", where, len(region))
	}

	// The local game, on the points in the corridor's order.
	index := make(map[int]int, len(order))
	for k, i := range order {
		index[i] = k
	}
	nbr := make([]uint32, len(order))
	var mouth uint32
	for k, i := range order {
		for _, j := range pos.Neighbors(i) {
			if m, ok := index[j]; ok {
				nbr[k] |= 1 << m
			} else if pos.Cell(j) == owner.Opponent() {
				mouth |= 1 << k
			}
		}
	}
	g, err := newLocalGame(nbr, mouth)
	if err != nil {
		return Corridor{}, fmt.Errorf("corridor at %s: %w", where, err)
	}
	o := g.solve()

	c := Corridor{Kind: kind, Owner: owner}
	for _, i := range order {
		c.Points = append(c.Points, pos.PointOf(i))
	}
	for _, i := range mouths {
		c.Mouths = append(c.Mouths, pos.PointOf(i))
	}
	// The game counts for the owner; estimators count for Black.
	sign := float64(owner)
	for _, v := range o.values {
		c.Exact = append(c.Exact, sign*v)
		c.ExactTotal += sign * v
	}
	return c, nil
}

// groupMouths splits the mouth stones into ends: sets of stones that touch
// each other, orthogonally or diagonally. Ends come in the order of their
// first stone.
func groupMouths(pos *board.Position, mouths []int) [][]int {
	var ends [][]int
	done := make([]bool, len(mouths))
	for k := range mouths {
		if done[k] {
			continue
		}
		done[k] = true
		end := []int{mouths[k]}
		for e := 0; e < len(end); e++ {
			p := pos.PointOf(end[e])
			for m, i := range mouths {
				q := pos.PointOf(i)
				if dx, dy := p.X-q.X, p.Y-q.Y; !done[m] && dx*dx <= 1 && dy*dy <= 1 {
					done[m] = true
					end = append(end, i)
				}
			}
		}
		ends = append(ends, end)
	}
	return ends
}

// pathOrder orders a width-one corridor (a path, degree its points'
// degrees) from an open end: the end that the first group of mouths
// touches. It reports whether each group of mouths touches a different end
// of the path, and the kind that makes.
func pathOrder(pos *board.Position, region []int, degree []int, ends [][]int) (Kind, []int, bool) {
	var tips []int // the path's end points; one point is both ends
	for k, d := range degree {
		if d <= 1 {
			tips = append(tips, region[k])
		}
	}
	if len(tips) == 1 {
		tips = append(tips, tips[0])
	}
	touchesTip := func(end []int, tip int) bool {
		for _, j := range pos.Neighbors(tip) {
			if slices.Contains(end, j) {
				return true
			}
		}
		return false
	}
	var kind Kind
	start := -1
	switch len(ends) {
	case 1:
		kind = OneEnded
		for _, t := range tips {
			if touchesTip(ends[0], t) {
				start = t
				break
			}
		}
	case 2:
		kind = TwoEnded
		for a, t := range tips {
			if touchesTip(ends[0], t) && touchesTip(ends[1], tips[1-a]) {
				start = t
				break
			}
		}
	}
	if start < 0 {
		return 0, nil, false
	}
	in := make(map[int]bool, len(region))
	for _, i := range region {
		in[i] = true
	}
	order := []int{start}
	for prev, cur := -1, start; ; {
		next := -1
		for _, j := range pos.Neighbors(cur) {
			if in[j] && j != prev {
				next = j
			}
		}
		if next < 0 {
			break
		}
		order = append(order, next)
		prev, cur = cur, next
	}
	return kind, order, true
}

// stripWidth returns the smaller side of the region's bounding box: 2 for
// a straight strip two points wide.
func stripWidth(pos *board.Position, region []int) int {
	p := pos.PointOf(region[0])
	x0, x1, y0, y1 := p.X, p.X, p.Y, p.Y
	for _, i := range region {
		p := pos.PointOf(i)
		x0, x1 = min(x0, p.X), max(x1, p.X)
		y0, y1 = min(y0, p.Y), max(y1, p.Y)
	}
	return min(x1-x0, y1-y0) + 1
}

// distanceOrder orders region by the distance through the region from the
// points next to a mouth, and then by board index (reading order).
func distanceOrder(pos *board.Position, region []int, mouths []int) []int {
	dist := make(map[int]int, len(region))
	var queue []int
	for _, i := range region {
		for _, j := range pos.Neighbors(i) {
			if slices.Contains(mouths, j) {
				dist[i] = 1
				queue = append(queue, i)
				break
			}
		}
	}
	in := make(map[int]bool, len(region))
	for _, i := range region {
		in[i] = true
	}
	for k := 0; k < len(queue); k++ {
		for _, j := range pos.Neighbors(queue[k]) {
			if _, ok := dist[j]; in[j] && !ok {
				dist[j] = dist[queue[k]] + 1
				queue = append(queue, j)
			}
		}
	}
	order := slices.Clone(region)
	slices.SortStableFunc(order, func(a, b int) int { return dist[a] - dist[b] })
	return order
}
