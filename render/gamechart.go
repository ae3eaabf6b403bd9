package render

// The game graph: a value of every position of a game, from the setup
// (move 0) to the last move, as curves over the move number: the
// estimate's result after komi, a second estimate or a reference beside
// it, or the cross-entropy against the game's end. The current move is a
// vertical line, the turning points are marked on the first curve, and a
// level (the record's result) is a dashed line across.

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"golang.org/x/image/vector"
)

// GameAxis is what the values of a game chart are, which sets how its
// vertical axis is scaled and labelled.
type GameAxis int

const (
	// AxisLead: points that Black leads by, after komi: an axis
	// symmetric about 0, its ticks labelled "B+10", "0", "W+10".
	AxisLead GameAxis = iota
	// AxisFrom0: a measure from 0 up, such as a cross-entropy in nats.
	AxisFrom0
)

// CurveStyle is how a game chart's curve is drawn.
type CurveStyle int

const (
	// CurveMain is the estimate shown: the chart's primary colour, its
	// turning points marked.
	CurveMain CurveStyle = iota
	// CurveSecond is another estimate to compare with: orange.
	CurveSecond
	// CurveReference is an engine's or the game's own: grey.
	CurveReference
)

// GameCurve is one curve of a game chart.
type GameCurve struct {
	// Values holds the value after each number of moves; NaN where it is
	// not known (yet), which leaves a gap.
	Values []float64
	// Trend, if not nil, is Values smoothed, one per move as well: it is
	// drawn in full and Values faintly and thinly under it, and the
	// turning points sit on it.
	Trend []float64
	Style CurveStyle
	// Label names the curve in the chart's key; "" leaves it out.
	Label string
}

// GameLevel is a horizontal line across a game chart: the record's result.
type GameLevel struct {
	Value float64
	Label string
}

// GameChart is a value of every position of a game over the move number.
type GameChart struct {
	// Moves is the last move on the horizontal axis, which runs from 0.
	Moves int
	Axis  GameAxis
	// Top, when above 0, is the top of an AxisFrom0 axis whatever the
	// values: 1 for a probability. 0 fits the axis to the values.
	Top    float64
	Curves []GameCurve
	// Current is the move marked with a vertical line; −1 for none.
	Current int
	// Turns are the moves marked on the first curve as turning points.
	Turns []int
	// Level, if not nil, is drawn as a dashed line with its label.
	Level *GameLevel
}

// curveColor returns the colour of style.
func curveColor(style CurveStyle, c ChartColors) color.Color {
	switch style {
	case CurveSecond:
		return color.RGBA{0xf0, 0x8c, 0x1a, 0xff}
	case CurveReference:
		return fade(c.Fg, 0xa0)
	}
	return c.Primary
}

// yRange returns the values at the bottom and the top of the vertical
// axis: for AxisLead ±the largest size of any value or the level, at
// least 10 points; for AxisFrom0 from 0 to Top, or without one to the
// largest value, at least 0.1. ok is false when no value is known.
func (c GameChart) yRange() (lo, hi float64, ok bool) {
	top := math.Inf(-1)
	for _, cv := range c.Curves {
		for _, v := range cv.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			if c.Axis == AxisLead {
				v = math.Abs(v)
			}
			top = max(top, v)
		}
	}
	if math.IsInf(top, -1) {
		return 0, 0, false
	}
	if c.Axis == AxisLead {
		if c.Level != nil {
			top = max(top, math.Abs(c.Level.Value))
		}
		top = max(top, 10)
		return -top, top, true
	}
	if c.Top > 0 {
		return 0, c.Top, true
	}
	return 0, max(top, 0.1), true
}

// niceStep returns the least step of 1, 2, 2.5 or 5 times a power of ten
// that is at least x > 0.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// LeadLabel writes a lead in points as Go results are written: "B+10",
// "W+2.5", "0".
func LeadLabel(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', -1, 64)
	switch {
	case v > 0:
		return "B+" + s
	case v < 0:
		return "W+" + s
	}
	return "0"
}

// tick writes a tick of the vertical axis.
func (c GameChart) tick(v float64) string {
	if c.Axis == AxisLead {
		return LeadLabel(v)
	}
	return TickLabel(v)
}

// MoveAt returns the move whose position on the horizontal axis of a
// frame laid out by Layout is nearest to x, within 0…Moves.
func (c GameChart) MoveAt(frame Box, x float32) int {
	if frame.W <= 0 || c.Moves <= 0 {
		return 0
	}
	m := int(math.Round(float64((x - frame.X) / frame.W * float32(c.Moves))))
	return max(0, min(m, c.Moves))
}

