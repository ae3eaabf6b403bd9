package cgt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// This file checks the package against play itself. A tree is a game
// written out in full, with no simplification; wins plays every line of
// a sum of trees to the end (a plain minimax, memoised by position) and
// shares no code with the package, whose answers it judges.

// tree is a literal game form.
type tree struct {
	id   int
	L, R []*tree
}

// forest hands out trees with distinct ids and remembers the positions
// wins has solved.
type forest struct {
	next int
	memo map[position]bool
}

// position is a sum of at most three trees, with the player to move.
type position struct {
	ids  [3]int
	left bool
}

func newForest() *forest { return &forest{memo: map[position]bool{}} }

func (f *forest) node(L, R []*tree) *tree {
	f.next++
	return &tree{id: f.next, L: L, R: R}
}

// integer returns the literal form of n: {n−1|} or {|n+1}, down to 0.
func (f *forest) integer(n int) *tree {
	g := f.node(nil, nil)
	for i := 1; i <= n; i++ {
		g = f.node([]*tree{g}, nil)
	}
	for i := -1; i >= n; i-- {
		g = f.node(nil, []*tree{g})
	}
	return g
}

// random returns a random tree of the given depth, with integer leaves and
// up to three options a side.
func (f *forest) random(r *rand.Rand, depth int) *tree {
	if depth == 0 || r.IntN(6) == 0 {
		return f.integer(r.IntN(7) - 3)
	}
	opts := func() []*tree {
		n := []int{0, 1, 1, 1, 2, 2, 3}[r.IntN(7)]
		var out []*tree
		for range n {
			out = append(out, f.random(r, depth-1))
		}
		return out
	}
	return f.node(opts(), opts())
}

// neg returns the literal negative of g, the players' roles exchanged.
func (f *forest) neg(g *tree) *tree {
	var L, R []*tree
	for _, o := range g.R {
		L = append(L, f.neg(o))
	}
	for _, o := range g.L {
		R = append(R, f.neg(o))
	}
	return f.node(L, R)
}

// fromGame writes a canonical game of the package out as a tree, through
// its exported options only.
func (f *forest) fromGame(g *Game) *tree {
	var L, R []*tree
	for _, o := range g.Left() {
		L = append(L, f.fromGame(o))
	}
	for _, o := range g.Right() {
		R = append(R, f.fromGame(o))
	}
	return f.node(L, R)
}

