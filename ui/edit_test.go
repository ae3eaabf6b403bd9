package ui

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

// editModel opens data at its last step and enters edit mode.
func editModel(t *testing.T, data string) (*Model, *queue) {
	t.Helper()
	q := newQueue()
	m := openModel(t, q, data)
	m.StartEdit()
	if !m.Editing() {
		t.Fatal("StartEdit did not enter edit mode")
	}
	return m, q
}

// pt reads a point in SGF letters: "cd" is {2, 3}.
func pt(s string) board.Point { return board.Point{X: int(s[0] - 'a'), Y: int(s[1] - 'a')} }

func TestEditTools(t *testing.T) {
	// Each case starts from small5 after its two moves, Black to move.
	tests := []struct {
		name   string
		do     func(m *Model) error
		want   string // the board afterwards
		toMove board.Color
		undos  int   // edits to undo
		err    error // the error, tested with errors.Is
	}{
		{
			name:   "black puts a black stone",
			do:     func(m *Model) error { m.SetTool(ToolBlack); return m.ApplyTool(pt("aa")) },
			want:   "X....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "white replaces a black stone",
			do:     func(m *Model) error { m.SetTool(ToolWhite); return m.ApplyTool(pt("cc")) },
			want:   ".....\n.....\n..O..\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "black on a black stone changes nothing",
			do:     func(m *Model) error { m.SetTool(ToolBlack); return m.ApplyTool(pt("cc")) },
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
		},
		{
			name: "setup captures nothing",
			do: func(m *Model) error {
				m.SetTool(ToolBlack)
				for _, p := range []string{"dc", "ed", "de"} {
					if err := m.ApplyTool(pt(p)); err != nil {
						return err
					}
				}
				return nil
			},
			want:   ".....\n.....\n..XX.\n...OX\n...X.\n",
			toMove: board.Black,
			undos:  3,
		},
		{
			name: "alternate passes the turn",
			do: func(m *Model) error {
				m.SetTool(ToolAlternate)
				for _, p := range []string{"aa", "ba", "ca"} {
					if err := m.ApplyTool(pt(p)); err != nil {
						return err
					}
				}
				return nil
			},
			want:   "XOX..\n.....\n..X..\n...O.\n.....\n",
			toMove: board.White,
			undos:  3,
		},
		{
			name: "play captures",
			do: func(m *Model) error {
				m.SetTool(ToolPlay)
				for _, p := range []string{"dc", "aa", "ed", "ab", "de", "ac", "cd"} {
					if err := m.ApplyTool(pt(p)); err != nil {
						return err
					}
				}
				return nil
			},
			want:   "O....\nO....\nO.XX.\n..X.X\n...X.\n",
			toMove: board.White,
			undos:  7,
		},
		{
			name:   "play refuses an occupied point",
			do:     func(m *Model) error { m.SetTool(ToolPlay); return m.ApplyTool(pt("dd")) },
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			err:    board.ErrOccupied,
		},
		{
			name:   "erase tool",
			do:     func(m *Model) error { m.SetTool(ToolErase); return m.ApplyTool(pt("dd")) },
			want:   ".....\n.....\n..X..\n.....\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "erase whatever the tool",
			do:     func(m *Model) error { m.SetTool(ToolWhite); return m.Erase(pt("cc")) },
			want:   ".....\n.....\n.....\n...O.\n.....\n",
			toMove: board.Black,
			undos:  1,
		},
		{
			name:   "off the board",
			do:     func(m *Model) error { return m.ApplyTool(board.Point{X: 5, Y: 0}) },
			want:   ".....\n.....\n..X..\n...O.\n.....\n",
			toMove: board.Black,
			err:    board.ErrOffBoard,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := editModel(t, small5)
			start := m.Position()
			if err := tt.do(m); !errors.Is(err, tt.err) {
				t.Errorf("error %v, want %v", err, tt.err)
			}
			pos := m.Position()
			if pos.String() != tt.want || pos.ToMove() != tt.toMove {
				t.Errorf("board\n%s%v to move, want\n%s%v to move", pos, pos.ToMove(), tt.want, tt.toMove)
			}
			for range tt.undos {
				m.Undo()
			}
			if m.CanUndo() || m.Position() != start {
				t.Errorf("after %d undos: can undo %v, back at the start %v", tt.undos, m.CanUndo(), m.Position() == start)
			}
		})
	}
}

