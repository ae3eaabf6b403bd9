package randfield

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"moyo/board"
	"moyo/estimators"
)

// RandomField is one of Stern et al.'s random fields of the final territory
// given a position: Boltzmann5 (bp) or BoltzmannLiberties (bpl). Only this
// package implements it; FieldOf returns the model of an estimator's
// parameters, and NewSampler draws whole-board samples from it.
type RandomField interface {
	pairModel
	// Validate reports a parameter out of range.
	Validate() error
	// Params returns the estimator's parameters p with the model's set
	// to this model.
	Params(p estimators.Params) estimators.Params
}

// FieldOf returns the random field of estimator e's parameters p (its
// defaults where p does not hold them): the Boltzmann5 model of bp, the
// BoltzmannLiberties model of bpl. Other estimators have none.
func FieldOf(e estimators.Estimator, p estimators.Params) (RandomField, error) {
	in := e.Info()
	p = in.Complete(p)
	if err := in.CheckKinds(p); err != nil {
		return nil, err
	}
	var m RandomField
	switch in.Name {
	case "bp":
		m = Boltzmann5Of(p)
	case "bpl":
		m = BoltzmannLibertiesOf(p)
	default:
		return nil, fmt.Errorf("%s is not a random field", in.Name)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", in.Name, err)
	}
	return m, nil
}

// SampleMethod is how a Sampler moves from one sample to the next.
type SampleMethod uint8

// The sampling methods.
const (
	// SampleSW is a Swendsen–Wang sweep (Stern et al. 2004, §3): bonds on the
	// satisfied couplings, then every cluster flipped or kept at once. It
	// mixes fast where the couplings are strong.
	SampleSW SampleMethod = iota
	// SampleGibbs is a sweep of single-site Gibbs updates in row-major
	// order, each point drawn from its distribution given its neighbours.
	SampleGibbs
	sampleMethodCount
)

// String returns "sw" or "gibbs".
func (s SampleMethod) String() string {
	switch s {
	case SampleSW:
		return "sw"
	case SampleGibbs:
		return "gibbs"
	}
	return "SampleMethod(" + strconv.Itoa(int(s)) + ")"
}

// ParseSampleMethod returns the method called name, "sw" or "gibbs".
func ParseSampleMethod(name string) (SampleMethod, error) {
	spec := estimators.ParamSpec{Name: "sampler", Kind: estimators.Choice, Choices: estimators.NamesOf(sampleMethodCount)}
	if _, err := spec.Parse(name); err != nil {
		return 0, err
	}
	return estimators.ChoiceOf(name, sampleMethodCount), nil
}

// DefaultBurnIn is the burn-in of the estimators' Swendsen–Wang inference:
// 100 sweeps.
const DefaultBurnIn = swBurnIn

// SamplerOptions say how a Sampler runs.
type SamplerOptions struct {
	Method SampleMethod
	// Seed seeds the random numbers, so that a run repeats.
	Seed uint64
	// BurnIn is the number of sweeps each chain makes before its first
	// sample; 0 is none (DefaultBurnIn is the estimators').
	BurnIn int
}

// Sampler draws whole-board samples of the final territory s (+1 Black,
// −1 White per point) from a random field, by Swendsen–Wang or Gibbs
// sampling, a few sweeps at a time: eval and app use it for the
// distribution of the area score Σ s_i and P(Black wins), and for the
// paper's Fig. 1, the running averages of both methods against the exact
// marginals.
//
// It runs two chains with the same random numbers, as the bp estimator's
// sampler does: one on the position, one on the position with the colours
// swapped, whose samples it negates. Both start from every stone alive
// and the empty points Black's, which the two chains see from opposite
// sides, so the bias of the start cancels to first order. With
// Swendsen–Wang, swapping the colours of the position negates every
// sample exactly, the two samples of each sweep exchanged.
//
// A Sampler is not safe for concurrent use; it allocates nothing per
// sweep.
type Sampler struct {
	chains [2]spinChain
	burnIn int
	sweeps int    // sweeps made by each chain since the burn-in
	neg    []int8 // the second chain's spins, negated
}

// spinChain is one Markov chain of a Sampler.
type spinChain interface {
	// step makes one sweep.
	step()
	// spins returns the current state, which the chain keeps.
	spins() []int8
}

