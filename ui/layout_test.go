package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/assets"
	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/internal/testutil"
	"moyo/workspace"
)

// laidOut reports where the layout of the tree under o is not what its
// layouts would make of it now: a container smaller than the least size
// its objects need, a visible object outside its container, or two
// visible objects of a row or a column (a box, a form, a grid, the side
// panel's column of sections) on top of each other. A panel that shows
// or hides rows and leaves its containers as they were laid out before
// fails here, as it draws new rows over the sections below.
func laidOut(o fyne.CanvasObject, path string) []string {
	c, ok := o.(*fyne.Container)
	if !ok || !o.Visible() {
		return nil
	}
	var bad []string
	const slack = 0.5
	size := c.Size()
	if m := c.MinSize(); size.Height < m.Height-slack {
		bad = append(bad, fmt.Sprintf("%s: %v high, needs %v", path, size.Height, m.Height))
	}
	var shown []fyne.CanvasObject
	for _, child := range c.Objects {
		if !child.Visible() {
			continue
		}
		p, s := child.Position(), child.Size()
		if p.X < -slack || p.Y < -slack || p.X+s.Width > size.Width+slack || p.Y+s.Height > size.Height+slack {
			bad = append(bad, fmt.Sprintf("%s: %T at %v of %v outside %v", path, child, p, s, size))
		}
		shown = append(shown, child)
	}
	if separate(c.Layout) {
		for i, a := range shown {
			for _, b := range shown[i+1:] {
				if overlap(a, b) {
					bad = append(bad, fmt.Sprintf("%s: %T at %v of %v overlaps %T at %v of %v", path,
						a, a.Position(), a.Size(), b, b.Position(), b.Size()))
				}
			}
		}
	}
	for i, child := range c.Objects {
		bad = append(bad, laidOut(child, fmt.Sprintf("%s/%d", path, i))...)
	}
	return bad
}

// separate reports whether l puts its objects side by side or one under
// another, never on top of each other. Layouts are told apart by their
// types' names: Fyne's and the column's are not exported.
func separate(l fyne.Layout) bool {
	t := fmt.Sprintf("%T", l)
	for _, sep := range []fyne.Layout{layout.NewVBoxLayout(), layout.NewHBoxLayout(), layout.NewFormLayout(), layout.NewGridLayout(2)} {
		if t == fmt.Sprintf("%T", sep) {
			return true
		}
	}
	return t == "*widgets.sectionsLayout"
}

// overlap reports whether a and b share more than a rounding's worth of
// area.
func overlap(a, b fyne.CanvasObject) bool {
	ap, as, bp, bs := a.Position(), a.Size(), b.Position(), b.Size()
	const slack = 0.5
	return ap.X+as.Width > bp.X+slack && bp.X+bs.Width > ap.X+slack &&
		ap.Y+as.Height > bp.Y+slack && bp.Y+bs.Height > ap.Y+slack
}

// newTestAppOf is newTestApp offering ests, on the sample game, in a
// window of the given size.
func newTestAppOf(t *testing.T, ests []estimators.Estimator, size fyne.Size) (*App, fyne.Window, *testutil.Queue) {
	t.Helper()
	a := test.NewApp()
	t.Cleanup(a.Quit)
	q := testutil.NewQueue()
	ws := workspace.New(q.Post, nil, ests)
	ws.Final().SetScorer(nil)
	t.Cleanup(ws.Close)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	u := New(a, w, ws)
	w.Resize(size)
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(assets.SampleMove)
	q.Until(t, func() bool { return !ws.Runs().Running() })
	return u, w, q
}

// TestSwitchEstimatorLayout is the gnugo then seds, and katago
// then gnugo-engine: after each switch of estimator the side panel is
// laid out for the rows the new estimator shows, none drawn over another
// or over the next section. The engines are offered without their
// programs: their rows are what is laid out, and their runs fail at once.
func TestSwitchEstimatorLayout(t *testing.T) {
	ests := append(catalog.All(), engines.NewGnuGoEngine("/nonexistent/gnugo"), engines.NewKataGo("/nonexistent/katago", "", "", ""))
	u, _, q := newTestAppOf(t, ests, fyne.NewSize(1400, 900-menuBarHeight))
	s := u.ws.Settings()
	names := s.Names()
	// Every estimator after every other, the pairs first.
	order := []string{"gnugo", "seds", "katago", "gnugo-engine"}
	for _, a := range names {
		for _, b := range names {
			if a != b {
				order = append(order, a, b)
			}
		}
	}
	if bad := laidOut(u.side.Scroll().Content, "column"); len(bad) > 0 {
		t.Fatalf("at the start:\n%s", fmt.Sprint(bad))
	}
	for i, name := range order {
		if err := s.SetEstimator(name); err != nil {
			t.Fatal(err)
		}
		q.Until(t, func() bool { return !u.ws.Runs().Running() })
		if bad := laidOut(u.side.Scroll().Content, "column"); len(bad) > 0 {
			prev := "the start"
			if i > 0 {
				prev = order[i-1]
			}
			t.Fatalf("%s after %s:\n%s", name, prev, fmt.Sprint(bad))
		}
	}
}

