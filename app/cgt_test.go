package app

import (
	"strings"
	"testing"
)

func TestCgtJSON(t *testing.T) {
	out := runOK(t, "", "cgt", "--format", "json", "{{{10|5}|3}|1}")
	var r map[string]any
	decodeJSON(t, out, &r)
	// Problem 6 C of seeds/004: cooled by 2 (the default) it is 3{⧿₁|0},
	// which CGSuite writes 3⧿_{1|0}, of atomic weight −1; the game itself
	// is hot, and has none.
	want := map[string]any{
		"game":                 "{{{10|5}|3}|1}",
		"canonical":            "{10|5||3|||1}",
		"options":              "{{10|5||3}|1}",
		"outcome":              "L",
		"mean":                 "3",
		"temperature":          "2",
		"cool":                 "2",
		"cooled":               "3⧿_{1|0}",
		"atomic_weight":        nil,
		"cooled_atomic_weight": "-1",
		"left_stop":            "3",
		"right_stop":           "1",
		"birthday":             float64(13), // 10 is born on day 10
	}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("%s = %#v, want %#v", k, r[k], v)
		}
	}
	th, _ := r["thermograph"].(map[string]any)
	if th == nil || th["mast"] != "3" || len(th["left"].([]any)) != 2 {
		t.Errorf("thermograph %v", r["thermograph"])
	}
}

func TestCgtText(t *testing.T) {
	out := runOK(t, "", "cgt", "{{7|3},5|1}")
	wantAll(t, "output", out,
		"canonical form:        {5,{7|3}|1}\n",
		"outcome:               L (Left (Black) wins whoever starts)\n",
		"mean:                  3\n",
		"temperature:           2\n",
		"thermograph:           left wall (-1, 6) (2, 3); right wall (-1, 0) (2, 3); mast at 3 above t = 2\n",
		"cooled by 2:           3↑*\n",
		"cooled atomic weight:  1 (of the infinitesimal part ↑*)\n",
	)
	// A hot game has no atomic weight, and no line for one; nor has a
	// number other than 0, whose infinitesimal part is nothing.
	if strings.Contains(out, "\natomic weight:") {
		t.Errorf("a hot game with an atomic weight line:\n%s", out)
	}
	if _, out, _ := run(t, "", "cgt", "--", "-7"); strings.Contains(out, "atomic weight:") {
		t.Errorf("-7 with an atomic weight line:\n%s", out)
	}
}

// TestCgtHugeBirthday: a number is born on the day of its size, which
// can be past any int; the report gives it whole, in text and in JSON.
func TestCgtHugeBirthday(t *testing.T) {
	_, out, _ := run(t, "", "cgt", "{10000000000000000000000|0}")
	if want := "birthday:              10000000000000000000001\n"; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	_, out, _ = run(t, "", "cgt", "--format", "json", "{10000000000000000000000|0}")
	if want := `"birthday":10000000000000000000001,`; !strings.Contains(out, want) {
		t.Errorf("output lacks %s:\n%s", want, out)
	}
}

func TestCgtFlags(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		// A game that starts with '-' is not a flag.
		{[]string{"-7*"}, []string{"canonical form:        -7*", "outcome:               R", "atomic weight:         0"}},
		{[]string{"--ascii", "{0,*|0}"}, []string{"canonical form:        ^*", "options:               {0,*|0}", "outcome:               N"}},
		{[]string{"--cool", "1/2", "{1|0}"}, []string{"cooled by ½:           ½*"}},
		{[]string{"{1|0}", "--cool=0.25", "--ascii"}, []string{"cooled by 1/4:         {3/4|1/4}"}},
		{[]string{"--cool", "0", "-{1|0}"}, []string{"cooled by 0:           {0|-1}"}},
		{[]string{"(2*) + 4↑ - 7"}, []string{"canonical form:        -1↑*", "outcome:               R"}},
		// Games as CGSuite reads and writes them (issue 36).
		{[]string{"--ascii", "3+-1"}, []string{"canonical form:        {4|2}\n"}},
		{[]string{"--ascii", "5*{3||2|1}"}, []string{"canonical form:        {12|||11||10,{11|10}|9Tiny({2|1})}\n"}},
		{[]string{"*(3+5)"}, []string{"canonical form:        *8\n"}},
		{[]string{"--ascii", "{4|0,+-1}"}, []string{"canonical form:        {4|0,+-1}\n"}},
		{[]string{"+-1"}, []string{"canonical form:        ±1\n"}},
		{[]string{"--ascii", "vvv"}, []string{"canonical form:        v3\n"}},
		{[]string{"^<2>"}, []string{"canonical form:        ↑²\n", "options:               {0|↓*}\n"}},
		{[]string{"--ascii", "v<2>*"}, []string{"canonical form:        v<2>*\n"}},
		{[]string{"--ascii", "{0||0|-2}"}, []string{"canonical form:        Tiny(2)\n", "atomic weight:         0\n"}},
		{[]string{"{2|0||0}"}, []string{"canonical form:        ⧿₂\n"}},
		{[]string{"-7"}, []string{"canonical form:        -7\n"}},
		{[]string{"--", "-2{0²|⧾₃}"}, []string{"atomic weight:         2"}},
	}
	for _, tt := range tests {
		code, out, stderr := run(t, "", append([]string{"cgt"}, tt.args...)...)
		if code != 0 {
			t.Errorf("%q: exit %d: %s", tt.args, code, stderr)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: output lacks %q:\n%s", tt.args, w, out)
			}
		}
	}
	// Standard input.
	if code, out, stderr := run(t, " {4|0}\n", "cgt", "-"); code != 0 || !strings.Contains(out, "cooled by 2:           2*") {
		t.Errorf("stdin: exit %d, %s%s", code, out, stderr)
	}
}

