package game

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moyo/board"
	"moyo/sgf"
)

func mustParse(t *testing.T, src string) *Record {
	t.Helper()
	r, err := Parse([]byte(src), 0)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return r
}

func TestReplay(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		moves   int
		toMove  board.Color
		final   string
		capsB   int
		capsW   int
		komi    float64
		handica int
	}{
		{
			name:   "empty record",
			src:    "(;SZ[5])",
			toMove: board.Black,
			final:  ".....\n.....\n.....\n.....\n.....\n",
		},
		{
			name:   "moves and a capture",
			src:    "(;SZ[5]KM[0.5];B[ba];W[aa];B[ab])",
			moves:  3,
			toMove: board.White,
			final:  ".X...\nX....\n.....\n.....\n.....\n",
			capsB:  1,
			komi:   0.5,
		},
		{
			name:    "handicap stones, White first",
			src:     "(;SZ[9]HA[2]AB[cc][gg];W[ee])",
			moves:   1,
			toMove:  board.Black,
			final:   ".........\n.........\n..X......\n.........\n....O....\n.........\n......X..\n.........\n.........\n",
			handica: 2,
		},
		{
			name:   "passes count as moves",
			src:    "(;SZ[3];B[bb];W[];B[tt])",
			moves:  3,
			toMove: board.White,
			final:  "...\n.X.\n...\n",
		},
		{
			name:   "setup in a later node and AE",
			src:    "(;SZ[3]AB[aa:cc];AE[bb]AW[aa]PL[W];W[bb])",
			moves:  1,
			toMove: board.Black,
			final:  "O..\n.O.\n...\n",
			capsW:  7,
		},
		{
			name:   "Fox komi",
			src:    "(;SZ[19]KM[375])",
			toMove: board.Black,
			final:  strings.Repeat(strings.Repeat(".", 19)+"\n", 19),
			komi:   3.75,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustParse(t, tt.src)
			if r.Err != nil {
				t.Fatalf("Err = %v", r.Err)
			}
			if r.Moves() != tt.moves {
				t.Errorf("Moves() = %d, want %d", r.Moves(), tt.moves)
			}
			last := r.AfterMove(r.Moves()).Position
			if got := last.String(); got != tt.final {
				t.Errorf("final position\n%swant\n%s", got, tt.final)
			}
			if last.ToMove() != tt.toMove {
				t.Errorf("to move %v, want %v", last.ToMove(), tt.toMove)
			}
			if last.Captures(board.Black) != tt.capsB || last.Captures(board.White) != tt.capsW {
				t.Errorf("captures B %d W %d, want %d %d", last.Captures(board.Black), last.Captures(board.White), tt.capsB, tt.capsW)
			}
			if r.Info.Komi != tt.komi || r.Info.Handicap != tt.handica {
				t.Errorf("komi %g handicap %d, want %g %d", r.Info.Komi, r.Info.Handicap, tt.komi, tt.handica)
			}
		})
	}
}

func TestAfterMove(t *testing.T) {
	// A comment-only node after move 1 must not count as a move.
	r := mustParse(t, "(;SZ[5];B[aa];C[think];W[bb];B[cc])")
	tests := []struct {
		n, number int
		stones    int
	}{
		{-3, 0, 0}, {0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {99, 3, 3},
	}
	for _, tt := range tests {
		s := r.AfterMove(tt.n)
		if s.Number != tt.number {
			t.Errorf("AfterMove(%d).Number = %d, want %d", tt.n, s.Number, tt.number)
		}
		if got := strings.Count(s.Position.String(), "X") + strings.Count(s.Position.String(), "O"); got != tt.stones {
			t.Errorf("AfterMove(%d) has %d stones, want %d", tt.n, got, tt.stones)
		}
	}
	if c := r.AfterMove(1).Comment(); c != "think" {
		t.Errorf("comment after move 1 = %q, want the comment node's", c)
	}
}

func TestIllegalMoveKeepsThePrefix(t *testing.T) {
	src := "(;SZ[9]\n;B[ee];W[dd]\n;B[ee])"
	r := mustParse(t, src)
	if r.Moves() != 2 {
		t.Fatalf("Moves() = %d, want the 2 moves before the illegal one", r.Moves())
	}
	var ge *Error
	if !errors.As(r.Err, &ge) {
		t.Fatalf("Err = %v, want a located *Error", r.Err)
	}
	if ge.Line != 3 || ge.Col != 2 {
		t.Errorf("error at %d:%d, want 3:2 (the B of the third move)", ge.Line, ge.Col)
	}
	var me *board.MoveError
	if !errors.As(r.Err, &me) || me.Number != 3 || !errors.Is(r.Err, board.ErrOccupied) {
		t.Errorf("Err = %v, want move 3 on an occupied point", r.Err)
	}
	if want := "3:2: move 3 (B E5): point is occupied"; r.Err.Error() != want {
		t.Errorf("message %q, want %q", r.Err.Error(), want)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "(;SZ[19]\n;B[dd", "2:3: "},
		{"rectangular board", "(;SZ[19:13])", "1:3: SZ[19:13]"},
		{"board too large", "(;SZ[30])", "1:3: SZ[30]"},
		{"no game", "just text", ""},
		{"point off the board", "(;SZ[9];B[zz])", "1:9: B[zz]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse([]byte(tt.src), 0)
			if err == nil && r.Err != nil {
				err = r.Err
			}
			if err == nil {
				t.Fatalf("no error")
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q, want it to start with %q", err, tt.want)
			}
		})
	}
}

