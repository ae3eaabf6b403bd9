package workspace

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"moyo/board"
	"moyo/sgf"
)

// place is where a node is laid out, and its move.
type place struct {
	col, row int
	stone    board.Color
}

func places(tr Tree) []place {
	var out []place
	for _, n := range tr.Nodes {
		out = append(out, place{n.Col, n.Row, n.Stone})
	}
	return out
}

func TestTreeLayout(t *testing.T) {
	const (
		e = board.Empty
		b = board.Black
		w = board.White
	)
	for _, tt := range []struct {
		name, sgf string
		want      []place
	}{
		// The record of the variation tests: a branch at move 1, and one
		// at move 3 of the second line.
		{"variations", variations, []place{{0, 0, e}, {1, 0, b}, {2, 0, w}, {3, 0, b}, {2, 1, w}, {3, 1, b}, {4, 1, w}, {4, 2, w}}},
		// Branches at moves 2 and 4 of the main line: the later one's
		// variation goes first, just below; the earlier one's below it,
		// its edge down column 2 clear of the first.
		{"two branches", "(;SZ[9];B[aa];W[ba](;B[ca]C[x];W[da](;B[ea];W[fa])(;B[eb];W[fb]))(;B[cb];W[db];B[dc];W[dd]))",
			[]place{{0, 0, e}, {1, 0, b}, {2, 0, w}, {3, 0, b}, {4, 0, w}, {5, 0, b}, {6, 0, w}, {5, 1, b}, {6, 1, w}, {3, 2, b}, {4, 2, w}, {5, 2, b}, {6, 2, w}}},
		// A short variation of a late branch leaves room for an earlier
		// one's in the same row.
		{"compact", "(;SZ[9];B[aa](;W[ba];B[ca];W[da];B[ea];W[fa](;B[ga])(;B[gb]))(;W[bb]))",
			[]place{{0, 0, e}, {1, 0, b}, {2, 0, w}, {3, 0, b}, {4, 0, w}, {5, 0, b}, {6, 0, w}, {7, 0, b}, {7, 1, b}, {2, 1, w}}},
	} {
		ws := openWorkspace(t, newQueue(), tt.sgf)
		tr, ok := ws.Tree()
		if !ok {
			t.Fatalf("%s: no tree", tt.name)
		}
		got := places(tr)
		if len(got) != len(tt.want) {
			t.Fatalf("%s: %v, want %v", tt.name, got, tt.want)
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
				break
			}
		}
		// No two nodes in one cell.
		seen := map[[2]int]bool{}
		for _, n := range tr.Nodes {
			if seen[[2]int{n.Col, n.Row}] {
				t.Errorf("%s: two nodes at %d, %d", tt.name, n.Col, n.Row)
			}
			seen[[2]int{n.Col, n.Row}] = true
		}
	}
}

func TestTreeNavigation(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, variations)
	tr, _ := ws.Tree()
	// Open shows the last position of the main line.
	if tr.Current != 3 || !tr.Nodes[3].Current || !tr.Nodes[2].OnLine || tr.Nodes[4].OnLine {
		t.Errorf("current %d; on the line: %v", tr.Current, tr.Nodes)
	}
	if !tr.Nodes[1].Comment || tr.Nodes[2].Comment || tr.Nodes[0].Parent != -1 || tr.Nodes[4].Parent != 1 {
		t.Errorf("comments and parents: %+v", tr.Nodes)
	}
	// The last node of the second line's second variation: another line.
	i, ok := tr.At(4, 2)
	if !ok || !ws.Record().GoToNode(tr.Node(i)) {
		t.Fatal("no move to the node at 4, 2")
	}
	tr, _ = ws.Tree()
	if tr.Current != i {
		t.Errorf("current %d, want %d", tr.Current, i)
	}
	for k, on := range []bool{true, true, false, false, true, true, false, true} {
		if tr.Nodes[k].OnLine != on {
			t.Errorf("node %d on the line: %v, want %v", k, tr.Nodes[k].OnLine, on)
		}
	}
	if v, _ := ws.GameView(); v.Move != "Move 4 of 4 · W E5 · Black to move" {
		t.Errorf("move line %q", v.Move)
	}
	// A node of the line shown: a step along it.
	if !ws.Record().GoToNode(tr.Node(1)) {
		t.Fatal("no move to the first move")
	}
	if s, _ := ws.Record().Current(); s.Number != 1 || ws.Record().Record().Steps[4].Node != tr.Node(7) {
		t.Errorf("move %d, or the line changed", s.Number)
	}
	if _, ok := tr.At(0, 1); ok {
		t.Error("a node in an empty cell")
	}
	// In edit mode the record does not move.
	ws.StartEdit()
	if ws.Record().GoToNode(tr.Node(2)) {
		t.Error("the tree moved the record in edit mode")
	}
}

