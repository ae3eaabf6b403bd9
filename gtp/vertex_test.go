package gtp

import (
	"slices"
	"testing"

	"moyo/board"
)

func TestParseVertex(t *testing.T) {
	for _, tc := range []struct {
		v    string
		size int
		want board.Point
		pass bool
		bad  bool
	}{
		{"A19", 19, board.Point{X: 0, Y: 0}, false, false},
		{"D16", 19, board.Point{X: 3, Y: 3}, false, false},
		{"d16", 19, board.Point{X: 3, Y: 3}, false, false},
		{"J1", 19, board.Point{X: 8, Y: 18}, false, false},
		{"T1", 19, board.Point{X: 18, Y: 18}, false, false},
		{"E5", 9, board.Point{X: 4, Y: 4}, false, false},
		{"Z25", 25, board.Point{X: 24, Y: 0}, false, false},
		{"PASS", 19, board.Point{}, true, false},
		{"pass", 9, board.Point{}, true, false},
		{"I5", 19, board.Point{}, false, true},
		{"U1", 19, board.Point{}, false, true},
		{"A20", 19, board.Point{}, false, true},
		{"A0", 19, board.Point{}, false, true},
		{"A+1", 19, board.Point{}, false, true},
		{"A", 19, board.Point{}, false, true},
		{"11", 19, board.Point{}, false, true},
		{"", 19, board.Point{}, false, true},
	} {
		pt, pass, err := ParseVertex(tc.v, tc.size)
		if (err != nil) != tc.bad || pass != tc.pass || pt != tc.want {
			t.Errorf("ParseVertex(%q, %d) = %v, %v, %v; want %v, %v, bad %v", tc.v, tc.size, pt, pass, err, tc.want, tc.pass, tc.bad)
		}
		if !tc.bad && !tc.pass {
			if back := Vertex(pt, tc.size); back != upper(tc.v) {
				t.Errorf("Vertex(%v, %d) = %q, want %q", pt, tc.size, back, upper(tc.v))
			}
		}
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func TestParseVertices(t *testing.T) {
	pts, err := ParseVertices("R18\nP13 E7\n  M7 ", 19)
	if err != nil {
		t.Fatal(err)
	}
	want := []board.Point{{X: 16, Y: 1}, {X: 14, Y: 6}, {X: 4, Y: 12}, {X: 11, Y: 12}}
	if len(pts) != len(want) {
		t.Fatalf("got %v, want %v", pts, want)
	}
	for i := range want {
		if pts[i] != want[i] {
			t.Errorf("point %d: %v, want %v", i, pts[i], want[i])
		}
	}
	if pts, err := ParseVertices("", 19); err != nil || len(pts) != 0 {
		t.Errorf("empty list: %v, %v", pts, err)
	}
	for _, bad := range []string{"A1 pass", "A1 I9", "A1 x"} {
		if _, err := ParseVertices(bad, 19); err == nil {
			t.Errorf("ParseVertices(%q): no error", bad)
		}
	}
}

func TestSetup(t *testing.T) {
	// Black's stones first, then White's, each from the top row down.
	pos, err := board.ParseDiagram(`
		. X O
		X O .
		. . .`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"boardsize 3", "clear_board", "play black B3", "play black A2", "play white C3", "play white B2"}
	if got := Setup(pos); !slices.Equal(got, want) {
		t.Errorf("Setup = %q, want %q", got, want)
	}
}
