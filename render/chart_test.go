package render

import (
	"image"
	"image/color"
	"math"
	"testing"
	"unicode/utf8"
)

// monospace measures text as 7 units a character and 14 high.
func monospace(s string) (float32, float32) { return 7 * float32(utf8.RuneCountInString(s)), 14 }

var chartColors = ChartColors{
	Fg:      color.RGBA{0xff, 0xff, 0xff, 0xff},
	Primary: color.RGBA{0x20, 0x60, 0xff, 0xff},
	Accent:  color.RGBA{0xff, 0x20, 0x20, 0xff},
}

// labelled returns the first label with text s, and false when there is
// none.
func labelled(l ChartLayout, s string) (ChartLabel, bool) { return labelledAs(l, s, -1) }

// labelledAs returns the first label with text s aligned as a (-1: any).
func labelledAs(l ChartLayout, s string, a Align) (ChartLabel, bool) {
	for _, lb := range l.Labels {
		if lb.Text == s && (a < 0 || lb.Align == a) {
			return lb, true
		}
	}
	return ChartLabel{}, false
}

func TestTraceChartLayout(t *testing.T) {
	c := TraceChart{Trace: []float64{3, 1, 0.2, 0.01, 1e-3, 9e-5}, Tol: 1e-4}
	l := c.Layout(400, 200, 4, monospace)
	// "10⁻¹⁰" is 5 characters: 35 units of labels, 4 of padding; half a
	// line above, a line and half a padding below.
	if want := (Box{X: 39, Y: 7, W: 357, H: 177}); l.Frame != want {
		t.Fatalf("frame %+v, want %+v", l.Frame, want)
	}
	// Decades −5…1 on 177 units: room for every one of the seven.
	for d := -5; d <= 1; d++ {
		lb, ok := labelled(l, PowerOfTen(d))
		if !ok {
			t.Errorf("no label at 10^%d", d)
			continue
		}
		y := 7 + float32(1-float64(d+5)/6)*177
		if math.Abs(float64(lb.Box.Y+7-y)) > 1e-3 || lb.Align != AlignTrailing || lb.Box.W != 35 {
			t.Errorf("10^%d at %+v, want centred on y %v, trailing", d, lb, y)
		}
	}
	// Iterations 1…6: the last label is kept inside the frame.
	last, ok := labelled(l, "6")
	if !ok || last.Box.X+last.Box.W/2 != 39+357-3.5 || last.Box.Y != 7+177 {
		t.Errorf("label of the last iteration %+v (%v)", last, ok)
	}
	// A low frame labels every second or third decade, the bottom one
	// always.
	short := c.Layout(400, 160, 4, monospace)
	if _, ok := labelled(short, PowerOfTen(-4)); ok {
		t.Error("every decade labelled on a short frame")
	}
	if _, ok := labelled(short, PowerOfTen(-5)); !ok || len(short.Labels) >= len(l.Labels) {
		t.Errorf("%d labels on a short frame, %d on a tall one", len(short.Labels), len(l.Labels))
	}

	img := image.NewRGBA(image.Rect(0, 0, 357, 177))
	l.Paint(img, chartColors, 1)
	// The tolerance's first dash, 6 pixels long, starts at the left edge,
	// 1/6 above the bottom.
	y := int(math.Round((1 - (-4.0+5)/6) * 176))
	if got := img.RGBAAt(3, y); got != chartColors.Accent {
		t.Errorf("tolerance at (3, %d) is %v, want the accent", y, got)
	}
	if got := img.RGBAAt(9, y); got == chartColors.Accent {
		t.Errorf("no gap in the tolerance's dashes at (9, %d)", y)
	}
	// The curve reaches the first residual, 3, near the top left.
	y = int(math.Round((1 - (math.Log10(3)+5)/6) * 176))
	if got := img.RGBAAt(1, y); got.B < 0xc0 || got.R > 0x80 {
		t.Errorf("first point at (1, %d) is %v, want the primary colour", y, got)
	}

	zeros := TraceChart{Trace: []float64{0}}.Layout(400, 160, 4, monospace)
	if zeros.Paint != nil || zeros.Message != "no residual to plot" || len(zeros.Labels) != 0 {
		t.Errorf("a trace of zeros: %q, %d labels", zeros.Message, len(zeros.Labels))
	}
	if empty := (TraceChart{}).Layout(400, 160, 4, monospace); empty.Message != "" || empty.Paint != nil {
		t.Errorf("no trace: %q", empty.Message)
	}
}

