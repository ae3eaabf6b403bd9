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
		if got := LabelPoint(pos, tc.pts); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
