package render

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"golang.org/x/image/math/fixed"
)

// HistogramBar is one bar of a histogram: Count values from From to To on
// the axis.
type HistogramBar struct {
	From, To float64
	Count    int
}

// Histogram is a distribution of final scores to draw: bars in increasing
// order of score, not overlapping, and a mark, the komi, which splits them
// into Black's wins (the scores above it) and White's.
type Histogram struct {
	Bars []HistogramBar
	Mark float64
}

// Axis returns the scores at the left and right ends of the axis: from
// the first bar's start to the last bar's end, widened to show the mark
// with half a bar's width to spare.
func (h Histogram) Axis() (lo, hi float64, ok bool) {
	if len(h.Bars) == 0 {
		return 0, 0, false
	}
	lo, hi = h.Bars[0].From, h.Bars[len(h.Bars)-1].To
	margin := (h.Bars[0].To - h.Bars[0].From) / 2
	if !math.IsNaN(h.Mark) {
		lo, hi = min(lo, h.Mark-margin), max(hi, h.Mark+margin)
	}
	if !(hi > lo) {
		return 0, 0, false
	}
	return lo, hi, true
}

// histogramMark is the colour of a histogram's mark, as 0xRRGGBB: a red
// that stands out from the bars, which are black for Black's wins and
// white for White's, on the board's background, so that they read as the
// stones do.
const histogramMark = 0xd0301e

// DrawHistogram draws h into a new w×ht image: the bars on the board's
// background (opt.Background), those above the mark black and those below
// it white (all black without a mark, NaN), a bar that spans the mark split there, each bar as tall as
// its count against the tallest and at least a pixel when it counts
// anything; the mark as a red line; and, below, the scores at the two ends
// of the axis ("-12", "+45") and the mark's ("6.5") where it has room. opt
// gives the background and the font; its other fields are not read. It is
// an error for h to have no bars or the image to be smaller than 24×16.
func DrawHistogram(w, ht int, h Histogram, opt Options) (*image.RGBA, error) {
	lo, hi, ok := h.Axis()
	if !ok {
		return nil, fmt.Errorf("render: a histogram without bars")
	}
	if w < 24 || ht < 16 {
		return nil, fmt.Errorf("render: a histogram of %d×%d pixels is too small (at least 24×16)", w, ht)
	}
	p := panel(w, ht, opt)
	dst := p.dst
	ink := rgb(woodLabel)
	if opt.Background != Wood {
		ink = rgb(plainLabel)
	}

	// The labels take the bottom third; the bars the rest, above a base
	// line.
	labelH := ht / 3
	base := ht - labelH - 1 // the base line's row
	fillRect(dst, image.Rect(0, base, w, base+1), ink)
	tallest := 0
	for _, b := range h.Bars {
		tallest = max(tallest, b.Count)
	}
	score := func(x int) float64 { return lo + (float64(x)+0.5)/float64(w)*(hi-lo) }
	k := 0 // the bar that may hold column x's score, which only grows
	for x := range w {
		s := score(x)
		for k < len(h.Bars)-1 && s >= h.Bars[k].To {
			k++
		}
		b := h.Bars[k]
		if s < b.From || s >= b.To || b.Count == 0 || tallest == 0 {
			continue
		}
		bh := max(1, int(math.Round(float64(b.Count)/float64(tallest)*float64(base))))
		c := rgb(white)
		if math.IsNaN(h.Mark) || s > h.Mark {
			c = rgb(black)
		}
		fillRect(dst, image.Rect(x, base-bh, x+1, base), c)
	}
	markX := -1
	if !math.IsNaN(h.Mark) {
		markX = int(math.Floor((h.Mark - lo) / (hi - lo) * float64(w)))
		lw := max(1, ht/40)
		fillRect(dst, image.Rect(markX-lw/2, 0, markX-lw/2+lw, base+1), rgb(histogramMark))
	}

	if labelH < 8 {
		return dst, nil
	}
	fc := newFace(p.opt.Font, fixed.Int26_6(labelH*64*85/100), &p.fbuf, &p.z)
	ends := []struct {
		s     string
		x     int
		align int // −1 left, +1 right
	}{{signed(h.Bars[0].From, h.Bars[0].To), 0, -1}, {signed(h.Bars[len(h.Bars)-1].From, h.Bars[len(h.Bars)-1].To), w, 1}}
	baseline := ht - labelH/5
	pad := max(1, labelH/8) // keeps the ends' glyphs inside the image
	left, right := 0, w     // the room the end labels leave
	for _, l := range ends {
		lw, err := fc.measure([]byte(l.s))
		if err != nil {
			return nil, err
		}
		x := l.x + pad
		if l.align > 0 {
			x = l.x - lw - pad
			right = x
		} else {
			left = x + lw
		}
		if err := fc.draw(p, image.Pt(x, baseline), []byte(l.s), ink); err != nil {
			return nil, err
		}
	}
	if markX >= 0 {
		s := strconv.FormatFloat(h.Mark, 'f', -1, 64)
		mw, err := fc.measure([]byte(s))
		if err != nil {
			return nil, err
		}
		gap := labelH / 2
		if x := markX - mw/2; x >= left+gap && x+mw <= right-gap {
			if err := fc.draw(p, image.Pt(x, baseline), []byte(s), rgb(histogramMark)); err != nil {
				return nil, err
			}
		}
	}
	return dst, nil
}

// signed writes the score in the middle of from…to with its sign, "+45",
// "-12", "0", rounded to a whole number.
func signed(from, to float64) string {
	v := int(math.Round((from + to) / 2))
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}
