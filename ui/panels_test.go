package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/engines"
	"moyo/estimators"
	"moyo/lesson"
	"moyo/render"
	"moyo/workspace"
)

// menuItem finds the item of the main menu at the path of labels.
func menuItem(t *testing.T, u *App, path ...string) *fyne.MenuItem {
	t.Helper()
	var items []*fyne.MenuItem
	for _, menu := range u.win.MainMenu().Items {
		if menu.Label == path[0] {
			items = menu.Items
		}
	}
	for k, label := range path[1:] {
		var found *fyne.MenuItem
		for _, it := range items {
			if it.Label == label {
				found = it
			}
		}
		if found == nil {
			t.Fatalf("no menu item %q", strings.Join(path[:k+2], " → "))
		}
		if k == len(path)-2 {
			return found
		}
		items = found.ChildMenu.Items
	}
	t.Fatalf("menu path %q is too short", path)
	return nil
}

func TestAppLessonMenu(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	record := ws.Position()
	menuItem(t, u, "Lessons", "Open at one end", "five points").Action()
	q.Until(t, func() bool { return !ws.Runs().Running() })
	l, _ := lessonOf(t, ws).Lesson()
	if l.Title != "Open at one end: five points" {
		t.Fatalf("the menu opened %v", l)
	}
	if !u.lesson.top.Visible() || !u.lesson.body.Visible() || u.game.nav.Visible() || u.game.info.Visible() || u.conv.plot.Visible() {
		t.Error("the lesson panel does not take the place of the game panel and the plot")
	}
	if u.lesson.title.Text != l.Title || u.lesson.text.Text != l.Text || !strings.Contains(w.Title(), l.Title) {
		t.Errorf("title %q, window %q", u.lesson.title.Text, w.Title())
	}

	// The table has a column per corridor point with its exact value, and
	// the board numbers the points as the columns are.
	c := lessonOf(t, ws).Corridor()
	for k, p := range c.Points {
		if got, want := u.lesson.cells[workspace.RowExact][k].Text, workspace.FormatValue(c.Exact[k]); got != want {
			t.Errorf("exact value of point %d: %q, want %q", k+1, got, want)
		}
		if got := u.lesson.cells[workspace.RowPoint][k].Text; got != p.Label(l.Position.Size()) {
			t.Errorf("point %d is %q, want %v", k+1, got, p)
		}
	}
	if got := u.board.opt.Marks; len(got) != len(c.Points) || got[0].Point != c.Points[0] || got[0].Label != "1" {
		t.Errorf("marks %v for corridor %v", got, c.Points)
	}
	if !strings.Contains(u.lesson.total.Text, "vs exact 3.06") {
		t.Errorf("total %q", u.lesson.total.Text)
	}

	// A setting's button chooses it, and the table follows the run.
	for i, s := range lesson.Settings() {
		test.Tap(u.lesson.settings.Buttons[i])
		q.Until(t, func() bool { return !ws.Runs().Running() })
		cmp, _ := lessonOf(t, ws).Comparison()
		if !lessonOf(t, ws).IsSetting(s) || u.lesson.settings.Buttons[i].Importance != widget.HighImportance {
			t.Errorf("%s: not chosen", s.Label)
		}
		if got, want := u.lesson.cells[workspace.RowEstimate][1].Text, workspace.FormatValue(cmp.Estimate[1]); got != want {
			t.Errorf("%s: estimate %q, want %q", s.Label, got, want)
		}
		if want := "estimate " + workspace.FormatValue(cmp.Total); !strings.Contains(u.lesson.total.Text, want) {
			t.Errorf("%s: total %q lacks %q", s.Label, u.lesson.total.Text, want)
		}
	}

	// ← → go between lessons; L goes back to the record, and opens the
	// lesson again.
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	key(fyne.KeyRight)
	if _, i := lessonOf(t, ws).Lesson(); i != 4 || len(u.lesson.cells[workspace.RowExact]) != 6 {
		t.Errorf("→: lesson %d with %d columns", i+1, len(u.lesson.cells[workspace.RowExact]))
	}
	key(fyne.KeyL)
	if inLesson(ws) || ws.Position() != record || !u.game.nav.Visible() || u.lesson.top.Visible() || !u.conv.plot.Visible() || u.board.opt.Marks != nil {
		t.Error("L did not go back to the record")
	}
	key(fyne.KeyL)
	if _, i := lessonOf(t, ws).Lesson(); i != 4 {
		t.Errorf("L opened lesson %d, want the last one shown, 5", i+1)
	}
}

