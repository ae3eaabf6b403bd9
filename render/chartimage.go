package render

import (
	"fmt"
	"image"
	"image/draw"
	"strings"

	"golang.org/x/image/math/fixed"
)

// chartPrimary is the colour of the estimate in a chart drawn as an
// image, as 0xRRGGBB: a blue, beside the plain board's ink on its
// off-white and the histogram's red as the accent.
const chartPrimary = 0x1f5fbf

// ChartImage draws c into a new w×h image, as the app draws it but on a
// plain light background, with caption, a line each, above it: the
// picture 'moyo game --format png' writes. Labels and caption are drawn in
// the Go font, which draws ASCII only: a minus sign is written "-", other
// characters beyond ASCII "?"; a caption line too long is cut short with
// "...". It is an error for the image to be too
// small for the caption and a frame.
func ChartImage(c Chart, w, h int, caption []string) (*image.RGBA, error) {
	ts := max(11, w/64) // the labels' text size in pixels
	capTs := ts * 6 / 5
	pad := ts / 2
	capLine := capTs * 3 / 2
	top := len(caption)*capLine + pad
	if w < 20*ts || h < top+6*ts {
		return nil, fmt.Errorf("render: a chart of %d×%d pixels is too small for its labels (at least %d×%d)", w, h, 20*ts, top+6*ts)
	}
	p := panel(w, h, Options{Background: Plain})
	dst := p.dst
	ink, accent := rgb(plainInk), rgb(histogramMark)
	colors := ChartColors{Fg: ink, Primary: rgb(chartPrimary), Accent: accent}

	capFace := newFace(p.opt.Font, fixed.Int26_6(capTs*64), &p.fbuf, &p.z)
	for k, line := range caption {
		s, err := fit(capFace, ASCII(line), w-2*pad)
		if err != nil {
			return nil, err
		}
		if err := capFace.draw(p, image.Pt(pad, (k+1)*capLine-capLine/4), []byte(s), ink); err != nil {
			return nil, err
		}
	}

	fc := newFace(p.opt.Font, fixed.Int26_6(ts*64), &p.fbuf, &p.z)
	lineH := float32(ts) * 1.35
	var measureErr error
	measure := func(s string) (float32, float32) {
		n, err := fc.measure([]byte(ASCII(s)))
		if err != nil && measureErr == nil {
			measureErr = err
		}
		return float32(n), lineH
	}
	area := image.Rect(pad, top, w-pad, h-pad)
	l := c.Layout(float32(area.Dx()), float32(area.Dy()), float32(pad), measure)
	if measureErr != nil {
		return nil, measureErr
	}
	if l.Paint != nil {
		f := l.Frame
		frame := image.NewRGBA(image.Rect(0, 0, int(f.W+0.5), int(f.H+0.5)))
		l.Paint(frame, colors, 1)
		at := area.Min.Add(image.Pt(int(f.X+0.5), int(f.Y+0.5)))
		draw.Draw(dst, frame.Rect.Add(at), frame, image.Point{}, draw.Over)
	}
	capTop, err := fc.capTop()
	if err != nil {
		return nil, err
	}
	texts := append([]ChartLabel(nil), l.Labels...)
	if l.Message != "" {
		texts = append(texts, ChartLabel{Text: l.Message, Box: Box{0, float32(area.Dy()) / 2, float32(area.Dx()), lineH}, Align: AlignCenter})
	}
	for _, lb := range texts {
		s := []byte(ASCII(lb.Text))
		tw, err := fc.measure(s)
		if err != nil {
			return nil, err
		}
		x := lb.Box.X
		switch lb.Align {
		case AlignCenter:
			x += (lb.Box.W - float32(tw)) / 2
		case AlignTrailing:
			x += lb.Box.W - float32(tw)
		}
		col := ink
		if lb.Accent {
			col = accent
		}
		y := lb.Box.Y + (lb.Box.H+float32(capTop))/2
		if err := fc.draw(p, area.Min.Add(image.Pt(int(x+0.5), int(y+0.5))), s, col); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// Stack puts imgs one under the other, left-aligned, in a new image as
// wide as the widest: a chart and the strips that go under it.
func Stack(imgs ...*image.RGBA) *image.RGBA {
	w, h := 0, 0
	for _, m := range imgs {
		w, h = max(w, m.Rect.Dx()), h+m.Rect.Dy()
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	y := 0
	for _, m := range imgs {
		draw.Draw(dst, image.Rect(0, y, m.Rect.Dx(), y+m.Rect.Dy()), m, m.Rect.Min, draw.Src)
		y += m.Rect.Dy()
	}
	return dst
}

// fit returns s, or as much of it as fits in w pixels followed by "...".
func fit(fc *face, s string, w int) (string, error) {
	for cut := len(s); ; cut-- {
		t := s
		if cut < len(s) {
			t = s[:cut] + "..."
		}
		tw, err := fc.measure([]byte(t))
		if err != nil || tw <= w || cut == 0 {
			return t, err
		}
	}
}

// ASCII returns s with what the Go font of the pictures cannot draw
// replaced: the minus sign, dashes and the middle dot by "-", the
// ellipsis by "...", anything else beyond ASCII by "?".
func ASCII(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 128:
			b.WriteRune(r)
		case r == '−' || r == '–' || r == '—' || r == '·':
			b.WriteByte('-')
		case r == '…':
			b.WriteString("...")
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
