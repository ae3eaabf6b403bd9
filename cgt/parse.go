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
// on each side, n↑ is n nodes deep, and n·G adds G to itself about log n
// times with sums that grow with n, so larger values would take memory
// without bound before anything is printed.
const (
	maxNimber = 1024
	maxUps    = 1 << 16
	maxCopies = 256
)

// Parse reads a game as CGSuite's worksheet reads it, and as String and
// ASCII write it, and returns its canonical form:
//
//	numbers        3  -7  7/2  3.5  ½  -7½  2¾          (dyadic rationals only)
//	nimbers        *  *2  *(3+5) = *8
//	ups and downs  ^ ↑  ^^ ⇑  ^^^ ^3 ↑3  ^(1+2)          v ↓  vv ⇓  vvv v3 ↓3
//	up-nth         ^<2> ↑² = {0|v*}  v<2> ↓₂            ^[2] ↑[2] = {^|*}  v[2]
//	  with a star  ^* = ^ + *, v3*2, ^<2>*
//	switches       +-1 = ±1 = {1|-1}   +-{1,1*} = {1,1*|-1,-1*}
//	               3+-1 = 3 ± 1 = 3 + ±1 = {4|2}
//	tiny, miny     Tiny(2) ⧾₂ +_2 2.Tiny = {0||0|-2}   Miny(2) ⧿₂ -_2 = {2|0||0}
//	               Tiny({2|1}) ⧾_{2|1}   Tiny(1/2) ⧾_½
//	braces         {4|0}  {0,*|0}  {|}  {3||2|1} = {3|{2|1}} (more bars bind
//	               looser)  {⧿₃|0³} = {{{⧿₃|0}|0}|0}  {0²|⧾₃} = {0|{0|⧾₃}}
//	sums           ^ + vv*   {3||2|1} - 2   +-1 +-2
//	products       5*{3||2|1} = {3||2|1}*5: five copies   -2*^ = vv
//
// A number written before one other term adds to it, as the literature
// writes sums: 2* is 2 + *, 4↑ is 4 + ↑, 3⧾₂ is 3 + ⧾₂, 2{0|-3} is
// 2 + {0|-3}, and -4↓ is -4 + ↓ (a sign belongs to the number). '*' after
// a game with nothing after it adds a star ({2*|1*}); between two games it
// multiplies, as in CGSuite, one of them being a whole number (or both
// numbers). Where CGSuite's reading and the literature's differ, Parse
// refuses rather than guess: 2*3 (CGSuite: 6; its own output: 2 + *3),
// 3^3 (CGSuite: 27; its output: 3 + ↑3), and '*' followed by a sign
// (2*-1: CGSuite multiplies). Errors are *SyntaxError, naming the column.
func (t *Table) Parse(s string) (*Game, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := parser{t: t, src: s, toks: toks}
	g, err := p.expr()
	if err != nil {
		return nil, err
	}
	if tok := p.peek(); tok.kind != tEOF {
		return nil, p.expected("an operator (+ - * ±) or the end", tok)
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
	tEOF  tokKind = iota
	tNum          // a number
	tSup          // superscript digits, n: the count of 0³
	tStar         // *
	tUps          // ↑ ^ ⇑ ↓ v ⇓ and runs of them, n ↑s (n < 0 for downs)
	tTiny         // ⧾ with a subscript n, or with "_" and a game to follow (n < 0)
	tMiny
	tWord // Tiny or Miny
	tDot  // the '.' of 2.Tiny
	tPM   // ± or +-
	tLBrace
	tRBrace
	tComma
	tBars // n bars
	tLParen
	tRParen
	tPlus
	tMinus
)

type token struct {
	kind    tokKind
	col     int // the first character's column, from 1
	at, end int // the byte offsets of its text in the source
	text    string
	num     Dyadic
	n       int
	// For tUps: single is one glyph (^ v ↑ ↓), which a count may follow;
	// caret is the ASCII ^, CGSuite's power between two games; pow > 0 is
	// ↑ⁿ (or ↑[n] when sum is set).
	single, caret, sum bool
	pow                int
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
	peekAt := func(j int) rune {
		if j < len(rs) {
			return rs[j]
		}
		return 0
	}
	for {
		for i < len(rs) && unicode.IsSpace(rs[i]) {
			i++
		}
		if i == len(rs) {
			return append(toks, token{kind: tEOF, col: i + 1, at: len(s), end: len(s)}), nil
		}
		start := i
		tok := token{col: i + 1}
		c, next := rs[i], peekAt(i+1)
		switch {
		case c >= '0' && c <= '9' || vulgarValue[c] != [2]int64{}:
			x, j, err := lexNumber(rs, i)
			if err != nil {
				return nil, err
			}
			tok.kind, tok.num, i = tNum, x, j
		case strings.ContainsRune(supDigits, c):
			tok.n, i = digitsAt(rs, i, supDigits)
			tok.kind = tSup
		case c == '*':
			tok.kind, i = tStar, i+1
		case c == '^' || c == '↑' || c == '⇑' || c == '↓' || c == '⇓':
			if err := lexUps(rs, &i, &tok); err != nil {
				return nil, err
			}
		case unicode.IsLetter(c):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			word := string(rs[i:j])
			switch {
			case strings.Trim(word, "v") == "":
				if err := lexUps(rs, &i, &tok); err != nil {
					return nil, err
				}
			case strings.EqualFold(word, "tiny") || strings.EqualFold(word, "miny"):
				tok.kind, i = tWord, j
			default:
				return nil, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("unknown word %q (expected a game: a number, *, ^, v, +-, Tiny(…), Miny(…) or braces)", word)}
			}
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
				return nil, &SyntaxError{Col: i + 1, Msg: fmt.Sprintf("expected a subscript after %c (⧾₂, or Tiny(2) in ASCII)", c)}
			}
		case c == '±':
			tok.kind, i = tPM, i+1
		case c == '+' && (next == '-' || next == '−'):
			tok.kind, i = tPM, i+2
		case c == '+':
			tok.kind, i = tPlus, i+1
		case c == '-' || c == '−':
			tok.kind, i = tMinus, i+1
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
		case c == '.':
			tok.kind, i = tDot, i+1
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
		tok.at, tok.end = at[start], at[i]
		tok.text = s[tok.at:tok.end]
		toks = append(toks, tok)
	}
}

