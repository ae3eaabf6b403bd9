package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
)

// hot is the thermograph of {4|0}, as cgt computes it: the left wall
// 4 − t from (−1, 5), the right wall t from (−1, −1), meeting at
// temperature 2 over the mean 2.
var hot = Thermo{
	Left:        []ThermoPoint{{-1, 5}, {2, 2}},
	Right:       []ThermoPoint{{-1, -1}, {2, 2}},
	Mast:        2,
	Temperature: 2,
}

func TestWallAt(t *testing.T) {
	for _, tt := range []struct {
		w    []ThermoPoint
		t    float64
		want float64
	}{
		{hot.Left, -1, 5},
		{hot.Left, 0.5, 3.5},
		{hot.Right, 0.5, 0.5},
		{hot.Left, 7, 2}, // constant above the last corner
		{hot.Left, -3, 5},
		{[]ThermoPoint{{-1, 3}, {0, 3}, {1.5, 1.5}}, 1, 2},
	} {
		if got := WallAt(tt.w, tt.t); got != tt.want {
			t.Errorf("wall %v at %v = %v, want %v", tt.w, tt.t, got, tt.want)
		}
	}
	if !math.IsNaN(WallAt(nil, 0)) {
		t.Error("an empty wall has a value")
	}
}

func TestThermoAxis(t *testing.T) {
	for _, tt := range []struct {
		name string
		th   Thermo
		line float64
		want ThermoScale
	}{
		{"{4|0} with the line at 2", hot, 2, ThermoScale{VLo: -2, VHi: 6, TLo: -1, THi: 3}},
		{"{4|0} without a line", hot, math.NaN(), ThermoScale{VLo: -2, VHi: 6, TLo: -1, THi: 3}},
		// The integer −7: a mast from −1, widened to 4 around −7…0.
		{"−7", Thermo{Left: []ThermoPoint{{-1, -7}}, Right: []ThermoPoint{{-1, -7}}, Mast: -7, Temperature: -1}, 2,
			ThermoScale{VLo: -8, VHi: 1, TLo: -1, THi: 3}},
		// A block that can live in the region: hot, far from 0.
		{"{1000|3}", Thermo{Left: []ThermoPoint{{-1, 1001}, {498.5, 501.5}}, Right: []ThermoPoint{{-1, 2}, {498.5, 501.5}}, Mast: 501.5, Temperature: 498.5}, 2,
			ThermoScale{VLo: -101, VHi: 1102, TLo: -1, THi: 599}},
		// A block that lives either way, with a liberty more or less at
		// stake: 0 is left out, else the walls would be a line at 1000.
		{"{1001|1000}", Thermo{Left: []ThermoPoint{{-1, 1002}, {0.5, 1000.5}}, Right: []ThermoPoint{{-1, 999}, {0.5, 1000.5}}, Mast: 1000.5, Temperature: 0.5}, 2,
			ThermoScale{VLo: 998, VHi: 1003, TLo: -1, THi: 3}},
		// −21 and 21 are far enough; −20 is not.
		{"−21", Thermo{Left: []ThermoPoint{{-1, -21}}, Right: []ThermoPoint{{-1, -21}}, Mast: -21, Temperature: -1}, 2,
			ThermoScale{VLo: -24, VHi: -18, TLo: -1, THi: 3}},
		{"21", Thermo{Left: []ThermoPoint{{-1, 21}}, Right: []ThermoPoint{{-1, 21}}, Mast: 21, Temperature: -1}, 2,
			ThermoScale{VLo: 18, VHi: 24, TLo: -1, THi: 3}},
		{"−20", Thermo{Left: []ThermoPoint{{-1, -20}}, Right: []ThermoPoint{{-1, -20}}, Mast: -20, Temperature: -1}, 2,
			ThermoScale{VLo: -22, VHi: 2, TLo: -1, THi: 3}},
	} {
		if got := ThermoAxis(tt.th, tt.line); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
	s := ThermoScale{VLo: -2, VHi: 6, TLo: -1, THi: 3}
	if x := s.X(6); x != 0 {
		t.Errorf("the largest value sits at %v, want the left edge", x)
	}
	if x := s.X(2); x != 0.5 {
		t.Errorf("2 of −2…6 sits at %v, want the middle", x)
	}
	if y := s.Y(-1); y != 1 {
		t.Errorf("t = −1 sits at %v, want the bottom", y)
	}
}

func TestThermoFit(t *testing.T) {
	s := ThermoScale{VLo: -2, VHi: 6, TLo: -1, THi: 3} // 8 values, 4 temperatures
	for _, tt := range []struct {
		w, h float64
		want ThermoScale
	}{
		{200, 100, s}, // 25 a unit both ways already
		{400, 100, ThermoScale{VLo: -6, VHi: 10, TLo: -1, THi: 3}},
		{200, 200, ThermoScale{VLo: -2, VHi: 6, TLo: -1, THi: 7}},
		{0, 100, s},
	} {
		got := s.Fit(tt.w, tt.h)
		if got != tt.want {
			t.Errorf("Fit(%v, %v) = %+v, want %+v", tt.w, tt.h, got, tt.want)
		}
		if tt.w > 0 {
			if per := [2]float64{tt.w / (got.VHi - got.VLo), tt.h / (got.THi - got.TLo)}; per[0] != per[1] {
				t.Errorf("Fit(%v, %v): %v and %v a unit", tt.w, tt.h, per[0], per[1])
			}
		}
	}
}

func TestThermoTicks(t *testing.T) {
	for _, tt := range []struct {
		lo, hi float64
		most   int
		want   []float64
	}{
		{-2, 6, 8, []float64{-2, -1, 0, 1, 2, 3, 4, 5, 6}},
		{-2, 6, 4, []float64{-2, 0, 2, 4, 6}},
		{-1, 3, 20, []float64{-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3}},
		{-1, 3, 9, []float64{-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3}},
		{-101, 1101, 5, []float64{0, 500, 1000}},
		{-101, 1101, 7, []float64{0, 200, 400, 600, 800, 1000}},
		{3, 3, 5, nil},
	} {
		if got := ThermoTicks(tt.lo, tt.hi, tt.most); !slices.Equal(got, tt.want) {
			t.Errorf("ThermoTicks(%v, %v, %d) = %v, want %v", tt.lo, tt.hi, tt.most, got, tt.want)
		}
	}
}

// TestDrawThermograph draws {4|0} on 81×41 pixels, ten per unit (value 6
// at x = 0, temperature 3 at y = 0), and checks the walls, the mast, the
// axes and the dashed line at temperature 2 are where the scale puts them.
func TestDrawThermograph(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 81, 41))
	s := ThermoAxis(hot, 2)
	red, green, blue := color.RGBA{R: 255, A: 255}, color.RGBA{G: 255, A: 255}, color.RGBA{B: 255, A: 255}
	grey, yellow := color.RGBA{R: 128, G: 128, B: 128, A: 255}, color.RGBA{R: 255, G: 255, A: 255}
	DrawThermograph(img, hot, s, nil, nil, 2, ThermoColors{
		Grid: color.Transparent, Axis: grey, Left: red, Right: green, Mast: blue, Line: yellow,
	}, 1)
	is := func(x, y int, want color.RGBA, what string) {
		t.Helper()
		c := img.RGBAAt(x, y)
		if c.R < want.R/2 || c.G < want.G/2 || c.B < want.B/2 || c.A < 128 ||
			want.R == 0 && c.R > 128 || want.G == 0 && c.G > 128 || want.B == 0 && c.B > 128 {
			t.Errorf("%s at (%d, %d): %v, want %v", what, x, y, c, want)
		}
	}
	// x = 10·(6 − v), y = 10·(3 − t).
	is(25, 25, red, "the left wall at t = ½ (3½)")
	is(12, 38, red, "the left wall at t = −0.8 (4.8)")
	is(55, 25, green, "the right wall at t = ½ (½)")
	is(68, 38, green, "the right wall at t = −0.8 (−0.8)")
	is(40, 3, blue, "the mast at t = 2.7")
	is(2, 10, yellow, "the dashed line at t = 2")
	is(40, 10, yellow, "the dot where the walls meet the line")
	is(75, 30, grey, "the temperature 0 line")
	is(60, 35, grey, "the value 0 line")
	if c := img.RGBAAt(40, 25); c.A != 0 {
		t.Errorf("between the walls at t = ½: %v, want nothing", c)
	}
	if c := img.RGBAAt(8, 10); c.A != 0 {
		t.Errorf("in a gap of the dashes: %v, want nothing", c)
	}
	if c := img.RGBAAt(25, 5); c.A != 0 {
		t.Errorf("above the left wall's end: %v, want nothing", c)
	}
}

