package render

import (
	"image"
	"slices"
	"strings"
	"testing"
)

// TestHeadingLines checks the caption's words: the game and the move, the
// estimator and its estimate, in the ASCII the font draws, the file named
// for players it cannot draw, and parts not known left out.
func TestHeadingLines(t *testing.T) {
	for _, tt := range []struct {
		name string
		h    Heading
		want []string
	}{
		{"record", Heading{Game: "Gu Li v Master", File: "g.sgf", Move: "move 235", Estimator: "symmetric",
			Estimate: "estimate W+14.6 (sum of control) · result W+2.5"},
			[]string{"Gu Li v Master, move 235", "symmetric: estimate W+14.6 (sum of control), result W+2.5"}},
		{"players the font cannot draw", Heading{Game: "古力 v Master", File: "guli.sgf", Move: "move 3"},
			[]string{"guli.sgf, move 3"}},
		{"a lesson, no estimate", Heading{Game: "lesson 4 of 21 — Open at one end", Estimator: "symmetric"},
			[]string{"lesson 4 of 21 - Open at one end", "symmetric"}},
		{"a note", Heading{Game: "B v W", Estimator: "bp", Note: "beta=0.5, komi 7"},
			[]string{"B v W", "bp", "beta=0.5, komi 7"}},
		{"nothing", Heading{}, nil},
	} {
		if got := tt.h.Lines(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCaptioned checks that the caption goes under the picture, as wide
// as it, a line too long cut short rather than refused.
func TestCaptioned(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 300, 300))
	h := Heading{Game: strings.Repeat("a very long name ", 10), Move: "move 1", Estimator: "symmetric", Estimate: "estimate B+1.0 (sum of control)"}
	got, err := Captioned(img, h, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := got.Bounds(); b.Dx() != 300 || b.Dy() != 300+CaptionHeight(300, 2) {
		t.Errorf("captioned picture %v, want 300×%d", b, 300+CaptionHeight(300, 2))
	}
	if got, _ := Captioned(img, Heading{}, Options{}); got != img {
		t.Error("an empty caption changed the picture")
	}
}
