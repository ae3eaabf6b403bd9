package cgt

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCanonicalForms checks canonical forms the literature gives (WW,
// Lessons in Play, Siegel), written and read in both notations.
func TestCanonicalForms(t *testing.T) {
	tests := []struct{ in, unicode, ascii string }{
		{"{|}", "0", "0"},
		{"{0|}", "1", "1"},
		{"{1|}", "2", "2"},
		{"{|-5}", "-6", "-6"},
		{"{0|1}", "½", "1/2"},
		{"{½|1}", "¾", "3/4"},
		{"{-1|1}", "0", "0"},
		{"{-1|0}", "-½", "-1/2"},
		{"{1|4}", "2", "2"},             // the simplest number between
		{"{0|2}", "1", "1"},             // 2's option 1 reverses through 1 ≥ {0|2}
		{"{0|0}", "*", "*"},             // star
		{"{*|*}", "0", "0"},             // both options reverse to nothing
		{"{0,*|0,*}", "*2", "*2"},       // nimbers
		{"*2+*3", "*", "*"},             // nim addition: 2 ⊕ 3 = 1
		{"{0|*}", "↑", "^"},             // up
		{"{*|0}", "↓", "v"},             // down
		{"{0,*|0}", "↑*", "^*"},         // up star
		{"{0|↑}", "⇑*", "^^*"},          // double up star
		{"{0|↑*}", "⇑", "^^"},           // double up
		{"↑+↑+↑", "↑3", "^3"},           // = {0|⇑*}
		{"{0|⇑*}", "↑3", "^3"},          //
		{"{0|*2}", "↑*3", "^*3"},        // {0|*m} = ↑*(m⊕1)
		{"{↑|↓}", "*", "*"},             // both options reverse
		{"{1|1}", "1*", "1*"},           //
		{"-↑*", "↓*", "v*"},             //
		{"{1|0}+{1|0}", "1", "1"},       // two switches cancel their heat
		{"1+↑3", "1↑3", "1+^3"},         // CGSuite reads 1^3 as 1
		{"2+*3", "2+*3", "2+*3"},        // CGSuite reads 2*3 as 6
		{"{0|↓*}", "↑²", "^<2>"},        // up-second
		{"{↑*|0}", "↓₂", "v<2>"},        //
		{"{0,*|↓}", "↑²*", "^<2>*"},     //
		{"{↑|*}", "↑[2]", "^[2]"},       // up to the second: ↑ + ↑²
		{"1 + {↑|*}", "1↑[2]", "1^[2]"}, //
		{"{0||0|-2}", "⧾₂", "Tiny(2)"},  // tiny two
		{"{2|0||0}", "⧿₂", "Miny(2)"},   // miny two
		{"{3||3|1}", "3⧾₂", "3Tiny(2)"}, // 3 + tiny two
		{"tiny(1/2)", "⧾_½", "Tiny(1/2)"},
		{"{0|||0||-1|-2}", "⧾_{2|1}", "Tiny({2|1})"},
		{"{{{1|0}|0}|0}", "⧿_{1|0}", "Miny({1|0})"},
		{"tiny(↑)", "↑", "^"}, // Conway: ↑ is the fixed point of tiny
		{"±1", "±1", "+-1"},
		{"{1*|-1*}", "±(1*)", "+-(1*)"},
		{"{2,{4|0}|-2,{0|-4}}", "±{2,{4|0}}", "+-{2,{4|0}}"},
		{"3±1", "{4|2}", "{4|2}"},
		{"7/2", "3½", "7/2"},
		{"-0.875", "-⅞", "-7/8"},
		{"{4|0}", "{4|0}", "{4|0}"},
		{"{6|{4|0}}", "{6||4|0}", "{6||4|0}"},
		{"{{7|3},5|1}", "{5,{7|3}|1}", "{5,{7|3}|1}"}, // options print in CGSuite's order
		{"{{{{{15|8}|6}|4}|2}|0}", "{{15|8||6|||4||||2}|0}", "{{15|8||6|||4||||2}|0}"}, // at most ||||
		{"2{⧿₃|0³}", "{2⧿_{3|0}|2||2}", "{2Miny({3|0})|2||2}"},
		{"-2{0²|⧾₃}", "{-2|-2⧾_{3|0}}", "{-2|-2Tiny({3|0})}"},
		{"{0,{4|0}|0}-2", "{-2,±2|-2}", "{-2,+-2|-2}"},
		{"(2*) + 4↑ - 7", "-1↑*", "-1^*"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.in)
		if got := g.String(); got != tt.unicode {
			t.Errorf("%s = %s, want %s", tt.in, got, tt.unicode)
		}
		if got := g.ASCII(); got != tt.ascii {
			t.Errorf("%s in ASCII = %s, want %s", tt.in, got, tt.ascii)
		}
		for _, s := range []string{tt.unicode, tt.ascii} {
			if back := mustParse(t, tb, s); back != g {
				t.Errorf("%s reads back as %s, not %s", s, back, g)
			}
		}
	}
}

// TestIssue36 reads the games a user typed as CGSuite reads them.
func TestIssue36(t *testing.T) {
	tb := NewTable()
	tests := []struct {
		in   string
		want *Game
		not  string // what the game was read as before
	}{
		{"3+-1", tb.Switch(Int(4), Int(2)), "2"},
		{"5*{3||2|1}", tb.Sum(slices.Repeat([]*Game{mustParse(t, tb, "{3|{2|1}}")}, 5)...), "5 + * + {3||2|1}"},
		{"*(3+5)", tb.Nimber(8), "8*"},
		{"+-1", tb.Switch(Int(1), Int(-1)), ""},
		{"{4|0,+-1}", tb.New([]*Game{tb.Int(4)}, []*Game{tb.Zero(), tb.Switch(Int(1), Int(-1))}), ""},
		{"vvv", tb.NUS(Dyadic{}, -3, 0), ""},
		{"^^^", tb.NUS(Dyadic{}, 3, 0), ""},
		{"^<3>", tb.upPower(3, 1, false), ""},
		{"v<3>", tb.Neg(tb.upPower(3, 1, false)), ""},
	}
	for _, tt := range tests {
		g, err := tb.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if g != tt.want {
			t.Errorf("%s = %s, want %s", tt.in, g, tt.want)
		}
		if tt.not != "" && g == mustParse(t, tb, tt.not) {
			t.Errorf("%s is still read as %s", tt.in, tt.not)
		}
	}
}

func TestNotationVariants(t *testing.T) {
	same := [][]string{
		{"{0||0|-2}", "{0|{0|-2}}", "+_2", "+₂", "⧾₂", "tiny(2)", "TINY(2)", "Tiny(2)", "2.Tiny", "Tiny(1+1)"},
		{"{2|0||0}", "{{2|0}|0}", "-_2", "-₂", "−₂", "⧿₂", "miny(2)", "Miny(2)", "2.Miny", "-2.Tiny", "-(2.Tiny)"},
		{"{0,*|0}", "{ 0 , * | 0 }", "^*", "↑*", "{*,0|0}", "^ + *", "* + ^"},
		{"2¾", "2.75", "11/4", "3 - 1/4", "3 − ¼", "(1/2)*(11/2)", "11*(1/4)"},
		{"-7 + ½", "-6½", "-13/2", "−6.5"},
		{"⇓", "vv", "↓↓", "↓2", "v2", "v 2", "-⇑", "v(2)", "^(-2)", "-2*^", "2*v"},
		{"↑3", "^^^", "^3", "↑↑↑", "⇑↑", "^ 3", "^(1+2)", "3*^"},
		{"↓3", "vvv", "v3", "-^3", "v+v+v", "↓↓↓"},
		{"*8", "*(3+5)", "* 8", "*3+*11"},
		{"2{0|-3}", "2 + {0|-3}", "{2|-1}"},
		{"*5", "*4 + *", "{0,*,*2,*3,*4|0,*,*2,*3,*4}"},
		{"{1|0||0|||0}", "{{{1|0}|0}|0}", "{{1|0}|0²}", "{⧿₁|0}"},
		{"{0|0|||0||0|-3}", "{{0|0}|{0|{0|-3}}}", "{*|{0|{0|-3}}}"},
		{"-(2+* + ↑)", "-2↓*", "−2 + ↓*", "-(2*) - ^", "(-2*) + v"},
		{"{4|2}", "3+-1", "3±1", "3 ± 1", "3 +- 1", "±1 + 3", "+-1+3", "3 + +-1"},
		{"2", "3 + -1", "3+ -1", "+2", "-(-2)"},
		{"{1|-1}", "±1", "+-1", "+−1", "+-(1)", "+-{1}"},
		{"{1,1*|-1,-1*}", "±{1,1*}", "+-{1,1+*}", "+-{1*,1}"},
		{"{4|0,{1|-1}}", "{4|0,+-1}", "{4|0,±1}"},
		{"{0|}", "1", "{0|}*1", "1*{0|}"},
		{"{3||2|1}+{3||2|1}+{3||2|1}+{3||2|1}+{3||2|1}", "5*{3||2|1}", "{3||2|1}*5", "(2+3)*{3||2|1}"},
		{"0", "0*{3||2|1}", "+-1*2", "(*+*)*3", "1000000*(1+*)-1000000"},
		{"1+*", "(1+*)*1000001-1000000"},
		{"{0|-1}", "-{1|0}", "-1*{1|0}", "{1|0}*(-1)"},
		{"^<2>", "↑²", "{0|v*}", "↑<2>"},
		{"v<2>", "↓₂", "-^<2>", "↓<2>"},
		{"^[3]", "↑[3]", "^ + ^<2> + ^<3>", "{0|*||*|||*}"},
		{"^<2>*", "{0,*|v}", "↑²*", "^<2> + *", "^<2>*1"},
		{"3⧾₂", "3Tiny(2)", "3 Tiny(2)", "3+_2", "3 + ⧾₂", "{3||3|1}", "3+2.Tiny"},
		{"⧾_{2|1}", "Tiny({2|1})", "+_{2|1}", "{2|1}.Tiny", "{0|||0||-1|-2}"},
		{"1+^3", "1↑3", "1 + ^^^", "1+^(3)"},
		{"2+*3", "2 + *3", "(2)+*3", "*3+2"},
	}
	tb := NewTable()
	for _, group := range same {
		first := mustParse(t, tb, group[0])
		for _, s := range group[1:] {
			if g := mustParse(t, tb, s); g != first {
				t.Errorf("%s = %s, but %s = %s", s, g, group[0], first)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "column 1: expected a game, found the end"},
		{"{1|2", "column 5: expected ',', '|' or '}', found the end"},
		{"{1|2|3}", "column 5: two '|' separators in one pair of braces"},
		{"1|0", "column 2: expected an operator (+ - * ±) or the end, found '|'"},
		{"{0,|1}", "column 4: expected an option after ','"},
		{"{,0|1}", "column 2: expected an option before ','"},
		{"{0 1|2}", "column 4: expected ',', '|' or '}', found '1'"},
		{"{0 2}", "column 4: expected ',', '|' or '}', found '2'"},
		{"{0}", "column 3: expected '|' between the options of the two players"},
		{"{1,2}", "column 5: expected '|' between the options of the two players"},
		{"+-{}", "column 3: expected games in the braces after ±"},
		{"2 3", "column 3: expected an operator (+ - * ±) or the end, found '3'"},
		{"^^3", "column 3: expected an operator (+ - * ±) or the end, found '3'"},
		{"^{1|0}", "column 2: expected an operator (+ - * ±) or the end, found '{'"},
		{"1/3", "column 1: 1/3 is not a dyadic rational"},
		{"{0|0.1}", "column 4: 0.1 is not a dyadic rational"},
		{"up", `column 1: unknown word "up"`},
		{"2.Foo", `column 3: unknown word "Foo"`},
		{"2.", "column 3: expected digits after '.'"},
		{"⧾", "column 2: expected a subscript after ⧾"},
		{"*5000", "column 2: nimber 5000 is too large (at most 1024)"},
		{"*(1/2)", "column 2: the count of a nimber is a whole number, not ½"},
		{"*(-1)", "column 2: the count of a nimber is at least 0, not -1"},
		{"*{1|0}", "column 2: the count of a nimber is a whole number, as in *3 or *(1+2), not a game"},
		{"^70000", "column 2: multiple of ↑ 70000 is too large (at most 65536)"},
		{"^<0>", "column 2: the n of up-nth is 1 to 64"},
		{"^<65>", "column 2: the n of up-nth is 1 to 64"},
		{"^<2", "column 2: expected a count and > after <"},
		{"3²", "column 2: a superscript count follows only 0"},
		{"0³", "column 2: a superscript count follows only 0"},
		{"{0²|0³}", "column 5: 0ⁿ on both sides is ambiguous"},
		{"{0²,1|0}", "column 4: 0ⁿ must be a whole side of braces"},
		{"(1", "column 3: expected ')', found the end"},
		{"1 + ", "column 5: expected a game, found the end"},
		{"{1|2} $", `column 7: unexpected '$'`},
		{"tiny 2", "column 6: expected '(' after tiny, found '2'"},
		{"+_", "column 3: expected a number or a game in braces or parentheses, found the end"},
		// CGSuite reads these as products and powers, the literature as sums.
		{"2*3", `column 2: "2*3" is ambiguous: CGSuite reads it as 2 times 3, but prints 2 + *3 that way; write 2+*3 for the sum, or (2)*3 for the product`},
		{"{1|-1/2*3}", `column 8: "-1/2*3" is ambiguous`},
		{"3^3", `column 2: "3^3" is ambiguous: CGSuite reads it as 3 to the power 3, but prints 3 + ↑3 that way; write 3+^3 for the sum`},
		{"3^(1+1)", `column 2: "3^(…)" is ambiguous`},
		{"2* + 4↑", "column 2: '2*' before '+' is ambiguous: CGSuite multiplies by what follows, the literature adds a star; write (2*) + … to add a star, or 2*(+…) to multiply"},
		{"{1|0}*-1", "column 6: '{1|0}*' before '-' is ambiguous"},
		{"2*+-1", "column 2: '2*' before '+-' is ambiguous"},
		// Products are of a game by a whole number, or of numbers.
		{"{1|0}*{1|0}", "column 6: '*' multiplies a game by a whole number (5*{3||2|1} is five copies), but neither {1|0} nor {1|0} is one"},
		{"½*{1|0}", "column 2: '*' multiplies a game by a whole number"},
		{"1000*{1|0}", "column 5: 1000 copies of {1|0} are too many (at most 256"},
		{"70000*^", "column 6: 70000 copies of ↑ are more than 65536 ups"},
	}
	tb := NewTable()
	for _, tt := range tests {
		_, err := tb.Parse(tt.in)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want %q…", tt.in, err, tt.want)
			continue
		}
		if _, ok := err.(*SyntaxError); !ok {
			t.Errorf("Parse(%q): error of type %T", tt.in, err)
		}
	}
}

// TestDeepNumbers: numbers with denominators beyond 2^63 stay exact.
func TestDeepNumbers(t *testing.T) {
	tb := NewTable()
	s := "1"
	for range 70 {
		s = "{0|" + s + "}"
	}
	g := mustParse(t, tb, s)
	if g.String() != "1/1180591620717411303424" {
		t.Errorf("{0|{0|…{0|1}}} (70 deep) = %s, want 2^−70", g)
	}
	if h := tb.Add(g, g); h != tb.Num(Int(1).Ldexp(-69)) {
		t.Errorf("2^−70 + 2^−70 = %s", h)
	}
	big := mustParse(t, tb, "123456789012345678901234567890")
	if big.Birthday() != 1<<30 || big.String() != "123456789012345678901234567890" {
		t.Errorf("a big integer: %s, born %d", big, big.Birthday())
	}
}

func TestBirthday(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"0", 0}, {"*", 1}, {"↑", 2}, {"1", 1}, {"-3", 3}, {"½", 2}, {"¾", 3}, {"-1½", 3},
		{"*2", 2}, {"↑*", 2}, {"⇑", 3}, {"{4|0}", 5}, {"⧾₂", 4},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.in)
		if got := g.Birthday(); got != tt.want {
			t.Errorf("%s is born on day %d, want %d", tt.in, got, tt.want)
		}
		if got := g.BigBirthday(); got.Cmp(big.NewInt(int64(tt.want))) != 0 {
			t.Errorf("%s: BigBirthday = %v, want %d", tt.in, got, tt.want)
		}
	}
}

