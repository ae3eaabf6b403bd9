package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/workspace"
)

// pointPos returns where on the canvas the centre of point p is drawn.
func pointPos(u *App, p board.Point) fyne.Position {
	u.board.draw(700, 700) // what the painter does on the next frame
	c := u.board.frame.Layout().Center(p)
	local := fyne.NewPos(float32(c.X)/u.board.scale, float32(c.Y)/u.board.scale).Add(u.board.raster.Position())
	return local.Add(fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board))
}

// tapPoint clicks point p of the board as the window would route the
// click: to whatever is tappable at that place of the canvas.
func tapPoint(u *App, w fyne.Window, p board.Point) { test.TapCanvas(w.Canvas(), pointPos(u, p)) }

// rightTapPoint right-clicks point p of the board.
func rightTapPoint(u *App, p board.Point) {
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board)
	test.TapSecondaryAt(u.board, pointPos(u, p).Subtract(abs))
}

func TestAppEditMode(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	record, step := ws.Position(), ws.Record().Index()
	k10 := board.Point{X: 9, Y: 9} // empty at move 100

	// Outside edit mode a click does nothing.
	tapPoint(u, w, k10)
	if ws.Position() != record || ws.Position().At(k10) != board.Empty || u.board.Cursor() != desktop.DefaultCursor {
		t.Fatal("a click outside edit mode changed the board")
	}

	key(fyne.KeyE)
	if !editing(ws) || !u.edit.box.Visible() || u.game.nav.Visible() || u.game.back.Hidden {
		t.Fatalf("E: editing %v, edit panel hidden %v, move panel hidden %v", editing(ws), !u.edit.box.Visible(), !u.game.nav.Visible())
	}
	for _, c := range []struct {
		got, want string
	}{
		{u.game.moveLine.Text, "Editing — branched from move 100"},
		{u.game.details.Text, "Black to move · stones B 50, W 49 · komi 6.5 · 19×19"},
		{w.Title(), "moyo — Gu Li v Master — editing from move 100"},
		{u.status.Text(), "Click puts a black stone, right click erases"},
	} {
		if !strings.HasPrefix(c.got, c.want) {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	if u.game.moveLine.Importance != widget.HighImportance || u.edit.tools.Buttons[0].Importance != widget.HighImportance {
		t.Error("the editing line or the Black tool is not highlighted")
	}

	tapPoint(u, w, k10)
	if ws.Position().At(k10) != board.Black || u.board.pos != ws.Position() || record.At(k10) != board.Empty {
		t.Fatal("a click in edit mode with the Black tool did not put a black stone on K10 of the edited board only")
	}
	if !strings.Contains(u.game.details.Text, "stones B 51, W 49") || u.edit.undo.Disabled() || !u.edit.redo.Disabled() {
		t.Errorf("after a stone: %q, undo disabled %v, redo disabled %v", u.game.details.Text, u.edit.undo.Disabled(), u.edit.redo.Disabled())
	}
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() || u.board.values == nil {
		t.Error("the estimate did not follow the edit")
	}

	key(fyne.KeyW)
	if editOf(t, ws).Tool() != workspace.ToolWhite || u.edit.tools.Buttons[1].Importance != widget.HighImportance || u.edit.tools.Buttons[0].Importance == widget.HighImportance {
		t.Errorf("W: tool %v", editOf(t, ws).Tool())
	}
	rightTapPoint(u, k10)
	if ws.Position().At(k10) != board.Empty {
		t.Error("a right click did not erase")
	}
	tapPoint(u, w, k10)
	if ws.Position().At(k10) != board.White {
		t.Error("a click with the White tool did not put a white stone")
	}
	test.Tap(u.edit.undo)
	if ws.Position().At(k10) != board.Empty || u.edit.redo.Disabled() {
		t.Error("the undo button did not take back the white stone")
	}
	test.Tap(u.edit.redo)
	if ws.Position().At(k10) != board.White {
		t.Error("the redo button did not put it back")
	}

	test.Tap(u.edit.tools.Buttons[3]) // Play
	tapPoint(u, w, board.Point{X: 12, Y: 7})
	if editOf(t, ws).Tool() != workspace.ToolPlay || !strings.Contains(u.status.Text(), "N12: point is occupied") {
		t.Errorf("playing on a stone: tool %v, status %q", editOf(t, ws).Tool(), u.status.Text())
	}

	test.Tap(u.edit.sizes.Buttons[0])
	if ws.Position().Size() != 9 || u.edit.sizeSpin.Entry.Text != "9" || u.edit.sizes.Buttons[0].Importance != widget.HighImportance {
		t.Errorf("the 9 button: size %d, spinner %q", ws.Position().Size(), u.edit.sizeSpin.Entry.Text)
	}
	test.Tap(u.edit.sizeSpin.Up)
	if ws.Position().Size() != 10 || u.edit.sizes.Buttons[0].Importance == widget.HighImportance {
		t.Errorf("+: size %d", ws.Position().Size())
	}
	w.Canvas().Focus(u.edit.sizeSpin.Entry)
	u.edit.sizeSpin.Entry.SetText("")
	test.Type(u.edit.sizeSpin.Entry, "x15") // letters are refused
	u.edit.sizeSpin.Entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if ws.Position().Size() != 15 || w.Canvas().Focused() != nil {
		t.Errorf("typing 15: size %d, focus %v", ws.Position().Size(), w.Canvas().Focused())
	}
	test.Tap(u.edit.komiSpin.Up)
	if ws.Komi() != 7 || u.edit.komiSpin.Entry.Text != "7" || !strings.Contains(u.game.details.Text, "komi 7 ") {
		t.Errorf("komi + : %g, %q", ws.Komi(), u.game.details.Text)
	}
	u.edit.komiSpin.Entry.SetText("99999")
	u.edit.komiSpin.Entry.FocusLost()
	if ws.Komi() != 7 || u.edit.komiSpin.Entry.Text != "7" {
		t.Errorf("a komi out of range: %g, shown %q", ws.Komi(), u.edit.komiSpin.Entry.Text)
	}
	test.Tap(u.edit.side.Buttons[1])
	if ws.Position().ToMove() != board.White || !strings.HasPrefix(u.game.details.Text, "White to move") {
		t.Errorf("the White button: %v to move", ws.Position().ToMove())
	}

	key(fyne.KeyRight)
	key(fyne.KeyHome)
	if ws.Record().Index() != step || !editing(ws) {
		t.Errorf("arrows in edit mode moved the record to step %d", ws.Record().Index())
	}

	u.confirm = nil
	test.Tap(u.game.back)
	if u.confirm == nil || !editing(ws) {
		t.Fatal("Back to record dropped the edits without asking")
	}
	u.confirm.Confirm()
	if editing(ws) || ws.Position() != record || ws.Record().Index() != step || u.board.pos != record || u.board.OnTap != nil {
		t.Error("Back to record did not show the record as it was")
	}
	if u.edit.box.Visible() || !u.game.nav.Visible() || !strings.HasPrefix(u.game.moveLine.Text, "Move 100 of 235") || w.Title() != "moyo — Gu Li v Master — move 100" {
		t.Errorf("back from editing: %q, title %q", u.game.moveLine.Text, w.Title())
	}
	key(fyne.KeyRight)
	if moveNumber(u) != 101 {
		t.Errorf("→ after editing: move %d", moveNumber(u))
	}
	test.Tap(u.game.editButton)
	key(fyne.KeyE)
	if editing(ws) {
		t.Error("E did not leave edit mode")
	}
}

// TestAppEditShortcuts checks the menu's undo and redo, whose shortcuts
// the window runs, and Ctrl+Y on the canvas.
func TestAppEditShortcuts(t *testing.T) {
	u, w, _ := newTestApp(t)
	ws := u.ws
	ws.StartEdit()
	editOf(t, ws).Place(board.Point{X: 9, Y: 9}, board.Black)
	items := map[string]*fyne.MenuItem{}
	for _, menu := range w.MainMenu().Items {
		for _, it := range menu.Items {
			if it.Shortcut != nil {
				items[it.Shortcut.ShortcutName()] = it
			}
		}
	}
	undo, redo := items[(&fyne.ShortcutUndo{}).ShortcutName()], items[(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}).ShortcutName()]
	if undo == nil || redo == nil || items[(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}).ShortcutName()] == nil {
		t.Fatalf("menu shortcuts %v", items)
	}
	undo.Action()
	if editOf(t, ws).CanUndo() {
		t.Error("Ctrl+Z did not undo")
	}
	w.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutRedo{})
	if !editOf(t, ws).CanUndo() {
		t.Error("Ctrl+Y did not redo")
	}
	undo.Action()
	redo.Action()
	if ws.Position().At(board.Point{X: 9, Y: 9}) != board.Black {
		t.Error("Ctrl+Shift+Z did not redo")
	}
}

