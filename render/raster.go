package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Shapes are computed in integer units of 1/256 pixel so that the same
// input gives the same pixels on every machine: floating-point arithmetic
// may round differently where the compiler fuses multiply-adds.
const (
	unit = 256 // subpixel units per pixel
	sub  = 16  // sample rows per pixel when covering discs
	full = unit * sub
)

// isqrt returns ⌊√x⌋ for x ≥ 0. math.Sqrt is correctly rounded everywhere,
// and the correction makes the result exact.
func isqrt(x int64) int64 {
	r := int64(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// addSpan adds to row the coverage, in units, of the horizontal span
// [x0, x1) given in units, each pixel receiving at most one unit per call.
func addSpan(row []int32, x0, x1 int) {
	x0 = max(x0, 0)
	x1 = min(x1, len(row)*unit)
	if x0 >= x1 {
		return
	}
	i0, i1 := x0/unit, (x1-1)/unit
	if i0 == i1 {
		row[i0] += int32(x1 - x0)
		return
	}
	row[i0] += int32((i0+1)*unit - x0)
	for i := i0 + 1; i < i1; i++ {
		row[i] += unit
	}
	row[i1] += int32(x1 - i1*unit)
}

// discCoverage fills cov, an n×n grid, with the coverage of each pixel (0 to
// full) by a disc of radius r units centred on the centre of the grid. Each
// pixel row is sampled on sub rows, and each sample row's span is exact.
func discCoverage(cov []int32, n, r int) {
	clear(cov)
	c := n * unit / 2
	r2 := int64(r) * int64(r)
	for py := range n {
		row := cov[py*n : py*n+n]
		for k := range sub {
			dy := int64(py*unit + k*(unit/sub) + unit/sub/2 - c)
			if dy*dy >= r2 {
				continue
			}
			w := int(isqrt(r2 - dy*dy))
			addSpan(row, c-w, c+w)
		}
	}
}

// spriteSize is the odd side of a square that holds a disc of radius r
// units centred on its middle pixel.
func spriteSize(r int) int {
	return 2*((r+unit/2+unit-1)/unit) + 1
}

// alpha8 converts a coverage in 0..full to 0..255.
func alpha8(c int32) uint8 {
	return uint8((int(c)*255 + full/2) / full)
}

// discMask returns an alpha mask of a disc of radius r units, or, if inner
// is positive, of the ring between radii inner and r. The mask's bounds are
// centred on the origin so that it can be drawn at a point by adding the
// point to them.
func discMask(r, inner int) *image.Alpha {
	n := spriteSize(r)
	cov := make([]int32, 2*n*n)
	outer, in := cov[:n*n], cov[n*n:]
	discCoverage(outer, n, r)
	if inner > 0 {
		discCoverage(in, n, inner)
	}
	h := n / 2
	m := image.NewAlpha(image.Rect(-h, -h, h+1, h+1))
	for i := range outer {
		m.Pix[i] = alpha8(outer[i] - in[i])
	}
	return m
}

// stoneTones are the greys of a stone: its face, lighter towards the
// light (top left), and its rim.
type stoneTones struct {
	lit, shaded, rim int
}

// tones returns the greys of a black or a white stone. The rim contrasts
// with the face so that a black stone stays visible on black shading and a
// white stone on white.
func tones(white bool) stoneTones {
	if white {
		return stoneTones{lit: 0xff, shaded: 0xcc, rim: 0x62}
	}
	return stoneTones{lit: 0x4c, shaded: 0x0a, rim: 0x78}
}

// stoneSprite returns a stone of radius r units with a rim rim units wide,
// as a premultiplied image centred on the origin.
func stoneSprite(r, rim int, t stoneTones) *image.RGBA {
	n := spriteSize(r)
	cov := make([]int32, 2*n*n)
	outer, face := cov[:n*n], cov[n*n:]
	discCoverage(outer, n, r)
	discCoverage(face, n, r-rim)
	h := n / 2
	img := image.NewRGBA(image.Rect(-h, -h, h+1, h+1))
	c := int64(n * unit / 2)
	// The light falls from the top left; the face darkens with the distance
	// from the highlight, over the stone's diameter.
	hx, hy := c-int64(r)*9/20, c-int64(r)/2
	span := int64(r) * 2
	for y := range n {
		for x := range n {
			i := y*n + x
			a := outer[i]
			if a == 0 {
				continue
			}
			dx := int64(x*unit+unit/2) - hx
			dy := int64(y*unit+unit/2) - hy
			d := min(isqrt(dx*dx+dy*dy), span)
			f := int64(t.lit) + (int64(t.shaded-t.lit)*d)/span
			v := uint8((f*int64(face[i]) + int64(t.rim)*int64(a-face[i]) + full/2) / full)
			o := i * 4
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = v, v, v, alpha8(a)
		}
	}
	return img
}

// crossMask returns a mask of a diagonal cross, arms reaching a units from
// its centre and w units thick, centred on the origin.
func crossMask(z *vector.Rasterizer, a, w int) *image.Alpha {
	return pathMask(z, spriteSize(a+w), func(c int) {
		d := w * 181 / 512 // half the thickness along each axis: w/2/√2
		arm := func(sx int) {
			pt := func(x, y int) (float32, float32) {
				return float32(c+x) / unit, float32(c+y) / unit
			}
			z.MoveTo(pt(-a*sx+d, -a-d*sx))
			z.LineTo(pt(a*sx+d, a-d*sx))
			z.LineTo(pt(a*sx-d, a+d*sx))
			z.LineTo(pt(-a*sx-d, -a+d*sx))
			z.ClosePath()
		}
		arm(1)
		arm(-1)
	})
}

// pathMask returns an n×n mask, centred on the origin, of the path that
// path draws on z about the centre c, in units.
func pathMask(z *vector.Rasterizer, n int, path func(c int)) *image.Alpha {
	z.Reset(n, n)
	path(n * unit / 2)
	m := image.NewAlpha(image.Rect(0, 0, n, n))
	z.DrawOp = draw.Src
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	h := n / 2
	m.Rect = m.Rect.Sub(image.Pt(h, h))
	return m
}

// triangleMask returns a mask of the outline of a triangle pointing down,
// a units from its centre to the ends of its top edge (and to its lowest
// corner), w units thick, centred on the origin. The inner edge is the
// outer one moved inwards by w, by scaling about the incentre, in integers.
func triangleMask(z *vector.Rasterizer, a, w int) *image.Alpha {
	return pathMask(z, spriteSize(a+w), func(c int) {
		b := a * 6 / 10 // the top edge's distance above the centre
		height := int64(a + b)
		side := isqrt(int64(a)*int64(a) + height*height)
		r := int64(a) * height / (int64(a) + side) // inradius
		iy := int64(-b) + r                        // incentre; x = 0
		w64 := min(int64(w), r-1)
		outer := [3][2]int64{{int64(-a), int64(-b)}, {int64(a), int64(-b)}, {0, int64(a)}}
		pt := func(x, y int64) (float32, float32) {
			return float32(int64(c)+x) / unit, float32(int64(c)+y) / unit
		}
		z.MoveTo(pt(outer[0][0], outer[0][1]))
		z.LineTo(pt(outer[1][0], outer[1][1]))
		z.LineTo(pt(outer[2][0], outer[2][1]))
		z.ClosePath()
		// The inner triangle in the other direction cuts the hole.
		in := func(v [2]int64) (float32, float32) {
			return pt(v[0]*(r-w64)/r, iy+(v[1]-iy)*(r-w64)/r)
		}
		z.MoveTo(in(outer[0]))
		z.LineTo(in(outer[2]))
		z.LineTo(in(outer[1]))
		z.ClosePath()
	})
}

// fillRect paints r, clipped to dst, with c.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	i0 := dst.PixOffset(r.Min.X, r.Min.Y)
	row := dst.Pix[i0 : i0+4*r.Dx()]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		i := dst.PixOffset(r.Min.X, y)
		copy(dst.Pix[i:i+len(row)], row)
	}
}

// blend mixes the opaque colour c into the pixel at offset i of pix with
// opacity a (0–255).
func blend(pix []uint8, i int, c color.RGBA, a uint32) {
	if a == 0 {
		return
	}
	b := 255 - a
	pix[i] = uint8((uint32(pix[i])*b + uint32(c.R)*a + 127) / 255)
	pix[i+1] = uint8((uint32(pix[i+1])*b + uint32(c.G)*a + 127) / 255)
	pix[i+2] = uint8((uint32(pix[i+2])*b + uint32(c.B)*a + 127) / 255)
	pix[i+3] = uint8((uint32(pix[i+3])*b + 255*a + 127) / 255)
}
