package estimators

import (
	"context"
	"fmt"
	"math"
	"time"

	"moyo/board"
)

// Seds is Wolf's static evaluation by a dynamical system (Wolf 2010
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
// or thousands (Wolf 2010 §V.A).
//
// Two additions to Wolf's iteration, which keep its equations and so its
// fixed points:
//
//   - solver: Wolf's Jacobi sweep, in-place Gauss–Seidel sweeps (empty
//     points in board order, then chains), or Anderson acceleration of
//     them (see Solver), the default: it converges in 7–37 sweeps on the
//     record positions in testdata, where the plain sweep cycles to its
//     cap at some (Info.Published keeps Wolf's).
//   - damping δ in [0, 1), 0 by default: every update moves only part of the way,
//     v ← δ·v_old + (1 − δ)·v_new, for each w, b and s. On a quarter of
//     middle-game positions (26% of 1,200 from the AI collection) the
//     plain Jacobi sweep falls into a two-cycle that does not die out
//     within the cap: the sweep's Jacobian has an eigenvalue μ below or
//     just above −1, where two chains in atari answer each other. Damping
//     maps it to δ + (1 − δ)μ, well inside the unit circle for δ large
//     enough, and the sweep converges: with δ = 0.3 on 97.8% of those
//     1,200 positions, against 73% without. A fixed point of the damped
//     sweep is one of the plain sweep and the reverse, but where there
//     are several, the damped sweep may settle on another one than the
//     cycle circled.
//
// The trace holds, for every sweep, the largest change the plain update
// would make to any w, b or s (for Gauss–Seidel, the largest change it
// made): damping scales the step, not the residual, so tol means the same
// at every damping.
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
		Source:    "Wolf 2010 §IV; the iteration count measures instability (Wolf 2010 §V.A)",
		Paper:     wolfSEDS("§IV"),
		Iterative: true,
		Params: append([]ParamSpec{
			SolverSpec(nil, SolverAnderson, allSolvers()...),
			dampingSpec(),
		}, stopSpecs(1e-5, 1e-10, 1e-1, 1000)...),
		// Wolf iterates the whole system at once (Jacobi) until every
		// change is below 10⁻⁵ (§V.A).
		Published: Params{}.WithText("solver", SolverJacobi.String()),
	}
}

// sedsParams are Seds's parameters, read from a Params.
type sedsParams struct {
	solver  Solver
	damping float64
	stop    StopRule
}

func readSeds(p Params) sedsParams {
	return sedsParams{
		solver:  ReadSolver(p),
		damping: p.Num("damping"),
		stop:    ReadStop(p),
	}
}

// Check reports the first parameter in p that Seds cannot run with.
func (e Seds) Check(p Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	sp := readSeds(p)
	if !(sp.damping >= 0 && sp.damping < 1) {
		// At 1 nothing would ever move.
		return fmt.Errorf("seds: damping %v is outside [0, 1)", sp.damping)
	}
	return sp.stop.Check("seds")
}

// Estimate runs the chosen solver from w = b = ½ and s = 1 until no value
// changes by the tolerance or more, or the iteration cap is reached.
func (e Seds) Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error) {
	return e.EstimateFrom(ctx, pos, p, nil, nil)
}

// EstimateFrom is Estimate starting from the control values start (nil:
// the paper's start), reusing sc if it is not nil. An empty point with
// value v starts at b = (1 + v)/2, w = (1 − v)/2; a chain at the survival
// its stones' values give on average, s = (1 ± v)/2; units that Benson's
// algorithm fixes keep their fixed values.
func (Seds) EstimateFrom(ctx context.Context, pos *board.Position, p Params, start []float64, sc *Scratch) (Result, error) {
	if sc == nil {
		sc = new(Scratch)
	}
	p, err := sc.prepare(ctx, Seds{}, pos, p)
	if err != nil {
		return Result{}, err
	}
	if err := checkStart(pos, start); err != nil {
		return Result{}, fmt.Errorf("seds: %w", err)
	}
	t0 := time.Now()
	sp := readSeds(p)
	sy := &sc.seds
	sc.owners = sy.reset(pos, &sc.life, sc.owners)
	sy.damping = sp.damping
	x0 := sc.startBuf(len(sy.start))
	copy(x0, sy.start)
	if start != nil {
		sy.warm(x0, start)
	}
	out, err := solve(ctx, sy, x0, SolveSpec{Solver: sp.solver, Stop: sp.stop, Box: Box{Lo: 0, Hi: 1}}, &sc.solve)
	if err != nil {
		return Result{}, err
	}
	return iterativeResult(pos, sy, out, t0), nil
}

