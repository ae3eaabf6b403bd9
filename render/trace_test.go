package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"
)

func TestTraceAxis(t *testing.T) {
	for _, tt := range []struct {
		name  string
		trace []float64
		tol   float64
		want  TraceScale
		ok    bool
	}{
		{"residuals and tolerance", []float64{3, 1, 0.2, 0.01, 1e-3, 9e-5}, 1e-4, TraceScale{-5, 1}, true},
		{"tolerance above", []float64{0.5, 0.05}, 10, TraceScale{-2, 1}, true},
		{"one decade widened", []float64{0.5}, 0, TraceScale{-1, 0}, true},
		{"exact power", []float64{100}, 0, TraceScale{2, 3}, true},
		{"zeros and infinities left out", []float64{0, 3, -1, math.Inf(1)}, 0, TraceScale{0, 1}, true},
		{"nothing positive", []float64{0}, 0, TraceScale{}, false},
		{"empty", nil, 1e-4, TraceScale{}, false},
	} {
		s, ok := TraceAxis(tt.trace, tt.tol)
		if s != tt.want || ok != tt.ok {
			t.Errorf("%s: %v %v, want %v %v", tt.name, s, ok, tt.want, tt.ok)
		}
	}
	s := TraceScale{-5, 1}
	if f := s.Frac(1e-2); f != 0.5 {
		t.Errorf("10⁻² sits at %v of −5…1, want 0.5", f)
	}
	for labels, want := range map[int]int{1: 6, 2: 6, 3: 3, 4: 2, 7: 1, 20: 1} {
		if got := s.Every(labels); got != want {
			t.Errorf("%d labels on 6 decades: every %d, want %d", labels, got, want)
		}
	}
}

func TestTraceLabels(t *testing.T) {
	for n, want := range map[int]string{-12: "10⁻¹²", 0: "10⁰", 3: "10³", -5: "10⁻⁵"} {
		if got := PowerOfTen(n); got != want {
			t.Errorf("PowerOfTen(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int][]int{
		1:   {1},
		4:   {1, 2, 3, 4},
		80:  {1, 20, 40, 60, 80},
		46:  {1, 10, 20, 30, 40},
		999: {1, 200, 400, 600, 800},
	} {
		if got := TraceTicks(n); !slices.Equal(got, want) {
			t.Errorf("TraceTicks(%d) = %v, want %v", n, got, want)
		}
	}
	if x := TraceX(1, 1); x != 0.5 {
		t.Errorf("a single iteration sits at %v, want the middle", x)
	}
	if x := TraceX(51, 101); x != 0.5 {
		t.Errorf("iteration 51 of 101 sits at %v, want 0.5", x)
	}
}

// TestDrawTrace draws a trace that falls one decade per iteration and
// checks the curve passes where the scale puts each residual, and that the
// tolerance is dashed on its decade line.
func TestDrawTrace(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 101, 61))
	trace := []float64{1e1, 1, 1e-1, 1e-2, 1e-3, 1e-4}
	s, _ := TraceAxis(trace, 1e-4) // −4…1: six decades on 61 rows
	red, blue := color.RGBA{R: 255, A: 255}, color.RGBA{B: 255, A: 255}
	DrawTrace(img, trace, 1e-4, s, TraceColors{Grid: color.Transparent, Axis: color.Transparent, Tolerance: red, Line: blue}, 1)
	for i := range trace {
		// Iteration i is at x = 20i; residual 10^(1−i) on row 12i.
		if c := img.RGBAAt(20*i, 12*i); c.B < 128 {
			t.Errorf("iteration %d: no curve at (%d, %d): %v", i+1, 20*i, 12*i, c)
		}
	}
	if c := img.RGBAAt(50, 5); c != (color.RGBA{}) {
		t.Errorf("a pixel away from the curve is %v", c)
	}
	// The tolerance's dashes: 6 pixels on, 6 off, on the bottom row.
	if on, off := img.RGBAAt(3, 60), img.RGBAAt(9, 60); on.R != 255 || off.R != 0 {
		t.Errorf("tolerance dash %v, gap %v", on, off)
	}
}
