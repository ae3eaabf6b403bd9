// Package plot draws simple line charts to images: a few named series of
// points on linear axes, with ticks, labels and a legend. It is what the
// evaluation needs to draw seed 003's Figure 4 (cross-entropy against the
// move number) and seed 001's Figure 3 (the survival function), and no
// more.
package plot

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Series is one line of a chart: points (X[i], Y[i]). A NaN Y is a gap.
type Series struct {
	Name string
	X, Y []float64
}

// Chart is one set of axes.
type Chart struct {
	Title, XLabel, YLabel string
	Series                []Series
	// XMin…YMax fix the axes; where a Min equals its Max the axis is fitted
	// to the data.
	XMin, XMax, YMin, YMax float64
	// Markers draws a square at every point, for series with few points.
	Markers bool
}

// Palette is the colour of the i-th series, i mod its length: colours that
// stay apart for readers with the common colour-vision deficiencies
// (Okabe and Ito).
func Palette(i int) color.RGBA {
	p := [...]color.RGBA{
		{0, 114, 178, 255},   // blue
		{213, 94, 0, 255},    // vermilion
		{0, 158, 115, 255},   // bluish green
		{204, 121, 167, 255}, // reddish purple
		{230, 159, 0, 255},   // orange
		{86, 180, 233, 255},  // sky blue
		{0, 0, 0, 255},       // black
		{240, 228, 66, 255},  // yellow
	}
	return p[i%len(p)]
}

// faces holds the fonts of one drawing.
type faces struct {
	text, title font.Face
}

func newFaces(scale float64) (faces, error) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return faces{}, fmt.Errorf("plot: font: %w", err)
	}
	text, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 12 * scale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return faces{}, fmt.Errorf("plot: font: %w", err)
	}
	title, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 14 * scale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return faces{}, fmt.Errorf("plot: font: %w", err)
	}
	return faces{text: text, title: title}, nil
}

