package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
)

// Plot draws the residual of each iteration of a run on a logarithmic
// scale, with a line at the tolerance the run stops under: the convergence
// of an iterative estimator at a glance. The curve is drawn into a raster
// by render.DrawTrace, the axis labels are text objects, so both stay
// sharp at any scale.
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

// axis returns the decades that hold every positive residual of the trace
// and the tolerance, and false when there is nothing to plot on a log scale.
func (p *Plot) axis() (render.TraceScale, bool) { return render.TraceAxis(p.trace, p.tol) }

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
	for d := s.Lo; d <= s.Hi; d++ {
		t := canvas.NewText(render.PowerOfTen(d), fg)
		t.TextSize = ts
		t.Alignment = fyne.TextAlignTrailing
		r.yLabels = append(r.yLabels, t)
	}
	for _, it := range render.TraceTicks(len(r.p.trace)) {
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
	every := s.Every(int(area.Height / (1.5 * th)))
	for i, t := range r.yLabels {
		d := s.Lo + i
		if (d-s.Lo)%every != 0 {
			t.Hide()
			continue
		}
		t.Show()
		y := r.area.Y + float32(1-s.Frac(math.Pow(10, float64(d))))*area.Height
		t.Move(fyne.NewPos(0, y-th/2))
		t.Resize(fyne.NewSize(lw, th))
	}
	n := len(r.p.trace)
	for j, it := range render.TraceTicks(n) {
		if j >= len(r.xLabels) {
			break
		}
		x := r.area.X + render.TraceX(it, n)*area.Width
		w := fyne.MeasureText(r.xLabels[j].Text, ts, fyne.TextStyle{}).Width
		x = max(r.area.X, min(x, r.area.X+area.Width-w/2)) // keep the last label inside
		r.xLabels[j].Move(fyne.NewPos(x-w/2, r.area.Y+area.Height))
		r.xLabels[j].Resize(fyne.NewSize(w, th))
	}
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
	if !ok {
		return img
	}
	fg := r.color(theme.ColorNameForeground)
	px := float64(w) / float64(max(1, r.raster.Size().Width)) // pixels per unit
	render.DrawTrace(img, r.p.trace, r.p.tol, s, render.TraceColors{
		Grid:      withAlpha(fg, 0x30),
		Axis:      withAlpha(fg, 0x80),
		Tolerance: r.color(theme.ColorNameError),
		Line:      r.color(theme.ColorNamePrimary),
	}, px)
	return img
}

// withAlpha returns c with its alpha scaled to a/255, premultiplied.
func withAlpha(c color.Color, a uint8) color.RGBA {
	r, g, b, _ := c.RGBA()
	k := uint32(a)
	return color.RGBA{uint8(r >> 8 * k / 255), uint8(g >> 8 * k / 255), uint8(b >> 8 * k / 255), a}
}
