package workspace

import (
	"testing"

	"moyo/board"
	"moyo/render"
)

// TestBoardMarksKeepCorridor ranks the moves of every lesson, whose worst
// moves lie in the corridor, and checks that the corridor's numbers are
// all drawn and no ranking mark covers them, while every other ranking
// mark stays.
func TestBoardMarksKeepCorridor(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	ls, err := ws.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	ws.Ranking().SetOn(true)
	for i := range ls {
		if err := ws.OpenLesson(i); err != nil {
			t.Fatal(err)
		}
		q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
		r, _ := ws.Ranking().Shown()
		mode, ranking := ws.Mode().Marks(), r.Marks()
		got := BoardMarks(mode, ranking)
		at := map[board.Point][]render.Mark{}
		for _, m := range got {
			at[m.Point] = append(at[m.Point], m)
		}
		covered := 0
		for _, m := range mode {
			if len(at[m.Point]) != 1 || at[m.Point][0] != m {
				t.Errorf("lesson %d: at %v the board shows %v, want the corridor's %q alone", i+1, m.Point, at[m.Point], m.Label)
			}
		}
		for _, m := range ranking {
			if len(at[m.Point]) == 1 && at[m.Point][0] != m {
				covered++
			}
		}
		if len(got) != len(mode)+len(ranking)-covered {
			t.Errorf("lesson %d: %d marks, want %d corridor and %d of %d ranking", i+1, len(got), len(mode), len(ranking)-covered, len(ranking))
		}
		if i == 0 && covered == 0 {
			t.Error("lesson 1: no ranking mark falls in the corridor, so the test shows nothing")
		}
	}
	if got := BoardMarks(nil, []render.Mark{{Label: "A"}}); len(got) != 1 {
		t.Errorf("without the mode's marks: %v", got)
	}
}
