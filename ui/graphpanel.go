package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/gamescore"
	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// graphPanel is the game graph's section and the record tree's: the
// estimate's result at every move of the record's line (workspace.Graph),
// with the reference's curve and P(Black wins) on request and the
// cross-entropy against the final ownership when it is known, which a
// click or a drag moves through; the turning points, one button each;
// and the tree of the record's variations, whose nodes a click goes to,
// with the comment of the node shown in full. Both sections are the
// record mode's.
type graphPanel struct {
	u                   *App
	sec, treeSec        *widgets.Section
	body, treeBody      *fyne.Container
	graph, entropy, win *widgets.GameGraph
	status, refStatus   *widget.Label
	winStatus           *widget.Label
	showRef, showWin    *widgets.KeyCheck
	turnLabel           *widget.Label
	turns               *fyne.Container
	turnsShown          []gamescore.Turn
	tree                *widgets.TreeView
	treeNodes           []render.TreeNode
	comment, treeHint   *widget.Label
	treeRows            int
	treePending         bool // the tree shown is being laid out
}

// treeCell is the side of a node's cell in the tree, in Fyne's units.
const treeCell = 16

// graphChanges are the changes the two sections show.
const graphChanges = workspace.ChangeGraph | workspace.ChangeStep | workspace.ChangeRecord | workspace.ChangeMode |
	workspace.ChangeEstimator | workspace.ChangeParams | workspace.ChangeReference | workspace.ChangeFinal

// build makes the bodies of the graph's section and the tree's, which the
// app adds to the column.
func (p *graphPanel) build(u *App) (graph, tree fyne.CanvasObject) {
	p.u = u
	g := u.ws.Graph()
	goTo := func(m int) { g.GoToMove(m) }
	p.graph = widgets.NewGameGraph(9)
	p.graph.OnMove = goTo
	p.entropy = widgets.NewGameGraph(4.5)
	p.entropy.OnMove = goTo
	p.win = widgets.NewGameGraph(4.5)
	p.win.OnMove = goTo
	// The curves' lines wrap: one may hold an engine's error, which must
	// be read whole.
	p.status = widgets.Wrapped(widgets.Small(""))
	p.refStatus = widgets.Wrapped(widgets.Small(""))
	p.winStatus = widgets.Wrapped(widgets.Small(""))
	p.showRef = widgets.NewKeyCheck("Reference", g.SetShowReference, u.TypedKey)
	p.showWin = widgets.NewKeyCheck("P(Black wins)", g.SetShowWinProb, u.TypedKey)
	p.turnLabel = widgets.Small("Turning points (T):")
	p.turns = container.NewHBox()
	plots := container.NewBorder(nil, container.NewVBox(p.entropy, p.win), nil, nil, p.graph)
	p.body = container.NewBorder(nil,
		container.NewVBox(p.status, p.refStatus, p.winStatus,
			container.NewHBox(p.showRef, p.showWin),
			container.NewBorder(nil, nil, p.turnLabel, nil, container.NewHScroll(p.turns))),
		nil, nil, container.New(widgets.AtLeast{Height: 160}, plots))

	p.tree = widgets.NewTreeView(treeCell, 5)
	p.tree.OnTap = p.tapTree
	p.comment = widgets.Wrapped(widgets.Small(""))
	p.treeHint = widgets.Cut(widgets.Small(""))
	p.treeBody = container.NewVBox(p.tree, p.treeHint, p.comment)
	return p.body, p.treeBody
}

// update shows the graph and the tree of the record's line, and hides
// both outside the record mode.
func (p *graphPanel) update(c workspace.Change) {
	ws := p.u.ws
	v, ok := ws.GraphView()
	widgets.ShowIf(p.body, ok)
	widgets.ShowIf(p.treeBody, ok)
	ws.Graph().SetActive(ok && p.sec != nil && p.sec.Open())
	if !ok {
		return
	}
	p.graph.Set(v.Chart)
	p.showStrip(p.entropy, v.Entropy)
	p.showStrip(p.win, v.WinProb)
	widgets.SetLine(p.status, v.Status)
	widgets.SetLine(p.refStatus, v.RefStatus)
	widgets.SetLine(p.winStatus, v.WinStatus)
	g := ws.Graph()
	text := "Reference: " + v.RefName
	if v.RefName == "" {
		text = "Reference: choose one under Reference"
	}
	if p.showRef.Text != text {
		p.showRef.Text = text
		p.showRef.Refresh()
	}
	widgets.EnableIf(p.showRef, v.RefName != "")
	p.showRef.Set(g.ShowReference() && v.RefName != "")
	widgets.ShowIf(p.showWin, v.CanWinProb)
	p.showWin.Set(g.ShowWinProb())
	p.showTurns(v.Turns)
	if p.sec != nil {
		p.sec.SetSummary(graphSummary(v))
	}
	p.showTree(c)
}

