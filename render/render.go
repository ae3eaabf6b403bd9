// Package render draws a Go board and a control overlay into an image: the
// board, its coordinates and stones, and for every point a shade from +1
// (Black's for sure, drawn black) to −1 (White's, drawn white), through
// the bare board where the value is 0.
//
// Shapes and text are computed in integer arithmetic (floating point is
// used only where it rounds the same everywhere), so the same position,
// values and options give the same pixels on every machine. Drawing a 19×19
// board with its overlay into an 800×800 image takes about a millisecond,
// and Draw can reuse the caller's image, which suits a GUI that redraws.
package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"moyo/board"
)

// Background is what the board is drawn on.
type Background int

// The backgrounds.
const (
	// Wood is a light kaya-coloured board with a faint straight grain.
	Wood Background = iota
	// Plain is a flat off-white board.
	Plain
)

// Overlay is how the control values are shown.
type Overlay int

// The overlay styles.
const (
	// Shading lays black (v > 0) or white (v < 0) over each point's cell,
	// under the stones, with an opacity of |v|: a sure point is black or
	// white, an undecided one shows the board (see ShadeOver).
	Shading Overlay = iota
	// Squares draws on each point a black (v > 0) or white (v < 0) square
	// whose area is proportional to |v|, so that the ink on the board
	// adds up like the values do; a square for |v| = 1 is 0.6 cells wide.
	// On a stone the square is drawn only when it is of the other colour,
	// which then marks the stone as likely dead.
	Squares
	// NoOverlay shows no values, except for the marks on dead stones.
	NoOverlay
)

// DefaultCellSize is the distance between lines that Image uses when
// Options.CellSize is 0.
const DefaultCellSize = 30

// Options say how a board is drawn. The zero value draws a wood board with
// coordinates, shading and marks on dead stones.
type Options struct {
	// CellSize is the distance in pixels between adjacent lines in the
	// image Image makes: the board is about (Size+1.6)×CellSize pixels
	// wide. 0 means DefaultCellSize. Draw fits the board to its image
	// instead.
	CellSize int
	// Background is wood (the default) or plain.
	Background Background
	// Overlay is the style of the control overlay. Without values there
	// is none.
	Overlay Overlay
	// Numbers prints on every point its value as a whole percentage,
	// "100" for +1 and "-37" for −0.37, in black or white, whichever
	// stands out from what is under it. It works with every overlay.
	Numbers bool
	// NoCoordinates leaves out the letters and numbers around the board.
	NoCoordinates bool
	// NoDeadMarks leaves out the cross drawn in the opponent's colour on a
	// stone whose value favours the opponent, opaque when the value is
	// ∓1 and fainter as it nears 0. The Squares overlay and Numbers mark
	// such stones by themselves and never draw the cross.
	NoDeadMarks bool
	// LastMove, if not nil, is marked with a ring in the opposite colour
	// to its stone: in its middle or, where the middle holds a number, a
	// dead mark, a square or a mark, round the stone's edge, clear of it.
	LastMove *board.Point
	// Marks are drawn on their points over everything but the
	// coordinates: a label such as a letter, or a cross.
	Marks []Mark
	// Regions are areas of the board tinted under the grid and the stones
	// and outlined over them (see Region), under the marks.
	Regions []Region
	// Font is the font of the coordinates, numbers and mark labels; nil
	// means Go Medium. Only ASCII characters are drawn.
	Font *sfnt.Font
	// Scale is what the legend's bar spans (Legend); the zero Scale is
	// ValueScale. The board does not read it.
	Scale Scale
}

// Image returns a new image of the board with values shown as opt says.
// values holds one value per point in board order (index y·size + x, as
// board.Position.Index), or is nil for no overlay.
func Image(pos *board.Position, values []float64, opt Options) (*image.RGBA, error) {
	if pos == nil {
		return nil, errors.New("render: nil position")
	}
	cell := opt.CellSize
	if cell == 0 {
		cell = DefaultCellSize
	}
	if cell < minCell {
		return nil, fmt.Errorf("render: cell size %d is under the minimum of %d pixels", cell, minCell)
	}
	l := layoutAt(image.Point{}, pos.Size(), cell, !opt.NoCoordinates)
	dst := image.NewRGBA(l.Bounds)
	if err := paint(dst, l, pos, values, opt); err != nil {
		return nil, err
	}
	return dst, nil
}

