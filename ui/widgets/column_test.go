package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestColumn opens and closes a section: closed, its body is hidden and
// its summary shown beside the title, the state kept in the preferences
// and read back by a new column; a section whose body is hidden takes no
// room; a stretching section takes the height the others leave.
func TestColumn(t *testing.T) {
	a := test.NewApp()
	prefs := a.Preferences()
	c := NewColumn(prefs)
	text := widget.NewLabel("a body")
	plot := widget.NewLabel("a plot")
	hidden := widget.NewLabel("hidden")
	hidden.Hide()
	s := c.Add("text", "Text", text, false)
	p := c.Add("plot", "Plot", plot, true)
	h := c.Add("hidden", "Hidden", hidden, false)
	w := showIn(t, c.Scroll(), fyne.NewSize(300, 400))

	s.SetSummary("three words long")
	if !s.Open() || !s.holder.Visible() || s.header.summary.Text != "" {
		t.Fatalf("a new section: open %v, body shown %v, summary shown %q", s.Open(), s.holder.Visible(), s.header.summary.Text)
	}
	test.Tap(s.Header().(fyne.Tappable))
	if s.Open() || s.holder.Visible() || s.header.summary.Text != "three words long" {
		t.Errorf("closed: open %v, body shown %v, summary shown %q", s.Open(), s.holder.Visible(), s.header.summary.Text)
	}
	// In the text's colour: the low importance's grey was too faint.
	if imp := s.header.summary.Importance; imp != widget.MediumImportance {
		t.Errorf("the summary is drawn at importance %d, not the text's own", imp)
	}
	if prefs.BoolWithFallback(SectionOpenKey+"text", true) {
		t.Error("closing the section was not kept")
	}
	if again := NewColumn(prefs).Add("text", "Text", widget.NewLabel(""), false); again.Open() {
		t.Error("a new column opens the section the user closed")
	}
	if h.Box().MinSize() != (fyne.Size{}) || h.Header().Visible() {
		t.Errorf("a section with a hidden body takes %v", h.Box().MinSize())
	}
	// The plot stretches to the column's height less the closed text's
	// title bar.
	w.Content().Refresh()
	if ph, least := p.Box().Size().Height, p.Box().MinSize().Height; ph < 300 || ph < least {
		t.Errorf("the stretching section is %v high (least %v) in a 400-high column", ph, least)
	}
	s.SetOpen(true)
	if !s.holder.Visible() || s.header.summary.Text != "" {
		t.Error("the section did not open again")
	}
}

// TestFitClauses cuts a hint at its clauses, measured one unit a byte.
func TestFitClauses(t *testing.T) {
	hint := "Point at the board  ·  ← → step, Shift for 10, O hides the overlay, E edits"
	measure := func(s string) float32 { return float32(len(s)) }
	more := "Help"
	for _, tc := range []struct {
		width float32
		want  string
	}{
		{100, hint},
		{float32(len(hint)), hint},
		// Dropping ", E edits" saves 9 bytes, and "  …  Help" costs 11:
		// a clause more goes.
		{float32(len(hint) - 1), "Point at the board  ·  ← → step, Shift for 10  …  Help"},
		{float32(len("Point at the board  ·  ← → step  …  Help")), "Point at the board  ·  ← → step  …  Help"},
		{float32(len("Point at the board  …  Help")), "Point at the board  …  Help"},
		{10, "Point at the board"},
	} {
		if got := FitClauses(hint, more, measure, tc.width); got != tc.want {
			t.Errorf("width %v: %q, want %q", tc.width, got, tc.want)
		}
	}
	if got := FitClauses("no clauses at all", more, measure, 5); got != "no clauses at all" {
		t.Errorf("one clause: %q", got)
	}
}
