package app

import (
	"hash/fnv"

	"moyo/eval"
)

// holdoutShare returns where game g falls in [0, 1) for the split between
// training and held-out games: a hash of its record's content hash
// (eval.Game.Key), so that a game stays on its side whatever other files
// are added, removed or renamed, and runs on any machine split alike.
func holdoutShare(g eval.Game) float64 {
	h := fnv.New64a()
	h.Write([]byte(g.Key))
	// The top 53 bits, so that the quotient is exact in a float64.
	return float64(h.Sum64()>>11) / (1 << 53)
}

// splitHoldout returns the games whose share is at least frac, to fit on,
// and those below it, held out to judge the fit, each in the order of
// games. With frac 0 every game is for training.
func splitHoldout(games []eval.Game, frac float64) (train, held []eval.Game) {
	for _, g := range games {
		if holdoutShare(g) < frac {
			held = append(held, g)
		} else {
			train = append(train, g)
		}
	}
	return train, held
}

// improvement returns how much better measure by is at fitted than at
// defaults: positive when the fitted value is better, whichever direction
// by counts as better.
func improvement(defaults, fitted eval.Sums, by string) float64 {
	d, f := objective(defaults.Measures(), by), objective(fitted.Measures(), by)
	if higher, _ := fitObjective(by); higher {
		return f - d
	}
	return d - f
}
