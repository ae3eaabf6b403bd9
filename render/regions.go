package render

import (
	"image"
	"image/color"

	"moyo/board"
)

// Region is a set of points drawn as one area, as the app draws the
// liberty regions of a capturing race and its essential blocks: the cells
// of its points tinted, under the grid and the stones, and an outline
// along the region's edge, inside its cells, over the stones. A region's
// points need not be connected.
type Region struct {
	Points []board.Point
	// Color is the colour of the outline and of the tint; its alpha is
	// ignored.
	Color color.RGBA
	// Tint is the opacity (0–255) of the colour laid over the region's
	// cells, with the overlay's shading under it; 0 draws no tint.
	Tint uint8
	// Bold draws the outline twice as wide: the region chosen.
	Bold bool
}

// regionColors are distinct hues that stand out from the wood, from black
// and white stones and from the grey shading of the overlay.
var regionColors = [...]uint32{0x1f6fd0, 0x2a9d3a, 0x8e44ad, 0xe07b00, 0x0097a7, 0xd81b8c, 0x7a5230, 0x4c5fa8}

// RegionColor returns the colour of the k-th region (k ≥ 0) of a set of
// regions: eight hues in turn.
func RegionColor(k int) color.RGBA {
	return rgb(regionColors[((k%len(regionColors))+len(regionColors))%len(regionColors)])
}

// BlockColor is the colour the app outlines the essential blocks of a
// race with, apart from the regions' hues.
func BlockColor() color.RGBA { return rgb(0xe0201c) }

// tints returns the tint of each point of pos, by index, that the regions
// give it (a later region over an earlier one), or nil when no region has
// a tint.
func tints(pos *board.Position, regions []Region) []color.RGBA {
	var t []color.RGBA
	for _, r := range regions {
		if r.Tint == 0 {
			continue
		}
		if t == nil {
			t = make([]color.RGBA, pos.Len())
		}
		c := r.Color
		c.A = r.Tint
		for _, p := range r.Points {
			t[pos.Index(p)] = c
		}
	}
	return t
}

// tinted returns bg with the tint c laid over it at c.A/255.
func tinted(bg, c color.RGBA) color.RGBA {
	a := uint32(c.A)
	b := 255 - a
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*b + uint32(y)*a + 127) / 255) }
	return color.RGBA{mix(bg.R, c.R), mix(bg.G, c.G), mix(bg.B, c.B), 0xff}
}

// tintCells paints the cells of tinted points with their ground: what
// shading does for every cell when the overlay is shaded.
func (p *painter) tintCells() {
	for i := range p.pos.Len() {
		if p.tint[i].A == 0 {
			continue
		}
		r := p.l.CellRect(p.pos.PointOf(i)).Intersect(p.dst.Rect)
		for x := r.Min.X; x < r.Max.X; x++ {
			fillRect(p.dst, image.Rect(x, r.Min.Y, x+1, r.Max.Y), p.groundAt(x, i))
		}
	}
}

// outlines draws each region's edge: a band inside each of its cells along
// every side whose neighbour is not in the region, so that regions side by
// side each keep their own line.
func (p *painter) outlines() {
	if len(p.opt.Regions) == 0 {
		return
	}
	in := make([]bool, p.pos.Len())
	for _, r := range p.opt.Regions {
		clear(in)
		for _, q := range r.Points {
			in[p.pos.Index(q)] = true
		}
		w := max(2, p.l.Cell/14)
		if r.Bold {
			w = max(4, p.l.Cell/7)
		}
		c := r.Color
		c.A = 0xff
		n := p.pos.Size()
		for _, q := range r.Points {
			cr := p.l.CellRect(q)
			out := func(x, y int) bool { return x < 0 || y < 0 || x >= n || y >= n || !in[y*n+x] }
			if out(q.X-1, q.Y) {
				fillRect(p.dst, image.Rect(cr.Min.X, cr.Min.Y, cr.Min.X+w, cr.Max.Y), c)
			}
			if out(q.X+1, q.Y) {
				fillRect(p.dst, image.Rect(cr.Max.X-w, cr.Min.Y, cr.Max.X, cr.Max.Y), c)
			}
			if out(q.X, q.Y-1) {
				fillRect(p.dst, image.Rect(cr.Min.X, cr.Min.Y, cr.Max.X, cr.Min.Y+w), c)
			}
			if out(q.X, q.Y+1) {
				fillRect(p.dst, image.Rect(cr.Min.X, cr.Max.Y-w, cr.Max.X, cr.Max.Y), c)
			}
		}
	}
}
