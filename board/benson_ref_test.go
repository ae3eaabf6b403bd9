package board

import "slices"

// The chain finder and Benson's algorithm as they were first written, each
// with a flood fill of its own and allocating as they go: the references
// that Chains.Find, Position.Chains and Life are held to.

// refChains is Position.Chains as first written.
func refChains(p *Position) (chains []Chain, id []int) {
	n := len(p.cells)
	id = make([]int, n)
	for i := range id {
		id[i] = -1
	}
	seen := make([]int, n) // seen[j] == k+1: j already listed for chain k
	var stack []int
	for i, c := range p.cells {
		if c == Empty || id[i] >= 0 {
			continue
		}
		k := len(chains)
		ch := Chain{Color: c}
		id[i] = k
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			ch.Stones = append(ch.Stones, s)
			for _, j := range p.Neighbors(s) {
				switch p.cells[j] {
				case c:
					if id[j] < 0 {
						id[j] = k
						stack = append(stack, j)
					}
				default:
					if seen[j] != k+1 {
						seen[j] = k + 1
						ch.Adjacent = append(ch.Adjacent, j)
						if p.cells[j] == Empty {
							ch.Liberties = append(ch.Liberties, j)
						}
					}
				}
			}
		}
		slices.Sort(ch.Stones)
		slices.Sort(ch.Adjacent)
		slices.Sort(ch.Liberties)
		chains = append(chains, ch)
	}
	return chains, id
}

// refUnconditionalLife is UnconditionalLife as first written.
func refUnconditionalLife(p *Position) []Color {
	out := make([]Color, len(p.cells))
	chains, id := refChains(p)
	var territory [2][]int
	for _, x := range [2]Color{Black, White} {
		alive, owned := refBenson(p, x, chains, id)
		for k, ok := range alive {
			if ok {
				for _, s := range chains[k].Stones {
					out[s] = x
				}
			}
		}
		territory[player(x)] = owned
	}
	claim := make([]Color, len(out))
	for k, owned := range territory {
		x := Black
		if k == 1 {
			x = White
		}
		for _, i := range owned {
			if claim[i] == Empty {
				claim[i] = x
			} else {
				claim[i] = conflict
			}
		}
	}
	for i, x := range claim {
		if out[i] == Empty && (x == Black || x == White) {
			out[i] = x
		}
	}
	return out
}

// refRegion is an X-enclosed region in refBenson.
type refRegion struct {
	points  []int
	empties int
	border  []int // indices into the chains slice of the X chains around it
}

// refBenson runs Benson's algorithm for colour x over the chains of p.
func refBenson(p *Position, x Color, chains []Chain, id []int) (alive []bool, owned []int) {
	n := len(p.cells)
	alive = make([]bool, len(chains))
	found := false
	for k := range chains {
		if chains[k].Color == x {
			alive[k] = true
			found = true
		}
	}
	if !found {
		return alive, nil
	}

	rid := make([]int, n)
	for i := range rid {
		rid[i] = -1
	}
	var regions []refRegion
	lastRegion := make([]int, len(chains))
	var stack []int
	for i, c := range p.cells {
		if c == x || rid[i] >= 0 {
			continue
		}
		r := len(regions)
		reg := refRegion{}
		rid[i] = r
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reg.points = append(reg.points, s)
			if p.cells[s] == Empty {
				reg.empties++
			}
			for _, j := range p.Neighbors(s) {
				switch {
				case p.cells[j] == x:
					if k := id[j]; lastRegion[k] != r+1 {
						lastRegion[k] = r + 1
						reg.border = append(reg.border, k)
					}
				case rid[j] < 0:
					rid[j] = r
					stack = append(stack, j)
				}
			}
		}
		regions = append(regions, reg)
	}

	vital := make([][]int, len(chains))
	for r := range regions {
		reg := &regions[r]
		if reg.empties == 0 {
			continue
		}
		for _, k := range reg.border {
			if len(chains[k].Liberties) < reg.empties {
				continue
			}
			if refAllLiberties(p, reg, id, k) {
				vital[k] = append(vital[k], r)
			}
		}
	}

	regionLive := make([]bool, len(regions))
	for r := range regionLive {
		regionLive[r] = true
	}
	for changed := true; changed; {
		changed = false
		for k, ok := range alive {
			if !ok || chains[k].Color != x {
				continue
			}
			eyes := 0
			for _, r := range vital[k] {
				if regionLive[r] {
					eyes++
				}
			}
			if eyes < 2 {
				alive[k] = false
				changed = true
			}
		}
		for r := range regions {
			if !regionLive[r] {
				continue
			}
			for _, k := range regions[r].border {
				if !alive[k] {
					regionLive[r] = false
					changed = true
					break
				}
			}
		}
	}

	isVital := make([]bool, len(regions))
	for k, ok := range alive {
		if ok {
			for _, r := range vital[k] {
				isVital[r] = true
			}
		}
	}
	for r := range regions {
		if regionLive[r] && isVital[r] {
			owned = append(owned, regions[r].points...)
		}
	}
	return alive, owned
}

// refAllLiberties reports whether every empty point of reg is adjacent to
// the chain with index k.
func refAllLiberties(p *Position, reg *refRegion, id []int, k int) bool {
	for _, s := range reg.points {
		if p.cells[s] != Empty {
			continue
		}
		touches := false
		for _, j := range p.Neighbors(s) {
			if id[j] == k {
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

// refFlatAdjacent is the chain finder the estimators had, as first written:
// it returns the adjacent points of every chain in the order its flood fill
// meets them, the order in which the estimators multiply over them.
func refFlatAdjacent(p *Position) [][]int32 {
	n := p.Len()
	of := make([]int32, n)
	for i := range of {
		of[i] = -1
	}
	seen := make([]int32, n)
	var adj [][]int32
	var stack []int32
	for i := range n {
		col := p.Cell(i)
		if col == Empty || of[i] >= 0 {
			continue
		}
		c := int32(len(adj))
		var list []int32
		of[i] = c
		stack = append(stack[:0], int32(i))
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range p.Neighbors(int(s)) {
				switch {
				case p.Cell(j) == col:
					if of[j] < 0 {
						of[j] = c
						stack = append(stack, int32(j))
					}
				case seen[j] != c+1:
					seen[j] = c + 1
					list = append(list, int32(j))
				}
			}
		}
		adj = append(adj, list)
	}
	return adj
}
