package render

import (
	"fmt"
	"image"

	"moyo/board"
)

// minCell is the smallest distance between lines Layout accepts: below it
// stones and marks no longer fit between the lines.
const minCell = 6

// Layout is the geometry of a board drawn in an image: where each point is,
// so that a caller can find the point under the mouse or draw on the board.
//
// Every point owns the Cell×Cell square of pixels centred on it (its cell),
// the squares tile the board without gaps, and the grid lines run through
// the middle of the cells.
type Layout struct {
	// Size is the number of lines on each side of the board.
	Size int
	// Cell is the distance in pixels between adjacent lines.
	Cell int
	// Origin is the pixel on which the first column and the first row
	// cross: the centre of point {0, 0}.
	Origin image.Point
	// Bounds is the square the board takes in the image, with its margin
	// and coordinates.
	Bounds image.Rectangle
}

// margin is the width in pixels of the frame between the outer cells and
// the edge of the board: room for the coordinates, or a thin rim of wood.
func margin(cell int, coords bool) int {
	if coords {
		return cell * 4 / 5
	}
	return cell / 5
}

// layoutAt returns the layout of a size×size board with the given cell
// whose Bounds start at min.
func layoutAt(min image.Point, size, cell int, coords bool) Layout {
	m := margin(cell, coords)
	side := size*cell + 2*m
	return Layout{
		Size:   size,
		Cell:   cell,
		Origin: min.Add(image.Pt(m+cell/2, m+cell/2)),
		Bounds: image.Rectangle{Min: min, Max: min.Add(image.Pt(side, side))},
	}
}

// NewLayout returns the layout of the largest board of size×size points
// that fits in r, centred in it. opt.Coordinates decides whether there is a
// margin for coordinates; opt.CellSize is ignored.
func NewLayout(r image.Rectangle, size int, opt Options) (Layout, error) {
	if size < board.MinSize || size > board.MaxSize {
		return Layout{}, fmt.Errorf("render: board size %d is outside %d–%d", size, board.MinSize, board.MaxSize)
	}
	coords := !opt.NoCoordinates
	avail := min(r.Dx(), r.Dy())
	cell := avail / size
	for cell > 0 && size*cell+2*margin(cell, coords) > avail {
		cell--
	}
	if cell < minCell {
		return Layout{}, fmt.Errorf("render: %d×%d pixels is too small for a %d×%d board", r.Dx(), r.Dy(), size, size)
	}
	l := layoutAt(image.Point{}, size, cell, coords)
	off := image.Pt((r.Dx()-l.Bounds.Dx())/2, (r.Dy()-l.Bounds.Dy())/2).Add(r.Min)
	l.Origin = l.Origin.Add(off)
	l.Bounds = l.Bounds.Add(off)
	return l, nil
}

// Center returns the pixel at the centre of point p, where its lines cross.
func (l Layout) Center(p board.Point) image.Point {
	return l.Origin.Add(image.Pt(p.X*l.Cell, p.Y*l.Cell))
}

// CellRect returns the cell of point p: the Cell×Cell square centred on it.
func (l Layout) CellRect(p board.Point) image.Rectangle {
	min := l.Center(p).Sub(image.Pt(l.Cell/2, l.Cell/2))
	return image.Rectangle{Min: min, Max: min.Add(image.Pt(l.Cell, l.Cell))}
}

// PointAt returns the point whose cell holds pixel q, and false if q is
// outside every cell.
func (l Layout) PointAt(q image.Point) (board.Point, bool) {
	if l.Cell <= 0 {
		return board.Point{}, false
	}
	d := q.Sub(l.Origin).Add(image.Pt(l.Cell/2, l.Cell/2))
	p := board.Point{X: floorDiv(d.X, l.Cell), Y: floorDiv(d.Y, l.Cell)}
	if p.X < 0 || p.X >= l.Size || p.Y < 0 || p.Y >= l.Size {
		return p, false
	}
	return p, true
}

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