// TestBigBirthday: numbers are held as values, so a game can be born later
// than Birthday counts; BigBirthday is exact there, and Birthday stops at
// 2^30 without a game of options past it counting on beyond.
func TestBigBirthday(t *testing.T) {
	tests := []struct{ in, want string }{
		{"10000000000000000000000", "10000000000000000000000"},
		{"-10000000000000000000000½", "10000000000000000000002"},
		{"9999999999*", "10000000000"},   // {n|n}: one day after n
		{"{1073741824|0}", "1073741825"}, // just past the saturation
		{"{{10000000000000000000000|5}|0}", "10000000000000000000002"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.in)
		if got := g.BigBirthday().String(); got != tt.want {
			t.Errorf("%s: BigBirthday = %s, want %s", tt.in, got, tt.want)
		}
		if got := g.Birthday(); got != 1<<30 {
			t.Errorf("%s: Birthday = %d, want it saturated at 2^30", tt.in, got)
		}
	}
}

// TestRoundTripSmall: random all-small games, with numbers added, their
// sums with tiny and miny, and the switches of them, print and read back
// as themselves: they hold the uptimals, tinies and switches the notation
// names.
func TestRoundTripSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	tb := NewTable()
	allSmall := func(depth int) *Game { return randomAllSmall(tb, r, depth, 4) }
	extras := []*Game{tb.Zero(), tb.Int(1), tb.Num(NewDyadic(-3, 1)), mustParse(t, tb, "Tiny(2)"), mustParse(t, tb, "Miny({1|0})")}
	for range 600 {
		g := tb.Add(allSmall(4), extras[r.IntN(len(extras))])
		if r.IntN(4) == 0 {
			g = tb.New([]*Game{g}, []*Game{tb.Neg(g)})
		}
		for _, s := range []string{g.String(), g.ASCII()} {
			back, err := tb.Parse(s)
			if err != nil || back != g {
				t.Fatalf("%s printed as %q reads back as %v (%v)", g.Braces(true), s, back, err)
			}
		}
	}
}
