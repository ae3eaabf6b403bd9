package cgt

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// SyntaxError is a mistake in a game's notation: the column (in characters,
// from 1) and what was expected there.
type SyntaxError struct {
	Col int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Limits on what one term of the notation may ask for: *n has n options
// on each side and n↑ is n nodes deep, so larger values would take memory
// without bound before anything is printed.
const (
	maxNimber = 1024
	maxUps    = 1 << 16
)

// Parse reads a game in the notation String and ASCII write, and returns
// its canonical form. It reads
//
//	numbers        3  -7  7/2  3.5  ½  -7½  2¾  (dyadic rationals only)
//	nimbers        *  *2
//	ups and downs  ↑ ^  ⇑ ^^  ↑3 ^3  ↓ v  ⇓ vv  ↓3 v3
//	tiny, miny     ⧾₂ +₂ +_2 tiny(2)   ⧿₃ -₃ −₃ -_3 miny(3)   ⧾_½ +_1/2
//	switches       ±2 = {2|-2}   3±1 = 3 + ±1 = {4|2}
//	braces         {4|0}  {0,*|0}  {|}  {0||0|-2} = {0|{0|-2}} (more bars bind
//	               looser)  {⧿₃|0³} = {{{⧿₃|0}|0}|0}  {0²|⧾₃} = {0|{0|⧾₃}}
//	sums           2* + 4↑ - 7   (2* + 4↑) − 7*   -{1|0}
//
// Terms written side by side add: 2* is 2 + *, 3{⧿₁|0} is 3 + {⧿₁|0}, and a
// leading sign belongs to the first term (−4↓ is −4 + ↓). A number may only
// come first in such a run. Errors are *SyntaxError, naming the column.
func (t *Table) Parse(s string) (*Game, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := parser{t: t, toks: toks}
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if tok := p.peek(); tok.kind != tEOF {
		return nil, p.expected("'+', '-' or the end", tok)
	}
	return g, nil
}

// ParseDyadic reads a number in the notation Parse reads: 2, -3, 0.5,
// 1.25, 1/4, ½, 2¾. A number that is not a dyadic rational is an error
// that says so.
func ParseDyadic(s string) (Dyadic, error) {
	toks, err := lex(s)
	if err != nil {
		return Dyadic{}, err
	}
	neg := false
	i := 0
	if toks[0].kind == tMinus {
		neg, i = true, 1
	}
	if toks[i].kind != tNum || toks[i+1].kind != tEOF {
		return Dyadic{}, &SyntaxError{Col: 1, Msg: fmt.Sprintf("%q is not a number", s)}
	}
	x := toks[i].num
	if neg {
		x = x.Neg()
	}
	return x, nil
}

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tZeroRun // 0 with a superscript count: a side of braces
	tStar
	tUp   // n·↑ (n < 0 for downs)
	tTiny // ⧾ with a subscript n, or with "_" and an atom to follow (n < 0)
	tMiny
	tWord // tiny or miny, with a game in parentheses to follow
	tPM
	tLBrace
	tRBrace
	tComma
	tBars
	tLParen
	tRParen
	tPlus
	tMinus
)

type token struct {
	kind tokKind
	col  int    // the first character's column, from 1
	text string // the source text, for messages
	num  Dyadic
	n    int // count: nimber, ups, bars, zero run, subscript (−1: "_" follows)
}

var vulgarValue = map[rune][2]int64{
	'½': {1, 1}, '¼': {1, 2}, '¾': {3, 2}, '⅛': {1, 3}, '⅜': {3, 3}, '⅝': {5, 3}, '⅞': {7, 3},
}

