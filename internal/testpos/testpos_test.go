package testpos

import (
	"fmt"
	"testing"

	"moyo/board"
)

// TestPositions: the record positions are the five, in order, the
// two-cycle and Park260 read, and Swap swaps.
func TestPositions(t *testing.T) {
	var names []string
	for _, np := range Records(t) {
		names = append(names, np.Name)
		if np.Pos.Size() != 19 {
			t.Errorf("%s: size %d", np.Name, np.Pos.Size())
		}
	}
	if want := "[master48-050 master48-150 master48-250 master60-050 master60-150]"; fmt.Sprint(names) != want {
		t.Errorf("records %v, want %s", names, want)
	}
	q14 := board.Point{X: 15, Y: 5}
	if pos := TwoCycle(t); pos.At(q14) != board.Empty || pos.At(board.Point{X: 16, Y: 5}) != board.White {
		t.Errorf("two-cycle: Q14 %v, R14 %v", pos.At(q14), pos.At(board.Point{X: 16, Y: 5}))
	}
	park := Park260(t)
	swapped := Swap(t, park)
	for i := range park.Len() {
		if swapped.Cell(i) != -park.Cell(i) {
			t.Fatalf("Swap: point %v is %v, was %v", park.PointOf(i), swapped.Cell(i), park.Cell(i))
		}
	}
}
