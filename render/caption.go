package render

import (
	"fmt"
	"image"

	"golang.org/x/image/math/fixed"
)

// CaptionHeight is the height in pixels of a caption of n lines w pixels
// wide.
func CaptionHeight(w, n int) int { return n*captionLine(w) + captionLine(w)/2 }

// captionLine is the distance between the baselines of a caption's lines.
func captionLine(w int) int { return max(16, min(w/30, 40)) }

// Caption draws lines of text, one under the other and left-aligned, into
// a new image w pixels wide and CaptionHeight(w, len(lines)) tall, on the
// board's background in the ink of the coordinates, for notes that go
// under a board (the values of labelled regions, say). opt gives the
// background and the font; its other fields are not read. Only ASCII text
// is drawn; a line too long for w is an error.
func Caption(w int, lines []string, opt Options) (*image.RGBA, error) {
	if opt.Font == nil {
		opt.Font = goMedium()
	}
	step := captionLine(w)
	dst := image.NewRGBA(image.Rect(0, 0, w, CaptionHeight(w, len(lines))))
	p := &painter{dst: dst, opt: opt}
	p.l.Bounds = dst.Rect
	p.background()
	fc := newFace(opt.Font, fixed.Int26_6(step*64*70/100), &p.fbuf, &p.z)
	ink := rgb(woodLabel)
	if opt.Background != Wood {
		ink = rgb(plainLabel)
	}
	pad := step / 2
	for k, s := range lines {
		lw, err := fc.measure([]byte(s))
		if err != nil {
			return nil, err
		}
		if lw > w-2*pad {
			return nil, fmt.Errorf("render: caption line %q is %d pixels wide, over the %d the image has", s, lw, w-2*pad)
		}
		if err := fc.draw(p, image.Pt(pad, (k+1)*step), []byte(s), ink); err != nil {
			return nil, err
		}
	}
	return dst, nil
}