// lex splits s into tokens, each with its column.
func lex(s string) ([]token, error) {
	rs := []rune(s)
	at := make([]int, 0, len(rs)+1) // the byte offset of each rune
	for i := range s {
		at = append(at, i)
	}
	at = append(at, len(s))
	var toks []token
	i := 0
	digits := func(set string) (string, int) { // the run of digits of set at i
		j := i
		for j < len(rs) && strings.ContainsRune(set, rs[j]) {
			j++
		}
		return string(rs[i:j]), j
	}
	for {
		for i < len(rs) && unicode.IsSpace(rs[i]) {
			i++
		}
		if i == len(rs) {
			return append(toks, token{kind: tEOF, col: i + 1}), nil
		}
		start := i
		tok := token{col: i + 1}
		c := rs[i]
		next := rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case c >= '0' && c <= '9' || vulgarValue[c] != [2]int64{}:
			x, j, err := lexNumber(rs, i)
			if err != nil {
				return nil, err
			}
			tok.kind, tok.num, i = tNum, x, j
			if sup, j := digitsAt(rs, i, supDigits); j > i {
				if string(rs[start:i]) != "0" {
					return nil, &SyntaxError{Col: i + 1, Msg: "a superscript count follows only 0 (0³ is a run of three zeros in braces)"}
				}
				if sup > maxUps {
					return nil, &SyntaxError{Col: i + 1, Msg: fmt.Sprintf("a run of %d zeros is too long (at most %d)", sup, maxUps)}
				}
				tok.kind, tok.n, i = tZeroRun, sup, j
			}
		case c == '*':
			i++
			if d, j := digits("0123456789"); j > i {
				n, err := smallCount(d, maxNimber, tok.col, "nimber")
				if err != nil {
					return nil, err
				}
				tok.n, i = n, j
			} else {
				tok.n = 1
			}
			tok.kind = tStar
		case c == '↑' || c == '^' || c == '↓' || c == '⇑' || c == '⇓' || unicode.IsLetter(c):
			var n int
			switch {
			case c == '^' && next == '^':
				n, i = 2, i+2
			case c == '^' || c == '↑':
				n, i = 1, i+1
			case c == '↓':
				n, i = -1, i+1
			case c == '⇑':
				n, i = 2, i+1
			case c == '⇓':
				n, i = -2, i+1
			default:
				w, j := i, i
				for j < len(rs) && unicode.IsLetter(rs[j]) {
					j++
				}
				word := strings.ToLower(string(rs[w:j]))
				switch word {
				case "v":
					n = -1
				case "vv":
					n = -2
				case "tiny", "miny":
					tok.kind, i = tWord, j
					tok.text = s[at[w]:at[j]]
					toks = append(toks, tok)
					continue
				default:
					return nil, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("unknown word %q (expected a game: a number, *, ↑ (^), ↓ (v), ⧾, ⧿ or braces)", string(rs[w:j]))}
				}
				i = j
			}
			if n == 1 || n == -1 {
				if d, j := digits("0123456789"); j > i {
					k, err := smallCount(d, maxUps, tok.col, "multiple of ↑")
					if err != nil {
						return nil, err
					}
					n, i = n*k, j
				}
			}
			tok.kind, tok.n = tUp, n
		case c == '⧾' || c == '⧿' || (c == '+' || c == '-' || c == '−') && (next == '_' || strings.ContainsRune(subDigits, next)):
			tok.kind = tTiny
			if c == '⧿' || c == '-' || c == '−' {
				tok.kind = tMiny
			}
			i++
			if i < len(rs) && rs[i] == '_' {
				tok.n, i = -1, i+1
			} else if n, j := digitsAt(rs, i, subDigits); j > i {
				tok.n, i = n, j
			} else {
				return nil, &SyntaxError{Col: i + 1, Msg: fmt.Sprintf("expected a subscript after %c (⧾₂, or +_2 in ASCII)", c)}
			}
		case c == '±':
			tok.kind, i = tPM, i+1
		case c == '{':
			tok.kind, i = tLBrace, i+1
		case c == '}':
			tok.kind, i = tRBrace, i+1
		case c == ',':
			tok.kind, i = tComma, i+1
		case c == '(':
			tok.kind, i = tLParen, i+1
		case c == ')':
			tok.kind, i = tRParen, i+1
		case c == '+':
			tok.kind, i = tPlus, i+1
		case c == '-' || c == '−':
			tok.kind, i = tMinus, i+1
		case c == '|' || c == '‖':
			for i < len(rs) && (rs[i] == '|' || rs[i] == '‖') {
				tok.n++
				if rs[i] == '‖' {
					tok.n++
				}
				i++
			}
			tok.kind = tBars
		default:
			return nil, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("unexpected %q", c)}
		}
		tok.text = s[at[start]:at[i]]
		toks = append(toks, tok)
	}
}

