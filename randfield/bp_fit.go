package randfield

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/parallel"
)

// The statistics of the Boltzmann5 model, in the order of Vector.
const (
	b5HStone = iota
	b5WEmpty
	b5WStoneEmpty
	b5WSame
	b5WOpp
	b5Params
)

// B5Names names the parameters in the order of Vector, as BP's parameters
// are named, and so the reports of a fit.
func B5Names() [5]string {
	return [5]string{"h-stone", "w-empty", "w-stone-empty", "w-same", "w-opp"}
}

// Vector returns the parameters as (HStone, WEmpty, WStoneEmpty, WSame,
// WOpp).
func (m Boltzmann5) Vector() [5]float64 {
	return [5]float64{m.HStone, m.WEmpty, m.WStoneEmpty, m.WSame, m.WOpp}
}

// Boltzmann5From is the inverse of Vector.
func Boltzmann5From(v [5]float64) Boltzmann5 {
	return Boltzmann5{HStone: v[0], WEmpty: v[1], WStoneEmpty: v[2], WSame: v[3], WOpp: v[4]}
}

// B5Example is a training example: a position and the final owner of each
// of its points (+1 Black, −1 White, 0 neither), as ownership.Final holds
// them.
type B5Example struct {
	Pos   *board.Position
	Owner []int8
}

// B5Gradient is the gradient of the log-likelihood of a set of examples
// at some parameters, statistic by statistic (the order of Vector).
//
// The log-likelihood of the final ownership s of position c is
// ln P(s|c) = θ·φ(s, c) − ln Z(θ, c), linear in the parameters θ, with
// the statistics
//
//	φ_HStone      = Σ_edges col(c_i)·s_i + col(c_j)·s_j = Σ_i deg(i)·col(c_i)·s_i
//	φ_WEmpty etc. = Σ over the edges of that kind of s_i·s_j,
//
// col = +1 for a black stone, −1 for a white one, 0 for an empty point.
// Its gradient is Data − Model: the statistics of the final ownership less
// their expectation under the model. Model uses the beliefs of loopy BP:
// node beliefs b_i for the field, and for the couplings the edge beliefs
// b_ij(s_i, s_j) ∝ ψ_ij(s_i, s_j)·Π_{q∈N(i)∖j} m_qi(s_i)·Π_{r∈N(j)∖i} m_rj(s_j),
// the pairwise marginals of the Bethe approximation (so the fixed point
// of the fit is where the Bethe marginals match the data, not the exact
// ones).
//
// A point that ends as neither's (dame, seki) counts as a spin of mean 0
// that is independent of its neighbours, like a coin: it adds 0 to every
// data statistic it is in, s_i and s_i·s_j alike, while the model's
// expectation still counts it. That is the cross-entropy's convention of
// P(Black) = ½ for such points; skipping them instead would make the
// seki stones, which end as nobody's, look like free spins to the data.
type B5Gradient struct {
	Data, Model [5]float64
	// Curvature is, per statistic, the sum over its terms of their
	// variance under the model as if the terms were independent:
	// 1 − E[s_i s_j]² per edge, deg(i)²·(1 − E[s_i]²) per stone. It is
	// the diagonal of the Fisher information without the correlations,
	// and scales the step of FitBoltzmann5.
	Curvature [5]float64
	// CrossEntropy sums, over points, the cross-entropy of the node
	// beliefs P(Black) = (1 + E[s_i])/2 against the final owner, clamped
	// as eval does by 1e-3: the measure the fit is judged by, since the
	// log-likelihood itself needs ln Z, which BP does not give.
	CrossEntropy float64
	// LogLikelihood sums θ·Data − ln Z_Bethe over the examples: the
	// log-likelihood with ln Z replaced by the Bethe approximation of BP's
	// beliefs, −Σ_edges Σ b_ij ln(b_ij/ψ_ij) + Σ_i (deg(i) − 1) Σ b_i ln b_i.
	// At a fixed point of BP its gradient is exactly Data − Model, so it is
	// the objective the fit climbs.
	LogLikelihood float64
	// Points counts the points of the examples.
	Points int
	// Unconverged counts the examples on which BP stopped at its
	// iteration limit rather than at its tolerance; their beliefs are not
	// a fixed point, so Grad is not the gradient of LogLikelihood there.
	Unconverged int
}

// Grad returns Data − Model.
func (g B5Gradient) Grad() [5]float64 {
	var d [5]float64
	for k := range d {
		d[k] = g.Data[k] - g.Model[k]
	}
	return d
}

