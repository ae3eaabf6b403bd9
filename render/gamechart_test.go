package render

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestNiceStep(t *testing.T) {
	for x, want := range map[float64]float64{1: 1, 1.1: 2, 2: 2, 2.2: 2.5, 3: 5, 7: 10, 13: 20, 0.3: 0.5, 41.3 / 2: 25} {
		if got := niceStep(x); math.Abs(got-want) > 1e-12 {
			t.Errorf("niceStep(%v) = %v, want %v", x, got, want)
		}
	}
}

func TestLeadLabel(t *testing.T) {
	for v, want := range map[float64]string{10: "B+10", -2.5: "W+2.5", 0: "0", 0.25: "B+0.25"} {
		if got := LeadLabel(v); got != want {
			t.Errorf("LeadLabel(%v) = %q, want %q", v, got, want)
		}
	}
}

// gameChart is a chart of 100 moves: a main curve rising from W+30 to
// B+30, with a gap at moves 40 to 49 (not computed yet), and the result
// W+2.5.
func gameChart() GameChart {
	vs := make([]float64, 101)
	for m := range vs {
		vs[m] = -30 + 0.6*float64(m)
		if m >= 40 && m < 50 {
			vs[m] = math.NaN()
		}
	}
	return GameChart{Moves: 100, Axis: AxisLead, Current: 25, Turns: []int{60},
		Curves: []GameCurve{{Values: vs, Label: "symmetric"}},
		Level:  &GameLevel{Value: -2.5, Label: "W+2.5"}}
}

func TestGameChartLayout(t *testing.T) {
	c := gameChart()
	l := c.Layout(400, 200, 4, monospace)
	// The ticks take the width of "W+000", 35 units, then the padding.
	if want := (Box{X: 39, Y: 7, W: 357, H: 177}); l.Frame != want {
		t.Fatalf("frame %+v, want %+v", l.Frame, want)
	}
	for _, s := range []string{"B+30", "0", "W+30"} {
		if _, ok := labelledAs(l, s, AlignTrailing); !ok {
			t.Errorf("no tick %q", s)
		}
	}
	zero, _ := labelled(l, "0")
	if y := zero.Box.Y + zero.Box.H/2; y != 7+177.0/2 {
		t.Errorf("0 at %v, want the frame's middle", y)
	}
	last, ok := labelledAs(l, "100", AlignCenter)
	if !ok || last.Box.X+last.Box.W != 39+357 {
		t.Errorf("the last move's label %+v (%v), want it ending at the frame's edge", last, ok)
	}
	key, ok := labelled(l, "symmetric")
	if !ok || key.Box.X <= l.Frame.X || key.Box.Y < l.Frame.Y {
		t.Errorf("the key %+v (%v), want it inside the frame", key, ok)
	}
	level, ok := labelled(l, "W+2.5")
	if !ok || !level.Accent || level.Box.X+level.Box.W > l.Frame.X+l.Frame.W {
		t.Errorf("the level's label %+v (%v)", level, ok)
	}
	if l.Paint == nil {
		t.Fatal("nothing to paint")
	}
	// Without a value known, the frame is laid out and nothing painted.
	empty := GameChart{Moves: 100, Curves: []GameCurve{{Values: []float64{math.NaN()}}}}
	if l := empty.Layout(400, 200, 4, monospace); l.Paint != nil || l.Frame.W <= 0 {
		t.Errorf("empty chart: %+v", l)
	}
}

func TestGameChartMoveAt(t *testing.T) {
	c := GameChart{Moves: 200}
	f := Box{X: 30, Y: 0, W: 400, H: 100}
	for x, want := range map[float32]int{30: 0, 230: 100, 230.9: 100, 231.2: 101, 430: 200, 0: 0, 1000: 200} {
		if got := c.MoveAt(f, x); got != want {
			t.Errorf("MoveAt(%v) = %d, want %d", x, got, want)
		}
	}
}

// isInk reports whether the pixel at q is mostly colour c.
func isInk(img *image.RGBA, q image.Point, c color.RGBA) bool {
	p := img.RGBAAt(q.X, q.Y)
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	return d(p.R, c.R) < 40 && d(p.G, c.G) < 40 && d(p.B, c.B) < 40 && p.A > 200
}

// nearInk reports whether a pixel within one of q is mostly colour c.
func nearInk(img *image.RGBA, q image.Point, c color.RGBA) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if isInk(img, q.Add(image.Pt(dx, dy)), c) {
				return true
			}
		}
	}
	return false
}