// digitsAt reads the run of digits from set (written in order 0…9) at i,
// and returns its value and the index after it (i when there is none).
func digitsAt(rs []rune, i int, set string) (int, int) {
	ds := []rune(set)
	n, j := 0, i
	for ; j < len(rs); j++ {
		k := -1
		for d, r := range ds {
			if rs[j] == r {
				k = d
			}
		}
		if k < 0 || n > 1<<20 {
			break
		}
		n = 10*n + k
	}
	return n, j
}

// smallCount reads the count d of a nimber or of ups, at most limit.
func smallCount(d string, limit, col int, what string) (int, error) {
	n := 0
	for _, c := range d {
		n = 10*n + int(c-'0')
		if n > limit {
			return 0, &SyntaxError{Col: col, Msg: fmt.Sprintf("%s %s is too large (at most %d)", what, d, limit)}
		}
	}
	return n, nil
}

// lexNumber reads a number at rs[i:]: digits, then a fraction "/2^k" or
// decimals ".d" or a fraction glyph (7½); or a lone glyph (½). It returns
// the value and the index after it.
func lexNumber(rs []rune, i int) (Dyadic, int, error) {
	col := i + 1
	j := i
	for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
		j++
	}
	var x Dyadic
	if j > i {
		if n, err := strconv.ParseInt(string(rs[i:j]), 10, 64); err == nil {
			x = Int(n)
		} else {
			b, _ := new(big.Int).SetString(string(rs[i:j]), 10)
			x = normBig(b, 0)
		}
	}
	switch {
	case j < len(rs) && rs[j] == '/' && j > i:
		k := j + 1
		for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
			k++
		}
		if k == j+1 {
			return x, j, &SyntaxError{Col: j + 2, Msg: "expected a denominator after '/'"}
		}
		den, _ := new(big.Int).SetString(string(rs[j+1:k]), 10)
		text := string(rs[i:k])
		if den.Sign() == 0 {
			return x, k, &SyntaxError{Col: col, Msg: fmt.Sprintf("%s divides by zero", text)}
		}
		r := new(big.Rat).SetFrac(x.bigNum(), den)
		e, ok := powerOfTwo(r.Denom())
		if !ok {
			return x, k, &SyntaxError{Col: col, Msg: fmt.Sprintf("%s is not a dyadic rational: its denominator is not a power of 2, and short games only equal numbers m/2^k", text)}
		}
		return normBig(r.Num(), uint64(e)), k, nil
	case j < len(rs) && rs[j] == '.' && j > i:
		k := j + 1
		for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
			k++
		}
		if k == j+1 {
			return x, j, &SyntaxError{Col: j + 2, Msg: "expected digits after '.'"}
		}
		frac := string(rs[j+1 : k])
		num, _ := new(big.Int).SetString(string(rs[i:j])+frac, 10)
		den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(frac))), nil)
		r := new(big.Rat).SetFrac(num, den)
		e, ok := powerOfTwo(r.Denom())
		if !ok {
			return x, k, &SyntaxError{Col: col, Msg: fmt.Sprintf("%s is not a dyadic rational: as a fraction its denominator is not a power of 2, and short games only equal numbers m/2^k", string(rs[i:k]))}
		}
		return normBig(r.Num(), uint64(e)), k, nil
	case j < len(rs) && vulgarValue[rs[j]] != [2]int64{}:
		v := vulgarValue[rs[j]]
		return x.Add(NewDyadic(v[0], uint(v[1]))), j + 1, nil
	}
	return x, j, nil
}

// powerOfTwo returns k when n = 2^k.
func powerOfTwo(n *big.Int) (int, bool) {
	k := n.BitLen() - 1
	return k, k >= 0 && n.TrailingZeroBits() == uint(k)
}

