package render

// The thermograph of a combinatorial game: its left and right walls as
// piecewise-linear functions of the temperature t, from t = −1 up to the
// game's temperature, where they meet, and the vertical mast above it at
// the mean. It is drawn as the literature draws it (Winning Ways, Siegel):
// values grow to the left, so that Left's (Black's) wall is on the left,
// and temperatures grow upwards. The app draws the walls, the mast, the
// grid and a dashed line at one temperature (2, the cooling of Nakamura's
// capturing races) with DrawThermograph, and lays the axis labels out
// itself as text, with ThermoAxis, ThermoTicks, X and Y, as it does for a
// trace.

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// ThermoPoint is a corner of a thermograph wall: value V at temperature T.
type ThermoPoint struct{ T, V float64 }

// Thermo is a thermograph in floating point, for drawing.
type Thermo struct {
	// Left and Right are the corners of the walls, sorted by T, the first
	// at t = −1 and the last at the temperature; a wall is linear between
	// its corners.
	Left, Right []ThermoPoint
	// Mast is the mean, where the walls meet; Temperature is where they
	// meet, and where the mast starts.
	Mast, Temperature float64
	// Bound, when positive, is where the finite part of the thermograph
	// ends: a value of Bound or more in size, or a temperature of Bound/2
	// or more, stands for something no number counts (in a capturing
	// race, a block that lives, which the count writes as a thousand
	// liberties). The frame is fitted to the finite part, so that the
	// walls there and the temperature line show; the rest runs off the
	// picture.
	Bound float64
}

// finite reports whether value v at temperature t lies in th's finite
// part (Bound).
func (th Thermo) finite(v, t float64) bool {
	return th.Bound <= 0 || math.Abs(v) < th.Bound && t < th.Bound/2
}

// WallAt returns the value of the wall through corners w at temperature
// t: linear between corners, constant before the first and after the last.
func WallAt(w []ThermoPoint, t float64) float64 {
	if len(w) == 0 {
		return math.NaN()
	}
	if t <= w[0].T {
		return w[0].V
	}
	for k := 1; k < len(w); k++ {
		a, b := w[k-1], w[k]
		if t <= b.T {
			if b.T == a.T {
				return b.V
			}
			return a.V + (b.V-a.V)*(t-a.T)/(b.T-a.T)
		}
	}
	return w[len(w)-1].V
}

// ThermoScale is the frame of a thermograph picture: values from VLo to
// VHi across, VHi at the left edge, and temperatures from TLo at the
// bottom to THi at the top.
type ThermoScale struct{ VLo, VHi, TLo, THi float64 }

// ThermoAxis returns a frame that holds every corner of th's finite part
// (all of it without a Bound), its mast, the temperature line (NaN for
// none) and, unless the walls lie far from it,
// the value 0, with a margin around the walls and room above the
// temperature for the mast to show: the values span at least 4 and the
// temperatures run from −1 to at least one above the higher of the
// temperature and the line.
//
// 0 shows who is ahead, but a game far from it (more than 20 and more
// than the walls' own span: a region where a block lives, worth a
// thousand liberties give or take a few) would shrink its walls to a
// line beside it, so it is then left out.
func ThermoAxis(th Thermo, line float64) ThermoScale {
	lo, hi := math.Inf(1), math.Inf(-1)
	top := math.Inf(-1)
	add := func(v, t float64) {
		if th.finite(v, t) {
			lo, hi, top = min(lo, v), max(hi, v), max(top, t)
		}
	}
	add(th.Mast, th.Temperature)
	for _, w := range [][]ThermoPoint{th.Left, th.Right} {
		for _, p := range w {
			add(p.V, p.T)
		}
	}
	if lo > hi { // nothing finite: the frame around 0
		lo, hi, top = 0, 0, -1
	}
	if far := max(lo, -hi); far <= max(farFromZero, hi-lo) {
		lo, hi = min(lo, 0), max(hi, 0)
	}
	if span := hi - lo; span < 4 {
		lo, hi = lo-(4-span)/2, hi+(4-span)/2
	}
	pad := (hi - lo) / 10
	if !math.IsNaN(line) {
		top = max(top, line)
	}
	top = math.Ceil(top + max(1, (top+1)/5))
	return ThermoScale{VLo: math.Floor(lo - pad), VHi: math.Ceil(hi + pad), TLo: -1, THi: top}
}

