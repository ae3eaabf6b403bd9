package workspace

import (
	"context"
	"slices"
	"sort"

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
	// Pending, while a large tree is laid out in the background, is its
	// number of nodes, and Nodes is empty.
	Pending int
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

// treeSyncNodes is the most nodes a tree is laid out with at once, in a
// few milliseconds; a larger one, which can take seconds (go test
// ./workspace -bench TreeLayout), is laid out on a worker.
const treeSyncNodes = 5000

// trees lays out the record's tree when a record is opened.
type trees struct {
	ws      *Workspace
	w       *latest
	laid    treeLayout
	pending *sgf.Node // the root laid out on the worker, or nil
	nodes   int       // how many nodes it has
}

// newTrees returns the layout of ws's trees, subscribed to ws.
func newTrees(ws *Workspace) *trees {
	t := &trees{ws: ws, w: newLatest(ws.post)}
	ws.Subscribe(ChangeRecord, func(Change) { t.follow() })
	return t
}

// follow lays out the tree of the record opened, unless it is laid out or
// under way: at once when it is small, else on the worker, which cancels
// the layout of a tree opened before.
func (t *trees) follow() {
	rec := t.ws.record.Record()
	if rec == nil || t.laid.root == rec.Root || t.pending == rec.Root {
		return
	}
	root := rec.Root
	if n := countNodes(root); n > treeSyncNodes {
		t.pending, t.nodes = root, n
		t.w.submit(func(ctx context.Context, _ uint64) func() {
			l, err := layTree(ctx, root)
			if err != nil {
				return nil
			}
			return func() {
				if t.pending == root {
					t.laid, t.pending = l, nil
					t.ws.notify(ChangeGraph)
				}
			}
		})
		return
	}
	t.w.cancelAll()
	t.pending = nil
	t.laid, _ = layTree(context.Background(), root)
}

// close stops the worker.
func (t *trees) close() { t.w.close() }

// countNodes returns the number of nodes of the tree of root.
func countNodes(root *sgf.Node) int {
	n := 0
	stack := []*sgf.Node{root}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		stack = append(stack, x.Children...)
	}
	return n
}

// Tree returns the record's tree with the line and the node shown marked,
// and false without a record.
func (ws *Workspace) Tree() (Tree, bool) {
	rec := ws.record.Record()
	if rec == nil {
		return Tree{}, false
	}
	l := ws.trees.laid
	if l.root != rec.Root {
		return Tree{Pending: ws.trees.nodes}, true
	}
	t := Tree{Nodes: make([]render.TreeNode, len(l.nodes)), nodes: l.sgf}
	copy(t.Nodes, l.nodes)
	for _, s := range rec.Steps {
		if i, ok := l.index[s.Node]; ok {
			t.Nodes[i].OnLine = true
		}
	}
	if s, ok := ws.record.Current(); ok {
		t.Current = l.index[s.Node]
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
//
// It checks ctx every thousand nodes, and returns ctx's error once it is
// done.
func layTree(ctx context.Context, root *sgf.Node) (treeLayout, error) {
	l := treeLayout{root: root, index: map[*sgf.Node]int{}}
	var err error
	// rows[r] holds the spans taken in row r, in order, none
	// overlapping: a check and an insertion are a binary search.
	var rows [][]span
	// after returns the index of the first span of row r that starts
	// after column c.
	after := func(r, c int) int {
		return sort.Search(len(rows[r]), func(i int) bool { return rows[r][i].From > c })
	}
	free := func(row int, s span) bool {
		if row >= len(rows) {
			return true
		}
		i := after(row, s.To)
		return i == 0 || rows[row][i-1].To < s.From
	}
	take := func(row int, s span) {
		for row >= len(rows) {
			rows = append(rows, nil)
		}
		rows[row] = slices.Insert(rows[row], after(row, s.From), s)
	}
	var place func(first *sgf.Node, parent, col, row int)
	place = func(first *sgf.Node, parent, col, row int) {
		if err != nil {
			return
		}
		var line []int // indices of the line's nodes
		for n := first; n != nil; {
			i := len(l.nodes)
			if i%1000 == 999 {
				if err = ctx.Err(); err != nil {
					return
				}
			}
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
	return l, err
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
func (r *RecordMode) GoToNode(node *sgf.Node) bool {
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
