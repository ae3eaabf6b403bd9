package render

import (
	"image"
	"image/color"
	"image/draw"
	"time"

	"moyo/board"
)

// Frame draws boards for a widget that redraws often: into an image kept
// from one draw to the next, remembering the layout of the last draw, to
// find the point under the mouse, and how long it took.
type Frame struct {
	img    *image.RGBA
	layout Layout
	drawn  time.Duration
}

// Draw draws pos with values as opt says (see Draw) into a w×h image and
// returns it: the image of the last draw when the size is the same. With
// no position, or no room for a board, the image is transparent and the
// layout the zero Layout, which has no points.
func (f *Frame) Draw(w, h int, pos *board.Position, values []float64, opt Options) *image.RGBA {
	start := time.Now()
	if f.img == nil || f.img.Rect.Dx() != w || f.img.Rect.Dy() != h {
		f.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	f.layout = Layout{}
	if pos == nil {
		draw.Draw(f.img, f.img.Rect, image.Transparent, image.Point{}, draw.Src)
		return f.img
	}
	if l, err := Draw(f.img, pos, values, opt); err != nil {
		// Too small to draw a board: nothing rather than a broken one.
		draw.Draw(f.img, f.img.Rect, image.Transparent, image.Point{}, draw.Src)
	} else {
		f.layout = l
	}
	f.drawn = time.Since(start)
	return f.img
}

// Layout returns the layout of the last draw.
func (f *Frame) Layout() Layout { return f.layout }

// Drawn returns how long the last draw of a position took.
func (f *Frame) Drawn() time.Duration { return f.drawn }

// Ghost is a see-through stone, the one a click would put: a disc of
// Radius pixels at Centre, filled with Fill and outlined with Stroke
// (transparent for none).
type Ghost struct {
	Centre       image.Point
	Radius       float32
	Fill, Stroke color.NRGBA
}

// Ghost returns the see-through stone of colour c on point p of pos in
// the last draw, and false where there is none: no colour, a point off
// the board or on a stone, whose face it would hide, or pos not of the
// size last drawn.
func (f *Frame) Ghost(pos *board.Position, p board.Point, c board.Color) (Ghost, bool) {
	if c == board.Empty || pos == nil || !pos.OnBoard(p) || pos.At(p) != board.Empty || f.layout.Size != pos.Size() {
		return Ghost{}, false
	}
	// Black or white at a third of its strength: a preview, not a stone.
	g := Ghost{Centre: f.layout.Center(p), Radius: float32(f.layout.Cell) * 0.47, Fill: color.NRGBA{A: 0x70}}
	if c == board.White {
		g.Fill, g.Stroke = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x90}, color.NRGBA{A: 0x60}
	}
	return g, true
}
