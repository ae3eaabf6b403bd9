package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"moyo/board"
)

// rgba returns the colour of pixel q.
func rgba(img *image.RGBA, q image.Point) color.RGBA {
	return img.RGBAAt(q.X, q.Y)
}

func TestPixels(t *testing.T) {
	// Black's stone at B4 and wall on the left, White's stone on D2; the
	// values are +1 on the left two columns, −1 on the right two and 0 in
	// the middle column.
	pos := parse(t, `
. . . . .
. X . . .
. . . . .
. . . O .
. . . . .
`)
	values := make([]float64, pos.Len())
	for i := range values {
		switch x := pos.PointOf(i).X; {
		case x < 2:
			values[i] = 1
		case x > 2:
			values[i] = -1
		}
	}
	for _, bg := range []Background{Wood, Plain} {
		img, err := Image(pos, values, Options{Background: bg})
		if err != nil {
			t.Fatal(err)
		}
		l := layoutAt(img.Rect.Min, 5, DefaultCellSize, true)
		// A corner of a cell is off the grid lines and clear of the stone.
		corner := func(p board.Point) image.Point { return l.CellRect(p).Min.Add(image.Pt(1, 1)) }
		tests := []struct {
			name string
			at   image.Point
			ok   func(color.RGBA) bool
		}{
			{"black stone centre is dark", l.Center(board.Point{X: 1, Y: 1}), func(c color.RGBA) bool { return c.R < 0x40 && c.R == c.G && c.G == c.B }},
			{"white stone centre is light", l.Center(board.Point{X: 3, Y: 3}), func(c color.RGBA) bool { return c.R > 0xd0 && c.R == c.G && c.G == c.B }},
			{"+1 cell is black", corner(board.Point{X: 0, Y: 4}), func(c color.RGBA) bool { return c == color.RGBA{0, 0, 0, 0xff} }},
			{"−1 cell is white", corner(board.Point{X: 4, Y: 0}), func(c color.RGBA) bool { return c == color.RGBA{0xff, 0xff, 0xff, 0xff} }},
			{"0 cell is Shade(0)", corner(board.Point{X: 2, Y: 2}), func(c color.RGBA) bool { return c == gray(Shade(0).Y) }},
			{"image is opaque", image.Pt(0, 0), func(c color.RGBA) bool { return c.A == 0xff }},
		}
		for _, tt := range tests {
			if c := rgba(img, tt.at); !tt.ok(c) {
				t.Errorf("background %d: %s: pixel %v is %v", bg, tt.name, tt.at, c)
			}
		}
	}
}

func TestOddValues(t *testing.T) {
	// NaN is no value: shaded as 0, with no number, square or mark; values
	// outside [−1, 1] are clamped.
	pos := parse(t, `
. . .
. X .
. . .
`)
	nan := math.NaN()
	values := []float64{nan, 5, math.Inf(-1), 0, nan, 0, 0, 0, 0}
	for _, opt := range []Options{{}, {Overlay: Squares}, {Numbers: true}, {Overlay: NoOverlay}} {
		img, err := Image(pos, values, opt)
		if err != nil {
			t.Fatal(err)
		}
		if opt.Overlay != Shading {
			continue
		}
		l := layoutAt(image.Point{}, 3, DefaultCellSize, true)
		for _, tt := range []struct {
			p    board.Point
			want color.RGBA
		}{
			{board.Point{X: 0, Y: 0}, gray(Shade(0).Y)},
			{board.Point{X: 1, Y: 0}, gray(0)},
			{board.Point{X: 2, Y: 0}, gray(0xff)},
		} {
			if got := rgba(img, l.CellRect(tt.p).Min.Add(image.Pt(1, 1))); got != tt.want {
				t.Errorf("%+v: cell of %v is %v, want %v", opt, tt.p, got, tt.want)
			}
		}
	}
}

func TestDeadMarkShows(t *testing.T) {
	pos := parse(t, `
. . .
. X .
. . .
`)
	centre := func(values []float64) color.RGBA {
		img, err := Image(pos, values, Options{Overlay: NoOverlay})
		if err != nil {
			t.Fatal(err)
		}
		return rgba(img, layoutAt(image.Point{}, 3, DefaultCellSize, true).Center(board.Point{X: 1, Y: 1}))
	}
	alive := centre([]float64{0, 0, 0, 0, 1, 0, 0, 0, 0})
	dead := centre([]float64{0, 0, 0, 0, -1, 0, 0, 0, 0})
	doubtful := centre([]float64{0, 0, 0, 0, -0.4, 0, 0, 0, 0})
	if !(alive.R < doubtful.R && doubtful.R < dead.R) {
		t.Errorf("centre of a black stone with value 1, −0.4, −1: %v, %v, %v; want lighter and lighter", alive, doubtful, dead)
	}
	if dead.R != 0xff {
		t.Errorf("cross on a surely dead black stone is %v, want white", dead)
	}
}

