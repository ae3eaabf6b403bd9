package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"moyo/board"
)

// TestFrame checks that a frame draws what Draw draws into the image it
// keeps, finds the points of the last draw, and draws nothing without a
// position or room for a board.
func TestFrame(t *testing.T) {
	pos := parse(t, diagram9)
	values := influence(pos, 30, nil)
	var f Frame
	img := f.Draw(300, 320, pos, values, Options{})
	want := image.NewRGBA(image.Rect(0, 0, 300, 320))
	l, err := Draw(want, pos, values, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.Pix, want.Pix) || f.Layout() != l || f.Drawn() <= 0 {
		t.Fatalf("the frame's drawing differs from Draw's (layout %+v, want %+v)", f.Layout(), l)
	}
	p := board.Point{X: 4, Y: 6}
	if got, ok := f.Layout().PointAt(l.Center(p)); !ok || got != p {
		t.Errorf("the centre of %v is found at %v %v", p, got, ok)
	}
	if again := f.Draw(300, 320, pos, values, Options{}); again != img {
		t.Error("a new image for a draw of the same size")
	}
	for _, tt := range []struct {
		name string
		w, h int
		pos  *board.Position
	}{{"no position", 300, 320, nil}, {"no room", 12, 12, pos}} {
		img := f.Draw(tt.w, tt.h, tt.pos, nil, Options{})
		if img.Rect.Dx() != tt.w || !bytes.Equal(img.Pix, make([]byte, len(img.Pix))) || f.Layout() != (Layout{}) {
			t.Errorf("%s: drew something, layout %+v", tt.name, f.Layout())
		}
		if _, ok := f.Layout().PointAt(image.Pt(tt.w/2, tt.h/2)); ok {
			t.Errorf("%s: a point found", tt.name)
		}
	}
}

// TestFrameGhost checks where the see-through stone goes and in what
// colours, and where it does not.
func TestFrameGhost(t *testing.T) {
	pos := parse(t, diagram9)
	var f Frame
	if _, ok := f.Ghost(pos, board.Point{}, board.Black); ok {
		t.Error("a ghost stone before the first draw")
	}
	f.Draw(300, 300, pos, nil, Options{})
	var empty, stone board.Point
	for y := range pos.Size() {
		for x := range pos.Size() {
			if q := (board.Point{X: x, Y: y}); pos.At(q) == board.Empty {
				empty = q
			} else {
				stone = q
			}
		}
	}
	g, ok := f.Ghost(pos, empty, board.White)
	if !ok || g.Centre != f.Layout().Center(empty) || g.Radius != float32(f.Layout().Cell)*0.47 ||
		g.Fill != (color.NRGBA{0xff, 0xff, 0xff, 0x90}) || g.Stroke.A == 0 {
		t.Errorf("white ghost on %v: %+v %v", empty, g, ok)
	}
	if g, ok := f.Ghost(pos, empty, board.Black); !ok || g.Fill != (color.NRGBA{A: 0x70}) || g.Stroke.A != 0 {
		t.Errorf("black ghost: %+v %v", g, ok)
	}
	small, _ := board.New(5)
	for _, tt := range []struct {
		name string
		pos  *board.Position
		p    board.Point
		c    board.Color
	}{
		{"no colour", pos, empty, board.Empty},
		{"on a stone", pos, stone, board.Black},
		{"off the board", pos, board.Point{X: pos.Size(), Y: 0}, board.Black},
		{"another size", small, board.Point{}, board.Black},
	} {
		if _, ok := f.Ghost(tt.pos, tt.p, tt.c); ok {
			t.Errorf("%s: a ghost stone", tt.name)
		}
	}
}