// sedsState holds the unknowns of every unit u as the pair of
// probabilities that the unit ends up Black's and White's, at 2u and
// 2u + 1: {b_i, w_i} for an empty point, {s_c, 1 − s_c} for a Black chain
// and {1 − s_c, s_c} for a White one. In this form both updates read one
// kind of number from every neighbour, whatever it is: the probability
// that no neighbour is White's, 1 − w̄_i, is the product of their Black
// entries, and the probability that a chain is captured is the product of
// its neighbours' entries for the opponent. Swapping the colours of a
// position swaps the two entries of every unit.
type sedsState []float64

// unit returns the pair of entries of unit u.
func (st sedsState) unit(u int32) [2]float64 { return [2]float64{st[2*u], st[2*u+1]} }

// setUnit sets the pair of entries of unit u.
func (st sedsState) setUnit(u int32, v [2]float64) { st[2*u], st[2*u+1] = v[0], v[1] }

// The entries of a unit in sedsState.
const (
	sedsBlack = 0
	sedsWhite = 1
)

// sedsSystem is the dynamical system of one position, laid out once per
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

	// damping is the share δ of the old value each update keeps.
	damping float64

	// Chains' stones, for a warm start: chain c's are stones[stStart[c]:stStart[c+1]].
	stStart, stones []int32

	// emptyAt is the point of every empty point's unit.
	emptyAt []int32

	fate []board.Color
	seen []int32
}

// newSedsSystem lays out the units of pos in new memory.
func newSedsSystem(pos *board.Position) *sedsSystem {
	sy := new(sedsSystem)
	sy.reset(pos, new(board.Life), nil)
	return sy
}