// lexUps reads a run of ups (^ ↑ ⇑) or of downs (v ↓ ⇓) at rs[*i] into
// tok, with what may follow a single one: ^<n> ↑ⁿ (up-nth), v<n> ↓ₙ,
// ^[n] v[n] (up to the nth).
func lexUps(rs []rune, i *int, tok *token) error {
	sign := 1
	if r := rs[*i]; r == 'v' || r == '↓' || r == '⇓' {
		sign = -1
	}
	glyphs := 0
loop:
	for *i < len(rs) {
		switch r := rs[*i]; {
		case sign > 0 && (r == '^' || r == '↑'), sign < 0 && (r == 'v' || r == '↓'):
			tok.n++
		case sign > 0 && r == '⇑', sign < 0 && r == '⇓':
			tok.n += 2
		default:
			break loop
		}
		tok.caret = tok.caret || rs[*i] == '^'
		glyphs++
		*i++
	}
	tok.kind, tok.n, tok.single = tUps, sign*tok.n, glyphs == 1 && (tok.n == 1 || tok.n == -1)
	if !tok.single || *i == len(rs) {
		return nil
	}
	r, col := rs[*i], *i+1
	script := supDigits
	if sign < 0 {
		script = subDigits
	}
	switch {
	case r == '<' || r == '[':
		closing := map[rune]rune{'<': '>', '[': ']'}[r]
		n, j := digitsAt(rs, *i+1, "0123456789")
		if j == *i+1 || j == len(rs) || rs[j] != closing {
			return &SyntaxError{Col: col, Msg: fmt.Sprintf("expected a count and %c after %c (^<2> is up-nth, ^[2] up to the nth)", closing, r)}
		}
		tok.pow, tok.sum, *i = n, r == '[', j+1
	case strings.ContainsRune(script, r) && rs[*i-1] != '^' && rs[*i-1] != 'v':
		tok.pow, *i = digitsAt(rs, *i, script)
	default:
		return nil
	}
	tok.single = false
	if tok.pow < 1 || tok.pow > maxPow {
		return &SyntaxError{Col: col, Msg: fmt.Sprintf("the n of up-nth is 1 to %d", maxPow)}
	}
	return nil
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

// lexNumber reads a number at rs[i:]: digits, then a fraction "/d" or
// decimals ".d" or a fraction glyph (7½); or a lone glyph (½). A '.'
// followed by a letter is left for a method (2.Tiny). It returns the value
// and the index after it.
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
	case j < len(rs) && rs[j] == '.' && j > i && (j+1 == len(rs) || !unicode.IsLetter(rs[j+1])):
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
	src  string
	toks []token
	pos  int
}

