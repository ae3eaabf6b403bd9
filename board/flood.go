package board

// Flood finds the stones and liberties of one chain after another
// without allocating, for searches that look at a chain after every
// move: each Fill marks the chain's stones and liberties with a new
// stamp over arrays kept from fill to fill. What a fill found can still
// be asked after the next, except of the points the next found too (a
// liberty two chains share is the later fill's): a search that compares
// two chains' liberties point by point keeps a Flood for each.
type Flood struct {
	stone, liberty []int32
	stamp          int32
	stack          []int
	// Stones are the stones the last Fill found, in the order the fill
	// met them. The slice is reused by the next Fill.
	Stones []int
}

// Fill marks the stones and the liberties of the chain holding point i
// of p, which must hold a stone, with a new stamp, lists the stones in
// f.Stones and returns the stamp.
func (f *Flood) Fill(p *Position, i int) int32 {
	if len(f.stone) < len(p.cells) {
		f.stone, f.liberty = make([]int32, len(p.cells)), make([]int32, len(p.cells))
	}
	f.stamp++
	s := f.stamp
	c := p.cells[i]
	stack := append(f.stack[:0], i)
	f.Stones = append(f.Stones[:0], i)
	f.stone[i] = s
	nbr, first := p.adj.nbr, p.adj.start
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range nbr[first[k]:first[k+1]] {
			switch p.cells[j] {
			case Empty:
				f.liberty[j] = s
			case c:
				if f.stone[j] != s {
					f.stone[j] = s
					stack = append(stack, j)
					f.Stones = append(f.Stones, j)
				}
			}
		}
	}
	f.stack = stack
	return s
}

// Stone reports whether point i is a stone of the chain the fill of
// stamp s found.
func (f *Flood) Stone(i int, s int32) bool { return f.stone[i] == s }

// Liberty reports whether point i is a liberty of the chain the fill of
// stamp s found (as it stood then).
func (f *Flood) Liberty(i int, s int32) bool { return f.liberty[i] == s }