// gameX is where move m sits on the horizontal axis, 0 at move 0 and 1
// at the last.
func (c GameChart) gameX(m int) float64 {
	if c.Moves <= 0 {
		return 0.5
	}
	return float64(m) / float64(c.Moves)
}

// Layout puts the ticks of the vertical axis on the left, as wide as the
// widest, round move numbers under the frame, the curves' key along the
// frame's top, and the level's label at its right end.
func (c GameChart) Layout(w, h, pad float32, measure Measure) ChartLayout {
	_, th := measure("0")
	lo, hi, ok := c.yRange()
	if !ok {
		lo, hi = -10, 10
		if c.Axis == AxisFrom0 {
			lo, hi = 0, 1
		}
	}
	most := max(2, int((h-2*th)/(1.5*th)))
	yTicks := ThermoTicks(lo, hi, most)
	if c.Axis == AxisLead {
		// Ticks at 0 and alike on either side, up to the ends of the
		// axis, which are rounded out to a tick.
		step := niceStep(hi / float64(max(1, most/2)))
		hi = step * math.Ceil(hi/step-1e-9)
		lo = -hi
		yTicks = nil
		for k := -math.Round(hi / step); k <= math.Round(hi/step); k++ {
			yTicks = append(yTicks, k*step+0) // +0 turns −0 into 0
		}
	}
	// At least as wide as a lead of three digits, so that game charts
	// one over the other put their moves at the same places.
	lw, _ := measure("W+000")
	for _, v := range yTicks {
		tw, _ := measure(c.tick(v))
		lw = max(lw, tw)
	}
	f := Box{X: lw + pad, Y: th / 2}
	f.W, f.H = max(1, w-f.X-pad), max(1, h-f.Y-th-pad/2)
	l := ChartLayout{Frame: f}
	fy := func(v float64) float32 { return f.Y + float32((hi-v)/(hi-lo))*f.H }
	for _, v := range yTicks {
		l.Labels = append(l.Labels, ChartLabel{Text: c.tick(v), Box: Box{0, fy(v) - th/2, lw, th}, Align: AlignTrailing})
	}
	widest, _ := measure(strconv.Itoa(max(c.Moves, 10)) + "00")
	var xTicks []int
	for _, v := range ThermoTicks(0, float64(c.Moves), max(1, int(f.W/widest))) {
		if v == math.Trunc(v) {
			xTicks = append(xTicks, int(v))
		}
	}
	for _, m := range xTicks {
		text := strconv.Itoa(m)
		tw, _ := measure(text)
		x := f.X + float32(c.gameX(m))*f.W
		x = max(f.X+tw/2, min(x, f.X+f.W-tw/2))
		l.Labels = append(l.Labels, ChartLabel{Text: text, Box: Box{x - tw/2, f.Y + f.H, tw, th}, Align: AlignCenter})
	}
	// The key: a short stroke in the curve's colour, then its name.
	type swatch struct {
		x, y  float32 // where the stroke starts, in the frame
		style CurveStyle
	}
	var key []swatch
	stroke := 2 * th
	kx, ky := f.X+pad, f.Y+pad/2
	for _, cv := range c.Curves {
		if cv.Label == "" {
			continue
		}
		tw, _ := measure(cv.Label)
		if kx > f.X+pad && kx+stroke+pad/2+tw > f.X+f.W {
			kx, ky = f.X+pad, ky+th
		}
		key = append(key, swatch{kx - f.X, ky + th/2 - f.Y, cv.Style})
		l.Labels = append(l.Labels, ChartLabel{Text: cv.Label, Box: Box{kx + stroke + pad/2, ky, tw, th}})
		kx += stroke + pad/2 + tw + 2*pad
	}
	if c.Level != nil && c.Level.Label != "" && ok {
		tw, _ := measure(c.Level.Label)
		y := fy(c.Level.Value)
		// Above the line, unless that leaves the frame.
		ly := y - th
		if ly < f.Y {
			ly = y
		}
		l.Labels = append(l.Labels, ChartLabel{Text: c.Level.Label, Box: Box{f.X + f.W - tw - pad/2, ly, tw, th}, Align: AlignTrailing, Accent: true})
	}
	if !ok {
		return l // the frame and axes of an empty chart: the values come
	}
	l.Paint = func(img *image.RGBA, col ChartColors, px float64) {
		keys := map[CurveStyle][][2]float64{}
		for _, s := range key {
			x, y := float64(s.x)*px, float64(s.y)*px
			keys[s.style] = append(keys[s.style], [2]float64{x, y}, [2]float64{x + float64(stroke)*px, y})
		}
		c.paint(img, col, px, lo, hi, yTicks, xTicks, keys)
	}
	return l
}

