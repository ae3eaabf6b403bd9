package render

// Charts with axis labels: a trace of residuals (TraceChart) and a
// thermograph (ThermoChart). A chart lays itself out in an area given in
// the caller's units, with the caller's measure of text: where its frame
// goes, each label's text and box, and a function that paints the frame's
// pixels. The app draws the labels as text objects and the frame into a
// raster, so that both stay sharp at any scale; everything else is here.

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// Measure returns the width and height of s in the text size of a
// chart's labels, in the caller's units.
type Measure func(s string) (w, h float32)

// Align says which side of its box a label's text keeps to.
type Align int

// The alignments of a label in its box.
const (
	AlignLeading Align = iota
	AlignCenter
	AlignTrailing
)

// Box is a rectangle in the caller's units: its top left corner and size.
type Box struct{ X, Y, W, H float32 }

// ChartLabel is a text of a chart in its box.
type ChartLabel struct {
	Text  string
	Box   Box
	Align Align
	// Accent draws the text in the accent colour, as the line it names.
	Accent bool
}

// ChartColors are the colours a chart is drawn in, its lighter lines
// faded from the foreground.
type ChartColors struct {
	Fg, Primary color.Color
	Accent      color.Color // the tolerance, the temperature line
}

// ChartLayout is a chart laid out in an area.
type ChartLayout struct {
	Frame  Box // where the pixels go
	Labels []ChartLabel
	// Message says why there is nothing to draw, when there is not.
	Message string
	// Paint draws the frame into img, which covers Frame at px pixels per
	// unit; nil when there is nothing to draw.
	Paint func(img *image.RGBA, c ChartColors, px float64)
}

// Chart is a chart that can be laid out in a w×h area, with pad units
// between its labels and its frame.
type Chart interface {
	Layout(w, h, pad float32, measure Measure) ChartLayout
}

// TraceChart is the residual of each iteration of a run on a logarithmic
// scale, with a dashed line at the tolerance Tol (0 for none).
type TraceChart struct {
	Trace []float64
	Tol   float64
}

// Axis returns the decades of the chart's vertical axis (TraceAxis).
func (c TraceChart) Axis() (TraceScale, bool) { return TraceAxis(c.Trace, c.Tol) }

// Layout puts the decades' labels on the left, every decade when there
// is room, else every second or third, always the bottom one; and a few
// round iteration numbers under the frame, the last kept inside.
func (c TraceChart) Layout(w, h, pad float32, measure Measure) ChartLayout {
	lw, _ := measure("10⁻¹⁰")
	_, th := measure("0")
	f := Box{X: lw + pad, Y: th / 2}
	f.W, f.H = w-f.X-pad, h-f.Y-th-pad/2
	l := ChartLayout{Frame: f}
	s, ok := c.Axis()
	if !ok {
		if len(c.Trace) > 0 {
			l.Message = "no residual to plot"
		}
		return l
	}
	every := s.Every(int(f.H / (1.5 * th)))
	for d := s.Lo; d <= s.Hi; d += every {
		y := f.Y + float32(1-s.Frac(math.Pow(10, float64(d))))*f.H
		l.Labels = append(l.Labels, ChartLabel{Text: PowerOfTen(d), Box: Box{0, y - th/2, lw, th}, Align: AlignTrailing})
	}
	n := len(c.Trace)
	for _, it := range TraceTicks(n) {
		text := strconv.Itoa(it)
		x := f.X + TraceX(it, n)*f.W
		tw, _ := measure(text)
		x = max(f.X, min(x, f.X+f.W-tw/2)) // keep the last label inside
		l.Labels = append(l.Labels, ChartLabel{Text: text, Box: Box{x - tw/2, f.Y + f.H, tw, th}, Align: AlignCenter})
	}
	l.Paint = func(img *image.RGBA, col ChartColors, px float64) {
		DrawTrace(img, c.Trace, c.Tol, s, TraceColors{
			Grid:      fade(col.Fg, 0x30),
			Axis:      fade(col.Fg, 0x80),
			Tolerance: col.Accent,
			Line:      col.Primary,
		}, px)
	}
	return l
}

