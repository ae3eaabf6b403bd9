package cgt

import (
	"slices"
	"strings"
)

// LeftStop returns the number play in g reaches when Left starts and both
// players move alternately until a number is reached, each stopping it as
// well as they can: x for a number x, otherwise the greatest right stop of
// a Left option.
func (t *Table) LeftStop(g *Game) Dyadic {
	t.own(g)
	return t.stopsOf(g)[0]
}

// RightStop is LeftStop with Right starting: the least left stop of a
// Right option.
func (t *Table) RightStop(g *Game) Dyadic {
	t.own(g)
	return t.stopsOf(g)[1]
}

// Numberish returns x and true when g is infinitesimally close to the
// number x (its stops are equal): a number, or a number plus an
// infinitesimal such as 3↑* or 3{⧿₁|0}.
func (t *Table) Numberish(g *Game) (Dyadic, bool) {
	t.own(g)
	s := t.stopsOf(g)
	return s[0], s[0].Equal(s[1])
}

func (t *Table) stopsOf(g *Game) *[2]Dyadic {
	if g.stops != nil {
		return g.stops
	}
	var s [2]Dyadic
	switch {
	case g.nus.ok:
		s = [2]Dyadic{g.nus.x, g.nus.x}
	default:
		for i, gl := range g.left {
			if r := t.stopsOf(gl)[1]; i == 0 || r.Cmp(s[0]) > 0 {
				s[0] = r
			}
		}
		for i, gr := range g.right {
			if l := t.stopsOf(gr)[0]; i == 0 || l.Cmp(s[1]) < 0 {
				s[1] = l
			}
		}
	}
	g.stops = &s
	return g.stops
}

// Point is a corner of a thermograph wall: the wall has value V at
// temperature T.
type Point struct{ T, V Dyadic }

// Wall is one side of a thermograph: a value as a function of the
// temperature t ≥ −1, linear between its Points (sorted by T, the first at
// t = −1) and constant after the last. A left wall only falls as t grows
// (its slopes are 0 or −1), a right wall only rises (0 or +1).
type Wall struct{ Points []Point }

// At returns the wall's value at temperature t ≥ −1.
func (w Wall) At(t Dyadic) Dyadic {
	return w.pl().at(t)
}

// String writes the wall's corners as (t, value) pairs.
func (w Wall) String() string {
	var b strings.Builder
	for i, p := range w.Points {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString("(" + p.T.String() + ", " + p.V.String() + ")")
	}
	return b.String()
}

// Thermograph is the picture of how a game cools (WW, Lessons in Play
// and Siegel, on hot games). If every move is taxed t, the left wall
// L(t) is the score Left secures moving first and the right wall R(t) the
// score Right secures moving first. As t rises the walls close in, and at
// the temperature they meet: above it neither player wants to move, and the
// thermograph is a vertical mast at the mean, the game's value as a number.
//
// Recursively, L(t) = max over G^L of R_{G^L}(t) − t and R(t) = min over
// G^R of L_{G^R}(t) + t, up to the first t at which they meet; an integer
// n has the mast n all the way down, from t = −1.
type Thermograph struct {
	Left, Right Wall
	// Temperature is where the walls meet: how much a move is worth. It
	// is 0 for a number plus a non-zero infinitesimal, −1/2^k for a number
	// m/2^k (k ≥ 1) and −1 for an integer.
	Temperature Dyadic
	// Mast is the mean: the value of G + G + … + G (n times), less n·Mast,
	// stays bounded as n grows.
	Mast Dyadic
}

// Thermograph returns g's thermograph.
func (t *Table) Thermograph(g *Game) Thermograph {
	t.own(g)
	th := t.thermograph(g)
	return Thermograph{
		Left:        Wall{slices.Clone(th.Left.Points)},
		Right:       Wall{slices.Clone(th.Right.Points)},
		Temperature: th.Temperature,
		Mast:        th.Mast,
	}
}