func (g *B5Gradient) add(h B5Gradient) {
	for k := range b5Params {
		g.Data[k] += h.Data[k]
		g.Model[k] += h.Model[k]
		g.Curvature[k] += h.Curvature[k]
	}
	g.CrossEntropy += h.CrossEntropy
	g.LogLikelihood += h.LogLikelihood
	g.Points += h.Points
	g.Unconverged += h.Unconverged
}

// b5Kind returns the statistic of the coupling between points holding a
// and b.
func b5Kind(a, b board.Color) int {
	switch {
	case a == board.Empty && b == board.Empty:
		return b5WEmpty
	case a == board.Empty || b == board.Empty:
		return b5WStoneEmpty
	case a == b:
		return b5WSame
	}
	return b5WOpp
}

// b5Epsilon clamps the probabilities of the cross-entropy, as
// eval.DefaultEpsilon does.
const b5Epsilon = 1e-3

// Gradient returns the gradient of the log-likelihood of the examples at
// m, with the model's expectations from loopy BP run with BP's parameters
// p (damping, tol, max-iter; the inference and the model are ignored). Examples are run on workers
// goroutines (0: GOMAXPROCS) and their gradients summed in order, so the
// result does not depend on workers.
func (m Boltzmann5) Gradient(ctx context.Context, examples []B5Example, p estimators.Params, workers int) (B5Gradient, error) {
	g, _, err := m.gradient(ctx, examples, p, workers, nil)
	return g, err
}

// gradient is Gradient with BP's messages on example k starting from
// warm[k] rather than uniform, where warm is not nil. It also returns the
// final messages, for the next call to start from.
func (m Boltzmann5) gradient(ctx context.Context, examples []B5Example, p estimators.Params, workers int, warm [][]float64) (B5Gradient, [][]float64, error) {
	if err := m.Validate(); err != nil {
		return B5Gradient{}, nil, fmt.Errorf("bp fit: %w", err)
	}
	p = m.Params(p).WithText("inference", InferenceBP.String())
	if err := (BP{}).Check(p); err != nil {
		return B5Gradient{}, nil, err
	}
	bp := readBP(p)
	parts := make([]B5Gradient, len(examples))
	msgs := make([][]float64, len(examples))
	errs := make([]error, len(examples))
	err := parallel.ForEach(ctx, len(examples), workers, nil, func(ctx context.Context, k int) error {
		var start []float64
		if warm != nil {
			start = warm[k]
		}
		parts[k], msgs[k], errs[k] = m.exampleGradient(ctx, examples[k], bp, start)
		return nil
	})
	if err != nil {
		return B5Gradient{}, nil, err
	}
	var g B5Gradient
	for k := range parts {
		if errs[k] != nil {
			return B5Gradient{}, nil, fmt.Errorf("bp fit: example %d: %w", k, errs[k])
		}
		g.add(parts[k])
	}
	return g, msgs, nil
}

// exampleGradient is gradient for one example, with BP's messages
// starting from start if it is not nil. It returns the final messages.
func (m Boltzmann5) exampleGradient(ctx context.Context, ex B5Example, p bpParams, start []float64) (B5Gradient, []float64, error) {
	if ex.Pos == nil {
		return B5Gradient{}, nil, errors.New("nil position")
	}
	n := ex.Pos.Len()
	if len(ex.Owner) != n {
		return B5Gradient{}, nil, fmt.Errorf("%d owners for %d points", len(ex.Owner), n)
	}
	g, l := newFieldBPGraphLayout(m, ex.Pos)
	msg, converged, err := g.runFrom(ctx, p, start)
	if err != nil {
		return B5Gradient{}, nil, err
	}
	mean := make([]float64, n)
	g.beliefs(msg, mean)
	var out B5Gradient
	out.Points = n
	if !converged {
		out.Unconverged = 1
	}
	// logZ is the Bethe approximation of ln Z: the negated Bethe free
	// energy of the beliefs.
	logZ := 0.0
	for i := range n {
		s := float64(ex.Owner[i])
		pb := min(max((1+mean[i])/2, b5Epsilon), 1-b5Epsilon)
		q := (1 + s) / 2
		out.CrossEntropy -= q*math.Log(pb) + (1-q)*math.Log(1-pb)
		if d := float64(l.deg[i]) - 1; d != 0 {
			bp, bm := (1+mean[i])/2, (1-mean[i])/2
			logZ += d * (xlogx(bp) + xlogx(bm))
		}
		if c := float64(l.cell[i]); c != 0 {
			d := float64(l.deg[i])
			out.Data[b5HStone] += d * c * s
			out.Model[b5HStone] += d * c * mean[i]
			out.Curvature[b5HStone] += d * d * (1 - mean[i]*mean[i])
		}
		for k, j := range ex.Pos.Neighbors(i) {
			if j < i {
				continue // each edge once, from its lower end
			}
			kind := b5Kind(l.cell[i], l.cell[j])
			out.Data[kind] += s * float64(ex.Owner[j])
			e, h := g.edgeBelief(msg, i, k, j)
			logZ -= h
			out.Model[kind] += e
			out.Curvature[kind] += 1 - e*e
		}
	}
	out.LogLikelihood = -logZ
	v := m.Vector()
	for k := range v {
		out.LogLikelihood += v[k] * out.Data[k]
	}
	return out, msg, nil
}