// ThermoChart is a thermograph with a dashed line at temperature Line
// (NaN for none).
type ThermoChart struct {
	Thermo Thermo
	Line   float64
}

// TickLabel writes an axis value with a true minus sign: "2", "−0.5",
// "1000".
func TickLabel(v float64) string {
	return strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), "-", "−", 1)
}

// Layout puts the temperatures on the left, as wide as the widest, and
// the frame, fitted so that the walls slope at 45° (ThermoScale.Fit), in
// the rest; under the frame the values, as many as fit, and which side is
// whose; the line's temperature at its right end.
func (c ThermoChart) Layout(w, h, pad float32, measure Measure) ChartLayout {
	_, th := measure("0")
	s := ThermoAxis(c.Thermo, c.Line)
	ticks := func(s ThermoScale) []float64 {
		return ThermoTicks(s.TLo, s.THi, max(2, int((h-2*th)/(1.6*th))))
	}
	lw := float32(0)
	for _, t := range ticks(s) {
		tw, _ := measure(TickLabel(t) + "0")
		lw = max(lw, tw)
	}
	f := Box{X: lw + pad, Y: th / 2}
	f.W, f.H = max(1, w-f.X-pad), max(1, h-f.Y-2*th-pad)
	l := ChartLayout{Frame: f}
	s = s.Fit(float64(f.W), float64(f.H))
	tTicks := ticks(s)
	for _, t := range tTicks {
		y := f.Y + float32(s.Y(t))*f.H
		l.Labels = append(l.Labels, ChartLabel{Text: TickLabel(t), Box: Box{0, y - th/2, lw, th}, Align: AlignTrailing})
	}
	widest, _ := measure(TickLabel(math.Ceil(math.Max(math.Abs(s.VLo), math.Abs(s.VHi)))) + "−")
	vTicks := ThermoTicks(s.VLo, s.VHi, max(2, int(f.W/(widest+4*pad))))
	for _, v := range vTicks {
		text := TickLabel(v)
		x := f.X + float32(s.X(v))*f.W
		tw, _ := measure(text)
		x = max(f.X+tw/2, min(x, f.X+f.W-tw/2))
		l.Labels = append(l.Labels, ChartLabel{Text: text, Box: Box{x - tw/2, f.Y + f.H, tw, th}, Align: AlignCenter})
	}
	sides := Box{f.X, f.Y + f.H + th, f.W, th}
	l.Labels = append(l.Labels, ChartLabel{Text: "← Black", Box: sides}, ChartLabel{Text: "White →", Box: sides, Align: AlignTrailing})
	if !math.IsNaN(c.Line) {
		text := "t = " + TickLabel(c.Line)
		tw, _ := measure(text)
		y := f.Y + float32(s.Y(c.Line))*f.H
		l.Labels = append(l.Labels, ChartLabel{Text: text, Box: Box{f.X + f.W - tw, y - th, tw, th}, Accent: true})
	}
	l.Paint = func(img *image.RGBA, col ChartColors, px float64) {
		DrawThermograph(img, c.Thermo, s, vTicks, tTicks, c.Line, ThermoColors{
			Grid:  fade(col.Fg, 0x28),
			Axis:  fade(col.Fg, 0x70),
			Left:  col.Fg,
			Right: col.Primary,
			Mast:  fade(col.Fg, 0xa0),
			Line:  col.Accent,
		}, px)
	}
	return l
}

// fade returns c with its alpha scaled to a/255, premultiplied.
func fade(c color.Color, a uint8) color.RGBA {
	r, g, b, _ := c.RGBA()
	k := uint32(a)
	return color.RGBA{uint8(r >> 8 * k / 255), uint8(g >> 8 * k / 255), uint8(b >> 8 * k / 255), a}
}
