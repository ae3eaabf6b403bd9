package cgt

import (
	"slices"
	"strconv"
	"strings"
)

// String writes g as CGSuite's worksheet shows it, in Unicode:
//
//	numbers           3, -7½, 2¾, -⅞, 53/16
//	nimbers           *, *2
//	ups and downs     ↑ = {0|*}, ⇑ = ↑+↑, ↑3 = ↑+↑+↑, ↓, ⇓, ↓3
//	  with a number   2* = 2 + *, 4↑ = 4 + ↑, 3↑* = 3 + ↑ + *, -4↓, ↑3*2
//	up-nth            ↑² = {0|↓*}, ↓₂ = -↑², ↑²* ; ↑[2] = ↑ + ↑² = {↑|*}, ↓[2]
//	switches          ±1 = {1|-1}, ±{1,1*} = {1,1*|-1,-1*}, ±(1*)
//	tiny and miny     ⧾₂ = {0||0|-2}, ⧿₂ = {2|0||0}, 3⧾₂ = 3 + ⧾₂,
//	                  ⧾_½, ⧿_{1|0} = {{1|0}|0||0}
//	other games       {4|2}, {5,{7|3}|1}, and, nested, with more bars for
//	                  the looser separator: {3||2|1} = {3|{2|1}}
//
// These are CGSuite's forms, option for option and in its order of
// options, but for two where its output does not read back as the same
// game: a number plus *n is written 2+*3 (CGSuite's "2*3" reads as 6), and
// a number plus n↑ in ASCII 3+^3 (CGSuite's "3^3" reads as 27). Parse
// reads every form back.
func (g *Game) String() string {
	s, _ := newPrinter(g.t, false).form(g, true, false)
	return s
}

// ASCII writes g as String does, in the ASCII of CGSuite's plain text:
// ^ for ↑, ^^, ^3, v for ↓, vv, v3, ^<2> for ↑², v<2> for ↓₂, ^[2] for
// ↑[2], +- for ±, Tiny(2) for ⧾₂, Miny(2) for ⧿₂, 3Tiny(2) for 3⧾₂,
// Tiny({3|1}) for ⧾_{3|1}, and 7/2 for 3½.
func (g *Game) ASCII() string {
	s, _ := newPrinter(g.t, true).form(g, true, false)
	return s
}

// Braces writes g one level deep: its Left and Right options in braces,
// each in the notation of String (or ASCII), each in braces of its own
// when it has options of its own to write: {0,*|0} for ↑*, {0|} for 1,
// {|} for 0, {{7|3}|1} for {7|3||1}.
func (g *Game) Braces(ascii bool) string {
	p := newPrinter(g.t, ascii)
	L, R := p.sorted(g)
	return "{" + p.list(L) + "|" + p.list(R) + "}"
}

// maxSlashes is where CGSuite stops adding bars: a game whose sides
// would be four bars apart is put in braces, and counts as one term in the
// game around it.
const maxSlashes = 4

// printer writes the games of one Table, remembering what it found out
// about each game for the length of one call.
type printer struct {
	t      *Table
	ascii  bool
	shapes map[*Game]shape
	sorts  map[*Game][2][]*Game
	to     []*Game // ↑[n] = ↑ + ↑² + … + ↑ⁿ, index n
}

func newPrinter(t *Table, ascii bool) *printer {
	return &printer{t: t, ascii: ascii, shapes: map[*Game]shape{}, sorts: map[*Game][2][]*Game{}}
}

// class is what a game is, in the order CGSuite sorts options: numbers,
// then nimbers, then uptimals, then the rest.
type class uint8

const (
	classNumber class = iota
	classNimber
	classUptimal
	classOther
)

// shape is a game's class and, for the first three, its uptimal
// expansion: x + d₁·↑ + d₂·↑² + … + dₖ·↑ᵏ + *m, with dₖ ≠ 0.
type shape struct {
	class class
	x     Dyadic
	coefs []int // d₁ … dₖ
	star  int
}

// unit reports whether the expansion is ±↑ᵏ: one coefficient, ±1.
func (s shape) unit() bool {
	nonzero := 0
	for _, d := range s.coefs {
		switch {
		case d == 1 || d == -1:
			nonzero++
		case d != 0:
			return false
		}
	}
	return nonzero <= 1
}