// showStrip shows c in strip, or hides it without one.
func (p *graphPanel) showStrip(strip *widgets.GameGraph, c *render.GameChart) {
	widgets.ShowIf(strip, c != nil)
	if c != nil {
		strip.Set(*c)
	}
}

// showTurns makes a button of each turning point, in the order of the
// moves, when they change, in a row that scrolls rather than wrap, and
// a dash on a disabled button while there are none, so that the
// section's height stays as the curve comes and goes.
func (p *graphPanel) showTurns(turns []gamescore.Turn) {
	if slices.Equal(turns, p.turnsShown) && len(p.turns.Objects) > 0 {
		return
	}
	p.turnsShown = slices.Clone(turns)
	sorted := slices.Clone(turns)
	slices.SortFunc(sorted, func(a, b gamescore.Turn) int { return a.Move - b.Move })
	p.turns.RemoveAll()
	for _, t := range sorted {
		b := widget.NewButton(turnText(t), func() { p.u.ws.Record().SetMove(t.Move) })
		b.Importance = widget.LowImportance
		p.turns.Add(b)
	}
	if len(sorted) == 0 {
		none := widget.NewButton("—", nil)
		none.Importance = widget.LowImportance
		none.Disable()
		p.turns.Add(none)
	}
	p.turns.Refresh()
}

// turnText writes a turning point as its button says it: "131 B+12.5",
// the move and its swing.
func turnText(t gamescore.Turn) string {
	return strconv.Itoa(t.Move) + " " + render.LeadLabel(math.Round(t.Swing*10)/10)
}

// graphSummary is the graph's title bar while it is closed: the estimate's
// status and the turning points.
func graphSummary(v workspace.GraphView) string {
	s := v.Status
	if len(v.Turns) > 0 {
		var moves []string
		for _, t := range v.Turns {
			moves = append(moves, strconv.Itoa(t.Move))
		}
		s += " · turning points " + strings.Join(moves, ", ")
	}
	return s
}

// showTree draws the tree, moved so that the node shown is in view, and
// the comment of the node shown; a large tree laid out in the background
// is drawn when it is ready.
func (p *graphPanel) showTree(c workspace.Change) {
	ws := p.u.ws
	if c&(workspace.ChangeRecord|workspace.ChangeStep|workspace.ChangeMode) == 0 && !p.treePending {
		return
	}
	tr, ok := ws.Tree()
	if !ok {
		return
	}
	gv, _ := ws.GameView()
	widgets.SetLine(p.comment, gv.Comment)
	p.treePending = tr.Pending > 0
	if p.treePending {
		p.tree.Set(nil)
		p.treeHint.SetText(fmt.Sprintf("Laying out the tree of %d nodes…", tr.Pending))
		return
	}
	p.treeNodes = tr.Nodes
	p.tree.Set(tr.Nodes)
	cols, rows := render.TreeSize(tr.Nodes)
	if rows != p.treeRows {
		// The view's height follows the rows, up to five: the column
		// lays its sections out again.
		p.treeRows = rows
		p.treeBody.Refresh()
		p.u.side.Scroll().Content.Refresh()
	}
	cur := tr.Nodes[tr.Current]
	p.tree.ShowCell(cur.Col, cur.Row)
	variations := 0
	for _, n := range tr.Nodes {
		if n.Parent >= 0 && tr.Nodes[n.Parent].Row != n.Row {
			variations++
		}
	}
	p.treeHint.SetText(fmt.Sprintf("%d nodes, %d variations · node %d of %d deep · click a node to go there, wheel or drag to move",
		len(tr.Nodes), variations, cur.Col, cols-1))
	if p.treeSec != nil {
		p.treeSec.SetSummary(fmt.Sprintf("%d nodes, %d variations", len(tr.Nodes), variations))
	}
}

// tapTree goes to the node clicked.
func (p *graphPanel) tapTree(col, row int) {
	tr, ok := p.u.ws.Tree()
	if !ok {
		return
	}
	if i, ok := tr.At(col, row); ok {
		p.u.ws.Record().GoToNode(tr.Node(i))
	}
}
