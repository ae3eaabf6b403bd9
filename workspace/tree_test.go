package workspace

import (
	"testing"

	"moyo/board"
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
