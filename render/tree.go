package render

// The tree of a record's variations, drawn as Sabaki draws it but lying
// on its side: each line of play runs left to right, one column a node,
// a variation in a row below the line it leaves, joined to it by a line
// down from the node it branches from. The line shown is drawn strong and
// the rest faint; the node shown is ringed.

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"

	"moyo/board"
)

// TreeNode is one node of a laid-out tree.
type TreeNode struct {
	// Col and Row place the node: Col is its depth from the root.
	Col, Row int
	// Parent is the index of the parent node in the tree's nodes; −1 for
	// the root.
	Parent int
	// Stone is the colour of the node's move, Empty for a node without
	// one (the root, a setup, a comment).
	Stone board.Color
	// OnLine marks the nodes of the line shown, Current the node shown,
	// and Comment a node with a comment.
	OnLine, Current, Comment bool
}

// TreeColors are the colours of a tree.
type TreeColors struct {
	Fg      color.Color // the edges, the outlines, nodes without a move
	Current color.Color // the ring round the node shown
	Comment color.Color // the dot of a node with a comment
}

// TreeSize returns the size in cells of the tree of nodes: its columns
// and rows.
func TreeSize(nodes []TreeNode) (cols, rows int) {
	for _, n := range nodes {
		cols, rows = max(cols, n.Col+1), max(rows, n.Row+1)
	}
	return cols, rows
}

// TreeCellAt returns the column and row of the cell holding the point
// (x, y) of a tree drawn with cells of side cell.
func TreeCellAt(x, y, cell float32) (col, row int) {
	return int(math.Floor(float64(x / cell))), int(math.Floor(float64(y / cell)))
}

// DrawTree draws the part of the tree of nodes that img shows, over what
// is there, in cells of cell pixels, the point origin of the tree (in
// pixels from its top left corner) at img's top left corner, so that a
// view of a large tree draws only what is in view: the edges first, then
// each node as a stone of its move's colour, or a small square without a
// move, faded off the line shown, the node shown ringed in c.Current and
// a node with a comment marked with a dot of c.Comment above it on the
// right.
func DrawTree(img *image.RGBA, nodes []TreeNode, cell float64, origin [2]float64, c TreeColors) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 1 || h < 1 || cell < 2 {
		return
	}
	centre := func(n TreeNode) [2]float64 {
		return [2]float64{(float64(n.Col)+0.5)*cell - origin[0], (float64(n.Row)+0.5)*cell - origin[1]}
	}
	// out reports whether a box from a to b lies wholly outside img.
	out := func(a, b [2]float64) bool {
		return max(a[0], b[0]) < -cell || min(a[0], b[0]) > float64(w)+cell ||
			max(a[1], b[1]) < -cell || min(a[1], b[1]) > float64(h)+cell
	}
	lw := max(1, cell/10)
	var z vector.Rasterizer
	// The edges: faint, then those of the line shown strong. An edge to
	// a variation goes down from its parent, then across to it.
	for _, strong := range []bool{false, true} {
		z.Reset(w, h)
		for _, n := range nodes {
			if n.Parent < 0 || n.Parent >= len(nodes) || (n.OnLine && nodes[n.Parent].OnLine) != strong {
				continue
			}
			a, b := centre(nodes[n.Parent]), centre(n)
			if out(a, b) {
				continue
			}
			if a[1] == b[1] {
				stroke(&z, [][2]float64{a, b}, lw)
			} else {
				corner := [2]float64{a[0], b[1]}
				stroke(&z, [][2]float64{a, corner}, lw)
				stroke(&z, [][2]float64{corner, b}, lw)
			}
		}
		ink := c.Fg
		if !strong {
			ink = fade(c.Fg, 0x60)
		}
		z.Draw(img, img.Rect, image.NewUniform(ink), image.Point{})
	}
	r := cell * 0.36
	for _, n := range nodes {
		q := centre(n)
		if out(q, q) {
			continue
		}
		alpha := uint8(0xff)
		if !n.OnLine {
			alpha = 0x80
		}
		if n.Current {
			z.Reset(w, h)
			disc(&z, q, r+2.2*lw)
			z.Draw(img, img.Rect, image.NewUniform(c.Current), image.Point{})
		}
		z.Reset(w, h)
		switch n.Stone {
		case board.Black, board.White:
			disc(&z, q, r)
			z.Draw(img, img.Rect, image.NewUniform(fade(color.Black, alpha)), image.Point{})
			if n.Stone == board.White {
				z.Reset(w, h)
				disc(&z, q, r-lw)
				z.Draw(img, img.Rect, image.NewUniform(fade(color.White, alpha)), image.Point{})
			}
		default:
			s := r * 0.7
			z.MoveTo(float32(q[0]-s), float32(q[1]-s))
			z.LineTo(float32(q[0]+s), float32(q[1]-s))
			z.LineTo(float32(q[0]+s), float32(q[1]+s))
			z.LineTo(float32(q[0]-s), float32(q[1]+s))
			z.ClosePath()
			z.Draw(img, img.Rect, image.NewUniform(fade(c.Fg, alpha)), image.Point{})
		}
		if n.Comment {
			z.Reset(w, h)
			disc(&z, [2]float64{q[0] + r, q[1] - r}, max(1.5, cell/9))
			z.Draw(img, img.Rect, image.NewUniform(c.Comment), image.Point{})
		}
	}
}

// disc adds a disc of radius r at q to z, as a polygon fine enough for
// the sizes of a tree's nodes.
func disc(z *vector.Rasterizer, q [2]float64, r float64) {
	const sides = 24
	for k := range sides {
		a := 2 * math.Pi * float64(k) / sides
		x, y := float32(q[0]+r*math.Cos(a)), float32(q[1]+r*math.Sin(a))
		if k == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}