func TestPositionFileName(t *testing.T) {
	u, _, _ := newTestApp(t)
	ws := u.ws
	if got := u.ws.PositionFileName(); got != "60-2017.01.04-Master-Gu_Li-move-100.sgf" {
		t.Errorf("unedited: %q", got)
	}
	ws.StartEdit()
	editOf(t, ws).Place(board.Point{}, board.Black)
	if got := u.ws.PositionFileName(); got != "60-2017.01.04-Master-Gu_Li-move-100-edited.sgf" {
		t.Errorf("edited: %q", got)
	}
}

// TestBoardGhost checks the see-through stone under the mouse in edit
// mode: shown on empty points in the colour a click would put, hidden on
// stones and outside edit mode.
func TestBoardGhost(t *testing.T) {
	u, w, _ := newTestApp(t)
	ws := u.ws
	move := func(p board.Point) {
		abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.board)
		u.board.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pointPos(u, p).Subtract(abs)}})
	}
	k10, n12 := board.Point{X: 9, Y: 9}, board.Point{X: 12, Y: 7}
	move(k10)
	if u.board.preview.Visible() {
		t.Error("a ghost stone outside edit mode")
	}
	ws.StartEdit()
	for _, tt := range []struct {
		key     fyne.KeyName
		at      board.Point
		visible bool
		white   bool
	}{
		{fyne.KeyB, k10, true, false},
		{fyne.KeyW, k10, true, true},
		{fyne.KeyW, n12, false, false}, // a white stone is there
		{fyne.KeyX, k10, false, false},
		{fyne.KeyA, k10, true, false}, // Black to move
	} {
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: tt.key})
		move(tt.at)
		g := u.board.preview
		if g.Visible() != tt.visible {
			t.Errorf("tool %v at %v: ghost shown %v", editOf(t, ws).Tool(), tt.at, g.Visible())
			continue
		}
		if !tt.visible {
			continue
		}
		if r, _, _, _ := g.FillColor.RGBA(); (r > 0) != tt.white {
			t.Errorf("tool %v: ghost colour %v", editOf(t, ws).Tool(), g.FillColor)
		}
		centre := g.Position().AddXY(g.Size().Width/2, g.Size().Height/2)
		if p, ok := u.board.PointAt(centre); !ok || p != tt.at {
			t.Errorf("tool %v: ghost over %v, want %v", editOf(t, ws).Tool(), p, tt.at)
		}
	}
	ws.StopEdit()
	if u.board.preview.Visible() {
		t.Error("the ghost stayed after editing")
	}
}