// Mean returns g's mean value, the mast of its thermograph.
func (t *Table) Mean(g *Game) Dyadic {
	t.own(g)
	return t.thermograph(g).Mast
}

// Temperature returns g's temperature, where its thermograph's walls meet.
func (t *Table) Temperature(g *Game) Dyadic {
	t.own(g)
	return t.thermograph(g).Temperature
}

var minusOne = Int(-1)

func (t *Table) thermograph(g *Game) *Thermograph {
	if g.thermo != nil {
		return g.thermo
	}
	var th Thermograph
	if g.IsInteger() {
		w := Wall{[]Point{{minusOne, g.num}}}
		th = Thermograph{Left: w, Right: w, Temperature: minusOne, Mast: g.num}
	} else {
		L, R := t.opts(g)
		// A side's scaffold combines the facing walls of its options:
		// the right walls of Left's, the left walls of Right's.
		scaffold := func(opts []*Game, wall int, left bool) pl {
			var s pl
			for i, o := range opts {
				w := t.wallsOf(o)[wall]
				if i == 0 {
					s = w
				} else {
					s = combine(s, w, left)
				}
			}
			return s
		}
		scaffL, scaffR := scaffold(L, 1, true), scaffold(R, 0, false)
		th = meet(scaffL.tilt(-1), scaffR.tilt(1))
	}
	t.step()
	g.thermo = &th
	return g.thermo
}

// wallsOf returns g's thermograph's left and right walls as functions.
// They are shared: no caller may change them.
func (t *Table) wallsOf(g *Game) *[2]pl {
	if g.walls == nil {
		th := t.thermograph(g)
		g.walls = &[2]pl{th.Left.pl(), th.Right.pl()}
	}
	return g.walls
}

// pl is a piecewise-linear function on [−1, ∞): linear from t[i] with
// slope s[i] up to t[i+1], and with slope s[last] beyond the last point.
// Slopes are small integers (−1, 0, 1 on a thermograph's scaffolds), so
// every crossing of two such functions is a dyadic rational.
type pl struct {
	t, v []Dyadic
	s    []int
}

// pl returns the wall as a function, with its final constant piece.
func (w Wall) pl() pl {
	var f pl
	for i, p := range w.Points {
		f.t = append(f.t, p.T)
		f.v = append(f.v, p.V)
		s := 0
		if i+1 < len(w.Points) {
			q := w.Points[i+1]
			s = slope(q.V.Sub(p.V), q.T.Sub(p.T))
		}
		f.s = append(f.s, s)
	}
	return f
}

// slope returns dv/dt, an integer on a wall.
func slope(dv, dt Dyadic) int {
	for s := -2; s <= 2; s++ {
		if dt.MulInt(int64(s)).Equal(dv) {
			return s
		}
	}
	panic("cgt: a wall segment of slope other than −2…2")
}

// at evaluates f at x ≥ −1.
func (f pl) at(x Dyadic) Dyadic {
	i := 0
	for i+1 < len(f.t) && f.t[i+1].Cmp(x) <= 0 {
		i++
	}
	return f.v[i].Add(x.Sub(f.t[i]).MulInt(int64(f.s[i])))
}

// seg returns the index of the piece of f that holds x.
func (f pl) seg(x Dyadic) int {
	i := 0
	for i+1 < len(f.t) && f.t[i+1].Cmp(x) <= 0 {
		i++
	}
	return i
}

// tilt returns f(t) + k·t.
func (f pl) tilt(k int) pl {
	g := pl{t: slices.Clone(f.t), v: make([]Dyadic, len(f.v)), s: make([]int, len(f.s))}
	for i := range f.t {
		g.v[i] = f.v[i].Add(f.t[i].MulInt(int64(k)))
		g.s[i] = f.s[i] + k
	}
	return g
}

// breaks returns the union of the breakpoints of f and g, sorted.
func breaks(f, g pl) []Dyadic {
	ts := append(slices.Clone(f.t), g.t...)
	slices.SortFunc(ts, Dyadic.Cmp)
	return slices.CompactFunc(ts, Dyadic.Equal)
}

