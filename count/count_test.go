package count

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"moyo/board"
	"moyo/game"
	"moyo/internal/testpos"
)

// settled is a 9×9 with a Black wall on column E and a White wall on
// column F: 45–36 by area, 36–27 by territory, B+2 after komi 7 either way.
const settled = "(;GM[1]FF[4]SZ[9]KM[7]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])"

func mustRecord(t *testing.T, sgf string) *game.Record {
	t.Helper()
	rec, err := game.Parse([]byte(sgf), 0)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustDiagram(t *testing.T, s string) *board.Position {
	t.Helper()
	pos, err := board.ParseDiagram(s)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestCountSettled(t *testing.T) {
	rec := mustRecord(t, settled)
	pos := rec.AfterMove(rec.Moves()).Position
	m, err := Auto(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if d := m.Points(pos, Dead); len(d) != 0 {
		t.Errorf("dead stones %v on a settled board", d)
	}
	for _, tc := range []struct {
		rules        Rules
		black, white float64
	}{{Area, 45, 36}, {Territory, 36, 27}} {
		c, err := New(pos, m, tc.rules, rec.Info.Komi)
		if err != nil {
			t.Fatal(err)
		}
		if c.Black != tc.black || c.White != tc.white || c.Result() != "B+2" {
			t.Errorf("%v: %g–%g, %s; want %g–%g, B+2", tc.rules, c.Black, c.White, c.Result(), tc.black, tc.white)
		}
	}
}

// TestCountRules counts small positions by hand: dead stones lifted as
// prisoners, captures during the game, a seki's points, a draw.
func TestCountRules(t *testing.T) {
	// Black owns the left three columns, White the right, with a dead
	// White stone at B5 (Black's side) and a seki in the top right.
	const diagram = `
..X.O....
..X.O....
..X.O....
..X.O....
.OX.O....
..X.O....
..X.O....
..X.O....
..X.O....
`
	for _, tc := range []struct {
		name         string
		dead, seki   []board.Point
		rules        Rules
		komi         float64
		black, white float64
		result       string
	}{
		// Area: Black 3 columns less B5 + dead B5 = 27; White 4 columns + E = 45, D is dame.
		{"area", []board.Point{{X: 1, Y: 4}}, nil, Area, 0, 27, 45, "W+18"},
		// Territory: Black's 18 points (B5 lifted) + 1 prisoner = 19; White's 36.
		{"territory", []board.Point{{X: 1, Y: 4}}, nil, Territory, 0, 19, 36, "W+17"},
		// The White stone alive: the left two columns are no one's.
		{"alive", nil, nil, Territory, 0, 0, 36, "W+36"},
		// In seki: no territory beside it under territory rules.
		{"seki territory", nil, []board.Point{{X: 1, Y: 4}}, Territory, 0, 0, 36, "W+36"},
		{"seki area", nil, []board.Point{{X: 1, Y: 4}}, Area, 0, 9, 46, "W+37"},
		{"komi", []board.Point{{X: 1, Y: 4}}, nil, Territory, -17, 19, 36, "0"},
	} {
		pos := mustDiagram(t, diagram)
		m, err := FromPoints(pos, tc.dead, tc.seki)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(pos, m, tc.rules, tc.komi)
		if err != nil {
			t.Fatal(err)
		}
		if c.Black != tc.black || c.White != tc.white || c.Result() != tc.result {
			t.Errorf("%s: %g–%g %s, want %g–%g %s", tc.name, c.Black, c.White, c.Result(), tc.black, tc.white, tc.result)
		}
	}
}

func TestCountCaptures(t *testing.T) {
	// Black captures a White stone during the game: a prisoner under
	// territory rules, nothing under area rules.
	rec := mustRecord(t, "(;GM[1]SZ[9]KM[0];B[ba];W[aa];B[ab])")
	pos := rec.AfterMove(rec.Moves()).Position
	if pos.Captures(board.Black) != 1 {
		t.Fatalf("captures %d, want 1", pos.Captures(board.Black))
	}
	m := make(Marking, pos.Len())
	area, _ := New(pos, m, Area, 0)
	terr, _ := New(pos, m, Territory, 0)
	if area.Black != 81 || terr.Black != 79+1 {
		t.Errorf("area %g, territory %g; want 81, 80", area.Black, terr.Black)
	}
}

func TestMarkingErrors(t *testing.T) {
	pos := mustDiagram(t, "X..\n...\n..O\n")
	for _, tc := range []struct {
		dead, seki []board.Point
	}{
		{[]board.Point{{X: 1, Y: 1}}, nil},
		{[]board.Point{{X: 5, Y: 5}}, nil},
		{[]board.Point{{X: 0, Y: 0}}, []board.Point{{X: 0, Y: 0}}},
	} {
		if _, err := FromPoints(pos, tc.dead, tc.seki); err == nil {
			t.Errorf("FromPoints(%v, %v): no error", tc.dead, tc.seki)
		}
	}
	if _, err := New(pos, make(Marking, 4), Area, 0); err == nil {
		t.Error("New with a short marking: no error")
	}
	if _, err := FromValues(pos, []float64{1}); err == nil {
		t.Error("FromValues with one value: no error")
	}
	if _, err := ParseRules("ing"); err == nil {
		t.Error(`ParseRules("ing"): no error`)
	}
}

func TestToggle(t *testing.T) {
	pos := mustDiagram(t, "XX.\n...\n..O\n")
	m := make(Marking, pos.Len())
	at := board.Point{X: 1, Y: 0}
	var got []Status
	for range 3 {
		m = m.Toggle(pos, at)
		got = append(got, m[0])
	}
	if want := []Status{Dead, Seki, Alive}; !slices.Equal(got, want) {
		t.Errorf("toggling the chain: %v, want %v", got, want)
	}
	if m2 := m.Toggle(pos, board.Point{X: 2, Y: 0}); !slices.Equal(m2, m) {
		t.Error("toggling an empty point changed the marking")
	}
}

func TestFromValues(t *testing.T) {
	pos := mustDiagram(t, "XX.\n.O.\n..O\n")
	v := make([]float64, pos.Len())
	v[0], v[1] = -0.9, -0.5 // Black's chain: owned by White, dead
	v[4] = 0.1              // White at B2: seki
	v[8] = -1               // White at C1: alive
	m, err := FromValues(pos, v)
	if err != nil {
		t.Fatal(err)
	}
	if m[0] != Dead || m[1] != Dead || m[4] != Seki || m[8] != Alive {
		t.Errorf("marking %v", m)
	}
}

// TestAutoAnyPosition judges and counts random arrays of stones, legal
// or not, on boards from 2×2 to 19×19: any position gets a marking and a
// count, and a cancelled judgement stops with the context's error.
func TestAutoAnyPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, size := range []int{2, 3, 5, 9, 13, 19} {
		for _, density := range []float64{0.1, 0.5, 0.9} {
			pos := testpos.Random(t, r, size, density)
			m, err := Auto(context.Background(), pos)
			if err != nil {
				t.Fatalf("%d×%d at %g: %v", size, size, density, err)
			}
			for _, rules := range []Rules{Area, Territory} {
				c, err := New(pos, m, rules, 6.5)
				if err != nil {
					t.Fatal(err)
				}
				if rules == Area && c.Black+c.White > float64(size*size) {
					t.Errorf("%d×%d: %g + %g points by area on %d points", size, size, c.Black, c.White, size*size)
				}
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Auto(ctx, testpos.Random(t, r, 19, 0.5)); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}

func TestParseRules(t *testing.T) {
	for in, want := range map[string]Rules{
		"area": Area, "territory": Territory, "Japanese": Territory, "korean": Territory,
		"Chinese": Area, "AGA": Area, " New Zealand ": Area,
	} {
		if got, err := ParseRules(in); err != nil || got != want {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseRules("Ing"); err == nil {
		t.Error(`ParseRules("Ing"): no error`)
	}
}
