package ui

import (
	"errors"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/assets"
	"moyo/board"
	"moyo/engines"
	"moyo/internal/testutil"
	"moyo/lesson"
	"moyo/workspace"
)

// overlays returns how many dialogs and pop-ups cover the window.
func overlays(w fyne.Window) int { return len(w.Canvas().Overlays().List()) }

// TestQuitGivesBackLessonSettings checks that File → Quit during a
// lesson, after its Try of "symmetric, λ = 0", stores the settings chosen
// before the lesson: the next launch, on the same preferences, starts
// with them and not with the lesson's.
func TestQuitGivesBackLessonSettings(t *testing.T) {
	a := test.NewApp()
	t.Cleanup(a.Quit)
	q := testutil.NewQueue()
	ws := workspace.New(q.Post, a.Preferences(), nil)
	ws.Final().SetScorer(nil)
	t.Cleanup(ws.Close)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	u := New(a, w, ws)
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		t.Fatal(err)
	}
	s := ws.Settings()
	if err := s.SetEstimator("symmetric"); err != nil {
		t.Fatal(err)
	}
	s.SetParam("lambda", 0.4)
	before := s.Params()
	if err := ws.OpenLesson(0); err != nil {
		t.Fatal(err)
	}
	try := lesson.Settings()[1] // symmetric, λ = 0, mode alive
	if err := lessonOf(t, ws).UseSetting(try); err != nil {
		t.Fatal(err)
	}
	if s.Params().Num("lambda") != 0 || s.Params().Text("mode") != "alive" {
		t.Fatalf("the Try set %+v", s.Params())
	}
	quit := menuItem(t, u, "File", "Quit")
	if sh, ok := quit.Shortcut.(*desktop.CustomShortcut); !ok || sh.KeyName != fyne.KeyQ || sh.Modifier != fyne.KeyModifierShortcutDefault || !quit.IsQuit {
		t.Errorf("File → Quit has shortcut %v, is Fyne's quit %v; want Ctrl+Q", quit.Shortcut, quit.IsQuit)
	}
	quit.Action()
	q.Until(t, func() bool { return !ws.Runs().Running() })

	next := workspace.New(q.Post, a.Preferences(), nil)
	t.Cleanup(next.Close)
	if got := next.Settings(); got.Estimator().Info().Name != "symmetric" || !got.Params().Equal(before) {
		t.Errorf("the next launch starts with %s %+v, want symmetric %+v", got.Estimator().Info().Name, got.Params(), before)
	}
}

// TestQuitAsksAboutUnsavedEdits checks that quitting in edit mode asks
// before it drops the edited position, that Escape answers Cancel, and
// that once the position is saved neither quitting nor going back to
// the record asks.
func TestQuitAsksAboutUnsavedEdits(t *testing.T) {
	u, w, _ := newTestApp(t)
	ws := u.ws
	ws.StartEdit()
	tapPoint(u, w, board.Point{X: 4, Y: 4})
	edited := ws.Position()
	u.Quit()
	if u.confirm == nil || overlays(w) != 1 {
		t.Fatalf("quitting with edits: asked %v, %d overlays", u.confirm != nil, overlays(w))
	}
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter does not discard
	if overlays(w) != 1 {
		t.Fatal("Enter answered the question about dropping the edits")
	}
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if overlays(w) != 0 || !editing(ws) || ws.Position() != edited {
		t.Fatalf("Escape: %d overlays, editing %v", overlays(w), editing(ws))
	}

	save, err := ws.SavePosition()
	if err != nil {
		t.Fatal(err)
	}
	if err := save.Write(&nopWriter{}); err != nil {
		t.Fatal(err)
	}
	u.confirm = nil
	u.Quit()
	if u.confirm != nil || overlays(w) != 0 {
		t.Error("quitting asked about a saved position")
	}
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyE})
	if u.confirm != nil || editing(ws) {
		t.Errorf("back to the record after a save: asked %v, editing %v", u.confirm != nil, editing(ws))
	}
}

// nopWriter takes what is written and closes without error.
type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }
func (nopWriter) Close() error                { return nil }

// TestEditItemsEnabled checks that Edit → Undo, Redo and Clear the Board
// are disabled where they would do nothing: in the record, and in edit
// mode with nothing to undo or redo.
func TestEditItemsEnabled(t *testing.T) {
	u, w, _ := newTestApp(t)
	ws := u.ws
	state := func() [3]bool {
		var on [3]bool
		for k, label := range []string{"Undo", "Redo", "Clear the Board"} {
			on[k] = !menuItem(t, u, "Edit", label).Disabled
		}
		return on
	}
	if got := state(); got != [3]bool{} {
		t.Errorf("in the record: undo, redo, clear enabled %v", got)
	}
	ws.StartEdit()
	if got := state(); got != [3]bool{false, false, true} {
		t.Errorf("editing, before an edit: %v", got)
	}
	tapPoint(u, w, board.Point{X: 4, Y: 4})
	if got := state(); got != [3]bool{true, false, true} {
		t.Errorf("after an edit: %v", got)
	}
	menuItem(t, u, "Edit", "Undo").Action()
	if got := state(); got != [3]bool{false, true, true} {
		t.Errorf("after undo: %v", got)
	}
	ws.StopEdit()
	if got := state(); got != [3]bool{} {
		t.Errorf("back in the record: %v", got)
	}
}

