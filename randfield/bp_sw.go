package randfield

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"

	"moyo/board"
)

// The Swendsen–Wang sampler's fixed settings.
const (
	// swBurnIn is the number of sweeps a chain runs before it counts.
	// Longer burn-ins do not help: what is slow is not forgetting the start
	// but crossing between the modes of the model (a group alive or dead),
	// which the sweeps after the burn-in must do anyway.
	swBurnIn = 100
	// swBlocks is the number of blocks the counted sweeps are split into
	// for the standard errors (batch means): 19 degrees of freedom, and at
	// the default 10,000 sweeps blocks of 500, long against the chains'
	// correlation time except across the switches of a group's fate.
	swBlocks = 20
	// swSeed1 and swSeed2 seed every run, so that results are reproducible.
	swSeed1, swSeed2 = 3, 0x5eed
)

// swChain is a Swendsen–Wang chain for a Boltzmann5 model, written as
// P(s) ∝ exp(Σ_edges J_e s_a s_b + Σ_i H_i s_i) with H_i = deg(i)·h(c_i).
//
// The fields are handled by conditioning rather than by a ghost spin
// coupled to every point with J = H_i (the same as summing the ghost's
// bonds out, so that a cluster's fate depends on its total field rather
// than on whether a random bond to the ghost caught it): bonds form on the
// couplings alone, each satisfied edge (s_a s_b J_e > 0) with
// probability 1 − exp(−2|J_e|), which ties its spins equal (J > 0) or
// opposite (J < 0); given the bonds, every cluster keeps its pattern or
// flips it as a whole, independently, with probabilities ∝ exp(±F_C),
// F_C = Σ_{i∈C} H_i s_i (the paper's "probability of each cluster being in
// each state depends on the sum of the biases involved"). This is the
// Edwards–Sokal joint distribution of spins and bonds, so the chain keeps
// P invariant.
//
// Each sweep scores s_i·tanh(F_C), the expectation of s_i given the
// bonds, instead of s_i (a Rao–Blackwellised estimator): the same mean,
// less variance, and no dependence on the random orientation of a cluster.
type swChain struct {
	h      []float64 // H_i
	ea, eb []int32   // the edges
	bond   []float64 // probability of a bond on a satisfied edge
	sign   []int8    // sign of J_e
	s      []int8    // the spins
	parent []int32   // union-find forest of the bonds
	root   []int32
	field  []float64 // F_C at the root of C
	tanh   []float64 // tanh F_C at the root of C
	flip   []bool    // at the root of C: C flips
	// pairs, if not nil, accumulates per edge the expectation of
	// s_a·s_b given the bonds, for the fit's model statistics.
	pairs []float64
	rng   *rand.Rand
}

func (c *swChain) find(i int32) int32 {
	for c.parent[i] != i {
		c.parent[i] = c.parent[c.parent[i]]
		i = c.parent[i]
	}
	return i
}

// sweep makes one Swendsen–Wang update and, if acc is not nil, adds each
// point's conditional expectation s_i·tanh F_C to acc.
func (c *swChain) sweep(acc []float64) {
	for i := range c.parent {
		c.parent[i] = int32(i)
	}
	for e, a := range c.ea {
		b := c.eb[e]
		if c.s[a]*c.s[b]*c.sign[e] <= 0 || c.rng.Float64() >= c.bond[e] {
			continue
		}
		ra, rb := c.find(a), c.find(b)
		if ra != rb {
			c.parent[ra] = rb
		}
	}
	for i := range c.root {
		r := c.find(int32(i))
		c.root[i] = r
		c.field[i] = 0
	}
	for i, r := range c.root {
		c.field[r] += c.h[i] * float64(c.s[i])
	}
	for i, r := range c.root {
		if int(r) != i {
			continue
		}
		t := math.Tanh(c.field[i])
		c.tanh[i] = t
		// Keep the pattern with probability e^F/(e^F + e^−F) = (1 + tanh F)/2.
		c.flip[i] = c.rng.Float64() >= 0.5*(1+t)
	}
	if c.pairs != nil {
		// E[s_a s_b | bonds]: s_a s_b within a cluster, which flips as a
		// whole; across two, each flips on its own.
		for e, a := range c.ea {
			b := c.eb[e]
			ra, rb := c.root[a], c.root[b]
			v := float64(c.s[a] * c.s[b])
			if ra != rb {
				v *= c.tanh[ra] * c.tanh[rb]
			}
			c.pairs[e] += v
		}
	}
	for i, r := range c.root {
		if acc != nil {
			acc[i] += float64(c.s[i]) * c.tanh[r]
		}
		if c.flip[r] {
			c.s[i] = -c.s[i]
		}
	}
}

// swRun runs a chain for swBurnIn sweeps and then samples more, adding the
// sum of each block's scores to blocks[k*n:(k+1)*n]. Block k holds sweeps
// [k·samples/K, (k+1)·samples/K), K = len(blocks)/n.
func (c *swChain) run(ctx context.Context, samples int, blocks []float64) error {
	n := len(c.s)
	k := len(blocks) / n
	for t := range swBurnIn + samples {
		if t%16 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if t < swBurnIn {
			c.sweep(nil)
			continue
		}
		b := (t - swBurnIn) * k / samples
		c.sweep(blocks[b*n : (b+1)*n])
	}
	return nil
}

// swResult is what the sampler finds: the values, the standard error of
// each by batch means, and the trace of the largest standard error.
type swResult struct {
	values, se, trace []float64
}

func (m Boltzmann5) swSample(ctx context.Context, pos *board.Position, samples int) (swResult, error) {
	return fieldSW(ctx, m, pos, samples)
}

// swCombine runs two chains of n points for samples sweeps each after the
// burn-in, the second on the position with the colours swapped, and
// combines them as fieldSW describes.
func swCombine(ctx context.Context, chains [2]*swChain, n, samples int) (swResult, error) {
	k := min(samples, swBlocks)
	blocks := make([]float64, 2*k*n)
	var errs [2]error
	var wg sync.WaitGroup
	for c, ch := range chains {
		wg.Go(func() { errs[c] = ch.run(ctx, samples, blocks[c*k*n:(c+1)*k*n]) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return swResult{}, err
		}
	}
	// Combine the chains' block sums into block means of the value.
	size := func(b int) float64 { return float64((b+1)*samples/k - b*samples/k) }
	a, b := blocks[:k*n], blocks[k*n:]
	for bl := range k {
		for i := range n {
			j := bl*n + i
			a[j] = (a[j] - b[j]) * 0.5 / size(bl)
		}
	}
	r := swResult{values: make([]float64, n), se: make([]float64, n), trace: make([]float64, 0, k-1)}
	sum := make([]float64, n) // Σ of block means
	sq := make([]float64, n)  // Σ of squared block means
	for bl := range k {
		worst := 0.0
		kk := float64(bl + 1)
		for i := range n {
			mb := a[bl*n+i]
			sum[i] += mb
			sq[i] += mb * mb
			if bl == 0 {
				continue
			}
			mean := sum[i] / kk
			r.se[i] = math.Sqrt(max(0, sq[i]-kk*mean*mean) / (kk * (kk - 1)))
			worst = max(worst, r.se[i])
		}
		if bl > 0 {
			r.trace = append(r.trace, worst)
		}
		// The value is the mean over all sweeps: block means weighed by size.
		for i := range n {
			r.values[i] += a[bl*n+i] * size(bl)
		}
	}
	for i := range r.values {
		r.values[i] = min(max(r.values[i]/float64(samples), -1), 1)
	}
	return r, nil
}
