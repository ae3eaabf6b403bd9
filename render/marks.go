package render

import (
	"image"
	"image/color"

	"golang.org/x/image/math/fixed"

	"moyo/board"
)

// Mark is a sign drawn on a point, such as the letters and triangles that
// show a ranking of moves.
type Mark struct {
	Point board.Point
	// Label is drawn centred on the point: ASCII characters, usually one
	// or two, such as a letter. A label wider than the cell is drawn
	// smaller to fit it, down to about half the size. An empty Label draws
	// Shape instead.
	Label string
	// Shape is the sign of a mark without a label.
	Shape Shape
	// Color is the colour of a Stone mark's stone.
	Color board.Color
}

// Shape is the sign of a mark without a label.
type Shape uint8

// The shapes of marks.
const (
	// Cross is a diagonal cross, the sign dead stones are drawn with.
	Cross Shape = iota
	// Triangle is an outlined triangle pointing down, which a ranking
	// draws on its worst moves: a cross there would read as a dead stone.
	Triangle
	// Stone is a small stone of the mark's Color ringed in the other
	// colour: a move to play, on an empty point. It is smaller than a
	// stone so that it does not read as one played, and the ring keeps
	// it visible on shading of its own colour. Where a mark with a label
	// shares its point it is drawn smaller still, in the point's lower
	// right corner, so that the label stays legible.
	Stone
)

// fittedSize is fitted, with the label's width in the face it returns
// and that face's cap height.
func (p *painter) fittedSize(fc *face, label string) (f *face, w, top int, err error) {
	if f, err = p.fitted(fc, label); err != nil {
		return nil, 0, 0, err
	}
	if top, err = f.capTop(); err != nil {
		return nil, 0, 0, err
	}
	if w, err = f.measure([]byte(label)); err != nil {
		return nil, 0, 0, err
	}
	return f, w, top, nil
}

// markFace returns the face of mark labels: larger than the numbers, since
// a label is usually a single letter.
func (p *painter) markFace() *face {
	return newFace(p.opt.Font, fixed.Int26_6(p.l.Cell*64*48/100), &p.fbuf, &p.z)
}

// fitted returns the face to draw label in: fc, or for a label wider than
// nine tenths of a cell a smaller face that fits it there, but not under
// 45% of fc's size. The smaller faces are kept for the other marks.
func (p *painter) fitted(fc *face, label string) (*face, error) {
	w, err := fc.measure([]byte(label))
	if err != nil {
		return nil, err
	}
	room := p.l.Cell * 9 / 10
	if w <= room {
		return fc, nil
	}
	ppem := max(fc.ppem*fixed.Int26_6(room)/fixed.Int26_6(w), fc.ppem*45/100)
	if f, ok := p.fits[ppem]; ok {
		return f, nil
	}
	if p.fits == nil {
		p.fits = map[fixed.Int26_6]*face{}
	}
	f := newFace(p.opt.Font, ppem, &p.fbuf, &p.z)
	p.fits[ppem] = f
	return f, nil
}

// markPlates clears the grid under the labels on empty points, as plates
// does for the numbers, so that no line strikes through a letter.
func (p *painter) markPlates(fc *face) error {
	for _, m := range p.opt.Marks {
		if m.Label == "" || p.pos.At(m.Point) != board.Empty {
			continue
		}
		_, w, top, err := p.fittedSize(fc, m.Label)
		if err != nil {
			return err
		}
		p.plate(p.pos.Index(m.Point), w, top)
	}
	return nil
}