func (p *parser) peek() token { return p.toks[p.pos] }

// peek2 is the token after the next one.
func (p *parser) peek2() token { return p.toks[min(p.pos+1, len(p.toks)-1)] }

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

// operand is a game read between operators, with where it starts and
// whether it starts with a number, which decides the readings of a '*' or
// '^' after it.
type operand struct {
	g        *Game
	first    token // its first token
	numStart bool
}

// expr := product { ('+' | '-' | '±') product }; a ± b is a + ±b.
func (p *parser) expr() (*Game, error) {
	a, err := p.product()
	if err != nil {
		return nil, err
	}
	g := a.g
	for {
		op := p.peek().kind
		if op != tPlus && op != tMinus && op != tPM {
			return g, nil
		}
		p.take()
		b, err := p.product()
		if err != nil {
			return nil, err
		}
		switch op {
		case tPlus:
			g = p.t.add(g, b.g)
		case tMinus:
			g = p.t.add(g, p.t.neg(b.g))
		default:
			g = p.t.add(g, p.plusMinus([]*Game{b.g}))
		}
	}
}

// product := unary { '*' run }, and a trailing '*' adds a star.
func (p *parser) product() (operand, error) {
	a, err := p.unary()
	if err != nil {
		return a, err
	}
	for p.peek().kind == tStar {
		star, next := p.peek(), p.peek2()
		switch next.kind {
		case tEOF, tRParen, tRBrace, tBars, tComma:
			p.take()
			a.g = p.t.add(a.g, p.t.star)
			continue
		case tPlus, tMinus, tPM:
			left := strings.TrimSpace(p.src[a.first.at:star.at])
			return a, &SyntaxError{Col: star.col, Msg: fmt.Sprintf("'%s*' before '%s' is ambiguous: CGSuite multiplies by what follows, the literature adds a star; write (%s*) %s … to add a star, or %s*(%s…) to multiply", left, next.text, left, next.text, left, next.text)}
		case tNum:
			if a.numStart {
				left := strings.TrimSpace(p.src[a.first.at:star.at])
				return a, &SyntaxError{Col: star.col, Msg: fmt.Sprintf("%q is ambiguous: CGSuite reads it as %s times %s, but prints %s + *%s that way; write %s+*%s for the sum, or (%s)*%s for the product", left+"*"+next.text, left, next.text, left, next.text, left, next.text, left, next.text)}
			}
		}
		p.take()
		b, err := p.run(false)
		if err != nil {
			return a, err
		}
		if a.g, err = p.multiply(a.g, b.g, star); err != nil {
			return a, err
		}
		a.numStart = b.numStart
	}
	return a, nil
}

// unary := '-' run | '+' run | '±' plusMinusOperand | run.
func (p *parser) unary() (operand, error) {
	switch tok := p.peek(); tok.kind {
	case tMinus:
		p.take()
		o, err := p.run(true)
		o.first = tok
		return o, err
	case tPlus:
		p.take()
		o, err := p.run(false)
		o.first = tok
		return o, err
	case tPM:
		p.take()
		L, err := p.plusMinusOperand()
		return operand{g: p.plusMinus(L), first: tok}, err
	}
	return p.run(false)
}