func TestGameChartPaint(t *testing.T) {
	c := gameChart()
	l := c.Layout(400, 200, 4, monospace)
	w, h := 357, 177
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	l.Paint(img, chartColors, 1)
	// The axis runs from W+30 to B+30: the curve at move 10 is at −24,
	// at move 90 at +24.
	lo, hi, _ := c.yRange()
	at := func(m int, v float64) image.Point {
		return image.Pt(int(math.Round(float64(m)/100*float64(w-1))), int(math.Round((hi-v)/(hi-lo)*float64(h-1))))
	}
	blue := chartColors.Primary.(color.RGBA)
	for _, m := range []int{10, 90} {
		if q := at(m, -30+0.6*float64(m)); !nearInk(img, q, blue) {
			t.Errorf("move %d: no curve at %v: %v", m, q, img.RGBAAt(q.X, q.Y))
		}
	}
	// The gap: nothing drawn at move 45 on the line.
	if q := at(45, -3); nearInk(img, q, blue) {
		t.Errorf("move 45 is not known, but drawn")
	}
	// The current move, in the foreground's colour, top to bottom.
	white := chartColors.Fg.(color.RGBA)
	x := at(25, 0).X
	found := false
	for dx := -2; dx <= 1; dx++ {
		if isInk(img, image.Pt(x+dx, 3), white) {
			found = true
		}
	}
	if !found {
		t.Errorf("no line at the current move, x %d", x)
	}
	// The level: dashes in the accent colour at W+2.5.
	red := chartColors.Accent.(color.RGBA)
	q := at(0, -2.5)
	found = false
	for x := 0; x < 20; x++ {
		if isInk(img, image.Pt(x, q.Y), red) {
			found = true
		}
	}
	if !found {
		t.Errorf("no level line at y %d", q.Y)
	}
	// The turning point at 60: a dot wider than the curve.
	p := at(60, -30+0.6*60)
	if !nearInk(img, p.Add(image.Pt(0, 3)), blue) || !nearInk(img, p.Add(image.Pt(0, -3)), blue) {
		t.Errorf("no turning point's dot at %v", p)
	}
}

func TestGameChartTrend(t *testing.T) {
	vs := []float64{0, 20, 0, 20, 0, 20, 0}
	trend := []float64{5, 10, 10, 10, 10, 10, 10}
	c := GameChart{Moves: 6, Axis: AxisLead, Current: -1, Curves: []GameCurve{{Values: vs, Trend: trend}}}
	l := c.Layout(300, 200, 4, monospace)
	img := image.NewRGBA(image.Rect(0, 0, int(l.Frame.W), int(l.Frame.H)))
	l.Paint(img, chartColors, 1)
	lo, hi, _ := c.yRange()
	w, h := img.Rect.Dx(), img.Rect.Dy()
	y := func(v float64) int { return int(math.Round((hi - v) / (hi - lo) * float64(h-1))) }
	blue := chartColors.Primary.(color.RGBA)
	// The trend in full at move 3; the values faint at move 3's peak.
	if q := image.Pt(w/2, y(10)); !nearInk(img, q, blue) {
		t.Errorf("no trend at %v: %v", q, img.RGBAAt(q.X, q.Y))
	}
	// Seven eighths of the way up from move 2 (0) to move 3 (20), away
	// from the trend and the corners: the values' stroke alone.
	x := (2 + 0.875) / 6 * float64(w-1)
	q := image.Pt(int(math.Round(x)), y(17.5))
	most := uint8(0)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			most = max(most, img.RGBAAt(q.X+dx, q.Y+dy).A)
		}
	}
	if most < 0x30 || most > 0x90 {
		t.Errorf("the values near %v: alpha at most %#x, want faint", q, most)
	}
}

func TestChartImage(t *testing.T) {
	img, err := ChartImage(gameChart(), 800, 360, []string{"Gu Li 9p (B) v Master 9p (W)", "symmetric − λ"})
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect.Dx() != 800 || img.Rect.Dy() != 360 {
		t.Fatalf("image %v", img.Rect)
	}
	// Ink of the caption in its first line, blue of the curve below.
	ink, blue := 0, 0
	for y := range 360 {
		for x := range 800 {
			switch {
			case y < 30 && isInk(img, image.Pt(x, y), rgb(plainInk)):
				ink++
			case y > 60 && isInk(img, image.Pt(x, y), rgb(chartPrimary)):
				blue++
			}
		}
	}
	if ink < 100 || blue < 300 {
		t.Errorf("%d pixels of caption, %d of curve", ink, blue)
	}
	if _, err := ChartImage(gameChart(), 100, 60, nil); err == nil {
		t.Error("a 100×60 chart: no error")
	}
}

func TestStack(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 30, 10))
	b := image.NewRGBA(image.Rect(0, 0, 20, 5))
	b.Set(3, 2, color.RGBA{1, 2, 3, 255})
	s := Stack(a, b)
	if s.Rect.Dx() != 30 || s.Rect.Dy() != 15 || s.RGBAAt(3, 12) != (color.RGBA{1, 2, 3, 255}) {
		t.Errorf("stack %v, pixel %v", s.Rect, s.RGBAAt(3, 12))
	}
}

func TestASCII(t *testing.T) {
	if got := ASCII("W−2 · λ 0.3 … 骊龙"); got != "W-2 - ? 0.3 ... ??" {
		t.Errorf("ASCII: %q", got)
	}
}
