package workspace

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/sgf"
)

// small5 is an empty 5×5 record with komi.
const small5 = "(;GM[1]SZ[5]KM[6.5]PB[B]PW[W];B[cc];W[dd])"

// editWorkspace opens data at its last step and enters edit mode.
func editWorkspace(t *testing.T, data string) (*Workspace, *EditMode) {
	t.Helper()
	q := newQueue()
	ws := openWorkspace(t, q, data)
	ws.StartEdit()
	e, ok := ws.Mode().(*EditMode)
	if !ok {
		t.Fatal("StartEdit did not enter edit mode")
	}
	return ws, e
}

// editing reports whether ws is in edit mode.
func editing(ws *Workspace) bool { _, ok := ws.Mode().(*EditMode); return ok }

// pt reads a point in SGF letters: "cd" is {2, 3}.
func pt(s string) board.Point { return board.Point{X: int(s[0] - 'a'), Y: int(s[1] - 'a')} }

// applyAt returns an edit that sets tool and applies it at each of the
// points (in SGF letters) in turn, stopping at an error.
func applyAt(tool Tool, points ...string) func(e *EditMode) error {
	return func(e *EditMode) error {
		e.SetTool(tool)
		for _, p := range points {
			if err := e.ApplyTool(pt(p)); err != nil {
				return err
			}
		}
		return nil
	}
}

func TestEditTools(t *testing.T) {
	// Each case starts from small5 after its two moves, Black to move.
	tests := []struct {
		name   string
		do     func(e *EditMode) error
		want   string // the board afterwards
		toMove board.Color
		undos  int   // edits to undo
		err    error // the error, tested with errors.Is
	}{
		{
			name:   "black puts a black stone",
			do:     applyAt(ToolBlack, "aa"),
			want:   "X....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "white replaces a black stone",
			do:     applyAt(ToolWhite, "cc"),
			want:   ".....\n.....\n..O..\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "black on a black stone changes nothing",
			do:     applyAt(ToolBlack, "cc"),
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
		},
		{
			name:   "setup captures nothing",
			do:     applyAt(ToolBlack, "dc", "ed", "de"),
			want:   ".....\n.....\n..XX.\n...OX\n...X.\n",
			toMove: board.Black,
			undos:  3,
		},
		{
			name:   "alternate passes the turn",
			do:     applyAt(ToolAlternate, "aa", "ba", "ca"),
			want:   "XOX..\n.....\n..X..\n...O.\n.....\n",
			toMove: board.White,
			undos:  3,
		},
		{
			name:   "play captures",
			do:     applyAt(ToolPlay, "dc", "aa", "ed", "ab", "de", "ac", "cd"),
			want:   "O....\nO....\nO.XX.\n..X.X\n...X.\n",
			toMove: board.White,
			undos:  7,
		},
		{
			name:   "play refuses an occupied point",
			do:     applyAt(ToolPlay, "dd"),
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			err:    board.ErrOccupied,
		},
		{
			name:   "erase tool",
			do:     applyAt(ToolErase, "dd"),
			want:   ".....\n.....\n..X..\n.....\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "erase whatever the tool",
			do:     func(e *EditMode) error { e.SetTool(ToolWhite); return e.Erase(pt("cc")) },
			want:   ".....\n.....\n.....\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "off the board",
			do:     func(e *EditMode) error { return e.ApplyTool(board.Point{X: 5, Y: 0}) },
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			err:    board.ErrOffBoard,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, e := editWorkspace(t, small5)
			start := ws.Position()
			if err := tt.do(e); !errors.Is(err, tt.err) {
				t.Errorf("error %v, want %v", err, tt.err)
			}
			pos := ws.Position()
			if pos.String() != tt.want || pos.ToMove() != tt.toMove {
				t.Errorf("board\n%s%v to move, want\n%s%v to move", pos, pos.ToMove(), tt.want, tt.toMove)
			}
			for range tt.undos {
				e.Undo()
			}
			if e.CanUndo() || ws.Position() != start {
				t.Errorf("after %d undos: can undo %v, back at the start %v", tt.undos, e.CanUndo(), ws.Position() == start)
			}
		})
	}
}

func TestEditUndoRedo(t *testing.T) {
	ws, e := editWorkspace(t, small5)
	var changes []Change
	ws.Subscribe(ChangeAll, func(c Change) { changes = append(changes, c) })
	if e.CanUndo() || e.CanRedo() {
		t.Fatal("a new session has something to undo or redo")
	}
	e.Place(pt("aa"), board.Black)
	e.Place(pt("bb"), board.White)
	after2 := ws.Position().String()
	e.Undo()
	e.Undo()
	e.Undo() // nothing left: no change
	if ws.Position().String() != ".....\n.....\n..X..\n...O.\n.....\n" || !e.CanRedo() || e.CanUndo() {
		t.Fatalf("after undoing both:\n%s", ws.Position())
	}
	e.Redo()
	e.Redo()
	e.Redo()
	if ws.Position().String() != after2 || e.CanRedo() {
		t.Fatalf("after redoing both:\n%s", ws.Position())
	}
	e.Undo()
	e.Place(pt("ee"), board.Black) // a new edit drops what was undone
	if e.CanRedo() {
		t.Error("redo after a new edit")
	}
	if want := 8; len(changes) != want {
		t.Errorf("%d changes, want %d: one per edit, undo and redo that did something", len(changes), want)
	}
	for _, c := range changes {
		if c&ChangeEdit == 0 || c&ChangeResult == 0 {
			t.Errorf("change %b: want ChangeEdit and a run", c)
		}
	}
}

