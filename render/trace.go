package render

// The convergence of an iterative estimator: the residual of each
// iteration on a logarithmic scale, with a dashed line at the tolerance
// the run stops under. The app draws the curve with DrawTrace and lays the
// axis labels out itself as text, with TraceAxis, TraceTicks and TraceX,
// so that they stay sharp at any scale.

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"
)

// TraceScale is the vertical axis of a trace: the decades Lo…Hi of the
// residual.
type TraceScale struct{ Lo, Hi int }

// TraceAxis returns the decades that hold every positive, finite residual
// of trace and the tolerance tol (0 for none), and false when there is
// nothing to plot on a log scale.
func TraceAxis(trace []float64, tol float64) (TraceScale, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range trace {
		if v > 0 && !math.IsInf(v, 1) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if math.IsInf(lo, 1) {
		return TraceScale{}, false
	}
	if tol > 0 {
		lo, hi = min(lo, tol), max(hi, tol)
	}
	s := TraceScale{int(math.Floor(math.Log10(lo))), int(math.Ceil(math.Log10(hi)))}
	if s.Hi == s.Lo {
		s.Hi++
	}
	return s, true
}

// Frac is where v sits on the axis, 0 at the bottom and 1 at the top.
func (s TraceScale) Frac(v float64) float64 {
	return (math.Log10(v) - float64(s.Lo)) / float64(s.Hi-s.Lo)
}

// Every returns the step between labelled decades that gives at most
// labels labels (at least two: the bottom and, when the step divides the
// range, the top).
func (s TraceScale) Every(labels int) int {
	labels = max(2, labels)
	return max(1, (s.Hi-s.Lo+labels-2)/(labels-1))
}

// PowerOfTen writes 10ⁿ with superscript digits: "10⁻⁴".
func PowerOfTen(n int) string {
	sup := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")
	var b strings.Builder
	b.WriteString("10")
	if n < 0 {
		b.WriteRune('⁻')
		n = -n
	}
	for _, c := range strconv.Itoa(n) {
		b.WriteRune(sup[c-'0'])
	}
	return b.String()
}

// TraceTicks returns up to about four round iteration numbers within 1…n,
// starting with 1.
func TraceTicks(n int) []int {
	if n <= 1 {
		return []int{1}
	}
	step := 1
	for k := 1; ; k *= 10 {
		if n/k <= 4 {
			step = k
			break
		}
		if n/(2*k) <= 4 {
			step = 2 * k
			break
		}
		if n/(5*k) <= 4 {
			step = 5 * k
			break
		}
	}
	ticks := []int{1}
	for t := step; t <= n; t += step {
		if t > 1 {
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// TraceX is where iteration it of n sits on the horizontal axis, from 0 at
// the first to 1 at the last.
func TraceX(it, n int) float32 {
	if n <= 1 {
		return 0.5
	}
	return float32(it-1) / float32(n-1)
}

// TraceColors are the colours of a trace's parts.
type TraceColors struct {
	Grid      color.Color // the decade lines
	Axis      color.Color // the vertical axis on the left
	Tolerance color.Color // the dashed line at the tolerance
	Line      color.Color // the curve
}

// DrawTrace draws into img, over what is there, the decade lines of s,
// the vertical axis, the tolerance tol (0 for none) and the curve of
// trace, one point per iteration, marked when there are 40 or fewer. px
// is the number of pixels per unit of the caller's layout, which line
// widths and dashes scale with. Residuals that are not positive and finite
// are left out.
func DrawTrace(img *image.RGBA, trace []float64, tol float64, s TraceScale, c TraceColors, px float64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 4 || h < 4 {
		return
	}
	lw := max(1, px)
	fy := func(v float64) float64 { return (1 - s.Frac(v)) * float64(h-1) }
	for d := s.Lo; d <= s.Hi; d++ {
		y := int(math.Round(fy(math.Pow(10, float64(d)))))
		fillRow(img, y, 0, w, c.Grid, int(lw))
	}
	fillCol(img, 0, 0, h, c.Axis, int(lw))
	n := len(trace)
	fx := func(i int) float64 { return float64(TraceX(i+1, n)) * float64(w-1) }
	if tol > 0 {
		y := int(math.Round(fy(tol)))
		dash := int(6 * px)
		for x := 0; x < w; x += 2 * dash {
			fillRow(img, y, x, min(w, x+dash), c.Tolerance, int(lw))
		}
	}
	var z vector.Rasterizer
	z.Reset(w, h)
	var pts [][2]float64
	for i, v := range trace {
		if v > 0 && !math.IsInf(v, 1) {
			pts = append(pts, [2]float64{fx(i), fy(v)})
		}
	}
	stroke(&z, pts, 1.25*lw)
	if len(pts) <= 40 {
		for _, q := range pts {
			dot(&z, q, 2*lw)
		}
	}
	z.Draw(img, img.Rect, image.NewUniform(c.Line), image.Point{})
}

// fillRow blends a horizontal band of the given width centred on row y.
func fillRow(img *image.RGBA, y, x0, x1 int, c color.Color, width int) {
	r := image.Rect(x0, y-width/2, x1, y-width/2+width)
	draw.Draw(img, r.Intersect(img.Rect), image.NewUniform(c), image.Point{}, draw.Over)
}

// fillCol blends a vertical band of the given width from column x.
func fillCol(img *image.RGBA, x, y0, y1 int, c color.Color, width int) {
	r := image.Rect(x, y0, x+width, y1)
	draw.Draw(img, r.Intersect(img.Rect), image.NewUniform(c), image.Point{}, draw.Over)
}

// stroke adds a polyline of the given width to z as one quadrilateral
// per segment, all wound the same way so that they add up where they
// overlap instead of cancelling.
func stroke(z *vector.Rasterizer, pts [][2]float64, width float64) {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*width/2, dx/l*width/2
		z.MoveTo(float32(a[0]+nx), float32(a[1]+ny))
		z.LineTo(float32(b[0]+nx), float32(b[1]+ny))
		z.LineTo(float32(b[0]-nx), float32(b[1]-ny))
		z.LineTo(float32(a[0]-nx), float32(a[1]-ny))
		z.ClosePath()
	}
}

// dot adds a small diamond at q, marking an iteration when there are few
// enough to tell apart. It is wound as stroke's segments are.
func dot(z *vector.Rasterizer, q [2]float64, r float64) {
	z.MoveTo(float32(q[0]), float32(q[1]-r))
	z.LineTo(float32(q[0]-r), float32(q[1]))
	z.LineTo(float32(q[0]), float32(q[1]+r))
	z.LineTo(float32(q[0]+r), float32(q[1]))
	z.ClosePath()
}