func TestCgtErrors(t *testing.T) {
	checkFailures(t, "cgt", []cliFailure{
		{"unclosed braces", "", []string{"{1|2"}, 1, "moyo: game \"{1|2\": column 5: expected ',', '|' or '}', found the end\n"},
		{"two separators", "", []string{"{1|2|3}"}, 1, "moyo: game \"{1|2|3}\": column 5: two '|' separators in one pair of braces: more bars bind looser ({a|b||c} is {{a|b}|c}), or nest braces\n"},
		{"not dyadic", "", []string{"{0|1/3}"}, 1, "moyo: game \"{0|1/3}\": column 4: 1/3 is not a dyadic rational"},
		{"unknown word", "", []string{"up"}, 1, "moyo: game \"up\": column 1: unknown word \"up\""},
		{"empty stdin", "", []string{"-"}, 1, "moyo: game \"\": column 1: expected a game, found the end\n"},
		{"no game", "", nil, 2, "moyo cgt: want one GAME (quote it for the shell), got 0"},
		{"two games", "", []string{"{4|0}", "*"}, 2, "moyo cgt: want one GAME (quote it for the shell), got 2"},
		{"cool not dyadic", "", []string{"--cool", "0.1", "*"}, 2, "moyo cgt: --cool 0.1: column 1: 0.1 is not a dyadic rational"},
		{"cool negative", "", []string{"--cool", "-1", "*"}, 2, "moyo cgt: --cool -1: the temperature of cooling must be ≥ 0"},
		{"bad format", "", []string{"--format", "png", "*"}, 2, "moyo cgt: unknown format \"png\""},
		{"unknown flag", "", []string{"--chill", "*"}, 2, "moyo cgt: flag provided but not defined: -chill"},
		{"ambiguous star", "", []string{"2*3"}, 1, "moyo: game \"2*3\": column 2: \"2*3\" is ambiguous: CGSuite reads it as 2 times 3, but prints 2 + *3 that way; write 2+*3 for the sum, or (2)*3 for the product\n"},
		{"ambiguous power", "", []string{"3^3"}, 1, "moyo: game \"3^3\": column 2: \"3^3\" is ambiguous: CGSuite reads it as 3 to the power 3"},
		{"star before a sign", "", []string{"2* + 4↑ - 7"}, 1, "moyo: game \"2* + 4↑ - 7\": column 2: '2*' before '+' is ambiguous"},
	})
}

// TestCgtHelp: the help says how games are written, on one screen.
func TestCgtHelp(t *testing.T) {
	code, _, stderr := run(t, "", "cgt", "-h")
	if code != 0 || !strings.Contains(stderr, "usage: moyo cgt") {
		t.Fatalf("-h: exit %d, %q", code, stderr)
	}
	if n := strings.Count(stderr, "\n"); n > 40 {
		t.Errorf("help is %d lines, want one screen", n)
	}
	wantAll(t, "help", stderr, "{3||2|1} = {3|{2|1}}", "*(3+5)", "^<2> = {0|v*}", "+-1 = ±1 = {1|-1}", "Tiny(2)", "5*{3||2|1}", "2*3 (CGSuite: 6; write 2+*3)", "docs/cgt.md")
	usage, _, _ := strings.Cut(stderr, "Flags:")
	for _, line := range strings.Split(usage, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("help line longer than 80 columns: %q", line)
		}
	}
}
