package cgt

import (
	"slices"
	"strconv"
	"strings"
)

// String writes g in the notation of the literature (Unicode):
//
//	numbers         3, -7½, 2¾, -⅞, 53/16
//	nimbers         *, *2
//	ups and downs   ↑ = {0|*}, ⇑ = ↑+↑, ↑3 = ↑+↑+↑, ↓, ⇓, ↓3
//	sums with them  2* = 2+*, 4↑ = 4+↑, 3↑* = 3+↑+*, -4↓, ↑3*2
//	tiny and miny   ⧾₂ = {0||0|-2}, ⧿₃ = {3|0||0}, 3⧾₂ = 3+⧾₂, ⧾_½
//	other games     {4|0}, {0,*|0} (were it not ↑*), {6|{4|0}}
//	number + small  3{⧿₁|0} = 3 + {⧿₁|0}: a game infinitesimally close to 3
//	runs of zeros   {⧿₃|0³} = {{{⧿₃|0}|0}|0}, {0²|⧾₃} = {0|{0|⧾₃}}
//
// A number written before other terms adds to them; a sign belongs to the
// number. The runs of zeros are the superscript shorthand of Nakamura's
// slides for games that hand the move back and forth at 0.
func (g *Game) String() string {
	p := printer{t: g.t}
	return p.game(g)
}

// ASCII writes g in the same notation in ASCII, as CGSuite's plain text
// does: ^ for ↑, ^^, ^3, v for ↓, vv, v3, +_2 for ⧾₂, -_3 for ⧿₃, 7/2 for
// 3½, and runs of zeros written out in braces.
func (g *Game) ASCII() string {
	p := printer{t: g.t, ascii: true}
	return p.game(g)
}

// Braces writes g one level deep: its Left and Right options in braces,
// each in the notation of String (or ASCII): {0,*|0} for ↑*, {0|} for 1,
// {|} for 0.
func (g *Game) Braces(ascii bool) string {
	p := printer{t: g.t, ascii: ascii}
	L, R := g.t.opts(g)
	return "{" + p.list(L) + "|" + p.list(R) + "}"
}

// printer writes games in one of the two notations.
type printer struct {
	t     *Table
	ascii bool
}

func (p printer) num(x Dyadic) string {
	if p.ascii {
		return x.ASCII()
	}
	return x.String()
}

func (p printer) game(g *Game) string {
	if g.nus.ok {
		return p.nus(g.nus)
	}
	if s, ok := p.tinyMiny(g); ok {
		return s
	}
	if x, ok := p.t.Numberish(g); ok && x.Sign() != 0 {
		return p.num(x) + p.braces(p.t.add(g, p.t.Num(x.Neg())))
	}
	return p.braces(g)
}

// nus writes x + n↑ + *m.
func (p printer) nus(v nus) string {
	var b strings.Builder
	if v.x.Sign() != 0 || v.up == 0 && v.star == 0 {
		b.WriteString(p.num(v.x))
	}
	up, down, dup, ddown := "↑", "↓", "⇑", "⇓"
	if p.ascii {
		up, down, dup, ddown = "^", "v", "^^", "vv"
	}
	switch n := v.up; {
	case n == 1:
		b.WriteString(up)
	case n == 2:
		b.WriteString(dup)
	case n > 2:
		b.WriteString(up + strconv.Itoa(n))
	case n == -1:
		b.WriteString(down)
	case n == -2:
		b.WriteString(ddown)
	case n < -2:
		b.WriteString(down + strconv.Itoa(-n))
	}
	if v.star > 0 {
		b.WriteString("*")
		if v.star > 1 {
			b.WriteString(strconv.Itoa(v.star))
		}
	}
	return b.String()
}

// tinyMiny recognises x + ⧾_s = {x || x | x − s} and x + ⧿_s =
// {x + s | x || x} for a number s > 0.
func (p printer) tinyMiny(g *Game) (string, bool) {
	x, s, tiny, ok := tinyMinyParts(g)
	if !ok {
		return "", false
	}
	var b strings.Builder
	if x.Sign() != 0 {
		b.WriteString(p.num(x))
	}
	switch {
	case p.ascii && tiny:
		b.WriteString("+_")
	case p.ascii:
		b.WriteString("-_")
	case tiny:
		b.WriteString("⧾")
	default:
		b.WriteString("⧿")
	}
	if n, ok := s.Int64(); ok && !p.ascii {
		b.WriteString(subscript(n))
	} else {
		if !p.ascii {
			b.WriteString("_")
		}
		b.WriteString(p.num(s))
	}
	return b.String(), true
}