// crossing returns where f(p) + fs·(x − p) = g(p) + gs·(x − p), given
// d = f(p) − g(p) and fs ≠ gs.
func crossing(p, d Dyadic, fs, gs int) Dyadic {
	switch fs - gs {
	case 1:
		return p.Sub(d)
	case -1:
		return p.Add(d)
	case 2:
		return p.Sub(d.Ldexp(-1))
	case -2:
		return p.Add(d.Ldexp(-1))
	}
	panic("cgt: wall slopes differ by more than 2")
}

// combine returns the pointwise maximum (or minimum) of f and g.
func combine(f, g pl, isMax bool) pl {
	var out pl
	add := func(x, v Dyadic, s int) {
		n := len(out.t)
		if n > 0 && out.s[n-1] == s {
			return // the same line continues
		}
		out.t, out.v, out.s = append(out.t, x), append(out.v, v), append(out.s, s)
	}
	better := func(a, b Dyadic) bool { // a beats b
		if isMax {
			return a.Cmp(b) > 0
		}
		return a.Cmp(b) < 0
	}
	ts := breaks(f, g)
	for k, p := range ts {
		fi, gi := f.seg(p), g.seg(p)
		fv, gv := f.at(p), g.at(p)
		fs, gs := f.s[fi], g.s[gi]
		// Which function leads just after p: the better value, or on a
		// tie the better slope.
		fLeads := better(fv, gv) || fv.Equal(gv) && (isMax && fs >= gs || !isMax && fs <= gs)
		if fLeads {
			add(p, fv, fs)
		} else {
			add(p, gv, gs)
		}
		if fs == gs || fv.Equal(gv) {
			continue
		}
		x := crossing(p, fv.Sub(gv), fs, gs)
		if x.Cmp(p) <= 0 || k+1 < len(ts) && x.Cmp(ts[k+1]) >= 0 {
			continue
		}
		if fLeads {
			add(x, g.at(x), gs)
		} else {
			add(x, f.at(x), fs)
		}
	}
	return out
}

// meet returns the thermograph whose left scaffold is left and right
// scaffold right: the walls follow them up to the first temperature τ at
// which left ≤ right, and a mast stands above.
func meet(left, right pl) Thermograph {
	ts := breaks(left, right)
	tau := ts[0]
	found := false
	for k, p := range ts {
		d := left.at(p).Sub(right.at(p))
		if d.Sign() <= 0 {
			tau, found = p, true
			break
		}
		ds := left.s[left.seg(p)] - right.s[right.seg(p)]
		if ds >= 0 {
			continue
		}
		x := crossing(p, d, left.s[left.seg(p)], right.s[right.seg(p)])
		if k+1 == len(ts) || x.Cmp(ts[k+1]) < 0 {
			tau, found = x, true
			break
		}
	}
	if !found {
		panic("cgt: thermograph walls never meet") // the scaffolds' final slopes are −1 and +1
	}
	// For a canonical form the scaffolds meet exactly at τ; the left one is
	// the mast.
	mast := left.at(tau)
	return Thermograph{
		Left:        truncate(left, tau),
		Right:       truncate(right, tau),
		Temperature: tau,
		Mast:        mast,
	}
}

// truncate returns f's corners up to tau, ending at (tau, f(tau)).
func truncate(f pl, tau Dyadic) Wall {
	var w Wall
	for i, x := range f.t {
		if x.Cmp(tau) >= 0 {
			break
		}
		w.Points = append(w.Points, Point{x, f.v[i]})
	}
	end := Point{tau, f.at(tau)}
	if n := len(w.Points); n >= 2 {
		// The last corner kept is no corner if the line runs straight on
		// to the end.
		a, b := w.Points[n-2], w.Points[n-1]
		if slope(b.V.Sub(a.V), b.T.Sub(a.T)) == slope(end.V.Sub(b.V), end.T.Sub(b.T)) {
			w.Points = w.Points[:n-1]
		}
	}
	w.Points = append(w.Points, end)
	return w
}
