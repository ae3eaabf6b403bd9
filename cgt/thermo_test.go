package cgt

import (
	"strings"
	"testing"
)

// pts writes wall corners compactly, as (t, v) pairs.
func pts(w Wall) string { return w.String() }

// TestThermographs checks walls worked out by hand from the recursive
// definition: L(t) = max R_{G^L}(t) − t, R(t) = min L_{G^R}(t) + t, up to
// where they meet.
func TestThermographs(t *testing.T) {
	tests := []struct {
		game, left, right, temp, mast string
	}{
		{"3", "(-1, 3)", "(-1, 3)", "-1", "3"},
		{"½", "(-1, 1) (-½, ½)", "(-1, 0) (-½, ½)", "-½", "½"},
		{"2*", "(-1, 3) (0, 2)", "(-1, 1) (0, 2)", "0", "2"},
		{"↑", "(-1, 1) (0, 0)", "(-1, 0) (0, 0)", "0", "0"},
		{"{4|0}", "(-1, 5) (2, 2)", "(-1, -1) (2, 2)", "2", "2"},
		{"{6|{4|0}}", "(-1, 7) (2, 4)", "(-1, 4) (2, 4)", "2", "4"},
		// {6|3}'s right wall rises 3 + t until 1½, then stands at 4½; so
		// Left's scaffold is 3, then 4½ − t, and meets 1 + t at 1¾.
		{"{{6|3}|1}", "(-1, 3) (1½, 3) (1¾, 2¾)", "(-1, 0) (1¾, 2¾)", "1¾", "2¾"},
		{"{{{10|5}|3}|1}", "(-1, 3) (2, 3)", "(-1, 0) (2, 3)", "2", "3"},
		{"{{7|3},5|1}", "(-1, 6) (2, 3)", "(-1, 0) (2, 3)", "2", "3"},
		// Two Left options whose scaffolds cross: 1 − t leads until t = 1,
		// then {6|0}'s 0, until 3 − t takes over at t = 3.
		{"{{6|0},1|-4}", "(-1, 2) (1, 0) (3, 0) (3½, -½)", "(-1, -5) (3½, -½)", "3½", "-½"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.game)
		th := tb.Thermograph(g)
		if pts(th.Left) != tt.left || pts(th.Right) != tt.right || th.Temperature.String() != tt.temp || th.Mast.String() != tt.mast {
			t.Errorf("%s: left %s, right %s, temperature %s, mast %s; want %s, %s, %s, %s",
				tt.game, pts(th.Left), pts(th.Right), th.Temperature, th.Mast, tt.left, tt.right, tt.temp, tt.mast)
		}
		if !tb.Mean(g).Equal(th.Mast) || !tb.Temperature(g).Equal(th.Temperature) {
			t.Errorf("%s: Mean and Temperature disagree with the thermograph", tt.game)
		}
	}
	// Between corners the walls are linear.
	th := tb.Thermograph(mustParse(t, tb, "{{6|3}|1}"))
	if v := th.Left.At(NewDyadic(13, 3)); !v.Equal(NewDyadic(23, 3)) { // 4½ − 1⅝ = 2⅞
		t.Errorf("left wall at 1⅝ = %s, want 2⅞", v)
	}
	if v := th.Right.At(Int(5)); !v.Equal(NewDyadic(11, 2)) {
		t.Errorf("right wall above the temperature = %s, want the mast 2¾", v)
	}
}

func TestStops(t *testing.T) {
	tests := []struct{ game, left, right string }{
		{"{4|0}", "4", "0"},
		{"{{6|3}|1}", "3", "1"},
		{"3{⧿₁|0}", "3", "3"},
		{"{0,{4|0}|0}", "0", "0"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.game)
		if l, r := tb.LeftStop(g), tb.RightStop(g); l.String() != tt.left || r.String() != tt.right {
			t.Errorf("%s: stops %s, %s; want %s, %s", tt.game, l, r, tt.left, tt.right)
		}
	}
}

func TestCool(t *testing.T) {
	tests := []struct{ game, by, want string }{
		{"{4|0}", "1", "{3|1}"},
		{"{4|0}", "2", "2*"},
		{"{4|0}", "3", "2"},
		{"{1|0}", "½", "½*"},
		{"{1|0}", "1/4", "{¾|¼}"},
		{"{6|{4|0}}", "1", "{5|{4|2}}"},
		{"{6|{4|0}}", "2.5", "4"},
		{"↑", "1", "0"},
		{"-7½", "3", "-7½"},
		{"{{6|3}|1}", "1.75", "2¾*"},
	}
	tb := NewTable()
	for _, tt := range tests {
		by, err := ParseDyadic(tt.by)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tb.Cool(mustParse(t, tb, tt.game), by)
		if err != nil || got != mustParse(t, tb, tt.want) {
			t.Errorf("%s cooled by %s = %v (%v), want %s", tt.game, tt.by, got, err, tt.want)
		}
	}
	if _, err := tb.Cool(tb.Star(), Int(-1)); err == nil || !strings.Contains(err.Error(), "must be ≥ 0") {
		t.Errorf("cooling by −1: %v", err)
	}
}

func TestAtomicWeight(t *testing.T) {
	tests := []struct{ game, want string }{
		{"0", "0"}, {"5", "0"}, {"*", "0"}, {"*3", "0"},
		{"↑", "1"}, {"↑*", "1"}, {"⇑*", "2"}, {"↓3*", "-3"}, {"3↑", "1"}, {"-4↓", "-1"},
		{"⧾₂", "0"}, {"⧿₂", "0"}, {"{0|↑*}", "2"},
		// {0,↑*|0}: the calculus gives {aw 0, aw ↑* − 2 | 2} = {-1 | 2} = 0,
		// and the game exceeds a remote star, so the weight is the greatest
		// integer n ⧏ 2: 1.
		{"{0,↑*|0}", "1"},
	}
	tb := NewTable()
	for _, tt := range tests {
		g := mustParse(t, tb, tt.game)
		w, err := tb.AtomicWeight(g)
		if err != nil || w != mustParse(t, tb, tt.want) {
			t.Errorf("aw(%s) = %v (%v), want %s", g, w, err, tt.want)
		}
	}
	if _, err := tb.AtomicWeight(mustParse(t, tb, "{4|0}")); err == nil || !strings.Contains(err.Error(), "not a number plus an infinitesimal") {
		t.Errorf("aw({4|0}): %v", err)
	}
}