// lives is the thermograph of {998|3}, a region where Black's block lives
// if Black moves first, counted as 998 liberties: hot far above any count
// of liberties, its finite part is the right wall's foot, 3 − 1 at
// t = −1.
var lives = Thermo{
	Left:        []ThermoPoint{{-1, 999}, {497.5, 500.5}},
	Right:       []ThermoPoint{{-1, 2}, {497.5, 500.5}},
	Mast:        500.5,
	Temperature: 497.5,
	Bound:       250,
}

// TestThermoAxisBound: with a Bound the frame fits the finite part and
// the temperature line, not the count of life, so that the line at 2 and
// the right wall's foot show; a thermograph with no finite part is
// framed around 0.
func TestThermoAxisBound(t *testing.T) {
	for _, tt := range []struct {
		name string
		th   Thermo
		want ThermoScale
	}{
		{"{998|3}", lives, ThermoScale{VLo: -2, VHi: 4, TLo: -1, THi: 3}},
		{"1000", Thermo{Left: []ThermoPoint{{-1, 1000}}, Right: []ThermoPoint{{-1, 1000}}, Mast: 1000, Temperature: -1, Bound: 250},
			ThermoScale{VLo: -3, VHi: 3, TLo: -1, THi: 3}},
		{"{4|0}, bounded", Thermo{Left: hot.Left, Right: hot.Right, Mast: hot.Mast, Temperature: hot.Temperature, Bound: 250},
			ThermoAxis(hot, 2)},
	} {
		if got := ThermoAxis(tt.th, 2); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestThermoClip: a wall is clipped to the frame widened by its own size
// on every side, where it leaves it and where it comes back.
func TestThermoClip(t *testing.T) {
	s := ThermoScale{VLo: -2, VHi: 4, TLo: -1, THi: 3} // values −8…10, temperatures −5…7 with the margin
	for _, tt := range []struct {
		name string
		w    []ThermoPoint
		want [][]ThermoPoint
	}{
		{"the right wall of {998|3}", lives.Right, [][]ThermoPoint{{{-1, 2}, {7, 10}}}},
		{"the left wall of {998|3}", lives.Left, nil},
		{"inside", hot.Left, [][]ThermoPoint{hot.Left}},
		{"out and back", []ThermoPoint{{-1, 0}, {-1, 100}, {2, 0}}, [][]ThermoPoint{{{-1, 0}, {-1, 10}}, {{1.7, 10}, {2, 0}}}},
	} {
		got := s.clip(tt.w)
		near := len(got) == len(tt.want)
		for i := 0; near && i < len(got); i++ {
			near = len(got[i]) == len(tt.want[i])
			for j := 0; near && j < len(got[i]); j++ {
				near = math.Abs(got[i][j].T-tt.want[i][j].T) < 0.01 && math.Abs(got[i][j].V-tt.want[i][j].V) < 0.01
			}
		}
		if !near {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDrawThermographBound draws {998|3} in its bounded frame: the right
// wall rises from 3 at t = −1, the dashed line at 2 shows, and nothing of
// the count of life (the left wall, the mast) is drawn.
func TestDrawThermographBound(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 61, 41))
	s := ThermoAxis(lives, 2) // value 4 at x = 0, temperature 3 at y = 0, ten pixels a unit
	red, green, blue := color.RGBA{R: 255, A: 255}, color.RGBA{G: 255, A: 255}, color.RGBA{B: 255, A: 255}
	yellow := color.RGBA{R: 255, G: 255, A: 255}
	DrawThermograph(img, lives, s, nil, nil, 2, ThermoColors{
		Grid: color.Transparent, Axis: color.Transparent, Left: red, Right: green, Mast: blue, Line: yellow,
	}, 1)
	reds, greens, blues := 0, 0, 0
	for y := 0; y < 41; y++ {
		for x := 0; x < 61; x++ {
			switch c := img.RGBAAt(x, y); {
			case c.R > 200 && c.G < 100:
				reds++
			case c.G > 200 && c.R < 100:
				greens++
			case c.B > 200:
				blues++
			}
		}
	}
	// x = 10·(4 − v), y = 10·(3 − t): the right wall from (20, 40) up
	// and to the left, out of the frame at t = 1.
	if c := img.RGBAAt(15, 35); c.G < 200 || c.R > 100 {
		t.Errorf("the right wall at t = −0.5 (2.5): %v", c)
	}
	if reds != 0 || blues != 0 || greens < 20 {
		t.Errorf("%d red (left wall), %d blue (mast), %d green (right wall) pixels", reds, blues, greens)
	}
	if c := img.RGBAAt(2, 10); c.R < 200 || c.G < 200 {
		t.Errorf("the dashed line at t = 2: %v", c)
	}
}
