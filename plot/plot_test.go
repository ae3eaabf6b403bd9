package plot

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// has reports whether img has a pixel of colour c inside r.
func has(img *image.RGBA, r image.Rectangle, c color.RGBA) bool {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				return true
			}
		}
	}
	return false
}

func TestImage(t *testing.T) {
	charts := []Chart{
		{
			Title: "rising", XLabel: "x", YLabel: "y", Markers: true,
			Series: []Series{
				{Name: "up", X: []float64{0, 1, 2}, Y: []float64{0, 1, 2}},
				{Name: "gap", X: []float64{0, 1, 2}, Y: []float64{2, math.NaN(), 0}},
			},
		},
		{Title: "fixed axes", XMin: 0, XMax: 99, YMin: 0, YMax: 1,
			Series: []Series{{Name: "R", X: []float64{0, 50, 99}, Y: []float64{1, 0.5, 0}}}},
		{Title: "no data"},
	}
	img, err := Image(charts, 2, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 800, 600) {
		t.Errorf("bounds %v, want 2×2 cells of 400×300", img.Bounds())
	}
	// Each series' colour is in its cell, and the third cell, without
	// data, has none.
	if !has(img, image.Rect(0, 0, 400, 300), Palette(0)) || !has(img, image.Rect(0, 0, 400, 300), Palette(1)) {
		t.Error("the first chart lacks a series colour")
	}
	if !has(img, image.Rect(400, 0, 800, 300), Palette(0)) {
		t.Error("the second chart lacks its series")
	}
	if has(img, image.Rect(0, 300, 400, 600), Palette(0)) {
		t.Error("the empty chart has a line")
	}
	// The fourth cell is blank.
	if has(img, image.Rect(400, 300, 800, 600), color.RGBA{60, 60, 60, 255}) {
		t.Error("the unused cell is drawn on")
	}
	// Drawing is deterministic.
	again, err := Image(charts, 2, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(img.Pix, again.Pix) {
		t.Error("two drawings differ")
	}
	if dir := os.Getenv("PLOT_OUT"); dir != "" {
		var b bytes.Buffer
		png.Encode(&b, img)
		os.WriteFile(filepath.Join(dir, "plot_test.png"), b.Bytes(), 0o644)
	}
}

func TestImageErrors(t *testing.T) {
	for _, tc := range []struct {
		charts []Chart
		cols   int
		w, h   int
	}{
		{nil, 1, 400, 300},
		{[]Chart{{}}, 0, 400, 300},
		{[]Chart{{}}, 1, 100, 300},
		{[]Chart{{Series: []Series{{X: []float64{1}, Y: nil}}}}, 1, 400, 300},
	} {
		if _, err := Image(tc.charts, tc.cols, tc.w, tc.h); err == nil {
			t.Errorf("Image(%v, %d, %d, %d): no error", tc.charts, tc.cols, tc.w, tc.h)
		}
	}
}

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{0, 1, 5, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{20, 150, 6, []float64{25, 50, 75, 100, 125, 150}},
		{0, 99, 6, []float64{0, 20, 40, 60, 80}},
		{-0.05, 0.93, 5, []float64{0, 0.2, 0.4, 0.6, 0.8}},
	} {
		if got := ticks(tc.lo, tc.hi, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("ticks(%v, %v, %d) = %v, want %v", tc.lo, tc.hi, tc.n, got, tc.want)
		}
	}
}
