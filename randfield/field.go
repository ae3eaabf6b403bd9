package randfield

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"moyo/board"
	"moyo/estimators"
)

// pairModel is a pairwise random field on the grid of the board (Stern et al. 2004,
// eq. 1, one factor per pair of neighbours) whose factors are log-linear
// in the model's parameters θ. Both of the paper's models are of this form:
// Boltzmann5 (eq. 2) and BoltzmannLiberties (eq. 3). Every point falls in
// one of a few classes (its contents, and for BoltzmannLiberties a liberty
// count), and the factor of an edge depends only on the classes of its two
// ends:
//
//	ψ(s_a, s_b) = exp(θ[w]·s_a·s_b + σ_a·θ[h_a]·s_a + σ_b·θ[h_b]·s_b),
//
// as edgeForm describes. Loopy BP, the exact transfer sweep, Swendsen–Wang
// and Gibbs sampling read the factors through this seam alone, and the
// maximum-likelihood fit reads the forms for the sufficient statistics.
//
// Colour symmetry: swapping the colours maps every class to its mirror,
// and the form of a mirrored pair has the same indices and negated signs,
// so that every factor table is reversed bit for bit.
type pairModel interface {
	// theta returns the parameters θ; the caller does not modify them.
	theta() []float64
	// numClasses returns the number of classes of point.
	numClasses() int
	// classify sets class[i] to the class of point i of pos.
	classify(pos *board.Position, class []uint8)
	// form returns how the factor of an edge between a point of class a
	// and one of class b depends on θ.
	form(a, b uint8) edgeForm
}

// edgeForm is the form of one edge factor: the index of its coupling in θ,
// and for each end the index of its field and the sign it enters with. An
// index of −1, or a sign of 0, is no term.
type edgeForm struct {
	w, ha, hb int16
	sa, sb    float64
}

// terms returns the coupling and the two fields of the form under θ. A
// field is sign·θ, so that a mirrored form, whose signs are negated, gives
// fields negated exactly.
func (f edgeForm) terms(theta []float64) (w, ha, hb float64) {
	if f.w >= 0 {
		w = theta[f.w]
	}
	if f.ha >= 0 {
		ha = f.sa * theta[f.ha]
	}
	if f.hb >= 0 {
		hb = f.sb * theta[f.hb]
	}
	return w, ha, hb
}

// psiOf returns the factor exp(w·s_a·s_b + ha·s_a + hb·s_b) at index
// 2·bit(s_a) + bit(s_b), where bit(+1) = 0 and bit(−1) = 1: (++, +−, −+,
// −−). Each exponent is computed with exact sign changes, so negating both
// fields reverses the four entries bit for bit.
func psiOf(w, ha, hb float64) [4]float64 {
	var f [4]float64
	for k := range f {
		sa := float64(1 - 2*(k>>1))
		sb := float64(1 - 2*(k&1))
		f[k] = math.Exp(w*(sa*sb) + ha*sa + hb*sb)
	}
	return f
}

// fieldLayout is a position laid out for a pairModel: the contents and
// the number of neighbours of every point, its class, and the factor
// tables of the class pairs that occur, computed once each.
type fieldLayout struct {
	pos    *board.Position
	cell   []board.Color
	deg    []uint8
	class  []uint8
	nc     int
	theta  []float64
	tables [][4]float64 // by a·nc + b
	done   []bool
}

func newFieldLayout(m pairModel, pos *board.Position) *fieldLayout {
	n := pos.Len()
	nc := m.numClasses()
	l := &fieldLayout{
		pos:    pos,
		cell:   make([]board.Color, n),
		deg:    make([]uint8, n),
		class:  make([]uint8, n),
		nc:     nc,
		theta:  m.theta(),
		tables: make([][4]float64, nc*nc),
		done:   make([]bool, nc*nc),
	}
	for i := range n {
		l.cell[i] = pos.Cell(i)
		l.deg[i] = uint8(len(pos.Neighbors(i)))
	}
	m.classify(pos, l.class)
	return l
}

// psi returns the factor of the edge from point i to point j, ψ(s_i, s_j).
func (l *fieldLayout) psi(m pairModel, i, j int) [4]float64 {
	a, b := l.class[i], l.class[j]
	k := int(a)*l.nc + int(b)
	if !l.done[k] {
		l.tables[k] = psiOf(m.form(a, b).terms(l.theta))
		l.done[k] = true
	}
	return l.tables[k]
}

