package ui

import (
	"bytes"
	"errors"
	"fmt"
	"math"

	"moyo/board"
	"moyo/game"
	"moyo/sgf"
)

// Tool is what a click on the board does in edit mode. A secondary
// (right) click always erases, whatever the tool, so that a stone put in
// the wrong place goes without a change of tool.
type Tool int

// The tools of edit mode. Black, White and Alternate have the semantics
// of SGF setup (AB, AW): a stone is put on the point, over any stone there,
// and nothing is captured, so any position can be set up, even one a game
// could not reach. Play follows the rules.
const (
	// ToolBlack puts a black stone.
	ToolBlack Tool = iota
	// ToolWhite puts a white stone.
	ToolWhite
	// ToolAlternate puts a stone of the side to move and gives the turn
	// to the other side, as playing a game would, but without captures.
	ToolAlternate
	// ToolPlay plays a move of the side to move by the rules: captures,
	// no suicide, no retaking a ko at once.
	ToolPlay
	// ToolErase empties the point.
	ToolErase
)

// Tools lists the tools in the order the app shows them.
func Tools() []Tool { return []Tool{ToolBlack, ToolWhite, ToolAlternate, ToolPlay, ToolErase} }

// String names the tool as its button does.
func (t Tool) String() string {
	switch t {
	case ToolBlack:
		return "Black"
	case ToolWhite:
		return "White"
	case ToolAlternate:
		return "Alternate"
	case ToolPlay:
		return "Play"
	case ToolErase:
		return "Erase"
	}
	return fmt.Sprintf("Tool(%d)", int(t))
}

// maxKomi bounds the komi of an edited position: sgf refuses a larger one
// when the position is read back.
const maxKomi = sgf.MaxSize * sgf.MaxSize

// ErrNotEditing is returned by the edit methods of a Model outside edit
// mode.
var ErrNotEditing = errors.New("not in edit mode")

// edit is an edit session: a position set up by hand, starting from a step
// of the record, with the history of its changes for undo and redo.
//
// A position is never changed once it is in a session: every edit makes a
// new one. So the record's positions are never touched, the runner and the
// board can go on reading the position they were handed while the user
// edits, and undo is keeping the old ones.
type edit struct {
	pos  *board.Position
	komi float64
	// from is the index of the step of the record the session branched
	// from and number its move number; from is −1 without a record.
	from, number int
	undo, redo   []*board.Position
}

// Editing reports whether the model is in edit mode.
func (m *Model) Editing() bool { return m.edit != nil }

// StartEdit enters edit mode on the position shown, with the record's
// komi. The record and the step shown stay as they are: StopEdit returns
// to them. Without a record editing starts from an empty 19×19 board. A
// lesson is not edited: its comparison holds for its corridor only.
func (m *Model) StartEdit() {
	if m.edit != nil || m.lesson != nil {
		return
	}
	e := &edit{from: -1}
	if s, ok := m.Step(); ok {
		// The step's position is shared, not copied: edits make new ones.
		e.pos, e.komi, e.from, e.number = s.Position, m.rec.Info.Komi, m.step, s.Number
	} else {
		e.pos, _ = board.New(sgf.DefaultSize)
	}
	m.edit = e
	m.changed(ChangeEdit)
}

// StopEdit leaves edit mode, dropping the edited position, and shows the
// record at the step it was left at.
func (m *Model) StopEdit() {
	if m.edit == nil {
		return
	}
	m.edit = nil
	m.changed(ChangeEdit)
}

// ToggleEdit enters or leaves edit mode: key E.
func (m *Model) ToggleEdit() {
	if m.edit != nil {
		m.StopEdit()
	} else {
		m.StartEdit()
	}
}

// BranchedFrom returns the move number of the record's position the edit
// session started from; ok is false outside edit mode or without a record.
func (m *Model) BranchedFrom() (move int, ok bool) {
	if m.edit == nil || m.edit.from < 0 {
		return 0, false
	}
	return m.edit.number, true
}

// Tool returns the tool that a click on the board uses in edit mode.
func (m *Model) Tool() Tool { return m.tool }

// SetTool chooses the tool. It stays chosen from one session to the next.
func (m *Model) SetTool(t Tool) {
	if t == m.tool || t < ToolBlack || t > ToolErase {
		return
	}
	m.tool = t
	m.notify(ChangeEdit)
}

// Komi returns the komi of the position shown: the edited one's in edit
// mode, 0 in lesson mode, else the record's, else 0.
func (m *Model) Komi() float64 {
	switch {
	case m.edit != nil:
		return m.edit.komi
	case m.lesson != nil:
		return 0
	case m.rec != nil:
		return m.rec.Info.Komi
	}
	return 0
}

// SetKomi sets the komi of the edited position. It changes the result
// shown, not the estimate, so nothing is run again; it is a setting of the
// session rather than an edit of the board, and undo leaves it.
func (m *Model) SetKomi(k float64) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	if math.IsNaN(k) || math.Abs(k) > maxKomi {
		return fmt.Errorf("komi %g is outside ±%d", k, maxKomi)
	}
	if k == m.edit.komi {
		return nil
	}
	m.edit.komi = k
	m.notify(ChangeEdit)
	return nil
}

// apply makes next the edited position, keeping the one before for Undo,
// and asks for a run on it.
func (m *Model) apply(next *board.Position) {
	e := m.edit
	e.undo = append(e.undo, e.pos)
	e.redo = nil
	e.pos = next
	m.changed(ChangeEdit)
}

