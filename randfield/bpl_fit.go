package randfield

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"moyo/estimators"
	"moyo/internal/parallel"
)

// FitSampler is where a fit takes the model's expectations from.
type FitSampler uint8

// The sources of the model's expectations.
const (
	// FitBP takes them from the node and edge beliefs of loopy BP (the
	// Bethe approximation), as FitBoltzmann5 does.
	FitBP FitSampler = iota
	// FitSW takes them from Swendsen–Wang samples (Stern et al. 2004, §3, "for
	// sampling from the model during learning"): persistent chains, one
	// per example, carried from step to step.
	FitSW
	fitSamplerCount
)

// String returns "bp" or "sw".
func (s FitSampler) String() string {
	switch s {
	case FitBP:
		return "bp"
	case FitSW:
		return "sw"
	}
	return fmt.Sprintf("FitSampler(%d)", int(s))
}

// ParseFitSampler returns the sampler called name, "bp" or "sw".
func ParseFitSampler(name string) (FitSampler, error) {
	spec := estimators.ParamSpec{Name: "sampler", Kind: estimators.Choice, Choices: estimators.NamesOf(fitSamplerCount)}
	if _, err := spec.Parse(name); err != nil {
		return 0, err
	}
	return estimators.ChoiceOf(name, fitSamplerCount), nil
}

// DefaultFitSweeps is the number of Swendsen–Wang sweeps per example and
// step of a fit with FitSW, after DefaultFitBurnIn on the first step.
const (
	DefaultFitSweeps = 100
	DefaultFitBurnIn = 50
)

// FieldFitOptions say how FitField climbs: FitOptions' step rule, and where
// the model's expectations come from.
type FieldFitOptions struct {
	FitOptions
	Sampler FitSampler
	// Sweeps is the number of Swendsen–Wang sweeps per example and step;
	// 0 means DefaultFitSweeps.
	Sweeps int
	// Seed seeds the chains: example k's chain is seeded by (Seed, k), so
	// the fit repeats whatever the number of workers.
	Seed uint64
	// Progress, if not nil, is called after each step.
	Progress func(FieldFitIteration)
}

// FieldGradient is the gradient of the log-likelihood of a set of examples
// under a random field, per parameter (as B5Gradient is for Boltzmann5,
// whose statistics it generalises): the data's sufficient statistics
//
//	φ_w = Σ over the edges whose coupling is w of s_i·s_j,
//	φ_h = Σ over the edge ends whose field is h of σ·s_i,
//
// σ = ±1 the sign the field enters with, less their expectation under the
// model. Points that end as neither's count as spins of mean 0.
type FieldGradient struct {
	Data, Model []float64
	// Curvature is, per parameter, the variance of its statistic as if its
	// terms at different points were independent: Σ (1 − E[s_i s_j]²) for a
	// coupling, and Σ_i c_i²·(1 − E[s_i]²) for a field, c_i the sum of the
	// signs it enters point i with.
	Curvature []float64
	// CrossEntropy sums the cross-entropy of P(Black) = (1 + E[s_i])/2
	// against the final owner over the points, clamped by 1e-3.
	CrossEntropy float64
	// LogLikelihood is the Bethe log-likelihood with FitBP (see
	// B5Gradient), NaN with FitSW, which has no estimate of ln Z.
	LogLikelihood float64
	Points        int
	// Unconverged counts the examples on which BP stopped at its limit.
	Unconverged int
}

// Grad returns Data − Model.
func (g FieldGradient) Grad() []float64 {
	d := make([]float64, len(g.Data))
	for k := range d {
		d[k] = g.Data[k] - g.Model[k]
	}
	return d
}

func newFieldGradient(p int) FieldGradient {
	return FieldGradient{Data: make([]float64, p), Model: make([]float64, p), Curvature: make([]float64, p)}
}

func (g *FieldGradient) add(h FieldGradient) {
	for k := range g.Data {
		g.Data[k] += h.Data[k]
		g.Model[k] += h.Model[k]
		g.Curvature[k] += h.Curvature[k]
	}
	g.CrossEntropy += h.CrossEntropy
	g.LogLikelihood += h.LogLikelihood
	g.Points += h.Points
	g.Unconverged += h.Unconverged
}

