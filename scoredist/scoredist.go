// Package scoredist holds the distribution of the final area score of a
// position under one of Stern et al.'s random fields, and with komi the
// probability that Black wins, P(Σ s_i > komi) (Stern et al. 2004 §2), as drawn
// from whole-board samples of the field (randfield.Sampler).
//
// Sample runs the sampler in blocks of sweeps and reports the estimate
// after each, so that a caller (the app's convergence panel) can show it
// sharpen while it runs, and cancel it by its context.
package scoredist

import (
	"context"
	"fmt"
	"math"
	"slices"

	"moyo/board"
	"moyo/randfield"
)

// Dist is a histogram of area scores Σ s_i of whole-board samples, s_i = +1
// for a point that ends Black's and −1 for White's, so positive scores
// favour Black. On a board of n points the scores are −n, −n+2, …, n.
type Dist struct {
	// Points is the number of points of the board, n.
	Points int
	// Counts[k] counts the samples of score 2k − n; it has n + 1 entries.
	Counts []int
	// Samples is the number of samples, the sum of Counts.
	Samples int
}

// NewDist returns an empty histogram for a board of points points.
func NewDist(points int) Dist {
	return Dist{Points: points, Counts: make([]int, points+1)}
}

// Score returns the score counted by Counts[k].
func (d Dist) Score(k int) int { return 2*k - d.Points }

// Add counts one sample, the spins of every point.
func (d *Dist) Add(spins []int8) {
	s := 0
	for _, v := range spins {
		s += int(v)
	}
	d.Counts[(s+d.Points)/2]++
	d.Samples++
}

// Clone returns a copy of d that shares nothing with it.
func (d Dist) Clone() Dist {
	d.Counts = slices.Clone(d.Counts)
	return d
}

// PBlackWins returns the share of the samples whose score exceeds komi,
// with a score equal to komi (a draw, possible only with a whole komi)
// counted as half a win; NaN without samples.
func (d Dist) PBlackWins(komi float64) float64 {
	if d.Samples == 0 {
		return math.NaN()
	}
	wins := 0.0
	for k, c := range d.Counts {
		switch s := float64(d.Score(k)); {
		case s > komi:
			wins += float64(c)
		case s == komi:
			wins += 0.5 * float64(c)
		}
	}
	return wins / float64(d.Samples)
}

// Mean returns the mean score; NaN without samples.
func (d Dist) Mean() float64 {
	if d.Samples == 0 {
		return math.NaN()
	}
	s := 0.0
	for k, c := range d.Counts {
		s += float64(c) * float64(d.Score(k))
	}
	return s / float64(d.Samples)
}

// StdDev returns the standard deviation of the scores; NaN without
// samples.
func (d Dist) StdDev() float64 {
	if d.Samples == 0 {
		return math.NaN()
	}
	m := d.Mean()
	v := 0.0
	for k, c := range d.Counts {
		x := float64(d.Score(k)) - m
		v += float64(c) * x * x
	}
	return math.Sqrt(v / float64(d.Samples))
}

// Range returns the lowest and highest score sampled; ok is false without
// samples.
func (d Dist) Range() (lo, hi int, ok bool) {
	first := slices.IndexFunc(d.Counts, func(c int) bool { return c > 0 })
	if first < 0 {
		return 0, 0, false
	}
	last := len(d.Counts) - 1
	for d.Counts[last] == 0 {
		last--
	}
	return d.Score(first), d.Score(last), true
}

// Bin is one bar of a histogram: the samples of scores Lo to Hi.
type Bin struct {
	Lo, Hi int
	Count  int
}

// Histogram groups the sampled scores into at most bins bars of equal
// width (a whole number of score steps of 2), from the lowest score
// sampled to the highest: the bars a small chart draws. It returns nil
// without samples, and one bar per score when they span fewer than bins
// scores.
func (d Dist) Histogram(bins int) []Bin {
	lo, hi, ok := d.Range()
	if !ok || bins < 1 {
		return nil
	}
	scores := (hi-lo)/2 + 1
	per := (scores + bins - 1) / bins // scores per bar
	var out []Bin
	for k0 := (lo + d.Points) / 2; k0 <= (hi+d.Points)/2; k0 += per {
		b := Bin{Lo: d.Score(k0), Hi: d.Score(min(k0+per-1, (hi+d.Points)/2))}
		for k := k0; k < k0+per && k < len(d.Counts); k++ {
			b.Count += d.Counts[k]
		}
		out = append(out, b)
	}
	return out
}

// Estimate is what the samples drawn so far say.
type Estimate struct {
	// Dist is the histogram of the scores sampled so far; it is the
	// Estimate's own, so it may be kept and read on another goroutine.
	Dist Dist
	// Sweeps is the number of sweeps each of the sampler's two chains has
	// made after its burn-in; Dist holds twice as many samples.
	Sweeps int
	// Komi is the komi PBlackWins is taken against.
	Komi float64
	// PBlackWins is Dist.PBlackWins(Komi).
	PBlackWins float64
	// StdErr is the standard error of PBlackWins by batch means over the
	// blocks so far (NaN before the second). Like the bp estimator's, it
	// understates the error where the chains seldom switch between a
	// group's life and death.
	StdErr float64
	// MeanStdErr is the standard error of Dist.Mean, the mean score, by
	// batch means as StdErr, with the same caveat. It is not the spread
	// of the scores, Dist.StdDev.
	MeanStdErr float64
	// Independent is the spread the scores would have if the points were
	// independent with the means sampled, s̄_i: √Σ(1 − s̄_i²), a standard
	// deviation like Dist.StdDev. Where Dist.StdDev is several times
	// larger, the field's couplings tie the points together, so that whole
	// regions change hands at once in its samples.
	Independent float64
	// Done reports that all the sweeps asked for are made.
	Done bool
}

