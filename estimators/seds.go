package estimators

import (
	"context"
	"math"
	"time"

	"moyo/board"
)

// Seds is Wolf's static evaluation by a dynamical system (SPEC §4, seed 001
// §IV). Its units are the empty points and the chains: an empty point i
// holds w_i and b_i, the probabilities that it ends up White's or Black's,
// and a chain c holds s_c, the probability that it survives. From w = b = ½
// and s = 1, Jacobi sweeps apply
//
//	w̄_i = 1 − Π_{empty nbrs j} b_j · Π_{Black nbr chains c} s_c · Π_{White nbr chains c} (1 − s_c)
//	b̄_i = the same with the colours swapped
//	w_i = w̄_i / (w̄_i + b̄_i),  b_i = b̄_i / (w̄_i + b̄_i)   (½ each when both are 0)
//	s_c = 1 − Π_{adjacent empty p} P(p is the opponent's) · Π_{adjacent opponent chains d} s_d
//
// until no value changes by tol or more. Chains that are pass-alive by
// Benson's algorithm are fixed at s = 1, and the regions vital to them are
// fixed as their owner's (a chain of the other colour inside such a region
// at s = 0). The control value is b − w on an empty point and ±(2s − 1) on a
// stone of a Black (+) or White (−) chain.
//
// The number of sweeps is itself an output: clear-cut positions settle in a
// few, unstable ones (chains attached to each other in atari) take hundreds
// or thousands (seed 001 §V.A).
//
// Swapping the colours of a position negates every value and leaves the
// trace unchanged, bit for bit: b and w are stored side by side and each is
// computed by the mirror image of the expression that computes the other.
type Seds struct{}

// Info describes Seds and its parameters.
func (Seds) Info() Info {
	return Info{
		Name:      "seds",
		Title:     "Static evaluation by a dynamical system: point ownership and chain survival",
		Source:    "seed 001 §IV; the iteration count measures instability (seed §V.A)",
		Iterative: true,
		Params:    stopSpecs(1e-5, 1e-10, 1e-1, 1000),
	}
}

// Check reports the first parameter in p that Seds cannot run with.
func (e Seds) Check(p Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	return readStop(p).check("seds")
}

// Estimate runs Jacobi sweeps until no value changes by the tolerance or
// more, or the iteration cap is reached. The trace holds the largest
// change of any w, b or s in every sweep.
func (Seds) Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error) {
	p, err := prepare(ctx, Seds{}, pos, p)
	if err != nil {
		return Result{}, err
	}
	stop := readStop(p)
	start := time.Now()
	sy := newSedsSystem(pos)
	prev, next := sy.initial()
	trace := make([]float64, 0, min(stop.maxIter, 128))
	converged := false
	for len(trace) < stop.maxIter {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		r := sy.sweep(prev, next)
		trace = append(trace, r)
		prev, next = next, prev
		if r < stop.tol {
			converged = true
			break
		}
	}
	return Result{
		Size:       pos.Size(),
		Values:     sy.values(prev),
		Trace:      trace,
		Iterations: len(trace),
		Converged:  converged,
		Elapsed:    time.Since(start),
	}, nil
}

// sedsState holds the unknowns of every unit as the pair of probabilities
// that the unit ends up Black's and White's: {b_i, w_i} for an empty point,
// {s_c, 1 − s_c} for a Black chain and {1 − s_c, s_c} for a White one. In
// this form both updates read one kind of number from every neighbour,
// whatever it is: the probability that no neighbour is White's, 1 − w̄_i,
// is the product of their Black entries, and the probability that a chain
// is captured is the product of its neighbours' entries for the opponent.
// Swapping the colours of a position swaps the two entries of every unit.
type sedsState [][2]float64

// The entries of a unit in sedsState.
const (
	sedsBlack = 0
	sedsWhite = 1
)

