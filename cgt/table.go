package cgt

import (
	"encoding/binary"
	"math/big"
	"slices"
)

// Game is a short game in canonical form, owned by the Table that made it.
// Two games of one Table are equal exactly when they are the same *Game.
// A Game is immutable; its methods read it, the Table's methods compute
// with it.
type Game struct {
	t           *Table
	id          int32   // creation order in t: the key of the memo tables
	left, right []*Game // canonical options, sorted by id; for numbers, see opts
	optsDone    bool    // left and right are filled (numbers fill them on demand)

	num   Dyadic // the value, when isNum
	isNum bool
	nus   nus // the value as x + n↑ + *m, when it is one

	neg      *Game
	birthday int32 // −1 until computed
	stops    *[2]Dyadic
	thermo   *Thermograph
	// walls are thermo's walls as functions, made once: a game's walls
	// enter the scaffolds of every game it is an option of.
	walls *[2]pl
}

// nus describes a game equal to x + n·↑ + *m ("number-up-star"), the
// values whose canonical forms the theory writes down in closed form.
type nus struct {
	ok   bool
	x    Dyadic
	up   int
	star int
}

// Table holds canonical forms, each once, and the results of the
// operations on them. The zero value is not usable; call NewTable.
type Table struct {
	next    int32
	byOpts  map[string]*Game    // non-numbers, by their sorted option ids
	numbers map[dyadicKey]*Game // numbers, by value
	sums    map[uint64]*Game
	les     leMemo
	cools   map[coolKey]*Game
	weights map[int32]*Game
	nortons map[int32]*Game
	keyBuf  []byte

	// stop, when set, is called every interruptEvery steps of work
	// (see Interrupt); work counts them.
	stop func() error
	work int

	// noShortcuts turns off the closed forms of x + n↑ + *m in sums and
	// comparisons, so that tests can check them against the general
	// recursions.
	noShortcuts bool

	zero, star, up *Game
}

// NewTable returns an empty Table.
func NewTable() *Table {
	t := &Table{
		byOpts:  map[string]*Game{},
		numbers: map[dyadicKey]*Game{},
		sums:    map[uint64]*Game{},
		cools:   map[coolKey]*Game{},
		weights: map[int32]*Game{},
		nortons: map[int32]*Game{},
	}
	t.zero = t.Num(Dyadic{})
	t.star = t.nusGame(Dyadic{}, 0, 1)
	t.up = t.nusGame(Dyadic{}, 1, 0)
	return t
}

// own panics if g belongs to another Table: mixing tables is a programming
// error, as mixing the games of two different universes would be.
func (t *Table) own(gs ...*Game) {
	for _, g := range gs {
		if g == nil || g.t != t {
			panic("cgt: a game of another Table (or nil)")
		}
	}
}

// Zero returns 0 = { | }, the game in which neither player can move.
func (t *Table) Zero() *Game { return t.zero }

// Star returns * = {0|0}: whoever moves first wins.
func (t *Table) Star() *Game { return t.star }

// Up returns ↑ = {0|*}, the positive infinitesimal smaller than every
// positive number.
func (t *Table) Up() *Game { return t.up }

// Int returns the integer n: {n−1 | } for n > 0, { | n+1} for n < 0.
func (t *Table) Int(n int64) *Game { return t.Num(Int(n)) }

// Num returns the number x. Its canonical form is {x − 2^−k | x + 2^−k}
// when x = m/2^k is not an integer.
func (t *Table) Num(x Dyadic) *Game {
	k := x.key()
	if g, ok := t.numbers[k]; ok {
		return g
	}
	t.step()
	g := &Game{t: t, id: t.next, num: x, isNum: true, birthday: -1}
	g.nus = nus{ok: true, x: x}
	t.next++
	t.numbers[k] = g
	return g
}

// Nimber returns *n for n ≥ 0, the Nim heap of size n: {0, *, …, *(n−1) |
// 0, *, …, *(n−1)}. It has n options each side, so very large n cost n²
// memory.
func (t *Table) Nimber(n int) *Game {
	if n < 0 {
		panic("cgt: negative nimber")
	}
	return t.nusGame(Dyadic{}, 0, n)
}

