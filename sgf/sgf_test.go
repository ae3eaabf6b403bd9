package sgf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sameTrees reports where two collections differ, or "" if they are the
// same apart from property positions and the roots' CA, which Write
// replaces.
func sameTrees(a, b []*Node) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d games, want %d", len(b), len(a))
	}
	type pair struct {
		x, y  *Node
		game  int
		depth int // nodes above x
	}
	var stack []pair
	for i := range a {
		stack = append(stack, pair{a[i], b[i], i + 1, 0})
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		root := p.x.Parent == nil
		where := func() string { return fmt.Sprintf("game %d, depth %d", p.game, p.depth) }
		if px, py := props(p.x, root), props(p.y, root); px != py {
			return fmt.Sprintf("%s: properties\n%s\nwant\n%s", where(), py, px)
		}
		if len(p.x.Children) != len(p.y.Children) {
			return fmt.Sprintf("%s: %d children, want %d", where(), len(p.y.Children), len(p.x.Children))
		}
		for i := range p.x.Children {
			if p.x.Children[i].Parent != p.x || p.y.Children[i].Parent != p.y {
				return fmt.Sprintf("%s: child %d has a wrong parent", where(), i)
			}
			stack = append(stack, pair{p.x.Children[i], p.y.Children[i], p.game, p.depth + 1})
		}
	}
	return ""
}

// props formats the properties of n for comparison.
func props(n *Node, root bool) string {
	var b strings.Builder
	for _, p := range n.Props {
		if root && p.ID == "CA" {
			continue
		}
		fmt.Fprintf(&b, "%s%q", p.ID, p.Values)
	}
	return b.String()
}

// roundTrip writes games and parses them again.
func roundTrip(t testing.TB, games []*Node) []*Node {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		t.Fatalf("Write: %v", err)
	}
	again, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatalf("Parse of written SGF: %v\n%s", err, buf.Bytes())
	}
	if d := sameTrees(games, again); d != "" {
		t.Fatalf("round trip changed the tree: %s\nwritten:\n%s", d, buf.Bytes())
	}
	return again
}

func mustParse(t testing.TB, s string) []*Node {
	t.Helper()
	games, err := Parse([]byte(s))
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return games
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// mainLine returns the moves of the main line of root in SGF notation.
func mainLine(t testing.TB, root *Node) []string {
	t.Helper()
	size, err := root.Size()
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for n := root; n != nil; {
		m, ok, err := n.Move(size)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			s := m.Color.String() + "[" + m.Point.String() + "]"
			if m.Pass {
				s = m.Color.String() + "[]"
			}
			moves = append(moves, s)
		}
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
	}
	return moves
}

func TestGetValueInfo(t *testing.T) {
	root := mustParse(t, "(;GM[1]PB[Lee\n Sedol ]PW[AlphaGo]BR[9p]WR[]DT[2016-03-09]EV[Google DeepMind Challenge Match]GN[Game 1]RE[W+R]C[first][second]C[third])")[0]
	if p, ok := root.Get("C"); !ok || !slices.Equal(p.Values, []string{"first", "second"}) || p.Line != 2 {
		t.Errorf("Get(C) = %+v, %v", p, ok)
	}
	if _, ok := root.Get("AB"); ok {
		t.Error("Get(AB) found a property")
	}
	if v := root.Value("C"); v != "first" {
		t.Errorf("Value(C) = %q", v)
	}
	if v := root.Value("XX"); v != "" {
		t.Errorf("Value(XX) = %q", v)
	}
	want := GameInfo{
		Black: "Lee  Sedol", White: "AlphaGo", BlackRank: "9p", Date: "2016-03-09",
		Event: "Google DeepMind Challenge Match", Name: "Game 1", Result: "W+R",
	}
	if got := root.Info(); got != want {
		t.Errorf("Info() = %+v, want %+v", got, want)
	}
}

func TestGameInfoDay(t *testing.T) {
	for _, tc := range []struct{ dt, want string }{
		{"2016-03-09", "2016-03-09"},
		{"2016-03-09,10", "2016-03-09,10"},
		{"1999", "1999"},
		{"", ""},
		// A timestamp, as AlphaGo Zero's published records write DT: its
		// day, in the record's own offset.
		{"2017-04-04T09:59:32.868979037+00:00", "2017-04-04"},
		{"2017-04-04T23:30:00-05:00", "2017-04-04"},
		{"2017-04-04T25:00:00Z", "2017-04-04T25:00:00Z"},
	} {
		if got := (GameInfo{Date: tc.dt}).Day(); got != tc.want {
			t.Errorf("Day() of DT[%s] = %q, want %q", tc.dt, got, tc.want)
		}
	}
}