// sedsSystem is the dynamical system of one position, built once per
// Estimate so that the sweeps allocate nothing. The units are numbered
// empty points first, in board order, then chains in the order of
// board.Chains; neither order depends on the colours of the stones, so the
// products of a position and of its colour-swapped image multiply the same
// numbers in the same order.
type sedsSystem struct {
	n      int     // points on the board
	empty  int     // empty points; chain c is unit empty+c
	unitOf []int32 // the unit of every point

	// The empty points that are not fixed: unit pts[k] has the distinct
	// neighbouring units ptNbr[4k:4k+4], padded with the unit one, whose
	// entries are both 1: multiplying by it is exact, so a point of any
	// degree is one branch-free product of four factors.
	pts   []int32
	ptNbr []int32
	one   int32

	// The chains that are not fixed: unit chs[k], of colour entry
	// chOwn[k], has the distinct adjacent units chNbr[chStart[k]:chStart[k+1]].
	chs     []int32
	chOwn   []uint8
	chStart []int32
	chNbr   []int32

	own   []uint8 // the colour entry of every chain, for the values
	start sedsState
}

// newSedsSystem lays out the units of pos and their neighbourhoods, and the
// starting state with Benson's static life fixed.
func newSedsSystem(pos *board.Position) *sedsSystem {
	fb := newFlatBoard(pos)
	var lf board.Life
	life := lf.Owners(nil, pos)
	fc := &lf.Chains
	n := len(fb.cell)
	sy := &sedsSystem{n: n, unitOf: make([]int32, n), own: make([]uint8, fc.Len())}
	for i, c := range fb.cell {
		if c == board.Empty {
			sy.unitOf[i] = int32(sy.empty)
			sy.empty++
		}
	}
	// Every stone of a chain lies in the same region, so any one of its
	// stones tells whether Benson fixes it: alive if it is marked with its
	// own colour, dead in the opponent's vital region if marked with the
	// opponent's.
	fate := make([]board.Color, fc.Len())
	for i, c := range fb.cell {
		if c != board.Empty {
			sy.unitOf[i] = int32(sy.empty) + fc.Of[i]
			fate[fc.Of[i]] = life[i]
		}
	}
	units := sy.empty + fc.Len()
	sy.one = int32(units)
	sy.start = make(sedsState, units+1)
	for u := range sy.start {
		sy.start[u] = [2]float64{0.5, 0.5}
	}
	sy.start[sy.one] = [2]float64{1, 1}

	sy.pts = make([]int32, 0, sy.empty)
	sy.ptNbr = make([]int32, 0, 4*sy.empty)
	for i, c := range fb.cell {
		if c != board.Empty {
			continue
		}
		u := sy.unitOf[i]
		if x := life[i]; x != board.Empty {
			sy.start[u] = sedsSure(x)
			continue
		}
		sy.pts = append(sy.pts, u)
		first := len(sy.ptNbr)
		for _, j := range fb.neighbors(i) {
			v := sy.unitOf[j]
			// A chain touching the point with several stones counts once.
			dup := false
			for _, w := range sy.ptNbr[first:] {
				dup = dup || w == v
			}
			if !dup {
				sy.ptNbr = append(sy.ptNbr, v)
			}
		}
		for len(sy.ptNbr) < first+4 {
			sy.ptNbr = append(sy.ptNbr, sy.one)
		}
	}

	seen := make([]int32, units) // seen[v] == c+1: v already listed for chain c
	sy.chs = make([]int32, 0, fc.Len())
	sy.chOwn = make([]uint8, 0, fc.Len())
	sy.chStart = append(make([]int32, 0, fc.Len()+1), 0)
	sy.chNbr = make([]int32, 0, len(fc.Adjacent.Points))
	for c, col := range fc.Color {
		u := int32(sy.empty + c)
		own := uint8(sedsBlack)
		if col == board.White {
			own = sedsWhite
		}
		sy.own[c] = own
		if fate[c] != board.Empty {
			sy.start[u] = sedsSure(fate[c])
			continue
		}
		sy.start[u] = sedsChain(own, 1)
		sy.chs = append(sy.chs, u)
		sy.chOwn = append(sy.chOwn, own)
		for _, j := range fc.Adjacent.At(c) {
			v := sy.unitOf[j]
			if seen[v] != int32(c)+1 {
				seen[v] = int32(c) + 1
				sy.chNbr = append(sy.chNbr, v)
			}
		}
		sy.chStart = append(sy.chStart, int32(len(sy.chNbr)))
	}
	return sy
}

