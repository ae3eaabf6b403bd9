package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testutil"
	"moyo/render"
	"moyo/workspace"
)

// newTestApp builds the app in a test window on the sample at move 100,
// with runs delivered when the test drains q.
func newTestApp(t testing.TB) (*App, fyne.Window, *testutil.Queue) {
	t.Helper()
	a := test.NewApp()
	t.Cleanup(a.Quit)
	q := testutil.NewQueue()
	ws := workspace.New(q.Post, nil, nil)
	ws.Final().SetScorer(nil) // no GNU Go in the background of tests that do not look at it
	t.Cleanup(ws.Close)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	u := New(a, w, ws)
	w.Resize(DefaultWindowSize())
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(assets.SampleMove)
	q.Until(t, func() bool { return !ws.Runs().Running() })
	return u, w, q
}

func moveNumber(u *App) int {
	s, _ := u.ws.Record().Current()
	return s.Number
}

func TestAppShowsSample(t *testing.T) {
	u, w, _ := newTestApp(t)
	if w.Title() != "moyo — Gu Li v Master — move 100" {
		t.Errorf("title %q", w.Title())
	}
	for _, c := range []struct {
		l    *widget.Label
		want string
	}{
		{u.game.moveLine, "Move 100 of 235"},
		{u.game.moveLine, "Black to move"},
		{u.game.players, "Gu Li"},
		{u.game.details, "komi 6.5"},
		{u.game.details, "result W+2.5"},
		{u.game.position, "captures B 1, W 0"},
		{u.conv.score, "(board "},
		{u.conv.iterations, "converged in"},
		{u.conv.runTime, "update latency"},
	} {
		if !strings.Contains(c.l.Text, c.want) {
			t.Errorf("label %q lacks %q", c.l.Text, c.want)
		}
	}
	if !u.game.banner.Hidden {
		t.Error("an error banner on a legal record")
	}
	if u.board.values == nil || u.board.pos != u.ws.Position() {
		t.Error("the board does not show the position and its values")
	}
}

func TestAppButtons(t *testing.T) {
	u, w, _ := newTestApp(t)
	for _, tt := range []struct {
		button int
		want   int
	}{{3, 101}, {4, 111}, {2, 110}, {1, 100}, {0, 0}, {5, 235}} {
		test.Tap(u.game.buttons[tt.button])
		if got := moveNumber(u); got != tt.want {
			t.Errorf("button %d: move %d, want %d", tt.button, got, tt.want)
		}
	}
	if !u.game.buttons[5].Disabled() || !u.game.buttons[3].Disabled() || u.game.buttons[0].Disabled() {
		t.Error("at the end, forward buttons should be disabled and back ones not")
	}
	if !strings.Contains(w.Title(), "move 235") {
		t.Errorf("title %q", w.Title())
	}
	u.game.slider.SetValue(50)
	if u.ws.Record().Index() != 50 {
		t.Errorf("the move slider went to step %d", u.ws.Record().Index())
	}
}

func TestAppKeys(t *testing.T) {
	u, w, q := newTestApp(t)
	var mods fyne.KeyModifier
	u.Modifiers = func() fyne.KeyModifier { return mods }
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	for _, tt := range []struct {
		key  fyne.KeyName
		mods fyne.KeyModifier
		want int
	}{
		{fyne.KeyRight, 0, 101},
		{fyne.KeyLeft, 0, 100},
		{fyne.KeyRight, fyne.KeyModifierShift, 110},
		{fyne.KeyLeft, fyne.KeyModifierShift, 100},
		{fyne.KeyPageDown, 0, 110},
		{fyne.KeyPageUp, 0, 100},
		{fyne.KeyHome, 0, 0},
		{fyne.KeyEnd, 0, 235},
	} {
		mods = tt.mods
		key(tt.key)
		if got := moveNumber(u); got != tt.want {
			t.Errorf("%s (modifiers %d): move %d, want %d", tt.key, tt.mods, got, tt.want)
		}
	}
	mods = 0
	key(fyne.KeyO)
	if !u.ws.Overlay().Hidden || u.board.values != nil || !u.bar.hide.Checked {
		t.Error("O did not hide the overlay")
	}
	key(fyne.KeyO)
	q.Drain()
	if u.ws.Overlay().Hidden || u.board.values == nil {
		t.Error("a second O did not bring the overlay back")
	}

	u.ws.Open("test.sgf", []byte(variations))
	u.ws.Record().GoTo(2)
	key(fyne.KeyDown)
	if i, n := u.ws.Record().Variation(); i != 2 || n != 2 || !strings.Contains(u.game.position.Text, "variation 2/2") {
		t.Errorf("↓: variation %d of %d, panel %q", i, n, u.game.position.Text)
	}
	key(fyne.KeyUp)
	if i, _ := u.ws.Record().Variation(); i != 1 {
		t.Errorf("↑: variation %d", i)
	}
}

