package cgt

import (
	"math"
	"testing"
)

func TestDyadicArithmetic(t *testing.T) {
	half := NewDyadic(1, 1)
	tests := []struct {
		name      string
		got, want Dyadic
	}{
		{"½ + ½", half.Add(half), Int(1)},
		{"¾ − ¼", NewDyadic(3, 2).Sub(NewDyadic(1, 2)), half},
		{"normalised", NewDyadic(12, 3), NewDyadic(3, 1)},
		{"3 · −5/4", NewDyadic(-5, 2).MulInt(3), NewDyadic(-15, 2)},
		{"2 · ¾", NewDyadic(3, 2).MulInt(2), NewDyadic(3, 1)},
		{"⌊−7/2⌋", NewDyadic(-7, 1).Floor(), Int(-4)},
		{"⌈−7/2⌉", NewDyadic(-7, 1).Ceil(), Int(-3)},
		{"⌊7/2⌋", NewDyadic(7, 1).Floor(), Int(3)},
		{"⌊−1/2^70⌋", Int(-1).Ldexp(-70).Floor(), Int(-1)},
		{"3·2^−2", Int(3).Ldexp(-2), NewDyadic(3, 2)},
		{"¾·2^3", NewDyadic(3, 2).Ldexp(3), Int(6)},
		{"max + 1 − 1", Int(math.MaxInt64).Add(Int(1)).Sub(Int(1)), Int(math.MaxInt64)},
		{"−min", Int(math.MinInt64).Neg().Sub(Int(1)), Int(math.MaxInt64)},
		{"2^62 · 4 / 8", Int(1 << 62).MulInt(4).Ldexp(-3), Int(1 << 61)},
		{"1/2^70 + 1", Int(1).Ldexp(-70).Add(Int(1)).Sub(Int(1)), Int(1).Ldexp(-70)},
	}
	for _, tt := range tests {
		if !tt.got.Equal(tt.want) || tt.got.key() != tt.want.key() {
			t.Errorf("%s = %s (%v), want %s", tt.name, tt.got, tt.got.key(), tt.want)
		}
	}
	if big := Int(math.MaxInt64).Add(Int(1)); big.String() != "9223372036854775808" || big.Cmp(Int(math.MaxInt64)) != 1 {
		t.Errorf("2^63 = %s", big)
	}
	if s := Int(1).Ldexp(-70).ASCII(); s != "1/1180591620717411303424" {
		t.Errorf("2^−70 = %s", s)
	}
	if f := NewDyadic(-7, 3).Float64(); f != -0.875 {
		t.Errorf("−7/8 = %g", f)
	}
}

func TestDyadicText(t *testing.T) {
	tests := []struct {
		x             Dyadic
		unicode, text string
	}{
		{Int(0), "0", "0"},
		{Int(-7), "-7", "-7"},
		{NewDyadic(-15, 1), "-7½", "-15/2"},
		{NewDyadic(11, 2), "2¾", "11/4"},
		{NewDyadic(-7, 3), "-⅞", "-7/8"},
		{NewDyadic(1, 1), "½", "1/2"},
		{NewDyadic(53, 4), "53/16", "53/16"},
	}
	for _, tt := range tests {
		if got := tt.x.String(); got != tt.unicode {
			t.Errorf("String = %q, want %q", got, tt.unicode)
		}
		if got := tt.x.ASCII(); got != tt.text {
			t.Errorf("ASCII = %q, want %q", got, tt.text)
		}
		for _, s := range []string{tt.unicode, tt.text} {
			if back, err := ParseDyadic(s); err != nil || !back.Equal(tt.x) {
				t.Errorf("ParseDyadic(%q) = %s, %v", s, back, err)
			}
		}
	}
	for _, s := range []string{"1.25", "5/4", "1¼"} {
		if x, err := ParseDyadic(s); err != nil || !x.Equal(NewDyadic(5, 2)) {
			t.Errorf("ParseDyadic(%q) = %s, %v", s, x, err)
		}
	}
	for _, tt := range []struct{ in, err string }{
		{"0.1", "column 1: 0.1 is not a dyadic rational"},
		{"1/3", "column 1: 1/3 is not a dyadic rational"},
		{"1/0", "column 1: 1/0 divides by zero"},
		{"2*", `column 1: "2*" is not a number`},
		{"x", `column 1: unknown word "x"`},
	} {
		if _, err := ParseDyadic(tt.in); err == nil || len(err.Error()) < len(tt.err) || err.Error()[:len(tt.err)] != tt.err {
			t.Errorf("ParseDyadic(%q): %v, want %q…", tt.in, err, tt.err)
		}
	}
}

func TestSimplestBetween(t *testing.T) {
	d := func(n int64, e uint) *Dyadic { x := NewDyadic(n, e); return &x }
	tests := []struct {
		lo, hi *Dyadic
		want   Dyadic
	}{
		{nil, nil, Int(0)},
		{d(1, 0), nil, Int(2)},
		{d(-3, 1), nil, Int(0)},
		{nil, d(-1, 0), Int(-2)},
		{nil, d(1, 2), Int(0)},
		{d(0, 0), d(1, 0), NewDyadic(1, 1)},
		{d(1, 1), d(1, 0), NewDyadic(3, 2)},
		{d(-1, 0), d(1, 0), Int(0)},
		{d(1, 0), d(3, 0), Int(2)},
		{d(-3, 0), d(-1, 0), Int(-2)},
		{d(3, 1), d(2, 0), NewDyadic(7, 2)},
		{d(-2, 0), d(-3, 1), NewDyadic(-7, 2)},
		{d(5, 4), d(3, 3), NewDyadic(11, 5)},
		{d(1, 3), d(1, 1), NewDyadic(1, 2)},
		{d(0, 0), d(1, 70), NewDyadic(1, 71)},
	}
	for _, tt := range tests {
		if got := simplestBetween(tt.lo, tt.hi); !got.Equal(tt.want) {
			t.Errorf("simplest between %v and %v = %s, want %s", tt.lo, tt.hi, got, tt.want)
		}
	}
}