// wins reports whether the player to move (Left when left) wins the sum
// of the trees: whether some move leaves a sum the opponent, to move,
// loses.
func (f *forest) wins(sum []*tree, left bool) bool {
	k := position{left: left}
	for i, g := range sum {
		k.ids[i] = g.id
	}
	if w, ok := f.memo[k]; ok {
		return w
	}
	w := false
	for i, g := range sum {
		opts := g.R
		if left {
			opts = g.L
		}
		for _, o := range opts {
			next := append(append(append([]*tree{}, sum[:i]...), o), sum[i+1:]...)
			if !f.wins(next, !left) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	f.memo[k] = w
	return w
}

// outcome is the outcome class of the sum, by play.
func (f *forest) outcome(sum ...*tree) Outcome {
	leftFirst, rightFirst := f.wins(sum, true), f.wins(sum, false)
	switch {
	case leftFirst && rightFirst:
		return FirstWins
	case leftFirst:
		return LeftWins
	case rightFirst:
		return RightWins
	}
	return SecondWins
}

// randomAllSmall returns a random all-small game of at most depth
// levels: 0 with odds 1 in zeroOdds (and always at depth 0), else
// a game of one or two Left and one or two Right options one level down.
func randomAllSmall(tb *Table, r *rand.Rand, depth, zeroOdds int) *Game {
	if depth == 0 || r.IntN(zeroOdds) == 0 {
		return tb.Zero()
	}
	var L, R []*Game
	for range 1 + r.IntN(2) {
		L = append(L, randomAllSmall(tb, r, depth-1, zeroOdds))
	}
	for range 1 + r.IntN(2) {
		R = append(R, randomAllSmall(tb, r, depth-1, zeroOdds))
	}
	return tb.New(L, R)
}

// canonOf builds the canonical form of a tree with the package.
func canonOf(t *Table, g *tree) *Game {
	var L, R []*Game
	for _, o := range g.L {
		L = append(L, canonOf(t, o))
	}
	for _, o := range g.R {
		R = append(R, canonOf(t, o))
	}
	return t.New(L, R)
}

// relationOf is how G compares with H, from the outcome of G − H.
func relationOf(o Outcome) Relation {
	return [...]Relation{SecondWins: Equal, LeftWins: Greater, RightWins: Less, FirstWins: Confused}[o]
}

func TestAgainstPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tb := NewTable()
	f := newForest()
	const singles = 2500
	var gs []*tree
	var cs []*Game
	for i := range singles {
		g := f.random(r, 2+i%3)
		c := canonOf(tb, g)
		gs, cs = append(gs, g), append(cs, c)
		if got, want := tb.Outcome(c), f.outcome(g); got != want {
			t.Fatalf("%s: canonical outcome %s, play says %s", c, got, want)
		}
		// The canonical form is the same game: G − C is a second-player win.
		if o := f.outcome(g, f.neg(f.fromGame(c))); o != SecondWins {
			t.Fatalf("G − %s is %s by play, not 0", c, o)
		}
		if s := tb.Add(c, tb.Neg(c)); s != tb.Zero() {
			t.Fatalf("%s + −(%s) = %s", c, c, s)
		}
		if o := f.outcome(g, f.neg(g)); o != SecondWins {
			t.Fatalf("G + (−G) is %s by play", o)
		}
		if z, _ := tb.Cool(c, Dyadic{}); z != c {
			t.Fatalf("%s cooled by 0 is %s", c, z)
		}
	}
	pairs := 0
	for i := 0; i+1 < singles; i += 2 {
		g, h, a, b := gs[i], gs[i+1], cs[i], cs[i+1]
		s := tb.Add(a, b)
		if s != tb.Add(b, a) {
			t.Fatalf("%s + %s does not commute", a, b)
		}
		if got, want := tb.Outcome(s), f.outcome(g, h); got != want {
			t.Fatalf("%s + %s = %s: outcome %s, play says %s", a, b, s, got, want)
		}
		if o := f.outcome(g, h, f.neg(f.fromGame(s))); o != SecondWins {
			t.Fatalf("G + H − (%s) is %s by play, not 0", s, o)
		}
		if got, want := tb.Compare(a, b), relationOf(f.outcome(g, f.neg(h))); got != want {
			t.Fatalf("%s %s %s, but play says %s", a, got, b, want)
		}
		pairs++
	}
	triples := 0
	for i := 0; i+2 < 600; i += 3 {
		a, b, c := cs[i], cs[i+1], cs[i+2]
		if x, y := tb.Add(tb.Add(a, b), c), tb.Add(a, tb.Add(b, c)); x != y {
			t.Fatalf("(%s + %s) + %s = %s but %s + (%s + %s) = %s", a, b, c, x, a, b, c, y)
		}
		if got, want := tb.Outcome(tb.Sum(a, b, c)), f.outcome(gs[i], gs[i+1], gs[i+2]); got != want {
			t.Fatalf("%s + %s + %s: outcome %s, play says %s", a, b, c, got, want)
		}
		triples++
	}
	t.Logf("checked %d games, %d sums of two and %d of three against exhaustive play", singles, pairs, triples)
}

// TestShortcutsAgainstRecursion builds the same games in a table that adds
// and compares x + n↑ + *m in closed form and in one that uses the general
// recursions only; the canonical forms must agree.
func TestShortcutsAgainstRecursion(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fast, slow := NewTable(), NewTable()
	slow.noShortcuts = true
	f := newForest()
	var prevFast, prevSlow *Game
	for i := range 1500 {
		g := f.random(r, 2+i%3)
		a, b := canonOf(fast, g), canonOf(slow, g)
		if form(a) != form(b) {
			t.Fatalf("%s: %s with shortcuts, %s without", a, form(a), form(b))
		}
		if prevFast != nil {
			s, u := fast.Add(a, prevFast), slow.Add(b, prevSlow)
			if form(s) != form(u) {
				t.Fatalf("sum: %s with shortcuts, %s without", form(s), form(u))
			}
			if x, y := fast.Compare(a, prevFast), slow.Compare(b, prevSlow); x != y {
				t.Fatalf("compare: %s with shortcuts, %s without", x, y)
			}
		}
		prevFast, prevSlow = a, b
	}
	// The closed forms themselves: every x + n↑ + *m built by nusGame is
	// the sum of its parts in the general recursion.
	for n := -4; n <= 4; n++ {
		for m := 0; m <= 5; m++ {
			want := slow.Sum(slow.Num(NewDyadic(-3, 1)), slow.nusGame(Dyadic{}, n, 0), slow.Nimber(m))
			if got := fast.NUS(NewDyadic(-3, 1), n, m); form(got) != form(want) {
				t.Errorf("NUS(-3/2, %d, %d) = %s, the recursion gives %s", n, m, form(got), form(want))
			}
		}
	}
}

// form writes a canonical game as plain nested braces, numbers as numbers.
func form(g *Game) string {
	if x, ok := g.Number(); ok {
		return x.ASCII()
	}
	var b strings.Builder
	b.WriteString("{")
	for i, o := range g.Left() {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(form(o))
	}
	b.WriteString("|")
	for i, o := range g.Right() {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(form(o))
	}
	b.WriteString("}")
	return b.String()
}

// TestRandomInvariants checks, over random canonical games, what the
// theory promises: means and cooling add, walls are ordered and meet at the
// mast, printing and parsing round-trip.
func TestRandomInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tb := NewTable()
	f := newForest()
	temps := []Dyadic{NewDyadic(1, 1), Int(1), NewDyadic(3, 1), Int(2)}
	var prev *Game
	for i := range 1500 {
		g := canonOf(tb, f.random(r, 2+i%3))
		th := tb.Thermograph(g)
		for _, w := range [][]Point{th.Left.Points, th.Right.Points} {
			if !w[0].T.Equal(Int(-1)) || !w[len(w)-1].T.Equal(th.Temperature) || !w[len(w)-1].V.Equal(th.Mast) {
				t.Fatalf("%s: a wall %v does not run from t = −1 to the mast (%s, %s)", g, w, th.Temperature, th.Mast)
			}
		}
		for _, p := range append(th.Left.Points, th.Right.Points...) {
			if th.Left.At(p.T).Cmp(th.Right.At(p.T)) < 0 {
				t.Fatalf("%s: left wall below right wall at t = %s", g, p.T)
			}
		}
		if ls, rs := tb.LeftStop(g), tb.RightStop(g); !th.Left.At(Int(0)).Equal(ls) && th.Temperature.Sign() >= 0 || !th.Right.At(Int(0)).Equal(rs) && th.Temperature.Sign() >= 0 {
			t.Fatalf("%s: walls at t = 0 are %s and %s, stops %s and %s", g, th.Left.At(Int(0)), th.Right.At(Int(0)), ls, rs)
		}
		for _, s := range []string{g.String(), g.ASCII()} {
			back, err := tb.Parse(s)
			if err != nil || back != g {
				t.Fatalf("%s printed as %q parses back to %v (%v)", form(g), s, back, err)
			}
		}
		if prev != nil {
			sum := tb.Add(g, prev)
			if got, want := tb.Mean(sum), tb.Mean(g).Add(tb.Mean(prev)); !got.Equal(want) {
				t.Fatalf("mean(%s + %s) = %s, not %s", g, prev, got, want)
			}
			for _, temp := range temps {
				a, _ := tb.Cool(sum, temp)
				b, _ := tb.Cool(g, temp)
				c, _ := tb.Cool(prev, temp)
				if tb.Add(b, c) != a {
					t.Fatalf("(%s + %s) cooled by %s is %s, but the cooled parts add to %s", g, prev, temp, a, tb.Add(b, c))
				}
			}
		}
		prev = g
	}
}

// TestAllSmallWeightsAdd: on all-small games the atomic weight calculus
// is exact, and weights add.
func TestAllSmallWeightsAdd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tb := NewTable()
	allSmall := func(depth int) *Game { return randomAllSmall(tb, r, depth, 3) }
	checked := 0
	for range 400 {
		g, h := allSmall(4), allSmall(4)
		wg, err1 := tb.AtomicWeight(g)
		wh, err2 := tb.AtomicWeight(h)
		ws, err3 := tb.AtomicWeight(tb.Add(g, h))
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("all-small games without a weight: %v %v %v", err1, err2, err3)
		}
		if tb.Add(wg, wh) != ws {
			t.Fatalf("aw(%s) = %s, aw(%s) = %s, but aw of the sum is %s", g, wg, h, wh, ws)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no games")
	}
}