// paint draws the chart into img, which covers the frame at px pixels a
// unit: the grid, the zero line, the level, the current move, the curves
// with the turning points on the first, and the key's strokes, from
// keyed's pairs of points by style.
func (c GameChart) paint(img *image.RGBA, col ChartColors, px, lo, hi float64, yTicks []float64, xTicks []int,
	keyed map[CurveStyle][][2]float64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 4 || h < 4 {
		return
	}
	lw := max(1, px)
	fx := func(m int) float64 { return c.gameX(m) * float64(w-1) }
	fy := func(v float64) float64 { return (hi - v) / (hi - lo) * float64(h-1) }
	grid, axis := fade(col.Fg, 0x28), fade(col.Fg, 0x70)
	for _, v := range yTicks {
		fillRow(img, int(math.Round(fy(v))), 0, w, grid, int(lw))
	}
	for _, m := range xTicks {
		fillCol(img, int(math.Round(fx(m))), 0, h, grid, int(lw))
	}
	fillCol(img, 0, 0, h, axis, int(lw))
	if c.Axis == AxisLead {
		fillRow(img, int(math.Round(fy(0))), 0, w, axis, int(lw))
	}
	if c.Level != nil {
		y := int(math.Round(fy(c.Level.Value)))
		dash := int(6 * px)
		for x := 0; x < w; x += 2 * dash {
			fillRow(img, y, x, min(w, x+dash), col.Accent, int(lw))
		}
	}
	for _, m := range c.Turns {
		if m >= 0 && m <= c.Moves {
			fillCol(img, int(math.Round(fx(m))), 0, h, fade(col.Accent, 0x60), int(lw))
		}
	}
	if c.Current >= 0 && c.Current <= c.Moves {
		x := int(math.Round(fx(c.Current) - lw))
		fillCol(img, x, 0, h, col.Fg, int(2*lw))
	}
	var z vector.Rasterizer
	// The reference under the estimates, the estimate shown on top; each
	// curve's faint values under its trend.
	for _, style := range []CurveStyle{CurveReference, CurveSecond, CurveMain} {
		for _, faint := range []bool{true, false} {
			z.Reset(w, h)
			drawn := false
			for _, cv := range c.Curves {
				if cv.Style != style || faint && cv.Trend == nil {
					continue
				}
				values, width := cv.Values, 1.5*lw
				switch {
				case faint:
					width = lw
				case cv.Trend != nil:
					values, width = cv.Trend, 2*lw
				}
				c.addCurve(&z, values, width, fx, fy, lo, hi)
				drawn = true
			}
			if !faint {
				for k := 0; k+1 < len(keyed[style]); k += 2 {
					stroke(&z, keyed[style][k:k+2], 2*lw)
					drawn = true
				}
				if style == CurveMain && len(c.Curves) > 0 && c.Curves[0].Style == CurveMain {
					vs := c.Curves[0].Values
					if c.Curves[0].Trend != nil {
						vs = c.Curves[0].Trend
					}
					for _, m := range c.Turns {
						if m >= 0 && m < len(vs) && m <= c.Moves && !math.IsNaN(vs[m]) {
							dot(&z, [2]float64{fx(m), fy(max(lo, min(vs[m], hi)))}, 3.5*lw)
							drawn = true
						}
					}
				}
			}
			if drawn {
				ink := curveColor(style, col)
				if faint {
					ink = fade(ink, 0x70)
				}
				z.Draw(img, img.Rect, image.NewUniform(ink), image.Point{})
			}
		}
	}
}

// addCurve adds to z the curve of values, in runs of known values, a lone
// value as a dot; values beyond the axis are drawn at its end.
func (c GameChart) addCurve(z *vector.Rasterizer, values []float64, width float64, fx func(int) float64, fy func(float64) float64, lo, hi float64) {
	var run [][2]float64
	flush := func() {
		if len(run) == 1 {
			dot(z, run[0], width)
		}
		stroke(z, run, width)
		run = run[:0]
	}
	for m, v := range values {
		if m > c.Moves {
			break
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			flush()
			continue
		}
		run = append(run, [2]float64{fx(m), fy(max(lo, min(v, hi)))})
	}
	flush()
}