func (c *swChain) step()            { c.sweep(nil) }
func (c *swChain) spins() []int8    { return c.s }
func (c *gibbsChain) step()         { c.sweep() }
func (c *gibbsChain) spins() []int8 { return c.s }

// NewSampler returns a sampler of model m on pos.
func NewSampler(m RandomField, pos *board.Position, o SamplerOptions) (*Sampler, error) {
	if pos == nil {
		return nil, fmt.Errorf("sampler: nil position")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("sampler: %w", err)
	}
	if o.BurnIn < 0 {
		return nil, fmt.Errorf("sampler: burn-in %d is negative", o.BurnIn)
	}
	seed := [2]uint64{o.Seed, swSeed2}
	s := &Sampler{burnIn: o.BurnIn, neg: make([]int8, pos.Len())}
	for c, q := range [2]*board.Position{pos, pos.Swapped()} {
		switch o.Method {
		case SampleSW:
			s.chains[c] = newFieldSWChain(m, q, seed)
		case SampleGibbs:
			s.chains[c] = newGibbsChain(m, q, seed)
		default:
			return nil, fmt.Errorf("sampler: unknown method %v", o.Method)
		}
	}
	return s, nil
}

// Sweeps returns how many sweeps each chain has made after the burn-in:
// the sampler has drawn twice as many samples.
func (s *Sampler) Sweeps() int { return s.sweeps }

// Run makes sweeps more sweeps of each chain (after the burn-in, on the
// first call) and calls visit with each chain's sample after each: the
// first chain's, then the second's, 2·sweeps calls in all. The slice is
// the sampler's, valid until visit returns; values are indexed y·size + x.
// Run checks ctx every 16 sweeps and returns ctx.Err() when it is
// cancelled; a later call goes on from where the chains stopped.
func (s *Sampler) Run(ctx context.Context, sweeps int, visit func(spins []int8)) error {
	for t := 0; s.burnIn > 0; t++ {
		if t%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s.chains[0].step()
		s.chains[1].step()
		s.burnIn--
	}
	for t := range sweeps {
		if t%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s.chains[0].step()
		s.chains[1].step()
		s.sweeps++
		if visit == nil {
			continue
		}
		visit(s.chains[0].spins())
		for i, v := range s.chains[1].spins() {
			s.neg[i] = -v
		}
		visit(s.neg)
	}
	return nil
}

// gibbsChain is a single-site Gibbs sampler of a spin system: each sweep
// visits the points in row-major order and draws s_i = +1 with probability
// 1/(1 + exp(−2L_i)), L_i = H_i + Σ_j J_ij s_j, given the current spins of
// its neighbours. It mixes slowly where couplings are strong (Stern et al. 2004
// Fig. 1): a chain or a region flips only one point at a time, against
// its neighbours.
type gibbsChain struct {
	sys *spinSystem
	nbr []int32 // the neighbours of i at nbr[4i : 4i+deg[i]], in the order of sys.adj
	s   []int8
	rng *rand.Rand
}

func newGibbsChain(m pairModel, pos *board.Position, seed [2]uint64) *gibbsChain {
	sys := newSpinSystem(m, pos)
	n := len(sys.h)
	c := &gibbsChain{sys: sys, nbr: make([]int32, 4*n), s: make([]int8, n), rng: rand.New(rand.NewPCG(seed[0], seed[1]))}
	for i := range n {
		for k := range int(sys.deg[i]) {
			e := sys.adj[4*i+k]
			j := sys.ea[e]
			if int(j) == i {
				j = sys.eb[e]
			}
			c.nbr[4*i+k] = j
		}
	}
	startSpins(sys.cell, c.s)
	return c
}

func (c *gibbsChain) sweep() {
	sys := c.sys
	for i, d := range sys.deg {
		l := sys.h[i]
		for k := range int(d) {
			l += sys.j[sys.adj[4*i+k]] * float64(c.s[c.nbr[4*i+k]])
		}
		// P(+1) = e^L / (e^L + e^−L) = 1 / (1 + e^−2L).
		if c.rng.Float64()*(1+math.Exp(-2*l)) < 1 {
			c.s[i] = 1
		} else {
			c.s[i] = -1
		}
	}
}