// unitSum reports whether the expansion is ±↑[k] = ±(↑ + ↑² + … + ↑ᵏ).
func (s shape) unitSum() bool {
	for _, d := range s.coefs {
		if d != s.coefs[0] || d != 1 && d != -1 {
			return false
		}
	}
	return true
}

// named reports whether the uptimal s has a name of its own (3↑*, ↑²,
// ↑[3]); the others are written as their options.
func (s shape) named() bool { return len(s.coefs) <= 1 || s.unit() || s.unitSum() }

// compact reports whether s is written as one symbol, needing no
// parentheses after ±: a number, a nimber, or ups with neither a number
// nor a star.
func (s shape) compact() bool {
	return s.class == classNumber || s.class == classNimber || s.x.Sign() == 0 && s.star == 0
}

// increment returns the expansion of the uptimal whose one Right option
// has expansion s: every coefficient up to the kth gains 1 (those past the
// end of s are 1), and the star flips.
func (s shape) increment(k int) shape {
	c := make([]int, max(k, len(s.coefs)))
	for i := range c {
		if i < len(s.coefs) {
			c[i] = s.coefs[i]
		}
		if i < k {
			c[i]++
		}
	}
	return shape{class: classUptimal, x: s.x, coefs: c, star: s.star ^ 1}
}

func (s shape) neg() shape {
	c := make([]int, len(s.coefs))
	for i, d := range s.coefs {
		c[i] = -d
	}
	return shape{class: s.class, x: s.x.Neg(), coefs: c, star: s.star}
}

// shape classifies g, once.
func (p *printer) shape(g *Game) shape {
	if s, ok := p.shapes[g]; ok {
		return s
	}
	var s shape
	switch {
	case g.isNum:
		s = shape{class: classNumber, x: g.num}
	case g.nus.ok:
		s = shape{class: classUptimal, x: g.nus.x, star: g.nus.star}
		if g.nus.up != 0 {
			s.coefs = []int{g.nus.up}
		} else if s.x.Sign() == 0 {
			s.class = classNimber
		}
	default:
		s = shape{class: classOther}
		if _, ok := p.t.Numberish(g); ok { // uptimals are numbers plus infinitesimals
			if u, ok := p.expansion(g); ok {
				s = u
			} else if u, ok := p.expansion(p.t.neg(g)); ok {
				s = u.neg()
			}
		}
	}
	p.shapes[g] = s
	return s
}

// expansion finds the uptimal expansion of g whose last coefficient is
// positive, if g has one. Such an uptimal has one Right option, itself an
// uptimal, and its expansion is that option's incremented: every
// coefficient up to the kth gains 1, and the star flips, which is adding
// ↑[k]*, for k the length of the option's expansion (when dₖ ≥ 2) or one
// past the longest expansion among the options (dₖ = 1) (Siegel,
// Combinatorial Game Theory, on uptimals; so CGSuite finds them). Each
// candidate is checked by that sum.
func (p *printer) expansion(g *Game) (shape, bool) {
	if len(g.right) != 1 {
		return shape{}, false
	}
	r := p.shape(g.right[0])
	if r.class == classOther {
		return shape{}, false
	}
	longest := len(r.coefs)
	for _, o := range g.left {
		l := p.shape(o)
		if l.class == classOther || !l.x.Equal(r.x) {
			return shape{}, false
		}
		longest = max(longest, len(l.coefs))
	}
	var ks []int
	if n := len(r.coefs); n > 0 && r.coefs[n-1] > 0 {
		ks = append(ks, n)
	}
	for _, k := range append(ks, longest+1) {
		if k > maxPow {
			continue
		}
		if len(p.to) <= k {
			_, p.to = p.t.upPowers(max(k, 2*len(p.to)-2))
		}
		if p.t.add(g.right[0], p.t.add(p.to[k], p.t.star)) == g {
			return r.increment(k), true
		}
	}
	return shape{}, false
}

func (p *printer) num(x Dyadic) string {
	if p.ascii {
		return x.ASCII()
	}
	return x.String()
}

