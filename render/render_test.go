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
// mustImage is Image, failing the test on an error.
func mustImage(t *testing.T, pos *board.Position, values []float64, opt Options) *image.RGBA {
	t.Helper()
	img, err := Image(pos, values, opt)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

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
		img := mustImage(t, pos, values, Options{Background: bg})
		bare := mustImage(t, pos, nil, Options{Background: bg})
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
			{"0 cell is the bare board", corner(board.Point{X: 2, Y: 2}), func(c color.RGBA) bool { return c == rgba(bare, corner(board.Point{X: 2, Y: 2})) }},
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
	bare := mustImage(t, pos, nil, Options{})
	for _, opt := range []Options{{}, {Overlay: Squares}, {Numbers: true}, {Overlay: NoOverlay}} {
		img := mustImage(t, pos, values, opt)
		if opt.Overlay != Shading {
			continue
		}
		l := layoutAt(image.Point{}, 3, DefaultCellSize, true)
		corner := l.CellRect(board.Point{}).Min.Add(image.Pt(1, 1))
		for _, tt := range []struct {
			p    board.Point
			want color.RGBA
		}{
			{board.Point{X: 0, Y: 0}, rgba(bare, corner)},
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
		img := mustImage(t, pos, values, Options{Overlay: NoOverlay})
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
	plain := mustImage(t, pos, values, Options{})
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
		img := mustImage(t, pos, values, Options{Marks: []Mark{{Point: tt.at, Label: tt.label}}})
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

// TestFractionMarks draws the values the race view writes on the board,
// mixed fractions as its table writes them: "3½" inks more than "3" and
// no pixel outside the cell. Before the font's glyphs past ASCII were
// drawn, such a label left the whole board blank.
func TestFractionMarks(t *testing.T) {
	pos := parse(t, `
. . .
. . .
. . .
`)
	at := board.Point{X: 1, Y: 1}
	plain := mustImage(t, pos, nil, Options{})
	cell := layoutAt(image.Point{}, 3, DefaultCellSize, true).CellRect(at)
	ink := func(label string) int {
		img := mustImage(t, pos, nil, Options{Marks: []Mark{{Point: at, Label: label}}})
		n := 0
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				if img.RGBAAt(x, y) == plain.RGBAAt(x, y) {
					continue
				}
				if !image.Pt(x, y).In(cell) {
					t.Fatalf("mark %q changed pixel (%d, %d) outside its cell", label, x, y)
				}
				n++
			}
		}
		return n
	}
	three := ink("3")
	for _, label := range []string{"3½", "-⅞", "2¾~"} {
		if n := ink(label); n <= three {
			t.Errorf("mark %q inks %d pixels, no more than \"3\" (%d)", label, n, three)
		}
	}
}

// TestStoneMark draws the move-to-play stone of each colour on shading of
// each colour: the stone's face is its colour, its ring the other one,
// so that it shows on ground of its own colour, and it stays inside its
// cell and smaller than a stone.
func TestStoneMark(t *testing.T) {
	pos := parse(t, `
. . .
. . .
. . .
`)
	values := []float64{1, 0, -1, 1, 0, -1, 1, 0, -1}
	plain := mustImage(t, pos, values, Options{})
	l := layoutAt(image.Point{}, 3, DefaultCellSize, true)
	tests := []struct {
		at    board.Point
		color board.Color
	}{
		{board.Point{X: 0, Y: 1}, board.Black}, // black on black shading
		{board.Point{X: 2, Y: 1}, board.Black}, // black on white shading
		{board.Point{X: 0, Y: 1}, board.White},
		{board.Point{X: 2, Y: 1}, board.White},
	}
	for _, tt := range tests {
		img := mustImage(t, pos, values, Options{Marks: []Mark{{Point: tt.at, Shape: Stone, Color: tt.color}}})
		c := l.Center(tt.at)
		face, ring := luma(img.RGBAAt(c.X, c.Y))/1000, opposite(tt.color)
		if tt.color == board.Black && face > 0x50 || tt.color == board.White && face < 0xb0 {
			t.Errorf("%v stone mark on %v: face luma %d", tt.color, tt.at, face)
		}
		// The ring: the first pixel of the ring's colour going right from
		// the centre, inside a stone's radius.
		rim := -1
		for x := c.X; x < c.X+DefaultCellSize/2; x++ {
			if img.RGBAAt(x, c.Y) == ring {
				rim = x - c.X
				break
			}
		}
		if rim < 0 || rim >= DefaultCellSize*24/50 {
			t.Errorf("%v stone mark on %v: ring at %d pixels from the centre, want one inside a stone's radius %d", tt.color, tt.at, rim, DefaultCellSize*24/50)
		}
		cell := l.CellRect(tt.at)
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				if img.RGBAAt(x, y) != plain.RGBAAt(x, y) && !image.Pt(x, y).In(cell) {
					t.Fatalf("%v stone mark on %v changed pixel (%d, %d) outside its cell", tt.color, tt.at, x, y)
				}
			}
		}
		// With a label on its point, the stone moves to the point's lower
		// right corner, and the label keeps the middle.
		marks := []Mark{{Point: tt.at, Shape: Stone, Color: tt.color}, {Point: tt.at, Label: "8"}}
		img = mustImage(t, pos, values, Options{Marks: marks})
		corner := c.Add(image.Pt(DefaultCellSize*3/10, DefaultCellSize*3/10))
		if face := luma(img.RGBAAt(corner.X, corner.Y)) / 1000; tt.color == board.Black && face > 0x50 || tt.color == board.White && face < 0xb0 {
			t.Errorf("%v stone mark under a label on %v: face luma %d in the corner", tt.color, tt.at, face)
		}
		label := mustImage(t, pos, values, Options{Marks: marks[1:]})
		if img.RGBAAt(c.X, c.Y) != label.RGBAAt(c.X, c.Y) {
			t.Errorf("%v stone mark under a label on %v: the middle of the point is not the label's", tt.color, tt.at)
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
	want := mustImage(t, pos, values, Options{})
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
		{"mark not in the font", pos, nil, Options{Marks: []Mark{{Label: "2⧿"}}}, image.Rect(0, 0, 300, 300), "no glyph for '⧿'"},
		{"stone mark of no colour", pos, nil, Options{Marks: []Mark{{Shape: Stone}}}, image.Rect(0, 0, 300, 300), "stone mark at"},
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
	a := mustImage(t, pos, values, opt)
	b := mustImage(t, pos, values, opt)
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

// TestShadeOver checks the shading's scale: the ground at 0, black at +1,
// white at −1, and darker with every rise of v on either ground.
func TestShadeOver(t *testing.T) {
	for _, bg := range []color.RGBA{rgb(woodBase), rgb(plainBase), gray(0x80)} {
		if ShadeOver(bg, 0) != bg || ShadeOver(bg, math.NaN()) != bg {
			t.Errorf("%v: 0 gives %v, NaN %v, want the ground", bg, ShadeOver(bg, 0), ShadeOver(bg, math.NaN()))
		}
		if ShadeOver(bg, 1) != rgb(black) || ShadeOver(bg, 7) != rgb(black) || ShadeOver(bg, -1) != rgb(white) {
			t.Errorf("%v: ±1 give %v and %v", bg, ShadeOver(bg, 1), ShadeOver(bg, -1))
		}
		prev := luma(ShadeOver(bg, -1))
		for k := -99; k <= 100; k++ {
			l := luma(ShadeOver(bg, float64(k)/100))
			if l > prev {
				t.Errorf("%v: v = %.2f is lighter (%d) than v = %.2f (%d)", bg, float64(k)/100, l, float64(k-1)/100, prev)
			}
			prev = l
		}
	}
}

// TestStonesAndLinesOnSureGround renders boards whose every point is +1,
// then −1, with the overlays a user sees, and checks from the pixels that
// every stone's edge stands out from the ground around it and that the
// grid shows in an empty cell: a black stone in Black's sure territory
// must not vanish into the black, nor a line.
func TestStonesAndLinesOnSureGround(t *testing.T) {
	pos := parse(t, `
. . . . . . .
. X . . . O .
. . . . . . .
. . . X . . .
. . . . . . .
. O . . . X .
. . . . . . .
`)
	for _, v := range []float64{1, -1} {
		values := make([]float64, pos.Len())
		for i := range values {
			values[i] = v
		}
		for _, opt := range []Options{{}, {Background: Plain}, {Numbers: true}} {
			img := mustImage(t, pos, values, opt)
			l := layoutAt(img.Rect.Min, pos.Size(), DefaultCellSize, true)
			ground := rgba(img, l.CellRect(board.Point{X: 3, Y: 0}).Min.Add(image.Pt(2, 2)))
			r := l.Cell * 24 / 50 // the stone's radius in pixels
			for i := range pos.Len() {
				p := pos.PointOf(i)
				if pos.Cell(i) == board.Empty {
					continue
				}
				// From just inside the stone's edge to just outside it, on
				// each of the four sides, at least two pixels must stand
				// out from the ground by 60 levels or more: an edge a
				// single pixel wide, as the stone's own rim is, vanishes
				// at the sizes the app draws.
				at := l.Center(p)
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					n := 0
					for k := r - 3; k <= r+3; k++ {
						if c := rgba(img, at.Add(d.Mul(k))); abs(luma(c)-luma(ground)) >= 60*1000 {
							n++
						}
					}
					if n < 2 {
						t.Errorf("v = %+.0f, %+v: the %v stone on %v has %d pixels standing out at its edge towards %v", v, opt, pos.Cell(i), p, n, d)
					}
				}
			}
			// A grid line through an empty cell: along row y = 2, at
			// column x = 2's line, against the cell's corner.
			line := 0
			cell := l.CellRect(board.Point{X: 2, Y: 2})
			for x := cell.Min.X; x < cell.Max.X; x++ {
				c := rgba(img, image.Pt(x, cell.Min.Y+3))
				line = max(line, abs(luma(c)-luma(ground))/1000)
			}
			if line < 40 {
				t.Errorf("v = %+.0f, %+v: the grid differs from the ground by at most %d levels", v, opt, line)
			}
		}
	}
}

// TestLegend checks the legend's bar from the pixels: white at its left
// end, black at its right, the bare board in its middle; and that a legend
// too narrow for its text is an error.
func TestLegend(t *testing.T) {
	for _, bg := range []Background{Wood, Plain} {
		img, err := Legend(600, "symmetric", Options{Background: bg})
		if err != nil {
			t.Fatal(err)
		}
		h := LegendHeight(600)
		if img.Rect.Dx() != 600 || img.Rect.Dy() != h {
			t.Fatalf("legend %v, want 600×%d", img.Rect, h)
		}
		// The bar's row: find its ends by the black and white pixels.
		y := h / 3
		var whiteX, blackX, n int
		for x := range 600 {
			switch rgba(img, image.Pt(x, y)) {
			case rgb(white):
				whiteX += x
				n++
			case rgb(black):
				blackX = x
			}
		}
		if n == 0 || blackX == 0 || whiteX/n >= blackX {
			t.Errorf("background %d: white pixels around %d, black at %d, want white left of black", bg, whiteX/max(n, 1), blackX)
		}
		// Text is drawn: some pixel of the label's colour below the bar.
		ink := 0
		for x := range 600 {
			for y := h * 2 / 3; y < h; y++ {
				if c := rgba(img, image.Pt(x, y)); luma(c) < 110*1000 {
					ink++
				}
			}
		}
		if ink < 30 {
			t.Errorf("background %d: %d dark pixels where the labels go", bg, ink)
		}
	}
	if _, err := Legend(120, "symmetric", Options{}); err == nil {
		t.Error("a 120-pixel legend was drawn")
	}
}

// TestNumbersClearOfGrid is the "8" that read "−8−": with Numbers,
// no horizontal grid line runs through a numbered empty point, so a line
// cannot be taken for a minus sign. Beside the digits the row of the line
// shows the ground, as a row of the cell above the digits does; the ends
// of the cell, where a neighbouring stone's rim may reach, are left out.
func TestNumbersClearOfGrid(t *testing.T) {
	pos := parse(t, diagram9)
	values := make([]float64, pos.Len())
	for i := range values {
		values[i] = []float64{0.5, -0.5, 0.08, -0.08}[i%4]
	}
	for _, bg := range []Background{Wood, Plain} {
		for _, numbers := range []bool{false, true} {
			opt := Options{Background: bg, Numbers: numbers}
			img := mustImage(t, pos, values, opt)
			l, err := NewLayout(img.Rect, pos.Size(), opt)
			if err != nil {
				t.Fatal(err)
			}
			lines := 0 // cells whose row shows a line
			for i := range pos.Len() {
				p := pos.PointOf(i)
				if pos.Cell(i) != board.Empty || p.X == 0 || p.X == pos.Size()-1 {
					continue
				}
				at, cell := l.Center(p), l.CellRect(p)
				off := at.Y - l.Cell*3/8 // a row of the cell clear of the line and the digits
				for x := cell.Min.X + l.Cell/8; x < cell.Max.X-l.Cell/8; x++ {
					if x > at.X-l.Cell/3 && x < at.X+l.Cell/3 {
						continue // the digits
					}
					if abs(luma(rgba(img, image.Pt(x, at.Y)))-luma(rgba(img, image.Pt(x, off))))/1000 > 8 {
						lines++
						if numbers {
							t.Errorf("background %d, %v: the grid line shows beside the number at x = %d", bg, p, x)
						}
						break
					}
				}
			}
			if !numbers && lines == 0 {
				t.Errorf("background %d: the test sees no grid line without numbers", bg)
			}
		}
	}
}

// TestLastMoveClearOfCross is the last-move circle over a dead
// stone's cross: on a stone crossed, numbered or squared the ring goes
// round the stone's edge, every pixel it changes outside the middle that
// the other sign takes; on a plain stone it stays in the middle.
func TestLastMoveClearOfCross(t *testing.T) {
	pos := parse(t, diagram9)
	values := influence(pos, 30, nil)
	dead := point(t, 9, "G6") // a black stone in White's area
	live := point(t, 9, "C8")
	if v := values[pos.Index(dead)]; v >= -0.5 {
		t.Fatalf("G6's value is %v, not a dead black stone's", v)
	}
	for _, tc := range []struct {
		name string
		at   board.Point
		opt  Options
		edge bool
	}{
		{"cross", dead, Options{}, true},
		{"number", dead, Options{Numbers: true}, true},
		{"square", dead, Options{Overlay: Squares}, true},
		{"mark", live, Options{Marks: []Mark{{Point: live, Label: "A"}}}, true},
		{"plain stone", live, Options{}, false},
	} {
		without := mustImage(t, pos, values, tc.opt)
		at := tc.at
		tc.opt.LastMove = &at
		with := mustImage(t, pos, values, tc.opt)
		l, err := NewLayout(with.Rect, pos.Size(), tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		c := l.Center(at)
		inner, changed := l.Cell*l.Cell, 0 // the least distance from the centre of a pixel changed, squared
		for y := c.Y - l.Cell/2; y < c.Y+l.Cell/2; y++ {
			for x := c.X - l.Cell/2; x < c.X+l.Cell/2; x++ {
				q := image.Pt(x, y)
				if rgba(with, q) != rgba(without, q) {
					changed++
					d := q.Sub(c)
					inner = min(inner, d.X*d.X+d.Y*d.Y)
				}
			}
		}
		// The cross reaches 0.22 cell from the centre, plus its width.
		clear := l.Cell * 30 / 100
		if changed == 0 {
			t.Errorf("%s: no ring drawn", tc.name)
		} else if onEdge := inner >= clear*clear; onEdge != tc.edge {
			t.Errorf("%s: the ring comes within %.1f pixels of the centre of a %d-pixel cell", tc.name, math.Sqrt(float64(inner)), l.Cell)
		}
	}
}