// run := number [unit] | atom: a number and the one term written after it
// add (2*, 4↑, 3⧾₂, 2{0|-3}). negate negates the first part only: -4↓ is
// -4 + ↓.
func (p *parser) run(negate bool) (operand, error) {
	tok := p.peek()
	o := operand{first: tok}
	if tok.kind != tNum {
		g, ok, err := p.atom()
		if err != nil {
			return o, err
		}
		if !ok {
			return o, p.expected("a game", tok)
		}
		if negate {
			g = p.t.neg(g)
		}
		o.g = g
		return o, nil
	}
	p.take()
	o.numStart = true
	g := p.t.Num(tok.num)
	if p.peek().kind == tDot { // 2.Tiny: the method binds tighter than the sign
		var err error
		if g, err = p.method(g); err != nil {
			return o, err
		}
		if negate {
			g = p.t.neg(g)
		}
		o.g, o.numStart = g, false
		return o, nil
	}
	if negate {
		g = p.t.neg(g)
	}
	switch next := p.peek(); next.kind {
	case tUps:
		if after := p.peek2(); next.caret && next.single && (after.kind == tNum || after.kind == tLParen) {
			left := strings.TrimSpace(p.src[tok.at:next.at])
			if after.kind == tLParen {
				return o, &SyntaxError{Col: next.col, Msg: fmt.Sprintf("%q is ambiguous: CGSuite reads it as %s to a power; write %s+^(…) for %s plus ups", left+"^(…)", left, left, left)}
			}
			return o, &SyntaxError{Col: next.col, Msg: fmt.Sprintf("%q is ambiguous: CGSuite reads it as %s to the power %s, but prints %s + ↑%s that way; write %s+^%s for the sum", left+"^"+after.text, left, after.text, left, after.text, left, after.text)}
		}
		fallthrough
	case tTiny, tMiny, tWord, tLBrace:
		u, _, err := p.atom()
		if err != nil {
			return o, err
		}
		g = p.t.add(g, u)
	case tSup:
		return o, p.superscriptError(next)
	}
	o.g = g
	return o, nil
}

// atom reads one term that does not start with a number, if one comes
// next, with the methods written after it (G.Tiny).
func (p *parser) atom() (*Game, bool, error) {
	tok := p.peek()
	var g *Game
	var err error
	switch tok.kind {
	case tStar:
		p.take()
		m, err := p.index("nimber", maxNimber)
		if err != nil {
			return nil, false, err
		}
		g = p.t.Nimber(m)
	case tUps:
		if g, err = p.upStar(); err != nil {
			return nil, false, err
		}
	case tTiny, tMiny:
		p.take()
		var sub *Game
		if tok.n >= 0 {
			sub = p.t.Int(int64(tok.n))
		} else if sub, err = p.subscript(); err != nil {
			return nil, false, err
		}
		g = p.tinyMiny(sub, tok.kind == tTiny)
	case tWord:
		p.take()
		if p.peek().kind != tLParen {
			return nil, false, p.expected("'(' after "+tok.text, p.peek())
		}
		p.take()
		sub, err := p.expr()
		if err != nil {
			return nil, false, err
		}
		if err := p.closeParen(); err != nil {
			return nil, false, err
		}
		g = p.tinyMiny(sub, strings.EqualFold(tok.text, "tiny"))
	case tLBrace:
		p.take()
		if g, _, err = p.braces(false); err != nil {
			return nil, false, err
		}
	case tLParen:
		p.take()
		if g, err = p.expr(); err != nil {
			return nil, false, err
		}
		if err := p.closeParen(); err != nil {
			return nil, false, err
		}
	case tSup:
		return nil, false, p.superscriptError(tok)
	default:
		return nil, false, nil
	}
	for p.peek().kind == tDot {
		if g, err = p.method(g); err != nil {
			return nil, false, err
		}
	}
	return g, true, nil
}

func (p *parser) closeParen() error {
	if p.peek().kind != tRParen {
		return p.expected("')'", p.peek())
	}
	p.take()
	return nil
}

func (p *parser) superscriptError(tok token) error {
	return &SyntaxError{Col: tok.col, Msg: "a superscript count follows only 0, as a side of braces ({⧿₃|0³} = {{{⧿₃|0}|0}|0}), or ↑ (↑² is up-second)"}
}

// method reads '.' and Tiny or Miny after g: 2.Tiny is Tiny(2).
func (p *parser) method(g *Game) (*Game, error) {
	p.take()
	tok := p.peek()
	if tok.kind != tWord {
		return nil, p.expected("Tiny or Miny after '.'", tok)
	}
	p.take()
	return p.tinyMiny(g, strings.EqualFold(tok.text, "tiny")), nil
}

