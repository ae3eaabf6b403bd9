package sgf

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// root parses a one-node game with the given properties on the second
// line, so that errors name line 2.
func root(t *testing.T, props string) *Node {
	t.Helper()
	return mustParse(t, "(;GM[1]\n"+props+")")[0]
}

// checkErr checks err against want, a prefix of its message or "" for no
// error, and that errors are *ValueError.
func checkErr(t *testing.T, what string, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("%s: unexpected error %v", what, err)
		}
		return
	}
	var ve *ValueError
	if !errors.As(err, &ve) {
		t.Errorf("%s: error %v, want *ValueError %q", what, err, want)
		return
	}
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%s: error\n%v\nwant\n%s", what, err, want)
	}
}

// propCase is a root node's properties, the value a getter should read
// from them, and its error as checkErr wants it.
type propCase[T comparable] struct {
	props string
	want  T
	err   string
}

// checkProp checks get, which reads what name says, on each case.
func checkProp[T comparable](t *testing.T, name string, get func(*Node) (T, error), tests []propCase[T]) {
	t.Helper()
	for _, tt := range tests {
		got, err := get(root(t, tt.props))
		checkErr(t, tt.props, err, tt.err)
		if got != tt.want {
			t.Errorf("%s: %s %v, want %v", tt.props, name, got, tt.want)
		}
	}
}

func TestSize(t *testing.T) {
	checkProp(t, "size", (*Node).Size, []propCase[int]{
		{"", 19, ""},
		{"SZ[9]", 9, ""},
		{"SZ[ 13 ]", 13, ""},
		{"SZ[]", 19, ""},
		{"SZ[2]", 2, ""},
		{"SZ[25]", 25, ""},
		{"SZ[19:19]", 19, ""},
		{"  SZ[19:13]", 0, "2:3: SZ[19:13]: rectangular boards (19×13) are not supported"},
		{"SZ[26]", 0, "2:1: SZ[26]: board size 26 is not supported (must be 2 to 25)"},
		{"SZ[52]", 0, "2:1: SZ[52]: board size 52 is not supported"},
		{"SZ[1]", 0, "2:1: SZ[1]: board size 1 is not supported"},
		{"SZ[-19]", 0, "2:1: SZ[-19]: board size -19 is not supported"},
		{"SZ[nine]", 0, "2:1: SZ[nine]: board size is not a number"},
		{"SZ[19:x]", 0, "2:1: SZ[19:x]: board size is not a number"},
	})
}

func TestKomi(t *testing.T) {
	checkProp(t, "komi", (*Node).Komi, []propCase[float64]{
		{"", 0, ""},
		{"KM[]", 0, ""},
		{"KM[6.5]", 6.5, ""},
		{"KM[7.500000]", 7.5, ""},
		{"KM[-3.5]", -3.5, ""},
		{"KM[0]", 0, ""},
		{"KM[7]", 7, ""},
		{"KM[99]", 99, ""},
		{"KM[750]", 7.5, ""},
		{"KM[375]", 3.75, ""},
		{"KM[650]", 6.5, ""},
		{"KM[-750]", -7.5, ""},
		{"KM[100]", 1, ""},
		{"KM[100.0]", 100, ""},
		{"KM[6,5]", 6.5, ""},
		{"KM[ 5.5 ]", 5.5, ""},
		{"KM[abc]", 0, "2:1: KM[abc]: komi is not a number"},
		{"KM[NaN]", 0, "2:1: KM[NaN]: komi is not a number"},
		{"KM[Inf]", 0, "2:1: KM[Inf]: komi is not a number"},
		{"KM[1e3]", 0, "2:1: KM[1e3]: komi is not a number"},
		{"KM[.]", 0, "2:1: KM[.]: komi is not a number"},
		{"KM[1000.5]", 0, "2:1: KM[1000.5]: komi 1000.5 is too large"},
	})
}

func TestHandicapAndPlayer(t *testing.T) {
	checkProp(t, "handicap", (*Node).Handicap, []propCase[int]{
		{"", 0, ""},
		{"HA[0]", 0, ""},
		{"HA[4]", 4, ""},
		{"HA[7.5]", 0, "2:1: HA[7.5]: handicap is not a whole number"},
		{"HA[-1]", 0, "2:1: HA[-1]: handicap -1 is out of range"},
	})
	players := []struct {
		props string
		c     Color
		ok    bool
		err   string
	}{
		{"", 0, false, ""},
		{"PL[B]", Black, true, ""},
		{"PL[w]", White, true, ""},
		{"PL[White]", White, true, ""},
		{"PL[X]", 0, false, "2:1: PL[X]: player must be B or W"},
	}
	for _, tt := range players {
		c, ok, err := root(t, tt.props).PlayerToMove()
		checkErr(t, tt.props, err, tt.err)
		if c != tt.c || ok != tt.ok {
			t.Errorf("%s: PlayerToMove() = %v, %v, want %v, %v", tt.props, c, ok, tt.c, tt.ok)
		}
	}
}