// Draw paints the board into dst, fitted and centred as NewLayout says,
// with values shown as opt says (see Image), and returns the layout. The
// whole of dst is painted: the background fills what the board leaves.
// Draw allocates only a few small masks and glyphs, so it can redraw a
// caller's image every frame.
func Draw(dst *image.RGBA, pos *board.Position, values []float64, opt Options) (Layout, error) {
	if pos == nil {
		return Layout{}, errors.New("render: nil position")
	}
	l, err := NewLayout(dst.Rect, pos.Size(), opt)
	if err != nil {
		return Layout{}, err
	}
	return l, paint(dst, l, pos, values, opt)
}

// EncodePNG writes img to w as a PNG, compressed as much as the encoder
// can, for pictures that are stored or shipped.
func EncodePNG(w io.Writer, img image.Image) error {
	e := png.Encoder{CompressionLevel: png.BestCompression}
	if err := e.Encode(w, img); err != nil {
		return fmt.Errorf("render: encoding PNG: %w", err)
	}
	return nil
}

// painter holds what one drawing needs.
type painter struct {
	dst    *image.RGBA
	l      Layout
	pos    *board.Position
	values []float64
	opt    Options
	tint   []color.RGBA            // of each point, from opt.Regions; nil for none
	fits   map[fixed.Int26_6]*face // smaller faces for long mark labels
	z      vector.Rasterizer
	fbuf   sfnt.Buffer
}