// form writes g. braces puts a game written with bars in braces; parens
// puts a game written as a sum of parts (1↑*, 3⧾₂, ±1) in parentheses, as
// the game after ± is written. It returns the text and, for a game written
// with bars and no braces, the number of bars of its outer separator (0
// otherwise), which the game around it must exceed.
func (p *printer) form(g *Game, braces, parens bool) (string, int) {
	paren := func(s string, need bool) string {
		if parens && need {
			return "(" + s + ")"
		}
		return s
	}
	switch s := p.shape(g); {
	case s.class == classNumber:
		return p.num(s.x), 0
	case s.class != classOther && s.named():
		return paren(p.uptimal(s), !s.compact()), 0
	case s.class != classOther:
		return p.bars(g, braces)
	}
	if g == p.t.neg(g) {
		return paren(p.plusMinus(g), true), 0
	}
	if s, ok := p.tinyMiny(g); ok {
		return paren(s, true), 0
	}
	return p.bars(g, braces)
}

// uptimal writes x + n↑ + *m, x ± ↑ⁿ + *m or x ± ↑[n] + *m.
func (p *printer) uptimal(s shape) string {
	var b strings.Builder
	k := len(s.coefs)
	number := s.x.Sign() != 0 || k == 0 && s.star == 0
	if number {
		b.WriteString(p.num(s.x))
	}
	up, down, dup, ddown := "↑", "↓", "⇑", "⇓"
	if p.ascii {
		up, down, dup, ddown = "^", "v", "^^", "vv"
	}
	n := strconv.Itoa(k)
	switch d := 0; {
	case k == 0:
	case k == 1:
		d = s.coefs[0]
		switch {
		case d == 1:
			b.WriteString(up)
		case d == 2:
			b.WriteString(dup)
		case d > 2 && number && p.ascii:
			b.WriteString("+^" + strconv.Itoa(d)) // 3^3 is 27 to CGSuite
		case d > 2:
			b.WriteString(up + strconv.Itoa(d))
		case d == -1:
			b.WriteString(down)
		case d == -2:
			b.WriteString(ddown)
		default:
			b.WriteString(down + strconv.Itoa(-d))
		}
	case s.unit() && s.coefs[k-1] > 0 && p.ascii:
		b.WriteString("^<" + n + ">")
	case s.unit() && p.ascii:
		b.WriteString("v<" + n + ">")
	case s.unit() && s.coefs[k-1] > 0:
		b.WriteString("↑" + superscript(k))
	case s.unit():
		b.WriteString("↓" + subscript(int64(k)))
	case s.coefs[0] > 0: // a unit sum
		b.WriteString(up + "[" + n + "]")
	default:
		b.WriteString(down + "[" + n + "]")
	}
	switch {
	case s.star == 1:
		b.WriteString("*")
	case s.star > 1 && number && k == 0:
		b.WriteString("+*" + strconv.Itoa(s.star)) // 2*3 is 6 to CGSuite
	case s.star > 1:
		b.WriteString("*" + strconv.Itoa(s.star))
	}
	return b.String()
}

// plusMinus writes the switch g = {G^L | −G^L} as ±G^L, or ±{a,b} for
// several Left options.
func (p *printer) plusMinus(g *Game) string {
	pm := "±"
	if p.ascii {
		pm = "+-"
	}
	L, _ := p.sorted(g)
	if len(L) == 1 {
		s, _ := p.form(L[0], true, true)
		return pm + s
	}
	return pm + "{" + p.list(L) + "}"
}

// tinyMiny writes x + ⧾_G = {x || x | x − G} and x + ⧿_G = {x + G | x || x},
// for a G whose mean is above 0, as CGSuite recognises them: ⧾₂, 3⧾₂,
// ⧾_½, ⧿_{1|0}; in ASCII Tiny(2), 3Tiny(2), Tiny(1/2), Miny({1|0}).
func (p *printer) tinyMiny(g *Game) (string, bool) {
	x, sub, tiny, ok := p.tinyMinyParts(g)
	if !ok {
		return "", false
	}
	var b strings.Builder
	if x.Sign() != 0 {
		b.WriteString(p.num(x))
	}
	if p.ascii {
		s, _ := p.form(sub, true, false)
		word := "Miny"
		if tiny {
			word = "Tiny"
		}
		b.WriteString(word + "(" + s + ")")
		return b.String(), true
	}
	if tiny {
		b.WriteString("⧾")
	} else {
		b.WriteString("⧿")
	}
	switch n, isInt := sub.num.Int64(); {
	case sub.isNum && isInt:
		b.WriteString(subscript(n))
	case sub.isNum:
		b.WriteString("_" + p.num(sub.num))
	default:
		s, _ := p.form(sub, true, false)
		if !strings.HasPrefix(s, "{") {
			s = "(" + s + ")" // ⧾_(1↑): the subscript is one term
		}
		b.WriteString("_" + s)
	}
	return b.String(), true
}

