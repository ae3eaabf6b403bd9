package workspace

import (
	"moyo/board"
	"moyo/game"
	"moyo/render"
	"moyo/sgf"
)

// Tree is the record's tree of variations laid out for the tree view
// (render.TreeNode): each line of play along a row, from the root in
// column 0, a variation in the first row below its parent's that is free
// where it goes, so that the tree stays as compact as Sabaki's, and no
// edge runs through a node. The line shown and the node shown are
// marked.
type Tree struct {
	Nodes []render.TreeNode
	// Current is the index in Nodes of the node shown.
	Current int
	nodes   []*sgf.Node // by index, as Nodes
}

// Node returns the record's node at index i of Nodes.
func (t Tree) Node(i int) *sgf.Node { return t.nodes[i] }

// At returns the index of the node in cell (col, row), and false when the
// cell is empty.
func (t Tree) At(col, row int) (int, bool) {
	for i, n := range t.Nodes {
		if n.Col == col && n.Row == row {
			return i, true
		}
	}
	return 0, false
}

// treeLayout is the layout of one tree, kept while the record is open:
// the places do not change as the line shown does.
type treeLayout struct {
	root  *sgf.Node
	nodes []render.TreeNode
	sgf   []*sgf.Node
	index map[*sgf.Node]int
}

// Tree returns the record's tree with the line and the node shown marked,
// and false without a record.
func (ws *Workspace) Tree() (Tree, bool) {
	rec := ws.record.Record()
	if rec == nil {
		return Tree{}, false
	}
	if ws.tree.root != rec.Root {
		ws.tree = layTree(rec.Root)
	}
	t := Tree{Nodes: make([]render.TreeNode, len(ws.tree.nodes)), nodes: ws.tree.sgf}
	copy(t.Nodes, ws.tree.nodes)
	for _, s := range rec.Steps {
		if i, ok := ws.tree.index[s.Node]; ok {
			t.Nodes[i].OnLine = true
		}
	}
	if s, ok := ws.record.Current(); ok {
		t.Current = ws.tree.index[s.Node]
		t.Nodes[t.Current].Current = true
	}
	return t, true
}

// span is the columns From…To of a row taken by a line.
type span struct{ From, To int }

// layTree lays out the tree of root. A line (a node and its first
// children after it) takes a row from the column before its first node,
// where the edge from its parent turns into it, to its last node. After
// the line, the variations of its nodes are laid out, those of its last
// branch first and a node's in their order, each in the first row below
// the line's that is free over its columns; its edge runs down its
// parent's column, which the variations laid out before it, branching
// further right, leave free.
func layTree(root *sgf.Node) treeLayout {
	l := treeLayout{root: root, index: map[*sgf.Node]int{}}
	var rows [][]span
	free := func(row int, s span) bool {
		if row >= len(rows) {
			return true
		}
		for _, t := range rows[row] {
			if s.From <= t.To && t.From <= s.To {
				return false
			}
		}
		return true
	}
	take := func(row int, s span) {
		for row >= len(rows) {
			rows = append(rows, nil)
		}
		rows[row] = append(rows[row], s)
	}
	var place func(first *sgf.Node, parent, col, row int)
	place = func(first *sgf.Node, parent, col, row int) {
		var line []int // indices of the line's nodes
		for n := first; n != nil; {
			i := len(l.nodes)
			l.nodes = append(l.nodes, render.TreeNode{Col: col + len(line), Row: row, Parent: parent, Stone: stoneOf(n), Comment: n.Value("C") != ""})
			l.sgf = append(l.sgf, n)
			l.index[n] = i
			line = append(line, i)
			parent = i
			if len(n.Children) == 0 {
				break
			}
			n = n.Children[0]
		}
		take(row, span{max(0, col-1), col + len(line) - 1})
		// From the last branch back, so that a variation goes below
		// those of the branches after it, whose rows start to the right
		// of the column its edge runs down.
		for k := len(line) - 1; k >= 0; k-- {
			i := line[k]
			if len(l.sgf[i].Children) < 2 {
				continue
			}
			for _, v := range l.sgf[i].Children[1:] {
				c := col + k + 1
				s := span{c - 1, c - 1 + lineLength(v)}
				r := row + 1
				for !free(r, s) {
					r++
				}
				// The edge down the parent's column crosses no node.
				for q := row + 1; q < r; q++ {
					take(q, span{c - 1, c - 1})
				}
				place(v, i, c, r)
			}
		}
	}
	place(root, -1, 0, 0)
	return l
}

// lineLength returns the number of nodes of the line from n along first
// children.
func lineLength(n *sgf.Node) int {
	k := 1
	for ; len(n.Children) > 0; n = n.Children[0] {
		k++
	}
	return k
}

// stoneOf returns the colour of n's move, or Empty without one.
func stoneOf(n *sgf.Node) board.Color {
	switch {
	case hasProp(n, "B"):
		return board.Black
	case hasProp(n, "W"):
		return board.White
	}
	return board.Empty
}

func hasProp(n *sgf.Node, id string) bool {
	_, ok := n.Get(id)
	return ok
}

// GoToNode shows the position at node, a node of the record's tree: on
// the line shown if it is there, else on the line through it, which
// continues along first children. A line cut short by an illegal move
// before the node shows its last position. It reports whether the
// position shown changed; outside the record mode nothing does.
func (r *Record) GoToNode(node *sgf.Node) bool {
	if !r.shown() || r.rec == nil {
		return false
	}
	for i, s := range r.rec.Steps {
		if s.Node == node {
			return r.GoTo(i)
		}
	}
	rec, err := game.Load(r.rec.Root, node)
	if err != nil {
		return false // not a node of this record
	}
	r.rec = rec
	r.step = len(rec.Steps) - 1
	for i, s := range rec.Steps {
		if s.Node == node {
			r.step = i
		}
	}
	r.ws.changed(ChangeRecord | ChangeStep)
	return true
}
