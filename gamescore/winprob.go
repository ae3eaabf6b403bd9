package gamescore

import (
	"context"
	"sync"

	"moyo/board"
	"moyo/randfield"
	"moyo/scoredist"
)

// WinProbOptions say how WinProbs samples each position.
type WinProbOptions struct {
	// Komi is what Black's area must exceed to win.
	Komi float64
	// Sweeps is the number of Swendsen–Wang sweeps of each of the
	// sampler's two chains per position, after the burn-in; 'moyo eval
	// --win-prob' takes 1,000 by default.
	Sweeps int
	// Seed is the sampler's: each position is sampled from it, so the
	// result does not depend on the number of workers.
	Seed uint64
	// Workers is as Options.Workers.
	Workers int
}

// WinProb is P(Black wins) of the position after Move moves.
type WinProb struct {
	Move int
	// P is P(Σ s_i > komi) under the field, a draw counting half, and
	// StdErr its standard error by batch means (scoredist.Estimate).
	P, StdErr float64
}

// WinProbs samples whole boards of the random field m (randfield.FieldOf:
// bp's or bpl's model) on each of positions and returns, in order, the
// probability that Black's area exceeds the komi (Stern et al. 2004 §2, package
// scoredist), as the app's convergence panel and 'moyo eval --win-prob'
// find it for one position. A position takes about a tenth of a second at
// 1,000 sweeps on 19×19, so a game of 300 moves takes half a minute on one
// core. report, ctx and the errors are as for Compute.
func WinProbs(ctx context.Context, m randfield.RandomField, positions []*board.Position, o WinProbOptions, report func(WinProb)) ([]WinProb, error) {
	out := make([]WinProb, len(positions))
	var mu sync.Mutex
	err := forEach(ctx, len(positions), o.Workers, false, func() func(ctx context.Context, i int) error {
		return func(ctx context.Context, i int) error {
			est, err := scoredist.Sample(ctx, m, positions[i], scoredist.Options{
				Komi: o.Komi, Sweeps: o.Sweeps,
				Sampler: randfield.SamplerOptions{Method: randfield.SampleSW, Seed: o.Seed, BurnIn: randfield.DefaultBurnIn},
			}, nil)
			if err != nil {
				return err
			}
			w := WinProb{Move: i, P: est.PBlackWins, StdErr: est.StdErr}
			out[i] = w
			if report != nil {
				mu.Lock()
				report(w)
				mu.Unlock()
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
