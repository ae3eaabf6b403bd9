package widgets

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
)

// chart shows a render.Chart: the frame painted by the chart into a
// raster, the labels as text objects, so both stay sharp at any scale; or
// a message in its place.
type chart struct {
	widget.BaseWidget

	spec     render.Chart // nil for none
	message  string       // shown instead of the chart
	minLines float32      // least height, in lines of label text
	self     fyne.Widget  // the widget that embeds the chart
	frame    render.Box   // where the frame was last laid out
}

// extend makes self, which embeds c, the widget drawn.
func (c *chart) extend(self fyne.Widget) {
	c.self = self
	c.ExtendBaseWidget(self)
}

// set shows spec, or msg when spec is nil.
func (c *chart) set(spec render.Chart, msg string) {
	c.spec, c.message = spec, msg
	c.Refresh()
}

// Plot draws the residual of each iteration of a run on a logarithmic
// scale, with a line at the tolerance the run stops under: the convergence
// of an iterative estimator at a glance (render.TraceChart).
type Plot struct{ chart }

// NewPlot returns an empty plot.
func NewPlot() *Plot {
	p := &Plot{chart{minLines: 2.5}}
	p.extend(p)
	return p
}

// SetTrace plots trace, one residual per iteration, with a line at tol
// (0 for none). The slice is read when the plot is drawn.
func (p *Plot) SetTrace(trace []float64, tol float64) {
	p.set(render.TraceChart{Trace: trace, Tol: tol}, "")
}

// SetMessage clears the plot and shows msg in its place.
func (p *Plot) SetMessage(msg string) { p.set(nil, msg) }

// Message returns the message shown in place of the plot, "" while it
// plots a trace.
func (c *chart) Message() string { return c.message }

// Thermograph draws a game's thermograph, values growing to the left as
// the literature draws them, with a dashed line at one temperature
// (render.ThermoChart).
type Thermograph struct {
	chart
	th  render.Thermo // shown, when has
	has bool
}

// NewThermograph returns an empty thermograph.
func NewThermograph() *Thermograph {
	w := &Thermograph{chart: chart{minLines: 6}}
	w.extend(w)
	return w
}

// Set draws th, with a dashed line at temperature line (NaN for none).
func (w *Thermograph) Set(th render.Thermo, line float64) {
	w.th, w.has = th, true
	w.set(render.ThermoChart{Thermo: th, Line: line}, "")
}

// Thermo returns the thermograph drawn, and whether there is one.
func (w *Thermograph) Thermo() (render.Thermo, bool) { return w.th, w.has }

// SetMessage clears the thermograph and shows msg in its place.
func (w *Thermograph) SetMessage(msg string) {
	w.th, w.has = render.Thermo{}, false
	w.set(nil, msg)
}

// CreateRenderer returns the chart's renderer.
func (c *chart) CreateRenderer() fyne.WidgetRenderer {
	r := &chartRenderer{c: c, message: canvas.NewText("", color.Black)}
	r.raster = canvas.NewRaster(r.draw)
	r.message.Alignment = fyne.TextAlignCenter
	return r
}

type chartRenderer struct {
	c       *chart
	raster  *canvas.Raster
	message *canvas.Text
	labels  []fyne.CanvasObject
	laid    render.ChartLayout
	size    fyne.Size
}

func (r *chartRenderer) textSize() float32 { return r.c.Theme().Size(theme.SizeNameCaptionText) }

func (r *chartRenderer) color(name fyne.ThemeColorName) color.Color {
	return r.c.Theme().Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

func (r *chartRenderer) measure(s string) (w, h float32) {
	m := fyne.MeasureText(s, r.textSize(), fyne.TextStyle{})
	return m.Width, m.Height
}

// aligns are Fyne's alignments of render's.
var aligns = [...]fyne.TextAlign{render.AlignLeading: fyne.TextAlignLeading,
	render.AlignCenter: fyne.TextAlignCenter, render.AlignTrailing: fyne.TextAlignTrailing}

func (r *chartRenderer) Layout(size fyne.Size) {
	r.size = size
	r.laid = render.ChartLayout{}
	if r.c.spec != nil {
		r.laid = r.c.spec.Layout(size.Width, size.Height, r.c.Theme().Size(theme.SizeNameInnerPadding), r.measure)
	}
	r.c.frame = r.laid.Frame
	fg, ts := r.color(theme.ColorNameForeground), r.textSize()
	_, th := r.measure("0")
	r.message.Text, r.message.Color, r.message.TextSize = r.c.message, fg, ts*1.1
	if r.message.Text == "" {
		r.message.Text = r.laid.Message
	}
	r.message.Move(fyne.NewPos(0, size.Height/2-th))
	r.message.Resize(fyne.NewSize(size.Width, th))
	f := r.laid.Frame
	r.raster.Move(fyne.NewPos(f.X, f.Y))
	r.raster.Resize(fyne.NewSize(f.W, f.H))
	r.labels = r.labels[:0]
	for _, l := range r.laid.Labels {
		t := canvas.NewText(l.Text, fg)
		if l.Accent {
			t.Color = r.color(theme.ColorNameError)
		}
		t.TextSize, t.Alignment = ts, aligns[l.Align]
		t.Move(fyne.NewPos(l.Box.X, l.Box.Y))
		t.Resize(fyne.NewSize(l.Box.W, l.Box.H))
		r.labels = append(r.labels, t)
	}
}

func (r *chartRenderer) MinSize() fyne.Size {
	_, th := r.measure("0")
	return fyne.NewSize(160, r.c.minLines*th)
}

func (r *chartRenderer) Refresh() {
	r.Layout(r.size)
	r.raster.Refresh()
	canvas.Refresh(r.c.self)
}

func (r *chartRenderer) Objects() []fyne.CanvasObject {
	return append([]fyne.CanvasObject{r.raster, r.message}, r.labels...)
}

func (r *chartRenderer) Destroy() {}

// draw paints the chart's frame at the raster's size in pixels.
func (r *chartRenderer) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if r.laid.Paint != nil {
		px := float64(w) / float64(max(1, r.raster.Size().Width))
		r.laid.Paint(img, render.ChartColors{
			Fg:      r.color(theme.ColorNameForeground),
			Primary: r.color(theme.ColorNamePrimary),
			Accent:  r.color(theme.ColorNameError),
		}, px)
	}
	return img
}
