package lesson

import (
	"math"
	"slices"
	"strings"
	"testing"

	"moyo/board"
)

// bundled loads the shipped lessons and their corridors.
func bundled(t *testing.T) ([]*CorridorLesson, []Corridor) {
	t.Helper()
	ls, err := BundledCorridors()
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]Corridor, len(ls))
	for k, l := range ls {
		if cs[k], err = l.Corridor(); err != nil {
			t.Fatal(err)
		}
	}
	return ls, cs
}

func TestBundled(t *testing.T) {
	want := map[string]struct {
		kind   Kind
		n      int
		toMove board.Color
	}{
		"01-one-ended-middle-2": {OneEnded, 2, board.Black},
		"02-one-ended-middle-3": {OneEnded, 3, board.Black},
		"03-one-ended-middle-4": {OneEnded, 4, board.Black},
		"04-one-ended-middle-5": {OneEnded, 5, board.Black},
		"05-one-ended-middle-6": {OneEnded, 6, board.Black},
		"06-one-ended-middle-7": {OneEnded, 7, board.Black},
		"07-one-ended-middle-8": {OneEnded, 8, board.Black},
		"08-one-ended-edge-2":   {OneEnded, 2, board.Black},
		"09-one-ended-edge-3":   {OneEnded, 3, board.Black},
		"10-one-ended-edge-4":   {OneEnded, 4, board.Black},
		"11-one-ended-edge-5":   {OneEnded, 5, board.Black},
		"12-one-ended-edge-6":   {OneEnded, 6, board.Black},
		"13-one-ended-edge-7":   {OneEnded, 7, board.Black},
		"14-one-ended-edge-8":   {OneEnded, 8, board.Black},
		"15-two-ended-4":        {TwoEnded, 4, board.Black},
		"16-two-ended-5":        {TwoEnded, 5, board.Black},
		"17-two-ended-6":        {TwoEnded, 6, board.Black},
		"18-two-ended-7":        {TwoEnded, 7, board.Black},
		"19-two-ended-8":        {TwoEnded, 8, board.Black},
		"20-width-two":          {WidthTwo, 10, board.White},
		"21-width-two-support":  {WidthTwo, 9, board.White},
	}
	ls, cs := bundled(t)
	if len(ls) != len(want) {
		t.Errorf("%d lessons, want %d", len(ls), len(want))
	}
	for k, l := range ls {
		c := cs[k]
		w, ok := want[l.Name]
		if !ok {
			t.Errorf("unexpected lesson %s", l.Name)
			continue
		}
		if c.Kind != w.kind || len(c.Points) != w.n || c.Owner != board.Black {
			t.Errorf("%s: %v of %d points owned by %v, want %v of %d owned by B", l.Name, c.Kind, len(c.Points), c.Owner, w.kind, w.n)
		}
		if l.Position.ToMove() != w.toMove {
			t.Errorf("%s: %v to move, want %v", l.Name, l.Position.ToMove(), w.toMove)
		}
		if l.Title == "" || len(l.Text) < 200 {
			t.Errorf("%s: title %q, text of %d bytes; want a title and a few sentences", l.Name, l.Title, len(l.Text))
		}
		// The seed assumes every stone alive; the lessons make it so.
		life := l.Position.UnconditionalLife()
		for i := range l.Position.Len() {
			if c := l.Position.Cell(i); c != board.Empty && life[i] != c {
				t.Errorf("%s: the stone at %v is not unconditionally alive", l.Name, l.Position.PointOf(i))
				break
			}
		}
		// The mouths come first: the first point touches one, and so does
		// the last of a corridor open at both ends.
		touchesMouth := func(p board.Point) bool {
			for _, m := range c.Mouths {
				if d := abs(float64(p.X-m.X)) + abs(float64(p.Y-m.Y)); d == 1 {
					return true
				}
			}
			return false
		}
		if !touchesMouth(c.Points[0]) || (c.Kind == TwoEnded) != touchesMouth(c.Points[len(c.Points)-1]) {
			t.Errorf("%s: points %v do not run from the mouths %v", l.Name, c.Points, c.Mouths)
		}
	}
}

// p2 returns 2^e.
func p2(e int) float64 { return math.Ldexp(1, e) }

func TestOneEndedExact(t *testing.T) {
	// The lessons, in the middle and on the edge, and the bare local game
	// from one point up.
	_, cs := bundled(t)
	var runs [][]float64
	for _, c := range cs {
		if c.Kind == OneEnded {
			runs = append(runs, c.Exact)
		}
	}
	for n := 1; n <= 12; n++ {
		runs = append(runs, corridorGame(t, n, false).solve().values)
	}
	for _, v := range runs {
		n := len(v)
		total := 0.0
		for k, x := range v {
			if want := 1 - p2(-k); x != want { // v_k = 1 − 2^(1−k), k from 1
				t.Errorf("n=%d: v_%d = %v, want 1 − 2^(1−k) = %v", n, k+1, x, want)
			}
			total += x
		}
		if want := float64(n-2) + p2(1-n); total != want {
			t.Errorf("n=%d: total %v, want n − 2 + 2^(1−n) = %v", n, total, want)
		}
	}
}