// FieldFitIteration records one step of FitField: the parameters at which
// the gradient was taken and what it found there.
type FieldFitIteration struct {
	Iteration int
	Model     RandomField
	Eta       float64
	Accepted  bool
	FieldGradient
}

// withTheta returns the model of m's kind with parameters theta.
func withTheta(m RandomField, theta []float64) RandomField {
	switch m.(type) {
	case Boltzmann5:
		return Boltzmann5From([5]float64(theta))
	}
	var b BoltzmannLiberties
	copy(b.Theta[:], theta)
	return b
}

// fitState is what a fit carries from one step to the next for each
// example: BP's messages, or the Swendsen–Wang chain.
type fitState struct {
	msg   []float64
	chain *swChain
}

// FitField fits a random field's parameters to the examples by maximum
// likelihood (Stern et al. 2004, §2), by gradient ascent from start, each step
// preconditioned by the gradient's Curvature and bounded as FitBoltzmann5
// does (DefaultFitStep). With FitBP the expectations come from loopy BP
// and a step is kept only if it raises the Bethe log-likelihood, else η
// halves. With FitSW they come from persistent Swendsen–Wang chains, each
// step is kept (there is no likelihood to compare), and the result is the
// mean of the parameters over the second half of the steps, which
// averages out the noise of the sampled gradient (Polyak–Ruppert).
// Parameters whose statistic never occurs in the examples stay at start.
func FitField(ctx context.Context, start RandomField, examples []B5Example, opts FieldFitOptions) (RandomField, []FieldFitIteration, error) {
	if len(examples) == 0 {
		return start, nil, errors.New("fit: no examples")
	}
	if err := start.Validate(); err != nil {
		return start, nil, fmt.Errorf("fit: %w", err)
	}
	iters := cmp.Or(opts.Iterations, 40)
	eta := cmp.Or(opts.Step, DefaultFitStep)
	maxStep := cmp.Or(opts.MaxStep, DefaultFitMaxStep)
	tol := cmp.Or(opts.Tol, DefaultFitTol)
	if !(eta > 0) || !(maxStep > 0) || !(tol > 0) || iters < 0 || opts.Sweeps < 0 || opts.Sampler >= fitSamplerCount {
		return start, nil, fmt.Errorf("fit: step %v, max step %v, tolerance %v, %d iterations, %d sweeps, sampler %v: want positive values and bp or sw",
			eta, maxStep, tol, iters, opts.Sweeps, opts.Sampler)
	}
	var bp bpParams
	if opts.Sampler == FitBP {
		p := BP{}.Info().Complete(opts.Params).WithText("inference", InferenceBP.String())
		if err := (BP{}).Check(p); err != nil {
			return start, nil, err
		}
		bp = readBP(p)
	}
	var trace []FieldFitIteration
	var cur FieldGradient
	var state []fitState // at m
	m := start
	var sum []float64 // Σ θ over the second half, for FitSW
	averaged := 0
	for it := range iters {
		cand := m
		if it > 0 {
			v := append([]float64(nil), m.theta()...)
			grad := cur.Grad()
			moved := 0.0
			for k := range v {
				if cur.Curvature[k] <= 0 {
					continue
				}
				d := min(max(eta*grad[k]/cur.Curvature[k], -maxStep), maxStep)
				nv := min(max(v[k]+d, -boltzmann5Limit), boltzmann5Limit)
				moved = max(moved, math.Abs(nv-v[k]))
				v[k] = nv
			}
			if moved <= tol {
				break
			}
			cand = withTheta(m, v)
		}
		g, next, err := fieldGradient(ctx, cand, examples, opts, bp, state)
		if err != nil {
			return m, trace, err
		}
		rec := FieldFitIteration{Iteration: it, Model: cand, Eta: eta, FieldGradient: g}
		switch {
		case opts.Sampler == FitSW || it == 0 || g.LogLikelihood >= cur.LogLikelihood:
			m, cur, state, rec.Accepted = cand, g, next, true
		default:
			eta /= 2
		}
		if opts.Sampler == FitSW && it >= iters/2 {
			if sum == nil {
				sum = make([]float64, len(g.Data))
			}
			for k, v := range m.theta() {
				sum[k] += v
			}
			averaged++
		}
		trace = append(trace, rec)
		if opts.Progress != nil {
			opts.Progress(rec)
		}
	}
	if averaged > 0 {
		for k := range sum {
			sum[k] /= float64(averaged)
		}
		m = withTheta(m, sum)
	}
	return m, trace, nil
}

