package count

import (
	"context"
	"errors"
	"slices"

	"moyo/board"
	"moyo/estimators"
	"moyo/semeai"
)

// Status is what a judgement makes of a chain at the end of a game.
type Status int8

// The three statuses of a chain.
const (
	Alive Status = iota
	Dead
	Seki
)

// judgeParams are the model's settings.
type judgeParams struct {
	playouts  int
	doubt     float64 // |mean ownership| below which a chain is in doubt
	raceNodes int
}

var defaultJudge = judgeParams{playouts: 200, doubt: 0.3, raceNodes: 20000}

// judge returns the status of every point's chain (Alive on empty points).
func judge(ctx context.Context, pos *board.Position, est estimators.Estimator, jp judgeParams) ([]Status, error) {
	n := pos.Len()
	status := make([]Status, n)
	chains, id := pos.Chains()
	life := pos.UnconditionalLife()
	own := playouts(pos, jp.playouts, 1)
	var vals []float64
	if est != nil {
		res, err := est.Estimate(ctx, pos, est.Info().Defaults())
		if err != nil {
			return nil, err
		}
		vals = res.Values
	}
	mean := func(v []float64, c board.Chain) float64 {
		s := 0.0
		for _, i := range c.Stones {
			s += v[i]
		}
		return s / float64(len(c.Stones)) * float64(c.Color)
	}
	verdict := make([]Status, len(chains))
	doubt := make([]bool, len(chains))
	for k, c := range chains {
		if life[c.Stones[0]] == c.Color {
			continue
		}
		m := mean(own, c)
		switch {
		case m < -jp.doubt:
			verdict[k] = Dead
		case m > jp.doubt:
		default:
			doubt[k] = true
		}
	}
	// The races settle the chains in doubt they hold.
	raced := make([]bool, len(chains))
	if jp.raceNodes > 0 {
		// Races of two chains in doubt first: a seki is one.
		races := semeai.CandidateRaces(pos)
		both := func(r *semeai.Race) bool { return doubt[id[r.Black.Anchor()]] && doubt[id[r.White.Anchor()]] }
		slices.SortStableFunc(races, func(r, q *semeai.Race) int {
			switch {
			case both(r) && !both(q):
				return -1
			case both(q) && !both(r):
				return 1
			}
			return 0
		})
		for _, r := range races {
			b, w := id[r.Black.Anchor()], id[r.White.Anchor()]
			if !doubt[b] && !doubt[w] || raced[b] && raced[w] {
				continue
			}
			out, err := semeai.SolveBoth(ctx, r, jp.raceNodes)
			if errors.Is(err, semeai.ErrSearchLimit) {
				continue
			}
			if err != nil {
				return nil, err
			}
			set := func(k int, s Status) {
				if doubt[k] && !raced[k] {
					verdict[k], raced[k] = s, true
				}
			}
			switch {
			case out.BlackFirst == semeai.Neither && out.WhiteFirst == semeai.Neither:
				set(b, Seki)
				set(w, Seki)
			case out.BlackFirst == out.WhiteFirst && out.BlackFirst == semeai.BlackCaptures:
				set(w, Dead)
			case out.BlackFirst == out.WhiteFirst:
				set(b, Dead)
			}
		}
	}
	for k, c := range chains {
		if !doubt[k] || raced[k] {
			continue
		}
		v := mean(own, c)
		if vals != nil {
			v = mean(vals, c)
		}
		if v < 0 {
			verdict[k] = Dead
		}
	}
	for i := range n {
		if id[i] >= 0 {
			status[i] = verdict[id[i]]
		}
	}
	return status, nil
}
