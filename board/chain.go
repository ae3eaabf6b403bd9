package board

import "slices"

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

// Chains partitions the stones of p into chains. id[i] is the index in
// chains of the chain holding point i, or −1 for an empty point.
func (p *Position) Chains() (chains []Chain, id []int) {
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