func TestThermoChartLayout(t *testing.T) {
	// {2|-2}: walls from ±2 at t = −1 meeting at 0 at t = 2.
	th := Thermo{
		Left:  []ThermoPoint{{-1, 3}, {2, 0}},
		Right: []ThermoPoint{{-1, -3}, {2, 0}},
		Mast:  0, Temperature: 2,
	}
	c := ThermoChart{Thermo: th, Line: 2}
	l := c.Layout(300, 300, 4, monospace)
	f := l.Frame
	// The frame is fitted: a unit of value as long as one of temperature.
	s := ThermoAxis(th, 2).Fit(float64(f.W), float64(f.H))
	if vu, tu := float64(f.W)/(s.VHi-s.VLo), float64(f.H)/(s.THi-s.TLo); math.Abs(vu-tu) > 1e-3 {
		t.Errorf("a value is %v units, a temperature %v", vu, tu)
	}
	line, ok := labelled(l, "t = 2")
	if y := f.Y + float32(s.Y(2))*f.H; !ok || !line.Accent || line.Box.Y != y-14 || line.Box.X+line.Box.W != f.X+f.W {
		t.Errorf("line label %+v (%v), want above y %v at the right", line, ok, y)
	}
	black, _ := labelled(l, "← Black")
	white, _ := labelled(l, "White →")
	if black.Align != AlignLeading || white.Align != AlignTrailing || black.Box != white.Box || black.Box.Y != f.Y+f.H+14 {
		t.Errorf("sides %+v %+v", black, white)
	}
	zero, ok := labelledAs(l, "0", AlignCenter) // the value, not the temperature
	if !ok || math.Abs(float64(zero.Box.X+zero.Box.W/2-(f.X+float32(s.X(0))*f.W))) > 1e-3 {
		t.Errorf("value 0 labelled at %+v", zero)
	}
	if _, ok := labelledAs(l, "−1", AlignCenter); !ok {
		t.Error("no label with a minus sign at −1")
	}
	if _, ok := labelled(ThermoChart{Thermo: th, Line: math.NaN()}.Layout(300, 300, 4, monospace), "t = 2"); ok {
		t.Error("a line label with no line")
	}

	img := image.NewRGBA(image.Rect(0, 0, int(f.W), int(f.H)))
	l.Paint(img, chartColors, 1)
	// Where the walls meet, at value 0 and temperature 2, the line's dot.
	x := int(math.Round(s.X(0) * float64(img.Rect.Dx()-1)))
	y := int(math.Round(s.Y(2) * float64(img.Rect.Dy()-1)))
	if got := img.RGBAAt(x, y); got != chartColors.Accent {
		t.Errorf("at the mast's foot (%d, %d): %v, want the accent", x, y, got)
	}
	// Black's wall passes value 1.5 at t = 0.5, on the left, in the
	// foreground colour; White's at −1.5, in the primary colour.
	at := func(v, t float64) color.RGBA {
		return img.RGBAAt(int(math.Round(s.X(v)*float64(img.Rect.Dx()-1))), int(math.Round(s.Y(t)*float64(img.Rect.Dy()-1))))
	}
	if got := at(1.5, 0.5); got.R < 0xc0 || got.G < 0xc0 {
		t.Errorf("Black's wall at 1.5: %v, want the foreground", got)
	}
	if got := at(-1.5, 0.5); got.B < 0xc0 || got.G > 0x80 {
		t.Errorf("White's wall at −1.5: %v, want the primary colour", got)
	}
}

func TestTickLabelAndFade(t *testing.T) {
	for v, want := range map[float64]string{2: "2", -0.5: "−0.5", 1000: "1000", 0.25: "0.25"} {
		if got := TickLabel(v); got != want {
			t.Errorf("TickLabel(%v) = %q, want %q", v, got, want)
		}
	}
	if got := fade(color.RGBA{0xff, 0x80, 0, 0xff}, 0x80); got != (color.RGBA{0x80, 0x40, 0, 0x80}) {
		t.Errorf("fade: %v", got)
	}
}
