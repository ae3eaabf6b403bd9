package semeai

import (
	"context"
	"strings"
	"testing"
)

// TestBundledLessons loads the shipped lessons and verifies each against
// the combinatorial verdict and the brute-force solver (Lesson.Verify).
func TestBundledLessons(t *testing.T) {
	ls, err := BundledLessons()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) < 8 {
		t.Errorf("%d lessons, want at least 8", len(ls))
	}
	for _, l := range ls {
		if l.Title == "" || l.Text == "" || len(l.Correct) == 0 || len(l.Failing) == 0 {
			t.Errorf("%s: incomplete lesson", l.Name)
		}
		if err := l.Verify(context.Background()); err != nil {
			t.Error(err)
		}
	}
}

func TestParseLessonErrors(t *testing.T) {
	good := "Title: T\nTo-Move: Black\nBlocks: A2 A1\nWant: Black\nCorrect: B B1\nFailing: B B2\nText:\n\tx\nBoard:\n\tX .\n\tO .\n"
	if _, err := ParseLesson("x.txt", []byte(good)); err != nil {
		t.Fatalf("good lesson: %v", err)
	}
	tests := []struct{ edit, with, want string }{
		{"Want: Black", "Want: Both", `Want "Both" is not Black, White or Neither`},
		{"Blocks: A2 A1", "Blocks: A2", "Blocks: want two points"},
		{"Blocks: A2 A1", "Blocks: A2 Z9", `"Z9" is off the 2×2 board`},
		{"Correct: B B1", "Correct: W B1", "Correct starts with W, but Black is to move"},
		{"Failing: B B2", "Failing: B", `"B" is not a move`},
		{"Title: T\n", "", "missing field Title"},
		{"Title: T", "Colour: T", `unknown field "Colour"`},
	}
	for _, tt := range tests {
		_, err := ParseLesson("x.txt", []byte(strings.Replace(good, tt.edit, tt.with, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q → %q: error %v, want %q", tt.edit, tt.with, err, tt.want)
		}
	}
}