// TestOpenAsksBeforeDroppingEdits checks that a record opened over an
// edited position asks first: cancel keeps the edit, discard opens.
func TestOpenAsksBeforeDroppingEdits(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	q.Until(t, func() bool { return !ws.Runs().Running() })
	record := "(;SZ[9]RE[B+R];B[cc];W[gg])"

	// Without edits there is nothing to lose: no question.
	ws.StartEdit()
	if err := u.open("", "first.sgf", []byte(record)); err != nil || editing(ws) || ws.Record().Name() != "first.sgf" || u.confirm != nil {
		t.Fatalf("unedited session: error %v, editing %v, name %q, asked %v", err, editing(ws), ws.Record().Name(), u.confirm != nil)
	}

	ws.StartEdit()
	tapPoint(u, w, board.Point{X: 4, Y: 4})
	if !editOf(t, ws).CanUndo() {
		t.Fatal("the click did not edit")
	}
	edited := ws.Position()
	if err := u.open("", "second.sgf", []byte(record)); err != nil || u.confirm == nil {
		t.Fatalf("edited session: error %v, asked %v", err, u.confirm != nil)
	}
	if !editing(ws) || ws.Position() != edited || ws.Record().Name() != "first.sgf" {
		t.Fatal("the record opened before the question was answered")
	}
	u.confirm.Dismiss()
	if !editing(ws) || ws.Position() != edited || ws.Record().Name() != "first.sgf" {
		t.Fatal("cancel dropped the edit")
	}

	if err := u.open("", "third.sgf", []byte(record)); err != nil {
		t.Fatal(err)
	}
	u.confirm.Confirm()
	if editing(ws) || ws.Record().Name() != "third.sgf" {
		t.Errorf("discard: editing %v, name %q", editing(ws), ws.Record().Name())
	}

	// A lesson from the menu asks too.
	ws.StartEdit()
	tapPoint(u, w, board.Point{X: 4, Y: 4})
	u.confirm = nil
	menuItem(t, u, "Lessons", "Open at one end", "five points").Action()
	if u.confirm == nil || inLesson(ws) || !editing(ws) {
		t.Fatalf("lesson over an edit: asked %v, in lesson %v, editing %v", u.confirm != nil, inLesson(ws), editing(ws))
	}
	u.confirm.Confirm()
	if !inLesson(ws) || editing(ws) {
		t.Errorf("discard for the lesson: in lesson %v, editing %v", inLesson(ws), editing(ws))
	}
}