// tinyMiniParts returns x and G when g = x + ⧾_G (tiny) or x + ⧿_G: g is
// {x || x | y} with y's mean below x (G = x − y), or {y | x || x} with y's
// mean above x (G = y − x).
func (p *printer) tinyMinyParts(g *Game) (x Dyadic, sub *Game, tiny, ok bool) {
	if g.isNum || len(g.left) != 1 || len(g.right) != 1 {
		return x, nil, false, false
	}
	a, b := g.left[0], g.right[0]
	switch {
	case a.isNum && !b.isNum && len(b.left) == 1 && len(b.right) == 1 && b.left[0] == a && p.t.Mean(b.right[0]).Cmp(a.num) < 0:
		return a.num, p.t.add(a, p.t.neg(b.right[0])), true, true
	case b.isNum && !a.isNum && len(a.left) == 1 && len(a.right) == 1 && a.right[0] == b && p.t.Mean(a.left[0]).Cmp(b.num) > 0:
		return b.num, p.t.add(a.left[0], p.t.neg(b)), false, true
	}
	return x, nil, false, false
}

// bars writes g as its sides separated by bars, with one more bar than
// the most an option written without braces has: {3||2|1}.
func (p *printer) bars(g *Game, braces bool) (string, int) {
	L, R := p.sorted(g)
	side := func(opts []*Game) (string, int) {
		if len(opts) == 1 {
			s, n := p.form(opts[0], false, false)
			return s, n + 1
		}
		return p.list(opts), 1
	}
	ls, ln := side(L)
	rs, rn := side(R)
	n := max(ln, rn)
	s := ls + strings.Repeat("|", n) + rs
	if braces || n == maxSlashes {
		return "{" + s + "}", 0
	}
	return s, n
}

// list writes options separated by commas, each in braces of its own.
func (p *printer) list(gs []*Game) string {
	s := make([]string, len(gs))
	for i, g := range gs {
		s[i], _ = p.form(g, true, false)
	}
	return strings.Join(s, ",")
}

// sorted returns g's options in CGSuite's order.
func (p *printer) sorted(g *Game) (L, R []*Game) {
	if s, ok := p.sorts[g]; ok {
		return s[0], s[1]
	}
	l, r := p.t.opts(g)
	L, R = slices.Clone(l), slices.Clone(r)
	slices.SortFunc(L, p.order)
	slices.SortFunc(R, p.order)
	p.sorts[g] = [2][]*Game{L, R}
	return L, R
}

// order is CGSuite's order of options: numbers by value, then nimbers,
// then uptimals by number, coefficients of ↑, ↑², … and nimber, then the
// rest by their sorted Left options, then their Right options, compared
// in turn.
func (p *printer) order(a, b *Game) int {
	if a == b {
		return 0
	}
	sa, sb := p.shape(a), p.shape(b)
	if sa.class != sb.class {
		return int(sa.class) - int(sb.class)
	}
	switch sa.class {
	case classNumber:
		return sa.x.Cmp(sb.x)
	case classNimber:
		return sa.star - sb.star
	case classUptimal:
		if c := sa.x.Cmp(sb.x); c != 0 {
			return c
		}
		for k := 0; k < len(sa.coefs) && k < len(sb.coefs); k++ {
			if c := sa.coefs[k] - sb.coefs[k]; c != 0 {
				return c
			}
		}
		if c := len(sa.coefs) - len(sb.coefs); c != 0 {
			return c
		}
		return sa.star - sb.star
	}
	al, ar := p.sorted(a)
	bl, br := p.sorted(b)
	if c := p.orderLists(al, bl); c != 0 {
		return c
	}
	return p.orderLists(ar, br)
}

// orderLists compares two sorted lists of options element by element; a
// list that is a prefix of the other comes first.
func (p *printer) orderLists(a, b []*Game) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := p.order(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
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
