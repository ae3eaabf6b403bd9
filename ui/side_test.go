package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/internal/testutil"
	"moyo/randfield"
	"moyo/render"
	"moyo/ui/widgets"
)

// menuBarHeight is room for the main menu, which the desktop driver draws
// inside the window above the content; the test window has none.
const menuBarHeight = 30

// modes puts the app through the situations that need the most room: the
// record, ranking on, an edited position with ranking, a lesson with
// ranking.
func modes(t *testing.T, u *App, w fyne.Window, q *testutil.Queue) []struct {
	name  string
	enter func()
} {
	ws := u.ws
	return []struct {
		name  string
		enter func()
	}{
		{"record", func() {}},
		{"ranking", func() { ws.Ranking().SetOn(true) }},
		{"edit and ranking", func() {
			ws.StartEdit()
			tapPoint(u, w, board.Point{X: 4, Y: 4})
		}},
		{"lesson and ranking", func() {
			ws.StopEdit()
			if err := ws.OpenLesson(20); err != nil {
				t.Fatal(err)
			}
		}},
	}
}

// TestWindowLeastSize pins the layout's promise: in every mode, with
// ranking on, the window needs no more than 1024×640 (with its menu),
// so that it fits a 768-pixel laptop screen with room for the desktop's
// panels.
func TestWindowLeastSize(t *testing.T) {
	u, w, q := newTestApp(t)
	for _, m := range modes(t, u, w, q) {
		m.enter()
		q.Until(t, func() bool { return !u.ws.Runs().Running() })
		ms := w.Content().MinSize()
		if ms.Width > 1024 || ms.Height+menuBarHeight > 640 {
			t.Errorf("%s: the window needs %v, more than 1024×640", m.name, ms.AddWidthHeight(0, menuBarHeight))
		}
	}
}

// TestBoardHasPriority checks at a small and a large window that the
// board is the largest thing in it, in every mode: it is as high as the
// content allows, or as wide as the side panel's least width leaves, and
// wider than the panel beside it.
func TestBoardHasPriority(t *testing.T) {
	u, w, q := newTestApp(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 640 - menuBarHeight}, {Width: 1920, Height: 1080 - menuBarHeight}} {
		w.Resize(size)
		for _, m := range modes(t, u, w, q) {
			m.enter()
			q.Until(t, func() bool { return !u.ws.Runs().Running() })
			side := u.board.raster.Size().Width
			panel := u.main.Objects[1].Size()
			main := u.main.Size()
			if side < panel.Width || side < main.Height-1 && side < main.Width-u.split.PanelMin-1 {
				t.Errorf("%v, %s: the board is %v wide beside a panel of %v in %v", size, m.name, side, panel, main)
			}
		}
		u.ws.StopLesson()
		u.ws.Ranking().SetOn(false)
	}
}

// TestPlotSpansColumn is the R, R: after the ranking is shown and
// hidden again the plot spans the side panel's column, with no blank strip
// where the ranking was.
func TestPlotSpansColumn(t *testing.T) {
	u, w, q := newTestApp(t)
	w.Resize(fyne.NewSize(1400, 900-menuBarHeight))
	col := u.side.Scroll().Size().Width - 2*theme.ScrollBarSmallSize() // less the scroll bar's gutter
	for i, on := range []bool{false, true, false} {
		u.ws.Ranking().SetOn(on)
		q.Until(t, func() bool { _, ok := u.ws.Ranking().Shown(); return !on || ok })
		w.Content().Refresh()
		if pw := u.conv.plot.Size().Width; pw < col-2 || pw > col {
			t.Errorf("step %d (ranking %v): the plot is %v wide in a column of %v", i, on, pw, col)
		}
	}
	if !u.rank.box.Visible() == u.ws.Ranking().On() {
		t.Error("the ranking's section does not follow R")
	}
}

// TestSections closes and opens the app's sections: the summaries their
// title bars show while closed, the state kept in the preferences, and
// the edit section, which takes no room outside edit mode. How a section
// opens and closes is widgets' TestColumn.
func TestSections(t *testing.T) {
	u, w, q := newTestApp(t)
	w.Resize(fyne.NewSize(1400, 900-menuBarHeight))
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	est := u.section("estimator")
	if est == nil || !est.Open() {
		t.Fatalf("the estimator's section starts closed")
	}
	test.Tap(est.Header().(fyne.Tappable))
	if est.Open() || est.Summary() != "symmetric · defaults" {
		t.Errorf("closed: open %v, summary %q", est.Open(), est.Summary())
	}
	if u.app.Preferences().BoolWithFallback(widgets.SectionOpenKey+"estimator", true) {
		t.Error("closing the section was not kept")
	}
	conv := u.section("convergence")
	conv.SetOpen(false)
	if s := conv.Summary(); s != "estimate W+39.3 · 22 iterations" {
		t.Errorf("the convergence's summary is %q", s)
	}
	test.Tap(est.Header().(fyne.Tappable))
	conv.SetOpen(true)
	if !est.Open() {
		t.Error("the estimator's section did not open again")
	}
	// The edit section's body is hidden outside edit mode: no room.
	edit := u.section("edit")
	if edit.Box().MinSize() != (fyne.Size{}) || edit.Header().Visible() {
		t.Errorf("the hidden edit section takes %v", edit.Box().MinSize())
	}
	u.ws.StartEdit()
	w.Content().Refresh() // as the canvas lays out what changed size
	if edit.Box().MinSize().Height == 0 || !edit.Header().Visible() {
		t.Errorf("the edit section is not shown in edit mode: %v, header shown %v", edit.Box().MinSize(), edit.Header().Visible())
	}
}

