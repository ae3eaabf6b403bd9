package render

import (
	"fmt"
	"image"
	"strings"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// CaptionHeight is the height in pixels of a caption of n lines w pixels
// wide.
func CaptionHeight(w, n int) int { return n*captionLine(w) + captionLine(w)/2 }

// captionLine is the distance between the baselines of a caption's lines.
func captionLine(w int) int { return max(16, min(w/30, 40)) }

// captionText is the width in pixels a line of a caption w pixels wide
// may take: all but its margins.
func captionText(w int) int { return w - captionLine(w) }

// captionFace returns the face of a caption w pixels wide, in font f (nil:
// the Go font).
func captionFace(w int, f *sfnt.Font, buf *sfnt.Buffer, z *vector.Rasterizer) *face {
	if f == nil {
		f = goMedium()
	}
	return newFace(f, fixed.Int26_6(captionLine(w)*64*70/100), buf, z)
}

// Pack joins items, sep between them, into the fewest lines that fit a
// caption w pixels wide in opt's font (Caption), keeping their order and
// breaking only between items: an item too wide for a line of its own is
// cut short with "...". It breaks a caption's lists (sep "   ") and its
// sentences (Wrap).
func Pack(w int, items []string, sep string, opt Options) ([]string, error) {
	fc := captionFace(w, opt.Font, new(sfnt.Buffer), new(vector.Rasterizer))
	room := captionText(w)
	var lines []string
	line := ""
	for _, it := range items {
		if line != "" {
			lw, err := fc.measure([]byte(line + sep + it))
			if err != nil {
				return nil, err
			}
			if lw <= room {
				line += sep + it
				continue
			}
			lines = append(lines, line)
		}
		var err error
		if line, err = fit(fc, it, room); err != nil {
			return nil, err
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, nil
}

// Wrap breaks s at spaces into the fewest lines that fit a caption w
// pixels wide in opt's font (Pack); s stands as it is where it fits,
// and a blank s makes none.
func Wrap(w int, s string, opt Options) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	fc := captionFace(w, opt.Font, new(sfnt.Buffer), new(vector.Rasterizer))
	lw, err := fc.measure([]byte(s))
	switch {
	case err != nil:
		return nil, err
	case lw <= captionText(w):
		return []string{s}, nil
	}
	return Pack(w, strings.Fields(s), " ", opt)
}

// Caption draws lines of text, one under the other and left-aligned, into
// a new image w pixels wide and CaptionHeight(w, len(lines)) tall, on the
// board's background in the ink of the coordinates, for notes that go
// under a board (the values of labelled regions, say). opt gives the
// background and the font; its other fields are not read. Only ASCII text
// is drawn; a line too long for w is an error.
func Caption(w int, lines []string, opt Options) (*image.RGBA, error) {
	step := captionLine(w)
	p := panel(w, CaptionHeight(w, len(lines)), opt)
	dst := p.dst
	fc := captionFace(w, p.opt.Font, &p.fbuf, &p.z)
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

// Heading is what the caption of an exported picture says of it, each
// part worded as the app's window title and panels word it, so that a
// picture carries what the window showed. A part that is "" is left out.
type Heading struct {
	// Game names the game: its players, "Gu Li v Master", or the name of
	// its file (game.Info.Players).
	Game string
	// File is the record's file name, named instead of players whose
	// names the picture's font cannot draw.
	File string
	// Move is where in the game: "move 100", "editing from move 100".
	Move string
	// Estimator names what drew the overlay: "symmetric",
	// "symmetric - KataGo".
	Estimator string
	// Estimate is the estimate named as one, with the count beside it
	// where there is one (estimators.EstimateLine): "estimate W+15.2
	// (sum of control) · result W+2.5".
	Estimate string
	// Note, when not "", is a line of its own under the estimate: the
	// estimator's settings ("mode=judged lambda=0.44 …, komi 6.5"), or
	// the sum of KataGo's ownership under KataGo's own lead.
	Note string
}

// Lines returns the caption's lines in the ASCII the pictures' font
// draws: the game and the move, "Gu Li v Master, move 100", then the
// estimator and its estimate, "symmetric: estimate W+15.2 (sum of
// control), result W+2.5", and the note when there is one. Players
// the font cannot draw are named by the file instead.
func (h Heading) Lines() []string {
	game := h.Game
	if ASCII(game) != game && h.File != "" {
		game = h.File
	}
	var lines []string
	if first := join(", ", game, h.Move); first != "" {
		lines = append(lines, ASCII(first))
	}
	est := strings.ReplaceAll(h.Estimate, " · ", ", ")
	if second := join(": ", h.Estimator, est); second != "" {
		lines = append(lines, ASCII(second))
	}
	if h.Note != "" {
		lines = append(lines, ASCII(strings.ReplaceAll(h.Note, " · ", ", ")))
	}
	return lines
}

// join joins the parts of parts that are not "" with sep.
func join(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// Captioned returns img with h's caption under it, as wide as img: the
// caption of every board picture moyo exports. A line too long for the
// width is cut short with "...".
func Captioned(img *image.RGBA, h Heading, opt Options) (*image.RGBA, error) {
	lines := h.Lines()
	if len(lines) == 0 {
		return img, nil
	}
	w := img.Rect.Dx()
	fc := captionFace(w, opt.Font, new(sfnt.Buffer), new(vector.Rasterizer))
	for k, s := range lines {
		t, err := fit(fc, s, captionText(w))
		if err != nil {
			return nil, err
		}
		lines[k] = t
	}
	c, err := Caption(w, lines, opt)
	if err != nil {
		return nil, err
	}
	return Stack(img, c), nil
}
