package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// goMedium is the font used when Options.Font is nil. It is parsed on first
// use and never changed afterwards; sfnt.Font is safe for concurrent use.
var goMedium = sync.OnceValue(func() *sfnt.Font {
	f, err := sfnt.Parse(gomedium.TTF)
	if err != nil {
		panic("render: parsing the embedded Go Medium font: " + err.Error())
	}
	return f
})

// glyph is one character rasterized at one size.
type glyph struct {
	mask image.Alpha // bounds relative to the pen on the baseline
	adv  int         // advance in whole pixels
	ok   bool        // rasterized
}

// face draws short strings in one font at one size. Glyphs are
// rasterized by flattening their outlines in integer arithmetic and filling
// them with vector's rasterizer, which uses fixed-point arithmetic for masks
// under 512 pixels (any sensible cell size): vector's own curve flattening
// and its floating-point mode could round differently on other machines.
// Each glyph is cached, so a board full of numbers rasterizes each digit
// once.
type face struct {
	f      *sfnt.Font
	ppem   fixed.Int26_6
	buf    *sfnt.Buffer
	z      *vector.Rasterizer
	glyphs [128]glyph      // ASCII, the most drawn
	more   map[rune]*glyph // the rest drawn so far, such as ½ and ⅞
	pts    []int           // flattened outline, pairs of coordinates in units
	starts []int           // where each contour starts in pts
}

// newFace returns a face of f at ppem (26.6 pixels per em) that uses buf
// and z for loading and rasterizing glyphs.
func newFace(f *sfnt.Font, ppem fixed.Int26_6, buf *sfnt.Buffer, z *vector.Rasterizer) *face {
	return &face{f: f, ppem: ppem, buf: buf, z: z}
}

// glyph returns the cached glyph of r, rasterizing it on first use.
func (fc *face) glyph(r rune) (*glyph, error) {
	var g *glyph
	if r >= 0 && int(r) < len(fc.glyphs) {
		g = &fc.glyphs[r]
	} else {
		if g = fc.more[r]; g == nil {
			if fc.more == nil {
				fc.more = map[rune]*glyph{}
			}
			g = new(glyph)
			fc.more[r] = g
		}
	}
	if g.ok {
		return g, nil
	}
	idx, err := fc.f.GlyphIndex(fc.buf, r)
	if err != nil {
		return nil, fmt.Errorf("render: glyph for %q: %w", r, err)
	}
	if idx == 0 {
		return nil, fmt.Errorf("render: the font has no glyph for %q", r)
	}
	adv, err := fc.f.GlyphAdvance(fc.buf, idx, fc.ppem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("render: advance of %q: %w", r, err)
	}
	segs, err := fc.f.LoadGlyph(fc.buf, idx, fc.ppem, nil)
	if err != nil {
		return nil, fmt.Errorf("render: outline of %q: %w", r, err)
	}
	*g = glyph{mask: fc.rasterize(segs), adv: int(adv+32) >> 6, ok: true}
	return g, nil
}

