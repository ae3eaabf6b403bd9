package render

import (
	"image"
	"image/color"
	"testing"

	"moyo/board"
)

func TestTreeSize(t *testing.T) {
	nodes := []TreeNode{{Parent: -1}, {Col: 1, Parent: 0}, {Col: 2, Row: 2, Parent: 1}}
	if c, r := TreeSize(nodes); c != 3 || r != 3 {
		t.Errorf("size %d×%d, want 3×3", c, r)
	}
	if c, r := TreeCellAt(25, 61, 20); c != 1 || r != 3 {
		t.Errorf("cell at 25, 61: %d, %d", c, r)
	}
}

func TestDrawTree(t *testing.T) {
	// The root, a black move on the line shown, the white move after it
	// shown, and a variation off the line, a black move in the row below.
	nodes := []TreeNode{
		{Parent: -1, OnLine: true},
		{Col: 1, Parent: 0, Stone: board.Black, OnLine: true, Comment: true},
		{Col: 2, Parent: 1, Stone: board.White, OnLine: true, Current: true},
		{Col: 2, Row: 1, Parent: 1, Stone: board.Black},
	}
	const cell = 20
	img := image.NewRGBA(image.Rect(0, 0, 3*cell, 2*cell))
	c := TreeColors{Fg: color.RGBA{0x80, 0x80, 0x80, 0xff}, Current: color.RGBA{0x20, 0x60, 0xff, 0xff}, Comment: color.RGBA{0xff, 0x20, 0x20, 0xff}}
	DrawTree(img, nodes, cell, [2]float64{}, c)
	at := func(col, row int, dx, dy float64) color.RGBA {
		return img.RGBAAt(int((float64(col)+0.5)*cell+dx), int((float64(row)+0.5)*cell+dy))
	}
	if p := at(1, 0, 0, 2); p.R > 0x10 || p.A < 0xf0 {
		t.Errorf("the black stone on the line: %v", p)
	}
	if p := at(2, 0, 0, 0); p.R < 0xf0 || p.A < 0xf0 {
		t.Errorf("the white stone shown: %v", p)
	}
	// The ring round the node shown, just outside the stone.
	if p := at(2, 0, 0, 0.36*cell+2.5); p.B < 0xc0 || p.R > 0x60 {
		t.Errorf("no ring round the node shown: %v", p)
	}
	// Off the line, faint.
	if p := at(2, 1, 0, 2); p.A > 0x90 || p.A < 0x60 {
		t.Errorf("the stone off the line: %v", p)
	}
	// The comment's dot, above right of its node.
	if p := at(1, 0, 0.36*cell, -0.36*cell); p.R < 0xc0 || p.G > 0x60 {
		t.Errorf("no comment dot: %v", p)
	}
	// The edge to the variation runs down the parent's column.
	if p := at(1, 0, 0, 0.75*cell); p.A == 0 {
		t.Errorf("no edge down column 1: %v", p)
	}

	// The view from one cell right and half a cell down: the white
	// stone's centre at (1.5, 0) cells.
	moved := image.NewRGBA(image.Rect(0, 0, 2*cell, 2*cell))
	DrawTree(moved, nodes, cell, [2]float64{cell, cell / 2}, c)
	if p := moved.RGBAAt(int(1.5*cell), 0); p.R < 0xf0 || p.A < 0xf0 {
		t.Errorf("the white stone in the moved view: %v", p)
	}
	if p := moved.RGBAAt(int(1.5*cell), int(1.0*cell)+2); p.R > 0x10 || p.A < 0x60 {
		t.Errorf("the black stone of the variation in the moved view: %v", p)
	}
}
