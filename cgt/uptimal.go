package cgt

// The uptimals beyond x + n↑ + *m that the notation names (Siegel,
// Combinatorial Game Theory, on uptimal expansions; CGSuite prints them):
//
//	↑ⁿ, "up-nth":           ↑¹ = ↑, ↑ⁿ⁺¹ = {0 | ↓[n]*}    (↑² = {0|↓*})
//	↑[n], "up to the nth":  ↑[n] = ↑ + ↑² + … + ↑ⁿ = {↑[n−1] | *}
//
// and their negatives ↓ⁿ and ↓[n]. They are built from these definitions
// here, for the parser and the printer; sums and comparisons of them are
// the Table's.

// maxPow bounds n in ↑ⁿ and ↑[n]: ↑ⁿ is n + 1 levels deep, and building it
// takes n sums.
const maxPow = 64

// upPowers returns ↑ⁿ and ↑[n] for n = 1 … k (index n), built in order:
// each ↑ⁿ⁺¹ needs ↑[n].
func (t *Table) upPowers(k int) (pow, to []*Game) {
	pow = []*Game{nil, t.up}
	to = []*Game{t.zero, t.up}
	for n := 2; n <= k; n++ {
		down := t.add(t.neg(to[n-1]), t.star) // ↓[n−1]*
		p := t.canon([]*Game{t.zero}, []*Game{down})
		pow = append(pow, p)
		to = append(to, t.add(to[n-1], p))
	}
	return pow, to
}

// upPower returns s·↑ⁿ (s = ±1), or s·↑[n] when sum is set, for
// 1 ≤ n ≤ maxPow.
func (t *Table) upPower(n, s int, sum bool) *Game {
	pow, to := t.upPowers(n)
	g := pow[n]
	if sum {
		g = to[n]
	}
	if s < 0 {
		g = t.neg(g)
	}
	return g
}
