package estimators

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"moyo/board"
)

// StoneMode is how Symmetric values the stones: the "mode" parameter.
type StoneMode uint8

// The modes of Symmetric.
const (
	// ModeJudged judges each chain by its adjacent points (Figs. 7–9).
	ModeJudged StoneMode = iota
	// ModeAlive keeps every stone at ±1 (the symmetry article, Fig. 6).
	ModeAlive
	modeCount
)

// String returns "judged" or "alive", the mode's name on the command line.
func (m StoneMode) String() string {
	switch m {
	case ModeJudged:
		return "judged"
	case ModeAlive:
		return "alive"
	}
	return "StoneMode(" + strconv.Itoa(int(m)) + ")"
}

// Symmetric is the symmetry article's iterative control estimate (§3): Jacobi
// sweeps of an update that is symmetric in the neighbours and odd in the
// colours, from stones ±1 and empty points 0.
//
// The parameter solver chooses how the equations are iterated: the
// article's Jacobi sweep, in-place Gauss–Seidel sweeps, or Anderson mixing
// of them, which reaches the same fixed point in far fewer sweeps (see
// Solver). The stopping rule stops by the last step, not by the distance
// left, which near λ = ½ differs by a factor of 1/(1 − rate): Refine
// measures the distance. The defaults, Anderson mixing to Σ(Δv)² < 1e-8,
// stop within 0.01 points of board score of the fixed point on the record
// positions in testdata, in 13–23 sweeps; the article's Jacobi sweeps to
// 1e-4 (Info.Published) stop after 26–96 sweeps, up to 1.4 points short
// in the openings.
//
// Swapping the colours of a position negates every value and leaves the
// trace unchanged, bit for bit, for every solver: every quantity is
// computed by one expression that maps exactly onto its mirror image under
// negation.
type Symmetric struct{}

// Info describes Symmetric and its parameters.
func (Symmetric) Info() Info {
	return Info{
		Name:      "symmetric",
		Title:     "Symmetric iterative control estimate",
		Source:    "the symmetry article §3, Figs. 6–9",
		Paper:     symmetryArticle("§3"),
		Iterative: true,
		Params: append([]ParamSpec{
			{Name: "mode", Doc: "how stones are valued: alive (±1) or judged by their surroundings", Kind: Choice,
				Choices: []string{ModeAlive.String(), ModeJudged.String()}, Default: Text(ModeJudged.String()),
				ChoiceDocs: map[string]string{
					ModeAlive.String():  "every stone counts as alive, wholly its owner's",
					ModeJudged.String(): "each stone counts as alive as much as the points around its chain say",
				}},
			{Name: "lambda", Label: "λ", Doc: "weight of two-against-two neighbourhoods", Min: 0, Max: 1, Default: Num(0.44)},
			{Name: "kappa", Label: "κ", Doc: "weight of a stone's chain against its own neighbourhood", Min: 0, Max: 1, Default: Num(0.8),
				When: &Cond{Param: "mode", Is: []string{ModeJudged.String()}}},
			SolverSpec(nil, SolverAnderson, allSolvers()...),
		}, stopSpecs(1e-8, 1e-10, 1e-1, 1000)...),
		// The article's Figs. 6–9: Jacobi sweeps until Σ(Δv)² < 1e-4.
		Published: Params{}.WithText("solver", SolverJacobi.String()).WithNum("tol", 1e-4),
	}
}

// symmetricParams are Symmetric's parameters, read from a Params.
type symmetricParams struct {
	mode          StoneMode
	lambda, kappa float64
	solver        Solver
	stop          StopRule
}

func readSymmetric(p Params) symmetricParams {
	return symmetricParams{
		mode:   ChoiceOf(p.Text("mode"), modeCount),
		lambda: p.Num("lambda"),
		kappa:  p.Num("kappa"),
		solver: ReadSolver(p),
		stop:   ReadStop(p),
	}
}

// Check reports the first parameter in p that Symmetric cannot run with.
func (e Symmetric) Check(p Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	sp := readSymmetric(p)
	switch {
	case !(sp.lambda >= 0 && sp.lambda <= 1):
		return fmt.Errorf("symmetric: lambda %v is outside [0, 1]", sp.lambda)
	case sp.mode == ModeJudged && !(sp.kappa >= 0 && sp.kappa <= 1):
		return fmt.Errorf("symmetric: kappa %v is outside [0, 1]", sp.kappa)
	}
	return sp.stop.Check("symmetric")
}

// Estimate runs the chosen solver's sweeps from stones ±1 and empty points
// 0 until the squared norm of the change falls below the tolerance or the
// iteration cap is reached. The trace holds that squared norm for every
// sweep.
func (e Symmetric) Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error) {
	return e.EstimateFrom(ctx, pos, p, nil, nil)
}