// upStar reads ups or downs, with their count (^3, ^(1+2)), and a star
// after them (^*, v3*2, ^<2>*(1+1)): CGSuite's up-star term.
func (p *parser) upStar() (*Game, error) {
	tok := p.take()
	var g *Game
	if tok.pow > 0 {
		g = p.t.upPower(tok.pow, tok.n, tok.sum)
	} else {
		n := tok.n
		if next := p.peek(); tok.single && (next.kind == tNum || next.kind == tLParen) {
			k, err := p.index("multiple of ↑", maxUps)
			if err != nil {
				return nil, err
			}
			n *= k
		}
		if n > maxUps || n < -maxUps {
			return nil, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("%d ups are too many (at most %d)", n, maxUps)}
		}
		g = p.t.nusGame(Dyadic{}, n, 0)
	}
	if p.peek().kind == tStar {
		p.take()
		m, err := p.index("nimber", maxNimber)
		if err != nil {
			return nil, err
		}
		g = p.t.add(g, p.t.Nimber(m))
	}
	return g, nil
}

// index reads the count after * or ^: a whole number written out (*3)
// or in parentheses (*(3+5)), 1 when there is neither.
func (p *parser) index(what string, limit int) (int, error) {
	tok := p.peek()
	var g *Game
	switch tok.kind {
	case tNum:
		p.take()
		g = p.t.Num(tok.num)
	case tLParen:
		p.take()
		var err error
		if g, err = p.expr(); err != nil {
			return 0, err
		}
		if err := p.closeParen(); err != nil {
			return 0, err
		}
	case tLBrace:
		return 0, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("the count of a %s is a whole number, as in *3 or *(1+2), not a game", what)}
	default:
		return 1, nil
	}
	x, ok := g.Number()
	n, small := x.Int64()
	switch {
	case !ok || !x.IsInteger():
		return 0, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("the count of a %s is a whole number, not %s", what, g)}
	case what == "nimber" && n < 0:
		return 0, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("the count of a %s is at least 0, not %d", what, n)}
	case !small || n > int64(limit) || n < -int64(limit):
		return 0, &SyntaxError{Col: tok.col, Msg: fmt.Sprintf("%s %s is too large (at most %d)", what, x, limit)}
	}
	return int(n), nil
}

// subscript reads the game after ⧾_ or +_: a number or one term.
func (p *parser) subscript() (*Game, error) {
	if tok := p.peek(); tok.kind == tNum {
		p.take()
		return p.t.Num(tok.num), nil
	}
	g, ok, err := p.atom()
	if err == nil && !ok {
		err = p.expected("a number or a game in braces or parentheses", p.peek())
	}
	return g, err
}

// plusMinusOperand reads what ± applies to: a number or one term, or
// braces of several games ({1,1*}), and returns the Left options of the
// switch.
func (p *parser) plusMinusOperand() ([]*Game, error) {
	switch tok := p.peek(); tok.kind {
	case tNum:
		p.take()
		g := p.t.Num(tok.num)
		var err error
		if p.peek().kind == tDot {
			g, err = p.method(g)
		}
		return []*Game{g}, err
	case tLBrace:
		p.take()
		g, set, err := p.braces(true)
		if g != nil {
			set = []*Game{g}
		}
		return set, err
	}
	g, err := p.subscript()
	return []*Game{g}, err
}

// plusMinus returns ±{L} = {L | −L}.
func (p *parser) plusMinus(L []*Game) *Game {
	R := make([]*Game, len(L))
	for i, g := range L {
		R[i] = p.t.neg(g)
	}
	return p.t.canon(L, R)
}

// tinyMiny returns ⧾_s = {0 || 0 | −s} or ⧿_s = {s | 0 || 0}.
func (p *parser) tinyMiny(s *Game, tiny bool) *Game {
	t := p.t
	if tiny {
		return t.canon([]*Game{t.zero}, []*Game{t.canon([]*Game{t.zero}, []*Game{t.neg(s)})})
	}
	return t.canon([]*Game{t.canon([]*Game{s}, []*Game{t.zero})}, []*Game{t.zero})
}

// multiply returns a·b, star being the '*' between them: a number times a
// number, or a whole number n times a game, n copies of it.
func (p *parser) multiply(a, b *Game, star token) (*Game, error) {
	x, aNum := a.Number()
	y, bNum := b.Number()
	switch {
	case aNum && bNum:
		r := new(big.Rat).Mul(x.Rat(), y.Rat())
		e, _ := powerOfTwo(r.Denom())
		return p.t.Num(normBig(r.Num(), uint64(e))), nil
	case aNum && x.IsInteger():
		return p.copies(b, x, star)
	case bNum && y.IsInteger():
		return p.copies(a, y, star)
	}
	return nil, &SyntaxError{Col: star.col, Msg: fmt.Sprintf("'*' multiplies a game by a whole number (5*{3||2|1} is five copies), but neither %s nor %s is one", a, b)}
}