// TestShortcutsWaitForDialogs checks that while a dialog is shown the
// window's shortcuts and keys leave the window alone (Ctrl+V pasted a
// record behind the About dialog), that Escape closes a dialog and Enter
// an error's, and that they act again once it is closed.
func TestShortcutsWaitForDialogs(t *testing.T) {
	u, w, _ := newTestApp(t)
	ws := u.ws
	u.app.Clipboard().SetContent("(;SZ[9];B[cc])")
	paste := menuItem(t, u, "File", "Paste SGF")
	menuItem(t, u, "Help", "About moyo").Action()
	if overlays(w) != 1 {
		t.Fatalf("About: %d overlays", overlays(w))
	}
	paste.Action() // what Ctrl+V does
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyE})
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if ws.Record().Name() != assets.SampleName || editing(ws) || moveNumber(u) != assets.SampleMove {
		t.Fatalf("under About: record %q, editing %v, move %d", ws.Record().Name(), editing(ws), moveNumber(u))
	}
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if overlays(w) != 0 {
		t.Fatal("Escape left About open")
	}

	u.showError("Cannot open the record", errors.New("bad.sgf:1:1: no game"))
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if overlays(w) != 0 {
		t.Fatal("Enter left the error open")
	}
	u.showError("Cannot open the record", errors.New("bad.sgf:1:1: no game"))
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if overlays(w) != 0 {
		t.Fatal("Escape left the error open")
	}

	paste.Action()
	if ws.Record().Name() != "clipboard" {
		t.Errorf("Ctrl+V after the dialogs: record %q", ws.Record().Name())
	}
}

// TestCollectionGameList checks that opening a collection lists its
// games, with players, date and result, that choosing one opens it, and
// that File → Choose Game is enabled for collections only.
func TestCollectionGameList(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	games := `(;GM[1]SZ[9]PB[Ann]PW[Bob]RE[B+R]DT[2024-05-01];B[cc];W[gg])
(;GM[1]SZ[9]PB[Cid]PW[Dee]RE[W+3.5]DT[2024-05-02];B[ee])`
	choose := menuItem(t, u, "File", "Choose Game of the Collection…")
	if !choose.Disabled {
		t.Error("Choose Game is enabled for a single game")
	}
	if err := u.open("", "games.sgf", []byte(games)); err != nil {
		t.Fatal(err)
	}
	if overlays(w) != 1 || u.games == nil || u.games.Length() != 2 {
		t.Fatalf("opening a collection: %d overlays", overlays(w))
	}
	item := u.games.CreateItem()
	u.games.UpdateItem(1, item)
	if text := item.(*widget.Label).Text; text != "2.  Cid (B) v Dee (W), 2024-05-02, W+3.5" {
		t.Errorf("row 2 reads %q", text)
	}
	if choose.Disabled {
		t.Error("Choose Game is disabled for a collection")
	}
	u.games.Select(1)
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if i, _ := ws.Record().Game(); i != 1 || overlays(w) != 0 || ws.Record().Record().Info.Black != "Cid" {
		t.Errorf("chose game %d (Black %q), %d overlays", i+1, ws.Record().Record().Info.Black, overlays(w))
	}
	choose.Action()
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if i, _ := ws.Record().Game(); i != 1 || overlays(w) != 0 {
		t.Errorf("Escape: game %d, %d overlays", i+1, overlays(w))
	}
}

// TestEnginesDialogHints checks that Settings → Engines' empty KataGo
// fields say what the search for KataGo found once it ends, and nothing
// is claimed found before: "looking…" first, then what
// workspace.KataGoHints says of the KataGo found on this machine.
func TestEnginesDialogHints(t *testing.T) {
	u, w, _ := newTestApp(t)
	menuItem(t, u, "Settings", "Engines…").Action()
	var entries []*widget.Entry
	walk(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		x, ok := o.(*widget.Entry)
		if ok {
			entries = append(entries, x)
		}
		return ok
	})
	if len(entries) != 4 {
		t.Fatalf("%d entries, want GNU Go's and KataGo's three", len(entries))
	}
	program, config, model := workspace.KataGoHints(engines.FindKataGo())
	deadline := time.Now().Add(10 * time.Second)
	for entries[1].PlaceHolder == "looking…" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	for k, want := range []string{program, config, model} {
		if got := entries[1+k].PlaceHolder; got != want {
			t.Errorf("KataGo field %d says %q, want %q", k+1, got, want)
		}
	}
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if overlays(w) != 0 {
		t.Error("Escape left the Engines dialog open")
	}
}