// EstimateFrom is Estimate starting from the control values start (nil:
// stones ±1, empty points 0), reusing sc if it is not nil. In alive mode
// the stones keep ±1 whatever start says.
func (Symmetric) EstimateFrom(ctx context.Context, pos *board.Position, p Params, start []float64, sc *Scratch) (Result, error) {
	if sc == nil {
		sc = new(Scratch)
	}
	p, err := sc.prepare(ctx, Symmetric{}, pos, p)
	if err != nil {
		return Result{}, err
	}
	if err := checkStart(pos, start); err != nil {
		return Result{}, fmt.Errorf("symmetric: %w", err)
	}
	t0 := time.Now()
	sp := readSymmetric(p)
	sw := &sc.sym
	sw.reset(pos, sp, &sc.fb, &sc.chains)
	x0 := sc.startBuf(pos.Len())
	for i := range x0 {
		c := pos.Cell(i)
		if start == nil || c != board.Empty && sp.mode == ModeAlive {
			x0[i] = float64(c)
		} else {
			x0[i] = start[i]
		}
	}
	out, err := solve(ctx, sw, x0, SolveSpec{Solver: sp.solver, Stop: sp.stop, Box: Box{Lo: -1, Hi: 1}}, &sc.solve)
	if err != nil {
		return Result{}, err
	}
	return iterativeResult(pos, sw, out, t0), nil
}

// symSweep holds what one sweep reads besides the previous iterate, laid
// out once per Estimate so that the sweeps allocate nothing. Empty points
// are grouped by their number of neighbours, with the neighbours stored in
// the same order, so each group is one tight loop over sequential memory.
type symSweep struct {
	lq float64 // λ/4, the coefficient of the λ term for three and four neighbours

	// e4, e3, e2 are the empty points with 4, 3 and 2 neighbours;
	// n4, n3, n2 hold their neighbours, 4, 3 and 2 per point.
	e4, e3, e2 []int32
	n4, n3, n2 []int32

	// Judged mode only: the stones and their chains.
	judged  bool
	kappa   float64
	stones  []int32
	stChain []int32   // chain of each stone
	stDeg   []uint8   // neighbours of each stone ...
	stNbr   []int32   // ... 4 slots per stone
	sign    []float64 // +1 for a Black chain, −1 for a White one
	start   []int32   // adjacent points of chain c: adj[start[c]:start[c+1]]
	adj     []int32
	cv      []float64 // chain values of the current sweep

	// The backing arrays, kept for the next reset.
	ptBuf, nbBuf, stBuf []int32
	vals                []float64
}

// reset lays out pos for sweeps with parameters p, reusing the arrays of
// sw, fb and fc. Empty points are ordered red-black, those with x + y even
// first, within each group: the Jacobi sweep does not care, and an
// in-place sweep then updates each half of the points from the other's
// new values, which is what lets Anderson mixing of in-place sweeps beat
// the plain sweeps by a factor of ten on a Go board (SolverAnderson).
func (sw *symSweep) reset(pos *board.Position, p symmetricParams, fb *flatBoard, fc *board.Chains) {
	fb.fill(pos)
	sw.lq = p.lambda / 4
	var count [5]int // empty points by number of neighbours
	stones := 0
	for i, c := range fb.cell {
		if c == board.Empty {
			count[fb.deg[i]]++
		} else {
			stones++
		}
	}
	// One backing array for the empty points, one for their neighbours.
	c4, c3, c2 := count[4], count[3], count[2]
	sw.ptBuf = growInt32(sw.ptBuf, c4+c3+c2)
	sw.nbBuf = growInt32(sw.nbBuf, 4*c4+3*c3+2*c2)
	pts, nbs := sw.ptBuf, sw.nbBuf
	sw.e4, sw.e3, sw.e2 = pts[:0:c4], pts[c4:c4:c4+c3], pts[c4+c3:c4+c3]
	sw.n4, sw.n3, sw.n2 = nbs[:0:4*c4], nbs[4*c4:4*c4:4*c4+3*c3], nbs[4*c4+3*c3:4*c4+3*c3]
	size := pos.Size()
	for parity := range 2 {
		for i, c := range fb.cell {
			if c != board.Empty || (i/size+i%size)%2 != parity {
				continue
			}
			nb := fb.neighbors(i)
			switch len(nb) {
			case 4:
				sw.e4 = append(sw.e4, int32(i))
				sw.n4 = append(sw.n4, nb...)
			case 3:
				sw.e3 = append(sw.e3, int32(i))
				sw.n3 = append(sw.n3, nb...)
			case 2:
				sw.e2 = append(sw.e2, int32(i))
				sw.n2 = append(sw.n2, nb...)
			}
		}
	}
	sw.judged = p.mode == ModeJudged
	if !sw.judged {
		return
	}
	fc.Find(pos)
	sw.kappa = p.kappa
	sw.start, sw.adj = fc.Adjacent.Start, fc.Adjacent.Points
	if cap(sw.vals) < 2*fc.Len() {
		sw.vals = make([]float64, 2*fc.Len())
	}
	sw.sign, sw.cv = sw.vals[:fc.Len()], sw.vals[fc.Len():2*fc.Len()]
	for c, col := range fc.Color {
		sw.sign[c] = float64(col)
	}
	sw.stBuf = growInt32(sw.stBuf, 6*stones)
	idx := sw.stBuf
	sw.stones = idx[0:0:stones]
	sw.stChain = idx[stones : stones : 2*stones]
	sw.stNbr = idx[2*stones : 2*stones : 6*stones]
	if cap(sw.stDeg) < stones {
		sw.stDeg = make([]uint8, 0, stones)
	}
	sw.stDeg = sw.stDeg[:0]
	for i, c := range fb.cell {
		if c == board.Empty {
			continue
		}
		sw.stones = append(sw.stones, int32(i))
		sw.stChain = append(sw.stChain, fc.Of[i])
		sw.stDeg = append(sw.stDeg, fb.deg[i])
		sw.stNbr = append(sw.stNbr, fb.nbr[4*i:4*i+4]...)
	}
}

