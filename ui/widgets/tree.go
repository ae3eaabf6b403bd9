package widgets

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
)

// TreeView draws the tree of a record's variations (render.DrawTree), a
// node to a square cell, as large as the tree: put it in a scroll
// container. A click on a node calls OnTap with its cell.
type TreeView struct {
	widget.BaseWidget
	nodes []render.TreeNode
	cell  float32
	// OnTap, if not nil, is called with the column and row of the cell
	// clicked.
	OnTap func(col, row int)
}

// NewTreeView returns an empty tree of cells cell units wide.
func NewTreeView(cell float32) *TreeView {
	t := &TreeView{cell: cell}
	t.ExtendBaseWidget(t)
	return t
}

// Set draws nodes.
func (t *TreeView) Set(nodes []render.TreeNode) {
	t.nodes = nodes
	t.Refresh()
}

// CellBox returns where the cell (col, row) is, in the view's units.
func (t *TreeView) CellBox(col, row int) (fyne.Position, fyne.Size) {
	return fyne.NewPos(float32(col)*t.cell, float32(row)*t.cell), fyne.NewSquareSize(t.cell)
}

// Tapped calls OnTap with the cell clicked.
func (t *TreeView) Tapped(e *fyne.PointEvent) {
	if t.OnTap != nil {
		t.OnTap(render.TreeCellAt(e.Position.X, e.Position.Y, t.cell))
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

func (r *treeRenderer) Layout(size fyne.Size) { r.raster.Resize(size) }

func (r *treeRenderer) MinSize() fyne.Size {
	cols, rows := render.TreeSize(r.t.nodes)
	return fyne.NewSize(float32(cols)*r.t.cell, float32(rows)*r.t.cell)
}

func (r *treeRenderer) Refresh() { r.raster.Refresh() }

func (r *treeRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.raster} }

func (r *treeRenderer) Destroy() {}

// draw paints the tree at the raster's size in pixels.
func (r *treeRenderer) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	px := float64(w) / float64(max(1, r.raster.Size().Width))
	th := r.t.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	render.DrawTree(img, r.t.nodes, float64(r.t.cell)*px, render.TreeColors{
		Fg:      th.Color(theme.ColorNameForeground, v),
		Current: th.Color(theme.ColorNamePrimary, v),
		Comment: th.Color(theme.ColorNameWarning, v),
	})
	return img
}
