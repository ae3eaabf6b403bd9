package randfield

import (
	"context"
	"math"
	"sync"

	"moyo/board"
)

// exactMaxSize is the largest board the transfer sweep accepts. A frontier
// vector holds 2^size weights and the sweep keeps one per row: 19 × 4 MiB
// on 19×19, where one run takes under a second of CPU. 21×21 would take
// 350 MB and five times as long.
const exactMaxSize = 19

// exactParallelSize is the smallest board on which a site update is split
// among goroutines: below it a site's 2^(size−1) pairs take a few
// microseconds, too little to pay for a goroutine and a barrier per site.
const exactParallelSize = 13

// b5Grid holds the factors of a pairwise model on a board, by edge
// (newFieldGrid builds it).
// States of a row are bit patterns with bit x the spin of column x, 0 for
// +1 (Black) and 1 for −1 (White), so swapping the colours of a position
// complements every state.
type b5Grid struct {
	n int
	// h[y*(n−1)+x] is ψ of the edge (x, y)–(x+1, y), at index
	// 2·bit(left) + bit(right).
	h [][4]float64
	// v[y*n+x] is ψ of the edge (x, y)–(x, y+1), at index
	// 2·bit(upper) + bit(lower).
	v [][4]float64
}

// flipped returns the grid of the board turned upside down: the same
// columns, the rows in reverse order.
func (g *b5Grid) flipped() *b5Grid {
	n := g.n
	f := &b5Grid{n: n, h: make([][4]float64, len(g.h)), v: make([][4]float64, len(g.v))}
	for y := range n {
		copy(f.h[y*(n-1):(y+1)*(n-1)], g.h[(n-1-y)*(n-1):(n-y)*(n-1)])
	}
	for y := range n - 1 {
		for x := range n {
			// The upper point of a flipped edge is the lower one of the original.
			e := g.v[(n-2-y)*n+x]
			f.v[y*n+x] = [4]float64{e[0], e[2], e[1], e[3]}
		}
	}
	return f
}

// transfer runs the site-by-site transfer sweep: variable elimination in
// row-major order with a frontier of the last n sites visited. Before site
// (x, y) is added, bit c of a state is the spin of (c, y) for c < x and of
// (c, y−1) for c ≥ x; adding the site sums over the spin of (x, y−1), its
// upper neighbour, which no later site touches, and puts the new spin in
// its bit.
type transfer struct {
	g       *b5Grid
	f       []float64 // the weights of the 2^n frontier states
	workers int
	maxes   []float64 // each worker's largest new weight
	// deferred leaves the horizontal factors of a row out until the next
	// row eliminates it, so that at the end of row y the weights lack row
	// y's own horizontal factors. The forward and the backward weights of
	// a row can then be multiplied without counting them twice.
	deferred bool
	// logScale is the log of the factor by which f has been divided. Each
	// site divides the weights by the largest of them, folded into its
	// coefficients, so that they neither overflow nor underflow across the
	// board.
	logScale float64
}

func newTransfer(g *b5Grid, deferred bool, workers int) *transfer {
	if g.n < exactParallelSize {
		workers = 1
	}
	return &transfer{g: g, f: make([]float64, 1<<g.n), workers: workers, maxes: make([]float64, workers), deferred: deferred}
}

// sweep runs the transfer over the whole board, calling row(y, f) when row
// y is complete, with f indexed by the states of row y (in an arbitrary
// scale). It checks ctx before every site.
func (t *transfer) sweep(ctx context.Context, row func(y int, f []float64)) error {
	n, f := t.g.n, t.f
	// Row 0: products of its horizontal factors (none when deferred), built
	// a column at a time; every state's product is taken in the same order
	// as its complement's.
	for s := range f {
		f[s] = 1
	}
	for x := 1; x < n && !t.deferred; x++ {
		half := 1 << x
		e := &t.g.h[x-1]
		for s := range half {
			l := s >> (x - 1) & 1
			f[s|half] = f[s] * e[2*l+1]
			f[s] *= e[2*l]
		}
	}
	mx := 0.0
	for _, w := range f {
		mx = max(mx, w)
	}
	t.logScale = 0
	row(0, f)
	for y := 1; y < n; y++ {
		for x := range n {
			if err := ctx.Err(); err != nil {
				return err
			}
			mx = t.site(x, y, mx)
		}
		row(y, f)
	}
	return nil
}

// logZ returns the log of the partition function after a sweep without
// deferred factors.
func (t *transfer) logZ() float64 {
	z := 0.0
	for _, w := range t.f {
		z += w
	}
	return t.logScale + math.Log(z)
}