// copies returns n·g, g added to itself n times (−n times −g for n < 0).
func (p *parser) copies(g *Game, n Dyadic, star token) (*Game, error) {
	k, ok := n.Int64()
	if g.nus.ok { // in closed form: n·x + n·u↑ + *m when n is odd
		ups := int64(g.nus.up) * k
		switch {
		case ok && g.nus.up == 0:
			return p.t.nusGame(g.nus.x.MulInt(k), 0, g.nus.star*int(k&1)), nil
		case ok && k >= -maxUps && k <= maxUps && ups >= -maxUps && ups <= maxUps:
			return p.t.nusGame(g.nus.x.MulInt(k), int(ups), g.nus.star*int(k&1)), nil
		}
		return nil, &SyntaxError{Col: star.col, Msg: fmt.Sprintf("%s copies of %s are more than %d ups", n, g, maxUps)}
	}
	if !ok || k > maxCopies || k < -maxCopies {
		return nil, &SyntaxError{Col: star.col, Msg: fmt.Sprintf("%s copies of %s are too many (at most %d of a game that is not a number plus ups and a star)", n, g, maxCopies)}
	}
	if k < 0 {
		g, k = p.t.neg(g), -k
	}
	sum := p.t.zero
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			sum = p.t.add(sum, g)
		}
		if k > 1 {
			g = p.t.add(g, g)
		}
	}
	return sum, nil
}

// side is one side of braces between separators: a list of options, or a
// run of zeros (0ⁿ).
type side struct {
	opts  []*Game
	zeros int
	col   int
}

// braces reads the inside of {…} after the '{'. Separators of more bars
// bind looser: {a|b||c} is {{a|b}|c}. With set, braces without a bar are
// a list of games, returned as such (the {1,1*} of ±{1,1*}).
func (p *parser) braces(set bool) (*Game, []*Game, error) {
	open := p.toks[p.pos-1]
	sides := []side{{col: p.peek().col}}
	var bars []token
	expectOption := true // at the start of a side, or after a comma
	for {
		tok := p.peek()
		cur := &sides[len(sides)-1]
		switch tok.kind {
		case tRBrace:
			if expectOption && (len(cur.opts) > 0 || cur.zeros > 0) {
				return nil, nil, p.expected("an option after ','", tok)
			}
			p.take()
			switch {
			case len(bars) > 0:
				g, err := p.build(sides, bars)
				return g, nil, err
			case set && len(cur.opts) > 0 && cur.zeros == 0:
				return nil, cur.opts, nil
			case set:
				return nil, nil, &SyntaxError{Col: open.col, Msg: "expected games in the braces after ±"}
			}
			return nil, nil, &SyntaxError{Col: tok.col, Msg: "expected '|' between the options of the two players"}
		case tBars:
			if expectOption && (len(cur.opts) > 0 || cur.zeros > 0) {
				return nil, nil, p.expected("an option after ','", tok)
			}
			p.take()
			bars = append(bars, tok)
			sides = append(sides, side{col: p.peek().col})
			expectOption = true
			continue
		case tComma:
			if expectOption {
				return nil, nil, p.expected("an option before ','", tok)
			}
			if cur.zeros > 0 {
				return nil, nil, &SyntaxError{Col: tok.col, Msg: "0ⁿ must be a whole side of braces"}
			}
			p.take()
			expectOption = true
			continue
		}
		if !expectOption {
			return nil, nil, p.expected("',', '|' or '}'", tok)
		}
		if next := p.peek2(); tok.kind == tNum && next.kind == tSup {
			if tok.text != "0" {
				return nil, nil, p.superscriptError(next)
			}
			if len(cur.opts) > 0 {
				return nil, nil, &SyntaxError{Col: tok.col, Msg: "0ⁿ must be a whole side of braces"}
			}
			if next.n > maxUps {
				return nil, nil, &SyntaxError{Col: next.col, Msg: fmt.Sprintf("a run of %d zeros is too long (at most %d)", next.n, maxUps)}
			}
			p.take()
			p.take()
			cur.zeros = next.n
		} else {
			g, err := p.expr()
			if err != nil {
				return nil, nil, err
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