// TestMarks checks that each mark stays in its cell and stands out from
// its ground: black on a white stone or white shading, white on a black
// stone or black shading.
func TestMarks(t *testing.T) {
	pos := parse(t, `
. . .
. X O
. . .
`)
	values := []float64{1, 0, -1, 1, 1, -1, 1, 0, -1}
	plain, err := Image(pos, values, Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := layoutAt(image.Point{}, 3, DefaultCellSize, true)
	tests := []struct {
		at    board.Point
		label string
		ink   color.RGBA
	}{
		{board.Point{X: 0, Y: 0}, "A", rgb(white)}, // black shading
		{board.Point{X: 2, Y: 0}, "B", rgb(black)}, // white shading
		{board.Point{X: 1, Y: 1}, "C", rgb(white)}, // black stone
		{board.Point{X: 2, Y: 1}, "D", rgb(black)}, // white stone
		{board.Point{X: 0, Y: 2}, "", rgb(white)},  // cross on black shading
		{board.Point{X: 2, Y: 2}, "", rgb(black)},  // cross on white shading
	}
	for _, tt := range tests {
		img, err := Image(pos, values, Options{Marks: []Mark{{Point: tt.at, Label: tt.label}}})
		if err != nil {
			t.Fatal(err)
		}
		cell := l.CellRect(tt.at)
		inked := 0
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				got, was := img.RGBAAt(x, y), plain.RGBAAt(x, y)
				if got == was {
					continue
				}
				if !image.Pt(x, y).In(cell) {
					t.Fatalf("mark %q on %v changed pixel (%d, %d) outside its cell", tt.label, tt.at, x, y)
				}
				if got == tt.ink {
					inked++
				}
			}
		}
		if inked < 10 {
			t.Errorf("mark %q on %v: %d pixels of %v", tt.label, tt.at, inked, tt.ink)
		}
	}
}

func TestLayoutRoundTrip(t *testing.T) {
	tests := []struct {
		r    image.Rectangle
		size int
		opt  Options
	}{
		{image.Rect(0, 0, 800, 800), 19, Options{}},
		{image.Rect(0, 0, 1024, 700), 19, Options{NoCoordinates: true}},
		{image.Rect(-50, 30, 301, 290), 9, Options{}},
		{image.Rect(0, 0, 137, 500), 13, Options{}},
		{image.Rect(10, 10, 60, 60), 2, Options{}},
		{image.Rect(0, 0, 2000, 2000), 25, Options{}},
	}
	for _, tt := range tests {
		l, err := NewLayout(tt.r, tt.size, tt.opt)
		if err != nil {
			t.Errorf("NewLayout(%v, %d): %v", tt.r, tt.size, err)
			continue
		}
		if !l.Bounds.In(tt.r) || l.Bounds.Dx() != l.Bounds.Dy() {
			t.Errorf("NewLayout(%v, %d).Bounds = %v, want a square inside", tt.r, tt.size, l.Bounds)
		}
		if dx, dy := l.Bounds.Min.X-tt.r.Min.X-(tt.r.Max.X-l.Bounds.Max.X), l.Bounds.Min.Y-tt.r.Min.Y-(tt.r.Max.Y-l.Bounds.Max.Y); dx < -1 || dx > 1 || dy < -1 || dy > 1 {
			t.Errorf("NewLayout(%v, %d).Bounds = %v, not centred", tt.r, tt.size, l.Bounds)
		}
		// Every pixel of every cell maps back to its point, and the cells
		// tile a square inside Bounds.
		cells := image.Rectangle{}
		for y := range tt.size {
			for x := range tt.size {
				p := board.Point{X: x, Y: y}
				cr := l.CellRect(p)
				cells = cells.Union(cr)
				if got, ok := l.PointAt(l.Center(p)); !ok || got != p {
					t.Fatalf("%v: PointAt(Center(%v)) = %v, %v", tt.r, p, got, ok)
				}
				for q := range pixels(cr) {
					if got, ok := l.PointAt(q); !ok || got != p {
						t.Fatalf("%v: PointAt(%v) = %v, %v; want %v, in its cell %v", tt.r, q, got, ok, p, cr)
					}
				}
			}
		}
		if cells.Dx() != tt.size*l.Cell || cells.Dy() != tt.size*l.Cell || !cells.In(l.Bounds) {
			t.Errorf("%v: cells cover %v, want %d² pixels inside %v", tt.r, cells, tt.size*l.Cell, l.Bounds)
		}
		for q := range pixels(l.Bounds.Inset(-2)) {
			if _, ok := l.PointAt(q); ok != q.In(cells) {
				t.Fatalf("%v: PointAt(%v) ok = %v, but the cells cover %v", tt.r, q, ok, cells)
			}
		}
	}
}

// pixels yields every pixel of r.
func pixels(r image.Rectangle) func(func(image.Point) bool) {
	return func(yield func(image.Point) bool) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if !yield(image.Pt(x, y)) {
					return
				}
			}
		}
	}
}