// newFieldBPGraph lays pos out for loopy BP on model m.
func newFieldBPGraph(m pairModel, pos *board.Position) *bpGraph {
	g, _ := newFieldBPGraphLayout(m, pos)
	return g
}

// newFieldBPGraphLayout is newFieldBPGraph that also returns the layout.
func newFieldBPGraphLayout(m pairModel, pos *board.Position) (*bpGraph, *fieldLayout) {
	l := newFieldLayout(m, pos)
	n := pos.Len()
	g := &bpGraph{deg: l.deg, rev: make([]int32, 4*n), psi: make([][4]float64, 4*n)}
	for i := range n {
		for k, j := range pos.Neighbors(i) {
			g.psi[4*i+k] = l.psi(m, i, j)
			for kk, back := range pos.Neighbors(j) {
				if back == i {
					g.rev[4*i+k] = int32(4*j + kk)
				}
			}
		}
	}
	return g, l
}

// newFieldGrid lays pos out for the exact transfer sweep on model m.
func newFieldGrid(m pairModel, pos *board.Position) *b5Grid {
	l := newFieldLayout(m, pos)
	n := pos.Size()
	g := &b5Grid{n: n, h: make([][4]float64, n*(n-1)), v: make([][4]float64, n*(n-1))}
	for y := range n {
		for x := range n - 1 {
			g.h[y*(n-1)+x] = l.psi(m, y*n+x, y*n+x+1)
		}
	}
	for y := range n - 1 {
		for x := range n {
			g.v[y*n+x] = l.psi(m, y*n+x, (y+1)*n+x)
		}
	}
	return g
}

// fieldExact computes the exact marginals of model m by a transfer sweep
// down the board, keeping the weights of every complete row, and one up
// the board with deferred horizontal factors, on workers goroutines, for
// an estimator called name. For row y, the product of the two weights of
// a state of the row is proportional to its probability.
func fieldExact(ctx context.Context, name string, m pairModel, pos *board.Position, workers int) (exactResult, error) {
	n := pos.Size()
	if n > exactMaxSize {
		return exactResult{}, fmt.Errorf("%s: exact inference takes boards up to %d×%d, not %d×%d", name, exactMaxSize, exactMaxSize, n, n)
	}
	g := newFieldGrid(m, pos)
	down := newTransfer(g, false, workers)
	rows := make([][]float64, n)
	if err := down.sweep(ctx, func(y int, f []float64) {
		rows[y] = append([]float64(nil), f...)
	}); err != nil {
		return exactResult{}, err
	}
	res := exactResult{values: make([]float64, n*n), logZ: down.logZ()}
	// The upward sweep reuses the downward one's vector.
	up := &transfer{g: g.flipped(), f: down.f, workers: down.workers, maxes: down.maxes, deferred: true}
	d := make([]float64, 1<<(n-1))
	err := up.sweep(ctx, func(yf int, f []float64) {
		y := n - 1 - yf
		rowMarginals(rows[y], f, d, res.values[y*n:(y+1)*n])
		rows[y] = nil
	})
	if err != nil {
		return exactResult{}, err
	}
	return res, nil
}

// spinSystem is model m on a position written as an Ising system,
// P(s) ∝ exp(Σ_edges J_e s_a s_b + Σ_i H_i s_i): the couplings of the
// edges and the total field of each point, the sum of the fields its
// incident factors give it. The samplers read it.
type spinSystem struct {
	cell   []board.Color
	h      []float64 // H_i
	ea, eb []int32   // the edges, a < b
	j      []float64 // J_e
	// Each point's edges: adj[4i : 4i+deg[i]] are the indices of its
	// edges in ea, eb, j, in the order of its neighbours.
	deg []uint8
	adj []int32
}