// NUS returns x + n·↑ + *m for m ≥ 0; negative n gives downs. Its
// canonical form is |n| levels deep.
func (t *Table) NUS(x Dyadic, n, m int) *Game {
	if m < 0 {
		panic("cgt: negative nimber")
	}
	return t.nusGame(x, n, m)
}

// nusGame builds the canonical form of x + n↑ + *m from the closed forms
// (Siegel, Combinatorial Game Theory, on ↑ and its multiples):
// x*m = {x, x*, …, x*(m−1) | the same}; x↑* = {x, x* | x}; otherwise, for
// n > 0, x + n↑ + *m = {x | x + (n−1)↑ + *(m⊕1)}, and the mirror image for
// n < 0.
func (t *Table) nusGame(x Dyadic, n, m int) *Game {
	switch {
	case n == 0 && m == 0:
		return t.Num(x)
	case n == 0:
		// Built upwards, each x*i from x, …, x*(i−1), so that each is made
		// once.
		opts := []*Game{t.Num(x)}
		for i := 1; i < m; i++ {
			opts = append(opts, t.intern(slices.Clone(opts), slices.Clone(opts)))
		}
		return t.intern(opts, slices.Clone(opts))
	case n == 1 && m == 1:
		return t.intern([]*Game{t.Num(x), t.nusGame(x, 0, 1)}, []*Game{t.Num(x)})
	case n == -1 && m == 1:
		return t.intern([]*Game{t.Num(x)}, []*Game{t.Num(x), t.nusGame(x, 0, 1)})
	case n > 0:
		return t.intern([]*Game{t.Num(x)}, []*Game{t.nusGame(x, n-1, m^1)})
	}
	return t.intern([]*Game{t.nusGame(x, n+1, m^1)}, []*Game{t.Num(x)})
}

// intern returns the Game with the canonical options L and R, making it if
// it is new. The caller guarantees that {L | R} is a canonical form that is
// not a number.
func (t *Table) intern(L, R []*Game) *Game {
	byID := func(a, b *Game) int { return int(a.id - b.id) }
	slices.SortFunc(L, byID)
	slices.SortFunc(R, byID)
	b := t.keyBuf[:0]
	b = binary.AppendUvarint(b, uint64(len(L)))
	for _, g := range L {
		b = binary.AppendUvarint(b, uint64(g.id))
	}
	for _, g := range R {
		b = binary.AppendUvarint(b, uint64(g.id))
	}
	t.keyBuf = b
	if g, ok := t.byOpts[string(b)]; ok {
		return g
	}
	t.step()
	g := &Game{t: t, id: t.next, left: L, right: R, optsDone: true, birthday: -1}
	t.next++
	g.nus = detectNUS(L, R)
	t.byOpts[string(b)] = g
	return g
}

// detectNUS recognises the canonical forms nusGame builds.
func detectNUS(L, R []*Game) nus {
	allNUS := func(gs []*Game) bool {
		for _, g := range gs {
			if !g.nus.ok {
				return false
			}
		}
		return true
	}
	if !allNUS(L) || !allNUS(R) {
		return nus{}
	}
	// x*m: both sides x, x*, …, x*(m−1).
	if len(L) == len(R) && len(L) > 0 && slices.Equal(L, R) {
		x := L[0].nus.x
		for _, g := range L {
			if g.nus.up != 0 || g.nus.star >= len(L) || !g.nus.x.Equal(x) {
				return nus{}
			}
		}
		return nus{ok: true, x: x, star: len(L)}
	}
	// x↑* = {x, x* | x} and x↓* = {x | x, x*}.
	if pair, one, up := L, R, 1; len(L) == 2 && len(R) == 1 || len(L) == 1 && len(R) == 2 {
		if len(L) == 1 {
			pair, one, up = R, L, -1
		}
		x := one[0]
		if x.isNum && slices.Contains(pair, x) {
			other := pair[0]
			if other == x {
				other = pair[1]
			}
			if other.nus.x.Equal(x.num) && other.nus.up == 0 && other.nus.star == 1 {
				return nus{ok: true, x: x.num, up: up, star: 1}
			}
		}
		return nus{}
	}
	if len(L) != 1 || len(R) != 1 {
		return nus{}
	}
	a, b := L[0], R[0]
	switch {
	case a.isNum && !b.isNum && b.nus.x.Equal(a.num) && b.nus.up >= 0:
		return nus{ok: true, x: a.num, up: b.nus.up + 1, star: b.nus.star ^ 1}
	case b.isNum && !a.isNum && a.nus.x.Equal(b.num) && a.nus.up <= 0:
		return nus{ok: true, x: b.num, up: a.nus.up - 1, star: a.nus.star ^ 1}
	}
	return nus{}
}