func TestMove(t *testing.T) {
	tests := []struct {
		props string
		size  int
		move  Move
		ok    bool
		err   string
	}{
		{"C[no move]", 19, Move{}, false, ""},
		{"B[dd]", 19, Move{Color: Black, Point: Point{3, 3}}, true, ""},
		{"W[as]", 19, Move{Color: White, Point: Point{0, 18}}, true, ""},
		{"B[]", 19, Move{Color: Black, Pass: true}, true, ""},
		{"W[tt]", 19, Move{Color: White, Pass: true}, true, ""},
		{"W[tt]", 9, Move{Color: White, Pass: true}, true, ""},
		{"B[tt]", 21, Move{Color: Black, Point: Point{19, 19}}, true, ""},
		{"B[yy]", 25, Move{Color: Black, Point: Point{24, 24}}, true, ""},
		{"B[ss]", 19, Move{Color: Black, Point: Point{18, 18}}, true, ""},
		{"B[jj]", 9, Move{}, false, "2:1: B[jj]: point jj is outside the 9×9 board"},
		{"B[d]", 19, Move{}, false, `2:1: B[d]: "d" is not a point`},
		{"B[d4]", 19, Move{}, false, `2:1: B[d4]: "d4" is not a point`},
		{"B[AA]", 19, Move{}, false, "2:1: B[AA]: point AA is outside"},
		{"B[aa][bb]", 19, Move{}, false, "2:1: B[aa][bb]: a move has exactly one value"},
		{"B[aa]W[bb]", 19, Move{}, false, "2:6: W[bb]: node already has the move B[aa]"},
	}
	for _, tt := range tests {
		m, ok, err := root(t, tt.props).Move(tt.size)
		checkErr(t, tt.props, err, tt.err)
		if m != tt.move || ok != tt.ok {
			t.Errorf("%s on %d: Move() = %+v, %v, want %+v, %v", tt.props, tt.size, m, ok, tt.move, tt.ok)
		}
	}
}

func TestSetup(t *testing.T) {
	tests := []struct {
		props               string
		size                int
		black, white, empty string // points in SGF notation
		err                 string
	}{
		{"C[none]", 19, "", "", "", ""},
		{"AB[dd][pp]AW[dp]AE[aa]", 19, "dd pp", "dp", "aa", ""},
		{"AB[aa:cc]", 19, "aa ba ca ab bb cb ac bc cc", "", "", ""},
		{"AB[cc:aa]", 19, "aa ba ca ab bb cb ac bc cc", "", "", ""},
		{"AW[ab:ad][ss]", 19, "", "ab ac ad ss", "", ""},
		{"AB[]AE[]", 19, "", "", "", ""},
		{"AB[dd]AB[ee]", 19, "dd ee", "", "", ""},
		{"AB[tt]", 21, "tt", "", "", ""},
		{"AB[tt]", 19, "", "", "", "2:1: AB[tt]: point tt is outside the 19×19 board"},
		{"AW[aa:zz]", 19, "", "", "", "2:1: AW[aa:zz]: point zz is outside"},
		{"AE[a]", 19, "", "", "", `2:1: AE[a]: "a" is not a point`},
	}
	for _, tt := range tests {
		b, w, e, err := root(t, tt.props).Setup(tt.size)
		checkErr(t, tt.props, err, tt.err)
		for _, c := range []struct {
			got  []Point
			want string
		}{{b, tt.black}, {w, tt.white}, {e, tt.empty}} {
			var got []string
			for _, p := range c.got {
				got = append(got, p.String())
			}
			if !slices.Equal(got, strings.Fields(c.want)) {
				t.Errorf("%s: points %q, want %q", tt.props, got, c.want)
			}
		}
	}
}

func TestPointAndColorString(t *testing.T) {
	for _, tt := range []struct {
		p    Point
		want string
	}{{Point{0, 0}, "aa"}, {Point{3, 15}, "dp"}, {Point{25, 26}, "zA"}, {Point{-1, 52}, "??"}} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%v.String() = %q, want %q", tt.p, got, tt.want)
		}
	}
	if Black.String() != "B" || White.String() != "W" || Color(0).String() != "Color(0)" {
		t.Error("Color.String")
	}
}

func TestValueErrorWithoutPosition(t *testing.T) {
	n := &Node{Props: []Property{{ID: "SZ", Values: []string{"99"}}}}
	_, err := n.Size()
	if err == nil || err.Error() != "SZ[99]: board size 99 is not supported (must be 2 to 25)" {
		t.Errorf("error %v", err)
	}
	long := &Node{Props: []Property{{ID: "KM", Values: []string{strings.Repeat("x", 100)}}}}
	if _, err := long.Komi(); err == nil || !strings.Contains(err.Error(), strings.Repeat("x", 32)+"…]") {
		t.Errorf("error %v", err)
	}
}
