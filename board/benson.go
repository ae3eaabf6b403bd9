package board

// UnconditionalLife applies Benson's algorithm (1976) for both colours and
// returns, for every point in flat index order, the colour X that owns it
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
func (p *Position) UnconditionalLife() []Color {
	out := make([]Color, len(p.cells))
	chains, id := p.Chains()
	var territory [2][]int
	for _, x := range [2]Color{Black, White} {
		alive, owned := p.benson(x, chains, id)
		for k, ok := range alive {
			if ok {
				for _, s := range chains[k].Stones {
					out[s] = x
				}
			}
		}
		territory[player(x)] = owned
	}
	// Territory never overrides a pass-alive stone, and a point claimed by
	// both colours stays Empty, so that the answer does not depend on the
	// order the colours are computed in.
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

// conflict marks a point claimed as territory by both colours.
const conflict Color = 2

// region is an X-enclosed region in Benson's algorithm.
type region struct {
	points  []int
	empties int
	border  []int // indices into the chains slice of the X chains around it
}

// benson runs Benson's algorithm for colour x over the chains of p (as
// returned by Chains). alive[k] reports whether chains[k] is a pass-alive
// chain of x; owned lists the points of the regions that are vital to a
// pass-alive chain and bordered only by pass-alive chains.
func (p *Position) benson(x Color, chains []Chain, id []int) (alive []bool, owned []int) {
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

	// Label the regions, and note the x chains bordering each.
	rid := make([]int, n)
	for i := range rid {
		rid[i] = -1
	}
	var regions []region
	lastRegion := make([]int, len(chains)) // lastRegion[k] == r+1: k already in regions[r].border
	var stack []int
	for i, c := range p.cells {
		if c == x || rid[i] >= 0 {
			continue
		}
		r := len(regions)
		reg := region{}
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

	// vital[k] lists the regions vital to chain k. A region without empty
	// points gives a chain no eye, so it is never vital.
	vital := make([][]int, len(chains))
	for r := range regions {
		reg := &regions[r]
		if reg.empties == 0 {
			continue
		}
		for _, k := range reg.border {
			if len(chains[k].Liberties) < reg.empties {
				continue // cannot touch every empty point
			}
			if p.allLiberties(reg, id, k) {
				vital[k] = append(vital[k], r)
			}
		}
	}

	// Benson's iteration.
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

	// A live region has only pass-alive chains around it; it is owned when
	// it is vital to one of them.
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

// allLiberties reports whether every empty point of reg is adjacent to the
// chain with index k.
func (p *Position) allLiberties(reg *region, id []int, k int) bool {
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
