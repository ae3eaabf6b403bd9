package board

import (
	"strings"
	"testing"
)

func TestParsePoint(t *testing.T) {
	// in is a text to read on a board of a size.
	type in struct {
		s    string
		size int
	}
	// Points as Label writes them, in either case, and as String does, on
	// boards of every size from the smallest to the largest.
	good := map[in]Point{
		{"A19", 19}: {0, 0}, {"D16", 19}: {3, 3}, {"d16", 19}: {3, 3}, {"H1", 19}: {7, 18},
		{"J1", 19}: {8, 18}, {"T1", 19}: {18, 18}, {"E5", 9}: {4, 4}, {"Z25", 25}: {24, 0},
		{"A1", 2}: {0, 1}, {"dd", 19}: {3, 3}, {"aa", 9}: {0, 0}, {"ia", 9}: {8, 0},
	}
	for in, want := range good {
		if p, err := ParsePoint(in.s, in.size); err != nil || p != want {
			t.Errorf("ParsePoint(%q, %d) = %v, %v; want %v", in.s, in.size, p, err, want)
		}
	}
	// What is no point, what is off the board, and boards of no size
	// moyo plays on, with a part of the error each gives.
	bad := map[in]string{
		{"I5", 19}: "not a point", {"A+1", 19}: "not a point", {"A-1", 19}: "not a point",
		{"A", 19}: "not a point", {"11", 19}: "not a point", {"", 19}: "not a point",
		{"pass", 19}: "not a point", {"dD", 19}: "not a point", {"D1x", 19}: "not a point",
		{"U1", 19}: "is off the 19×19 board", {"A20", 19}: "is off the 19×19 board",
		{"A0", 19}: "is off the 19×19 board", {"jj", 9}: "is off the 9×9 board",
		{"A1", 26}: "26×26", {"A1", 1}: "1×1",
	}
	for in, want := range bad {
		if p, err := ParsePoint(in.s, in.size); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePoint(%q, %d) = %v, %v; want an error with %q", in.s, in.size, p, err, want)
		}
	}
}

// TestParsePointRoundTrip reads back every point of every board size as
// Label and String write it.
func TestParsePointRoundTrip(t *testing.T) {
	for size := MinSize; size <= MaxSize; size++ {
		for y := range size {
			for x := range size {
				p := Point{x, y}
				for _, s := range []string{p.Label(size), strings.ToLower(p.Label(size)), p.String()} {
					if got, err := ParsePoint(s, size); err != nil || got != p {
						t.Errorf("ParsePoint(%q, %d) = %v, %v; want %v", s, size, got, err, p)
					}
				}
			}
		}
	}
}

// FuzzParsePoint checks that whatever ParsePoint accepts is on the board
// and reads back from its Label.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"D16", "t19", "dd", "A0", "Z25", "I9", "A+1", "a1b", ""} {
		f.Add(s, 19)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		p, err := ParsePoint(s, size)
		if err != nil {
			return
		}
		if p.X < 0 || p.X >= size || p.Y < 0 || p.Y >= size {
			t.Fatalf("ParsePoint(%q, %d) = %v, off the board", s, size, p)
		}
		if back, err := ParsePoint(p.Label(size), size); err != nil || back != p {
			t.Fatalf("ParsePoint(%q, %d) = %v, but its label %q reads %v, %v", s, size, p, p.Label(size), back, err)
		}
	})
}

func TestColorName(t *testing.T) {
	for c, want := range map[Color]string{Black: "Black", White: "White", Empty: "empty", Color(3): "Color(3)"} {
		if got := c.Name(); got != want {
			t.Errorf("%v.Name() = %q, want %q", c, got, want)
		}
	}
}
