package render

import (
	"fmt"
	"image"
	"image/draw"

	"golang.org/x/image/math/fixed"
)

// LegendHeight is the height in pixels of a legend w pixels wide.
func LegendHeight(w int) int { return max(34, min(w/12, 64)) }

// Scale is the span of a legend's bar, as values the board shades, and
// the labels under its left end, its middle and its right end.
type Scale struct {
	Low, High float64 // −1 ≤ Low < High ≤ 1
	Labels    [3]string
}

// ValueScale is the scale of an estimate: −1, White's, to +1, Black's.
func ValueScale() Scale {
	return Scale{Low: -1, High: 1, Labels: [3]string{"-1 White", "0", "+1 Black"}}
}

// SwingScale is the scale of a share of a largest amount, such as how far
// each point swings in a cycle over the largest swing: 0 to 1, with no
// side's name, since the shade says how much and not whose.
func SwingScale() Scale { return Scale{Low: 0, High: 1, Labels: [3]string{"0", "0.5", "1"}} }

// Legend draws the key to the overlay into a new image w pixels wide and
// LegendHeight(w) tall: title (the estimator's name, say) on the left, then
// a bar shaded across opt.Scale (ValueScale, from −1 to +1, if it is
// zero) on the board's background exactly as Shading shades a point,
// with the scale's labels under its ends and its middle: "-1 White", "0"
// and "+1 Black". opt gives the background, the font and the scale; its
// other fields are not read. Only ASCII text is drawn.
func Legend(w int, title string, opt Options) (*image.RGBA, error) {
	sc := opt.Scale
	if sc.High <= sc.Low {
		sc = ValueScale()
	}
	h := LegendHeight(w)
	if w < 8*h {
		return nil, fmt.Errorf("render: a legend %d pixels wide is too narrow (at least %d)", w, 8*h)
	}
	p := panel(w, h, opt)
	dst := p.dst
	fc := newFace(p.opt.Font, fixed.Int26_6(h*64*30/100), &p.fbuf, &p.z)
	top, err := fc.capTop()
	if err != nil {
		return nil, err
	}
	ink := rgb(woodLabel)
	if opt.Background != Wood {
		ink = rgb(plainLabel)
	}
	pad := h / 5
	barTop, barBottom := pad, h/2+pad/3
	x0 := pad
	if title != "" {
		tw, err := fc.measure([]byte(title))
		if err != nil {
			return nil, err
		}
		if err := fc.draw(p, image.Pt(pad, (barTop+barBottom)/2+top/2), []byte(title), ink); err != nil {
			return nil, err
		}
		x0 = 2*pad + tw
	}
	x1 := w - pad
	if x1-x0 < 4*h {
		return nil, fmt.Errorf("render: no room for the legend's bar beside %q in %d pixels", title, w)
	}
	for x := x0; x < x1; x++ {
		v := sc.Low + (sc.High-sc.Low)*float64(x-x0)/float64(x1-x0-1)
		fillRect(dst, image.Rect(x, barTop, x+1, barBottom), ShadeOver(p.backgroundAt(x), v))
	}
	// A frame, so that the light end shows on a light board.
	edge := scale(p.backgroundAt(x0), 128)
	for _, r := range []image.Rectangle{
		image.Rect(x0-1, barTop-1, x1+1, barTop), image.Rect(x0-1, barBottom, x1+1, barBottom+1),
		image.Rect(x0-1, barTop, x0, barBottom), image.Rect(x1, barTop, x1+1, barBottom),
	} {
		fillRect(dst, r, edge)
	}
	base := h - pad/2 - 1
	for _, l := range []struct {
		s     string
		x     int
		align int // −1 left, 0 centre, +1 right
	}{{sc.Labels[0], x0, -1}, {sc.Labels[1], (x0 + x1) / 2, 0}, {sc.Labels[2], x1, 1}} {
		lw, err := fc.measure([]byte(l.s))
		if err != nil {
			return nil, err
		}
		x := l.x - lw/2
		switch l.align {
		case -1:
			x = l.x
		case 1:
			x = l.x - lw
		}
		if err := fc.draw(p, image.Pt(x, base), []byte(l.s), ink); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// LegendIn draws the widest key whose height, LegendHeight, fits a
// w×h image into one at its left, centred vertically: a key that spans a
// wide panel without overflowing its height. The image is blank when h
// or w is too small for any key (see Legend).
func LegendIn(w, h int, title string, opt Options) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	// LegendHeight grows by one every 12 pixels of width between its
	// least and its most height.
	lw := w
	switch {
	case h < LegendHeight(0):
		return img
	case h < LegendHeight(w):
		lw = min(w, 12*h+11)
	}
	key, err := Legend(lw, title, opt)
	if err != nil {
		return img // too narrow for a key: none rather than a broken one
	}
	y := (h - key.Rect.Dy()) / 2
	draw.Draw(img, key.Rect.Add(image.Pt(0, y)), key, image.Point{}, draw.Src)
	return img
}