// newSymSweep lays out pos for sweeps with parameters p in new memory.
func newSymSweep(pos *board.Position, p symmetricParams) *symSweep {
	sw := new(symSweep)
	sw.reset(pos, p, new(flatBoard), new(board.Chains))
	return sw
}

// growInt32 returns s with length n, reallocated only when its capacity is
// short. The contents are not kept.
func growInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// Values copies the state, which is the control values.
func (sw *symSweep) Values(state, out []float64) { copy(out, state) }

// Sweep computes next from prev and returns Σ (next − prev)². Points it does
// not update (stones in alive mode) must already agree in prev and next.
func (sw *symSweep) Sweep(prev, next []float64) float64 {
	lq := sw.lq
	res := 0.0
	n4 := sw.n4
	for k, i := range sw.e4 {
		nb := n4[4*k : 4*k+4 : 4*k+4]
		x := symF4(prev[nb[0]], prev[nb[1]], prev[nb[2]], prev[nb[3]], lq)
		d := x - prev[i]
		res += d * d
		next[i] = x
	}
	n3 := sw.n3
	for k, i := range sw.e3 {
		nb := n3[3*k : 3*k+3 : 3*k+3]
		x := symF3(prev[nb[0]], prev[nb[1]], prev[nb[2]], lq)
		d := x - prev[i]
		res += d * d
		next[i] = x
	}
	n2 := sw.n2
	for k, i := range sw.e2 {
		nb := n2[2*k : 2*k+2 : 2*k+2]
		x := symF2(prev[nb[0]], prev[nb[1]])
		d := x - prev[i]
		res += d * d
		next[i] = x
	}
	if !sw.judged {
		return res
	}
	for c, s := range sw.sign {
		// P is the probability that every adjacent point ends up the
		// opponent's; s·v is the same number for a chain and its mirror
		// image, so P is too.
		prob := 1.0
		for _, q := range sw.adj[sw.start[c]:sw.start[c+1]] {
			prob *= 0.5 * (1 - s*prev[q])
		}
		sw.cv[c] = s * (1 - 2*prob)
	}
	kappa, keep := sw.kappa, 1-sw.kappa
	for k, i := range sw.stones {
		x := sw.cv[sw.stChain[k]]
		if keep != 0 {
			nb := sw.stNbr[4*k : 4*k+4 : 4*k+4]
			var f float64
			switch sw.stDeg[k] {
			case 4:
				f = symF4(prev[nb[0]], prev[nb[1]], prev[nb[2]], prev[nb[3]], lq)
			case 3:
				f = symF3(prev[nb[0]], prev[nb[1]], prev[nb[2]], lq)
			case 2:
				f = symF2(prev[nb[0]], prev[nb[1]])
			}
			x = clampUnit(kappa*x + keep*f)
		}
		d := x - prev[i]
		res += d * d
		next[i] = x
	}
	return res
}

// symF4 is the update of a point with four neighbours,
// (S + e₃)/8 + λ(S − e₃)/4 with lq = λ/4 (the symmetry article, §3). Every intermediate
// is odd in (a, b, c, d) under IEEE rounding, so f(−x) = −f(x) exactly.
func symF4(a, b, c, d, lq float64) float64 {
	ab, cd := a*b, c*d
	s := (a + b) + (c + d)
	e3 := ab*(c+d) + cd*(a+b)
	return clampUnit((s+e3)*0.125 + lq*(s-e3))
}

// symF3 is the update of an edge point, the general formula of the symmetry article §3 for
// n = 3 in elementary symmetric form: (e₁ + e₃)/4 + λ(e₁ − 3e₃)/4.
func symF3(a, b, c, lq float64) float64 {
	e1 := (a + b) + c
	e3 := a * b * c
	return clampUnit((e1+e3)*0.25 + lq*(e1-3*e3))
}

// symF2 is the update of a corner point: for n = 2 the λ term of the general
// formula vanishes and f(a, b) = ((1+a)(1+b) − (1−a)(1−b))/4 = (a + b)/2.
func symF2(a, b float64) float64 {
	return (a + b) * 0.5
}

// clampUnit clamps x to [−1, 1]. The updates map [−1, 1]ⁿ into [−1, 1] in
// exact arithmetic, but where they touch ±1 rounding can carry them an ulp
// beyond. It is odd, so it keeps the colour symmetry exact.
func clampUnit(x float64) float64 {
	if x > 1 {
		return 1
	}
	if x < -1 {
		return -1
	}
	return x
}
