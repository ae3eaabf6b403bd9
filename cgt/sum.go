package cgt

import "slices"

// Add returns g + h, the disjunctive sum: each move is made in one of the
// two components, so G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
//
// By the number-translation theorem a number's options are never needed:
// x + G = {x + G^L | x + G^R} when G is not a number (WW; Siegel). Numbers,
// and games of the form x + n↑ + *m, add in closed form.
func (t *Table) Add(g, h *Game) *Game {
	t.own(g, h)
	return t.add(g, h)
}

// Sum returns the sum of gs; 0 when there are none. It adds the games in
// order of birthday, youngest first, which keeps the partial sums small.
func (t *Table) Sum(gs ...*Game) *Game {
	t.own(gs...)
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(a, b *Game) int { return a.Birthday() - b.Birthday() })
	s := t.zero
	for _, g := range gs {
		s = t.add(s, g)
	}
	return s
}

// Neg returns −g, g with the players' roles exchanged: {−G^R | −G^L}.
func (t *Table) Neg(g *Game) *Game {
	t.own(g)
	return t.neg(g)
}

// Sub returns g − h = g + (−h).
func (t *Table) Sub(g, h *Game) *Game {
	t.own(g, h)
	return t.add(g, t.neg(h))
}

func (t *Table) add(g, h *Game) *Game {
	switch {
	case g == t.zero:
		return h
	case h == t.zero:
		return g
	case g.isNum && h.isNum:
		return t.Num(g.num.Add(h.num))
	case g.nus.ok && h.nus.ok && !t.noShortcuts:
		return t.nusGame(g.nus.x.Add(h.nus.x), g.nus.up+h.nus.up, g.nus.star^h.nus.star)
	}
	if g.id > h.id {
		g, h = h, g // the sum commutes: one memo entry serves both orders
	}
	key := uint64(uint32(g.id))<<32 | uint64(uint32(h.id))
	if s, ok := t.sums[key]; ok {
		return s
	}
	var L, R []*Game
	if !g.isNum {
		for _, gl := range g.left {
			L = append(L, t.add(gl, h))
		}
		for _, gr := range g.right {
			R = append(R, t.add(gr, h))
		}
	}
	if !h.isNum {
		for _, hl := range h.left {
			L = append(L, t.add(g, hl))
		}
		for _, hr := range h.right {
			R = append(R, t.add(g, hr))
		}
	}
	s := t.canon(L, R)
	t.step()
	t.sums[key] = s
	return s
}

func (t *Table) neg(g *Game) *Game {
	if g.neg != nil {
		return g.neg
	}
	var n *Game
	if g.isNum {
		n = t.Num(g.num.Neg())
	} else {
		// The negative of a canonical form is canonical: domination and
		// reversibility are symmetric between the players.
		L := make([]*Game, len(g.right))
		for i, gr := range g.right {
			L[i] = t.neg(gr)
		}
		R := make([]*Game, len(g.left))
		for i, gl := range g.left {
			R[i] = t.neg(gl)
		}
		n = t.intern(L, R)
	}
	g.neg, n.neg = n, g
	return n
}
