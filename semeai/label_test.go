package semeai

import (
	"testing"

	"moyo/board"
)

// TestLabelPoint: a region is labelled on its empty point nearest its
// centre, on a stone only when it has no empty point.
func TestLabelPoint(t *testing.T) {
	pos, err := board.ParseDiagram("X.X..\n.....\n.....\n.....\n.....")
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) int { return pos.Index(board.Point{X: x, Y: y}) }
	for _, tc := range []struct {
		name string
		pts  []int
		want board.Point
	}{
		{"a row of three, its middle empty", []int{at(0, 0), at(1, 0), at(2, 0)}, board.Point{X: 1, Y: 0}},
		{"a row of five, its middle a stone", []int{at(0, 0), at(1, 0), at(2, 0), at(3, 0), at(4, 0)}, board.Point{X: 1, Y: 0}},
		{"stones only", []int{at(0, 0), at(2, 0)}, board.Point{X: 0, Y: 0}},
		{"a column", []int{at(4, 1), at(4, 2), at(4, 3)}, board.Point{X: 4, Y: 2}},
	} {
		if got := LabelPoint(pos, tc.pts, nil); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLabelPointPlay: a region's label moves off the point of the move a
// picture marks, to the empty point nearest the centre of the rest,
// unless that move is the region's only empty point.
func TestLabelPointPlay(t *testing.T) {
	pos, err := board.ParseDiagram(`
. . . . .
X X X X X
O X . X O
O X X X O
O O O O O
`)
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) int { return pos.Index(board.Point{X: x, Y: y}) }
	pt := func(x, y int) *board.Point { return &board.Point{X: x, Y: y} }
	row := []int{at(0, 0), at(1, 0), at(2, 0), at(3, 0), at(4, 0)}
	for _, tc := range []struct {
		name string
		pts  []int
		play *board.Point
		want board.Point
	}{
		{"no move", row, nil, board.Point{X: 2, Y: 0}},
		{"the move off the centre", row, pt(0, 0), board.Point{X: 2, Y: 0}},
		{"the move on the centre", row, pt(2, 0), board.Point{X: 1, Y: 0}},
		{"the move on the centre, a stone in the region", append(row[:5:5], at(1, 1)), pt(2, 0), board.Point{X: 1, Y: 0}},
		{"the move on the only point", []int{at(2, 2)}, pt(2, 2), board.Point{X: 2, Y: 2}},
		{"the move on the only empty point", []int{at(2, 2), at(2, 1)}, pt(2, 2), board.Point{X: 2, Y: 2}},
	} {
		if got := LabelPoint(pos, tc.pts, tc.play); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