func TestAppRanking(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	if u.rank.box.Visible() {
		t.Fatal("the ranking's column is shown with ranking off")
	}
	key(fyne.KeyR)
	if !ws.Ranking().On() || !u.bar.rank.Checked || !u.rank.box.Visible() {
		t.Fatal("R did not turn ranking on")
	}
	q.Until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	r, _ := ws.Ranking().Shown()
	lines := strings.Split(u.rank.list.Text, "\n")
	if len(lines) != 26 || !strings.HasPrefix(lines[0], "A  "+r.Moves[0].Label+" ") || !strings.HasPrefix(lines[25], "Z  ") {
		t.Errorf("list %q, best move %s", u.rank.list.Text, r.Moves[0].Label)
	}
	if !strings.Contains(u.rank.summary.Text, fmt.Sprintf("%d moves", len(r.Moves))) || u.rank.progress.Visible() {
		t.Errorf("summary %q, progress shown %v", u.rank.summary.Text, u.rank.progress.Visible())
	}
	marks := u.board.opt.Marks
	if len(marks) != 52 || marks[0] != (render.Mark{Point: r.Moves[0].Point, Label: "A"}) ||
		marks[51] != (render.Mark{Point: r.Moves[len(r.Moves)-1].Point, Shape: render.Triangle}) {
		t.Errorf("%d marks, first %v, last %v", len(marks), marks[0], marks[len(marks)-1])
	}

	// A step drops the marks at once; the next ranking brings new ones.
	key(fyne.KeyRight)
	if u.board.opt.Marks != nil || u.rank.summary.Text != "waiting for the estimate…" || u.rank.list.Text != "" {
		t.Error("the marks of the position left stay on the board")
	}
	q.Until(t, func() bool { _, _, running := ws.Ranking().Progress(); return running })
	if !u.rank.progress.Visible() || !strings.HasPrefix(u.rank.summary.Text, "ranking") {
		t.Errorf("ranking under way: progress shown %v, summary %q", u.rank.progress.Visible(), u.rank.summary.Text)
	}
	q.Until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	if r2, _ := ws.Ranking().Shown(); r2.Pos != ws.Position() || len(u.board.opt.Marks) != 52 {
		t.Error("no ranking of the new position")
	}

	// The check box turns it off.
	test.Tap(u.bar.rank)
	if ws.Ranking().On() || u.rank.box.Visible() || u.board.opt.Marks != nil {
		t.Error("the check box did not turn ranking off")
	}
}

// TestEnginesInChooser lists GNU Go in the chooser, runs it, and checks
// that runs cancelled by newer ones leave the engine usable.
func TestEnginesInChooser(t *testing.T) {
	found := engines.Available(engines.Config{})
	engines.Close(found)
	if !slices.ContainsFunc(found, func(e estimators.Estimator) bool { return e.Info().Name == "gnugo-engine" }) {
		t.Skip("GNU Go is not installed")
	}
	u, _, q := newTestApp(t)
	t.Cleanup(u.Close)
	ws := u.Workspace()
	u.ListEngines(engines.Config{})
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if !slices.Contains(u.est.chooser.Options, "gnugo-engine") {
		t.Fatalf("chooser %v, want gnugo-engine", u.est.chooser.Options)
	}
	u.est.chooser.SetSelected("gnugo-engine")
	if ws.Settings().Estimator().Info().Name != "gnugo-engine" {
		t.Fatalf("chose %s", ws.Settings().Estimator().Info().Name)
	}
	// Steps in a row cancel the runs before the last.
	for range 5 {
		ws.Record().Forward(1)
	}
	q.Until(t, func() bool { return !ws.Runs().Running() })
	o, ok := ws.Runs().Shown()
	if !ok || o.Err != nil || o.Est.Info().Name != "gnugo-engine" || o.Pos != ws.Position() {
		t.Fatalf("shown %v: %v from %s", ok, o.Err, o.Est.Info().Name)
	}
	// A bad GNU Go path leaves it out, and the chooser falls back.
	u.ListEngines(engines.Config{GnuGoPath: "/nonexistent/gnugo"})
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if slices.Contains(u.est.chooser.Options, "gnugo-engine") || ws.Settings().Estimator().Info().Name != "symmetric" {
		t.Errorf("chooser %v, chosen %s after the engine went", u.est.chooser.Options, ws.Settings().Estimator().Info().Name)
	}
}

// TestAboutDialog: Help → About moyo opens a dialog listing the texts
// moyo follows, those that can be read online as links.
func TestAboutDialog(t *testing.T) {
	u, w, _ := newTestApp(t)
	menuItem(t, u, "Help", "About moyo").Action()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	var texts []string
	links := 0
	walk(top, func(o fyne.CanvasObject) bool {
		switch x := o.(type) {
		case *widget.Label:
			texts = append(texts, x.Text)
		case *widget.Hyperlink:
			texts = append(texts, x.Text)
			if x.URL != nil {
				links++
			}
		default:
			return false
		}
		return true
	})
	all := strings.Join(texts, "\n")
	for _, want := range []string{"The texts moyo follows", "Teigo Nakamura", "followed by estimators bp, bpl"} {
		if !strings.Contains(all, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, all)
		}
	}
	if links != 4 { // every text but the symmetry article, whose address moyo does not know
		t.Errorf("%d links, want 4", links)
	}
}