// fieldGradient computes the gradient at m over the examples on workers
// goroutines, each example from its state in prev (nil at the start), and
// returns the states to start the next step from.
func fieldGradient(ctx context.Context, m RandomField, examples []B5Example, opts FieldFitOptions, bp bpParams, prev []fitState) (FieldGradient, []fitState, error) {
	np := len(m.theta())
	parts := make([]FieldGradient, len(examples))
	next := make([]fitState, len(examples))
	errs := make([]error, len(examples))
	err := parallel.ForEach(ctx, len(examples), opts.Workers, nil, func(ctx context.Context, k int) error {
		var st fitState
		if prev != nil {
			st = prev[k]
		}
		parts[k] = newFieldGradient(np)
		if opts.Sampler == FitSW {
			next[k], errs[k] = exampleGradientSW(ctx, m, examples[k], &parts[k], st, opts, uint64(k))
		} else {
			next[k], errs[k] = exampleGradientBP(ctx, m, examples[k], &parts[k], st, bp)
		}
		return nil
	})
	if err != nil {
		return FieldGradient{}, nil, err
	}
	g := newFieldGradient(np)
	for k := range parts {
		if errs[k] != nil {
			return FieldGradient{}, nil, fmt.Errorf("fit: example %d: %w", k, errs[k])
		}
		g.add(parts[k])
	}
	if opts.Sampler == FitSW {
		g.LogLikelihood = math.NaN()
	}
	return g, next, nil
}

// checkExample reports an example that cannot be fitted to.
func checkExample(ex B5Example) error {
	if ex.Pos == nil {
		return errors.New("nil position")
	}
	if len(ex.Owner) != ex.Pos.Len() {
		return fmt.Errorf("%d owners for %d points", len(ex.Owner), ex.Pos.Len())
	}
	return nil
}

// pointStats adds the data, model and curvature of the field statistics of
// point i, with final owner s and model mean e, to out: the signs of the
// fields of its incident edge ends summed by parameter first, since they
// all multiply the same spin.
func pointStats(m pairModel, l *fieldLayout, i int, s, e float64, out *FieldGradient) {
	var ks [4]int16
	var cs [4]float64
	n := 0
	for _, j := range l.pos.Neighbors(i) {
		f := m.form(l.class[i], l.class[j])
		if f.ha < 0 || f.sa == 0 {
			continue
		}
		found := false
		for t := range n {
			if ks[t] == f.ha {
				cs[t] += f.sa
				found = true
			}
		}
		if !found {
			ks[n], cs[n] = f.ha, f.sa
			n++
		}
	}
	for t := range n {
		k, c := ks[t], cs[t]
		out.Data[k] += c * s
		out.Model[k] += c * e
		out.Curvature[k] += c * c * (1 - e*e)
	}
}

// crossEntropy returns the cross-entropy of P(Black) = (1 + e)/2 against
// the final owner s, clamped as eval does.
func crossEntropy(s, e float64) float64 {
	pb := min(max((1+e)/2, b5Epsilon), 1-b5Epsilon)
	q := (1 + s) / 2
	return -(q*math.Log(pb) + (1-q)*math.Log(1-pb))
}

