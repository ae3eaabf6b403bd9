package ui

import (
	"image"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/render"
)

// boardMinSide is the smallest side of the board widget: a cell of 14
// units on 19×19, still legible.
const boardMinSide = 300

// Board shows a position and its control overlay, drawn by package render
// into a canvas.Raster. It keeps itself square, as large as its space
// allows, and reports the point under the mouse and, when OnTap is set,
// the point clicked.
type Board struct {
	widget.BaseWidget

	pos    *board.Position
	values []float64
	opt    render.Options

	// OnHover is called with the point under the mouse, and ok false when
	// the mouse leaves the board.
	OnHover func(p board.Point, ok bool)
	// OnScroll is called with +1 for each notch the wheel turns down (or
	// right), −1 up: the app steps through the record with it.
	OnScroll func(notches int)
	// OnTap, when set, is called with the point clicked, secondary true
	// for the right button. The app sets it in edit mode only: elsewhere
	// a click on the board does nothing.
	OnTap func(p board.Point, secondary bool)

	ghost   board.Color // stone a click would put, or Empty for none
	mouse   board.Point // point under the mouse
	mouseOn bool
	preview *canvas.Circle

	frame  render.Frame // the image, and the layout of the last draw
	scale  float32      // raster pixels per unit, at the last draw
	raster *canvas.Raster
	scroll float32 // wheel movement not yet turned into notches
}

// NewBoard returns an empty board widget.
func NewBoard() *Board {
	b := &Board{}
	b.ExtendBaseWidget(b)
	return b
}

// Set shows pos with values (nil for none) drawn as opt says, and redraws.
// The slices are read when the board is drawn, so they must not change.
func (b *Board) Set(pos *board.Position, values []float64, opt render.Options) {
	b.pos, b.values, b.opt = pos, values, opt
	b.Refresh()
	b.placeGhost()
}

// DrawTime returns how long the last drawing of the board took.
func (b *Board) DrawTime() time.Duration { return b.frame.Drawn() }

// SetGhost shows a see-through stone of colour c under the mouse, the
// stone a click would put; Empty shows none.
func (b *Board) SetGhost(c board.Color) {
	b.ghost = c
	b.placeGhost()
}

// CreateRenderer returns the board's renderer: a raster drawn by
// render.Draw, and the ghost stone over it.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	b.raster = canvas.NewRaster(b.draw)
	b.preview = canvas.NewCircle(color.Transparent)
	b.preview.Hide()
	return &boardRenderer{b: b}
}

// placeGhost puts the ghost stone on the point under the mouse
// (render.Frame.Ghost), or hides it.
func (b *Board) placeGhost() {
	g := b.preview
	if g == nil {
		return
	}
	gh, ok := b.frame.Ghost(b.pos, b.mouse, b.ghost)
	if !ok || !b.mouseOn || b.scale == 0 {
		if g.Visible() {
			g.Hide()
		}
		return
	}
	g.FillColor, g.StrokeColor, g.StrokeWidth = gh.Fill, gh.Stroke, 0
	if gh.Stroke.A != 0 {
		g.StrokeWidth = 1
	}
	r := gh.Radius / b.scale
	centre := fyne.NewPos(float32(gh.Centre.X)/b.scale, float32(gh.Centre.Y)/b.scale).Add(b.raster.Position())
	g.Move(centre.SubtractXY(r, r))
	g.Resize(fyne.NewSquareSize(2 * r))
	g.Show()
	g.Refresh()
}

// draw is the raster's generator: it paints the board into the reused
// image at the raster's size in pixels.
func (b *Board) draw(w, h int) image.Image {
	if sz := b.raster.Size(); sz.Width > 0 {
		b.scale = float32(w) / sz.Width
	}
	return b.frame.Draw(w, h, b.pos, b.values, b.opt)
}

// PointAt returns the board point at position p of the widget, and false
// off the grid or before the board is drawn.
func (b *Board) PointAt(p fyne.Position) (board.Point, bool) {
	if b.raster == nil || b.scale == 0 || b.pos == nil {
		return board.Point{}, false
	}
	q := p.Subtract(b.raster.Position())
	return b.frame.Layout().PointAt(image.Pt(int(q.X*b.scale), int(q.Y*b.scale)))
}

// MouseIn is called when the mouse enters the board.
func (b *Board) MouseIn(e *desktop.MouseEvent) { b.MouseMoved(e) }

// MouseMoved reports the point under the mouse to OnHover.
func (b *Board) MouseMoved(e *desktop.MouseEvent) {
	p, ok := b.PointAt(e.Position)
	if ok != b.mouseOn || p != b.mouse {
		b.mouse, b.mouseOn = p, ok
		b.placeGhost()
	}
	if b.OnHover != nil {
		b.OnHover(p, ok)
	}
}

// MouseOut tells OnHover that the mouse left.
func (b *Board) MouseOut() {
	b.mouseOn = false
	b.placeGhost()
	if b.OnHover != nil {
		b.OnHover(board.Point{}, false)
	}
}

// Tapped passes a click on a point to OnTap.
func (b *Board) Tapped(e *fyne.PointEvent) { b.tap(e.Position, false) }

// TappedSecondary passes a right click on a point to OnTap.
func (b *Board) TappedSecondary(e *fyne.PointEvent) { b.tap(e.Position, true) }

func (b *Board) tap(at fyne.Position, secondary bool) {
	if b.OnTap == nil {
		return
	}
	if p, ok := b.PointAt(at); ok {
		b.OnTap(p, secondary)
	}
}

// Cursor is a cross hair where a click edits the board.
func (b *Board) Cursor() desktop.Cursor {
	if b.OnTap != nil {
		return desktop.CrosshairCursor
	}
	return desktop.DefaultCursor
}

// Scrolled turns the mouse wheel into steps through the record, one step
// per notch (wheelNotch). Touchpads send many small deltas, which add up;
// what is left of a notch waits for the next event.
func (b *Board) Scrolled(e *fyne.ScrollEvent) {
	if b.OnScroll == nil {
		return
	}
	d := e.Scrolled.DY
	if d == 0 {
		d = -e.Scrolled.DX
	}
	b.scroll += d
	for b.scroll >= wheelNotch {
		b.scroll -= wheelNotch
		b.OnScroll(-1)
	}
	for b.scroll <= -wheelNotch {
		b.scroll += wheelNotch
		b.OnScroll(1)
	}
}

// boardRenderer places the raster as the largest centred square.
type boardRenderer struct{ b *Board }

func (r *boardRenderer) Layout(size fyne.Size) {
	side := min(size.Width, size.Height)
	r.b.raster.Resize(fyne.NewSquareSize(side))
	r.b.raster.Move(fyne.NewPos((size.Width-side)/2, (size.Height-side)/2))
	r.b.placeGhost()
}

func (r *boardRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(boardMinSide) }

func (r *boardRenderer) Refresh() { r.b.raster.Refresh() }

func (r *boardRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.b.raster, r.b.preview}
}

func (r *boardRenderer) Destroy() {}
