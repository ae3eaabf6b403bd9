package cgt

import (
	"math/big"
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
		{"{1|4}", "2", "2"},           // the simplest number between
		{"{0|2}", "1", "1"},           // 2's option 1 reverses through 1 ≥ {0|2}
		{"{0|0}", "*", "*"},           // star
		{"{*|*}", "0", "0"},           // both options reverse to nothing
		{"{0,*|0,*}", "*2", "*2"},     // nimbers
		{"*2+*3", "*", "*"},           // nim addition: 2 ⊕ 3 = 1
		{"{0|*}", "↑", "^"},           // up
		{"{*|0}", "↓", "v"},           // down
		{"{0,*|0}", "↑*", "^*"},       // up star
		{"{0|↑}", "⇑*", "^^*"},        // double up star
		{"{0|↑*}", "⇑", "^^"},         // double up
		{"↑+↑+↑", "↑3", "^3"},         // = {0|⇑*}
		{"{0|⇑*}", "↑3", "^3"},        //
		{"{0|*2}", "↑*3", "^*3"},      // {0|*m} = ↑*(m⊕1)
		{"{↑|↓}", "*", "*"},           // both options reverse
		{"{1|1}", "1*", "1*"},         //
		{"-↑*", "↓*", "v*"},           //
		{"{1|0}+{1|0}", "1", "1"},     // two switches cancel their heat
		{"{0||0|-2}", "⧾₂", "+_2"},    // tiny two
		{"{2|0||0}", "⧿₂", "-_2"},     // miny two
		{"{3||3|1}", "3⧾₂", "3+_2"},   // 3 + tiny two
		{"tiny(1/2)", "⧾_½", "+_1/2"}, //
		{"tiny(↑)", "↑", "^"},         // Conway: ↑ is the fixed point of tiny
		{"±1", "{1|-1}", "{1|-1}"},    //
		{"3±1", "{4|2}", "{4|2}"},     //
		{"7/2", "3½", "7/2"},          //
		{"-0.875", "-⅞", "-7/8"},      //
		{"2{⧿₃|0³}", "2{⧿₃|0³}", "2{{{-_3|0}|0}|0}"},
		{"-2{0²|⧾₃}", "-2{0²|⧾₃}", "-2{0|{0|+_3}}"},
		{"{4|0}", "{4|0}", "{4|0}"},
		{"{6|{4|0}}", "{6|{4|0}}", "{6|{4|0}}"},
		{"{{7|3},5|1}", "{5,{7|3}|1}", "{5,{7|3}|1}"}, // options print in a fixed order
		{"{0,{4|0}|0}-2", "-2{0,{4|0}|0}", "-2{0,{4|0}|0}"},
		{"2*+4↑-7", "-1↑*", "-1^*"},
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

func TestNotationVariants(t *testing.T) {
	same := [][]string{
		{"{0||0|-2}", "{0|{0|-2}}", "+_2", "+₂", "⧾₂", "tiny(2)", "TINY(2)"},
		{"{2|0||0}", "{{2|0}|0}", "-_2", "-₂", "−₂", "⧿₂", "miny(2)"},
		{"{1|0||-1}", "{{1|0}|-1}"},
		{"{0,*|0}", "{ 0 , * | 0 }", "^*", "↑*", "{*,0|0}"},
		{"2¾", "2.75", "11/4", "3 - 1/4", "3 − ¼"},
		{"-7 + ½", "-6½", "-13/2", "−6.5"},
		{"⇓", "vv", "↓↓", "↓2", "v2", "-⇑"},
		{"2{0|-3}", "2 + {0|-3}", "{2|-1}"},
		{"*5", "*4 + *", "{0,*,*2,*3,*4|0,*,*2,*3,*4}"},
		{"{1|0||0|||0}", "{{{1|0}|0}|0}", "{{1|0}|0²}", "{⧿₁|0}"},
		{"{0|0|||0||0|-3}", "{{0|0}|{0|{0|-3}}}", "{*|{0|{0|-3}}}"},
		{"-(2* + ↑)", "-2↓*", "−2 + ↓*"},
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
		{"{0,|1}", "column 4: expected an option after ','"},
		{"{,0|1}", "column 2: expected an option before ','"},
		{"{0 1|2}", "column 4: expected ',', '|' or '}', found '1'"},
		{"{0 2}", "column 4: expected ',', '|' or '}', found '2'"},
		{"{0}", "column 3: expected '|' between the options of the two players"},
		{"2 3", "column 3: expected '+', '-' or the end, found '3'"},
		{"* 2", "column 3: expected '+', '-' or the end, found '2'"},
		{"1/3", "column 1: 1/3 is not a dyadic rational"},
		{"{0|0.1}", "column 4: 0.1 is not a dyadic rational"},
		{"up", `column 1: unknown word "up"`},
		{"⧾", "column 2: expected a subscript after ⧾"},
		{"*5000", "column 1: nimber 5000 is too large (at most 1024)"},
		{"3²", "column 2: a superscript count follows only 0"},
		{"0³", "column 1: 0ⁿ stands only for a whole side of braces"},
		{"{0²|0³}", "column 5: 0ⁿ on both sides is ambiguous"},
		{"{0²,1|0}", "column 4: 0ⁿ must be a whole side of braces"},
		{"(1", "column 3: expected ')', found the end"},
		{"1 + ", "column 5: expected a game, found the end"},
		{"{1|2} $", `column 7: unexpected '$'`},
		{"tiny 2", "column 6: expected '(' after tiny, found '2'"},
		{"+_", "column 3: expected a number or a game in braces or parentheses, found the end"},
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