// exampleGradientBP adds the gradient of one example to out, with the
// model's expectations from BP's node and edge beliefs, as
// Boltzmann5.exampleGradient does.
func exampleGradientBP(ctx context.Context, m RandomField, ex B5Example, out *FieldGradient, st fitState, bp bpParams) (fitState, error) {
	if err := checkExample(ex); err != nil {
		return st, err
	}
	n := ex.Pos.Len()
	g, l := newFieldBPGraphLayout(m, ex.Pos)
	msg, converged, err := g.runFrom(ctx, bp, st.msg)
	if err != nil {
		return st, err
	}
	mean := make([]float64, n)
	g.beliefs(msg, mean)
	out.Points += n
	if !converged {
		out.Unconverged++
	}
	theta := l.theta
	logZ := 0.0
	for i := range n {
		s := float64(ex.Owner[i])
		out.CrossEntropy += crossEntropy(s, mean[i])
		if d := float64(l.deg[i]) - 1; d != 0 {
			logZ += d * (xlogx((1+mean[i])/2) + xlogx((1-mean[i])/2))
		}
		pointStats(m, l, i, s, mean[i], out)
		for k, j := range ex.Pos.Neighbors(i) {
			if j < i {
				continue // each edge once, from its lower end
			}
			f := m.form(l.class[i], l.class[j])
			// θ·φ(s), edge by edge: the log of the factors at the owners.
			w, ha, hb := f.terms(theta)
			sj := float64(ex.Owner[j])
			out.LogLikelihood += w*s*sj + ha*s + hb*sj
			e, h := g.edgeBelief(msg, i, k, j)
			logZ -= h
			if f.w >= 0 {
				out.Data[f.w] += s * sj
				out.Model[f.w] += e
				out.Curvature[f.w] += 1 - e*e
			}
		}
	}
	out.LogLikelihood -= logZ
	return fitState{msg: msg}, nil
}

// exampleGradientSW adds the gradient of one example to out, with the
// model's expectations from opts.Sweeps Swendsen–Wang sweeps of the
// example's chain, continued from st (or started, with DefaultFitBurnIn
// sweeps of burn-in, seeded by (opts.Seed, k)). Each sweep scores the
// expectations given its bonds (see swChain), s_i·tanh F_C for a point and
// for an edge s_a·s_b within a cluster and s_a·s_b·tanh F_A·tanh F_B across
// two.
func exampleGradientSW(ctx context.Context, m RandomField, ex B5Example, out *FieldGradient, st fitState, opts FieldFitOptions, k uint64) (fitState, error) {
	if err := checkExample(ex); err != nil {
		return st, err
	}
	n := ex.Pos.Len()
	c := newFieldSWChain(m, ex.Pos, [2]uint64{opts.Seed, k})
	burn := DefaultFitBurnIn
	if st.chain != nil {
		// Carry the state and the random numbers on, so that the chain
		// needs no burn-in after a small change of the parameters.
		copy(c.s, st.chain.s)
		c.rng = st.chain.rng
		burn = 0
	}
	for range burn {
		c.sweep(nil)
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	sweeps := cmp.Or(opts.Sweeps, DefaultFitSweeps)
	mean := make([]float64, n)
	c.pairs = make([]float64, len(c.ea))
	for range sweeps {
		c.sweep(mean)
	}
	inv := 1 / float64(sweeps)
	for i := range mean {
		mean[i] *= inv
	}
	out.Points += n
	l := newFieldLayout(m, ex.Pos)
	for i := range n {
		s := float64(ex.Owner[i])
		out.CrossEntropy += crossEntropy(s, mean[i])
		pointStats(m, l, i, s, mean[i], out)
	}
	for e, a := range c.ea {
		b := c.eb[e]
		f := m.form(l.class[a], l.class[b])
		if f.w < 0 {
			continue
		}
		v := c.pairs[e] * inv
		out.Data[f.w] += float64(ex.Owner[a]) * float64(ex.Owner[b])
		out.Model[f.w] += v
		out.Curvature[f.w] += 1 - v*v
	}
	c.pairs = nil
	return fitState{chain: c}, nil
}

// FitBoltzmannLiberties fits the BoltzmannLiberties model to the examples
// from start (see FitField).
func FitBoltzmannLiberties(ctx context.Context, start BoltzmannLiberties, examples []B5Example, opts FieldFitOptions) (BoltzmannLiberties, []FieldFitIteration, error) {
	m, trace, err := FitField(ctx, start, examples, opts)
	return m.(BoltzmannLiberties), trace, err
}
