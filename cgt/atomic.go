package cgt

import "fmt"

// AtomicWeight returns the atomic weight of g's infinitesimal part: g must
// be a number x plus an infinitesimal, and the weight is that of g − x.
// Nakamura's tables give it so, for the cooled values of a semeai
// (3{⧿₁|0} has weight −1); CGSuite asks for x = 0.
//
// The atomic weight of an infinitesimal G (Berlekamp's; see WW and Siegel
// on all-small games) measures it in units of ↑: aw(n·↑ + *m) = n, aw(⧾ₓ) = 0,
// and in sums weights add. It is the atomic weight calculus
// G' = {aw(G^L) − 2 | aw(G^R) + 2}, unless G' is an integer, when it is
// adjusted by how G compares with a remote star ☆ (a nimber larger than
// any in G): if G < ☆ the weight is the least integer n with n ⧐ every
// aw(G^L) − 2, if G > ☆ the greatest integer n with n ⧏ every
// aw(G^R) + 2, and G' otherwise.
//
// The weight is exact for all-small games (every follower with a move for
// one player has a move for both). For other infinitesimals, such as
// those holding tiny and miny, the calculus is only a guess, and it is
// returned only when G is atomic: when G − aw(G).↑ lies between ±(↑* + a
// red kite), as CGSuite checks; otherwise the error says so.
func (t *Table) AtomicWeight(g *Game) (*Game, error) {
	t.own(g)
	x, ok := t.Numberish(g)
	if !ok {
		return nil, fmt.Errorf("%s is not a number plus an infinitesimal (its stops are %s and %s), so it has no atomic weight", g, t.LeftStop(g), t.RightStop(g))
	}
	h := t.add(g, t.Num(x.Neg()))
	aw := t.naiveAW(h)
	if !t.allSmall(h) && !t.atomic(h, aw) {
		return nil, fmt.Errorf("%s is not atomic: it is not within ↑* plus a remote star's kite of %s·↑, so the atomic weight calculus says nothing", h, aw)
	}
	return aw, nil
}

var two = Int(2)

// naiveAW is the atomic weight calculus, without the check that its
// answer means anything.
func (t *Table) naiveAW(g *Game) *Game {
	if g.nus.ok {
		return t.Int(int64(g.nus.up))
	}
	if w, ok := t.weights[g.id]; ok {
		return w
	}
	L := make([]*Game, len(g.left))
	for i, gl := range g.left {
		L[i] = t.add(t.naiveAW(gl), t.Num(two.Neg()))
	}
	R := make([]*Game, len(g.right))
	for i, gr := range g.right {
		R[i] = t.add(t.naiveAW(gr), t.Num(two))
	}
	w := t.canon(L, R)
	if w.IsInteger() {
		star := t.Nimber(t.farStar(g))
		le, ge := t.le(g, star), t.le(star, g)
		switch {
		case le && !ge && len(L) > 0: // g < ☆
			var n Dyadic
			for i, v := range L {
				c := t.stopsOf(v)[1].Ceil()
				if t.le(t.Num(c), v) {
					c = c.Add(Int(1))
				}
				if i == 0 || c.Cmp(n) > 0 {
					n = c
				}
			}
			w = t.Num(n)
		case ge && !le && len(R) > 0: // g > ☆
			var n Dyadic
			for i, v := range R {
				c := t.stopsOf(v)[0].Floor()
				if t.le(v, t.Num(c)) {
					c = c.Sub(Int(1))
				}
				if i == 0 || c.Cmp(n) < 0 {
					n = c
				}
			}
			w = t.Num(n)
		}
	}
	t.weights[g.id] = w
	return w
}

// farStar returns the size of a remote star for g: one more than the
// largest nimber among g's followers, and at least 1.
func (t *Table) farStar(g *Game) int {
	if g.nus.ok && g.nus.up == 0 {
		return g.nus.star + 1
	}
	if g.isNum {
		return 1
	}
	n := 1
	seen := map[*Game]bool{}
	var walk func(h *Game)
	walk = func(h *Game) {
		if seen[h] {
			return
		}
		seen[h] = true
		if h.nus.ok && h.nus.up == 0 {
			n = max(n, h.nus.star+1)
			return
		}
		if h.isNum {
			return
		}
		for _, o := range h.left {
			walk(o)
		}
		for _, o := range h.right {
			walk(o)
		}
	}
	walk(g)
	return n
}

// allSmall reports whether every follower of g with a move for one player
// has a move for the other: 0 is the only all-small number.
func (t *Table) allSmall(g *Game) bool {
	seen := map[*Game]bool{}
	var walk func(h *Game) bool
	walk = func(h *Game) bool {
		if seen[h] {
			return true
		}
		seen[h] = true
		if h.isNum {
			return h == t.zero
		}
		for _, o := range h.left {
			if !walk(o) {
				return false
			}
		}
		for _, o := range h.right {
			if !walk(o) {
				return false
			}
		}
		return true
	}
	return walk(g)
}

// atomic reports whether the infinitesimal g is within ↑* plus a red kite
// of aw·↑ (the Norton product), the test that makes aw its atomic weight
// (Siegel, on the atomic weights of games that are not all-small).
func (t *Table) atomic(g, aw *Game) bool {
	d := t.add(g, t.neg(t.nortonUp(aw)))
	n := 2
	for n < t.farStar(g) {
		n <<= 1
	}
	kite := t.ordinalSum(t.Nimber(n), t.Int(-1))
	eps := t.add(t.nusGame(Dyadic{}, 1, 1), kite)
	return t.le(d, eps) && t.le(t.neg(eps), d)
}

// nortonUp returns the Norton product g.↑: n·↑ for an integer n, and
// otherwise {g^L.↑ + ⇑* | g^R.↑ − ⇑*}, ⇑* being ↑ plus its larger
// incentive ↑* (Siegel, on Norton multiplication).
func (t *Table) nortonUp(g *Game) *Game {
	if n, ok := g.num.Int64(); g.isNum && ok {
		return t.nusGame(Dyadic{}, int(n), 0)
	}
	if p, ok := t.nortons[g.id]; ok {
		return p
	}
	dupStar := t.nusGame(Dyadic{}, 2, 1)
	gl, gr := t.opts(g)
	L := make([]*Game, len(gl))
	for i, o := range gl {
		L[i] = t.add(t.nortonUp(o), dupStar)
	}
	R := make([]*Game, len(gr))
	for i, o := range gr {
		R[i] = t.add(t.nortonUp(o), t.neg(dupStar))
	}
	p := t.canon(L, R)
	t.nortons[g.id] = p
	return p
}

// ordinalSum returns g:h = {g^L, g:h^L | g^R, g:h^R}, g followed by h: a
// move in g wipes out h.
func (t *Table) ordinalSum(g, h *Game) *Game {
	gl, gr := t.opts(g)
	hl, hr := t.opts(h)
	L := append([]*Game{}, gl...)
	for _, o := range hl {
		L = append(L, t.ordinalSum(g, o))
	}
	R := append([]*Game{}, gr...)
	for _, o := range hr {
		R = append(R, t.ordinalSum(g, o))
	}
	return t.canon(L, R)
}