// Place puts c on p (Empty removes the stone there) with the semantics of
// SGF setup: any stone on p is replaced and nothing is captured. Putting
// what is already there changes nothing and is not an edit to undo.
func (m *Model) Place(p board.Point, c board.Color) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	pos := m.edit.pos
	if !pos.OnBoard(p) {
		return fmt.Errorf("%v: %w", p, board.ErrOffBoard)
	}
	if pos.At(p) == c {
		return nil
	}
	next := pos.Clone()
	if err := next.Set(p, c); err != nil {
		return err
	}
	m.apply(next)
	return nil
}

// Erase removes the stone on p.
func (m *Model) Erase(p board.Point) error { return m.Place(p, board.Empty) }

// Play plays a move of the side to move on p by the rules of board.Play:
// an illegal move is an error and changes nothing.
func (m *Model) Play(p board.Point) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	pos := m.edit.pos
	next := pos.Clone()
	if err := next.Play(board.Move{Color: pos.ToMove(), Point: p}); err != nil {
		return err
	}
	m.apply(next)
	return nil
}

// ApplyTool does at p what the chosen tool does: what a click on the
// board does in edit mode.
func (m *Model) ApplyTool(p board.Point) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	pos := m.edit.pos
	switch m.tool {
	case ToolBlack:
		return m.Place(p, board.Black)
	case ToolWhite:
		return m.Place(p, board.White)
	case ToolPlay:
		return m.Play(p)
	case ToolErase:
		return m.Erase(p)
	}
	// Alternate: one edit that puts the stone and passes the turn, so that
	// one undo takes back both.
	c := pos.ToMove()
	if !pos.OnBoard(p) {
		return fmt.Errorf("%v: %w", p, board.ErrOffBoard)
	}
	if pos.At(p) == c {
		return nil
	}
	next := pos.Clone()
	next.Set(p, c)
	next.SetToMove(c.Opponent())
	m.apply(next)
	return nil
}

// ClearBoard removes every stone, keeping the size and the side to move.
func (m *Model) ClearBoard() {
	if m.edit == nil {
		return
	}
	pos := m.edit.pos
	empty := true
	for i := range pos.Len() {
		empty = empty && pos.Cell(i) == board.Empty
	}
	if empty {
		return
	}
	next, _ := board.New(pos.Size())
	next.SetToMove(pos.ToMove())
	m.apply(next)
}

// SetBoardSize replaces the edited position with an empty board of n×n,
// keeping the side to move. Undo brings the stones back.
func (m *Model) SetBoardSize(n int) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	if n == m.edit.pos.Size() {
		return nil
	}
	next, err := board.New(n)
	if err != nil {
		return err
	}
	next.SetToMove(m.edit.pos.ToMove())
	m.apply(next)
	return nil
}

// SetToMove sets the side to move of the edited position.
func (m *Model) SetToMove(c board.Color) error {
	if m.edit == nil {
		return ErrNotEditing
	}
	if c == m.edit.pos.ToMove() {
		return nil
	}
	next := m.edit.pos.Clone()
	if err := next.SetToMove(c); err != nil {
		return err
	}
	m.apply(next)
	return nil
}

// CanUndo reports whether there is an edit to undo.
func (m *Model) CanUndo() bool { return m.edit != nil && len(m.edit.undo) > 0 }

// CanRedo reports whether there is an undone edit to redo.
func (m *Model) CanRedo() bool { return m.edit != nil && len(m.edit.redo) > 0 }

// Undo takes back the last edit of the board: stones, size or side to move.
func (m *Model) Undo() {
	if !m.CanUndo() {
		return
	}
	e := m.edit
	e.redo = append(e.redo, e.pos)
	e.pos = e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	m.changed(ChangeEdit)
}

// Redo does again the last edit undone, unless another edit came since.
func (m *Model) Redo() {
	if !m.CanRedo() {
		return
	}
	e := m.edit
	e.undo = append(e.undo, e.pos)
	e.pos = e.redo[len(e.redo)-1]
	e.redo = e.redo[:len(e.redo)-1]
	m.changed(ChangeEdit)
}

// PositionSGF returns the position shown, edited or not, as an SGF record
// that sets it up: size, komi, player to move and stones, with the
// record's players, date and event but not its result, which is the
// game's and not the position's, and a comment saying where it came from.
// The record itself is not changed.
func (m *Model) PositionSGF() ([]byte, error) {
	pos := m.Position()
	if pos == nil {
		return nil, errors.New("no position to save")
	}
	var info sgf.GameInfo
	if m.rec != nil && m.lesson == nil {
		info = m.rec.Info.GameInfo
		info.Result = ""
	}
	root := game.SetupRoot(pos, m.Komi(), info)
	if c := m.origin(); c != "" {
		root.Props = append(root.Props, sgf.Property{ID: "C", Values: []string{c}})
	}
	var b bytes.Buffer
	if err := sgf.Write(&b, []*sgf.Node{root}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// origin says where the position shown comes from: "Edited from the
// position after move 100 of game.sgf."
func (m *Model) origin() string {
	if l, _, ok := m.Lesson(); ok {
		return fmt.Sprintf("The lesson %q of moyo.", l.Title)
	}
	s, ok := m.Step()
	if !ok {
		return ""
	}
	verb := "Set up from"
	if m.edit != nil && m.edit.pos != s.Position {
		verb = "Edited from"
	}
	return fmt.Sprintf("%s the position after move %d of %s.", verb, s.Number, m.name)
}