// corridorGame returns the local game of a width-one corridor of n points, open at
// the first or at both ends.
func corridorGame(t *testing.T, n int, twoEnded bool) *localGame {
	t.Helper()
	nbr := make([]uint32, n)
	for k := 1; k < n; k++ {
		nbr[k] |= 1 << (k - 1)
		nbr[k-1] |= 1 << k
	}
	mouth := uint32(1)
	if twoEnded {
		mouth |= 1 << (n - 1)
	}
	g, err := newLocalGame(nbr, mouth)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// seedTwoEnded is the symmetry article's own argument for a corridor of n ≥ 3 open at
// both ends (§2.6, Fig. 4), written out: the first two moves are miai, so
// either White pushes at the left end and Black blocks in front, or Black
// blocks the left end and White pushes at the right; a corridor of n − 2
// open at one end remains, and the four cases with their mirror images are
// equally likely.
func seedTwoEnded(n int) []float64 {
	rest := make([]float64, n-2) // mouth first
	for k := range rest {
		rest[k] = 1 - p2(-k)
	}
	push := make([]float64, n)
	block := make([]float64, n)
	push[0], push[1] = -1, 1
	block[0], block[n-1] = 1, -1
	for k, r := range rest {
		push[n-1-k] = r  // open to the right-hand White stone
		block[n-2-k] = r // open to White's push
	}
	v := make([]float64, n)
	for k := range v {
		v[k] = (push[k] + block[k] + push[n-1-k] + block[n-1-k]) / 4
	}
	return v
}

func TestTwoEndedExact(t *testing.T) {
	// Fig. 4, as the symmetry article gives it.
	_, cs := bundled(t)
	i := slices.IndexFunc(cs, func(c Corridor) bool { return c.Kind == TwoEnded && len(c.Points) == 5 })
	if i < 0 {
		t.Fatal("no lesson of Fig. 4")
	}
	if want := []float64{-0.25, 9.0 / 16, 0.625, 9.0 / 16, -0.25}; !slices.Equal(cs[i].Exact, want) || cs[i].ExactTotal != 1.25 {
		t.Errorf("Fig. 4: %v, total %v; want %v, total 5/4", cs[i].Exact, cs[i].ExactTotal, want)
	}
	// The solver plays the local game; for every length it agrees with
	// the article's argument, and the total is n − 4 + 2^(3−n), what is left
	// of the one-ended corridor of n − 2 (seed §2.5).
	for n := 3; n <= 12; n++ {
		o := corridorGame(t, n, true).solve()
		if want := seedTwoEnded(n); !slices.Equal(o.values, want) {
			t.Errorf("n=%d: %v, want the article's %v", n, o.values, want)
		}
		if want := float64(n-4) + p2(3-n); o.count != want {
			t.Errorf("n=%d: total %v, want n − 4 + 2^(3−n) = %v", n, o.count, want)
		}
	}
	for _, c := range cs {
		if c.Kind == TwoEnded && !slices.Equal(c.Exact, seedTwoEnded(len(c.Points))) {
			t.Errorf("two-ended lesson of %d points: %v, want %v", len(c.Points), c.Exact, seedTwoEnded(len(c.Points)))
		}
	}
}

// strip returns the local game of a corridor two points wide and length
// long, open at column 0 to a mouth stone in each row, with the owner's
// stones at the given (column, row) points; and the index of each point.
func strip(t *testing.T, length int, stones ...[2]int) (*localGame, map[[2]int]int) {
	t.Helper()
	index := make(map[[2]int]int)
	for x := range length {
		for y := range 2 {
			if !slices.Contains(stones, [2]int{x, y}) {
				index[[2]int{x, y}] = len(index)
			}
		}
	}
	nbr := make([]uint32, len(index))
	var mouth uint32
	for p, k := range index {
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if j, ok := index[[2]int{p[0] + d[0], p[1] + d[1]}]; ok {
				nbr[k] |= 1 << j
			}
		}
		if p[0] == 0 {
			mouth |= 1 << k
		}
	}
	g, err := newLocalGame(nbr, mouth)
	if err != nil {
		t.Fatal(err)
	}
	return g, index
}