// bushy returns a tree of a main line of length moves where every node
// has branches variations, each a line of length moves/4 whose every
// node has one variation of length 4: about moves·(1 + branches·moves/4·5)
// nodes.
func bushy(moves, branches int) *sgf.Node {
	line := func(parent *sgf.Node, n int) []*sgf.Node {
		var out []*sgf.Node
		for range n {
			c := &sgf.Node{Parent: parent, Props: []sgf.Property{{ID: "B", Values: []string{"aa"}}}}
			parent.Children = append(parent.Children, c)
			out = append(out, c)
			parent = c
		}
		return out
	}
	root := &sgf.Node{}
	for _, n := range line(root, moves) {
		for range branches {
			for _, v := range line(n, moves/4) {
				line(v, 4)
			}
		}
	}
	return root
}

// BenchmarkTreeLayout lays out trees of 100 and 200 moves with a
// variation of a quarter of their length at every move, each with a
// variation of 4 at every move: 12,601 and 50,201 nodes, more than a game
// record holds. The time grows as the square of the nodes: such trees are
// laid out on a worker (treeSyncNodes).
//
//	go test ./workspace -run NONE -bench TreeLayout -benchtime 1x
func BenchmarkTreeLayout(b *testing.B) {
	for _, moves := range []int{100, 200} {
		root := bushy(moves, 1)
		b.Run(strconv.Itoa(moves), func(b *testing.B) {
			for b.Loop() {
				l, err := layTree(context.Background(), root)
				if err != nil || len(l.nodes) == 0 {
					b.Fatal("no nodes")
				}
				b.ReportMetric(float64(len(l.nodes)), "nodes")
			}
		})
	}
}

// TestTreeLarge: a tree of more than treeSyncNodes nodes is laid out on
// the worker, and is there once it is done.
func TestTreeLarge(t *testing.T) {
	root := bushy(80, 1)
	root.Props = []sgf.Property{{ID: "SZ", Values: []string{"19"}}}
	var b strings.Builder
	if err := sgf.Write(&b, []*sgf.Node{root}); err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	ws := openWorkspace(t, q, b.String())
	tr, ok := ws.Tree()
	if !ok || tr.Pending != 8081 || len(tr.Nodes) != 0 {
		t.Fatalf("right after opening: pending %d, %d nodes", tr.Pending, len(tr.Nodes))
	}
	q.until(t, func() bool { tr, _ = ws.Tree(); return tr.Pending == 0 })
	if len(tr.Nodes) != 8081 || !tr.Nodes[tr.Current].Current {
		t.Errorf("%d nodes laid out", len(tr.Nodes))
	}
	// Another record cancels it, and a small one is laid out at once.
	ws = openWorkspace(t, q, b.String())
	if err := ws.Open("small.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	if tr, _ := ws.Tree(); tr.Pending != 0 || len(tr.Nodes) != 8 {
		t.Errorf("the small record: pending %d, %d nodes", tr.Pending, len(tr.Nodes))
	}
}