// TestLegend checks the legend's title and that it hides with the overlay.
func TestLegend(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	if u.legend.Title() != "symmetric" || !u.legend.Visible() {
		t.Errorf("legend %q, shown %v", u.legend.Title(), u.legend.Visible())
	}
	ws.Settings().SetEstimator("bp")
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if u.legend.Title() != "bp" {
		t.Errorf("after choosing bp the legend says %q", u.legend.Title())
	}
	ws.ToggleOverlay()
	if u.legend.Visible() {
		t.Error("the legend stays with the overlay hidden")
	}
	ws.ToggleOverlay()
	o := ws.Overlay()
	o.Style = render.NoOverlay
	ws.SetOverlay(o)
	if u.legend.Visible() {
		t.Error("the legend stays with no overlay")
	}
	// Drawn: the bar's ends are the shades of −1 and +1.
	img := u.legend.draw(400, legendHeight)
	if img.Bounds().Dx() != 400 {
		t.Fatalf("drew %v", img.Bounds())
	}
	key, err := render.Legend(400, u.legend.Title(), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	y := (legendHeight - key.Rect.Dy()) / 2
	for _, x := range []int{key.Rect.Dx() / 3, key.Rect.Dx() - 20} {
		if img.At(x, y+key.Rect.Dy()/3) != key.At(x, key.Rect.Dy()/3) {
			t.Errorf("the legend at x=%d is not render.Legend's", x)
		}
	}
}

// TestWheelStep sends synthetic wheel events to the board: one notch is
// one move, either way, and a touchpad's small deltas add up to one.
func TestWheelStep(t *testing.T) {
	u, _, _ := newTestApp(t)
	scroll := func(dy float32) { u.board.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, dy)}) }
	start := moveNumber(u)
	scroll(-wheelNotch) // down: forward
	if got := moveNumber(u); got != start+1 {
		t.Errorf("one notch down: move %d, want %d", got, start+1)
	}
	scroll(wheelNotch)
	scroll(wheelNotch)
	if got := moveNumber(u); got != start-1 {
		t.Errorf("two notches up: move %d, want %d", got, start-1)
	}
	for range 3 {
		scroll(-wheelNotch / 2.5) // 40% of a notch
	}
	if got := moveNumber(u); got != start {
		t.Errorf("a touchpad's 120%% of a notch: move %d, want %d", got, start)
	}
	scroll(-wheelNotch * 0.8) // with the 20% left over, one more notch
	if got := moveNumber(u); got != start+1 {
		t.Errorf("the rest of a notch: move %d, want %d", got, start+1)
	}
}

// TestRunLineShown checks that the convergence panel says what the method
// did, and that the controls a method does not read are greyed out.
func TestRunLineShown(t *testing.T) {
	u, _, q := newTestApp(t)
	s := u.ws.Settings()
	s.SetEstimator("bp")
	s.SetChoice("inference", randfield.InferenceExact.String())
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	if got := u.conv.iterations.Text; got != "exact, transfer matrix over 2^19 states" {
		t.Errorf("exact: %q", got)
	}
	for name, used := range map[string]bool{"damping": false, "tol": false, "max-iter": false, "samples": false, "inference": true} {
		c := u.est.control(name)
		if c == nil {
			t.Fatalf("no control %s", name)
		}
		if got := c.label.Importance != widget.LowImportance; got != used {
			t.Errorf("exact: control %s used %v, want %v", name, got, used)
		}
	}
}

// TestRecordWarningsShown opens a record whose komi cannot be read: the
// banner says so as 'moyo analyze' does, and the players it does not name
// are left out.
func TestRecordWarningsShown(t *testing.T) {
	u, _, _ := newTestApp(t)
	if err := u.open("", "komi.sgf", []byte("(;SZ[9]KM[abc]PB[Alice];B[cc])")); err != nil {
		t.Fatal(err)
	}
	w := u.game.warnings
	if !w.Visible() || !u.game.commentBox.Visible() || !strings.HasPrefix(w.Text, "warning: komi.sgf:1:") || !strings.HasSuffix(w.Text, "so komi 0 is used") {
		t.Errorf("warnings shown %v: %q", w.Visible(), w.Text)
	}
	if got := u.game.players.Text; got != "Black Alice" {
		t.Errorf("players %q, want Black Alice alone", got)
	}
	if err := u.open("", "plain.sgf", []byte("(;SZ[9];B[cc])")); err != nil {
		t.Fatal(err)
	}
	if w.Visible() || u.game.players.Visible() {
		t.Errorf("a record without warnings or players: warnings %q, players %q shown", w.Text, u.game.players.Text)
	}
}
