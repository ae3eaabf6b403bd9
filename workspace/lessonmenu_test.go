package workspace

import (
	"fmt"
	"testing"
)

func TestLessonMenu(t *testing.T) {
	got := LessonMenu([]string{
		"Open at one end: three points",
		"Width two: a corridor",
		"Open at one end: five points",
		"Width two with a supporting stone",
		"A lesson of its own",
	})
	want := "[{Open at one end 0 [{three points 0 []} {five points 2 []}]} {Width two 0 [{a corridor 1 []} {Width two with a supporting stone 3 []}]} {A lesson of its own 4 []}]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
	if got[2].Group != nil || got[0].Group == nil {
		t.Error("a lesson taken for a group, or a group for a lesson")
	}
}
