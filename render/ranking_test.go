package render

import (
	"testing"

	"moyo/board"
)

func TestRankingMarks(t *testing.T) {
	tests := []struct {
		n, letters, crosses int
	}{
		{0, 0, 0}, {1, 1, 0}, {26, 26, 0}, {30, 26, 4}, {52, 26, 26}, {300, 26, 26},
	}
	for _, tt := range tests {
		pts := make([]board.Point, tt.n)
		for i := range pts {
			pts[i] = board.Point{X: i % 19, Y: i / 19}
		}
		marks := RankingMarks(pts)
		letters, crosses := 0, 0
		for i, m := range marks {
			switch {
			case m.Label == "":
				crosses++
				if want := pts[tt.n-(len(marks)-i)]; m.Point != want {
					t.Errorf("n=%d: cross %d on %v, want %v (the worst moves)", tt.n, i, m.Point, want)
				}
			default:
				if m.Label != RankingLetters[i:i+1] || m.Point != pts[i] {
					t.Errorf("n=%d: mark %d is %q on %v", tt.n, i, m.Label, m.Point)
				}
				letters++
			}
		}
		if letters != tt.letters || crosses != tt.crosses {
			t.Errorf("n=%d: %d letters, %d crosses; want %d, %d", tt.n, letters, crosses, tt.letters, tt.crosses)
		}
	}
}
