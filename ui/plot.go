package ui

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Plot draws the residual of each iteration of a run on a logarithmic
// scale, with a line at the tolerance the run stops under: the convergence
// of an iterative estimator at a glance. The curve is drawn into a raster,
// the axis labels are text objects, so both stay sharp at any scale.
type Plot struct {
	widget.BaseWidget

	trace   []float64
	tol     float64 // 0 for none
	message string  // shown instead of a curve
}

// NewPlot returns an empty plot.
func NewPlot() *Plot {
	p := &Plot{}
	p.ExtendBaseWidget(p)
	return p
}

// SetTrace plots trace, one residual per iteration, with a line at tol
// (0 for none). The slice is read when the plot is drawn.
func (p *Plot) SetTrace(trace []float64, tol float64) {
	p.trace, p.tol, p.message = trace, tol, ""
	p.Refresh()
}

// SetMessage clears the plot and shows msg in its place.
func (p *Plot) SetMessage(msg string) {
	p.trace, p.tol, p.message = nil, 0, msg
	p.Refresh()
}

// CreateRenderer returns the plot's renderer.
func (p *Plot) CreateRenderer() fyne.WidgetRenderer {
	r := &plotRenderer{p: p, bg: canvas.NewRectangle(color.Transparent)}
	r.raster = canvas.NewRaster(r.draw)
	r.message = canvas.NewText("", color.Black)
	r.message.Alignment = fyne.TextAlignCenter
	r.refreshText()
	return r
}

// scale is the vertical axis: decades lo…hi of the residual.
type scale struct{ lo, hi int }

