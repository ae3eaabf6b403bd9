package cgt

import (
	"slices"
	"strings"
	"testing"
)

// The references here are CGSuite's (A. N. Siegel, Combinatorial Game
// Suite, cgsuite.org, version 2): what its worksheet prints for what is
// typed, from its test suite (EvalTest, CanonicalShortGameTestCase,
// GameTest, GameGridTest, GameStripTest) and its Getting Started
// tutorial. CGSuite's plain text is this package's ASCII.

// TestCGSuiteReads: games typed as CGSuite reads them print as CGSuite
// prints them.
func TestCGSuiteReads(t *testing.T) {
	tests := []struct{ in, cgsuite string }{
		// Tutorial, "Entering Games" and "Star, Up, and Down".
		{"{0|1,2}", "1/2"},
		{"^ + vv*", "v*"},
		{"^^ + ^^", "^4"},
		{"*4 + *7", "*3"},
		{"*(3+2)", "*5"},
		{"{0||0|-2}", "Tiny(2)"},
		{"{0|v*}", "^<2>"},
		{"{1,1+*|-1,-1+*}", "+-{1,1*}"},
		// EvalTest.
		{"3+5", "8"},
		{"0 - 1", "-1"},
		{"*3+*5", "*6"},
		{"*(3+5)", "*8"},
		{"^^^^^^+vvv*+^19*3+v14", "^8*2"},
		{"2 + 3/4", "11/4"},
		{"2 + (1+*)", "3*"},
		{"2 - (1+*)", "1*"},
		{"2 - 3/4", "5/4"},
		{"{0|^*5}", "^^*4"},
		{"{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"},
		{"+-1", "+-1"},
		{"+-(1/2)", "+-1/2"},
		{"+-{1,1+*}", "+-{1,1*}"},
		{"3+-1", "{4|2}"},
		{"+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"},
		{"{0||0|-1}", "Tiny(1)"},
		{"{0||0|-1/4}", "Tiny(1/4)"},
		{"{0|||0||-1|-2}", "Tiny({2|1})"},
		{"{1|0||0}", "Miny(1)"},
		{"{0,*|v}", "^<2>*"},
		{"{^|*}", "^[2]"},
		{"{0,^*|0}", "^[2]*"},
		{"5 - 3 + 4 - 8", "-2"},
		{"3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"},
		{"5*{3||2|1}", "{12|||11||10,{11|10}|9Tiny({2|1})}"},
		{"(*+*)*3", "0"},
		{"-2 * {|-1}", "4"},
		{"10*(1+^<2>+*4)", "{10||10,10v*|{10vv,10v*||||10v3*,10vv|||10v4,10v3*||10v5*,10v4|{10v6,10v5*||||10v7*,10v6|||10v8,10v7*||10v9*,10v8|10v10}}}"},
		// CanonicalShortGameTestCase.
		{"-1823437481924", "-1823437481924"},
		{"25/16", "25/16"},
		{"9/8+*", "9/8*"},
		{"6+^*", "6^*"},
		{"^*6", "^*6"},
		{"73/16+v9*8", "73/16v9*8"},
		{"{0|*||*|||*||||*}", "^[4]"},
		{"{0||0|v*}", "{0|^<2>}"},
		{"{0||0|vvv}", "{0||0|v3}"},
		{"{^^^|vv}", "{^3|vv}"},
		{"{0||0|-3/2}", "Tiny(3/2)"},
		{"{0|||0||-1|-3}", "Tiny({3|1})"},
		{"{5||3|1|||0||||0}", "Miny({5||3|1})"},
		{"{1|^^||^}", "{1|^^||^}"},
		{"{1|^^^||^}", "{1|^3||^}"},
		{"{3||2+*|1+*}", "{3||2*|1*}"},
		{"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"},
		{"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
			"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"},
		{"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
			"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}"},
		// Their methods, which Parse reads too.
		{"2.Tiny", "Tiny(2)"},
		{"{2|1}.Miny", "Miny({2|1})"},
		{"(1/2).Tiny", "Tiny(1/2)"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g, err := tb.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := g.ASCII(); got != tt.cgsuite {
			t.Errorf("%s = %s, CGSuite prints %s", tt.in, got, tt.cgsuite)
		}
	}
}

// TestCGSuitePrints: what CGSuite prints reads back as the same game, which
// prints the same. These are results of operations this package does not
// have (heating, Norton and Conway products, powers, games of Domineering
// and Toads and Frogs), so only their notation is checked.
func TestCGSuitePrints(t *testing.T) {
	printed := []string{
		"{^^*||0|v6}", "{^^*|v*}", "{^^*||0|v4}", "^6", "v4",
		"{1||+-(1*)|-1,{-1|-3}}", "^[3]", "^<3>", "^30*2", "{^6|^^}",
		"{0||0,*|0,{0,*|0,*2}}", "{0||0,v*|0,{0,v*|0,*}}", "{^|*,^[2]||*,^[2]}",
		"{0||0|-2,{0|-2,{0|-2}}}", "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}",
		"{7/2|||5/2|3/2||+-1/2}", "{4|||3|1||0|-2}", "{3*||2|1}", "+-2", "+-{2,{4|0}}",
		"{2||0|-4}", "{2,{4|0}|-2}", "{2||0,+-2|-4}",
		"{Tiny(2)||0|-2|||0|-2}", "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}",
		"{1v|^^||0}", "{2*|1*||0}", "{3/2,{3/2|0}|0}", "{^3,{^3|0}|0}", "{^5|0}",
		"{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}",
		"{5Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}",
		"{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}",
		"{0,*||*|-3/2}", "{0,*||*|v3*}", "{0,*|||*||-1|-3}", "{0|^<2>*}", "{1|^3*||^*}",
		"{1|^^*||^*}", "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}", "{5||3|1|||*||||0,*}",
		"{^3*|vv*}", "-5/16*", "9/4*", "Tiny(1/2)",
		"+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",                                                        // Domineering, 4×4
		"+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}", // Toads and Frogs
	}
	tb := NewTable()
	for _, s := range printed {
		g, err := tb.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if got := g.ASCII(); got != s {
			t.Errorf("CGSuite's %s reads back as %s", s, got)
		}
	}
}

// TestCGSuiteAmbiguous: three of CGSuite's printed forms read as other
// games when CGSuite reads them: a number followed by *n or by ^n. Parse
// refuses them, and this package writes them with a '+'.
func TestCGSuiteAmbiguous(t *testing.T) {
	tests := []struct{ cgsuite, moyo, reading string }{
		// The incentive of a GameTest value: {0|-1^3} is {0|-1 + ↑3}.
		{"{0|-1^3}", "{0|-1+^3}", "{0|-1+^+^+^}"},
		// EvalTest: 9 copies of 1 + ↑² + *4.
		{"{9,9*,9*2,9*3,9*4|{9*4,9v*5||||9vv*4,9v*5|||9v3*5,9vv*4||9v4*4,9v3*5|{9v5*5,9v4*4||||9v6*4,9v5*5|||9v7*5,9v6*4||9v8*4,9v7*5|9v9*5}}}",
			"{9,9*,9+*2,9+*3,9+*4|{9+*4,9v*5||||9vv*4,9v*5|||9v3*5,9vv*4||9v4*4,9v3*5|{9v5*5,9v4*4||||9v6*4,9v5*5|||9v7*5,9v6*4||9v8*4,9v7*5|9v9*5}}}",
			"9*(1+^<2>+*4)"},
	}
	tb := NewTable()
	for _, tt := range tests {
		if _, err := tb.Parse(tt.cgsuite); err == nil || !strings.Contains(err.Error(), "is ambiguous") {
			t.Errorf("Parse(%q): %v, want it refused as ambiguous", tt.cgsuite, err)
		}
		g := mustParse(t, tb, tt.reading)
		if got := g.ASCII(); got != tt.moyo {
			t.Errorf("%s = %s, want %s", tt.reading, got, tt.moyo)
		}
		if back := mustParse(t, tb, tt.moyo); back != g {
			t.Errorf("%s reads back as %s", tt.moyo, back)
		}
	}
}

// TestCGSuiteCools: GameTest's coolings of {3||2*|1*}, as a check of the
// engine against CGSuite beside the notation's.
func TestCGSuiteCools(t *testing.T) {
	tests := []struct{ by, cgsuite string }{
		{"0", "{3||2*|1*}"},
		{"1/4", "{11/4||2|3/2}"},
		{"1/2", "{5/2|2*}"},
		{"5/8", "{19/8|17/8}"},
		{"3/4", "9/4*"},
		{"70", "9/4"},
	}
	tb := NewTable()
	g := mustParse(t, tb, "{3||2+*|1+*}")
	for _, tt := range tests {
		by, err := ParseDyadic(tt.by)
		if err != nil {
			t.Fatal(err)
		}
		c, err := tb.Cool(g, by)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.ASCII(); got != tt.cgsuite {
			t.Errorf("{3||2*|1*} cooled by %s is %s, CGSuite's is %s", tt.by, got, tt.cgsuite)
		}
	}
}

// TestCGSuiteUptimals is CGSuite's UptimalTest: ↑² = {0|↓*}, ↑³ =
// {0|↓* − ↑²}, ↑⁴ = {0|↓* − ↑² − ↑³}, and every x + *m + a₁↑ + a₂↑² + a₃↑³
// + a₄↑⁴ has the uptimal expansion x.a₁a₂a₃a₄*m.
func TestCGSuiteUptimals(t *testing.T) {
	tb := NewTable()
	downStar := mustParse(t, tb, "v*")
	zero := []*Game{tb.Zero()}
	up2 := tb.New(zero, []*Game{downStar})
	up3 := tb.New(zero, []*Game{tb.Sub(downStar, up2)})
	up4 := tb.New(zero, []*Game{tb.Sub(tb.Sub(downStar, up2), up3)})
	ups := []*Game{tb.Up(), up2, up3, up4}
	for n, u := range ups[1:] {
		if want := tb.upPower(n+2, 1, false); u != want {
			t.Fatalf("↑%d: %s, CGSuite's definition gives %s", n+2, want, u)
		}
	}
	p := newPrinter(tb, true)
	for _, x := range []Dyadic{{}, Int(1), NewDyadic(-5, 2)} {
		for m := range 3 {
			var a [4]int
			for a[0] = -2; a[0] <= 2; a[0]++ {
				for a[1] = -2; a[1] <= 2; a[1]++ {
					for a[2] = -2; a[2] <= 2; a[2]++ {
						for a[3] = -2; a[3] <= 2; a[3]++ {
							g := tb.NUS(x, 0, m)
							for i, c := range a {
								if c < 0 {
									g = tb.Sub(g, tb.Sum(slices.Repeat([]*Game{ups[i]}, -c)...))
								} else {
									g = tb.Add(g, tb.Sum(slices.Repeat([]*Game{ups[i]}, c)...))
								}
							}
							want := a[:]
							for len(want) > 0 && want[len(want)-1] == 0 {
								want = want[:len(want)-1]
							}
							s := p.shape(g)
							if s.class == classOther || !s.x.Equal(x) || !slices.Equal(s.coefs, want) || s.star != m {
								t.Fatalf("%s + *%d + %v·(↑, ↑², ↑³, ↑⁴) = %s, found as %+v", x, m, a, g, s)
							}
							if back := mustParse(t, tb, g.ASCII()); back != g {
								t.Fatalf("%s reads back as %s", g.ASCII(), back)
							}
						}
					}
				}
			}
		}
	}
}