// runFrom is run with the messages starting from start (8 per point, as
// run returns them) if it is not nil, and without the trace. Between
// steps of a fit the parameters change little, so the previous fixed
// point is a few iterations from the next, and the run stays in the same
// basin rather than risking a jump to another fixed point, which would
// make the objective jump between steps.
func (g *bpGraph) runFrom(ctx context.Context, p bpParams, start []float64) (msg []float64, converged bool, err error) {
	n := len(g.deg)
	buf := make([]float64, 2*8*n)
	old, next := buf[:8*n], buf[8*n:]
	if start != nil {
		copy(old, start)
		copy(next, start) // for the unused slots, which iterate does not write
	} else {
		bpUniform(buf)
	}
	for range p.stop.MaxIter {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		r := g.iterate(old, next, p.damping)
		old, next = next, old
		if r < p.stop.Tol {
			return old, true, nil
		}
	}
	return old, false, nil
}

// edgeBelief returns, for the edge from i to its k-th neighbour j, the
// mean of s_i·s_j under loopy BP's pair belief b from the messages msg,
// and Σ b·log(b/ψ) over the four pairs of owners: the edge's part of the
// Bethe free energy, which the fits take from log Z.
func (g *bpGraph) edgeBelief(msg []float64, i, k, j int) (e, h float64) {
	// The cavities: i's incoming messages but j's, and j's but i's.
	ip, im := cavity(msg[8*i:8*i+8], int(g.deg[i]), k)
	back := int(g.rev[4*i+k]) - 4*j // i's slot among j's incoming
	jp, jm := cavity(msg[8*j:8*j+8], int(g.deg[j]), back)
	f := g.psi[4*i+k]
	bpp, bpm, bmp, bmm := f[0]*ip*jp, f[1]*ip*jm, f[2]*im*jp, f[3]*im*jm
	z := bpp + bpm + bmp + bmm
	for q, b := range [4]float64{bpp / z, bpm / z, bmp / z, bmm / z} {
		if b > 0 {
			h += b * (math.Log(b) - math.Log(f[q]))
		}
	}
	return (bpp + bmm - bpm - bmp) / z, h
}

// cavity returns the products of a point's deg incoming messages in, for
// each owner, but the one in slot skip.
func cavity(in []float64, deg, skip int) (p, m float64) {
	p, m = 1, 1
	for q := range deg {
		if q != skip {
			p *= in[2*q]
			m *= in[2*q+1]
		}
	}
	return p, m
}

// xlogx returns x ln x, 0 at 0.
func xlogx(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * math.Log(x)
}

// FitOptions say how FitBoltzmann5 climbs.
type FitOptions struct {
	// Iterations is the number of gradient steps; 0 means 40.
	Iterations int
	// Step scales each step; 0 means DefaultFitStep.
	Step float64
	// MaxStep bounds the change of any parameter in one step; 0 means
	// DefaultFitMaxStep.
	MaxStep float64
	// Tol stops the fit when no parameter would move by more than Tol in
	// the next step, whether because the gradient vanishes or because
	// backtracking has shrunk η; 0 means DefaultFitTol.
	Tol float64
	// Params are BP's damping, tolerance and iterations. The gradient is
	// that of the Bethe log-likelihood only at a fixed point, so the
	// iterations should suffice for BP to converge; Gradient counts the
	// examples where it did not.
	Params estimators.Params
	// Workers is as for Gradient.
	Workers int
	// Progress, if not nil, is called after each gradient with the
	// iteration's record.
	Progress func(FitIteration)
}