// farFromZero is how far from 0, at least, walls must lie for ThermoAxis
// to leave 0 out.
const farFromZero = 20

// Fit returns s widened along one axis so that on a frame w by h (in any
// unit) a unit of value is as long as a unit of temperature, as
// thermographs are drawn: the walls' slopes of ±1 are then at 45°. The
// values widen equally on both sides; the temperatures upwards.
func (s ThermoScale) Fit(w, h float64) ThermoScale {
	if w <= 0 || h <= 0 {
		return s
	}
	vr, tr := s.VHi-s.VLo, s.THi-s.TLo
	if per := w / vr; per > h/tr { // too wide: more values
		extra := w/(h/tr) - vr
		s.VLo, s.VHi = s.VLo-extra/2, s.VHi+extra/2
	} else {
		s.THi = s.TLo + h/per
	}
	return s
}

// X is where value v sits across the frame: 0 at the left edge (VHi), 1
// at the right (VLo).
func (s ThermoScale) X(v float64) float64 { return (s.VHi - v) / (s.VHi - s.VLo) }

// Y is where temperature t sits down the frame: 0 at the top (THi), 1 at
// the bottom (TLo).
func (s ThermoScale) Y(t float64) float64 { return (s.THi - t) / (s.THi - s.TLo) }

// ThermoTicks returns round values within lo…hi, in steps of ¼, ½, or 1,
// 2 or 5 times a power of ten, at most most+1 of them, for the grid
// lines and labels of an axis.
func ThermoTicks(lo, hi float64, most int) []float64 {
	if !(hi > lo) || most < 1 {
		return nil
	}
	step := 0.25
	for (hi-lo)/step > float64(most) {
		// 0.25 0.5 1 2 5 10 20 50 …: d is the step's leading digit(s).
		switch d := step / math.Pow(10, math.Floor(math.Log10(step))); {
		case d > 2.2 && d < 3: // 2.5
			step *= 2
		case d > 1.5 && d < 3: // 2
			step *= 2.5
		default: // 1, 5
			step *= 2
		}
	}
	var out []float64
	for k := math.Ceil(lo / step); k*step <= hi; k++ {
		out = append(out, k*step+0) // +0 turns −0 into 0
	}
	return out
}

// ThermoColors are the colours of a thermograph's parts.
type ThermoColors struct {
	Grid  color.Color // the grid lines at the ticks
	Axis  color.Color // the lines of value 0 and temperature 0
	Left  color.Color // Left's (Black's) wall
	Right color.Color // Right's (White's) wall
	Mast  color.Color // the mast
	Line  color.Color // the dashed temperature line, and where the walls cross it
}