// panel returns a painter on a new w×h image, its background painted, in
// opt.Font or else Go Medium: the ground of a caption, a legend, a
// histogram or a chart.
func panel(w, h int, opt Options) *painter {
	if opt.Font == nil {
		opt.Font = goMedium()
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	p := &painter{dst: dst, opt: opt}
	p.l.Bounds = dst.Rect
	p.background()
	return p
}

// Colours of the board, as 0xRRGGBB. The grain of Wood varies around
// woodBase.
const (
	woodBase   = 0xdeb876
	plainBase  = 0xf2efe9
	woodInk    = 0x2a1e12
	plainInk   = 0x333333
	woodLabel  = 0x4a3620
	plainLabel = 0x555555
	black      = 0x000000
	white      = 0xffffff
)

// rgb converts 0xRRGGBB to an opaque colour.
func rgb(c uint32) color.RGBA {
	return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
}

func paint(dst *image.RGBA, l Layout, pos *board.Position, values []float64, opt Options) error {
	if values != nil && len(values) != pos.Len() {
		return fmt.Errorf("render: %d values for a %d×%d board, want %d", len(values), pos.Size(), pos.Size(), pos.Len())
	}
	if lm := opt.LastMove; lm != nil && !pos.OnBoard(*lm) {
		return fmt.Errorf("render: last move %v is off the %d×%d board", *lm, pos.Size(), pos.Size())
	}
	for _, m := range opt.Marks {
		if !pos.OnBoard(m.Point) {
			return fmt.Errorf("render: mark %q at %v is off the %d×%d board", m.Label, m.Point, pos.Size(), pos.Size())
		}
		if m.Label == "" && m.Shape == Stone && m.Color != board.Black && m.Color != board.White {
			return fmt.Errorf("render: stone mark at %v has no colour", m.Point)
		}
	}
	for _, r := range opt.Regions {
		for _, q := range r.Points {
			if !pos.OnBoard(q) {
				return fmt.Errorf("render: region point %v is off the %d×%d board", q, pos.Size(), pos.Size())
			}
		}
	}
	if opt.Font == nil {
		opt.Font = goMedium()
	}
	p := &painter{dst: dst, l: l, pos: pos, values: values, opt: opt, tint: tints(pos, opt.Regions)}
	p.background()
	if values != nil && opt.Overlay == Shading {
		p.shading()
	} else if p.tint != nil {
		p.tintCells()
	}
	p.grid()
	var nf *face
	if values != nil && opt.Numbers {
		nf = p.numberFace()
		if err := p.plates(nf); err != nil {
			return err
		}
	}
	var mf *face
	if len(opt.Marks) > 0 {
		mf = p.markFace()
		if err := p.markPlates(mf); err != nil {
			return err
		}
	}
	p.stones()
	if values != nil {
		if opt.Overlay == Squares {
			p.squares()
		} else {
			p.deadMarks() // where crossed says
		}
	}
	p.lastMove()
	p.outlines()
	if nf != nil {
		if err := p.numbers(nf); err != nil {
			return err
		}
	}
	if mf != nil {
		if err := p.marks(mf); err != nil {
			return err
		}
	}
	if !opt.NoCoordinates {
		if err := p.coordinates(); err != nil {
			return err
		}
	}
	return nil
}

// value returns the value of point i and whether there is one to show.
func (p *painter) value(i int) (float64, bool) {
	if p.values == nil {
		return 0, false
	}
	v := p.values[i]
	return v, !math.IsNaN(v)
}

// background fills dst with the board colour. The grain of the wood runs
// down the board and depends only on the column, so one row is computed
// and copied; it is measured from the board's corner so that the same
// board looks the same wherever it is drawn.
func (p *painter) background() {
	r := p.dst.Rect
	if p.opt.Background != Wood {
		fillRect(p.dst, r, rgb(plainBase))
		return
	}
	i0 := p.dst.PixOffset(r.Min.X, r.Min.Y)
	row := p.dst.Pix[i0 : i0+4*r.Dx()]
	for x := r.Min.X; x < r.Max.X; x++ {
		c := p.wood(x)
		o := 4 * (x - r.Min.X)
		row[o], row[o+1], row[o+2], row[o+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		i := p.dst.PixOffset(r.Min.X, y)
		copy(p.dst.Pix[i:i+len(row)], row)
	}
}

// wood is the colour of the wood in column x.
func (p *painter) wood(x int) color.RGBA {
	d := grain(x - p.l.Bounds.Min.X)
	c := rgb(woodBase)
	return color.RGBA{uint8(int(c.R) + d), uint8(int(c.G) + d*7/8), uint8(int(c.B) + d*5/8), 0xff}
}

// grain is the brightness offset of the wood in column x: smooth noise of
// a few octaves, from −14 to +6, mostly darkening.
func grain(x int) int {
	s := 0
	for _, o := range [...]struct{ period, amp int }{{61, 5}, {23, 3}, {7, 2}} {
		s += valueNoise(x, o.period, o.amp)
	}
	return s - 4
}

// valueNoise interpolates, with a smoothstep, between pseudo-random levels
// in −amp..amp placed every period pixels.
func valueNoise(x, period, amp int) int {
	k := floorDiv(x, period)
	t := x - k*period
	a, b := hashLevel(k, period, amp), hashLevel(k+1, period, amp)
	// smoothstep(t/period) scaled by period³
	s := t * t * (3*period - 2*t)
	return a + (b-a)*s/(period*period*period)
}

// hashLevel is a pseudo-random level in −amp..amp for knot k.
func hashLevel(k, salt, amp int) int {
	h := uint32(k)*0x9e3779b1 ^ uint32(salt)*0x85ebca6b
	h ^= h >> 15
	h *= 0x2c1b3c6d
	h ^= h >> 12
	return int(h%uint32(2*amp+1)) - amp
}

// gray is g as an opaque RGBA.
func gray(g uint8) color.RGBA { return color.RGBA{g, g, g, 0xff} }

// ShadeOver returns the colour of ground bg under the shading of value v:
// black for v > 0 or white for v < 0 laid over bg with an opacity of |v|
// (clamped to 1; NaN is 0). So a point that is surely Black's is black, a
// surely White's one white, and the board shows through where the estimate
// is undecided, rather than a grey slab; the shade gets darker with v
// everywhere, as a grey scale does.
func ShadeOver(bg color.RGBA, v float64) color.RGBA {
	pole := rgb(black)
	if v < 0 {
		pole = rgb(white)
	}
	a := overlayAlpha(v)
	b := 255 - a
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*b + uint32(y)*a + 127) / 255) }
	return color.RGBA{mix(bg.R, pole.R), mix(bg.G, pole.G), mix(bg.B, pole.B), 0xff}
}