// TestAppSliderKeepsArrowKeys checks that a focused slider hands the
// arrow keys to the board instead of moving itself.
func TestAppSliderKeepsArrowKeys(t *testing.T) {
	u, w, _ := newTestApp(t)
	lambda := u.est.control("lambda")
	w.Canvas().Focus(lambda.slider)
	if w.Canvas().Focused() != lambda.slider {
		t.Fatal("the slider did not take the focus")
	}
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if moveNumber(u) != 101 {
		t.Errorf("→ on a focused slider: move %d, want 101", moveNumber(u))
	}
	if u.ws.Settings().Params().Num("lambda") != 0.44 {
		t.Errorf("→ on a focused slider changed λ to %g", u.ws.Settings().Params().Num("lambda"))
	}
	w.Canvas().Focus(u.game.slider)
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if moveNumber(u) != 235 {
		t.Errorf("End on the move slider: move %d", moveNumber(u))
	}
	// A focused drop-down list would switch estimators on ← and →.
	w.Canvas().Focus(u.est.chooser)
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if moveNumber(u) != 234 || u.ws.Settings().Estimator().Info().Name != "symmetric" {
		t.Errorf("← on the estimator list: move %d, estimator %s", moveNumber(u), u.ws.Settings().Estimator().Info().Name)
	}
	w.Canvas().Focus(u.bar.numbers)
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	if moveNumber(u) != 0 {
		t.Errorf("Home on a check box: move %d", moveNumber(u))
	}
	test.Tap(u.bar.style.Buttons[1])
	if _, ok := w.Canvas().Focused().(*widget.Button); ok || u.ws.Overlay().Style != render.Squares {
		t.Errorf("the Squares button: style %d, focus %v; it should not take the focus", u.ws.Overlay().Style, ok)
	}
}

func TestAppSliders(t *testing.T) {
	u, _, q := newTestApp(t)
	lambda := u.est.control("lambda")
	lambda.slider.SetValue(300) // what a drag does, through OnChanged
	if u.ws.Settings().Params().Num("lambda") != 0.3 || lambda.entry.Text != "0.3" {
		t.Fatalf("λ %g, shown %q", u.ws.Settings().Params().Num("lambda"), lambda.entry.Text)
	}
	if !u.ws.Runs().Running() || !strings.Contains(u.conv.score.Text, "running") {
		t.Errorf("no run after a slider change: %q", u.conv.score.Text)
	}
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	if o, _ := u.ws.Runs().Shown(); o.Params.Num("lambda") != 0.3 {
		t.Errorf("the run shown has λ %g", o.Params.Num("lambda"))
	}
	if u.est.reset.Disabled() {
		t.Error("the reset button is disabled with λ changed")
	}
	test.Tap(u.est.reset)
	if u.ws.Settings().Params().Num("lambda") != 0.44 || lambda.entry.Text != "0.44" || lambda.slider.Value != 440 {
		t.Errorf("after reset: λ %g, shown %q at %g", u.ws.Settings().Params().Num("lambda"), lambda.entry.Text, lambda.slider.Value)
	}
	tol := u.est.control("tol")
	tol.slider.SetValue(0)
	if u.ws.Settings().Params().Num("tol") != 1e-10 || tol.entry.Text != "1e-10" {
		t.Errorf("tolerance at the left end: %g, shown %q", u.ws.Settings().Params().Num("tol"), tol.entry.Text)
	}
	mode := u.est.control("mode")
	mode.choice.SetSelected(estimators.ModeAlive.String())
	if u.ws.Settings().Params().Text("mode") != estimators.ModeAlive.String() {
		t.Errorf("mode %q", u.ws.Settings().Params().Text("mode"))
	}
}