// axis returns the decades that hold every positive residual of the trace
// and the tolerance, and false when there is nothing to plot on a log scale.
func (p *Plot) axis() (scale, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range p.trace {
		if v > 0 && !math.IsInf(v, 1) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if math.IsInf(lo, 1) {
		return scale{}, false
	}
	if p.tol > 0 {
		lo, hi = min(lo, p.tol), max(hi, p.tol)
	}
	s := scale{int(math.Floor(math.Log10(lo))), int(math.Ceil(math.Log10(hi)))}
	if s.hi == s.lo {
		s.hi++
	}
	return s, true
}

// frac is where v sits on the axis, 0 at the bottom and 1 at the top.
func (s scale) frac(v float64) float64 {
	return (math.Log10(v) - float64(s.lo)) / float64(s.hi-s.lo)
}

// every returns the step between labelled decades that gives at most
// labels labels (at least two: the bottom and, when the step divides the
// range, the top).
func (s scale) every(labels int) int {
	labels = max(2, labels)
	return max(1, (s.hi-s.lo+labels-2)/(labels-1))
}

// superscript writes 10ⁿ with superscript digits.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	sup := []rune(digits)
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

// xTicks returns up to about four round iteration numbers within 1…n.
func xTicks(n int) []int {
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

type plotRenderer struct {
	p       *Plot
	bg      *canvas.Rectangle
	raster  *canvas.Raster
	yLabels []*canvas.Text
	xLabels []*canvas.Text
	message *canvas.Text
	size    fyne.Size
	area    fyne.Position // top left of the raster
}

// textSize is the size of the plot's labels, a little under body text.
func (r *plotRenderer) textSize() float32 { return r.p.Theme().Size(theme.SizeNameCaptionText) }

func (r *plotRenderer) color(name fyne.ThemeColorName) color.Color {
	return r.p.Theme().Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

// refreshText makes the labels for the current trace.
func (r *plotRenderer) refreshText() {
	fg, ts := r.color(theme.ColorNameForeground), r.textSize()
	r.yLabels, r.xLabels = r.yLabels[:0], r.xLabels[:0]
	r.message.Text, r.message.Color, r.message.TextSize = r.p.message, fg, r.textSize()*1.1
	s, ok := r.p.axis()
	if !ok {
		if r.message.Text == "" && len(r.p.trace) > 0 {
			r.message.Text = "no residual to plot"
		}
		return
	}
	for d := s.lo; d <= s.hi; d++ {
		t := canvas.NewText(superscript(d), fg)
		t.TextSize = ts
		t.Alignment = fyne.TextAlignTrailing
		r.yLabels = append(r.yLabels, t)
	}
	for _, it := range xTicks(len(r.p.trace)) {
		t := canvas.NewText(strconv.Itoa(it), fg)
		t.TextSize = ts
		t.Alignment = fyne.TextAlignCenter
		r.xLabels = append(r.xLabels, t)
	}
}

func (r *plotRenderer) Layout(size fyne.Size) {
	r.size = size
	r.bg.Resize(size)
	pad := r.p.Theme().Size(theme.SizeNameInnerPadding)
	ts := r.textSize()
	lw := fyne.MeasureText("10⁻¹⁰", ts, fyne.TextStyle{}).Width
	th := fyne.MeasureText("0", ts, fyne.TextStyle{}).Height
	r.area = fyne.NewPos(lw+pad, th/2)
	area := fyne.NewSize(size.Width-r.area.X-pad, size.Height-r.area.Y-th-pad/2)
	r.raster.Move(r.area)
	r.raster.Resize(area)
	r.message.Move(fyne.NewPos(0, size.Height/2-th))
	r.message.Resize(fyne.NewSize(size.Width, th))

	s, ok := r.p.axis()
	if !ok {
		return
	}
	// Label every decade when there is room, else every second or third,
	// always keeping the bottom one.
	every := s.every(int(area.Height / (1.5 * th)))
	for i, t := range r.yLabels {
		d := s.lo + i
		if (d-s.lo)%every != 0 {
			t.Hide()
			continue
		}
		t.Show()
		y := r.area.Y + float32(1-s.frac(math.Pow(10, float64(d))))*area.Height
		t.Move(fyne.NewPos(0, y-th/2))
		t.Resize(fyne.NewSize(lw, th))
	}
	n := len(r.p.trace)
	for j, it := range xTicks(n) {
		if j >= len(r.xLabels) {
			break
		}
		x := r.area.X + xFrac(it, n)*area.Width
		w := fyne.MeasureText(r.xLabels[j].Text, ts, fyne.TextStyle{}).Width
		x = max(r.area.X, min(x, r.area.X+area.Width-w/2)) // keep the last label inside
		r.xLabels[j].Move(fyne.NewPos(x-w/2, r.area.Y+area.Height))
		r.xLabels[j].Resize(fyne.NewSize(w, th))
	}
}

// xFrac is where iteration it of n sits on the horizontal axis.
func xFrac(it, n int) float32 {
	if n <= 1 {
		return 0.5
	}
	return float32(it-1) / float32(n-1)
}

func (r *plotRenderer) MinSize() fyne.Size {
	th := fyne.MeasureText("0", r.textSize(), fyne.TextStyle{}).Height
	return fyne.NewSize(160, 2.5*th)
}

func (r *plotRenderer) Refresh() {
	r.refreshText()
	r.Layout(r.size)
	r.raster.Refresh()
	canvas.Refresh(r.p)
}

func (r *plotRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.bg, r.raster, r.message}
	for _, t := range r.yLabels {
		objs = append(objs, t)
	}
	for _, t := range r.xLabels {
		objs = append(objs, t)
	}
	return objs
}

func (r *plotRenderer) Destroy() {}

// draw paints the frame, the decade lines, the tolerance and the curve
// into an image of the plot area in pixels.
func (r *plotRenderer) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	s, ok := r.p.axis()
	if !ok || w < 4 || h < 4 {
		return img
	}
	grid := withAlpha(r.color(theme.ColorNameForeground), 0x30)
	px := float64(w) / float64(max(1, r.raster.Size().Width)) // pixels per unit
	lw := max(1, px)
	fy := func(v float64) float64 { return (1 - s.frac(v)) * float64(h-1) }
	for d := s.lo; d <= s.hi; d++ {
		y := int(math.Round(fy(math.Pow(10, float64(d)))))
		fillRow(img, y, 0, w, grid, int(lw))
	}
	fillCol(img, 0, 0, h, withAlpha(r.color(theme.ColorNameForeground), 0x80), int(lw))
	n := len(r.p.trace)
	fx := func(i int) float64 { return float64(xFrac(i+1, n)) * float64(w-1) }
	if r.p.tol > 0 {
		y := int(math.Round(fy(r.p.tol)))
		dash := int(6 * px)
		for x := 0; x < w; x += 2 * dash {
			fillRow(img, y, x, min(w, x+dash), r.color(theme.ColorNameError), int(lw))
		}
	}
	var z vector.Rasterizer
	z.Reset(w, h)
	var pts [][2]float64
	for i, v := range r.p.trace {
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
	line := r.color(theme.ColorNamePrimary)
	z.Draw(img, img.Rect, image.NewUniform(line), image.Point{})
	return img
}

// withAlpha returns c with its alpha scaled to a/255, premultiplied.
func withAlpha(c color.Color, a uint8) color.RGBA {
	r, g, b, _ := c.RGBA()
	k := uint32(a)
	return color.RGBA{uint8(r >> 8 * k / 255), uint8(g >> 8 * k / 255), uint8(b >> 8 * k / 255), a}
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