func TestDrawMatchesImage(t *testing.T) {
	// Drawing into a larger, offset image gives the same board as Image,
	// fills the rest and overwrites whatever was there.
	pos := parse(t, diagram9)
	values := influence(pos, 30, nil)
	want, err := Image(pos, values, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dst := image.NewRGBA(image.Rect(-40, 7, -40+want.Rect.Dx()+81, 7+want.Rect.Dy()))
	for i := range dst.Pix {
		dst.Pix[i] = 0x5a
	}
	l, err := Draw(dst, pos, values, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Bounds.Dx() != want.Rect.Dx() || l.Cell != DefaultCellSize {
		t.Fatalf("Draw laid out %+v, want a board like Image's %v", l, want.Rect)
	}
	got := dst.SubImage(l.Bounds).(*image.RGBA)
	for y := range want.Rect.Dy() {
		g := got.Pix[got.PixOffset(l.Bounds.Min.X, l.Bounds.Min.Y+y):][:4*want.Rect.Dx()]
		w := want.Pix[want.PixOffset(0, y):][:4*want.Rect.Dx()]
		if !bytes.Equal(g, w) {
			t.Fatalf("row %d of the board differs from Image's", y)
		}
	}
	for q := range pixels(dst.Rect) {
		if c := dst.RGBAAt(q.X, q.Y); c.A != 0xff || c == (color.RGBA{0x5a, 0x5a, 0x5a, 0x5a}) {
			t.Fatalf("pixel %v outside the board is %v", q, c)
		}
	}
}

func TestErrors(t *testing.T) {
	pos := parse(t, diagram9)
	off := board.Point{X: 9, Y: 0}
	tests := []struct {
		name   string
		pos    *board.Position
		values []float64
		opt    Options
		dst    image.Rectangle
		want   string
	}{
		{"nil position", nil, nil, Options{}, image.Rect(0, 0, 300, 300), "nil position"},
		{"short values", pos, make([]float64, 80), Options{}, image.Rect(0, 0, 300, 300), "80 values"},
		{"last move off board", pos, nil, Options{LastMove: &off}, image.Rect(0, 0, 300, 300), "off the 9×9 board"},
		{"tiny image", pos, nil, Options{}, image.Rect(0, 0, 40, 40), "too small"},
		{"mark off board", pos, nil, Options{Marks: []Mark{{Point: off, Label: "A"}}}, image.Rect(0, 0, 300, 300), `mark "A" at`},
		{"mark not ASCII", pos, nil, Options{Marks: []Mark{{Label: "Å"}}}, image.Rect(0, 0, 300, 300), "only ASCII"},
	}
	for _, tt := range tests {
		_, err := Draw(image.NewRGBA(tt.dst), tt.pos, tt.values, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Draw error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
	if _, err := Image(pos, nil, Options{CellSize: 3}); err == nil {
		t.Error("Image with CellSize 3 succeeded")
	}
}

func TestStarPoints(t *testing.T) {
	tests := []struct {
		size int
		want string
	}{
		{19, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"},
		{13, "D10 K10 G7 D4 K4"},
		{9, "C7 G7 E5 C3 G3"},
		{7, "C5 E5 D4 C3 E3"},
		{5, "C3"},
		{4, ""},
		{8, "C6 F6 C3 F3"},
	}
	for _, tt := range tests {
		pos, err := board.New(tt.size)
		if err != nil {
			t.Fatal(err)
		}
		on := make(map[int]bool)
		for _, sp := range starPoints(tt.size) {
			on[pos.Index(board.Point{X: sp[0], Y: sp[1]})] = true
		}
		var got []string
		for i := range pos.Len() {
			if on[i] {
				got = append(got, pos.PointOf(i).Label(tt.size))
			}
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("star points of %d×%d: %q, want %q", tt.size, tt.size, s, tt.want)
		}
	}
}

func TestColumnLetter(t *testing.T) {
	for x := range board.MaxSize {
		if got, want := string(columnLetter(x)), (board.Point{X: x}).Label(board.MaxSize)[:1]; got != want {
			t.Errorf("columnLetter(%d) = %s, want %s", x, got, want)
		}
	}
}

func TestDeterministic(t *testing.T) {
	// Drawing twice into the same image, with a fresh font cache and
	// rasterizer each time, gives the same bytes.
	pos := parse(t, diagram19)
	values := influence(pos, 30, nil)
	opt := Options{Numbers: true}
	a, err := Image(pos, values, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Image(pos, values, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("two drawings differ")
	}
}

func BenchmarkDraw19(b *testing.B) {
	pos := parse(b, diagram19)
	values := influence(pos, 30, nil)
	last := board.Point{X: 16, Y: 16}
	dst := image.NewRGBA(image.Rect(0, 0, 800, 800))
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"shading", Options{LastMove: &last}},
		{"squares", Options{Overlay: Squares, LastMove: &last}},
		{"numbers", Options{Numbers: true, LastMove: &last}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Draw(dst, pos, values, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