// DefaultFitStep and DefaultFitMaxStep are FitBoltzmann5's step rule:
// parameter k moves by η·(Data_k − Model_k)/Curvature_k, at most MaxStep,
// with η = Step at first. For a single edge or a single stone, Curvature
// is exactly the second derivative of the log-likelihood, and η = 1 is
// Newton's step, which lands on the optimum of that one term. On a board
// the terms are positively correlated (neighbouring edges share spins, and
// on 19×19 boards whole groups live or die together), so the true
// curvature is larger, by a factor of the size of the correlated domains,
// and a fixed step overshoots: on the master games η = ½ oscillates
// between two points. So a step is kept only if it raises the Bethe
// log-likelihood (B5Gradient.LogLikelihood); otherwise the fit returns to
// the previous point and halves η, a backtracking line search along the preconditioned
// gradient. On the synthetic 4×4 examples of the tests, where the
// correlations are short, η = ½ is kept throughout and forty steps close
// the gap to the true parameters to BP's bias. MaxStep = 0.5 is a change
// in any parameter that BP's fixed point follows without jumping between
// states.
//
// DefaultFitTol stops the fit where a step would change no parameter by
// more than 1e-4, a tenth of the last digit the reports show.
const (
	DefaultFitStep    = 0.5
	DefaultFitMaxStep = 0.5
	DefaultFitTol     = 1e-4
)

// FitIteration records one step of FitBoltzmann5: the parameters at which
// the gradient was taken and what it found there.
type FitIteration struct {
	Iteration int
	Model     Boltzmann5
	// Eta is the step scale that led to Model, and Accepted whether the
	// fit moved there (the first iteration, at the start, is accepted).
	Eta      float64
	Accepted bool
	B5Gradient
}

// FitBoltzmann5 fits the Boltzmann5 parameters to the examples by maximum
// likelihood (Stern et al. 2004, §2), by gradient ascent from start with the
// gradient of Gradient, preconditioned by its Curvature, with
// backtracking (see DefaultFitStep). Each iteration evaluates one
// gradient. It returns the last accepted parameters and the record of
// every iteration; parameters are kept within the [−10, 10] of Validate.
func FitBoltzmann5(ctx context.Context, start Boltzmann5, examples []B5Example, opts FitOptions) (Boltzmann5, []FitIteration, error) {
	if len(examples) == 0 {
		return start, nil, errors.New("bp fit: no examples")
	}
	iters := cmp.Or(opts.Iterations, 40)
	eta := cmp.Or(opts.Step, DefaultFitStep)
	maxStep := cmp.Or(opts.MaxStep, DefaultFitMaxStep)
	tol := cmp.Or(opts.Tol, DefaultFitTol)
	if !(eta > 0) || !(maxStep > 0) || !(tol > 0) || iters < 0 {
		return start, nil, fmt.Errorf("bp fit: step %v, max step %v, tolerance %v and %d iterations: want positive", eta, maxStep, tol, iters)
	}
	var trace []FitIteration
	var cur B5Gradient
	var warm [][]float64 // BP's messages at m
	m := start
	for it := range iters {
		cand := m
		if it > 0 {
			v, grad := m.Vector(), cur.Grad()
			moved := 0.0
			for k := range v {
				if cur.Curvature[k] <= 0 {
					continue // no term of this kind in the examples
				}
				d := min(max(eta*grad[k]/cur.Curvature[k], -maxStep), maxStep)
				nv := min(max(v[k]+d, -boltzmann5Limit), boltzmann5Limit)
				moved = max(moved, math.Abs(nv-v[k]))
				v[k] = nv
			}
			if moved <= tol {
				break
			}
			cand = Boltzmann5From(v)
		}
		g, msgs, err := cand.gradient(ctx, examples, opts.Params, opts.Workers, warm)
		if err != nil {
			return m, trace, err
		}
		rec := FitIteration{Iteration: it, Model: cand, Eta: eta, B5Gradient: g}
		if it == 0 || g.LogLikelihood >= cur.LogLikelihood {
			m, cur, warm, rec.Accepted = cand, g, msgs, true
		} else {
			eta /= 2
		}
		trace = append(trace, rec)
		if opts.Progress != nil {
			opts.Progress(rec)
		}
	}
	return m, trace, nil
}