func TestEditUndoRedo(t *testing.T) {
	m, _ := editModel(t, small5)
	var changes []Change
	m.OnChange(func(c Change) { changes = append(changes, c) })
	if m.CanUndo() || m.CanRedo() {
		t.Fatal("a new session has something to undo or redo")
	}
	m.Place(pt("aa"), board.Black)
	m.Place(pt("bb"), board.White)
	after2 := m.Position().String()
	m.Undo()
	m.Undo()
	m.Undo() // nothing left: no change
	if m.Position().String() != ".....\n.....\n..X..\n...O.\n.....\n" || !m.CanRedo() || m.CanUndo() {
		t.Fatalf("after undoing both:\n%s", m.Position())
	}
	m.Redo()
	m.Redo()
	m.Redo()
	if m.Position().String() != after2 || m.CanRedo() {
		t.Fatalf("after redoing both:\n%s", m.Position())
	}
	m.Undo()
	m.Place(pt("ee"), board.Black) // a new edit drops what was undone
	if m.CanRedo() {
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
	m, _ := editModel(t, small5)
	for _, tt := range []struct {
		size    int
		wantErr bool
	}{{9, false}, {1, true}, {26, true}, {25, false}, {2, false}, {19, false}} {
		err := m.SetBoardSize(tt.size)
		if (err != nil) != tt.wantErr {
			t.Errorf("size %d: error %v", tt.size, err)
		}
		if err == nil && (m.Position().Size() != tt.size || m.Position().String() != strings.Repeat(strings.Repeat(".", tt.size)+"\n", tt.size)) {
			t.Errorf("size %d: board\n%s", tt.size, m.Position())
		}
	}
	for range 4 {
		m.Undo()
	}
	if m.Position().Size() != 5 || m.Position().At(pt("cc")) != board.Black {
		t.Errorf("undoing the size changes gives\n%s", m.Position())
	}

	if err := m.SetToMove(board.White); err != nil || m.Position().ToMove() != board.White {
		t.Errorf("SetToMove(White): %v, %v to move", err, m.Position().ToMove())
	}
	if err := m.SetToMove(board.Empty); err == nil {
		t.Error("Empty to move")
	}
	m.SetBoardSize(9)
	if m.Position().ToMove() != board.White {
		t.Error("a size change gave the turn back to Black")
	}
	m.Place(pt("aa"), board.Black)
	m.ClearBoard()
	if m.Position().String() != strings.Repeat(".........\n", 9) || m.Position().ToMove() != board.White {
		t.Errorf("cleared:\n%s%v to move", m.Position(), m.Position().ToMove())
	}
	m.Undo()
	if m.Position().At(pt("aa")) != board.Black {
		t.Error("undo did not bring back the cleared stone")
	}

	if m.Komi() != 6.5 {
		t.Errorf("komi %g, want the record's 6.5", m.Komi())
	}
	for _, tt := range []struct {
		komi    float64
		wantErr bool
	}{{7.5, false}, {-3, false}, {626, true}, {0, false}} {
		if err := m.SetKomi(tt.komi); (err != nil) != tt.wantErr {
			t.Errorf("komi %g: error %v", tt.komi, err)
		}
	}
	if m.Komi() != 0 {
		t.Errorf("komi %g, want 0", m.Komi())
	}
	m.StopEdit()
	if m.Komi() != 6.5 {
		t.Errorf("the record's komi became %g", m.Komi())
	}
	for name, err := range map[string]error{
		"SetKomi":      m.SetKomi(1),
		"SetBoardSize": m.SetBoardSize(9),
		"Place":        m.Place(pt("aa"), board.Black),
		"ApplyTool":    m.ApplyTool(pt("aa")),
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
	m := openModel(t, q, string(assets.Sample()))
	m.SetMove(100)
	var before bytes.Buffer
	sgf.Write(&before, []*sgf.Node{m.Record().Root})
	rec, step, pos := m.Record(), m.Index(), m.Position()
	diagram := pos.String()

	m.StartEdit()
	if n, ok := m.BranchedFrom(); !ok || n != 100 {
		t.Errorf("branched from %d %v, want move 100", n, ok)
	}
	if !m.Position().Equal(pos) {
		t.Error("editing did not start from the position shown")
	}
	if m.Title() != "moyo — Gu Li v Master — editing from move 100" {
		t.Errorf("title %q", m.Title())
	}
	m.Place(pt("aa"), board.Black)
	m.SetTool(ToolPlay)
	m.ApplyTool(pt("ss"))
	m.SetBoardSize(13)
	m.Undo()
	m.Forward(5)
	m.Last()
	m.SwitchVariation(1)
	if m.Index() != step {
		t.Errorf("stepping in edit mode moved the record to step %d", m.Index())
	}

	m.StopEdit()
	if m.Editing() || m.Record() != rec || m.Index() != step || m.Position() != pos || pos.String() != diagram {
		t.Errorf("back from editing: editing %v, step %d (want %d), same position %v\n%s", m.Editing(), m.Index(), step, m.Position() == pos, m.Position())
	}
	var after bytes.Buffer
	sgf.Write(&after, []*sgf.Node{m.Record().Root})
	if !bytes.Equal(before.Bytes(), after.Bytes()) {
		t.Error("editing changed the record's tree")
	}
	for i, s := range rec.Steps[1:] {
		if s.Position.At(pt("aa")) == board.Black {
			t.Fatalf("step %d has the edited stone", i+1)
		}
	}
	if m.Title() != "moyo — Gu Li v Master — move 100" {
		t.Errorf("title %q", m.Title())
	}

	// A new record ends the session: there is nothing to go back to.
	m.StartEdit()
	m.Open("test.sgf", []byte(small5))
	if m.Editing() || m.Position().Size() != 5 {
		t.Error("opening a record kept the edit session")
	}
}

func TestEditSaveRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(m *Model)
		komi   float64
		toMove board.Color
	}{
		{"unchanged", func(m *Model) {}, 6.5, board.Black},
		{"stones, komi and side", func(m *Model) {
			m.Place(pt("aa"), board.White)
			m.Place(pt("ee"), board.Black)
			m.Erase(pt("dd"))
			m.SetKomi(-2.5)
			m.SetToMove(board.White)
		}, -2.5, board.White},
		{"new size", func(m *Model) {
			m.SetBoardSize(13)
			m.Place(pt("mm"), board.Black)
			m.SetKomi(0)
		}, 0, board.Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := editModel(t, small5)
			tt.edit(m)
			data, err := m.PositionSGF()
			if err != nil {
				t.Fatal(err)
			}
			rec, err := game.Parse(data, 0)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			got := rec.Steps[0].Position
			if rec.Err != nil || len(rec.Steps) != 1 || got.String() != m.Position().String() || got.ToMove() != tt.toMove {
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
	m := newModel(q.post, nil, []estimators.Estimator{fake})
	t.Cleanup(m.Close)
	if err := m.Open("test.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return !m.Running() })
	m.StartEdit()
	m.Place(pt("aa"), board.Black)
	m.SetBoardSize(9)
	q.until(t, func() bool { return !m.Running() })
	if o, _ := m.Shown(); o.Pos != m.Position() || len(m.Values()) != 81 {
		t.Errorf("shown a run of\n%swant the edited 9×9 board", o.Pos)
	}
	m.StopEdit()
	q.until(t, func() bool { return !m.Running() })
	if o, _ := m.Shown(); o.Pos != m.Position() || len(m.Values()) != 25 {
		t.Errorf("after editing, shown a run of\n%s", o.Pos)
	}
}