// overlayAlpha is the opacity (0–255) of the shading of value v.
func overlayAlpha(v float64) uint32 {
	if v != v { // NaN
		return 0
	}
	return uint32(math.Round(min(math.Abs(v), 1) * 255))
}

// backgroundAt is the colour of the bare board in column x.
func (p *painter) backgroundAt(x int) color.RGBA {
	if p.opt.Background == Wood {
		return p.wood(x)
	}
	return rgb(plainBase)
}

// groundAt is the colour in column x of point i's cell before the grid and
// the stones: the board under the shading of its value, if any, and the
// tint of its region, if any.
func (p *painter) groundAt(x, i int) color.RGBA {
	bg := p.backgroundAt(x)
	if p.shadedGrid() {
		bg = ShadeOver(bg, p.cellValue(i))
	}
	if p.tint != nil && p.tint[i].A != 0 {
		bg = tinted(bg, p.tint[i])
	}
	return bg
}

// shading lays each point's shade over its cell, column by column so that
// the wood's grain shows through.
func (p *painter) shading() {
	for i := range p.pos.Len() {
		r := p.l.CellRect(p.pos.PointOf(i)).Intersect(p.dst.Rect)
		for x := r.Min.X; x < r.Max.X; x++ {
			fillRect(p.dst, image.Rect(x, r.Min.Y, x+1, r.Max.Y), p.groundAt(x, i))
		}
	}
}

// luma is the brightness of c, 0–255000 (Rec. 601 weights ×1000).
func luma(c color.RGBA) int {
	return 299*int(c.R) + 587*int(c.G) + 114*int(c.B)
}

// scale multiplies the channels of c by k/256.
func scale(c color.RGBA, k int) color.RGBA {
	f := func(x uint8) uint8 { return uint8(int(x) * k / 256) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 0xff}
}

// toward moves c by k/256 of the way to white.
func toward(c color.RGBA, k int) color.RGBA {
	f := func(x uint8) uint8 { return uint8(int(x) + (255-int(x))*k/256) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 0xff}
}

// lineWidth is the width of the inner grid lines; the edge is one pixel
// wider.
func (p *painter) lineWidth() int { return 1 + p.l.Cell/48 }

// shadedGrid reports whether the grid is drawn on shading.
func (p *painter) shadedGrid() bool {
	return p.values != nil && p.opt.Overlay == Shading
}

// cellValue is the value point i is shaded with: NaN as 0.
func (p *painter) cellValue(i int) float64 {
	v, ok := p.value(i)
	if !ok {
		return 0
	}
	return v
}

// inks returns the colours of the grid in point i's cell: a dark line, and
// a light one drawn alongside it below and to the right. On shading, the
// dark line is the cell's ground at a fifth of its brightness, as the wood's
// ink is, and the light one the ground halfway to white, faded into the
// ground in proportion to its brightness: on a light cell only the dark line
// shows, on a black one only the light, and in between both, so the grid
// shows on every shade and changes smoothly with the values. Switching
// between two colours would make a ragged grid where values hover around
// a threshold. On a bare board there is only the dark line.
func (p *painter) inks(i int) (dark, light color.RGBA, twoTone bool) {
	if p.shadedGrid() {
		g := p.groundAt(p.l.Center(p.pos.PointOf(i)).X, i)
		dim := 256 - luma(g)*256/255000 // 0 on white, 256 on black
		return scale(g, 51), toward(g, 128*dim/256), true
	}
	if p.opt.Background == Wood {
		return rgb(woodInk), rgb(woodInk), false
	}
	return rgb(plainInk), rgb(plainInk), false
}

