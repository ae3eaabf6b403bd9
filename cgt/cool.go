package cgt

import "fmt"

// coolKey names g cooled by t in the memo table.
type coolKey struct {
	id int32
	t  dyadicKey
}

// Cool returns g cooled by t ≥ 0, written g_t: every move is taxed t
// points, g_t = {g^L_t − t | g^R_t + t}, except that once t passes the
// temperature of g, g_t is the number g's mean (WW and Siegel, on
// temperature theory). At its temperature a game cools to a number plus an
// infinitesimal, like {4|0} cooled by 2, which is 2*. Cooling by 0 changes
// nothing, and cooling commutes with sums: (g + h)_t = g_t + h_t.
//
// Berlekamp's chilling of Go endgames is (nearly) cooling by 1; Nakamura
// cools liberty-counting games by 2, because a liberty can always be
// filled, which makes the smallest incentive of a semeai worth 1.
//
// t must be a dyadic rational: cooling by any other number would leave
// numbers with other denominators, which no short game equals.
func (t *Table) Cool(g *Game, temp Dyadic) (*Game, error) {
	t.own(g)
	if temp.Sign() < 0 {
		return nil, fmt.Errorf("cannot cool by %s: the temperature of cooling must be ≥ 0", temp)
	}
	return t.cool(g, temp, t.Num(temp)), nil
}

func (t *Table) cool(g *Game, temp Dyadic, tg *Game) *Game {
	if g.isNum {
		return g
	}
	if th := t.thermograph(g); th.Temperature.Cmp(temp) < 0 {
		return t.Num(th.Mast)
	}
	key := coolKey{g.id, temp.key()}
	if c, ok := t.cools[key]; ok {
		return c
	}
	L := make([]*Game, len(g.left))
	for i, gl := range g.left {
		L[i] = t.add(t.cool(gl, temp, tg), t.neg(tg))
	}
	R := make([]*Game, len(g.right))
	for i, gr := range g.right {
		R[i] = t.add(t.cool(gr, temp, tg), tg)
	}
	c := t.canon(L, R)
	t.step()
	t.cools[key] = c
	return c
}
