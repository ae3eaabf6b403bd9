package cgt

import "slices"

// New returns the canonical form of {left | right}, whose options are games
// of t (already canonical, as every *Game is).
//
// The canonical form (WW; Lessons in Play; Siegel, on simplifying games) is
// reached by two simplifications, repeated until neither applies:
//
//   - A dominated option is dropped: Left never needs G^L when she has a
//     G^L' ≥ G^L, and Right never needs G^R when he has a G^R' ≤ G^R.
//   - A reversible option is bypassed: if Left's move to G^L has a Right
//     answer G^LR ≤ G, Right would answer it at once, leaving Left no
//     better off than in G, so the move to G^L is as good as the moves
//     from G^LR: G^L is replaced by all the Left options of G^LR. Right's
//     options reverse the same way through a G^RL ≥ G.
//
// When what is left are numbers x < y, or a side is empty, the game is the
// simplest number between them (Conway's simplicity theorem).
func (t *Table) New(left, right []*Game) *Game {
	t.own(left...)
	t.own(right...)
	return t.canon(slices.Clone(left), slices.Clone(right))
}

// Switch returns {x | y} for numbers x and y: when x ≥ y a switch, a hot
// game whose first mover gains (x − y)/2 over its mean.
func (t *Table) Switch(x, y Dyadic) *Game {
	return t.canon([]*Game{t.Num(x)}, []*Game{t.Num(y)})
}

// canon returns the canonical form of {L | R}. It owns L and R.
func (t *Table) canon(L, R []*Game) *Game {
	L, R = dedup(L), dedup(R)
	if g, ok := t.numberOptions(L, R); ok {
		return g
	}
	for {
		L = t.dropDominated(L, true)
		R = t.dropDominated(R, false)
		var changed bool
		L, changed = t.bypassLeft(L, R)
		if !changed {
			R, changed = t.bypassRight(L, R)
		}
		if !changed {
			break
		}
	}
	if g, ok := t.numberOptions(L, R); ok {
		return g
	}
	return t.intern(L, R)
}

// numberOptions handles {L | R} when every option is a number: by the
// simplicity theorem it is the simplest number between the best options
// when Left's best is below Right's, and otherwise the switch between the
// best options, which is canonical as it stands.
func (t *Table) numberOptions(L, R []*Game) (*Game, bool) {
	var lo, hi *Dyadic
	for _, g := range L {
		if !g.isNum {
			return nil, false
		}
		if lo == nil || g.num.Cmp(*lo) > 0 {
			lo = &g.num
		}
	}
	for _, g := range R {
		if !g.isNum {
			return nil, false
		}
		if hi == nil || g.num.Cmp(*hi) < 0 {
			hi = &g.num
		}
	}
	if lo == nil || hi == nil || lo.Cmp(*hi) < 0 {
		return t.Num(simplestBetween(lo, hi)), true
	}
	return t.intern([]*Game{t.Num(*lo)}, []*Game{t.Num(*hi)}), true
}

// dedup drops repeated options: canonical forms are shared, so equal
// options are the same pointer.
func dedup(gs []*Game) []*Game {
	out := gs[:0]
	for i, g := range gs {
		if !slices.Contains(gs[:i], g) {
			out = append(out, g)
		}
	}
	return out
}

// dropDominated removes the options a player never needs: for Left
// (left true) those ≤ another option, for Right those ≥ another. The
// options are distinct values, so no two dominate each other.
func (t *Table) dropDominated(opts []*Game, left bool) []*Game {
	keep := make([]*Game, 0, len(opts))
	for i, g := range opts {
		dominated := false
		for j, h := range opts {
			if i != j && (left && t.le(g, h) || !left && t.le(h, g)) {
				dominated = true
				break
			}
		}
		if !dominated {
			keep = append(keep, g)
		}
	}
	return keep
}

// bypassLeft replaces the first reversible Left option found, G^L with a
// G^LR ≤ G, by the Left options of G^LR.
func (t *Table) bypassLeft(L, R []*Game) ([]*Game, bool) {
	for i, gl := range L {
		_, glr := t.opts(gl)
		for _, x := range glr {
			if t.leForm(x, L, R) {
				xl, _ := t.opts(x)
				out := slices.Concat(L[:i], L[i+1:], xl)
				return dedup(out), true
			}
		}
	}
	return L, false
}

// bypassRight replaces the first reversible Right option found, G^R with a
// G^RL ≥ G, by the Right options of G^RL.
func (t *Table) bypassRight(L, R []*Game) ([]*Game, bool) {
	for i, gr := range R {
		grl, _ := t.opts(gr)
		for _, x := range grl {
			if t.geForm(x, L, R) {
				_, xr := t.opts(x)
				out := slices.Concat(R[:i], R[i+1:], xr)
				return dedup(out), true
			}
		}
	}
	return R, false
}

// leForm reports whether x ≤ G for the form G = {L | R} (not necessarily
// canonical): no x^L ≥ G and no G^R ≤ x. G may equal a number without
// being one, so x's options are all examined.
func (t *Table) leForm(x *Game, L, R []*Game) bool {
	for _, r := range R {
		if t.le(r, x) {
			return false
		}
	}
	xl, _ := t.opts(x)
	for _, y := range xl {
		if t.geForm(y, L, R) {
			return false
		}
	}
	return true
}

// geForm reports whether x ≥ G for the form G = {L | R}: no G^L ≥ x and no
// x^R ≤ G.
func (t *Table) geForm(x *Game, L, R []*Game) bool {
	for _, l := range L {
		if t.le(x, l) {
			return false
		}
	}
	_, xr := t.opts(x)
	for _, y := range xr {
		if t.leForm(y, L, R) {
			return false
		}
	}
	return true
}