// starInk is the colour of a star point in point i's cell. On shading a
// dot needs more contrast than a line, and being alone it can flip between
// dark and light without making the grid look ragged.
func (p *painter) starInk(i int) color.RGBA {
	if !p.shadedGrid() {
		d, _, _ := p.inks(i)
		return d
	}
	g := p.groundAt(p.l.Center(p.pos.PointOf(i)).X, i)
	if luma(g) < 119*1000 {
		return toward(g, 160)
	}
	return scale(g, 51)
}

// grid draws the lines and star points, cell by cell so that each cell's
// piece of the grid can have its own colour.
func (p *painter) grid() {
	n, c, w := p.l.Size, p.l.Cell, p.lineWidth()
	// Line k covers [lo(k), hi(k)) across its length; the edges are one
	// pixel wider, outwards.
	lo := func(k int) int {
		x := k*c - (w-1)/2
		if k == 0 {
			x--
		}
		return x
	}
	hi := func(k int) int {
		x := k*c - (w-1)/2 + w
		if k == n-1 {
			x++
		}
		return x
	}
	o := p.l.Origin
	start, end := lo(0), hi(n-1)
	// The light lines first, so that the dark ones cross over them.
	for pass := range 2 {
		for i := range p.pos.Len() {
			pt := p.pos.PointOf(i)
			cr := p.l.CellRect(pt)
			dark, light, two := p.inks(i)
			h := image.Rect(start, lo(pt.Y), end, hi(pt.Y))
			v := image.Rect(lo(pt.X), start, hi(pt.X), end)
			ink := dark
			if pass == 0 {
				if !two {
					continue
				}
				ink = light
				h = image.Rect(start, h.Max.Y, end+1, h.Max.Y+1)
				v = image.Rect(v.Max.X, start, v.Max.X+1, end+1)
			}
			fillRect(p.dst, h.Add(o).Intersect(cr), ink)
			fillRect(p.dst, v.Add(o).Intersect(cr), ink)
		}
	}
	stars := starPoints(n)
	if len(stars) == 0 {
		return
	}
	dot := discMask(max(c*unit/9, 2*unit), 0)
	for _, sp := range stars {
		pt := board.Point{X: sp[0], Y: sp[1]}
		p.mask(dot, p.l.Center(pt), p.starInk(p.pos.Index(pt)), 255)
	}
}

// columnLetter is the letter of column x, as in board.Point.Label: A–Z
// without I.
func columnLetter(x int) byte {
	if x >= 8 {
		x++
	}
	return byte('A' + x)
}

// starPoints returns the hoshi of a size×size board: the 4-4 points from
// 13×13 up (the 3-3 points on smaller boards, none below 7×7), the centre
// of odd boards from 5×5, and the sides of odd boards from 15×15.
func starPoints(size int) [][2]int {
	pts := make([][2]int, 0, 9)
	e := 3
	if size < 13 {
		e = 2
	}
	mid, far := size/2, size-1-e
	if size >= 7 {
		pts = append(pts, [2]int{e, e}, [2]int{far, e}, [2]int{e, far}, [2]int{far, far})
	}
	if size%2 == 1 && size >= 15 {
		pts = append(pts, [2]int{mid, e}, [2]int{e, mid}, [2]int{far, mid}, [2]int{mid, far})
	}
	if size%2 == 1 && size >= 5 {
		pts = append(pts, [2]int{mid, mid})
	}
	return pts
}

// mask paints col through m, whose bounds are relative to at, with the
// extra opacity a (0–255).
func (p *painter) mask(m *image.Alpha, at image.Point, col color.RGBA, a uint32) {
	r := m.Rect.Add(at).Intersect(p.dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := p.dst.PixOffset(r.Min.X, y)
		j := m.PixOffset(r.Min.X-at.X, y-at.Y)
		for x := r.Min.X; x < r.Max.X; x++ {
			if ma := uint32(m.Pix[j]); ma != 0 {
				blend(p.dst.Pix, i, col, (ma*a+127)/255)
			}
			i += 4
			j++
		}
	}
}