func TestWidthTwo(t *testing.T) {
	// Fig. 5's reading, on the 2×5 corridor of the lesson.
	g, at := strip(t, 5)
	root := g.solve()
	ls, rs := g.best(0, true), g.best(0, false)
	black, white := g.value(ls[0]), g.value(rs[0])
	gote := (black.count - white.count) / 2
	if white.gainInvader <= gote {
		t.Errorf("White's push threatens %v, not more than its gote value %v: not sente", white.gainInvader, gote)
	}
	for _, r := range rs {
		if r.invader() != 1<<at[[2]int{0, 0}] && r.invader() != 1<<at[[2]int{0, 1}] {
			t.Errorf("White's best first move is not a push at the mouth: %x", r)
		}
	}
	if root.count != 6 || black.count != 8 {
		t.Errorf("count %v (Black first %v), want 6 (8)", root.count, black.count)
	}
	// White penetrates 2 points, for sure: the exchanges leave nothing to
	// chance.
	for p, k := range at {
		if want := map[bool]float64{true: -1, false: 1}[p[0] == 0]; root.values[k] != want {
			t.Errorf("point %v: %v, want %v", p, root.values[k], want)
		}
	}

	// The lessons: the same corridor, and with a supporting stone three
	// points in on the upper row, which then closes off a winding corridor
	// of width one, 7 points long, after White's push in the lower row and
	// Black's block. Counting the stone, Black's count barely moves.
	_, cs := bundled(t)
	var plain, support *Corridor
	for k := range cs {
		if cs[k].Kind == WidthTwo {
			if len(cs[k].Points) == 10 {
				plain = &cs[k]
			} else {
				support = &cs[k]
			}
		}
	}
	if plain == nil || support == nil {
		t.Fatal("missing a width-two lesson")
	}
	if plain.ExactTotal != 6 {
		t.Errorf("width two: total %v, want 6", plain.ExactTotal)
	}
	if want := 6 + p2(-6); support.ExactTotal+1 != want {
		t.Errorf("with a supporting stone: total %v + 1 for the stone, want 6 + 1/64", support.ExactTotal)
	}
	g, at = strip(t, 5, [2]int{3, 0})
	o := g.solve()
	winding := [][2]int{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}, {4, 1}, {4, 0}}
	for k, p := range winding {
		if want := 1 - p2(-k); o.values[at[p]] != want {
			t.Errorf("supporting stone: winding point %d %v = %v, want %v", k+1, p, o.values[at[p]], want)
		}
	}
	if o.values[at[[2]int{0, 1}]] != -1 || o.values[at[[2]int{1, 1}]] != 1 {
		t.Errorf("supporting stone: push and block %v, %v; want −1, 1", o.values[at[[2]int{0, 1}]], o.values[at[[2]int{1, 1}]])
	}
}

func TestFind(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		kind    Kind
		owner   board.Color
		points  string // SGF points in order
		err     string
	}{
		{"one-ended", "X X X\n. . X\nO X X", OneEnded, board.Black, "ab bb", ""},
		{"White's walls", "O O O\n. . O\nX O O", OneEnded, board.White, "ab bb", ""},
		{"with a turn", "X X X X\nX . . X\nX . X X\nX O X X", OneEnded, board.Black, "bc bb cb", ""},
		{"two-ended", "X X X X X\nO . . . O\nX X X X X\nX X X X X\nX X X X X", TwoEnded, board.Black, "bb cb db", ""},
		{"width two", "X X X X\nX . . O\nX . . X\nX X X X", WidthTwo, board.Black, "cb bb cc bc", ""},
		{"width two, two ends", "X X X X X\nO . . . O\nO . . . O\nX X X X X\nX X X X X", 0, 0, "", "one open end is supported"},
		{"none", "X X X\n. . X\nX X X", 0, 0, "", "no corridor"},
		{"two", "O . X\nX X X\nO . X", 0, 0, "", "2 empty regions touch stones of both colours"},
		{"balanced", "X . O\nX . O\nX . O", 0, 0, "", "neither owns the walls"},
		{"mouth in the middle", "X X X X X\n. . . . X\nX O X X X\nX X X X X\nX X X X X", 0, 0, "", "mouths are not at its ends"},
		{"too wide", "X X X X X\nX . . . X\nX . . . X\nX . . . X\nX X O X X", 0, 0, "", "neither a path nor a strip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := board.ParseDiagram(tt.diagram)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Find(pos)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var pts []string
			for _, p := range c.Points {
				pts = append(pts, p.String())
			}
			if c.Kind != tt.kind || c.Owner != tt.owner || strings.Join(pts, " ") != tt.points {
				t.Errorf("%v owned by %v at %v, want %v owned by %v at %s", c.Kind, c.Owner, pts, tt.kind, tt.owner, tt.points)
			}
			// Swapping the colours negates the exact values.
			s, err := Find(pos.Swapped())
			if err != nil {
				t.Fatal(err)
			}
			for k := range c.Exact {
				if s.Exact[k] != -c.Exact[k] {
					t.Errorf("swapped colours: %v, want the negation of %v", s.Exact, c.Exact)
					break
				}
			}
		})
	}
}
