package render

import (
	"image"
	"image/color"
	"testing"

	"moyo/board"
)

// regionBoard is a 9×9 board with a black stone at C3 and a white one at
// F5, drawn on the plain background, 30 pixels a cell, without
// coordinates.
func regionBoard(t *testing.T, opt Options) (*image.RGBA, Layout, *board.Position) {
	t.Helper()
	pos, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	pos.Set(board.Point{X: 2, Y: 6}, board.Black)
	pos.Set(board.Point{X: 5, Y: 4}, board.White)
	opt.CellSize, opt.Background, opt.NoCoordinates = 30, Plain, true
	img, err := Image(pos, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	return img, layoutAt(image.Point{}, 9, 30, false), pos
}

func TestRegions(t *testing.T) {
	d3, e3 := board.Point{X: 3, Y: 6}, board.Point{X: 4, Y: 6}
	blue := color.RGBA{0x20, 0x40, 0xe0, 0xff}
	bare, l, _ := regionBoard(t, Options{})
	img, _, _ := regionBoard(t, Options{Regions: []Region{{Points: []board.Point{d3, e3}, Color: blue, Tint: 96}}})
	cr := l.CellRect(d3)
	c := l.Center(d3)
	in := image.Pt(c.X+7, c.Y+7) // inside the cell, off the grid and the outline
	want := tinted(bare.RGBAAt(in.X, in.Y), color.RGBA{blue.R, blue.G, blue.B, 96})
	if got := img.RGBAAt(in.X, in.Y); got != want {
		t.Errorf("tinted cell: %v, want %v over %v", got, want, bare.RGBAAt(in.X, in.Y))
	}
	// The outline runs inside the region's cells along its edge: on the
	// left of D3 and along the top of both, not between D3 and E3.
	w := max(2, 30/14)
	for _, q := range []struct {
		at   image.Point
		edge bool
		what string
	}{
		{image.Pt(cr.Min.X, c.Y+7), true, "the left edge of D3"},
		{image.Pt(cr.Min.X+w-1, c.Y+7), true, "the left edge of D3, its inner side"},
		{image.Pt(cr.Min.X+w, c.Y+7), false, "inside D3 beyond the outline"},
		{image.Pt(c.X+7, cr.Min.Y), true, "the top edge of D3"},
		{image.Pt(cr.Max.X-1, c.Y+7), false, "between D3 and E3"},
		{image.Pt(l.CellRect(e3).Max.X-1, c.Y+7), true, "the right edge of E3"},
		{image.Pt(cr.Min.X-1, c.Y+7), false, "C3's cell, next to the outline"},
	} {
		got := img.RGBAAt(q.at.X, q.at.Y)
		if (got == blue) != q.edge {
			t.Errorf("%s at %v: %v, outline %v", q.what, q.at, got, q.edge)
		}
	}
	// Bold is twice as wide; without a tint the cells are bare.
	bold, _, _ := regionBoard(t, Options{Regions: []Region{{Points: []board.Point{d3}, Color: blue, Bold: true}}})
	if got := bold.RGBAAt(cr.Min.X+w+1, c.Y+7); got != blue {
		t.Errorf("a bold outline %d pixels in: %v", w+1, got)
	}
	if got := bold.RGBAAt(in.X, in.Y); got != bare.RGBAAt(in.X, in.Y) {
		t.Errorf("a region without a tint tints its cells: %v", got)
	}
	// Over a stone the outline is drawn; the stone is not tinted.
	c3 := board.Point{X: 2, Y: 6}
	stone, _, _ := regionBoard(t, Options{Regions: []Region{{Points: []board.Point{c3}, Color: blue, Tint: 200}}})
	cc := l.Center(c3)
	if got := stone.RGBAAt(cc.X, cc.Y); got != bare.RGBAAt(cc.X, cc.Y) {
		t.Errorf("the stone at C3 changed under a tint: %v", got)
	}
	if got := stone.RGBAAt(l.CellRect(c3).Min.X, cc.Y); got != blue {
		t.Errorf("no outline round the stone at C3: %v", got)
	}

	pos, _ := board.New(9)
	if _, err := Image(pos, nil, Options{Regions: []Region{{Points: []board.Point{{X: 9, Y: 0}}}}}); err == nil {
		t.Error("a region off the board is not an error")
	}
}

// TestLongLabels checks that a label wider than a cell is drawn smaller,
// inside its cell, and that a short one is drawn as before.
func TestLongLabels(t *testing.T) {
	e5 := board.Point{X: 4, Y: 4}
	bare, l, _ := regionBoard(t, Options{})
	cr := l.CellRect(e5)
	ink := func(img *image.RGBA) image.Rectangle {
		var box image.Rectangle
		for y := cr.Min.Y - 30; y < cr.Max.Y+30; y++ {
			for x := cr.Min.X - 30; x < cr.Max.X+30; x++ {
				if img.RGBAAt(x, y) != bare.RGBAAt(x, y) {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		return box
	}
	long, _, _ := regionBoard(t, Options{Marks: []Mark{{Point: e5, Label: "-15/2"}}})
	if box := ink(long); box.Empty() || box.Min.X < cr.Min.X || box.Max.X > cr.Max.X {
		t.Errorf("the label -15/2 is drawn over %v, outside its cell %v", box, cr)
	}
	short, _, _ := regionBoard(t, Options{Marks: []Mark{{Point: e5, Label: "2*"}}})
	// At the usual size a digit is about 48% of a cell tall.
	if box := ink(short); box.Dy() < 30*40/100 {
		t.Errorf("the label 2* is %d pixels tall, want the usual size", box.Dy())
	}
	if a, b := ink(long), ink(short); a.Dy() >= b.Dy() {
		t.Errorf("the long label is %d pixels tall, not smaller than the short one's %d", a.Dy(), b.Dy())
	}
}