// sprite composites the premultiplied s, whose bounds are relative to at.
func (p *painter) sprite(s *image.RGBA, at image.Point) {
	r := s.Rect.Add(at).Intersect(p.dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := p.dst.Pix[p.dst.PixOffset(r.Min.X, y):]
		sp := s.Pix[s.PixOffset(r.Min.X-at.X, y-at.Y):]
		for k := 0; k < 4*r.Dx(); k += 4 {
			sa := uint32(sp[k+3])
			if sa == 0 {
				continue
			}
			b := 255 - sa
			d[k] = uint8(uint32(sp[k]) + (uint32(d[k])*b+127)/255)
			d[k+1] = uint8(uint32(sp[k+1]) + (uint32(d[k+1])*b+127)/255)
			d[k+2] = uint8(uint32(sp[k+2]) + (uint32(d[k+2])*b+127)/255)
			d[k+3] = uint8(sa + (uint32(d[k+3])*b+127)/255)
		}
	}
}

// stoneRadius is the radius of a stone in units: a little under half a
// cell, so that neighbouring stones nearly touch.
func (p *painter) stoneRadius() int { return p.l.Cell * unit * 24 / 50 }

// stones draws the stones. A stone on ground close to its own colour, a
// black stone in Black's sure territory, gets a halo in a grey of the
// other side first, as opaque as the ground is close, so that no stone
// vanishes into the shading while one on the bare board looks as before.
func (p *painter) stones() {
	r := p.stoneRadius()
	rim := max(unit, p.l.Cell*unit/28)
	var sprites [2]*image.RGBA // black, white
	var halo *image.Alpha
	for i := range p.pos.Len() {
		c := p.pos.Cell(i)
		if c == board.Empty {
			continue
		}
		k := 0
		if c == board.White {
			k = 1
		}
		if sprites[k] == nil {
			sprites[k] = stoneSprite(r, rim, tones(c == board.White))
		}
		at := p.l.Center(p.pos.PointOf(i))
		if col, a := p.halo(c, i); a > 0 {
			if halo == nil {
				halo = discMask(r+max(unit*3/2, p.l.Cell*unit/16), 0)
			}
			p.mask(halo, at, col, a)
		}
		p.sprite(sprites[k], at)
	}
}

// halo returns the colour and opacity (0–255) of the halo of a stone of
// colour c on point i: none on the bare board or on light shading for a
// black stone (dark for a white one), rising to opaque on black (white).
func (p *painter) halo(c board.Color, i int) (color.RGBA, uint32) {
	if !p.shadedGrid() {
		return color.RGBA{}, 0
	}
	l := luma(p.groundAt(p.l.Center(p.pos.PointOf(i)).X, i)) / 1000 // 0–255
	if c == board.Black {
		// Opaque below luma 40, none above 120.
		return gray(0xa8), uint32(max(0, min(255, (120-l)*255/80)))
	}
	return gray(0x58), uint32(max(0, min(255, (l-175)*255/60)))
}

// opposite returns the colour that stands out on a stone of colour c.
func opposite(c board.Color) color.RGBA {
	if c == board.Black {
		return rgb(white)
	}
	return rgb(black)
}

// deadMarks crosses the stones whose value favours the opponent.
func (p *painter) deadMarks() {
	var cross *image.Alpha
	for i := range p.pos.Len() {
		s, ok := p.crossed(i)
		if !ok {
			continue
		}
		c := p.pos.Cell(i)
		if cross == nil {
			cross = crossMask(&p.z, p.l.Cell*unit*22/100, max(unit*3/2, p.l.Cell*unit*9/100))
		}
		p.mask(cross, p.l.Center(p.pos.PointOf(i)), opposite(c), uint32(math.Round(min(s, 1)*255)))
	}
}

// crossed reports whether deadMarks crosses the stone on point i, and how
// sure the opponent owns it (0–1 and more), which sets the cross's
// opacity: when the point holds a stone whose value favours the opponent
// and dead marks are drawn.
func (p *painter) crossed(i int) (float64, bool) {
	if p.values == nil || p.opt.Overlay == Squares || p.opt.NoDeadMarks || p.opt.Numbers {
		return 0, false
	}
	c := p.pos.Cell(i)
	v, ok := p.value(i)
	if c == board.Empty || !ok {
		return 0, false
	}
	s := -float64(c) * v
	return s, s > 0
}