// Options say how Sample runs.
type Options struct {
	// Komi is what Black's area score must exceed to win.
	Komi float64
	// Sweeps is the number of sweeps of each chain after the burn-in; the
	// histogram gets two samples per sweep.
	Sweeps int
	// Blocks is the number of blocks the sweeps are made in, with a
	// report after each; 0 means DefaultBlocks. At most Sweeps.
	Blocks int
	// Sampler says how the samples are drawn: the method, the seed (a
	// fixed seed repeats the run) and the burn-in.
	Sampler randfield.SamplerOptions
}

// DefaultBlocks is the number of blocks of Options.Blocks 0: 20, as the bp
// estimator's sampler uses for its standard errors.
const DefaultBlocks = 20

// Sample draws o.Sweeps sweeps of whole-board samples of the random field
// m on pos and returns the distribution of the area score. The sweeps are
// made in blocks; after each, report (if not nil) is called on the
// caller's goroutine with the estimate so far, the last time with Done
// set. When ctx is cancelled Sample returns the estimate of the blocks
// finished and ctx.Err(). The result depends only on the arguments, not on
// timing: the seed is o.Sampler.Seed.
func Sample(ctx context.Context, m randfield.RandomField, pos *board.Position, o Options, report func(Estimate)) (Estimate, error) {
	blocks := o.Blocks
	if blocks == 0 {
		blocks = DefaultBlocks
	}
	if o.Sweeps < 1 || blocks < 1 || blocks > o.Sweeps {
		return Estimate{}, fmt.Errorf("scoredist: %d sweeps in %d blocks", o.Sweeps, blocks)
	}
	if math.IsNaN(o.Komi) || math.IsInf(o.Komi, 0) {
		return Estimate{}, fmt.Errorf("scoredist: komi %v", o.Komi)
	}
	s, err := randfield.NewSampler(m, pos, o.Sampler)
	if err != nil {
		return Estimate{}, err
	}
	dist := NewDist(pos.Len())
	nan := math.NaN()
	est := Estimate{Dist: dist.Clone(), Komi: o.Komi, PBlackWins: nan, StdErr: nan, MeanStdErr: nan, Independent: nan}
	var wins, scores []float64      // P(Black wins) and the mean score of each block alone
	spins := make([]int, pos.Len()) // Σ s_i over the samples
	for b := range blocks {
		// Block b ends at sweep (b+1)·Sweeps/blocks.
		n := (b+1)*o.Sweeps/blocks - b*o.Sweeps/blocks
		block := NewDist(pos.Len())
		if err := s.Run(ctx, n, func(s []int8) {
			block.Add(s)
			for i, v := range s {
				spins[i] += int(v)
			}
		}); err != nil {
			return est, err
		}
		for k, c := range block.Counts {
			dist.Counts[k] += c
		}
		dist.Samples += block.Samples
		wins = append(wins, block.PBlackWins(o.Komi))
		scores = append(scores, block.Mean())
		w := blockWeights(o.Sweeps, blocks, b+1)
		est = Estimate{
			Dist: dist.Clone(), Sweeps: s.Sweeps(), Komi: o.Komi,
			PBlackWins: dist.PBlackWins(o.Komi), StdErr: batchStdErr(wins, w), MeanStdErr: batchStdErr(scores, w),
			Independent: independent(spins, dist.Samples),
			Done:        b == blocks-1,
		}
		if report != nil {
			report(est)
		}
	}
	return est, nil
}

// independent returns √Σ(1 − s̄_i²), s̄_i = sums[i]/samples: the standard
// deviation of the score of independent points with those means.
func independent(sums []int, samples int) float64 {
	v := 0.0
	for _, s := range sums {
		m := float64(s) / float64(samples)
		v += 1 - m*m
	}
	return math.Sqrt(v)
}

// blockWeights returns the sizes of the first k of blocks blocks of
// sweeps.
func blockWeights(sweeps, blocks, k int) []float64 {
	w := make([]float64, k)
	for b := range w {
		w[b] = float64((b+1)*sweeps/blocks - b*sweeps/blocks)
	}
	return w
}

// batchStdErr returns the standard error of the weighted mean of block
// means m, weights w (the blocks' sizes), by batch means:
// √(Σ w_b² (m_b − m̄)² / (W² (1 − Σ w_b²/W²))) with W = Σ w_b, which is
// √(Σ (m_b − m̄)² / (k(k−1))) for equal blocks; NaN for fewer than two.
func batchStdErr(m, w []float64) float64 {
	if len(m) < 2 {
		return math.NaN()
	}
	var sw, sw2, mean float64
	for b, x := range m {
		sw += w[b]
		sw2 += w[b] * w[b]
		mean += w[b] * x
	}
	mean /= sw
	v := 0.0
	for b, x := range m {
		d := x - mean
		v += w[b] * w[b] * d * d
	}
	return math.Sqrt(v / (sw * sw * (1 - sw2/(sw*sw))))
}