// Image draws charts in a grid of cols columns, each cell w×h pixels, on
// a white background.
func Image(charts []Chart, cols, w, h int) (*image.RGBA, error) {
	if len(charts) == 0 || cols < 1 || w < 200 || h < 150 {
		return nil, errors.New("plot: nothing to draw, or cells under 200×150")
	}
	rows := (len(charts) + cols - 1) / cols
	cols = min(cols, len(charts))
	img := image.NewRGBA(image.Rect(0, 0, cols*w, rows*h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	fs, err := newFaces(float64(min(w, h)) / 400)
	if err != nil {
		return nil, err
	}
	for i, c := range charts {
		r := image.Rect(0, 0, w, h).Add(image.Pt(i%cols*w, i/cols*h))
		if err := c.draw(img, r, fs); err != nil {
			return nil, err
		}
	}
	return img, nil
}

// bounds returns the axis ranges: fixed ones, or fitted to the data with a
// little room.
func (c Chart) bounds() (x0, x1, y0, y1 float64, err error) {
	x0, x1, y0, y1 = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		if len(s.X) != len(s.Y) {
			return 0, 0, 0, 0, fmt.Errorf("plot: series %q has %d x and %d y", s.Name, len(s.X), len(s.Y))
		}
		for i, x := range s.X {
			if math.IsNaN(s.Y[i]) || math.IsInf(s.Y[i], 0) || math.IsNaN(x) || math.IsInf(x, 0) {
				continue
			}
			x0, x1 = min(x0, x), max(x1, x)
			y0, y1 = min(y0, s.Y[i]), max(y1, s.Y[i])
		}
	}
	if c.XMin != c.XMax {
		x0, x1 = c.XMin, c.XMax
	} else if x0 < x1 {
		// Room for the markers at the ends.
		pad := (x1 - x0) * 0.03
		x0, x1 = x0-pad, x1+pad
	}
	if c.YMin != c.YMax {
		y0, y1 = c.YMin, c.YMax
	}
	if math.IsInf(x0, 0) || math.IsInf(y0, 0) {
		// No data at all: empty axes.
		return 0, 1, 0, 1, nil
	}
	if x0 == x1 {
		x0, x1 = x0-1, x1+1
	}
	if y0 == y1 {
		y0, y1 = y0-1, y1+1
	}
	if c.YMin == c.YMax {
		pad := (y1 - y0) * 0.05
		y0, y1 = y0-pad, y1+pad
	}
	return x0, x1, y0, y1, nil
}

// ticks returns about n round values from lo to hi.
func ticks(lo, hi float64, n int) []float64 {
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for k := int(math.Ceil(lo/step - 1e-9)); float64(k)*step <= hi+step*1e-9; k++ {
		// Through ten significant digits, so that 3 × 0.2 is 0.6.
		v, _ := strconv.ParseFloat(strconv.FormatFloat(float64(k)*step, 'g', 10, 64), 64)
		out = append(out, v)
	}
	return out
}

// label writes a tick value briefly.
func label(v float64) string {
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// draw draws the chart into r of img.
func (c Chart) draw(img *image.RGBA, r image.Rectangle, fs faces) error {
	x0, x1, y0, y1, err := c.bounds()
	if err != nil {
		return err
	}
	lh := fs.text.Metrics().Height.Ceil()
	// The plot area leaves room for the title above, the y tick labels
	// and axis label to the left, and the x ticks and label below.
	area := image.Rect(r.Min.X+lh*4, r.Min.Y+lh*3, r.Max.X-lh*2, r.Max.Y-lh*3)
	if area.Dx() < 50 || area.Dy() < 50 {
		return errors.New("plot: cell too small")
	}
	px := func(x float64) float64 { return float64(area.Min.X) + (x-x0)/(x1-x0)*float64(area.Dx()) }
	py := func(y float64) float64 { return float64(area.Max.Y) - (y-y0)/(y1-y0)*float64(area.Dy()) }
	grey := color.RGBA{220, 220, 220, 255}
	dark := color.RGBA{60, 60, 60, 255}

	for _, t := range ticks(x0, x1, 6) {
		x := int(math.Round(px(t)))
		fillRect(img, image.Rect(x, area.Min.Y, x+1, area.Max.Y), grey)
		s := label(t)
		text(img, fs.text, s, x-width(fs.text, s)/2, area.Max.Y+lh, dark)
	}
	for _, t := range ticks(y0, y1, 5) {
		y := int(math.Round(py(t)))
		fillRect(img, image.Rect(area.Min.X, y, area.Max.X, y+1), grey)
		s := label(t)
		text(img, fs.text, s, area.Min.X-width(fs.text, s)-lh/3, y+lh/3, dark)
	}
	// The frame.
	for _, e := range []image.Rectangle{
		{area.Min, image.Pt(area.Max.X, area.Min.Y+1)}, {image.Pt(area.Min.X, area.Max.Y-1), area.Max},
		{area.Min, image.Pt(area.Min.X+1, area.Max.Y)}, {image.Pt(area.Max.X-1, area.Min.Y), area.Max},
	} {
		fillRect(img, e, dark)
	}
	text(img, fs.title, c.Title, area.Min.X+(area.Dx()-width(fs.title, c.Title))/2, r.Min.Y+lh*3/2, color.RGBA{0, 0, 0, 255})
	text(img, fs.text, c.XLabel, area.Min.X+(area.Dx()-width(fs.text, c.XLabel))/2, area.Max.Y+lh*2+lh/2, dark)
	text(img, fs.text, c.YLabel, area.Min.X-lh*2, area.Min.Y-lh/2, dark)

	// The lines, clipped to the plot area.
	sub := img.SubImage(area).(*image.RGBA)
	lw := max(1.5, float64(lh)/7)
	for i, s := range c.Series {
		col := Palette(i)
		var prev [2]float64
		have := false
		for k, x := range s.X {
			y := s.Y[k]
			if math.IsNaN(y) || math.IsInf(y, 0) {
				have = false
				continue
			}
			p := [2]float64{px(x), py(y)}
			if have {
				line(sub, prev, p, lw, col)
			}
			if c.Markers {
				m := lw * 2
				fillRect(sub, image.Rect(int(p[0]-m), int(p[1]-m), int(p[0]+m)+1, int(p[1]+m)+1), col)
			}
			prev, have = p, true
		}
	}
	// The legend, top right inside the plot area.
	ly := area.Min.Y + lh
	for i, s := range c.Series {
		wd := width(fs.text, s.Name)
		lx := area.Max.X - wd - lh*3
		fillRect(img, image.Rect(lx-lh/4, ly-lh+lh/4, area.Max.X-lh/4, ly+lh/4), color.RGBA{255, 255, 255, 255})
		fillRect(img, image.Rect(lx, ly-lh/3-1, lx+lh*2, ly-lh/3+2), Palette(i))
		text(img, fs.text, s.Name, lx+lh*2+lh/3, ly, dark)
		ly += lh
	}
	return nil
}

// fillRect fills r of dst with c.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(dst, r.Intersect(dst.Bounds()), &image.Uniform{c}, image.Point{}, draw.Over)
}

// line strokes a segment of width w from a to b, as a filled quadrilateral.
func line(dst *image.RGBA, a, b [2]float64, w float64, c color.RGBA) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	// Half the width across the segment, and a little along it so that
	// consecutive segments join without a notch.
	ox, oy := -dy/n*w/2, dx/n*w/2
	ex, ey := dx/n*w/4, dy/n*w/4
	quad := [4][2]float64{
		{a[0] + ox - ex, a[1] + oy - ey}, {b[0] + ox + ex, b[1] + oy + ey},
		{b[0] - ox + ex, b[1] - oy + ey}, {a[0] - ox - ex, a[1] - oy - ey},
	}
	// Rasterize only the segment's own box, not the whole image.
	lo, hi := quad[0], quad[0]
	for _, q := range quad[1:] {
		lo = [2]float64{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = [2]float64{max(hi[0], q[0]), max(hi[1], q[1])}
	}
	box := image.Rect(int(math.Floor(lo[0])), int(math.Floor(lo[1])), int(math.Ceil(hi[0]))+1, int(math.Ceil(hi[1]))+1)
	if box.Intersect(dst.Bounds()).Empty() {
		return
	}
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	for k, q := range quad {
		x, y := float32(q[0]-float64(box.Min.X)), float32(q[1]-float64(box.Min.Y))
		if k == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
	// The rasterizer's mask starts at the rectangle it draws to, so it
	// draws into a mask of the whole box, which is then clipped to dst.
	mask := image.NewAlpha(image.Rect(0, 0, box.Dx(), box.Dy()))
	z.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	clip := box.Intersect(dst.Bounds())
	draw.DrawMask(dst, clip, &image.Uniform{c}, image.Point{}, mask, clip.Min.Sub(box.Min), draw.Over)
}

// width is the advance of s in pixels.
func width(f font.Face, s string) int {
	return font.MeasureString(f, s).Ceil()
}

// text draws s with its baseline starting at (x, y).
func text(dst *image.RGBA, f font.Face, s string, x, y int, c color.RGBA) {
	d := font.Drawer{Dst: dst, Src: &image.Uniform{c}, Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
