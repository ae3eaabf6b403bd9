package widgets

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
)

// TreeView shows a record's tree of variations (render.DrawTree), a node
// to a square cell, through a view of its own size that the mouse wheel
// and a drag move over the tree: a record of thousands of nodes draws no
// more than the view. A click on a node calls OnTap with its cell.
type TreeView struct {
	widget.BaseWidget
	nodes      []render.TreeNode
	cols, rows int
	cell       float32
	rowsShown  int           // the rows of the view's least height
	off        fyne.Position // the tree's point at the view's top left corner
	pending    *[2]int       // a cell to show once the view is laid out
	// OnTap, if not nil, is called with the column and row of the cell
	// clicked.
	OnTap func(col, row int)
}

// NewTreeView returns an empty tree of cells cell units wide, whose view
// is at least rows rows high, or the tree's height when that is less.
func NewTreeView(cell float32, rows int) *TreeView {
	t := &TreeView{cell: cell, rowsShown: rows}
	t.ExtendBaseWidget(t)
	return t
}

// Set shows nodes, the view where it was.
func (t *TreeView) Set(nodes []render.TreeNode) {
	t.nodes = nodes
	t.cols, t.rows = render.TreeSize(nodes)
	t.clamp()
	t.Refresh()
}

// Offset returns the tree's point at the view's top left corner.
func (t *TreeView) Offset() fyne.Position { return t.off }

// ShowCell moves the view as little as brings the cell (col, row) into
// it, with two cells to spare across where the tree is longer.
func (t *TreeView) ShowCell(col, row int) {
	size := t.Size()
	if size.Width <= 0 {
		t.pending = &[2]int{col, row} // shown by Layout
		return
	}
	t.pending = nil
	x, y := float32(col)*t.cell, float32(row)*t.cell
	spare := min(2*t.cell, max(0, (size.Width-t.cell)/2))
	switch {
	case x < t.off.X+spare:
		t.off.X = x - spare
	case x+t.cell > t.off.X+size.Width-spare:
		t.off.X = x + t.cell - size.Width + spare
	}
	switch {
	case y < t.off.Y:
		t.off.Y = y
	case y+t.cell > t.off.Y+size.Height:
		t.off.Y = y + t.cell - size.Height
	}
	t.clamp()
	t.Refresh()
}

// clamp keeps the view within the tree.
func (t *TreeView) clamp() {
	size := t.Size()
	t.off.X = max(0, min(t.off.X, float32(t.cols)*t.cell-size.Width))
	t.off.Y = max(0, min(t.off.Y, float32(t.rows)*t.cell-size.Height))
}

// Scrolled moves the view: a wheel runs along the lines of play; a
// scroll of two axes, a touchpad's, moves it both ways.
func (t *TreeView) Scrolled(e *fyne.ScrollEvent) {
	if d := e.Scrolled; d.DX != 0 {
		t.off.X -= d.DX
		t.off.Y -= d.DY
	} else {
		t.off.X -= d.DY
	}
	t.clamp()
	t.Refresh()
}

// Dragged moves the view with the pointer.
func (t *TreeView) Dragged(e *fyne.DragEvent) {
	t.off = t.off.Subtract(e.Dragged)
	t.clamp()
	t.Refresh()
}

// DragEnd does nothing: each move of the drag moved the view.
func (t *TreeView) DragEnd() {}

// Tapped calls OnTap with the cell clicked.
func (t *TreeView) Tapped(e *fyne.PointEvent) {
	if t.OnTap != nil {
		p := e.Position.Add(t.off)
		t.OnTap(render.TreeCellAt(p.X, p.Y, t.cell))
	}
}

// CreateRenderer returns the tree's renderer.
func (t *TreeView) CreateRenderer() fyne.WidgetRenderer {
	r := &treeRenderer{t: t}
	r.raster = canvas.NewRaster(r.draw)
	return r
}

type treeRenderer struct {
	t      *TreeView
	raster *canvas.Raster
}

func (r *treeRenderer) Layout(size fyne.Size) {
	r.raster.Resize(size)
	r.t.clamp()
	if c := r.t.pending; c != nil && size.Width > 0 {
		r.t.ShowCell(c[0], c[1])
	}
}

// MinSize is a few cells wide and rowsShown rows high, or the tree's
// rows when fewer.
func (r *treeRenderer) MinSize() fyne.Size {
	return fyne.NewSize(4*r.t.cell, float32(max(1, min(r.t.rows, r.t.rowsShown)))*r.t.cell)
}

func (r *treeRenderer) Refresh() { r.raster.Refresh() }

func (r *treeRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.raster} }

func (r *treeRenderer) Destroy() {}

// draw paints the view at the raster's size in pixels.
func (r *treeRenderer) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	px := float64(w) / float64(max(1, r.raster.Size().Width))
	th := r.t.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	t := r.t
	render.DrawTree(img, t.nodes, float64(t.cell)*px, [2]float64{float64(t.off.X) * px, float64(t.off.Y) * px}, render.TreeColors{
		Fg:      th.Color(theme.ColorNameForeground, v),
		Current: th.Color(theme.ColorNamePrimary, v),
		Comment: th.Color(theme.ColorNameWarning, v),
	})
	return img
}
