package cgt

import "testing"

// TestCompare checks comparisons the literature states, written as the
// seed writes them ("<>" for confused).
func TestCompare(t *testing.T) {
	tests := []struct{ g, rel, h string }{
		{"↑", ">", "0"},
		{"*", "<>", "0"},
		{"↑*", "‖", "0"},
		{"⇑*", ">", "0"},     // two ups outweigh a star
		{"↓*", "<>", "0"},    //
		{"⇓", "<", "*"},      //
		{"↑", "<", "1/64"},   // infinitesimal
		{"⧾₂", ">", "0"},     // tiny is positive…
		{"⧾₂", "<", "↑"},     // …and smaller than ↑
		{"⧾₃", "<", "⧾₂"},    // and tinier with a larger subscript
		{"{1|0}", "<>", "½"}, // a hot game is confused with its mean
		{"{1|0}", "<", "2"},  //
		{"-1↑*", "<>", "-1"}, // seeds/004, Problem 1
		{"-1↑", ">", "-1"},   // Problem 2
		{"-½↑*", ">", "-1"},  // Problem 3
		{"-7/8", ">", "-1"},  // Problem 4
		{"*2", "=", "{0,*|0,*}"},
	}
	tb := NewTable()
	for _, tt := range tests {
		want, err := ParseRelation(tt.rel)
		if err != nil {
			t.Fatal(err)
		}
		g, h := mustParse(t, tb, tt.g), mustParse(t, tb, tt.h)
		if got := tb.Compare(g, h); got != want {
			t.Errorf("%s %s %s, want %s", tt.g, got, tt.h, tt.rel)
		}
		if got, back := tb.Compare(h, g), map[Relation]Relation{Less: Greater, Greater: Less, Equal: Equal, Confused: Confused}[want]; got != back {
			t.Errorf("%s %s %s, want %s", tt.h, got, tt.g, back)
		}
		if le := tb.Le(g, h); le != (want == Less || want == Equal) {
			t.Errorf("%s ≤ %s is %v", tt.g, tt.h, le)
		}
	}
	for r, s := range map[Relation][2]string{Equal: {"=", "="}, Less: {"<", "<"}, Greater: {">", ">"}, Confused: {"‖", "<>"}} {
		if r.String() != s[0] || r.ASCII() != s[1] {
			t.Errorf("%d prints as %s and %s", r, r, r.ASCII())
		}
	}
	if _, err := ParseRelation("=<"); err == nil {
		t.Error(`ParseRelation("=<") succeeded`)
	}
	outcomes := map[string]Outcome{"0": SecondWins, "1": LeftWins, "-½": RightWins, "*": FirstWins, "{4|0}": FirstWins, "↑*": FirstWins, "↑": LeftWins}
	for s, want := range outcomes {
		if got := tb.Outcome(mustParse(t, tb, s)); got != want {
			t.Errorf("outcome of %s is %s (%s), want %s", s, got, got.Describe(), want)
		}
	}
}

// TestByStops checks the comparisons the stops decide against the
// definition, on games like those of a region where a block can live,
// and that the stops leave undecided the pairs they cannot decide.
func TestByStops(t *testing.T) {
	tests := []struct {
		g, h   string
		ok, le bool // whether the stops decide g ≤ h, and how
	}{
		{"{1000|5}", "1001", true, true},         // L(g) = 1000 < R(h) = 1001
		{"{1000|5}", "{1000|3}", true, false},    // R(g) = 5 > R(h) = 3
		{"{1000|3}", "{1000|5}", false, false},   // equal left stops: the options decide
		{"{4|0}", "{1000|{1000|5}}", true, true}, // L(g) = 4 < R(h) = 1000
		{"3", "{2|1}", true, false},
		{"{2|1}", "3", true, true},
		{"*", "0", false, false},
	}
	tb := NewTable()
	for _, tt := range tests {
		g, h := mustParse(t, tb, tt.g), mustParse(t, tb, tt.h)
		le, ok := tb.byStops(g, h)
		if ok != tt.ok || ok && le != tt.le {
			t.Errorf("byStops(%s, %s) = %v, %v; want %v, %v", tt.g, tt.h, le, ok, tt.le, tt.ok)
		}
		if ok && le != tb.leOptions(g, h) {
			t.Errorf("%s ≤ %s: the stops say %v, the options %v", tt.g, tt.h, le, !le)
		}
	}
}
