package cgt

import "fmt"

// Relation is how two games compare. Games are partially ordered: besides
// <, = and >, G and H can be confused (G ‖ H), when G − H is a first-player
// win, as * is confused with 0.
type Relation int

// The four relations between games.
const (
	Equal    Relation = iota // G − H is a second-player win
	Less                     // G − H is a win for Right, whoever starts
	Greater                  // G − H is a win for Left, whoever starts
	Confused                 // G − H is a first-player win
)

// String returns =, <, > or ‖.
func (r Relation) String() string {
	return [...]string{"=", "<", ">", "‖"}[r]
}

// ASCII returns =, <, > or <>, as Nakamura's slides write confusion.
func (r Relation) ASCII() string {
	return [...]string{"=", "<", ">", "<>"}[r]
}

// ParseRelation reads =, <, >, ‖, <> or || (both for confused).
func ParseRelation(s string) (Relation, error) {
	switch s {
	case "=", "==":
		return Equal, nil
	case "<":
		return Less, nil
	case ">":
		return Greater, nil
	case "‖", "<>", "||":
		return Confused, nil
	}
	return 0, fmt.Errorf("unknown relation %q (want =, <, >, ‖ or <>)", s)
}

// Outcome is who wins a game, by who moves first: the outcome class.
type Outcome int

// The four outcome classes. A game is in L when it is > 0, R when < 0, P
// when = 0 and N when ‖ 0.
const (
	SecondWins Outcome = iota // P: the player to move loses (G = 0)
	LeftWins                  // L: Left wins whoever starts (G > 0)
	RightWins                 // R: Right wins whoever starts (G < 0)
	FirstWins                 // N: the player to move wins (G ‖ 0)
)

// String returns the class's letter: P, L, R or N.
func (o Outcome) String() string {
	return [...]string{"P", "L", "R", "N"}[o]
}

// Describe says who wins, in words.
func (o Outcome) Describe() string {
	return [...]string{
		"the second player wins",
		"Left (Black) wins whoever starts",
		"Right (White) wins whoever starts",
		"the first player wins",
	}[o]
}

// Le reports whether g ≤ h: whether Left wins h − g when Right moves
// first. Recursively, g ≤ h when no g^L ≥ h and no h^R ≤ g.
func (t *Table) Le(g, h *Game) bool {
	t.own(g, h)
	return t.le(g, h)
}

// Compare returns how g compares with h.
func (t *Table) Compare(g, h *Game) Relation {
	t.own(g, h)
	le, ge := t.le(g, h), t.le(h, g)
	switch {
	case le && ge:
		return Equal
	case le:
		return Less
	case ge:
		return Greater
	}
	return Confused
}

// CompareInt returns how g compares with the integer n, as Nakamura's
// semeai rule asks of a cooled liberty count.
func (t *Table) CompareInt(g *Game, n int64) Relation {
	return t.Compare(g, t.Int(n))
}

// Outcome returns g's outcome class: how g compares with 0.
func (t *Table) Outcome(g *Game) Outcome {
	switch t.Compare(g, t.zero) {
	case Greater:
		return LeftWins
	case Less:
		return RightWins
	case Equal:
		return SecondWins
	}
	return FirstWins
}

// le reports whether g ≤ h for canonical g and h.
//
// Three shortcuts keep it fast: games of the form x + n↑ + *m compare in
// closed form; stops that differ decide many comparisons at once (see
// byStops); and by the number-avoidance theorem a number's own options
// never decide a comparison with a game that is not a number (WW and
// Siegel, on number avoidance), so they are not examined.
func (t *Table) le(g, h *Game) bool {
	if g == h {
		return true
	}
	if g.nus.ok && h.nus.ok && (!t.noShortcuts || g.isNum && h.isNum) {
		return nusLe(g.nus, h.nus)
	}
	key := pairKey(g.id, h.id)
	if r, ok := t.les.get(key); ok {
		return r
	}
	if !t.noShortcuts {
		// What the stops decide is not remembered: deciding it again
		// costs less than the entry, and a region where a block can
		// live asks millions of such questions.
		if r, ok := t.byStops(g, h); ok {
			return r
		}
	}
	r := t.leOptions(g, h)
	t.step()
	t.les.put(key, r)
	return r
}

// leOptions is le by its definition: g ≤ h unless some Left option of g
// is at least h or some Right option of h is at most g.
func (t *Table) leOptions(g, h *Game) bool {
	r := true
	if !g.isNum {
		for _, gl := range g.left {
			if t.le(h, gl) {
				r = false
				break
			}
		}
	}
	if r && !h.isNum {
		for _, hr := range h.right {
			if t.le(hr, g) {
				r = false
				break
			}
		}
	}
	return r
}

// byStops decides g ≤ h from the stops alone, when they suffice: stops
// are monotone (g ≤ h implies L(g) ≤ L(h) and R(g) ≤ R(h)), so a greater
// stop of g rules it out; and L(g − h) ≤ L(g) − R(h), so L(g) < R(h)
// makes g − h negative, g < h (Siegel, Combinatorial Game Theory, II.4).
// A region where a block can live has games worth a thousand beside games
// worth a few, and the recursion compared them option by option: millions
// of remembered results for some tens of thousands of games.
func (t *Table) byStops(g, h *Game) (le, ok bool) {
	sg, sh := t.stopsOf(g), t.stopsOf(h)
	if sg[0].Cmp(sh[0]) > 0 || sg[1].Cmp(sh[1]) > 0 {
		return false, true
	}
	if sg[0].Cmp(sh[1]) < 0 {
		return true, true
	}
	return false, false
}

// nusLe compares x + a↑ + *i with y + b↑ + *j. Different numbers decide
// alone, as every infinitesimal is smaller than any positive number.
// Otherwise the difference is (a − b)↑ + *(i⊕j), which is ≤ 0 exactly
// when a − b ≤ −2, or a − b = −1 and i⊕j ≠ 1 (↓* is confused with 0), or
// a = b and i = j.
func nusLe(g, h nus) bool {
	if c := g.x.Cmp(h.x); c != 0 {
		return c < 0
	}
	switch d := g.up - h.up; {
	case d <= -2:
		return true
	case d == -1:
		return g.star^h.star != 1
	case d == 0:
		return g.star == h.star
	}
	return false
}