// reset lays out the units of pos and their neighbourhoods, and the
// starting state with Benson's static life fixed, reusing the arrays of sy
// and life; owners is the buffer for Benson's answer, which it returns.
func (sy *sedsSystem) reset(pos *board.Position, lf *board.Life, owners []board.Color) []board.Color {
	life := lf.Owners(owners, pos)
	fc := &lf.Chains
	n := pos.Len()
	sy.n, sy.empty, sy.damping = n, 0, 0
	sy.unitOf = growInt32(sy.unitOf, n)
	if cap(sy.own) < fc.Len() {
		sy.own = make([]uint8, fc.Len())
		sy.fate = make([]board.Color, fc.Len())
	}
	sy.own, sy.fate = sy.own[:fc.Len()], sy.fate[:fc.Len()]
	sy.emptyAt = sy.emptyAt[:0]
	for i := range n {
		if pos.Cell(i) == board.Empty {
			sy.unitOf[i] = int32(sy.empty)
			sy.emptyAt = append(sy.emptyAt, int32(i))
			sy.empty++
		}
	}
	// Every stone of a chain lies in the same region, so any one of its
	// stones tells whether Benson fixes it: alive if it is marked with its
	// own colour, dead in the opponent's vital region if marked with the
	// opponent's.
	fate := sy.fate
	for i := range n {
		if pos.Cell(i) != board.Empty {
			sy.unitOf[i] = int32(sy.empty) + fc.Of[i]
			fate[fc.Of[i]] = life[i]
		}
	}
	units := sy.empty + fc.Len()
	sy.one = int32(units)
	if cap(sy.start) < 2*(units+1) {
		sy.start = make(sedsState, 2*(units+1))
	}
	sy.start = sy.start[:2*(units+1)]
	for i := range sy.start {
		sy.start[i] = 0.5
	}
	sy.start.setUnit(sy.one, [2]float64{1, 1})

	sy.pts = sy.pts[:0]
	sy.ptNbr = sy.ptNbr[:0]
	for i := range n {
		if pos.Cell(i) != board.Empty {
			continue
		}
		u := sy.unitOf[i]
		if x := life[i]; x != board.Empty {
			sy.start.setUnit(u, sedsSure(x))
			continue
		}
		sy.pts = append(sy.pts, u)
		first := len(sy.ptNbr)
		for _, j := range pos.Neighbors(i) {
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

	sy.seen = growInt32(sy.seen, units) // seen[v] == c+1: v already listed for chain c
	clear(sy.seen)
	sy.chs = sy.chs[:0]
	sy.chOwn = sy.chOwn[:0]
	sy.chStart = append(sy.chStart[:0], 0)
	sy.chNbr = sy.chNbr[:0]
	for c, col := range fc.Color {
		u := int32(sy.empty + c)
		own := uint8(sedsBlack)
		if col == board.White {
			own = sedsWhite
		}
		sy.own[c] = own
		if fate[c] != board.Empty {
			sy.start.setUnit(u, sedsSure(fate[c]))
			continue
		}
		sy.start.setUnit(u, sedsChain(own, 1))
		sy.chs = append(sy.chs, u)
		sy.chOwn = append(sy.chOwn, own)
		for _, j := range fc.Adjacent.At(c) {
			v := sy.unitOf[j]
			if sy.seen[v] != int32(c)+1 {
				sy.seen[v] = int32(c) + 1
				sy.chNbr = append(sy.chNbr, v)
			}
		}
		sy.chStart = append(sy.chStart, int32(len(sy.chNbr)))
	}
	sy.stStart, sy.stones = fc.Stones.Start, fc.Stones.Points
	return life
}

// warm sets the units of st that Benson's algorithm does not fix to the
// state whose control values are v (see EstimateFrom).
func (sy *sedsSystem) warm(st sedsState, v []float64) {
	for _, u := range sy.pts {
		i := sy.emptyAt[u]
		// 1 + v and 1 − v are exact mirror images, so the colour-swapped
		// position starts from the swapped pair.
		st.setUnit(u, [2]float64{(1 + v[i]) * 0.5, (1 - v[i]) * 0.5})
	}
	for k, u := range sy.chs {
		c := int(u) - sy.empty
		own := sy.chOwn[k]
		sign := 1.0
		if own == sedsWhite {
			sign = -1
		}
		stones := sy.stones[sy.stStart[c]:sy.stStart[c+1]]
		sum := 0.0
		for _, i := range stones {
			sum += sign * v[i]
		}
		s := min(max((1+sum/float64(len(stones)))*0.5, 0), 1)
		st.setUnit(u, sedsChain(own, s))
	}
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
	a, b, c, d := 2*nb[0], 2*nb[1], 2*nb[2], 2*nb[3]
	noWhite := st[a+sedsBlack] * st[b+sedsBlack] * st[c+sedsBlack] * st[d+sedsBlack]
	noBlack := st[a+sedsWhite] * st[b+sedsWhite] * st[c+sedsWhite] * st[d+sedsWhite]
	return 1 - noWhite, 1 - noBlack
}

// Sweep computes next from prev, one step of every unit that is not fixed,
// and returns the largest change of any w, b or s the undamped step makes.
// With next == prev it updates in place (Gauss–Seidel). Each new value is
// damped towards the old one, δ·old + (1 − δ)·new, which at δ = 0 is the
// new value exactly.
func (sy *sedsSystem) Sweep(prevState, nextState []float64) float64 {
	prev, next := sedsState(prevState), sedsState(nextState)
	keep, take := sy.damping, 1-sy.damping
	res := 0.0
	for k, u := range sy.pts {
		wbar, bbar := sedsBars(prev, sy.ptNbr[4*k:4*k+4:4*k+4])
		b, w := 0.5, 0.5
		// Dividing each bar by the same sum, rather than taking b = 1 − w,
		// keeps b and w mirror images of each other.
		if sum := wbar + bbar; sum != 0 {
			b, w = bbar/sum, wbar/sum
		}
		o := 2 * u
		ob, ow := prev[o+sedsBlack], prev[o+sedsWhite]
		// Plain comparisons: the builtin max pays for NaN and signed
		// zeros, which cannot occur here, and dominated the sweep.
		if d := math.Abs(b - ob); d > res {
			res = d
		}
		if d := math.Abs(w - ow); d > res {
			res = d
		}
		next[o+sedsBlack] = keep*ob + take*b
		next[o+sedsWhite] = keep*ow + take*w
	}
	for k, u := range sy.chs {
		own := int32(sy.chOwn[k])
		opp := 1 - own
		captured := 1.0
		for _, v := range sy.chNbr[sy.chStart[k]:sy.chStart[k+1]] {
			captured *= prev[2*v+opp]
		}
		s := 1 - captured
		o := 2 * u
		os, oo := prev[o+own], prev[o+opp]
		if d := math.Abs(s - os); d > res {
			res = d
		}
		next[o+own] = keep*os + take*s
		next[o+opp] = keep*oo + take*(1-s)
	}
	return res
}

// Values writes the control value of every point in state st into out.
func (sy *sedsSystem) Values(state, out []float64) {
	st := sedsState(state)
	for i, u := range sy.unitOf[:sy.n] {
		if int(u) < sy.empty {
			out[i] = st[2*u+sedsBlack] - st[2*u+sedsWhite]
			continue
		}
		c := int(u) - sy.empty
		// 2s − 1 is the same number for a chain and its mirror image;
		// only the sign says whose stones they are.
		v := 2*st[2*u+int32(sy.own[c])] - 1
		if sy.own[c] == sedsWhite {
			v = -v
		}
		out[i] = v
	}
}
