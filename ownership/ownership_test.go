package ownership

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"moyo/board"
	"moyo/gtp"
)

func TestParseResult(t *testing.T) {
	for _, tc := range []struct {
		re      string
		want    float64
		counted bool
	}{
		{"B+5.5", 5.5, true},
		{"W+0.5", -0.5, true},
		{"W+12", -12, true},
		{" B+0.25 ", 0.25, true},
		{"0", 0, true},
		{"Draw", 0, true},
		{"jigo", 0, true},
		{"B+R", 0, false},
		{"W+Resign", 0, false},
		{"B+T", 0, false},
		{"W+F", 0, false},
		{"B", 0, false},
		{"B+", 0, false},
		{"B+-3", 0, false},
		{"B+0", 0, false},
		{"W+0.0", 0, false},
		{"W+0.02", 0, false},
		{"B+0.03", 0, false},
		{"B+0.2", 0, false},
		{"W+2.75", -2.75, true},
		{"B+NaN", 0, false},
		{"B+Inf", 0, false},
		{"Void", 0, false},
		{"", 0, false},
	} {
		got, err := ParseResult(tc.re)
		if tc.counted != (err == nil) || got != tc.want {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, counted %v", tc.re, got, err, tc.want, tc.counted)
		}
		if err != nil && !errors.Is(err, ErrNotCounted) {
			t.Errorf("ParseResult(%q): %v does not wrap ErrNotCounted", tc.re, err)
		}
	}
}

// grid writes an ownership grid as a diagram: X Black's, O White's, .
// neither's.
func grid(owner []int8, size int) string {
	var b strings.Builder
	for i, o := range owner {
		b.WriteByte(map[int8]byte{1: 'X', -1: 'O', 0: '.'}[o])
		if i%size == size-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// points reads GTP vertices for a test.
func points(t *testing.T, size int, vs ...string) []board.Point {
	t.Helper()
	var pts []board.Point
	for _, v := range vs {
		pt, _, err := gtp.ParseVertex(v, size)
		if err != nil {
			t.Fatal(err)
		}
		pts = append(pts, pt)
	}
	return pts
}

func TestAssign(t *testing.T) {
	for _, tc := range []struct {
		name       string
		diagram    string
		dead, seki []string
		want       string
		area       float64
	}{
		{
			name: "walls and dame",
			diagram: `
				. X . O .
				. X . O .
				. X . O .
				. X . O .
				. X . O .`,
			want: `
				X X . O O
				X X . O O
				X X . O O
				X X . O O
				X X . O O`,
		},
		{
			name: "a dead stone is the opponent's and joins its region",
			diagram: `
				. X . O .
				. X . O .
				O X . O .
				. X . O X
				. X . O .`,
			dead: []string{"A3", "E2"},
			want: `
				X X . O O
				X X . O O
				X X . O O
				X X . O O
				X X . O O`,
		},
		{
			name: "a stone not judged dead keeps its region neutral",
			diagram: `
				. X . O .
				. X . O .
				O X . O .
				. X . O .
				. X . O .`,
			want: `
				. X . O O
				. X . O O
				O X . O O
				. X . O O
				. X . O O`,
		},
		{
			name: "seki stones and the points they border are neither's",
			diagram: `
				. O X . X
				O O X X X
				X X O O O
				. X O . O
				X X O O .`,
			seki: []string{"B5", "A4", "B4", "C5", "D4", "C4", "E4", "E5"},
			want: `
				. . . . .
				. . . . .
				X X O O O
				X X O O O
				X X O O O`,
		},
		{
			name:    "an empty board is nobody's",
			diagram: ". . .\n. . .\n. . .",
			want:    ". . .\n. . .\n. . .",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := board.ParseDiagram(tc.diagram)
			if err != nil {
				t.Fatal(err)
			}
			owner, err := Assign(pos, points(t, pos.Size(), tc.dead...), points(t, pos.Size(), tc.seki...))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(tc.want), " ", ""), "\t", "") + "\n"
			if got := grid(owner, pos.Size()); got != want {
				t.Errorf("got\n%swant\n%s", got, want)
			}
		})
	}
}