func TestEditBoardSizeKomiSide(t *testing.T) {
	ws, e := editWorkspace(t, small5)
	for _, tt := range []struct {
		size    int
		wantErr bool
	}{{9, false}, {1, true}, {26, true}, {25, false}, {2, false}, {19, false}} {
		err := e.SetBoardSize(tt.size)
		if (err != nil) != tt.wantErr {
			t.Errorf("size %d: error %v", tt.size, err)
		}
		if err == nil && (ws.Position().Size() != tt.size || ws.Position().String() != strings.Repeat(strings.Repeat(".", tt.size)+"\n", tt.size)) {
			t.Errorf("size %d: board\n%s", tt.size, ws.Position())
		}
	}
	for range 4 {
		e.Undo()
	}
	if ws.Position().Size() != 5 || ws.Position().At(pt("cc")) != board.Black {
		t.Errorf("undoing the size changes gives\n%s", ws.Position())
	}

	if err := e.SetToMove(board.White); err != nil || ws.Position().ToMove() != board.White {
		t.Errorf("SetToMove(White): %v, %v to move", err, ws.Position().ToMove())
	}
	if err := e.SetToMove(board.Empty); err == nil {
		t.Error("Empty to move")
	}
	e.SetBoardSize(9)
	if ws.Position().ToMove() != board.White {
		t.Error("a size change gave the turn back to Black")
	}
	e.Place(pt("aa"), board.Black)
	e.ClearBoard()
	if ws.Position().String() != strings.Repeat(".........\n", 9) || ws.Position().ToMove() != board.White {
		t.Errorf("cleared:\n%s%v to move", ws.Position(), ws.Position().ToMove())
	}
	e.Undo()
	if ws.Position().At(pt("aa")) != board.Black {
		t.Error("undo did not bring back the cleared stone")
	}

	if ws.Komi() != 6.5 {
		t.Errorf("komi %g, want the record's 6.5", ws.Komi())
	}
	for _, tt := range []struct {
		komi    float64
		wantErr bool
	}{{7.5, false}, {-3, false}, {626, true}, {0, false}} {
		if err := e.SetKomi(tt.komi); (err != nil) != tt.wantErr {
			t.Errorf("komi %g: error %v", tt.komi, err)
		}
	}
	if ws.Komi() != 0 {
		t.Errorf("komi %g, want 0", ws.Komi())
	}
	ws.StopEdit()
	if ws.Komi() != 6.5 {
		t.Errorf("the record's komi became %g", ws.Komi())
	}
	for name, err := range map[string]error{
		"SetKomi":      e.SetKomi(1),
		"SetBoardSize": e.SetBoardSize(9),
		"Place":        e.Place(pt("aa"), board.Black),
		"ApplyTool":    e.ApplyTool(pt("aa")),
	} {
		if !errors.Is(err, ErrNotEditing) {
			t.Errorf("%s outside edit mode: %v", name, err)
		}
	}
}

// TestEditBranchesFromRecord checks that editing starts from the step
// shown, that the record cannot be stepped meanwhile, and that leaving
// edit mode shows the record as it was, at the same step.
func TestEditBranchesFromRecord(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ws.Record().SetMove(100)
	var before bytes.Buffer
	sgf.Write(&before, []*sgf.Node{ws.Record().Record().Root})
	rec, step, pos := ws.Record().Record(), ws.Record().Index(), ws.Position()
	diagram := pos.String()

	ws.StartEdit()
	e := ws.Mode().(*EditMode)
	if n, ok := e.BranchedFrom(); !ok || n != 100 {
		t.Errorf("branched from %d %v, want move 100", n, ok)
	}
	if !ws.Position().Equal(pos) {
		t.Error("editing did not start from the position shown")
	}
	if ws.Title() != "moyo — Gu Li v Master — editing from move 100" {
		t.Errorf("title %q", ws.Title())
	}
	e.Place(pt("aa"), board.Black)
	e.SetTool(ToolPlay)
	e.ApplyTool(pt("ss"))
	e.SetBoardSize(13)
	e.Undo()
	ws.Record().Forward(5)
	ws.Record().Last()
	ws.Record().SwitchVariation(1)
	if ws.Record().Index() != step {
		t.Errorf("stepping in edit mode moved the record to step %d", ws.Record().Index())
	}

	ws.StopEdit()
	if editing(ws) || ws.Record().Record() != rec || ws.Record().Index() != step || ws.Position() != pos || pos.String() != diagram {
		t.Errorf("back from editing: editing %v, step %d (want %d), same position %v\n%s", editing(ws), ws.Record().Index(), step, ws.Position() == pos, ws.Position())
	}
	var after bytes.Buffer
	sgf.Write(&after, []*sgf.Node{ws.Record().Record().Root})
	if !bytes.Equal(before.Bytes(), after.Bytes()) {
		t.Error("editing changed the record's tree")
	}
	for i, s := range rec.Steps[1:] {
		if s.Position.At(pt("aa")) == board.Black {
			t.Fatalf("step %d has the edited stone", i+1)
		}
	}
	if ws.Title() != "moyo — Gu Li v Master — move 100" {
		t.Errorf("title %q", ws.Title())
	}

	// A new record ends the session: there is nothing to go back to.
	ws.StartEdit()
	ws.Open("test.sgf", []byte(small5))
	if editing(ws) || ws.Position().Size() != 5 {
		t.Error("opening a record kept the edit session")
	}
}

func TestEditSaveRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(e *EditMode)
		komi   float64
		toMove board.Color
	}{
		{"unchanged", func(e *EditMode) {}, 6.5, board.Black},
		{"stones, komi and side", func(e *EditMode) {
			e.Place(pt("aa"), board.White)
			e.Place(pt("ee"), board.Black)
			e.Erase(pt("dd"))
			e.SetKomi(-2.5)
			e.SetToMove(board.White)
		}, -2.5, board.White},
		{"new size", func(e *EditMode) {
			e.SetBoardSize(13)
			e.Place(pt("mm"), board.Black)
			e.SetKomi(0)
		}, 0, board.Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, e := editWorkspace(t, small5)
			tt.edit(e)
			data, err := ws.PositionSGF()
			if err != nil {
				t.Fatal(err)
			}
			rec, err := game.Parse(data, 0)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			got := rec.Steps[0].Position
			if rec.Err != nil || len(rec.Steps) != 1 || got.String() != ws.Position().String() || got.ToMove() != tt.toMove {
				t.Errorf("%s read back as\n%s%v to move (error %v)", data, got, got.ToMove(), rec.Err)
			}
			if rec.Info.Komi != tt.komi || rec.Info.Black != "B" || rec.Info.Result != "" {
				t.Errorf("%s: komi %g, info %+v", data, rec.Info.Komi, rec.Info.GameInfo)
			}
			if c := rec.Steps[0].Comment(); !strings.Contains(c, "move 2 of test.sgf") {
				t.Errorf("comment %q", c)
			}
		})
	}
}

// TestEditRunsEstimator checks that the estimate follows the edits, the
// latest one winning, and comes back to the record's position after.
func TestEditRunsEstimator(t *testing.T) {
	q := newQueue()
	fake := &fakeEst{name: "fake"}
	ws := newTest(t, q, nil, []estimators.Estimator{fake})
	if err := ws.Open("test.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	ws.StartEdit()
	e := ws.Mode().(*EditMode)
	e.Place(pt("aa"), board.Black)
	e.SetBoardSize(9)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() || len(ws.Values()) != 81 {
		t.Errorf("shown a run of\n%swant the edited 9×9 board", o.Pos)
	}
	ws.StopEdit()
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() || len(ws.Values()) != 25 {
		t.Errorf("after editing, shown a run of\n%s", o.Pos)
	}
}

// TestEditSavedAsksNoMore checks that leaving edit mode asks about the
// edits (HasEdits) only while they are not saved: a save stops the
// question, the next edit brings it back, and undoing that edit, back to
// the position saved, stops it again; a save that fails to write saves
// nothing.
func TestEditSavedAsksNoMore(t *testing.T) {
	ws, e := editWorkspace(t, small5)
	if ws.HasEdits() {
		t.Fatal("edits before any edit")
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(e.Place(pt("aa"), board.White))
	if !ws.HasEdits() {
		t.Fatal("no edits after an edit")
	}
	failed, err := ws.SavePosition()
	must(err)
	if err := failed.Write(&closer{err: errors.New("disk full")}); err == nil || !ws.HasEdits() {
		t.Errorf("a save that failed (%v) saved the edits: asks %v", err, ws.HasEdits())
	}
	s, err := ws.SavePosition()
	must(err)
	var out closer
	must(s.Write(&out))
	if !bytes.Equal(out.Bytes(), s.Data) || !strings.Contains(out.String(), "AW[aa]") {
		t.Errorf("wrote %q", out.String())
	}
	if ws.HasEdits() {
		t.Error("asks after the save")
	}
	must(e.Place(pt("ee"), board.Black))
	if !ws.HasEdits() {
		t.Error("no question after an edit since the save")
	}
	e.Undo()
	if ws.HasEdits() {
		t.Error("asks when the position is back to the one saved")
	}
	must(e.SetKomi(0.5))
	if !ws.HasEdits() {
		t.Error("no question after the komi changed since the save")
	}
}
