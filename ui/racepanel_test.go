package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// raceOf returns the race mode the app shows, failing the test in another.
func raceOf(t *testing.T, ws *workspace.Workspace) *workspace.RaceMode {
	t.Helper()
	r, ok := ws.Mode().(*workspace.RaceMode)
	if !ok {
		t.Fatalf("in %v mode, not the race mode", ws.Mode().Kind())
	}
	return r
}

// TestAppRace drives the race mode: C enters it on the position shown,
// two clicks on the board pick the blocks, the panel lists the regions and
// the verdict and draws the chosen region's thermograph, a click on a row
// chooses another, a bad pick is named, and C goes back.
func TestAppRace(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	openFile(t, ws, "../testdata/races/two-pockets.sgf")
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	key(fyne.KeyC)
	r := raceOf(t, ws)
	p := &u.race
	if !p.top.Visible() || !p.body.Visible() || u.game.info.Visible() || u.game.nav.Visible() {
		t.Error("the race panel does not take the place of the game panel")
	}
	if !strings.Contains(w.Title(), "capturing race — two-pockets.sgf, move 0") || !strings.Contains(p.status.Text, "Click a stone of each block") {
		t.Errorf("title %q, status %q", w.Title(), p.status.Text)
	}
	if len(p.cands.Options) == 0 || u.board.OnTap == nil {
		t.Fatalf("%d candidates; the board takes clicks: %v", len(p.cands.Options), u.board.OnTap != nil)
	}
	click := func(label string) {
		t.Helper()
		pt := point(t, label, 13)
		u.board.OnTap(pt, false)
	}
	// A bad pick is named in red.
	click("B9")
	click("A8")
	if !strings.Contains(p.status.Text, "both Black") || p.status.Importance != widget.DangerImportance {
		t.Errorf("status %q (importance %d)", p.status.Text, p.status.Importance)
	}
	click("B8")
	q.Until(t, func() bool { return !r.Running() && !ws.Runs().Running() })
	res, ok := r.Result()
	if !ok {
		t.Fatalf("no analysis: %v", r.Err())
	}
	// The status bar says what a click does now.
	if !strings.HasPrefix(u.status.Text(), "Click a region for its thermograph") {
		t.Errorf("status bar %q once the race is shown", u.status.Text())
	}
	// A row per region and one for the sum, after the heading.
	if n := len(p.rows.Objects); n != len(res.Regions)+2 {
		t.Errorf("%d rows for %d regions", n, len(res.Regions))
	}
	if !strings.Contains(p.outcome.Text, "Black to move: White's block at B8 is captured") ||
		!strings.Contains(p.verdict.Text, "case 1, the integer 3") || p.cands.Selected == "" {
		t.Errorf("outcome %q, verdict %q, candidate %q", p.outcome.Text, p.verdict.Text, p.cands.Selected)
	}
	// The hottest region, A (temperature 1½, as hot as B: the first is
	// taken), is drawn; a click on the sum's row draws the sum.
	th, shown := p.thermo.Thermo()
	if !strings.Contains(p.thermoTitle.Text, "region A") || !shown || th.Temperature != 1.5 {
		t.Errorf("thermograph of %q: %+v", p.thermoTitle.Text, th)
	}
	test.Tap(p.rows.Objects[len(p.rows.Objects)-1].(*widgets.Tappable))
	if r.Selected() != -1 || !strings.Contains(p.thermoTitle.Text, "the sum") {
		t.Errorf("after a click on the sum's row: %d, %q", r.Selected(), p.thermoTitle.Text)
	}
	// The board shows the regions and their values, crosses White and
	// marks Black's move to play.
	if len(u.board.opt.Regions) != len(res.Regions)+2 || len(u.board.opt.Marks) != 1+len(res.Regions)+11 {
		t.Errorf("%d regions and %d marks drawn", len(u.board.opt.Regions), len(u.board.opt.Marks))
	} else if m := u.board.opt.Marks[0]; m.Shape != render.Stone || m.Color != board.Black || res.Play == nil || m.Point != *res.Play {
		t.Errorf("first mark %+v, want Black's stone at the move %v", m, res.Play)
	}
	// Taking the loser as captured runs the estimator without White's block.
	test.Tap(p.capture)
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos.At(point(t, "B8", 13)) != board.Empty || !r.Capture() {
		t.Error("the estimate does not take White's block as captured")
	}
	key(fyne.KeyC)
	if _, ok := ws.Mode().(*workspace.RecordMode); !ok || p.top.Visible() || !u.game.nav.Visible() || u.board.opt.Regions != nil {
		t.Error("C did not go back to the record")
	}
}

// TestAppRaceLesson opens a capturing-race lesson from the Lessons menu
// and steps through its sequences with the keys and the buttons.
func TestAppRaceLesson(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	ls, err := ws.RaceLessons()
	if err != nil {
		t.Fatal(err)
	}
	menuItem(t, u, "Lessons", "Capturing races", ls[6].Title).Action()
	r := raceOf(t, ws)
	q.Until(t, func() bool { return !r.Running() && !ws.Runs().Running() })
	p := &u.race
	if p.title.Text != ls[6].Title || p.lessonText.Text != ls[6].Text || !p.seqBox.Visible() || !strings.Contains(w.Title(), "race lesson 7 of") {
		t.Errorf("title %q, window %q", p.title.Text, w.Title())
	}
	res, _ := r.Result()
	if res.Sum.Cooled != "*" {
		t.Errorf("the lesson's sum cools to %s, want * (2* - 2)", res.Sum.Cooled)
	}
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	key(fyne.KeyRight)
	q.Until(t, func() bool { return !r.Running() && !ws.Runs().Running() })
	if _, played := r.Sequence(); played != 1 || !strings.HasPrefix(p.seqLine.Text, "1 of ") {
		t.Errorf("→ played %d: %q", played, p.seqLine.Text)
	}
	test.Tap(p.seq.Buttons[1])
	if !r.Failing() || !strings.Contains(w.Title(), "failing sequence") {
		t.Errorf("the failing sequence is not shown: %q", w.Title())
	}
	key(fyne.KeyEnd)
	q.Until(t, func() bool { return !r.Running() && !ws.Runs().Running() })
	moves, played := r.Sequence()
	if played != len(moves) || p.seqNext.Disabled() == false {
		t.Errorf("End played %d of %d", played, len(moves))
	}
	test.Tap(p.nextLsn)
	if _, i, _ := raceOf(t, ws).Lesson(); i != 7 {
		t.Errorf("the next lesson is %d", i+1)
	}
	key(fyne.KeyC)
	if _, ok := ws.Mode().(*workspace.RecordMode); !ok {
		t.Error("C did not go back to the record")
	}
}

// point names a point as Go programs do: "B9".
func point(t *testing.T, label string, size int) board.Point {
	t.Helper()
	for y := range size {
		for x := range size {
			if p := (board.Point{X: x, Y: y}); p.Label(size) == label {
				return p
			}
		}
	}
	t.Fatalf("no point %s", label)
	return board.Point{}
}