func TestAppEstimatorSwitchDisablesControls(t *testing.T) {
	u, _, q := newTestApp(t)
	enabled := func(c *paramControl) bool {
		if c.choice != nil {
			return !c.choice.Disabled()
		}
		return !c.slider.Disabled()
	}
	check := func(est string, want map[string]bool) {
		t.Helper()
		for _, c := range u.est.controls {
			if enabled(c) != want[c.spec.Name] {
				t.Errorf("%s: %s enabled %v", est, c.spec.Name, enabled(c))
			}
		}
	}
	check("symmetric", map[string]bool{"mode": true, "solver": true, "lambda": true, "kappa": true, "tol": true, "max-iter": true})
	u.est.chooser.SetSelected("propagate")
	if u.ws.Settings().Estimator().Info().Name != "propagate" {
		t.Fatal("choosing propagate did not change the estimator")
	}
	check("propagate", map[string]bool{"attenuation": true, "cap": true})
	if got := u.est.control("lambda").entry.Text; got != "—" {
		t.Errorf("a disabled slider shows %q", got)
	}
	if got := u.est.control("attenuation").entry.Text; got != "2" {
		t.Errorf("attenuation shows %q", got)
	}
	q.Until(t, func() bool { return !u.ws.Runs().Running() })
	if !strings.Contains(u.conv.iterations.Text, "no iteration") || u.conv.plot.Message() == "" {
		t.Errorf("propagate: %q, plot message %q", u.conv.iterations.Text, u.conv.plot.Message())
	}
}

func TestAppRecordErrors(t *testing.T) {
	u, w, _ := newTestApp(t)
	if err := u.open("", "illegal.sgf", []byte("(;SZ[9];B[cc];W[cc])")); err != nil {
		t.Fatal(err)
	}
	if u.game.banner.Hidden || !strings.Contains(u.game.bannerText.Text, "illegal.sgf:1:15: move 2 (W C7): point is occupied") {
		t.Errorf("banner hidden %v: %q", u.game.banner.Hidden, u.game.bannerText.Text)
	}
	if moveNumber(u) != 1 {
		t.Errorf("at move %d, want 1", moveNumber(u))
	}
	if err := u.open("", "bad.sgf", []byte("(;SZ[9];B[cc")); err == nil {
		t.Fatal("a broken record opened")
	}
	if w.Canvas().Overlays().Top() == nil {
		t.Error("no error dialog for a broken record")
	}
	if u.ws.Record().Name() != "illegal.sgf" {
		t.Errorf("showing %q after a failed open", u.ws.Record().Name())
	}
	if err := u.OpenFile("/nonexistent/game.sgf"); err == nil {
		t.Error("opened a file that does not exist")
	}
}

func TestAppHover(t *testing.T) {
	u, w, _ := newTestApp(t)
	w.Canvas().Refresh(u.board)
	u.board.draw(700, 700) // what the painter does on the next frame
	// N12, the last move, is at SGF (12, 7).
	l := u.board.frame.Layout()
	c := l.Center(board.Point{X: 12, Y: 7})
	pos := fyne.NewPos(float32(c.X)/u.board.scale, float32(c.Y)/u.board.scale).Add(u.board.raster.Position())
	p, ok := u.board.PointAt(pos)
	if !ok || p != (board.Point{X: 12, Y: 7}) {
		t.Fatalf("PointAt gives %v %v", p, ok)
	}
	u.view.hovered(p, true)
	for _, want := range []string{"N12", "White chain of 1 stone, 2 liberties", "value "} {
		if !strings.Contains(u.status.Text(), want) {
			t.Errorf("status %q lacks %q", u.status.Text(), want)
		}
	}
	u.view.hovered(board.Point{}, false)
	if strings.Contains(u.status.Text(), "N12") {
		t.Error("the status still names a point after the mouse left")
	}
}