// rasterize fills the outline segs (26.6 pixels, pen at the origin).
func (fc *face) rasterize(segs sfnt.Segments) image.Alpha {
	// Flatten into contours of points in units.
	pts, starts := fc.pts[:0], fc.starts[:0]
	for _, s := range segs {
		a := s.Args
		// 26.6 to units of 1/256 pixel.
		x0, y0 := int(a[0].X)*4, int(a[0].Y)*4
		if len(pts) == 0 && s.Op != sfnt.SegmentOpMoveTo {
			// A malformed outline: start it at the pen.
			starts = append(starts, 0)
			pts = append(pts, 0, 0)
		}
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			starts = append(starts, len(pts))
			pts = append(pts, x0, y0)
		case sfnt.SegmentOpLineTo:
			pts = append(pts, x0, y0)
		case sfnt.SegmentOpQuadTo:
			x1, y1 := int(a[1].X)*4, int(a[1].Y)*4
			ax, ay := pts[len(pts)-2], pts[len(pts)-1]
			n := curvePieces(ax-2*x0+x1, ay-2*y0+y1)
			for k := 1; k <= n; k++ {
				// Bernstein form with exact integer weights.
				j := n - k
				w0, w1, w2, d := j*j, 2*j*k, k*k, n*n
				pts = append(pts, bezier(d, w0, ax, w1, x0, w2, x1, 0, 0), bezier(d, w0, ay, w1, y0, w2, y1, 0, 0))
			}
		case sfnt.SegmentOpCubeTo:
			x1, y1 := int(a[1].X)*4, int(a[1].Y)*4
			x2, y2 := int(a[2].X)*4, int(a[2].Y)*4
			ax, ay := pts[len(pts)-2], pts[len(pts)-1]
			n := max(curvePieces(ax-2*x0+x1, ay-2*y0+y1), curvePieces(x0-2*x1+x2, y0-2*y1+y2))
			for k := 1; k <= n; k++ {
				j := n - k
				w0, w1, w2, w3, d := j*j*j, 3*j*j*k, 3*j*k*k, k*k*k, n*n*n
				pts = append(pts, bezier(d, w0, ax, w1, x0, w2, x1, w3, x2), bezier(d, w0, ay, w1, y0, w2, y1, w3, y2))
			}
		}
	}
	fc.pts, fc.starts = pts, starts
	if len(pts) == 0 {
		return image.Alpha{}
	}
	minX, minY, maxX, maxY := pts[0], pts[1], pts[0], pts[1]
	for i := 0; i < len(pts); i += 2 {
		minX, maxX = min(minX, pts[i]), max(maxX, pts[i])
		minY, maxY = min(minY, pts[i+1]), max(maxY, pts[i+1])
	}
	r := image.Rect(floorDiv(minX, unit), floorDiv(minY, unit),
		floorDiv(maxX+unit-1, unit), floorDiv(maxY+unit-1, unit))
	fc.z.Reset(r.Dx(), r.Dy())
	ox, oy := r.Min.X*unit, r.Min.Y*unit
	starts = append(starts, len(pts))
	for c := 0; c+1 < len(starts); c++ {
		p := pts[starts[c]:starts[c+1]]
		fc.z.MoveTo(float32(p[0]-ox)/unit, float32(p[1]-oy)/unit)
		for i := 2; i < len(p); i += 2 {
			fc.z.LineTo(float32(p[i]-ox)/unit, float32(p[i+1]-oy)/unit)
		}
		fc.z.ClosePath()
	}
	m := image.Alpha{Pix: make([]uint8, r.Dx()*r.Dy()), Stride: r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	fc.z.DrawOp = draw.Src
	fc.z.Draw(&m, m.Rect, image.Opaque, image.Point{})
	m.Rect = r
	return m
}

// curvePieces is the number of lines that approximate a Bézier curve whose
// control points' second difference is (dx, dy) units. A quadratic strays
// at most a quarter of that divided by the square of the number of pieces
// from its chords, so this keeps the error under 1/16 pixel.
func curvePieces(dx, dy int) int {
	d := int64(max(dx, -dx, dy, -dy))
	return min(1+int(isqrt(d*4/unit)), 32)
}

// bezier returns (w0·p0 + w1·p1 + w2·p2 + w3·p3) / d rounded down, in 64
// bits so that cubic weights cannot overflow.
func bezier(d, w0, p0, w1, p1, w2, p2, w3, p3 int) int {
	n := int64(w0)*int64(p0) + int64(w1)*int64(p1) + int64(w2)*int64(p2) + int64(w3)*int64(p3)
	q := n / int64(d)
	if n%int64(d) != 0 && n < 0 {
		q--
	}
	return int(q)
}

// measure returns the advance of s in pixels.
func (fc *face) measure(s []byte) (int, error) {
	w := 0
	for _, r := range string(s) {
		g, err := fc.glyph(r)
		if err != nil {
			return 0, err
		}
		w += g.adv
	}
	return w, nil
}

// draw paints s in col with its baseline starting at pen.
func (fc *face) draw(p *painter, pen image.Point, s []byte, col color.RGBA) error {
	return fc.drawTinted(p, pen.X, pen.Y, s, col, 255)
}

// drawTinted paints s in col with opacity a (0–255), its baseline starting
// at (x, y).
func (fc *face) drawTinted(p *painter, x, y int, s []byte, col color.RGBA, a uint32) error {
	pen := image.Pt(x, y)
	for _, r := range string(s) {
		g, err := fc.glyph(r)
		if err != nil {
			return err
		}
		p.mask(&g.mask, pen, col, a)
		pen.X += g.adv
	}
	return nil
}

// drawCentred paints s in col centred horizontally on x and, taking the
// ink of the digits to be top pixels tall, vertically on y.
func (fc *face) drawCentred(p *painter, x, y, top int, s []byte, col color.RGBA) error {
	w, err := fc.measure(s)
	if err != nil {
		return err
	}
	return fc.draw(p, image.Pt(x-w/2, y+top/2), s, col)
}

// capTop returns the height in pixels of the digit 0 above the baseline,
// which is what centring text on a point should go by.
func (fc *face) capTop() (int, error) {
	g, err := fc.glyph('0')
	if err != nil {
		return 0, err
	}
	return -g.mask.Rect.Min.Y, nil
}
