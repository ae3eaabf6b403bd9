package cgt

import (
	"fmt"
	"strings"
	"testing"
)

// The values of seeds/004 (Nakamura, "Evaluating territories of Go
// positions with capturing races", BIRS 2008): liberty-counting games and
// what cooling them by 2 gives. Each "⟹" of the slides is Cool(G, 2).
//
// The plain-text conversion of the slides lost the subscripts of tiny and
// miny: "3{-1|0}" is 3{⧿₁|0} (⧿ is written −, as in "−₁", and ⧾ as "+").
// The readings below are chosen by computing the cooled trees, and checked
// against the atomic weights of the Problem 6 table, which the literal
// readings fail (TestSeedGarbledReadings).

func mustParse(t *testing.T, tb *Table, s string) *Game {
	t.Helper()
	g, err := tb.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

func cool2(t *testing.T, tb *Table, g *Game) *Game {
	t.Helper()
	c, err := tb.Cool(g, Int(2))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSeedCoolByTwo(t *testing.T) {
	tests := []struct {
		tree    string
		seed    string // as the converted slides write it
		reading string // the value, in the slides' notation
		printed string // String of the cooled game, as CGSuite writes it
	}{
		{"{4|0}", "2 *", "2*", "2*"},
		{"{6|{4|0}}", "4 ↑", "4↑", "4↑"},
		{"{-5|-9}", "-7 *", "-7*", "-7*"},
		{"{-5|-8}", "-7 + 1/2", "-7 + ½", "-6½"},
		{"{{6|3}|1}", "3 - 1/4", "3 - 1/4", "2¾"},
		{"{{5|2}|0}", "1 3/4 (Problem 6 A; E's slide drops the ¾, its table row has it)", "1¾", "1¾"},
		{"{{7|3},5|1}", "3 {0, * | 0} = 3 ↑ *", "3{0,*|0}", "3↑*"},
		{"{-1|-4}", "-2 1/2", "-2½", "-2½"},
		{"{{0|-4}|-6}", "-4 ↓", "-4↓", "-4↓"},
		// Problem 6 B, C, −L and M: the subscripts are lost in the text.
		{"{{{{{15|8}|6}|4}|2}|0}", "2 {-3 | 0³}", "2{-₃|0³}", "{2⧿_{3|0}|2||2}"},
		{"{{{10|5}|3}|1}", "3 {-1 | 0}", "3{-₁|0}", "3⧿_{1|0}"},
		{"{{{11|5}|3}|1}", "3 {-2 | 0}", "3{-₂|0}", "3⧿_{2|0}"},
		{"{0|{-2|{-4|{-6|-13}}}}", "-2 {0² | +₃}", "-2{0²|+₃}", "{-2|-2⧾_{3|0}}"},
	}
	tb := NewTable()
	for _, tt := range tests {
		got := cool2(t, tb, mustParse(t, tb, tt.tree))
		if want := mustParse(t, tb, tt.reading); got != want {
			t.Errorf("%s cooled by 2 is %s; Nakamura 2008 has %s (read as %s = %s)", tt.tree, got, tt.seed, tt.reading, want)
		}
		if got.String() != tt.printed {
			t.Errorf("%s cooled by 2 prints as %s, want %s", tt.tree, got, tt.printed)
		}
	}
}

// TestSeedProblem6Table reproduces the table of Problem 6: each region's
// value and its atomic weight (of the value less its number part, as the
// slides give it). The trees are on the slides for A–E, H, I, L (as −L)
// and M; F, G, J and K are given as values only.
func TestSeedProblem6Table(t *testing.T) {
	tests := []struct {
		row    string
		tree   string // empty where the slides give only the value
		negate bool   // the slide gives −L
		value  string
		weight int64
	}{
		{"A", "{{5|2}|0}", false, "1¾", 0},
		{"B", "{{{{{15|8}|6}|4}|2}|0}", false, "2{⧿₃|0³}", -3},
		{"C", "{{{10|5}|3}|1}", false, "3{⧿₁|0}", -1},
		{"D", "{{7|3},5|1}", false, "3↑*", 1},
		{"E", "{{5|2}|0}", false, "1¾", 0},
		{"F", "", false, "3", 0},
		{"G", "", false, "-1", 0},
		{"H", "{-1|-4}", false, "-2½", 0},
		{"I", "{{0|-4}|-6}", false, "-4↓", -1},
		{"J", "", false, "-2*", 0},
		{"K", "", false, "-1", 0},
		{"L", "{{{11|5}|3}|1}", true, "-3{0|⧾₂}", 1},
		{"M", "{0|{-2|{-4|{-6|-13}}}}", false, "-2{0²|⧾₃}", 2},
	}
	tb := NewTable()
	var values []*Game
	for _, tt := range tests {
		v := mustParse(t, tb, tt.value)
		if tt.tree != "" {
			c := cool2(t, tb, mustParse(t, tb, tt.tree))
			if tt.negate {
				c = tb.Neg(c)
			}
			if c != v {
				t.Errorf("%s: the tree cools to %s, the table has %s", tt.row, c, tt.value)
			}
		}
		w, err := tb.AtomicWeight(v)
		if err != nil {
			t.Errorf("%s: %v", tt.row, err)
			continue
		}
		if w != tb.Int(tt.weight) {
			t.Errorf("%s: atomic weight of %s is %s, the table has %d", tt.row, v, w, tt.weight)
		}
		values = append(values, v)
	}
	// The total: "−1 ish", with atomic weight −1 (the weights add).
	total := tb.Sum(values...)
	if x, ok := tb.Numberish(total); !ok || !x.Equal(Int(-1)) {
		t.Errorf("the total is not −1-ish: stops %s, %s", tb.LeftStop(total), tb.RightStop(total))
	}
	if w, err := tb.AtomicWeight(total); err != nil || w != tb.Int(-1) {
		t.Errorf("atomic weight of the total: %v (%v), want −1", w, err)
	}
	// Confused with −1: whoever moves first wins the race; Black, to play,
	// wins (the slides' continuation: Black 22 liberties, White 21).
	if r := tb.CompareInt(total, -1); r != Confused {
		t.Errorf("total %s −1, want ‖", r)
	}
}

// TestSeedGarbledReadings shows why the literal readings of the lost
// glyphs are wrong: read literally, "3{-1|0}" is 3 + {−1|0} = 3 − ½, a
// number, which is not what {{{10|5}|3}|1} cools to and has atomic weight
// 0 — the table gives −1. So with "3{-2|0}" (2, against −L's weight −1)
// and "2{-3|0³}" (2 − ¼, against B's −3).
func TestSeedGarbledReadings(t *testing.T) {
	tb := NewTable()
	tests := []struct {
		tree, literal, number string
		weight                int64 // the table's
	}{
		{"{{{10|5}|3}|1}", "3{-1|0}", "2½", -1},
		{"{{{11|5}|3}|1}", "3{-2|0}", "2", -1},
		{"{{{{{15|8}|6}|4}|2}|0}", "2{-3|0³}", "1¾", -3},
	}
	for _, tt := range tests {
		c := cool2(t, tb, mustParse(t, tb, tt.tree))
		lit := mustParse(t, tb, tt.literal)
		if lit != mustParse(t, tb, tt.number) || c == lit {
			t.Errorf("%s cools to %s; the literal %s is %s", tt.tree, c, tt.literal, lit)
		}
		if w, err := tb.AtomicWeight(c); err != nil || w != tb.Int(tt.weight) {
			t.Errorf("%s: weight %v (%v), want %d", c, w, err, tt.weight)
		}
		if w, err := tb.AtomicWeight(lit); err != nil || w != tb.Zero() {
			t.Errorf("the literal %s: weight %v (%v), want 0", tt.literal, w, err)
		}
	}
}

// adjustment is Nakamura's evaluation of a cooled semeai g: the integer
// the first player (Black when black) rounds g to, keeping the turn. Case 2:
// n < g < n+1 rounds up to n+1 for Black, down to n for White. Case 3:
// g ‖ n rounds to n+1 for Black, n−1 for White.
func adjustment(tb *Table, g *Game, black bool) (int64, error) {
	m := tb.Mean(g)
	n, _ := m.Floor().Int64()
	switch {
	case g.IsInteger():
		return n, nil
	case tb.CompareInt(g, n) == Greater && tb.CompareInt(g, n+1) == Less:
		if black {
			return n + 1, nil
		}
		return n, nil
	case m.IsInteger() && tb.CompareInt(g, n) == Confused:
		if black {
			return n + 1, nil
		}
		return n - 1, nil
	}
	return 0, fmt.Errorf("%s fits none of Nakamura's cases", g)
}

func TestSeedTotals(t *testing.T) {
	tests := []struct {
		problem  string
		sum      string // the regions, uncooled
		total    string // Nakamura's total after cooling by 2
		vsMinus1 Relation
		black    int64  // Black's adjustment value
		white    *int64 // White's, where the slides give it
	}{
		// "Total = −1↑* <> −1": first player wins; revisited, "White's
		// adjustment value is −2".
		{"Problem 1", "{4|0} + {6|{4|0}} - 7", "-1↑*", Confused, 0, new(int64(-2))},
		{"Problem 2", "{4|0} + {6|{4|0}} + {-5|-9}", "-1↑", Greater, 0, nil},
		{"Problem 3", "{4|0} + {6|{4|0}} + {-5|-8}", "-½↑*", Greater, 0, nil},
	}
	tb := NewTable()
	cooledParts := tb.Add(cool2(t, tb, mustParse(t, tb, "{4|0}")), cool2(t, tb, mustParse(t, tb, "{6|{4|0}}")))
	if cooledParts != mustParse(t, tb, "(2*) + 4↑") {
		t.Errorf("(2*) + 4↑ is %s", cooledParts)
	}
	for _, tt := range tests {
		g := mustParse(t, tb, tt.sum)
		total := cool2(t, tb, g)
		if want := mustParse(t, tb, tt.total); total != want {
			t.Errorf("%s: total %s, Nakamura 2008 has %s", tt.problem, total, tt.total)
		}
		// Cooling is linear: the cooled sum is the sum of the cooled regions.
		rest := tb.Sub(g, mustParse(t, tb, "{4|0} + {6|{4|0}}"))
		if total != tb.Add(cooledParts, cool2(t, tb, rest)) {
			t.Errorf("%s: cooling does not add", tt.problem)
		}
		if r := tb.CompareInt(total, -1); r != tt.vsMinus1 {
			t.Errorf("%s: %s %s −1, Nakamura 2008 has %s", tt.problem, total, r, tt.vsMinus1)
		}
		if a, err := adjustment(tb, total, true); err != nil || a != tt.black {
			t.Errorf("%s: Black's adjustment value %d (%v), Nakamura 2008 has %d", tt.problem, a, err, tt.black)
		}
		if tt.white != nil {
			if a, err := adjustment(tb, total, false); err != nil || a != *tt.white {
				t.Errorf("%s: White's adjustment value %d (%v), Nakamura 2008 has %d", tt.problem, a, err, *tt.white)
			}
		}
	}
	// Problem 1 is a first-player win: −1↑* + 1 = ↑* ‖ 0.
	if o := tb.Outcome(tb.Add(mustParse(t, tb, "-1↑*"), tb.Int(1))); o != FirstWins {
		t.Errorf("Problem 1: total + 1 is %s, Nakamura 2008 says the first player wins", o)
	}

	// Problem 4: the slide keeps {-5|-8} ⟹ −6½ and {{6|3}|1} ⟹ 2¾ and the
	// total −7/8; the other regions were in its lost figure. The total is
	// a number between −1 and 0, so Black, first, rounds it up to 0.
	p4 := cool2(t, tb, mustParse(t, tb, "{-5|-8} + {{6|3}|1}"))
	if p4 != mustParse(t, tb, "-6½ + 2¾") {
		t.Errorf("Problem 4's legible regions cool to %s", p4)
	}
	total := mustParse(t, tb, "-7/8")
	if r := tb.CompareInt(total, -1); r != Greater {
		t.Errorf("−7/8 %s −1", r)
	}
	if a, err := adjustment(tb, total, true); err != nil || a != 0 {
		t.Errorf("Problem 4: Black's adjustment value %d (%v), want 0", a, err)
	}

	// The second part of the slides combines A = 2*, B = 4↑, C = −2*,
	// D = −2↑ with integers; each combination is −1↑*. (A star before a
	// sign is written in parentheses, as the slides write Problem 5: CGSuite
	// reads 2*+4 as 2 times +4.)
	for _, s := range []string{"(2*) + 4↑ - 7", "(2*) + -2↑ - 1", "(-2*) + 4↑ - 3", "(-2*) + -2↑ + 3"} {
		if g := mustParse(t, tb, s); g != mustParse(t, tb, "-1↑*") {
			t.Errorf("%s = %s, Nakamura 2008 has −1↑*", s, g)
		}
	}
	// "↑* = {0, * | 0}".
	if mustParse(t, tb, "↑*") != mustParse(t, tb, "{0,*|0}") {
		t.Error("↑* is not {0,*|0}")
	}
}

// TestSeedProblem5 checks what can be read of Problem 5's total,
// (2*) + (−2*) + (3*) + (2↓) + (−4 ?) + (6↑*) + 2 − 10, whose fifth glyph
// is lost: the legible terms add to exactly 3, so the total is −1 plus
// the lost infinitesimal, and the slide's range 0 > total > −1 holds for
// a tiny there (−4⧾ₓ) and fails for a miny.
func TestSeedProblem5(t *testing.T) {
	tb := NewTable()
	if g := mustParse(t, tb, "(2*) + (-2*) + (3*) + (2↓) + (6↑*) + 2 - 10"); g != tb.Int(3) {
		t.Fatalf("the legible terms add to %s, not 3", g)
	}
	for x := 1; x <= 4; x++ {
		tiny := mustParse(t, tb, fmt.Sprintf("3 - 4 + tiny(%d)", x))
		if tb.CompareInt(tiny, 0) != Less || tb.CompareInt(tiny, -1) != Greater {
			t.Errorf("−1⧾%d is not between −1 and 0", x)
		}
		miny := mustParse(t, tb, fmt.Sprintf("3 - 4 + miny(%d)", x))
		if tb.CompareInt(miny, -1) != Less {
			t.Errorf("−1⧿%d is not below −1", x)
		}
	}
}

// TestSeedFamily generalises Problem 6's regions B, C and −L, which the
// slides describe by parameters n, x, y: the tree
// {{…{{y+2n+x+2 | y+2n} | y+2n−2}…| y+2} | y} cools by 2 to
// (y+2){⧿_{x−2} | 0^{n−1}} for x ≥ 3, whose atomic weight is 1 − n, and
// which CGSuite writes {(y+2)⧿_{x−2|0} | y+2 || y+2 …}. B is
// (n, x, y) = (4, 5, 0), C (2, 3, 1), −L (2, 4, 1) and −M (3, 5, 0).
func TestSeedFamily(t *testing.T) {
	tb := NewTable()
	for n := 2; n <= 6; n++ {
		for x := 3; x <= 8; x++ {
			for y := -2; y <= 2; y++ {
				tree := fmt.Sprintf("{%d|%d}", y+2*n+x+2, y+2*n)
				for k := n - 1; k >= 0; k-- {
					tree = fmt.Sprintf("{%s|%d}", tree, y+2*k)
				}
				got := cool2(t, tb, mustParse(t, tb, tree))
				// The slides' reading, with its run of zeros…
				reading := fmt.Sprintf("%d{⧿%s|0%s}", y+2, subscript(int64(x-2)), superscript(n-1))
				if y+2 == 0 {
					reading = reading[1:]
				}
				if got != mustParse(t, tb, reading) {
					t.Errorf("n=%d x=%d y=%d: %s cools to %s, not %s", n, x, y, tree, got, reading)
				}
				// …and CGSuite's: {⧿ₓ|0} is ⧿_{x|0}, and the number
				// is in every option.
				c := Int(int64(y + 2)).String()
				want := fmt.Sprintf("%s⧿_{%d|0}", c, x-2)
				if y+2 == 0 {
					want = want[1:]
				}
				for j := 1; j <= n-2; j++ {
					want += strings.Repeat("|", j) + c
				}
				if n > 2 {
					want = "{" + want + "}"
				}
				if got.String() != want {
					t.Errorf("n=%d x=%d y=%d: %s cools to %s, want %s", n, x, y, tree, got, want)
				}
				if w, err := tb.AtomicWeight(got); err != nil || w != tb.Int(int64(1-n)) {
					t.Errorf("n=%d x=%d y=%d: atomic weight %v (%v), want %d", n, x, y, w, err, 1-n)
				}
			}
		}
	}
}