// opts returns the canonical options of g, making those of a number on
// first use: a number's options are numbers, built only when an algorithm
// needs them, so that an integer n costs one node and not n.
func (t *Table) opts(g *Game) (left, right []*Game) {
	if !g.optsDone {
		x := g.num
		switch {
		case x.IsInteger() && x.Sign() > 0:
			g.left = []*Game{t.Num(x.Sub(Int(1)))}
		case x.IsInteger() && x.Sign() < 0:
			g.right = []*Game{t.Num(x.Add(Int(1)))}
		case !x.IsInteger():
			d := NewDyadic(1, uint(x.Exp()))
			g.left = []*Game{t.Num(x.Sub(d))}
			g.right = []*Game{t.Num(x.Add(d))}
		}
		g.optsDone = true
	}
	return g.left, g.right
}

// Left returns the canonical Left options of g.
func (g *Game) Left() []*Game {
	l, _ := g.t.opts(g)
	return slices.Clone(l)
}

// Right returns the canonical Right options of g.
func (g *Game) Right() []*Game {
	_, r := g.t.opts(g)
	return slices.Clone(r)
}

// ID returns g's number in its Table, in the order the games were made.
// Two games of one Table are equal exactly when their IDs are, so a
// caller can key its own memo tables by them.
func (g *Game) ID() int { return int(g.id) }

// Number returns the value of g and true when g is a number.
func (g *Game) Number() (Dyadic, bool) { return g.num, g.isNum }

// IsNumber reports whether g is a number.
func (g *Game) IsNumber() bool { return g.isNum }

// IsInteger reports whether g is an integer.
func (g *Game) IsInteger() bool { return g.isNum && g.num.IsInteger() }

// NumberUpStar returns x, n and m when g = x + n·↑ + *m.
func (g *Game) NumberUpStar() (x Dyadic, n, m int, ok bool) {
	return g.nus.x, g.nus.up, g.nus.star, g.nus.ok
}

// maxBirthday is where Birthday saturates: a number is held as its value,
// not as a tree, so 10^22 is a game, born on day 10^22.
const maxBirthday = 1 << 30

// Birthday returns the day g is born: 0 for 0, and one more than the
// latest birthday of its options otherwise (the height of its canonical
// game tree). The integer n is born on day |n|, m/2^k on day
// ⌊|m/2^k|⌋ + k + 1. It saturates at 2^30, far beyond any game whose
// tree fits in memory but not beyond every number; BigBirthday is exact.
func (g *Game) Birthday() int {
	if g.birthday >= 0 {
		return int(g.birthday)
	}
	var b int
	if g.isNum {
		a := g.num
		if a.Sign() < 0 {
			a = a.Neg()
		}
		w, ok := a.Floor().Int64()
		if !ok || w > maxBirthday {
			w = maxBirthday
		}
		b = int(w)
		if !a.IsInteger() {
			b += a.Exp() + 1
		}
	} else {
		for _, o := range g.left {
			b = max(b, o.Birthday()+1)
		}
		for _, o := range g.right {
			b = max(b, o.Birthday()+1)
		}
	}
	b = min(b, maxBirthday)
	g.birthday = int32(b)
	return b
}

// BigBirthday returns g's birthday exactly, where Birthday saturates: only
// games of huge numbers are past it, and only their options past it are
// visited.
func (g *Game) BigBirthday() *big.Int {
	if b := g.Birthday(); b < maxBirthday {
		return big.NewInt(int64(b))
	}
	if g.isNum {
		a := g.num
		if a.Sign() < 0 {
			a = a.Neg()
		}
		b := a.Floor().bigNum()
		if !a.IsInteger() {
			b.Add(b, big.NewInt(int64(a.Exp())+1))
		}
		return b
	}
	b := new(big.Int)
	for _, opts := range [2][]*Game{g.left, g.right} {
		for _, o := range opts {
			if d := o.BigBirthday(); d.Cmp(b) > 0 {
				b = d
			}
		}
	}
	return b.Add(b, big.NewInt(1))
}