// newSpinSystem writes m on pos as a spin system. The field of a point is
// summed by parameter: Σ_k c_k·θ_k over the parameters k its factors name,
// in increasing k, with c_k the sum of their signs. For Boltzmann5 that is
// deg(i)·col(c_i)·h(stone), and swapping the colours, which negates every
// c_k, negates every H_i exactly.
func newSpinSystem(m pairModel, pos *board.Position) *spinSystem {
	l := newFieldLayout(m, pos)
	n := pos.Len()
	s := &spinSystem{cell: l.cell, h: make([]float64, n), deg: l.deg, adj: make([]int32, 4*n)}
	type term struct {
		k int16
		c float64
	}
	var terms []term
	add := func(k int16, c float64) {
		if k < 0 || c == 0 {
			return
		}
		for t := range terms {
			if terms[t].k == k {
				terms[t].c += c
				return
			}
		}
		terms = append(terms, term{k, c})
	}
	for i := range n {
		terms = terms[:0]
		for k, j := range pos.Neighbors(i) {
			f := m.form(l.class[i], l.class[j])
			add(f.ha, f.sa)
			if j < i {
				// The edge was made from j, its lower end.
				for kk, back := range pos.Neighbors(j) {
					if back == i {
						s.adj[4*i+k] = s.adj[4*j+kk]
					}
				}
				continue
			}
			w, _, _ := f.terms(l.theta)
			s.adj[4*i+k] = int32(len(s.ea))
			s.ea = append(s.ea, int32(i))
			s.eb = append(s.eb, int32(j))
			s.j = append(s.j, w)
		}
		slices.SortFunc(terms, func(x, y term) int { return int(x.k) - int(y.k) })
		for _, t := range terms {
			s.h[i] += t.c * l.theta[t.k]
		}
	}
	return s
}

// newFieldSWChain returns a Swendsen–Wang chain on model m (see swChain),
// its random numbers seeded by seed.
func newFieldSWChain(m pairModel, pos *board.Position, seed [2]uint64) *swChain {
	sys := newSpinSystem(m, pos)
	n := len(sys.h)
	c := &swChain{
		h:      sys.h,
		ea:     sys.ea,
		eb:     sys.eb,
		bond:   make([]float64, len(sys.j)),
		sign:   make([]int8, len(sys.j)),
		s:      make([]int8, n),
		parent: make([]int32, n),
		root:   make([]int32, n),
		field:  make([]float64, n),
		tanh:   make([]float64, n),
		flip:   make([]bool, n),
		rng:    rand.New(rand.NewPCG(seed[0], seed[1])),
	}
	startSpins(sys.cell, c.s)
	for e, w := range sys.j {
		c.bond[e] = -math.Expm1(-2 * math.Abs(w))
		switch {
		case w > 0:
			c.sign[e] = 1
		case w < 0:
			c.sign[e] = -1
		}
	}
	return c
}

// startSpins sets the state every chain starts from: every stone alive
// and the empty points Black's.
func startSpins(cell []board.Color, s []int8) {
	for i, col := range cell {
		s[i] = 1
		if col == board.White {
			s[i] = -1
		}
	}
}

// fieldSW estimates the marginals of model m by two Swendsen–Wang chains with
// the same seed, one on the position and one on the position with the
// colours swapped, run in parallel: the value is (mean₁ − mean₂)/2. Each
// chain starts with its stones at their own colour and every empty point
// +1, which the two chains see from opposite sides, so the bias of the
// start cancels to first order. The second chain samples −s, so both
// halves estimate the same marginals; and with the colours swapped the two
// chains trade places, so the value is negated exactly.
//
// The sampler mixes slowly between modes that differ in the fate of a
// whole group: a chain flips only when every bond from its cluster to the
// rest is broken, so batch means see the switches late and understate the
// error of single points. On the 19×19 record positions in testdata, the
// rms error against the exact marginals is 0.03–0.05 after 1000 sweeps,
// 0.01–0.04 after 10,000 (worst points 0.03–0.29; the largest standard
// error in the trace, 0.05–0.13, is of that order) and 0.004–0.01 after
// 100,000. Starting every point at +1 instead left errors near 1 at
// single points, and rms 0.44 on one position, after 10,000 sweeps.
//
// The trace holds, after each block k ≥ 2 of the counted sweeps, the
// largest standard error of any point's running mean, by batch means:
// √(Σ_b (m_b − m̄)² / (k(k−1))) over the k block means m_b.
func fieldSW(ctx context.Context, m pairModel, pos *board.Position, samples int) (swResult, error) {
	chains := [2]*swChain{
		newFieldSWChain(m, pos, [2]uint64{swSeed1, swSeed2}),
		newFieldSWChain(m, pos.Swapped(), [2]uint64{swSeed1, swSeed2}),
	}
	return swCombine(ctx, chains, pos.Len(), samples)
}