// TestEveryWayOutOfEditAsks checks that every action that leaves edit
// mode with edits asks first, through one function (App.leaveEdit): the
// Back to record button, key E, the Edit menu's item, File → Open Sample
// Game, opening a record and a lesson. Cancel keeps the edited position;
// Discard goes.
func TestEveryWayOutOfEditAsks(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	q.Until(t, func() bool { return !ws.Runs().Running() })
	for _, path := range []struct {
		name string
		do   func()
		left func() bool // the action was done
	}{
		{"Back to record", func() { test.Tap(u.game.back) }, func() bool { return !editing(ws) }},
		{"key E", func() { u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyE}) }, func() bool { return !editing(ws) }},
		{"Edit menu", func() { menuItem(t, u, "Edit", "Edit the Position, or Back to the Record (E)").Action() }, func() bool { return !editing(ws) }},
		{"Open Sample Game", func() { menuItem(t, u, "File", "Open Sample Game").Action() }, func() bool { return !editing(ws) }},
		{"open a record", func() { u.open("", "other.sgf", []byte("(;SZ[9];B[cc])")) }, func() bool { return ws.Record().Name() == "other.sgf" }},
		{"a lesson", func() { menuItem(t, u, "Lessons", "Open at one end", "five points").Action() }, func() bool { return inLesson(ws) }},
	} {
		if !editing(ws) {
			ws.StopLesson()
			ws.StartEdit()
		}
		tapPoint(u, w, board.Point{X: 4, Y: 4})
		edited := ws.Position()
		if !editOf(t, ws).CanUndo() {
			t.Fatalf("%s: the click did not edit", path.name)
		}
		u.confirm = nil
		path.do()
		if u.confirm == nil || !editing(ws) || ws.Position() != edited {
			t.Fatalf("%s: asked %v, editing %v: the edits went without a question", path.name, u.confirm != nil, editing(ws))
		}
		u.confirm.Dismiss()
		if !editing(ws) || ws.Position() != edited {
			t.Fatalf("%s: cancel dropped the edits", path.name)
		}
		u.confirm = nil
		path.do()
		u.confirm.Confirm()
		if editing(ws) || !path.left() {
			t.Errorf("%s: discard: editing %v", path.name, editing(ws))
		}
	}
	// Without edits nothing is lost, and nothing is asked.
	ws.StopLesson()
	ws.StartEdit()
	u.confirm = nil
	u.TypedKey(&fyne.KeyEvent{Name: fyne.KeyE})
	if editing(ws) || u.confirm != nil {
		t.Errorf("an unedited session: editing %v, asked %v", editing(ws), u.confirm != nil)
	}
}