func TestBoardStaysSquare(t *testing.T) {
	test.NewApp()
	b := NewBoard()
	if ms := b.MinSize(); ms.Width != ms.Height || ms.Width < 200 {
		t.Errorf("min size %v", ms)
	}
	w := test.NewWindow(b)
	defer w.Close()
	w.SetPadded(false)
	for _, size := range []fyne.Size{{Width: 900, Height: 600}, {Width: 500, Height: 800}} {
		w.Resize(size)
		r := b.raster.Size()
		if r.Width != r.Height || r.Width != min(size.Width, size.Height) {
			t.Errorf("in %v the board is %v", size, r)
		}
	}
	pos, _ := board.New(19)
	b.Set(pos, nil, b.opt)
	img := b.draw(500, 500)
	if img.Bounds() != image.Rect(0, 0, 500, 500) {
		t.Errorf("drew %v", img.Bounds())
	}
}

func TestAppOpenPasteDropRecent(t *testing.T) {
	u, w, _ := newTestApp(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "var.sgf")
	if err := os.WriteFile(path, []byte(variations), 0o644); err != nil {
		t.Fatal(err)
	}
	u.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)})
	if u.ws.Record().Name() != "var.sgf" || !strings.Contains(w.Title(), "Black Player v White Player") {
		t.Fatalf("after the drop: %s, title %q", u.ws.Record().Name(), w.Title())
	}
	recent := fyne.CurrentApp().Preferences().StringList(keyRecent)
	if len(recent) == 0 || recent[0] != path {
		t.Errorf("recent files %q, want %s first", recent, path)
	}
	menu := w.MainMenu().Items[0]
	found := false
	for _, it := range menu.Items {
		if it.ChildMenu != nil && len(it.ChildMenu.Items) > 0 && it.ChildMenu.Items[0].Label == path {
			found = true
			it.ChildMenu.Items[0].Action()
		}
	}
	if !found {
		t.Error("the File menu does not list the recent file")
	}

	fyne.CurrentApp().Clipboard().SetContent("(;SZ[13]PB[Pasted];B[dd])")
	u.Paste()
	if u.ws.Record().Name() != "clipboard" || u.ws.Position().Size() != 13 {
		t.Errorf("after paste: %s", u.ws.Record().Name())
	}
	fyne.CurrentApp().Clipboard().SetContent("  ")
	u.Paste()
	if u.ws.Record().Name() != "clipboard" || w.Canvas().Overlays().Top() == nil {
		t.Error("pasting nothing changed the record or showed no error")
	}
}

// TestAppOddRecords opens records at the edges of what SGF allows and
// works every control on them: nothing may panic on user input.
func TestAppOddRecords(t *testing.T) {
	u, w, q := newTestApp(t)
	records := []string{
		"(;)",
		"(;SZ[2];B[aa];W[bb];B[])",
		"(;SZ[25];B[yy];W[aa])",
		"(;SZ[19]HA[2]AB[dd][pp];W[dp];B[tt];W[tt])",
		"(;SZ[9]AB[aa:ii])",
		"(;SZ[9];B[ee];W[ff])(;SZ[13];B[aa])",
		"(;SZ[9]PL[W];W[ee](;B[dd])(;B[ff](;W[gg])(;W[hh]))(;B[cc]))",
		"(;SZ[9];B[ee];W[ee])",
		"(;SZ[9]KM[abc];B[ee])",
		"(;SZ[7x9];B[aa])",
		"(;SZ[1])",
		"(;SZ[9];B[zz])",
	}
	for _, r := range records {
		err := u.open("", "odd.sgf", []byte(r))
		if err != nil {
			continue // reported in a dialog; the app goes on
		}
		for _, k := range []fyne.KeyName{fyne.KeyHome, fyne.KeyRight, fyne.KeyDown, fyne.KeyDown, fyne.KeyUp, fyne.KeyEnd, fyne.KeyLeft, fyne.KeyPageDown, fyne.KeyO, fyne.KeyN, fyne.KeyO} {
			u.TypedKey(&fyne.KeyEvent{Name: k})
			q.Drain()
		}
		for _, e := range []string{"propagate", "symmetric"} {
			u.est.chooser.SetSelected(e)
			q.Until(t, func() bool { return !u.ws.Runs().Running() })
		}
		w.Canvas().Refresh(u.board)
		u.board.draw(400, 400)
		pos := u.ws.Position()
		for y := range pos.Size() {
			for x := range pos.Size() {
				u.view.hovered(board.Point{X: x, Y: y}, true)
			}
		}
		for _, b := range u.game.buttons {
			test.Tap(b)
		}
		test.Tap(u.est.reset)
	}
}
