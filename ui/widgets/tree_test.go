package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/render"
)

// TestTreeView moves a view of 10 cells over a line of 100 nodes with a
// variation of 3 below it.
func TestTreeView(t *testing.T) {
	test.NewApp()
	var nodes []render.TreeNode
	for c := range 100 {
		nodes = append(nodes, render.TreeNode{Col: c, Parent: c - 1})
	}
	for c := 50; c < 53; c++ {
		nodes = append(nodes, render.TreeNode{Col: c, Row: 1, Parent: len(nodes) - 1})
	}
	tv := NewTreeView(10, 5)
	var tapped [2]int
	tv.OnTap = func(col, row int) { tapped = [2]int{col, row} }
	tv.Set(nodes)
	if m := tv.MinSize(); m.Height != 20 {
		t.Errorf("least height %v, want the tree's two rows", m.Height)
	}
	w := test.NewWindow(tv)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(100, 20))
	tv.ShowCell(60, 1)
	// Cell 60 ends at 610; two cells spare: the view ends at 630.
	if off := tv.Offset(); off.X != 530 || off.Y != 0 {
		t.Errorf("offset %v after showing cell 60", off)
	}
	test.TapAt(tv, fyne.NewPos(5, 15))
	if tapped != [2]int{53, 1} {
		t.Errorf("tapped %v, want cell 53, 1", tapped)
	}
	tv.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, 50)})
	if off := tv.Offset(); off.X != 480 {
		t.Errorf("offset %v after a wheel up of 50", off)
	}
	tv.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(-10000, 0)})
	if off := tv.Offset(); off.X != 900 {
		t.Errorf("offset %v after a drag past the end, want 900", off)
	}
	tv.ShowCell(0, 0)
	if off := tv.Offset(); off.X != 0 {
		t.Errorf("offset %v after showing the root", off)
	}
}
