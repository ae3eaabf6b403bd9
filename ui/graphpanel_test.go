package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/workspace"
)

// graphComplete reports whether the graph's estimate curve is complete.
func graphComplete(u *App) bool {
	v, ok := u.ws.GraphView()
	return ok && !u.ws.Graph().Running() && strings.Contains(v.Status, "positions in")
}

func TestGraphPanel(t *testing.T) {
	u, _, q := newTestApp(t)
	p := &u.graph
	if !p.sec.Open() || !p.sec.Shown() || !u.ws.Graph().Active() {
		t.Fatalf("the graph's section: open %v, shown %v, active %v", p.sec.Open(), p.sec.Shown(), u.ws.Graph().Active())
	}
	q.Until(t, func() bool { return graphComplete(u) })
	c := p.graph.Chart()
	if c.Moves != 235 || c.Current != 100 || len(c.Curves) != 1 || len(c.Curves[0].Values) != 236 || len(c.Turns) != workspace.GraphTurns {
		t.Fatalf("chart: %d moves, current %d, %d curves, turns %v", c.Moves, c.Current, len(c.Curves), c.Turns)
	}
	if !strings.HasPrefix(p.status.Text, "symmetric: 236 positions in ") || p.entropy.Visible() || p.win.Visible() || p.showWin.Visible() {
		t.Errorf("status %q; entropy %v, P(Black wins) %v without a count or a field", p.status.Text, p.entropy.Visible(), p.win.Visible())
	}
	// The sample's result is a resignation: no reference but the final
	// outcome, which is no curve.
	if !p.showRef.Disabled() || p.showRef.Text != "Reference: choose one under Reference" {
		t.Errorf("the reference's check: %q, disabled %v", p.showRef.Text, p.showRef.Disabled())
	}

	// The turning points, in the order of the moves, each a way there.
	var labels []string
	for _, o := range p.turns.Objects {
		labels = append(labels, o.(*widget.Button).Text)
	}
	if got := strings.Join(labels, ", "); got != "31 W+11.4, 44 W+9.7, 53 W+7.7, 75 B+7.1, 131 B+13" {
		t.Errorf("turning points %q", got)
	}
	test.Tap(p.turns.Objects[4].(*widget.Button))
	if moveNumber(u) != 131 {
		t.Errorf("the button of 131 went to %d", moveNumber(u))
	}
	u.TypedKey(&fyne.KeyEvent{Name: "T"}) // none after 131
	u.Modifiers = func() fyne.KeyModifier { return fyne.KeyModifierShift }
	u.TypedKey(&fyne.KeyEvent{Name: "T"})
	if moveNumber(u) != 75 {
		t.Errorf("Shift+T from 131 went to %d, want 75", moveNumber(u))
	}
	u.Modifiers = nil

	// A click halfway along the frame, then a drag to its end.
	f := p.graph.Frame()
	if f.W <= 0 {
		t.Fatal("the graph is not laid out")
	}
	test.TapAt(p.graph, fyne.NewPos(f.X+f.W/2, f.Y+f.H/2))
	if got, want := moveNumber(u), p.graph.Chart().MoveAt(f, f.X+f.W/2); got != want || got < 110 || got > 125 {
		t.Errorf("a click halfway: move %d, want %d", got, want)
	}
	p.graph.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(f.X+f.W+10, f.Y)}})
	p.graph.DragEnd()
	if moveNumber(u) != 235 {
		t.Errorf("a drag past the end: move %d", moveNumber(u))
	}
	if c := p.graph.Chart(); c.Current != 235 {
		t.Errorf("the current move marked at %d", c.Current)
	}

	// Closed, the section stops the graph; in edit mode it is not shown.
	p.sec.SetOpen(false)
	if u.ws.Graph().Active() || !strings.Contains(p.sec.Summary(), "turning points 131, 31, 44, 53, 75") {
		t.Errorf("closed: active %v, summary %q", u.ws.Graph().Active(), p.sec.Summary())
	}
	p.sec.SetOpen(true)
	u.ws.StartEdit()
	if p.sec.Shown() || p.treeSec.Shown() || u.ws.Graph().Active() {
		t.Error("the graph shown in edit mode")
	}
	u.ws.StopEdit()
	if !p.sec.Shown() || !u.ws.Graph().Active() {
		t.Error("the graph not back with the record")
	}
}

// TestGraphPanelCompare compares two settings of symmetric: the
// reference's curve beside the estimate's, each named by its λ.
func TestGraphPanelCompare(t *testing.T) {
	u, _, q := newTestApp(t)
	p := &u.graph
	ref := u.ws.Reference()
	ref.SetKind(workspace.RefEstimator)
	if err := ref.SetEstimator("symmetric"); err != nil {
		t.Fatal(err)
	}
	ref.Settings().SetParam("lambda", 0.3)
	if p.showRef.Disabled() || p.showRef.Text != "Reference: symmetric (λ 0.3)" {
		t.Fatalf("the reference's check: %q, disabled %v", p.showRef.Text, p.showRef.Disabled())
	}
	p.showRef.SetChecked(true)
	q.Until(t, func() bool {
		v, _ := u.ws.GraphView()
		return graphComplete(u) && strings.Contains(v.RefStatus, "positions in")
	})
	c := p.graph.Chart()
	if len(c.Curves) != 2 || c.Curves[0].Label != "symmetric (λ 0.44)" || c.Curves[1].Style != render.CurveSecond {
		t.Fatalf("curves %d: %q", len(c.Curves), c.Curves[0].Label)
	}
	if c.Curves[0].Values[100] == c.Curves[1].Values[100] {
		t.Error("λ 0.3 and 0.44 give the same result at move 100")
	}
	if !strings.HasPrefix(p.refStatus.Text, "symmetric (λ 0.3): 236 positions in ") {
		t.Errorf("the reference's status %q", p.refStatus.Text)
	}
	p.showRef.SetChecked(false)
	if len(p.graph.Chart().Curves) != 1 || p.refStatus.Visible() {
		t.Error("the reference's curve stays")
	}
}

func TestTreePanel(t *testing.T) {
	u, _, q := newTestApp(t)
	if err := u.ws.Open("variations.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	p := &u.graph
	if len(p.treeNodes) != 8 || !strings.HasPrefix(p.treeHint.Text, "8 nodes, 2 variations") {
		t.Fatalf("%d nodes, hint %q", len(p.treeNodes), p.treeHint.Text)
	}
	// The second variation's last node, at column 4, row 2.
	test.TapAt(p.tree, fyne.NewPos(4.5*treeCell, 2.5*treeCell))
	if v, _ := u.ws.GameView(); v.Move != "Move 4 of 4 · W E5 · Black to move" {
		t.Errorf("after the tap: %q", v.Move)
	}
	// The first move, with its comment in full.
	test.TapAt(p.tree, fyne.NewPos(1.5*treeCell, 0.5*treeCell))
	if moveNumber(u) != 1 || !p.comment.Visible() || p.comment.Text != "first move" {
		t.Errorf("move %d, comment %q", moveNumber(u), p.comment.Text)
	}
	// An empty cell: nothing happens.
	test.TapAt(p.tree, fyne.NewPos(0.5*treeCell, 2.5*treeCell))
	if moveNumber(u) != 1 {
		t.Errorf("a tap on no node went to %d", moveNumber(u))
	}
}
