package render

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestHistogramAxis(t *testing.T) {
	bars := []HistogramBar{{From: 9, To: 11, Count: 1}, {From: 11, To: 13, Count: 3}}
	for _, tt := range []struct {
		name   string
		h      Histogram
		lo, hi float64
		ok     bool
	}{
		{"mark inside", Histogram{Bars: bars, Mark: 11.5}, 9, 13, true},
		{"mark below", Histogram{Bars: bars, Mark: 6.5}, 5.5, 13, true},
		{"mark above", Histogram{Bars: bars, Mark: 20}, 9, 21, true},
		{"no mark", Histogram{Bars: bars, Mark: math.NaN()}, 9, 13, true},
		{"no bars", Histogram{Mark: 7}, 0, 0, false},
	} {
		lo, hi, ok := tt.h.Axis()
		if lo != tt.lo || hi != tt.hi || ok != tt.ok {
			t.Errorf("%s: %v…%v %v, want %v…%v %v", tt.name, lo, hi, ok, tt.lo, tt.hi, tt.ok)
		}
	}
}

// TestDrawHistogram draws three bars of scores 0, 2 and 4 (counts 2, 4
// and 1; axis −1…5) with the komi at 1.5 on 60×30 pixels: ten pixels per
// point of score, bars of twenty columns, the labels in the bottom ten
// rows, the base line on row 19 and the bars in the 19 rows above it.
func TestDrawHistogram(t *testing.T) {
	h := Histogram{Bars: []HistogramBar{{-1, 1, 2}, {1, 3, 4}, {3, 5, 1}}, Mark: 1.5}
	img, err := DrawHistogram(60, 30, h, Options{Background: Plain})
	if err != nil {
		t.Fatal(err)
	}
	bg, blk, wht, mark := rgb(plainBase), rgb(black), rgb(white), rgb(histogramMark)
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, y) }
	for _, tt := range []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"score 0 is White's: white", 10, 18, wht},
		{"top of score 0's bar, 10 rows of 19", 10, 9, wht},
		{"above score 0's bar", 10, 8, bg},
		{"score 2, left of the komi: white", 22, 18, wht},
		{"score 2, right of the komi: black, the tallest", 30, 0, blk},
		{"top of score 4's bar, 5 rows", 50, 14, blk},
		{"above score 4's bar", 50, 13, bg},
		{"the komi's line", 25, 5, mark},
		{"the komi's line through the bar", 25, 17, mark},
	} {
		if got := at(tt.x, tt.y); got != tt.want {
			t.Errorf("%s: (%d, %d) is %v, want %v", tt.name, tt.x, tt.y, got, tt.want)
		}
	}
	// The base line, and the end labels: ink in the bottom third at the
	// left and right ends, none in the middle but the komi's.
	if got := at(40, 19); got != rgb(plainLabel) {
		t.Errorf("base line: %v", got)
	}
	// inked reports whether some pixel of r is not the background and,
	// if red, is red.
	inked := func(r image.Rectangle, red bool) bool {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if c := at(x, y); c != bg && (!red || int(c.R) > int(c.G)+60) {
					return true
				}
			}
		}
		return false
	}
	if !inked(image.Rect(0, 21, 8, 30), false) || !inked(image.Rect(52, 21, 60, 30), false) {
		t.Error("no labels at the ends of the axis")
	}
	if !inked(image.Rect(12, 21, 35, 30), true) {
		t.Error("no komi under its line")
	}
	if inked(image.Rect(36, 21, 46, 30), false) {
		t.Error("ink between the komi's label and the right end's")
	}
	for y := 20; y < 30; y++ {
		if at(0, y) != bg || at(59, y) != bg {
			t.Errorf("row %d: the labels touch the image's sides", y)
		}
	}
}

// TestDrawHistogramSmall checks that a bar with a count much below the
// tallest still shows, as a pixel, and that sizes too small are errors.
func TestDrawHistogramSmall(t *testing.T) {
	h := Histogram{Bars: []HistogramBar{{-1, 1, 1000}, {1, 3, 1}}, Mark: math.NaN()}
	img, err := DrawHistogram(40, 16, h, Options{Background: Plain})
	if err != nil {
		t.Fatal(err)
	}
	// Labels take 5 rows; the base line is row 10.
	if got := img.RGBAAt(30, 9); got != rgb(black) {
		t.Errorf("a bar of 1 against 1000 does not show: %v", got)
	}
	if got := img.RGBAAt(30, 8); got != rgb(plainBase) {
		t.Errorf("a bar of 1 against 1000 is taller than a pixel: %v", got)
	}
	if _, err := DrawHistogram(20, 16, h, Options{}); err == nil {
		t.Error("20 pixels wide: no error")
	}
	if _, err := DrawHistogram(60, 30, Histogram{Mark: 6.5}, Options{}); err == nil {
		t.Error("no bars: no error")
	}
}