// squares draws the Squares overlay. Sides are whole pixels, so that the
// squares and their frames are crisp; a square of even side sits half a
// pixel off centre, which does not show.
func (p *painter) squares() {
	maxSide := float64(p.l.Cell * 6 / 10)
	frame := p.lineWidth()
	for i := range p.pos.Len() {
		v, ok := p.value(i)
		if !ok || v == 0 {
			continue
		}
		c := p.pos.Cell(i)
		if c != board.Empty && float64(c)*v > 0 {
			continue
		}
		side := int(math.Round(maxSide * math.Sqrt(min(math.Abs(v), 1))))
		if side == 0 {
			continue
		}
		// The frame, in a grey on the other side of neutral, makes a white
		// square stand out on a light board as a black one does, and a
		// square show on a stone of its own colour. Tiny squares go
		// without, to keep their colour.
		fill, edge := rgb(black), gray(shadeLevel(-0.5))
		if v < 0 {
			fill, edge = rgb(white), gray(shadeLevel(0.5))
		}
		f := frame
		if side < 2*f+3 {
			f = 0
		}
		at := p.l.Center(p.pos.PointOf(i))
		min := at.Sub(image.Pt(side/2, side/2))
		r := image.Rectangle{Min: min, Max: min.Add(image.Pt(side, side))}
		fillRect(p.dst, r, edge)
		fillRect(p.dst, r.Inset(f), fill)
	}
}

// lastMove rings the stone on the last move: in its middle or, where the
// middle holds something else (a number, a dead stone's cross, a square,
// a mark), round its edge, where it hides nothing and is not taken for
// part of it.
func (p *painter) lastMove() {
	lm := p.opt.LastMove
	if lm == nil {
		return
	}
	c := p.pos.At(*lm)
	if c == board.Empty {
		return
	}
	r := p.l.Cell * unit * 22 / 100
	w := max(unit*3/2, p.l.Cell*unit*7/100)
	if p.centreTaken(*lm) {
		r = p.stoneRadius() - max(unit, p.l.Cell*unit/28)
		w = max(unit*3/2, p.l.Cell*unit*5/100)
	}
	p.mask(discMask(r, r-w), p.l.Center(*lm), opposite(c), 255)
}

// centreTaken reports whether something is drawn in the middle of the
// stone on q besides the last move's ring: its number, its dead mark, its
// square or a mark.
func (p *painter) centreTaken(q board.Point) bool {
	i := p.pos.Index(q)
	if _, ok := p.value(i); ok && p.opt.Numbers {
		return true
	}
	if _, ok := p.crossed(i); ok {
		return true
	}
	if v, ok := p.value(i); ok && p.opt.Overlay == Squares && float64(p.pos.Cell(i))*v < 0 {
		return true
	}
	for _, m := range p.opt.Marks {
		if m.Point == q {
			return true
		}
	}
	return false
}

// label returns the text Numbers prints for v.
func label(buf []byte, v float64) []byte {
	return strconv.AppendInt(buf[:0], int64(math.Round(max(-1, min(v, 1))*100)), 10)
}

// numberFace returns the face of the numbers.
func (p *painter) numberFace() *face {
	return newFace(p.opt.Font, fixed.Int26_6(p.l.Cell*64*34/100), &p.fbuf, &p.z)
}

// plates clears the grid where numbers go on empty points, painting the
// cell's own background there, so that no line strikes through a number.
// It runs before the stones and squares, which the numbers may sit on.
func (p *painter) plates(fc *face) error {
	return p.eachNumber(fc, func(i int, _ []byte, w, top int) error {
		if p.pos.Cell(i) == board.Empty {
			p.plate(i, w, top)
		}
		return nil
	})
}

// eachNumber calls f with each point i that shows its value as a number,
// the number's text s and width w in fc, and fc's cap height top, until f
// returns an error.
func (p *painter) eachNumber(fc *face, f func(i int, s []byte, w, top int) error) error {
	top, err := fc.capTop()
	if err != nil {
		return err
	}
	var buf [8]byte
	for i := range p.pos.Len() {
		v, ok := p.value(i)
		if !ok {
			continue
		}
		s := label(buf[:], v)
		w, err := fc.measure(s)
		if err != nil {
			return err
		}
		if err := f(i, s, w, top); err != nil {
			return err
		}
	}
	return nil
}