// marks draws the marks, each in black or white, whichever stands out more
// from the ground it is drawn on: the mean of the pixels in the box its ink
// fills, which may hold a stone, a shade, a square or the board. Every
// pixel of the box counts alike, so that a cross drawn over a stone's dead
// mark is judged by the stone rather than by the mark.
func (p *painter) marks(mf *face) error {
	var cross, triangle *image.Alpha
	// The stones of Stone marks, black's and white's, and their rings: in
	// the middle of the point, and small in its corner where a label
	// shares the point.
	var rings [2]*image.Alpha
	var stones [2][2]*image.RGBA
	labelled := map[board.Point]bool{}
	for _, m := range p.opt.Marks {
		if m.Label != "" {
			labelled[m.Point] = true
		}
	}
	for _, m := range p.opt.Marks {
		at := p.l.Center(m.Point)
		if m.Label == "" && m.Shape == Stone {
			size, r := 0, p.stoneRadius()*3/5
			if labelled[m.Point] {
				size, r = 1, p.stoneRadius()*3/10
				at = at.Add(image.Pt(p.l.Cell*3/10, p.l.Cell*3/10))
			}
			if rings[size] == nil {
				rings[size] = discMask(r+max(2*unit, p.l.Cell*unit/12>>size), 0)
			}
			k := 0
			if m.Color == board.White {
				k = 1
			}
			if stones[size][k] == nil {
				stones[size][k] = stoneSprite(r, max(unit, p.l.Cell*unit/40), tones(k == 1))
			}
			p.mask(rings[size], at, opposite(m.Color), 255)
			p.sprite(stones[size][k], at)
			continue
		}
		if m.Label == "" {
			var sign *image.Alpha
			switch m.Shape {
			case Triangle:
				if triangle == nil {
					triangle = triangleMask(&p.z, p.l.Cell*unit*26/100, max(unit*3/2, p.l.Cell*unit*7/100))
				}
				sign = triangle
			default:
				if cross == nil {
					cross = crossMask(&p.z, p.l.Cell*unit*22/100, max(unit*3/2, p.l.Cell*unit*9/100))
				}
				sign = cross
			}
			p.mask(sign, at, p.contrast(sign.Rect.Add(at)), 255)
			continue
		}
		s := []byte(m.Label)
		fc, w, top, err := p.fittedSize(mf, m.Label)
		if err != nil {
			return err
		}
		// The box of the ink, with the pen where drawCentred puts it.
		pen := image.Pt(at.X-w/2, at.Y+top/2)
		var box image.Rectangle
		for _, r := range m.Label {
			g, err := fc.glyph(r)
			if err != nil {
				return err
			}
			box = box.Union(g.mask.Rect.Add(pen))
			pen.X += g.adv
		}
		if err := fc.drawCentred(p, at.X, at.Y, top, s, p.contrast(box)); err != nil {
			return err
		}
	}
	return nil
}

// contrast returns black on light ground and white on dark, judging the
// ground by the mean luma of the pixels of dst in r, with the threshold
// the numbers use.
func (p *painter) contrast(r image.Rectangle) color.RGBA {
	r = r.Intersect(p.dst.Rect)
	var luma, n int64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := p.dst.Pix[p.dst.PixOffset(r.Min.X, y):p.dst.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			luma += 299*int64(row[i]) + 587*int64(row[i+1]) + 114*int64(row[i+2])
		}
		n += int64(r.Dx())
	}
	if n > 0 && luma < 119*1000*n {
		return rgb(white)
	}
	return rgb(black)
}

// RankingLetters are the letters of the best moves of a ranking, best first.
const RankingLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// RankingMarks marks a ranking of points, best first: the best 26
// lettered A–Z as the symmetry article shows them, and the worst 26 of the rest with
// triangles, not the crosses the article draws, which already mean a dead stone.
func RankingMarks(ranked []board.Point) []Mark {
	best := min(len(RankingLetters), len(ranked))
	worst := min(len(RankingLetters), len(ranked)-best)
	marks := make([]Mark, 0, best+worst)
	for i, p := range ranked[:best] {
		marks = append(marks, Mark{Point: p, Label: RankingLetters[i : i+1]})
	}
	for _, p := range ranked[len(ranked)-worst:] {
		marks = append(marks, Mark{Point: p, Shape: Triangle})
	}
	return marks
}