// sedsSure is the state of a unit that surely ends up x's.
func sedsSure(x board.Color) [2]float64 {
	if x == board.Black {
		return [2]float64{1, 0}
	}
	return [2]float64{0, 1}
}

// sedsChain is the state of a chain with colour entry own that survives
// with probability s.
func sedsChain(own uint8, s float64) [2]float64 {
	var st [2]float64
	st[own] = s
	st[1-own] = 1 - s
	return st
}

// initial returns two copies of the starting state, one to sweep from and
// one to sweep into; fixed units never change in either.
func (sy *sedsSystem) initial() (prev, next sedsState) {
	buf := make(sedsState, 2*len(sy.start))
	prev, next = buf[:len(sy.start)], buf[len(sy.start):]
	copy(prev, sy.start)
	copy(next, sy.start)
	return prev, next
}

// sedsBars returns w̄ and b̄ of an empty point whose four neighbour slots
// are nb: one minus the probability that no neighbour is White's, and its
// mirror image.
func sedsBars(st sedsState, nb []int32) (wbar, bbar float64) {
	a, b, c, d := st[nb[0]], st[nb[1]], st[nb[2]], st[nb[3]]
	noWhite := a[sedsBlack] * b[sedsBlack] * c[sedsBlack] * d[sedsBlack]
	noBlack := a[sedsWhite] * b[sedsWhite] * c[sedsWhite] * d[sedsWhite]
	return 1 - noWhite, 1 - noBlack
}

// sweep computes next from prev, one Jacobi step of every unit that is not
// fixed, and returns the largest change of any w, b or s.
func (sy *sedsSystem) sweep(prev, next sedsState) float64 {
	res := 0.0
	for k, u := range sy.pts {
		wbar, bbar := sedsBars(prev, sy.ptNbr[4*k:4*k+4:4*k+4])
		b, w := 0.5, 0.5
		// Dividing each bar by the same sum, rather than taking b = 1 − w,
		// keeps b and w mirror images of each other.
		if sum := wbar + bbar; sum != 0 {
			b, w = bbar/sum, wbar/sum
		}
		old := prev[u]
		// Plain comparisons: the builtin max pays for NaN and signed
		// zeros, which cannot occur here, and dominated the sweep.
		if d := math.Abs(b - old[sedsBlack]); d > res {
			res = d
		}
		if d := math.Abs(w - old[sedsWhite]); d > res {
			res = d
		}
		next[u] = [2]float64{b, w}
	}
	for k, u := range sy.chs {
		own := sy.chOwn[k]
		opp := 1 - own
		captured := 1.0
		for _, v := range sy.chNbr[sy.chStart[k]:sy.chStart[k+1]] {
			captured *= prev[v][opp]
		}
		s := 1 - captured
		if d := math.Abs(s - prev[u][own]); d > res {
			res = d
		}
		next[u][own] = s
		next[u][opp] = 1 - s
	}
	return res
}

// values returns the control value of every point in state st.
func (sy *sedsSystem) values(st sedsState) []float64 {
	out := make([]float64, sy.n)
	for i, u := range sy.unitOf {
		if int(u) < sy.empty {
			out[i] = st[u][sedsBlack] - st[u][sedsWhite]
			continue
		}
		c := int(u) - sy.empty
		// 2s − 1 is the same number for a chain and its mirror image;
		// only the sign says whose stones they are.
		v := 2*st[u][sy.own[c]] - 1
		if sy.own[c] == sedsWhite {
			v = -v
		}
		out[i] = v
	}
	return out
}
