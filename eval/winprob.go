package eval

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"

	"moyo/internal/parallel"
	"moyo/ownership"
	"moyo/randfield"
	"moyo/scoredist"
)

// WinProbOptions say how WinProbs samples.
type WinProbOptions struct {
	// Sweeps is the number of Swendsen–Wang sweeps of each of the
	// sampler's two chains per position, after DefaultBurnIn.
	Sweeps int
	// Seed seeds every position's sampler.
	Seed uint64
}

// WinProb is how one setting's P(Black wins) did at one move number:
// its forecasts for the positions after the move number, against who won.
type WinProb struct {
	// Setting is the candidate's Name, and Estimator its estimator's.
	Setting, Estimator string
	Move               int
	// Forecasts are the positions', in the order of the games; Files
	// names their games.
	Forecasts []Forecast
	Files     []string
}

// Winner returns 1 when Black won the game of f, 0 when White did and ½
// for a draw, by the record's result.
func Winner(f *ownership.Final) (float64, error) {
	r, err := ownership.ParseResult(f.Result)
	switch {
	case err != nil:
		return 0, err
	case r > 0:
		return 1, nil
	case r < 0:
		return 0, nil
	}
	return 0.5, nil
}

// IsRandomField reports whether c's estimator is one of Stern et al.'s random
// fields, whose samples WinProbs needs.
func IsRandomField(c Candidate) bool {
	_, err := randfield.FieldOf(c.Estimator, c.Params)
	return err == nil
}

// WinProbs forecasts, for every candidate that is a random field
// (IsRandomField; the others are left out), who wins each game from the
// position after each move number: P(Black wins) = P(Σ s_i > komi) under
// the field, from o.Sweeps sweeps of Swendsen–Wang samples (package
// scoredist), with the komi the game's count agrees with
// (ownership.Agreement). It returns one WinProb per such candidate and
// move number, in the order of cfg.Candidates and cfg.Moves; candidates
// whose fields are the same (bp under two inference methods) share their
// forecasts, which are sampled once. Positions are
// shared among cfg.Workers goroutines, and each is sampled with the same
// seed, so the result does not depend on their number. cfg.Journal and
// cfg.Progress are used as Run uses them.
func WinProbs(ctx context.Context, games []Game, cfg Config, o WinProbOptions) ([]WinProb, error) {
	if err := checkNames(cfg.Candidates); err != nil {
		return nil, err
	}
	if o.Sweeps < scoredist.DefaultBlocks {
		return nil, fmt.Errorf("%d sweeps, fewer than %d", o.Sweeps, scoredist.DefaultBlocks)
	}
	// Settings that differ only in their inference sample the same
	// field: each field is sampled once, for the first of them (same[k]
	// of cands[k]).
	var (
		cands  []Candidate
		fields []randfield.RandomField
		same   []int
		work   []Candidate // the first candidate of each field
	)
	for _, c := range cfg.Candidates {
		f, err := randfield.FieldOf(c.Estimator, c.Params)
		if err != nil {
			continue
		}
		k := slices.IndexFunc(fields, func(g randfield.RandomField) bool { return reflect.DeepEqual(f, g) })
		if k < 0 {
			k = len(work)
			fields = append(fields, f)
			work = append(work, c)
		}
		cands = append(cands, c)
		same = append(same, k)
	}
	nm, nc := len(cfg.Moves), len(work)
	// p[(g*nm+m)*nc+c] is game g, move m, candidate c; NaN for no position.
	p := make([]float64, len(games)*nm*nc)
	err := parallel.ForEach(ctx, len(p), cfg.Workers, cfg.Progress, func(ctx context.Context, k int) error {
		g, m, c := k/(nm*nc), k/nc%nm, k%nc
		v, err := winProbOf(ctx, games[g], work[c], cfg.Moves[m], o, cfg.Journal)
		p[k] = v
		return err
	})
	if err != nil {
		return nil, err
	}
	out := make([]WinProb, 0, nc*nm)
	for c, cand := range cands {
		for m, move := range cfg.Moves {
			w := WinProb{Setting: cand.Name(), Estimator: cand.Estimator.Info().Name, Move: move}
			for g := range games {
				v := p[(g*nm+m)*nc+same[c]]
				if math.IsNaN(v) { // the game ended before the move
					continue
				}
				won, err := Winner(games[g].Final)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", games[g].File, err)
				}
				w.Forecasts = append(w.Forecasts, Forecast{P: v, Outcome: won})
				w.Files = append(w.Files, games[g].File)
			}
			out = append(out, w)
		}
	}
	return out, nil
}

// winProbOf returns P(Black wins) of candidate c after move of g, from the
// journal if it holds it, or NaN when the game is over by then.
func winProbOf(ctx context.Context, g Game, c Candidate, move int, o WinProbOptions, j *Journal) (float64, error) {
	if move > g.Record.Moves() {
		return math.NaN(), nil
	}
	komi := g.Agreement.Komi
	key := pieceKey("winprob/"+strconv.Itoa(o.Sweeps)+"/"+strconv.FormatUint(o.Seed, 10)+"/"+strconv.FormatFloat(komi, 'g', -1, 64), g, c, move)
	if e, ok := j.get(key); ok && e.Win != nil {
		return *e.Win, nil
	}
	m, err := randfield.FieldOf(c.Estimator, c.Params)
	if err != nil {
		return 0, err
	}
	est, err := scoredist.Sample(ctx, m, g.Record.AfterMove(move).Position, scoredist.Options{
		Komi: komi, Sweeps: o.Sweeps,
		Sampler: randfield.SamplerOptions{Method: randfield.SampleSW, Seed: o.Seed, BurnIn: randfield.DefaultBurnIn},
	}, nil)
	if err != nil {
		return 0, fmt.Errorf("%s, move %d: %s: %w", g.File, move, c.Name(), err)
	}
	v := est.PBlackWins
	return v, j.put(journalEntry{Key: key, Win: &v})
}
