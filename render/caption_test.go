package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"
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

// TestPack checks the breaking of a caption's lists and sentences at
// several widths: every line fits the caption, the items stay in order,
// and no line could have taken the next line's first item (the fewest
// lines); an item too wide for a line alone is cut short with "...".
func TestPack(t *testing.T) {
	sentence := "The search did not settle whether a Black stone at H9, played outside the race, would change this end."
	list := []string{"A White lives", "B Black lives", "C 1/2", "D {2|0}", "E -1"}
	for _, tt := range []struct {
		items []string
		sep   string
		w     int
	}{
		{strings.Fields(sentence), " ", 760},
		{strings.Fields(sentence), " ", 300},
		{strings.Fields(sentence), " ", 64},
		{list, "   ", 760},
		{list, "   ", 200},
		{list, "   ", 64},
		{[]string{strings.Repeat("w", 40)}, " ", 120},
		{nil, " ", 300},
	} {
		lines, err := Pack(tt.w, tt.items, tt.sep, Options{})
		if err != nil {
			t.Fatal(err)
		}
		fc := captionFace(tt.w, nil, new(sfnt.Buffer), new(vector.Rasterizer))
		width := func(s string) int {
			n, err := fc.measure([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		var got []string
		for k, l := range lines {
			if n := width(l); n > captionText(tt.w) {
				t.Errorf("w %d: line %q is %d pixels wide, over %d", tt.w, l, n, captionText(tt.w))
			}
			parts := strings.Split(l, tt.sep)
			if k+1 < len(lines) {
				next := strings.Split(lines[k+1], tt.sep)[0]
				if width(l+tt.sep+next) <= captionText(tt.w) && !strings.HasSuffix(next, "...") {
					t.Errorf("w %d: line %q could have taken %q", tt.w, l, next)
				}
			}
			got = append(got, parts...)
		}
		if len(got) != len(tt.items) {
			t.Fatalf("w %d: %q, want the %d items %q", tt.w, lines, len(tt.items), tt.items)
		}
		for k, it := range got {
			if it != tt.items[k] && !(strings.HasSuffix(it, "...") && strings.HasPrefix(tt.items[k], strings.TrimSuffix(it, "..."))) {
				t.Errorf("w %d: item %d is %q, want %q", tt.w, k, it, tt.items[k])
			}
		}
	}
	if got, _ := Pack(120, []string{strings.Repeat("w", 40)}, " ", Options{}); len(got) != 1 || !strings.HasSuffix(got[0], "...") {
		t.Errorf("a word too wide: %q, want it cut short", got)
	}
	if got, _ := Pack(760, list, "   ", Options{}); len(got) != 1 {
		t.Errorf("the list at 760 pixels: %q, want one line", got)
	}
	// A line that fits stands as it is, its spacing kept; a blank one
	// makes none.
	for _, tt := range []struct {
		s    string
		want []string
	}{
		{"A 3   B 2", []string{"A 3   B 2"}},
		{"  ", nil},
		{"", nil},
	} {
		if got, err := Wrap(300, tt.s, Options{}); err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Wrap(300, %q) = %q, %v, want %q", tt.s, got, err, tt.want)
		}
	}
}