// site adds site (x, y), y ≥ 1, dividing every weight by mx, the largest
// weight before the update, and returns the largest weight after it.
func (t *transfer) site(x, y int, mx float64) float64 {
	n, g := t.g.n, t.g
	inv := 1 / mx
	t.logScale += math.Log(mx)
	// coef[l] maps the weights (a, b) of a pair whose upper spin is +1, −1
	// to those of the new spin +1, −1: (c0·a + c1·b, c2·a + c3·b). Besides
	// the vertical factor it carries one horizontal factor, which depends on
	// the selector bit l: the left neighbour (x−1, y), or, deferred, the
	// right neighbour (x+1, y−1) of the upper spin.
	up := &g.v[(y-1)*n+x]
	var coef [2][4]float64
	sel := uint(0) // the selector's bit in the pair index
	for l := range 2 {
		c := &coef[l]
		switch {
		case !t.deferred && x > 0:
			e := &g.h[y*(n-1)+x-1]
			c[0] = up[0] * e[2*l] * inv
			c[1] = up[2] * e[2*l] * inv
			c[2] = up[1] * e[2*l+1] * inv
			c[3] = up[3] * e[2*l+1] * inv
			sel = uint(x - 1)
		case t.deferred && x < n-1:
			e := &g.h[(y-1)*(n-1)+x]
			c[0] = up[0] * e[l] * inv
			c[1] = up[2] * e[2+l] * inv
			c[2] = up[1] * e[l] * inv
			c[3] = up[3] * e[2+l] * inv
			// Bit x+1 of the state is bit x of the pair index.
			sel = uint(x)
		default:
			c[0] = up[0] * inv
			c[1] = up[2] * inv
			c[2] = up[1] * inv
			c[3] = up[3] * inv
		}
	}
	run := 1 << x
	if !t.deferred && x > 0 {
		run >>= 1
	}
	pairs := 1 << (n - 1)
	if t.workers == 1 {
		return sitePairs(t.f, uint(x), sel, run, &coef, 0, pairs)
	}
	var wg sync.WaitGroup
	for w := 1; w < t.workers; w++ {
		wg.Go(func() {
			t.maxes[w] = sitePairs(t.f, uint(x), sel, run, &coef, w*pairs/t.workers, (w+1)*pairs/t.workers)
		})
	}
	t.maxes[0] = sitePairs(t.f, uint(x), sel, run, &coef, 0, pairs/t.workers)
	wg.Wait()
	// The largest weight does not depend on how the pairs were split, so
	// neither does any later number.
	mx = 0
	for _, m := range t.maxes {
		mx = max(mx, m)
	}
	return mx
}

// sitePairs updates the pairs of states lo ≤ p < hi that differ in bit x
// only (pair p is the state p with a 0 inserted at bit x) and returns the
// largest new weight. Bit sel of p selects the coefficients; run is a
// power of two no longer than 2^x and 2^sel (or 2^x alone when the
// coefficients do not differ), so that the pairs of a run of that length
// have the same coefficients and consecutive members.
//
// With the colours swapped, every state is complemented, the pair p becomes
// the complementary pair with its two members exchanged, and coef[l] becomes
// coef[1−l] reversed; each new weight is then the sum of the same two
// products in the other order, which is the same number.
func sitePairs(f []float64, x, sel uint, run int, coef *[2][4]float64, lo, hi int) float64 {
	low := 1<<x - 1
	bit := 1 << x
	mx := 0.0
	if run < 8 {
		for p := lo; p < hi; p++ {
			i0 := (p&^low)<<1 | p&low
			i1 := i0 | bit
			c := &coef[p>>sel&1]
			a, b := f[i0], f[i1]
			na := c[0]*a + c[1]*b
			nb := c[2]*a + c[3]*b
			f[i0], f[i1] = na, nb
			if na > mx {
				mx = na
			}
			if nb > mx {
				mx = nb
			}
		}
		return mx
	}
	for p := lo; p < hi; {
		end := min(hi, (p/run+1)*run)
		i0 := (p&^low)<<1 | p&low
		c := &coef[p>>sel&1]
		c0, c1, c2, c3 := c[0], c[1], c[2], c[3]
		as := f[i0 : i0+end-p]
		bs := f[i0+bit : i0+bit+len(as)]
		for j, a := range as {
			b := bs[j]
			na := c0*a + c1*b
			nb := c2*a + c3*b
			as[j], bs[j] = na, nb
			if na > mx {
				mx = na
			}
			if nb > mx {
				mx = nb
			}
		}
		p = end
	}
	return mx
}

// exactResult holds what the exact sweep finds besides the marginals.
type exactResult struct {
	values []float64
	logZ   float64
}

// exactMarginals is fieldExact for Boltzmann5.
func (m Boltzmann5) exactMarginals(ctx context.Context, pos *board.Position, workers int) (exactResult, error) {
	return fieldExact(ctx, "bp", m, pos, workers)
}

// rowMarginals sets v[x] to the expected spin of column x of a row whose
// states have probabilities ∝ a(σ)·b(σ), using d (2^(n−1) entries) as
// scratch.
//
// It sums over the pairs of complementary states σ, σ̄ (σ with bit n−1 = 0):
// with d(σ) = w(σ) − w(σ̄), E[s_x]·Z = Σ_σ s_x(σ)·d(σ) and Z = Σ_σ w(σ) + w(σ̄).
// Swapping the colours exchanges w(σ) and w(σ̄), which negates every d
// exactly and leaves Z, so every value is negated exactly.
func rowMarginals(a, b, d, v []float64) {
	n := len(v)
	full := 1<<n - 1
	z := 0.0
	for s := range d {
		wa := a[s] * b[s]
		wb := a[s^full] * b[s^full]
		d[s] = wa - wb
		z += wa + wb
	}
	// s_{n−1} = +1 on every σ. For lower bits, fold d over the bits above:
	// after the fold for bit x+1, d[σ], σ < 2^(x+1), is the sum over the
	// states that agree with σ on bits 0..x.
	m := 0.0
	for _, e := range d {
		m += e
	}
	v[n-1] = min(max(m/z, -1), 1)
	for x := n - 2; x >= 0; x-- {
		half := 1 << x
		lo, hi := d[:half], d[half:2*half]
		m := 0.0
		for s, e := range lo {
			m += e - hi[s]
			lo[s] = e + hi[s]
		}
		v[x] = min(max(m/z, -1), 1)
	}
}
