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

// Thermograph draws a game's thermograph: the left wall (what Black
// secures moving first when every move is taxed t), the right wall
// (White's), the mast above the temperature at the mean, and a dashed
// line at one temperature, with values growing to the left as the
// literature draws them. The walls are drawn into a raster by
// render.DrawThermograph, the axis labels are text objects, as the
// convergence plot does.
type Thermograph struct {
	widget.BaseWidget

	th      render.Thermo
	line    float64 // NaN for none
	message string  // shown instead of a thermograph
	has     bool
}

// NewThermograph returns an empty thermograph.
func NewThermograph() *Thermograph {
	w := &Thermograph{line: math.NaN()}
	w.ExtendBaseWidget(w)
	return w
}

// Set draws th, with a dashed line at temperature line (NaN for none).
func (w *Thermograph) Set(th render.Thermo, line float64) {
	w.th, w.line, w.message, w.has = th, line, "", true
	w.Refresh()
}

// SetMessage clears the thermograph and shows msg in its place.
func (w *Thermograph) SetMessage(msg string) {
	w.th, w.message, w.has = render.Thermo{}, msg, false
	w.Refresh()
}

// CreateRenderer returns the thermograph's renderer.
func (w *Thermograph) CreateRenderer() fyne.WidgetRenderer {
	r := &thermoRenderer{w: w}
	r.raster = canvas.NewRaster(r.draw)
	r.message = canvas.NewText("", color.Black)
	r.message.Alignment = fyne.TextAlignCenter
	r.lineLabel = canvas.NewText("", color.Black)
	r.black = canvas.NewText("← Black", color.Black)
	r.white = canvas.NewText("White →", color.Black)
	r.white.Alignment = fyne.TextAlignTrailing
	return r
}

type thermoRenderer struct {
	w              *Thermograph
	raster         *canvas.Raster
	message        *canvas.Text
	lineLabel      *canvas.Text // "t = 2" at the dashed line
	black, white   *canvas.Text // which way is whose
	vLabels        []*canvas.Text
	tLabels        []*canvas.Text
	scale          render.ThermoScale
	vTicks, tTicks []float64
	size           fyne.Size
}

func (r *thermoRenderer) textSize() float32 { return r.w.Theme().Size(theme.SizeNameCaptionText) }

func (r *thermoRenderer) color(name fyne.ThemeColorName) color.Color {
	return r.w.Theme().Color(name, fyne.CurrentApp().Settings().ThemeVariant())
}

// text returns a caption-sized label in the foreground colour.
func (r *thermoRenderer) text(s string, align fyne.TextAlign) *canvas.Text {
	t := canvas.NewText(s, r.color(theme.ColorNameForeground))
	t.TextSize = r.textSize()
	t.Alignment = align
	return t
}

// formatTick writes an axis value: "2", "-0.5", "1000".
func formatTick(v float64) string { return minus(strconv.FormatFloat(v, 'f', -1, 64)) }