// TestClearOfScrollBar is the clipped Defaults button: at a small
// and a large window, no section reaches under the scroll bar at the
// column's right edge, where Fyne draws it over the content.
func TestClearOfScrollBar(t *testing.T) {
	u, w, _ := newTestApp(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 640 - menuBarHeight}, {Width: 1400, Height: 900 - menuBarHeight}} {
		w.Resize(size)
		room := u.side.Scroll().Size().Width - 2*theme.ScrollBarSmallSize()
		for _, sec := range u.side.Sections() {
			if b := sec.Box(); sec.Shown() && b.Position().X+b.Size().Width > room+0.5 {
				t.Errorf("%v: section %s reaches %v, under the scroll bar from %v", size, sec.Name(), b.Position().X+b.Size().Width, room)
			}
		}
		d := fyne.CurrentApp().Driver()
		right := d.AbsolutePositionForObject(u.est.reset).X + u.est.reset.Size().Width
		if edge := d.AbsolutePositionForObject(u.side.Scroll()).X + room; right > edge+0.5 {
			t.Errorf("%v: the Defaults button ends at %v, under the scroll bar from %v", size, right, edge)
		}
	}
}

// TestStatusHint is the "variatio…": in a small window the status
// bar's hint leaves out whole clauses, says where the rest is, and fits.
func TestStatusHint(t *testing.T) {
	u, w, _ := newTestApp(t)
	hint := u.ws.Mode().Hint()
	for _, size := range []fyne.Size{{Width: 1024, Height: 640 - menuBarHeight}, {Width: 1920, Height: 1080 - menuBarHeight}} {
		w.Resize(size)
		l := u.status.Label
		shown := l.Text
		if u.status.Text() != hint {
			t.Fatalf("%v: the status bar holds %q, not the hint", size, u.status.Text())
		}
		width := fyne.MeasureText(shown, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
		if width > l.Size().Width+0.5 {
			t.Errorf("%v: %q is %v wide in a label of %v", size, shown, width, l.Size().Width)
		}
		if shown == hint {
			continue
		}
		// The first clause alone when there is no room for where the
		// rest is.
		head, _ := strings.CutSuffix(shown, "  …  more in Help ▸ Keys")
		if !strings.HasPrefix(hint, head+", ") && !strings.HasPrefix(hint, head+"  ·  ") {
			t.Errorf("%v: %q is not whole clauses of %q", size, shown, hint)
		}
	}
}

// refusing is an estimator that refuses every position as GNU Go and
// KataGo refuse a board larger than they play on.
type refusing struct{ estimators.Estimator }

func (r refusing) Info() estimators.Info {
	info := r.Estimator.Info()
	info.Name = "refusing"
	return info
}

func (refusing) Estimate(context.Context, *board.Position, estimators.Params) (estimators.Result, error) {
	return estimators.Result{}, errors.New("refusing: setting up the position: gtp: boardsize 25: unacceptable size, the engine plays on boards up to 19×19")
}

// TestErrorWraps is the KataGo error cut off in the panel
// ("unacceptable s…"): an estimator's error is shown whole, wrapped in
// the column, in the convergence section and under the game graph.
func TestErrorWraps(t *testing.T) {
	sym, err := catalog.ByName("symmetric")
	if err != nil {
		t.Fatal(err)
	}
	u, _, q := newTestAppOf(t, append(catalog.All(), refusing{sym}), fyne.NewSize(1024, 640-menuBarHeight))
	ws := u.ws
	if err := ws.Settings().SetEstimator("refusing"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { return !ws.Runs().Running() && !ws.Graph().Running() })
	column := u.side.Scroll().Size().Width
	for name, l := range map[string]*widget.Label{"convergence": u.conv.iterations, "graph": u.graph.status} {
		if !strings.Contains(l.Text, "unacceptable size, the engine plays on boards up to 19×19") {
			t.Errorf("%s: %q, not the error", name, l.Text)
			continue
		}
		if l.Wrapping != fyne.TextWrapWord || l.Truncation != fyne.TextTruncateOff {
			t.Errorf("%s: the error's line is cut, not wrapped", name)
		}
		if m := l.MinSize(); m.Width > column {
			t.Errorf("%s: the error's line needs %v, wider than the column's %v", name, m.Width, column)
		}
		if l.Size().Height < 2*fyne.MeasureText("M", theme.CaptionTextSize(), l.TextStyle).Height {
			t.Errorf("%s: the error is on one line %v high, too long for it", name, l.Size().Height)
		}
	}
}

// TestTypeSliderValue is the attenuation at 5.956: a value typed
// in the box beside a slider is taken on Return, brought into the
// slider's range with a note, or refused in red with the value before
// kept; the slider follows.
func TestTypeSliderValue(t *testing.T) {
	u, w, q := newTestApp(t)
	s := u.ws.Settings()
	if err := s.SetEstimator("gnugo"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	att := u.est.control("attenuation")
	spec, _ := s.Spec("attenuation")
	typeIn := func(text string) {
		w.Canvas().Focus(att.entry)
		att.entry.SetText("")
		test.Type(att.entry, text)
		att.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	for _, tc := range []struct {
		text, shown string
		note        string // "" for none
		danger      bool
	}{
		{"6", "6", "", false},
		{"2,5", "2.5", "", false},
		{"9", "6", "9 is outside attenuation's range, 1.5 to 6: 6 is used", false},
		{"3x", "6", "", false}, // the letter is not taken: 3
		{"-", "3", `attenuation "-" is not a number`, true},
	} {
		typeIn(tc.text)
		if tc.text == "3x" {
			tc.shown = "3"
		}
		if att.entry.Text != tc.shown || workspace.FormatParam(spec, s.Params().Num("attenuation")) != tc.shown {
			t.Errorf("typed %q: shows %q, holds %v; want %s", tc.text, att.entry.Text, s.Params().Num("attenuation"), tc.shown)
		}
		if want := workspace.ToSlider(spec, s.Params().Num("attenuation")); att.slider.Value != want {
			t.Errorf("typed %q: the slider at %v, want %v", tc.text, att.slider.Value, want)
		}
		note := u.est.note.label
		if got := note.Visible() && note.Text != ""; got != (tc.note != "") || got && note.Text != tc.note {
			t.Errorf("typed %q: note %q (shown %v), want %q", tc.text, note.Text, note.Visible(), tc.note)
		}
		if (note.Importance == widget.DangerImportance) != tc.danger {
			t.Errorf("typed %q: note %q of importance %d", tc.text, note.Text, note.Importance)
		}
		if w.Canvas().Focused() != nil {
			t.Errorf("typed %q: the box keeps the keys after Return", tc.text)
		}
	}
	// Escape gives up: the value held stays.
	w.Canvas().Focus(att.entry)
	test.Type(att.entry, "5")
	att.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if att.entry.Text != "3" || s.Params().Num("attenuation") != 3 {
		t.Errorf("after Escape: shows %q, holds %v", att.entry.Text, s.Params().Num("attenuation"))
	}
}

// TestChoiceHints is the mode and cap without an explanation: the
// estimator section says in a line what the choice made does.
func TestChoiceHints(t *testing.T) {
	u, _, q := newTestApp(t)
	s := u.ws.Settings()
	hint := u.est.choiceHint
	for _, tc := range []struct{ est, param, choice, want string }{
		{"symmetric", "mode", "judged", "mode judged: each stone counts as alive as much as the points around its chain say"},
		{"symmetric", "mode", "alive", "mode alive: every stone counts as alive, wholly its owner's"},
		{"propagate", "cap", "total", "cap total: the two sides' influence is set against each other, then held within −1 to +1"},
		{"propagate", "cap", "separate", "cap separate: each side's influence is held to at most 1 before the two are set against each other"},
	} {
		if err := s.SetEstimator(tc.est); err != nil {
			t.Fatal(err)
		}
		u.est.control(tc.param).choice.SetSelected(tc.choice) // as the user chooses
		q.Until(t, func() bool { return !u.ws.Runs().Running() })
		if !hint.Visible() || !strings.Contains(hint.Text, tc.want) {
			t.Errorf("%s %s %s: hint %q (shown %v)", tc.est, tc.param, tc.choice, hint.Text, hint.Visible())
		}
	}
	if err := s.SetEstimator("seds"); err != nil {
		t.Fatal(err)
	}
	if hint.Visible() {
		t.Errorf("seds: a hint %q where no choice has one", hint.Text)
	}
}