// parser reads tokens into games of t.
type parser struct {
	t    *Table
	toks []token
	pos  int
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) take() token {
	tok := p.toks[p.pos]
	if tok.kind != tEOF {
		p.pos++
	}
	return tok
}

func (p *parser) expected(what string, found token) error {
	text := "the end"
	if found.kind != tEOF {
		text = "'" + found.text + "'"
	}
	return &SyntaxError{Col: found.col, Msg: fmt.Sprintf("expected %s, found %s", what, text)}
}

// expr := term { ('+' | '-') term }
func (p *parser) expr() (*Game, error) {
	g, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek().kind {
		case tPlus:
			p.take()
			h, err := p.term()
			if err != nil {
				return nil, err
			}
			g = p.t.add(g, h)
		case tMinus:
			p.take()
			h, err := p.term()
			if err != nil {
				return nil, err
			}
			g = p.t.add(g, p.t.neg(h))
		default:
			return g, nil
		}
	}
}

// term := ['-'] [number] { atom }, at least one of the two; the sign
// negates the first part only, and the parts add.
func (p *parser) term() (*Game, error) {
	neg := false
	if p.peek().kind == tMinus {
		p.take()
		neg = true
	}
	var parts []*Game
	if p.peek().kind == tNum {
		parts = append(parts, p.t.Num(p.take().num))
	}
	for {
		g, ok, err := p.atom()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		parts = append(parts, g)
	}
	if len(parts) == 0 {
		return nil, p.expected("a game", p.peek())
	}
	if neg {
		parts[0] = p.t.neg(parts[0])
	}
	return p.t.Sum(parts...), nil
}

// atom reads one non-number term, if one comes next.
func (p *parser) atom() (*Game, bool, error) {
	tok := p.peek()
	var g *Game
	var err error
	switch tok.kind {
	case tStar:
		p.take()
		g = p.t.Nimber(tok.n)
	case tUp:
		p.take()
		g = p.t.nusGame(Dyadic{}, tok.n, 0)
	case tTiny, tMiny:
		p.take()
		var sub *Game
		if tok.n >= 0 {
			sub = p.t.Int(int64(tok.n))
		} else if sub, err = p.operand(); err != nil {
			return nil, false, err
		}
		g = p.tinyMiny(sub, tok.kind == tTiny)
	case tWord:
		p.take()
		if p.peek().kind != tLParen {
			return nil, false, p.expected("'(' after "+strings.ToLower(tok.text), p.peek())
		}
		sub, err := p.operand()
		if err != nil {
			return nil, false, err
		}
		g = p.tinyMiny(sub, strings.EqualFold(tok.text, "tiny"))
	case tPM:
		p.take()
		x, err := p.operand()
		if err != nil {
			return nil, false, err
		}
		g = p.t.canon([]*Game{x}, []*Game{p.t.neg(x)})
	case tLBrace:
		p.take()
		if g, err = p.braces(); err != nil {
			return nil, false, err
		}
	case tLParen:
		p.take()
		if g, err = p.expr(); err != nil {
			return nil, false, err
		}
		if p.peek().kind != tRParen {
			return nil, false, p.expected("')'", p.peek())
		}
		p.take()
	case tZeroRun:
		return nil, false, &SyntaxError{Col: tok.col, Msg: "0ⁿ stands only for a whole side of braces, as in {⧿₃|0³}"}
	default:
		return nil, false, nil
	}
	return g, true, nil
}

// operand reads what a subscript, ± or tiny( ) applies to: a number, with
// its sign, or one atom.
func (p *parser) operand() (*Game, error) {
	neg := false
	if p.peek().kind == tMinus {
		p.take()
		neg = true
	}
	var g *Game
	if p.peek().kind == tNum {
		g = p.t.Num(p.take().num)
	} else {
		a, ok, err := p.atom()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.expected("a number or a game in braces or parentheses", p.peek())
		}
		g = a
	}
	if neg {
		g = p.t.neg(g)
	}
	return g, nil
}