// DrawThermograph draws into img, over what is there, the grid lines at
// the values vt and temperatures tt, the axes through 0, the dashed line
// at temperature line (NaN for none) with a dot where each wall, or the
// mast, crosses it, the two walls and the mast of th, in the frame s
// stretched over the whole image. px is the number of pixels per unit of
// the caller's layout, which line widths scale with.
func DrawThermograph(img *image.RGBA, th Thermo, s ThermoScale, vt, tt []float64, line float64, c ThermoColors, px float64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 4 || h < 4 || len(th.Left) == 0 || len(th.Right) == 0 {
		return
	}
	lw := max(1, px)
	fx := func(v float64) float64 { return float64(img.Rect.Min.X) + s.X(v)*float64(w-1) }
	fy := func(t float64) float64 { return float64(img.Rect.Min.Y) + s.Y(t)*float64(h-1) }
	ix := func(v float64) int { return int(math.Round(fx(v))) }
	iy := func(t float64) int { return int(math.Round(fy(t))) }
	for _, v := range vt {
		fillCol(img, ix(v)-int(lw)/2, img.Rect.Min.Y, img.Rect.Max.Y, c.Grid, int(lw))
	}
	for _, t := range tt {
		fillRow(img, iy(t), img.Rect.Min.X, img.Rect.Max.X, c.Grid, int(lw))
	}
	fillCol(img, ix(0)-int(lw)/2, img.Rect.Min.Y, img.Rect.Max.Y, c.Axis, int(lw))
	fillRow(img, iy(0), img.Rect.Min.X, img.Rect.Max.X, c.Axis, int(lw))
	if !math.IsNaN(line) {
		y, dash := iy(line), int(6*px)
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x += 2 * dash {
			fillRow(img, y, x, min(img.Rect.Max.X, x+dash), c.Line, int(lw))
		}
	}

	var z vector.Rasterizer
	paint := func(col color.Color, add func()) {
		z.Reset(w, h)
		add()
		z.Draw(img, img.Rect, image.NewUniform(col), image.Point{})
	}
	// The rasterizer's coordinates start at the image's corner.
	local := func(v, t float64) [2]float64 {
		return [2]float64{fx(v) - float64(img.Rect.Min.X), fy(t) - float64(img.Rect.Min.Y)}
	}
	// The lines are clipped to the frame, with a margin: a wall running
	// off to a count of life must not reach the rasterizer a thousand
	// frames away.
	path := func(ps []ThermoPoint) {
		for _, part := range s.clip(ps) {
			pts := make([][2]float64, len(part))
			for k, p := range part {
				pts[k] = local(p.V, p.T)
			}
			stroke(&z, pts, 2*lw)
		}
	}
	inside := func(v, t float64) bool { return s.X(v) >= 0 && s.X(v) <= 1 && s.Y(t) >= 0 && s.Y(t) <= 1 }
	// The mast first, so that the walls' ends are drawn over its foot.
	paint(c.Mast, func() { path([]ThermoPoint{{th.Temperature, th.Mast}, {max(s.THi, th.Temperature), th.Mast}}) })
	paint(c.Right, func() { path(th.Right) })
	paint(c.Left, func() { path(th.Left) })
	if !math.IsNaN(line) && line >= s.TLo && line <= s.THi {
		paint(c.Line, func() {
			pts := []float64{th.Mast}
			if line < th.Temperature {
				pts = []float64{WallAt(th.Left, line), WallAt(th.Right, line)}
			}
			for _, v := range pts {
				if inside(v, line) {
					dot(&z, local(v, line), 2.5*lw)
				}
			}
		})
	}
}

// clip returns the parts of the polyline through ps that lie within the
// frame s widened by its own size on every side, each part a polyline
// (Liang–Barsky, segment by segment).
func (s ThermoScale) clip(ps []ThermoPoint) [][]ThermoPoint {
	dv, dt := s.VHi-s.VLo, s.THi-s.TLo
	vlo, vhi, tlo, thi := s.VLo-dv, s.VHi+dv, s.TLo-dt, s.THi+dt
	var parts [][]ThermoPoint
	var cur []ThermoPoint
	flush := func() {
		if len(cur) > 1 {
			parts = append(parts, cur)
		}
		cur = nil
	}
	if len(ps) == 1 {
		if p := ps[0]; p.V >= vlo && p.V <= vhi && p.T >= tlo && p.T <= thi {
			return [][]ThermoPoint{{p}}
		}
		return nil
	}
	for k := 1; k < len(ps); k++ {
		a, b := ps[k-1], ps[k]
		t0, t1 := 0.0, 1.0
		ok := true
		for _, e := range [4][2]float64{
			{-(b.V - a.V), a.V - vlo}, {b.V - a.V, vhi - a.V},
			{-(b.T - a.T), a.T - tlo}, {b.T - a.T, thi - a.T},
		} {
			p, q := e[0], e[1]
			switch {
			case p == 0 && q < 0:
				ok = false
			case p < 0:
				t0 = max(t0, q/p)
			case p > 0:
				t1 = min(t1, q/p)
			}
		}
		if !ok || t0 > t1 {
			flush()
			continue
		}
		at := func(u float64) ThermoPoint { return ThermoPoint{T: a.T + u*(b.T-a.T), V: a.V + u*(b.V-a.V)} }
		start, end := at(t0), at(t1)
		if len(cur) == 0 || t0 > 0 {
			flush()
			cur = []ThermoPoint{start}
		}
		cur = append(cur, end)
		if t1 < 1 {
			flush()
		}
	}
	flush()
	return parts
}