// estimate is the Estimate of BP and BPL, e: the marginals of the model
// that model reads from p, by p's inference, on pos.
func estimate(ctx context.Context, e estimators.Estimator, pos *board.Position, p estimators.Params, model func(estimators.Params) pairModel) (estimators.Result, error) {
	p, err := estimators.Prepare(ctx, e, pos, p)
	if err != nil {
		return estimators.Result{}, err
	}
	start := time.Now()
	res, err := fieldMarginals(ctx, e.Info().Name, model(p), pos, readBP(p))
	if err != nil {
		return estimators.Result{}, err
	}
	res.Size = pos.Size()
	res.Iterations = len(res.Trace)
	res.Elapsed = time.Since(start)
	return res, nil
}

// checkInference reports a setting of BP's inference that an estimator
// called name cannot run with.
func checkInference(name string, bp bpParams) error {
	switch bp.inference {
	case InferenceBP:
		if !(bp.damping >= 0 && bp.damping < 1) {
			return fmt.Errorf("%s: damping %v is outside [0, 1)", name, bp.damping)
		}
		return bp.stop.Check(name)
	case InferenceSW:
		if bp.samples < 2 {
			return fmt.Errorf("%s: samples %d is less than 2", name, bp.samples)
		}
	}
	return nil
}

// refineParams is the fixed-point check of BP and BPL (estimators.Refiner):
// Gauss–Seidel message updates to a largest change of 1e-12 for loopy BP,
// from uniform messages again, which with the Jacobi update reach the
// same fixed point on the record positions (Anderson mixing is not
// offered for the fields: on open boards it can jump to the fixed point
// of the other colour). The exact marginals are their own fixed point;
// sampling has none, and the difference view is no estimate.
func refineParams(p estimators.Params) (estimators.Params, bool, error) {
	bp := readBP(p)
	switch {
	case bp.inference == InferenceSW || bp.view == BPViewMinusExact:
		return estimators.Params{}, false, estimators.ErrNotRefinable
	case bp.inference == InferenceExact:
		return p, true, nil
	}
	return p.WithText("solver", estimators.SolverGaussSeidel.String()).WithNum("tol", 1e-12).WithNum("max-iter", estimators.RefineMaxIter), false, nil
}

// fieldMarginals runs the inference method inf of BP's parameters bp on
// model m, for an estimator called name.
func fieldMarginals(ctx context.Context, name string, m pairModel, pos *board.Position, bp bpParams) (estimators.Result, error) {
	var res estimators.Result
	var err error
	switch bp.inference {
	case InferenceExact:
		var ex exactResult
		ex, err = fieldExact(ctx, name, m, pos, runtime.GOMAXPROCS(0))
		res = estimators.Result{Values: ex.values, Trace: []float64{0}, Converged: true}
	case InferenceSW:
		var sw swResult
		sw, err = fieldSW(ctx, m, pos, bp.samples)
		res = estimators.Result{Values: sw.values, Trace: sw.trace, Converged: true}
	default:
		res, err = newFieldBPGraph(m, pos).solveBP(ctx, pos, bp.damping, bp.stop, bp.solver)
	}
	if err == nil && bp.view == BPViewMinusExact {
		var ex exactResult
		if ex, err = fieldExact(ctx, name, m, pos, runtime.GOMAXPROCS(0)); err == nil {
			for i, v := range ex.values {
				res.Values[i] = (res.Values[i] - v) * 0.5
			}
		}
	}
	if err != nil {
		return estimators.Result{}, err
	}
	return res, nil
}

// Boltzmann5 as a pairModel: a point's class is its contents (0 White,
// 1 Empty, 2 Black), θ is Vector, and the field of a stone's end enters
// with the sign of its colour (0 for an empty point), so that the factors
// are those of Boltzmann5.psi bit for bit.

func (m Boltzmann5) theta() []float64 {
	v := m.Vector()
	return v[:]
}

func (Boltzmann5) numClasses() int { return 3 }

func (Boltzmann5) classify(pos *board.Position, class []uint8) {
	for i := range class {
		class[i] = uint8(pos.Cell(i) + 1)
	}
}

func (Boltzmann5) form(a, b uint8) edgeForm {
	ca, cb := board.Color(a)-1, board.Color(b)-1
	return edgeForm{w: int16(b5Kind(ca, cb)), ha: b5HStone, hb: b5HStone, sa: float64(ca), sb: float64(cb)}
}