func TestAssignErrors(t *testing.T) {
	pos, err := board.ParseDiagram("X O .\n. . .\n. . .")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dead, seki []board.Point
		want       string
	}{
		{[]board.Point{{X: 2, Y: 0}}, nil, "dead stone C3: the point is empty"},
		{nil, []board.Point{{X: 0, Y: 2}}, "seki stone A1: the point is empty"},
		{[]board.Point{{X: 0, Y: 0}}, []board.Point{{X: 0, Y: 0}}, "both dead and in seki"},
		{[]board.Point{{X: 5, Y: 0}}, nil, "off the board"},
	} {
		if _, err := Assign(pos, tc.dead, tc.seki); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Assign(dead %v, seki %v): %v, want an error saying %q", tc.dead, tc.seki, err, tc.want)
		}
	}
}

func TestNewFinalCounts(t *testing.T) {
	// Black's area 10 (5 stones, 4 points, 1 dead White stone), White's
	// 10; by territory Black has 4 points + 1 point under the dead stone +
	// 1 prisoner, White 5 points.
	pos, err := board.ParseDiagram(`
		. X . O .
		. X . O .
		O X . O .
		. X . O .
		. X . O .`)
	if err != nil {
		t.Fatal(err)
	}
	f, err := newFinal(pos, []board.Point{{X: 0, Y: 2}}, nil, 11, 0.5, "B+1.5", "test")
	if err != nil {
		t.Fatal(err)
	}
	if f.Area != 0 || f.Territory != 1 {
		t.Errorf("area %v, territory %v; want 0 and 1", f.Area, f.Territory)
	}
	if f.Counted() != -0.5 {
		t.Errorf("counted %v, want -0.5", f.Counted())
	}
	var d *Disagreement
	if err := f.Check(); err != nil {
		t.Errorf("Check with RE B+1.5: %v; want agreement by territory", err)
	}
	f.Result = "B+2.5"
	if err := f.Check(); !errors.As(err, &d) || d.Recorded != 2.5 || d.Counted != -0.5 {
		t.Errorf("Check: %v, want a disagreement of B+2.5 against W+0.5", err)
	} else if !strings.Contains(err.Error(), "area count W+0.5 but the record says B+2.5 (off by 3; territory count B+0.5)") {
		t.Errorf("Check: %q", err)
	}
	// Area −0.5 and territory 0.5 after komi 0.5: each agrees within a
	// point; W+1.75 and B+2.5 are beyond both.
	for _, tc := range []struct {
		result     string
		ok, byTerr bool
	}{{"W+0.5", true, false}, {"W+1.5", true, false}, {"B+0.5", true, false}, {"B+1.5", true, true}, {"W+1.75", false, false}, {"B+2.5", false, false}} {
		f.Result = tc.result
		a, err := f.Agree()
		if (err == nil) != tc.ok || a.ByTerritory != tc.byTerr || (err == nil && (a.Komi != 0.5 || a.KomiGuessed)) {
			t.Errorf("Agree with RE %s: %+v, %v; want agreement %v, by territory %v", tc.result, a, err, tc.ok, tc.byTerr)
		}
	}
	// Without komi in the record, the usual komi are tried: area 0
	// agrees with W+6.5 and W+7.5 (komi guessed) but not with W+3.5.
	f.Komi = 0
	for _, tc := range []struct {
		result string
		ok     bool
		komi   float64
	}{{"B+0.5", true, 0}, {"W+6.5", true, 6.5}, {"W+7.5", true, 6.5}, {"W+8.5", true, 7.5}, {"W+3.5", false, 0}} {
		f.Result = tc.result
		a, err := f.Agree()
		if (err == nil) != tc.ok || a.Komi != tc.komi || a.KomiGuessed != (tc.komi != 0) {
			t.Errorf("Agree with RE %s and no komi: %+v, %v; want agreement %v with komi %v", tc.result, a, err, tc.ok, tc.komi)
		}
	}
	f.Komi = 0.5
	f.Result = "B+R"
	if err := f.Check(); !errors.Is(err, ErrNotCounted) {
		t.Errorf("Check with RE B+R: %v, want ErrNotCounted", err)
	}
	if !slices.Equal(f.Dead, []board.Point{{X: 0, Y: 2}}) {
		t.Errorf("Dead = %v", f.Dead)
	}
}