// tinyMiny returns ⧾_s = {0 || 0 | −s} or ⧿_s = {s | 0 || 0}.
func (p *parser) tinyMiny(s *Game, tiny bool) *Game {
	t := p.t
	if tiny {
		return t.canon([]*Game{t.zero}, []*Game{t.canon([]*Game{t.zero}, []*Game{t.neg(s)})})
	}
	return t.canon([]*Game{t.canon([]*Game{s}, []*Game{t.zero})}, []*Game{t.zero})
}

// side is one side of braces between separators: a list of options, or a
// run of zeros (0ⁿ).
type side struct {
	opts  []*Game
	zeros int
	col   int
}

// braces reads the inside of {…} after the '{'. Separators of more bars
// bind looser: {a|b||c} is {{a|b}|c}.
func (p *parser) braces() (*Game, error) {
	sides := []side{{col: p.peek().col}}
	var bars []token
	expectOption := true // at the start of a side, or after a comma
	for {
		tok := p.peek()
		cur := &sides[len(sides)-1]
		switch tok.kind {
		case tRBrace:
			if !expectOption || len(cur.opts) == 0 && cur.zeros == 0 {
				p.take()
				if len(bars) == 0 {
					return nil, &SyntaxError{Col: tok.col, Msg: "expected '|' between the options of the two players"}
				}
				return p.build(sides, bars)
			}
			return nil, p.expected("an option after ','", tok)
		case tBars:
			if expectOption && (len(cur.opts) > 0 || cur.zeros > 0) {
				return nil, p.expected("an option after ','", tok)
			}
			p.take()
			bars = append(bars, tok)
			sides = append(sides, side{col: p.peek().col})
			expectOption = true
			continue
		case tComma:
			if expectOption {
				return nil, p.expected("an option before ','", tok)
			}
			if cur.zeros > 0 {
				return nil, &SyntaxError{Col: tok.col, Msg: "0ⁿ must be a whole side of braces"}
			}
			p.take()
			expectOption = true
			continue
		}
		if !expectOption {
			return nil, p.expected("',', '|' or '}'", tok)
		}
		if tok.kind == tZeroRun {
			p.take()
			if len(cur.opts) > 0 {
				return nil, &SyntaxError{Col: tok.col, Msg: "0ⁿ must be a whole side of braces"}
			}
			cur.zeros = tok.n
		} else {
			g, err := p.expr()
			if err != nil {
				return nil, err
			}
			cur.opts = append(cur.opts, g)
		}
		expectOption = false
	}
}

// build makes the game of sides separated by bars: it splits at the
// separator with the most bars, which must be the only one of its weight.
func (p *parser) build(sides []side, bars []token) (*Game, error) {
	top := 0
	for i, b := range bars {
		if b.n > bars[top].n {
			top = i
		}
	}
	for i, b := range bars {
		if i != top && b.n == bars[top].n {
			return nil, &SyntaxError{Col: bars[max(i, top)].col, Msg: fmt.Sprintf("two '%s' separators in one pair of braces: more bars bind looser ({a|b||c} is {{a|b}|c}), or nest braces", strings.Repeat("|", b.n))}
		}
	}
	get := func(ss []side, bs []token) (side, error) {
		if len(bs) == 0 {
			return ss[0], nil
		}
		g, err := p.build(ss, bs)
		return side{opts: []*Game{g}}, err
	}
	left, err := get(sides[:top+1], bars[:top])
	if err != nil {
		return nil, err
	}
	right, err := get(sides[top+1:], bars[top+1:])
	if err != nil {
		return nil, err
	}
	t := p.t
	switch {
	case left.zeros > 0 && right.zeros > 0:
		return nil, &SyntaxError{Col: right.col, Msg: "0ⁿ on both sides is ambiguous: write the braces out"}
	case right.zeros > 0:
		g := t.canon(left.opts, []*Game{t.zero})
		for range right.zeros - 1 {
			g = t.canon([]*Game{g}, []*Game{t.zero})
		}
		return g, nil
	case left.zeros > 0:
		g := t.canon([]*Game{t.zero}, right.opts)
		for range left.zeros - 1 {
			g = t.canon([]*Game{t.zero}, []*Game{g})
		}
		return g, nil
	}
	return t.canon(left.opts, right.opts), nil
}