// plate paints the cell's own background over the grid where text w pixels
// wide, whose ink is top pixels tall, is centred on point i: across the
// whole cell, and a margin above and below the ink. A grid line that ran
// up to the digits made "8" read "−8−", and what was left of the line
// between two numbers read as a minus sign; the vertical line stops short
// of the text. The board's top and bottom edges go too: what was left of
// them between the numbers of the edge's row read as minus signs, and the
// board's extent shows in the vertical lines' ends and the coordinates.
func (p *painter) plate(i, w, top int) {
	pt := p.pos.PointOf(i)
	at := p.l.Center(pt)
	base := at.Y + top/2
	m := plateMargin(p.l.Cell)
	cell := p.l.CellRect(pt)
	r := image.Rect(min(cell.Min.X, at.X-w/2-m), base-top-m, max(cell.Max.X, at.X-w/2+w+m), base+m+1).Intersect(cell)
	for x := r.Min.X; x < r.Max.X; x++ {
		fillRect(p.dst, image.Rect(x, r.Min.Y, x+1, r.Max.Y), p.groundAt(x, i))
	}
}

// plateMargin is the room in pixels a plate leaves between text and the
// vertical grid line it stops, in a cell of the given size: a tenth of
// the cell, 2 pixels at least.
func plateMargin(cell int) int { return max(2, cell/10) }

// numbers prints each value as a percentage.
func (p *painter) numbers(fc *face) error {
	return p.eachNumber(fc, func(i int, s []byte, w, top int) error {
		at := p.l.Center(p.pos.PointOf(i))
		// Black or white, whichever stands out from the mean of what is
		// under the number's box: a square, a stone, a shade or the board.
		// A halo of the other colour keeps the digits readable where the
		// ground is mixed, half square and half board.
		box := image.Rect(at.X-w/2, at.Y-top/2, at.X-w/2+w, at.Y+top-top/2)
		col := p.contrast(box)
		edge := rgb(white)
		if col == edge {
			edge = rgb(black)
		}
		for _, d := range [...]image.Point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if err := fc.drawTinted(p, at.X-w/2+d.X, at.Y+top/2+d.Y, s, edge, 110); err != nil {
				return err
			}
		}
		return fc.draw(p, image.Pt(at.X-w/2, at.Y+top/2), s, col)
	})
}

// coordinates labels the columns with letters (A–T without I) along the top
// and bottom and the rows with numbers counted from the bottom along the
// sides, as Go programs do.
func (p *painter) coordinates() error {
	c := p.l.Cell
	fc := newFace(p.opt.Font, fixed.Int26_6(c*64*2/5), &p.fbuf, &p.z)
	top, err := fc.capTop()
	if err != nil {
		return err
	}
	col := rgb(woodLabel)
	if p.opt.Background != Wood {
		col = rgb(plainLabel)
	}
	n := p.l.Size
	m := margin(c, true)
	b := p.l.Bounds
	// Centre the labels in the margin, nudged towards the board.
	above := b.Min.Y + m/2 + m/12
	below := b.Max.Y - m/2 - m/12
	left := b.Min.X + m/2 + m/12
	right := b.Max.X - m/2 - m/12
	var letter [1]byte
	var number [4]byte
	for k := range n {
		x := p.l.Center(board.Point{X: k}).X
		y := p.l.Center(board.Point{Y: k}).Y
		letter[0] = columnLetter(k)
		num := strconv.AppendInt(number[:0], int64(n-k), 10)
		for _, d := range [...]struct {
			x, y int
			s    []byte
		}{{x, above, letter[:]}, {x, below, letter[:]}, {left, y, num}, {right, y, num}} {
			if err := fc.drawCentred(p, d.x, d.y, top, d.s, col); err != nil {
				return err
			}
		}
	}
	return nil
}
