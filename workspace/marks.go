package workspace

import (
	"moyo/board"
	"moyo/render"
)

// BoardMarks returns the marks to draw on the board with ranking on: the
// mode's (a lesson's numbered corridor, a race's blocks), which are what
// the mode is about, then the ranking's letters and triangles on the other
// points. A ranking mark on a point the mode marks is left out, since one
// sign covering another reads as neither; the ranking's list still names
// that move, with its letter.
func BoardMarks(mode, ranking []render.Mark) []render.Mark {
	if len(mode) == 0 {
		return ranking
	}
	taken := make(map[board.Point]bool, len(mode))
	for _, m := range mode {
		taken[m.Point] = true
	}
	out := append([]render.Mark(nil), mode...)
	for _, m := range ranking {
		if !taken[m.Point] {
			out = append(out, m)
		}
	}
	return out
}
