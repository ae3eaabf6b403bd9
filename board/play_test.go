package board

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func mustDiagram(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParseDiagram(s)
	if err != nil {
		t.Fatalf("ParseDiagram: %v", err)
	}
	return p
}

// diagramEqual reports whether p has exactly the stones of the diagram want.
func diagramEqual(t *testing.T, p *Position, want string) {
	t.Helper()
	w := mustDiagram(t, want)
	if w.String() != p.String() {
		t.Errorf("position:\n%swant:\n%s", p, w)
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name     string
		diagram  string
		move     Move
		want     string // diagram after the move; empty when the move is illegal
		captures int    // captures of the mover after the move
		err      error
		ko       bool
	}{
		{
			name: "capture in the centre",
			diagram: `
				. . . . .
				. . X . .
				. X O . .
				. . X . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{3, 2}},
			want: `
				. . . . .
				. . X . .
				. X . X .
				. . X . .
				. . . . .`,
			captures: 1,
		},
		{
			name: "capture on the edge",
			diagram: `
				. X O X .
				. . . . .
				. . . . .
				. . . . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{2, 1}},
			want: `
				. X . X .
				. . X . .
				. . . . .
				. . . . .
				. . . . .`,
			captures: 1,
		},
		{
			name: "capture in the corner by White",
			diagram: `
				W to move
				. . . . X
				. . . . O
				. . . . .
				. . . . .
				. . . . .`,
			move: Move{Color: White, Point: Point{3, 0}},
			want: `
				. . . O .
				. . . . O
				. . . . .
				. . . . .
				. . . . .`,
			captures: 1,
		},
		{
			name: "four single stones at once",
			diagram: `
				. X O X .
				X O . O X
				. X O X .
				. . X . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{2, 1}},
			want: `
				. X . X .
				X . X . X
				. X . X .
				. . X . .
				. . . . .`,
			captures: 4,
		},
		{
			name: "two chains of two stones at once",
			diagram: `
				X O O .
				X X X O
				. . X O
				. . X X`,
			move: Move{Color: Black, Point: Point{3, 0}},
			want: `
				X . . X
				X X X .
				. . X .
				. . X X`,
			captures: 4,
		},
		{
			name: "capture that looks like suicide",
			diagram: `
				. O X .
				O X . .
				X . . .
				. . . .`,
			move: Move{Color: Black, Point: Point{0, 0}},
			want: `
				X . X .
				. X . .
				X . . .
				. . . .`,
			captures: 2,
		},
		{
			name: "taking a ko",
			diagram: `
				. . . . .
				. X O . .
				X O . O .
				. X O . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{2, 2}},
			want: `
				. . . . .
				. X O . .
				X . X O .
				. X O . .
				. . . . .`,
			captures: 1,
			ko:       true,
		},
		{
			name: "capturing two stones is no ko",
			diagram: `
				. O O X .
				O X X . .
				. . . . .
				. . . . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{0, 0}},
			want: `
				X . . X .
				O X X . .
				. . . . .
				. . . . .
				. . . . .`,
			captures: 2,
		},
		{
			name: "capturing stone with two liberties is no ko",
			diagram: `
				. X . . .
				X O . . .
				. X . . .
				. . . . .
				. . . . .`,
			move: Move{Color: Black, Point: Point{2, 1}},
			want: `
				. X . . .
				X . X . .
				. X . . .
				. . . . .
				. . . . .`,
			captures: 1,
		},
		{
			name: "capturing stone joined to a chain is no ko",
			diagram: `
				O X O . O .
				O X X X O .
				. O O O . .
				. . . . . .
				. . . . . .
				. . . . . .`,
			move: Move{Color: Black, Point: Point{3, 0}},
			want: `
				O X . X O .
				O X X X O .
				. O O O . .
				. . . . . .
				. . . . . .
				. . . . . .`,
			captures: 1,
		},
		{
			name: "move by the player not to move",
			diagram: `
				W to move
				. . .
				. . .
				. . .`,
			move: Move{Color: Black, Point: Point{1, 1}},
			want: `
				. . .
				. X .
				. . .`,
		},
		{
			name: "single-stone suicide",
			diagram: `
				. O . .
				O . . .
				. . . .
				. . . .`,
			move: Move{Color: Black, Point: Point{0, 0}},
			err:  ErrSuicide,
		},
		{
			name: "multi-stone suicide",
			diagram: `
				. X O .
				X X O .
				O O O .
				. . . .`,
			move: Move{Color: Black, Point: Point{0, 0}},
			err:  ErrSuicide,
		},
		{
			name: "occupied",
			diagram: `
				. . .
				. O .
				. . .`,
			move: Move{Color: Black, Point: Point{1, 1}},
			err:  ErrOccupied,
		},
		{
			name:    "off the board",
			diagram: ". . .\n. . .\n. . .",
			move:    Move{Color: Black, Point: Point{3, 0}},
			err:     ErrOffBoard,
		},
		{
			name:    "negative coordinate",
			diagram: ". . .\n. . .\n. . .",
			move:    Move{Color: White, Point: Point{0, -1}},
			err:     ErrOffBoard,
		},
		{
			name:    "not a player",
			diagram: ". . .\n. . .\n. . .",
			move:    Move{Color: Empty, Point: Point{0, 0}},
			err:     ErrNotAPlayer,
		},
		{
			name: "pass",
			diagram: `
				. . .
				. X .
				. . .`,
			move: Move{Color: Black, Pass: true},
			want: `
				. . .
				. X .
				. . .`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustDiagram(t, tt.diagram)
			before := p.Clone()
			err := p.Play(tt.move)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("Play(%v) = %v, want %v", tt.move, err, tt.err)
				}
				if !p.Equal(before) || p.Captures(Black) != 0 || p.Captures(White) != 0 {
					t.Errorf("rejected move changed the position:\n%s", p)
				}
				if lerr := p.Legal(tt.move.Color, tt.move.Point); !errors.Is(lerr, tt.err) {
					t.Errorf("Legal = %v, want %v", lerr, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Play(%v): %v", tt.move, err)
			}
			diagramEqual(t, p, tt.want)
			if got := p.Captures(tt.move.Color); got != tt.captures {
				t.Errorf("captures = %d, want %d", got, tt.captures)
			}
			if got := p.Captures(tt.move.Color.Opponent()); got != 0 {
				t.Errorf("opponent captures = %d, want 0", got)
			}
			if p.ToMove() != tt.move.Color.Opponent() {
				t.Errorf("to move = %v, want %v", p.ToMove(), tt.move.Color.Opponent())
			}
			if _, ko := p.Ko(); ko != tt.ko {
				t.Errorf("ko = %v, want %v", ko, tt.ko)
			}
		})
	}
}

func TestPlayErrorMessage(t *testing.T) {
	p, _ := New(19)
	if err := p.Play(Move{Color: Black, Point: Point{3, 3}}); err != nil {
		t.Fatal(err)
	}
	err := p.Play(Move{Color: White, Point: Point{3, 3}})
	if got, want := err.Error(), "D16: point is occupied"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

// TestPlayIndex checks that PlayIndex plays as Play does, and refuses
// the same moves with Play's sentinel errors, bare.
func TestPlayIndex(t *testing.T) {
	tests := []struct {
		name string
		c    Color
		at   Point // {-1, -1}: an index off the board
		err  error
	}{
		{"the ko capture", Black, Point{2, 2}, nil},
		{"occupied", White, Point{1, 1}, ErrOccupied},
		{"a plain move", Black, Point{0, 0}, nil},
		{"off the board", Black, Point{-1, -1}, ErrOffBoard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, q := mustDiagram(t, koPosition), mustDiagram(t, koPosition)
			i := -1
			if tt.at.X >= 0 {
				i = p.Index(tt.at)
			}
			err := p.PlayIndex(tt.c, i)
			if err != tt.err {
				t.Fatalf("PlayIndex = %v, want %v (bare)", err, tt.err)
			}
			if err == nil {
				if qerr := q.Play(Move{Color: tt.c, Point: tt.at}); qerr != nil || !p.Equal(q) {
					t.Errorf("PlayIndex and Play differ: %v", qerr)
				}
			}
		})
	}
	// A suicide and the ko's immediate retake.
	p := mustDiagram(t, ". O\nO .")
	if err := p.PlayIndex(Black, p.Index(Point{0, 0})); err != ErrSuicide {
		t.Errorf("suicide: %v", err)
	}
	p = mustDiagram(t, koPosition)
	if err := p.PlayIndex(Black, p.Index(Point{2, 2})); err != nil {
		t.Fatal(err)
	}
	if err := p.PlayIndex(White, p.Index(Point{1, 2})); err != ErrKo {
		t.Errorf("retake: %v", err)
	}
}

// koPosition is Black just after taking a ko at C3; White may not retake at B3.
const koPosition = `
	. . . . .
	. X O . .
	X O . O .
	. X O . .
	. . . . .`

func TestKo(t *testing.T) {
	take := Move{Color: Black, Point: Point{2, 2}}
	retake := Move{Color: White, Point: Point{1, 2}}
	tests := []struct {
		name    string
		between []Move // moves after the ko is taken, before White retakes
		err     error
	}{
		{name: "at once", err: ErrKo},
		{name: "after an exchange elsewhere", between: []Move{
			{Color: White, Point: Point{4, 4}},
			{Color: Black, Point: Point{0, 4}},
		}},
		{name: "after two passes", between: []Move{
			{Color: White, Pass: true},
			{Color: Black, Pass: true},
		}},
		{name: "after a second Black move", between: []Move{
			{Color: Black, Point: Point{0, 4}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustDiagram(t, koPosition)
			if err := p.Play(take); err != nil {
				t.Fatal(err)
			}
			if ko, ok := p.Ko(); !ok || ko != (Point{1, 2}) {
				t.Fatalf("Ko() = %v, %v; want {1 2}, true", ko, ok)
			}
			for _, m := range tt.between {
				if err := p.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if err := p.Legal(White, retake.Point); !errors.Is(err, tt.err) {
				t.Errorf("Legal = %v, want %v", err, tt.err)
			}
			before := p.Clone()
			err := p.Play(retake)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Play = %v, want %v", err, tt.err)
			}
			if err != nil {
				if !p.Equal(before) {
					t.Errorf("rejected retake changed the position")
				}
				return
			}
			if p.Captures(White) != 1 {
				t.Errorf("White captures = %d, want 1", p.Captures(White))
			}
			// The retake is a ko capture in turn, binding Black.
			if ko, ok := p.Ko(); !ok || ko != (Point{2, 2}) {
				t.Errorf("Ko() after retake = %v, %v; want {2 2}, true", ko, ok)
			}
		})
	}
}

func TestKoBindsOnlyThePlayerToMove(t *testing.T) {
	p := mustDiagram(t, koPosition)
	if err := p.Play(Move{Color: Black, Point: Point{2, 2}}); err != nil {
		t.Fatal(err)
	}
	if err := p.SetToMove(Black); err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Ko(); ok {
		t.Errorf("ko survived a change of the player to move")
	}
	if err := p.Legal(White, Point{1, 2}); err != nil {
		t.Errorf("White retake with Black to move: %v", err)
	}
}

func TestSnapback(t *testing.T) {
	p := mustDiagram(t, `
		O X O . O .
		O X X X O .
		. O O O . .
		. . . . . .
		. . . . . .
		. . . . . .`)
	if err := p.Play(Move{Color: Black, Point: Point{3, 0}}); err != nil {
		t.Fatal(err)
	}
	if err := p.Play(Move{Color: White, Point: Point{2, 0}}); err != nil {
		t.Fatalf("snapback: %v", err)
	}
	diagramEqual(t, p, `
		O . O . O .
		O . . . O .
		. O O O . .
		. . . . . .
		. . . . . .
		. . . . . .`)
	if p.Captures(White) != 5 || p.Captures(Black) != 1 {
		t.Errorf("captures B %d W %d, want 1 and 5", p.Captures(Black), p.Captures(White))
	}
}

func TestLegalMoves(t *testing.T) {
	empty19, _ := New(19)
	ko := mustDiagram(t, `
		. . . . .
		. X O . .
		X O . O .
		. X O . O
		. . . O .`)
	if err := ko.Play(Move{Color: Black, Point: Point{2, 2}}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		p       *Position
		c       Color
		want    int
		without []Point // points that must not be listed
		with    []Point // points that must be listed
	}{
		{name: "empty 19x19", p: empty19, c: Black, want: 361},
		{name: "empty 19x19 White", p: empty19, c: White, want: 361},
		{name: "ko binds White", p: ko, c: White, want: 15, without: []Point{{1, 2}}, with: []Point{{4, 4}}},
		{name: "suicide for Black", p: ko, c: Black, want: 14, without: []Point{{4, 4}, {3, 3}}, with: []Point{{1, 2}}},
		{name: "not a player", p: ko, c: Empty, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.p.LegalMoves(tt.c)
			if len(got) != tt.want {
				t.Errorf("%d legal moves, want %d: %v", len(got), tt.want, got)
			}
			for _, pt := range tt.without {
				if slices.Contains(got, pt) {
					t.Errorf("%v listed", pt)
				}
			}
			for _, pt := range tt.with {
				if !slices.Contains(got, pt) {
					t.Errorf("%v not listed", pt)
				}
			}
			if !slices.IsSortedFunc(got, func(a, b Point) int { return tt.p.Index(a) - tt.p.Index(b) }) {
				t.Errorf("not in index order: %v", got)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	start, _ := New(19)
	moves := []Move{
		{Color: Black, Point: Point{15, 3}},
		{Color: White, Point: Point{3, 3}},
		{Color: Black, Point: Point{15, 15}},
		{Color: White, Point: Point{3, 15}},
	}
	positions, err := Replay(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	if len(positions) != len(moves)+1 {
		t.Fatalf("%d positions, want %d", len(positions), len(moves)+1)
	}
	if !positions[0].Equal(start) || positions[0] == start {
		t.Errorf("positions[0] is not a copy of start")
	}
	for k, m := range moves {
		if got := positions[k+1].At(m.Point); got != m.Color {
			t.Errorf("positions[%d] at %v = %v, want %v", k+1, m.Point, got, m.Color)
		}
		if got := positions[k].At(m.Point); got != Empty {
			t.Errorf("positions[%d] at %v = %v, want empty", k, m.Point, got)
		}
	}
	if start.At(Point{15, 3}) != Empty {
		t.Errorf("Replay modified start")
	}
}

func TestReplayIllegalMove(t *testing.T) {
	start, _ := New(19)
	moves := []Move{
		{Color: Black, Point: Point{15, 3}},
		{Color: White, Point: Point{3, 3}},
		{Color: Black, Pass: true},
		{Color: White, Point: Point{3, 3}}, // occupied
		{Color: Black, Point: Point{10, 10}},
	}
	positions, err := Replay(start, moves)
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("Replay error = %v, want a *MoveError", err)
	}
	if me.Number != 4 || me.Move != moves[3] {
		t.Errorf("MoveError = %+v, want move 4 %v", me, moves[3])
	}
	if !errors.Is(err, ErrOccupied) {
		t.Errorf("error %v does not unwrap to ErrOccupied", err)
	}
	if got, want := err.Error(), "move 4 (W D16): point is occupied"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if len(positions) != 4 {
		t.Fatalf("%d positions, want 4 (start and three moves)", len(positions))
	}
	want, _ := Replay(start, moves[:3])
	for k := range positions {
		if !positions[k].Equal(want[k]) {
			t.Errorf("positions[%d] differs from the legal prefix", k)
		}
	}
}

func TestReplayMessages(t *testing.T) {
	tests := []struct {
		move Move
		want string
		err  error
	}{
		{Move{Color: Black, Point: Point{-1, 0}}, "move 1 (B (-1,0)): point is off the board", ErrOffBoard},
		{Move{Color: Empty, Pass: true}, "move 1 (. pass): colour is not Black or White", ErrNotAPlayer},
	}
	for _, tt := range tests {
		start, _ := New(19)
		positions, err := Replay(start, []Move{tt.move})
		if err == nil || err.Error() != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("Replay(%v) error = %v, want %q", tt.move, err, tt.want)
		}
		if len(positions) != 1 {
			t.Errorf("Replay(%v) gave %d positions, want 1", tt.move, len(positions))
		}
	}
}

func TestSwapped(t *testing.T) {
	p := mustDiagram(t, koPosition)
	if err := p.Play(Move{Color: Black, Point: Point{2, 2}}); err != nil {
		t.Fatal(err)
	}
	q := p.Swapped()
	for i := range p.Len() {
		if q.Cell(i) != p.Cell(i).Opponent() {
			t.Fatalf("point %v: %v swapped to %v", p.PointOf(i), p.Cell(i), q.Cell(i))
		}
	}
	if q.ToMove() != Black || q.Captures(White) != 1 || q.Captures(Black) != 0 {
		t.Errorf("swapped: to move %v, captures B %d W %d", q.ToMove(), q.Captures(Black), q.Captures(White))
	}
	// The ko now binds Black, who is to move in the swapped position.
	if err := q.Legal(Black, Point{1, 2}); !errors.Is(err, ErrKo) {
		t.Errorf("Legal in swapped ko = %v, want ErrKo", err)
	}
	if !q.Swapped().Equal(p) {
		t.Errorf("swapping twice does not give the position back")
	}
	if p.Cell(p.Index(Point{2, 2})) != Black {
		t.Errorf("Swapped modified its receiver")
	}
}

func TestCopyFrom(t *testing.T) {
	p := mustDiagram(t, koPosition)
	if err := p.Play(Move{Color: Black, Point: Point{2, 2}}); err != nil {
		t.Fatal(err)
	}
	small, err := New(2)
	if err != nil {
		t.Fatal(err)
	}
	big := mustDiagram(t, master60At150)
	for _, q := range []*Position{small, big} {
		was := q.Size()
		q.CopyFrom(p)
		if !q.Equal(p) || q.Captures(Black) != p.Captures(Black) {
			t.Fatalf("copy into a %d×%d board differs:\n%s", was, was, q)
		}
		// The ko and the neighbour table came along.
		if err := q.Legal(White, Point{1, 2}); !errors.Is(err, ErrKo) {
			t.Errorf("Legal in the copied ko = %v, want ErrKo", err)
		}
		if err := q.Play(Move{Color: White, Point: Point{3, 3}}); err != nil {
			t.Fatal(err)
		}
		if p.Cell(p.Index(Point{3, 3})) != Empty {
			t.Fatalf("playing on the copy changed the original")
		}
	}
	if allocs := testing.AllocsPerRun(10, func() { big.CopyFrom(p) }); allocs != 0 {
		t.Errorf("CopyFrom into a large enough position allocates %v times", allocs)
	}
}

// master60At150 is AlphaGo Master (W) v Gu Li after move 150, used both to
// check Replay against a real record and as the middle-game benchmark.
const master60At150 = `
	B to move
	. . . . . . . . . . . . . . . . . . .
	. . . . . . . . . O X X . . O . . . .
	. . O O O O . . . O . . X O . . O . .
	. O X X O X O . . . O . X . . X O . .
	. O X X O X O . O . . O . . X . . . .
	. X . . X X X O O X X O X . . X O . .
	X . X X . . . O X O O . X . O X O . .
	. X . . . . X O X X O . O X . . O . .
	. . . . . . . X . . O X X . X . . . .
	. . . . . . . . . X O O O X . O . . .
	. . . . . . . . . . X X . X . . . . .
	. . X . . . . . . . . . . X . . O . .
	. . . X O X X . . . . O . . X . X O .
	. X O X X O X . X . X O X X O X X O .
	. X O O . O X O X O X X O O O . O . .
	. X X O . O X O X X . . X O . O . O .
	. X O . . O . O X O O . . O . X X X .
	. . O . . . . O O . . . . O X . . . .
	. . . . . . . . . . . . . X . . . . .`

// readRecord reads the main line of a plain SGF game record without setup
// stones; it knows just enough SGF for the records in ../testdata.
func readRecord(t testing.TB, path string) []Move {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "AB[") || strings.Contains(string(data), "AW[") {
		t.Fatalf("%s has setup stones", path)
	}
	var moves []Move
	for _, m := range regexp.MustCompile(`;\s*([BW])\[([a-s]{2})?\]`).FindAllStringSubmatch(string(data), -1) {
		mv := Move{Color: Black, Pass: m[2] == ""}
		if m[1] == "W" {
			mv.Color = White
		}
		if !mv.Pass {
			mv.Point = Point{X: int(m[2][0] - 'a'), Y: int(m[2][1] - 'a')}
		}
		moves = append(moves, mv)
	}
	return moves
}

func TestReplayRecords(t *testing.T) {
	tests := []struct {
		file  string
		moves int
	}{
		{"60-2017.01.04-Master-Gu_Li.sgf", 235},
		{"48-2017.01.03-Master-Park_Jung-hwan.sgf", 270},
		{"29-2016.12.31-Master-Mi_Yuting.sgf", 311},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			moves := readRecord(t, "../testdata/records/"+tt.file)
			if len(moves) != tt.moves {
				t.Fatalf("read %d moves, want %d", len(moves), tt.moves)
			}
			start, _ := New(19)
			positions, err := Replay(start, moves)
			if err != nil {
				t.Fatal(err)
			}
			for k, q := range positions {
				checkInvariants(t, q)
				if k > 0 {
					checkStep(t, positions[k-1], q, moves[k-1])
				}
			}
		})
	}
	moves := readRecord(t, "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	start, _ := New(19)
	positions, err := Replay(start, moves[:150])
	if err != nil {
		t.Fatal(err)
	}
	diagramEqual(t, positions[150], master60At150)
}

func BenchmarkPlay(b *testing.B) {
	p := mustDiagram(b, master60At150)
	moves := p.LegalMoves(Black)
	q := p.Clone()
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		q.CopyFrom(p)
		if err := q.Play(Move{Color: Black, Point: moves[k]}); err != nil {
			b.Fatal(err)
		}
		if k++; k == len(moves) {
			k = 0
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	p := mustDiagram(b, master60At150)
	b.ReportAllocs()
	for b.Loop() {
		p.LegalMoves(Black)
	}
}

// TestCapturesAt: CapturesAt finds Black's captures of one stone, of
// chains on the edge and of a chain whose only liberty lies inside
// Black's shape (Black's stone there has no liberty of its own), and
// agrees with Play on every empty point, for both colours, wherever the
// move is legal: it captures exactly where Play takes stones.
func TestCapturesAt(t *testing.T) {
	for _, tc := range []struct {
		name    string
		diagram string
		want    []Point // where Black captures
	}{
		{"centre", `
			. . . . .
			. . X . .
			. X O . .
			. . X . .
			. . . . .`, []Point{{3, 2}}},
		{"edge chain and two liberties", `
			. X O O X
			. X O . .
			. . X . .
			. O O X .
			. . . . .`, []Point{{3, 1}}},
		{"a stone with a liberty elsewhere in its shape", `
			. X O . .
			X O . O .
			. X O . .
			. . . . .
			. . . . .`, []Point{{2, 1}}},
		{"a liberty inside the capturer's shape", `
			O O O X .
			X X O X .
			. X O X .
			. X . X .
			. X X X .`, []Point{{2, 3}}},
	} {
		p := mustDiagram(t, tc.diagram)
		var got []Point
		for i := range p.Len() {
			if p.Cell(i) != Empty {
				continue
			}
			if p.CapturesAt(Black, i) {
				got = append(got, p.PointOf(i))
			}
			for _, c := range []Color{Black, White} {
				q := p.Clone()
				before := q.Captures(c)
				if q.PlayIndex(c, i) == nil && (q.Captures(c) > before) != p.CapturesAt(c, i) {
					t.Errorf("%s: %v at %v: CapturesAt %v, Play took %d", tc.name, c, p.PointOf(i), p.CapturesAt(c, i), q.Captures(c)-before)
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Black captures at %v, want %v", tc.name, got, tc.want)
		}
	}
}