func TestVariations(t *testing.T) {
	src := "(;SZ[5];B[aa](;W[bb];B[cc])(;W[dd]))"
	games, err := sgf.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	root := games[0]
	main, err := Load(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if main.Moves() != 3 {
		t.Errorf("main line has %d moves, want 3", main.Moves())
	}
	alt := root.Children[0].Children[1]
	v, err := Load(root, alt)
	if err != nil {
		t.Fatal(err)
	}
	if v.Moves() != 2 || v.AfterMove(2).Position.At(board.Point{X: 3, Y: 3}) != board.White {
		t.Errorf("variation: %d moves, position\n%s", v.Moves(), v.AfterMove(2).Position)
	}
	other, _ := sgf.Parse([]byte(src))
	if _, err := Load(root, other[0].Children[0]); err == nil {
		t.Errorf("a node of another tree was accepted")
	}
}

// TestDiagramsMatchRecords checks that the benchmark positions of the
// estimators are exactly what replaying the records gives.
func TestDiagramsMatchRecords(t *testing.T) {
	files, _ := filepath.Glob("../internal/testpos/positions/*.txt")
	if len(files) == 0 {
		t.Fatal("no benchmark positions found")
	}
	records := map[string]string{
		"master48": "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf",
		"master60": "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf",
	}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".txt")
		name, move, _ := strings.Cut(base, "-")
		rec := records[name]
		if rec == "" {
			t.Errorf("%s: no record for %q", f, name)
			continue
		}
		data, err := os.ReadFile(rec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(data, 0)
		if err != nil || r.Err != nil {
			t.Fatalf("%s: %v %v", rec, err, r.Err)
		}
		var n int
		for _, c := range move {
			n = n*10 + int(c-'0')
		}
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := board.ParseDiagram(string(text))
		if err != nil {
			t.Fatal(err)
		}
		got := r.AfterMove(n).Position
		if got.String() != want.String() || got.ToMove() != want.ToMove() {
			t.Errorf("%s: replay after move %d gives\n%s%v to move; diagram has\n%s%v to move", f, n, got, got.ToMove(), want, want.ToMove())
		}
	}
}

// TestResultAt checks that the record's result belongs to the last step
// of the main line only: not a move before, not a variation's end, not an
// unknown result, not a line cut short by an illegal move.
func TestResultAt(t *testing.T) {
	load := func(src string, through func(root *sgf.Node) *sgf.Node) *Record {
		t.Helper()
		games, err := sgf.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Load(games[0], through(games[0]))
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	mainLine := func(*sgf.Node) *sgf.Node { return nil }
	const src = "(;SZ[5]RE[W+2.5];B[aa](;W[bb];B[cc])(;W[dd]))"
	rec := load(src, mainLine)
	for i := range rec.Steps {
		want := ""
		if i == len(rec.Steps)-1 {
			want = "W+2.5"
		}
		if got := rec.ResultAt(i); got != want {
			t.Errorf("main line, step %d: %q, want %q", i, got, want)
		}
	}
	variation := load(src, func(root *sgf.Node) *sgf.Node { return root.Children[0].Children[1] })
	if got := variation.ResultAt(len(variation.Steps) - 1); got != "" {
		t.Errorf("the variation's end: %q", got)
	}
	for _, src := range []string{
		"(;SZ[5]RE[?];B[aa])",
		"(;SZ[5];B[aa])",
		"(;SZ[5]RE[B+1];B[aa];W[aa])", // an illegal move: the game's end is not reached
	} {
		rec := load(src, mainLine)
		if got := rec.ResultAt(len(rec.Steps) - 1); got != "" {
			t.Errorf("%s: %q", src, got)
		}
	}
	if got := rec.ResultAt(-1); got != "" {
		t.Errorf("step −1: %q", got)
	}
}

// TestPlayers checks the game's name as the app's title gives it.
func TestPlayers(t *testing.T) {
	for _, tt := range []struct {
		black, white, want string
	}{
		{"Gu Li", "Master", "Gu Li v Master"},
		{"", "Master", "Black v Master"},
		{" ", "", "game.sgf"},
	} {
		in := Info{GameInfo: sgf.GameInfo{Black: tt.black, White: tt.white}}
		if got := in.Players("game.sgf"); got != tt.want {
			t.Errorf("%q v %q: %q, want %q", tt.black, tt.white, got, tt.want)
		}
	}
}