// tinyMinyParts returns x and s when g = x + ⧾_s (tiny) or x + ⧿_s.
func tinyMinyParts(g *Game) (x, s Dyadic, tiny, ok bool) {
	if g.isNum || len(g.left) != 1 || len(g.right) != 1 {
		return x, s, false, false
	}
	a, b := g.left[0], g.right[0]
	switch {
	case a.isNum && !b.isNum && len(b.left) == 1 && len(b.right) == 1 && b.left[0] == a && b.right[0].isNum:
		s = a.num.Sub(b.right[0].num)
		return a.num, s, true, s.Sign() > 0
	case b.isNum && !a.isNum && len(a.left) == 1 && len(a.right) == 1 && a.right[0] == b && a.left[0].isNum:
		s = a.left[0].num.Sub(b.num)
		return b.num, s, false, s.Sign() > 0
	}
	return x, s, false, false
}

// braces writes {L | R}, with the options in display order.
func (p printer) braces(g *Game) string {
	if !p.ascii {
		if n, core := p.zeroRun(g, false); n >= 2 {
			return "{" + p.game(core) + "|0" + superscript(n) + "}"
		}
		if n, core := p.zeroRun(g, true); n >= 2 {
			return "{0" + superscript(n) + "|" + p.game(core) + "}"
		}
	}
	L, R := p.t.opts(g)
	return "{" + p.list(L) + "|" + p.list(R) + "}"
}

// zeroRun counts the levels of g = {{…{core|0}…|0}|0} (or, onLeft, of
// {0|{0|…{0|core}}}), stopping at a core that prints as a unit.
func (p printer) zeroRun(g *Game, onLeft bool) (int, *Game) {
	n := 0
	for !g.isNum && len(g.left) == 1 && len(g.right) == 1 {
		next, zero := g.left[0], g.right[0]
		if onLeft {
			next, zero = zero, next
		}
		if zero != p.t.zero || n > 0 && p.unit(g) {
			break
		}
		n++
		g = next
	}
	return n, g
}

// unit reports whether g prints as one term rather than as braces.
func (p printer) unit(g *Game) bool {
	if g.nus.ok {
		return true
	}
	if _, _, _, ok := tinyMinyParts(g); ok {
		return true
	}
	x, ok := p.t.Numberish(g)
	return ok && x.Sign() != 0
}

func (p printer) list(gs []*Game) string {
	gs = slices.Clone(gs)
	slices.SortFunc(gs, p.displayOrder)
	s := make([]string, len(gs))
	for i, g := range gs {
		s[i] = p.game(g)
	}
	return strings.Join(s, ",")
}

// displayOrder sorts options for printing the same whatever order the
// table made them in: numbers by value, then x + n↑ + *m by x, n and m,
// then the rest by birthday and text.
func (p printer) displayOrder(a, b *Game) int {
	switch {
	case a.isNum && b.isNum:
		return a.num.Cmp(b.num)
	case a.isNum != b.isNum:
		if a.isNum {
			return -1
		}
		return 1
	case a.nus.ok && b.nus.ok:
		if c := a.nus.x.Cmp(b.nus.x); c != 0 {
			return c
		}
		if a.nus.up != b.nus.up {
			return a.nus.up - b.nus.up
		}
		return a.nus.star - b.nus.star
	case a.nus.ok != b.nus.ok:
		if a.nus.ok {
			return -1
		}
		return 1
	}
	if d := a.Birthday() - b.Birthday(); d != 0 {
		return d
	}
	return strings.Compare(p.game(a), p.game(b))
}

const (
	subDigits = "₀₁₂₃₄₅₆₇₈₉"
	supDigits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
)

// subscript writes n ≥ 0 in subscript digits.
func subscript(n int64) string { return mapDigits(n, []rune(subDigits)) }

// superscript writes n ≥ 0 in superscript digits.
func superscript(n int) string { return mapDigits(int64(n), []rune(supDigits)) }

func mapDigits(n int64, digits []rune) string {
	var b strings.Builder
	for _, c := range strconv.FormatInt(n, 10) {
		b.WriteRune(digits[c-'0'])
	}
	return b.String()
}