func (r *thermoRenderer) Layout(size fyne.Size) {
	r.size = size
	w := r.w
	ts := r.textSize()
	th := fyne.MeasureText("0", ts, fyne.TextStyle{}).Height
	pad := w.Theme().Size(theme.SizeNameInnerPadding)
	r.message.Text, r.message.TextSize, r.message.Color = w.message, ts*1.1, r.color(theme.ColorNameForeground)
	r.message.Move(fyne.NewPos(0, size.Height/2-th))
	r.message.Resize(fyne.NewSize(size.Width, th))
	r.vLabels, r.tLabels, r.vTicks, r.tTicks = r.vLabels[:0], r.tLabels[:0], nil, nil
	for _, t := range []*canvas.Text{r.lineLabel, r.black, r.white} {
		t.Hidden = !w.has
	}
	if !w.has {
		return
	}
	s := render.ThermoAxis(w.th, w.line)
	// The temperature labels on the left, as wide as the widest; the
	// frame, fitted so that the walls' slopes are at 45°, in the rest.
	ticks := func(s render.ThermoScale) []float64 {
		return render.ThermoTicks(s.TLo, s.THi, max(2, int((size.Height-2*th)/(1.6*th))))
	}
	lw := float32(0)
	for _, t := range ticks(s) {
		lw = max(lw, fyne.MeasureText(formatTick(t)+"0", ts, fyne.TextStyle{}).Width)
	}
	var area struct {
		Pos  fyne.Position
		Size fyne.Size
	}
	area.Pos = fyne.NewPos(lw+pad, th/2)
	area.Size = fyne.NewSize(max(1, size.Width-area.Pos.X-pad), max(1, size.Height-area.Pos.Y-2*th-pad))
	r.raster.Move(area.Pos)
	r.raster.Resize(area.Size)
	s = s.Fit(float64(area.Size.Width), float64(area.Size.Height))
	r.scale, r.tTicks = s, ticks(s)
	for _, t := range r.tTicks {
		l := r.text(formatTick(t), fyne.TextAlignTrailing)
		y := area.Pos.Y + float32(s.Y(t))*area.Size.Height
		l.Move(fyne.NewPos(0, y-th/2))
		l.Resize(fyne.NewSize(lw, th))
		r.tLabels = append(r.tLabels, l)
	}
	// The value labels under the frame, as many as fit.
	widest := fyne.MeasureText(formatTick(math.Ceil(math.Max(math.Abs(s.VLo), math.Abs(s.VHi))))+"−", ts, fyne.TextStyle{}).Width
	r.vTicks = render.ThermoTicks(s.VLo, s.VHi, max(2, int(area.Size.Width/(widest+4*pad))))
	for _, v := range r.vTicks {
		l := r.text(formatTick(v), fyne.TextAlignCenter)
		x := area.Pos.X + float32(s.X(v))*area.Size.Width
		lwid := fyne.MeasureText(l.Text, ts, fyne.TextStyle{}).Width
		x = max(area.Pos.X+lwid/2, min(x, area.Pos.X+area.Size.Width-lwid/2))
		l.Move(fyne.NewPos(x-lwid/2, area.Pos.Y+area.Size.Height))
		l.Resize(fyne.NewSize(lwid, th))
		r.vLabels = append(r.vLabels, l)
	}
	// Whose side is whose, under the labels; the line's temperature at
	// its right end.
	fg := r.color(theme.ColorNameForeground)
	for _, t := range []*canvas.Text{r.black, r.white} {
		t.TextSize, t.Color = ts, fg
		t.Move(fyne.NewPos(area.Pos.X, area.Pos.Y+area.Size.Height+th))
		t.Resize(fyne.NewSize(area.Size.Width, th))
	}
	r.lineLabel.Hidden = math.IsNaN(w.line)
	if !r.lineLabel.Hidden {
		r.lineLabel.Text = "t = " + formatTick(w.line)
		r.lineLabel.TextSize, r.lineLabel.Color = ts, r.color(theme.ColorNameError)
		lwid := fyne.MeasureText(r.lineLabel.Text, ts, fyne.TextStyle{}).Width
		y := area.Pos.Y + float32(s.Y(w.line))*area.Size.Height
		r.lineLabel.Move(fyne.NewPos(area.Pos.X+area.Size.Width-lwid, y-th))
		r.lineLabel.Resize(fyne.NewSize(lwid, th))
	}
}

func (r *thermoRenderer) MinSize() fyne.Size {
	th := fyne.MeasureText("0", r.textSize(), fyne.TextStyle{}).Height
	return fyne.NewSize(160, 6*th)
}

func (r *thermoRenderer) Refresh() {
	r.Layout(r.size)
	r.raster.Refresh()
	canvas.Refresh(r.w)
}

func (r *thermoRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.raster, r.message, r.lineLabel, r.black, r.white}
	for _, t := range r.vLabels {
		objs = append(objs, t)
	}
	for _, t := range r.tLabels {
		objs = append(objs, t)
	}
	return objs
}

func (r *thermoRenderer) Destroy() {}

// draw paints the grid, the walls, the mast and the line into an image of
// the frame in pixels.
func (r *thermoRenderer) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if !r.w.has {
		return img
	}
	fg := r.color(theme.ColorNameForeground)
	px := float64(w) / float64(max(1, r.raster.Size().Width))
	render.DrawThermograph(img, r.w.th, r.scale, r.vTicks, r.tTicks, r.w.line, render.ThermoColors{
		Grid:  withAlpha(fg, 0x28),
		Axis:  withAlpha(fg, 0x70),
		Left:  fg,
		Right: r.color(theme.ColorNamePrimary),
		Mast:  withAlpha(fg, 0xa0),
		Line:  r.color(theme.ColorNameError),
	}, px)
	return img
}
