package workspace

import (
	"errors"
	"fmt"
	"math"

	"moyo/board"
	"moyo/render"
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

// ErrNotEditing is returned by the methods of an Edit that is no longer
// the mode shown.
var ErrNotEditing = errors.New("not in edit mode")

// EditMode is edit mode: a position set up by hand, starting from a step of
// the record, with the history of its changes for undo and redo.
//
// A position is never changed once it is in a session: every edit makes a
// new one. So the record's positions are never touched, the runner and the
// board can go on reading the position they were handed while the user
// edits, and undo is keeping the old ones.
type EditMode struct {
	ws   *Workspace
	pos  *board.Position
	komi float64
	// start is the position the session started from; from is the index
	// of the step of the record it branched from and number its move
	// number; from is −1 without a record.
	start        *board.Position
	from, number int
	history      Undo[*board.Position]
	// saved is the position last saved (PositionSave.Write), nil before
	// the first save, and savedKomi its komi.
	saved     *board.Position
	savedKomi float64
}

// StartEdit enters edit mode on the position shown, with the record's
// komi. The record and the step shown stay as they are: StopEdit returns
// to them. Without a record editing starts from an empty 19×19 board. A
// lesson is not edited: its comparison holds for its corridor only.
func (ws *Workspace) StartEdit() {
	if ws.mode != Mode(ws.record) {
		return
	}
	e := &EditMode{ws: ws, from: -1}
	r := ws.record
	if s, ok := r.Current(); ok {
		// The step's position is shared, not copied: edits make new ones.
		e.pos, e.komi, e.from, e.number = s.Position, r.Komi(), r.step, s.Number
	} else {
		e.pos, _ = board.New(sgf.DefaultSize)
	}
	e.start = e.pos
	ws.changed(ws.setMode(e))
}

// StopEdit leaves edit mode, dropping the edited position, and shows the
// record at the step it was left at.
func (ws *Workspace) StopEdit() {
	if _, ok := ws.mode.(*EditMode); ok {
		ws.changed(ws.setMode(ws.record))
	}
}

// ToggleEdit enters or leaves edit mode: key E.
func (ws *Workspace) ToggleEdit() {
	if _, ok := ws.mode.(*EditMode); ok {
		ws.StopEdit()
	} else {
		ws.StartEdit()
	}
}

// Kind is KindEdit.
func (e *EditMode) Kind() Kind { return KindEdit }

// Position returns the edited position.
func (e *EditMode) Position() *board.Position { return e.pos }

// Komi returns the komi of the edited position.
func (e *EditMode) Komi() float64 { return e.komi }

// Title is "Gu Li v Master — editing from move 100", or "editing" without
// a record.
func (e *EditMode) Title() string {
	if e.from < 0 {
		return "editing"
	}
	return fmt.Sprintf("%s — editing from move %d", e.ws.record.players(), e.number)
}

// Step does nothing: the record stays at the step the edit branched from.
func (e *EditMode) Step(int) bool { return false }

// Marks returns nil: the board shows the stones being edited.
func (e *EditMode) Marks() []render.Mark { return nil }

// Hint says what a click does with the tool chosen.
func (e *EditMode) Hint() string {
	var click string
	switch e.ws.tool {
	case ToolBlack:
		click = "puts a black stone"
	case ToolWhite:
		click = "puts a white stone"
	case ToolAlternate:
		click = "puts a stone of the side to move and passes the turn"
	case ToolPlay:
		click = "plays a move, with captures"
	case ToolErase:
		click = "erases"
	}
	return "Click " + click + ", right click erases  ·  B W A P X tools, Ctrl+Z undo, E back to the record"
}

// Tap does the tool at p, or erases on a secondary click: what a click on
// the board does in edit mode.
func (e *EditMode) Tap(p board.Point, secondary bool) error {
	if secondary {
		return e.Erase(p)
	}
	return e.ApplyTool(p)
}

// BranchedFrom returns the move number of the record's position the
// session started from; ok is false without a record.
func (e *EditMode) BranchedFrom() (move int, ok bool) {
	if e.from < 0 {
		return 0, false
	}
	return e.number, true
}

// Edited reports whether the position differs from the one the session
// started from, as by an edit not undone.
func (e *EditMode) Edited() bool { return e.pos != e.start }

// unsaved reports whether leaving the session would lose work: before
// the first save, any edit, even one undone (its redo); after it, a
// position or komi other than those saved.
func (e *EditMode) unsaved() bool {
	if e.saved != nil {
		return e.pos != e.saved || e.komi != e.savedKomi
	}
	return e.history.CanUndo() || e.Edited()
}

// Tool returns the tool that a click on the board uses.
func (e *EditMode) Tool() Tool { return e.ws.tool }

// SetTool chooses the tool. It stays chosen from one session to the next.
func (e *EditMode) SetTool(t Tool) {
	if t == e.ws.tool || t < ToolBlack || t > ToolErase {
		return
	}
	e.ws.tool = t
	e.ws.notify(ChangeEdit)
}

// editing reports ErrNotEditing when e is no longer the mode shown.
func (e *EditMode) editing() error {
	if e.ws.mode != Mode(e) {
		return ErrNotEditing
	}
	return nil
}

// SetKomi sets the komi of the edited position. It changes the result
// shown, not the estimate, so nothing is run again; it is a setting of the
// session rather than an edit of the board, and undo leaves it.
func (e *EditMode) SetKomi(k float64) error {
	if err := e.editing(); err != nil {
		return err
	}
	if math.IsNaN(k) || math.Abs(k) > maxKomi {
		return fmt.Errorf("komi %g is outside ±%d", k, maxKomi)
	}
	if k == e.komi {
		return nil
	}
	e.komi = k
	e.ws.notify(ChangeEdit)
	return nil
}

// apply makes next the edited position, keeping the one before for Undo,
// and asks for a run on it.
func (e *EditMode) apply(next *board.Position) {
	e.history.Push(e.pos)
	e.pos = next
	e.ws.changed(ChangeEdit)
}

// Place puts c on p (Empty removes the stone there) with the semantics of
// SGF setup: any stone on p is replaced and nothing is captured. Putting
// what is already there changes nothing and is not an edit to undo.
func (e *EditMode) Place(p board.Point, c board.Color) error {
	if err := e.editing(); err != nil {
		return err
	}
	if !e.pos.OnBoard(p) {
		return fmt.Errorf("%v: %w", p, board.ErrOffBoard)
	}
	if e.pos.At(p) == c {
		return nil
	}
	next := e.pos.Clone()
	if err := next.Set(p, c); err != nil {
		return err
	}
	e.apply(next)
	return nil
}

// Erase removes the stone on p.
func (e *EditMode) Erase(p board.Point) error { return e.Place(p, board.Empty) }

// Play plays a move of the side to move on p by the rules of board.Play:
// an illegal move is an error and changes nothing.
func (e *EditMode) Play(p board.Point) error {
	if err := e.editing(); err != nil {
		return err
	}
	next := e.pos.Clone()
	if err := next.Play(board.Move{Color: e.pos.ToMove(), Point: p}); err != nil {
		return err
	}
	e.apply(next)
	return nil
}

// ApplyTool does at p what the chosen tool does: what a click on the
// board does in edit mode.
func (e *EditMode) ApplyTool(p board.Point) error {
	if err := e.editing(); err != nil {
		return err
	}
	switch e.ws.tool {
	case ToolBlack:
		return e.Place(p, board.Black)
	case ToolWhite:
		return e.Place(p, board.White)
	case ToolPlay:
		return e.Play(p)
	case ToolErase:
		return e.Erase(p)
	}
	// Alternate: one edit that puts the stone and passes the turn, so that
	// one undo takes back both.
	pos := e.pos
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
	e.apply(next)
	return nil
}

// Empty reports whether the edited board has no stone.
func (e *EditMode) Empty() bool {
	for i := range e.pos.Len() {
		if e.pos.Cell(i) != board.Empty {
			return false
		}
	}
	return true
}

// ClearBoard removes every stone, keeping the size and the side to move.
func (e *EditMode) ClearBoard() {
	if e.editing() != nil || e.Empty() {
		return
	}
	next, _ := board.New(e.pos.Size())
	next.SetToMove(e.pos.ToMove())
	e.apply(next)
}

// SetBoardSize replaces the edited position with an empty board of n×n,
// keeping the side to move. Undo brings the stones back.
func (e *EditMode) SetBoardSize(n int) error {
	if err := e.editing(); err != nil {
		return err
	}
	if n == e.pos.Size() {
		return nil
	}
	next, err := board.New(n)
	if err != nil {
		return err
	}
	next.SetToMove(e.pos.ToMove())
	e.apply(next)
	return nil
}

// SetToMove sets the side to move of the edited position.
func (e *EditMode) SetToMove(c board.Color) error {
	if err := e.editing(); err != nil {
		return err
	}
	if c == e.pos.ToMove() {
		return nil
	}
	next := e.pos.Clone()
	if err := next.SetToMove(c); err != nil {
		return err
	}
	e.apply(next)
	return nil
}

// CanUndo reports whether there is an edit to undo.
func (e *EditMode) CanUndo() bool { return e.editing() == nil && e.history.CanUndo() }

// CanRedo reports whether there is an undone edit to redo.
func (e *EditMode) CanRedo() bool { return e.editing() == nil && e.history.CanRedo() }

// Undo takes back the last edit of the board: stones, size or side to move.
func (e *EditMode) Undo() { e.travel(e.history.Undo) }

// Redo does again the last edit undone, unless another edit came since.
func (e *EditMode) Redo() { e.travel(e.history.Redo) }

// travel moves the board through its history by step, Undo or Redo,
// unless an edit is under way.
func (e *EditMode) travel(step func(now *board.Position) (*board.Position, bool)) {
	if e.editing() != nil {
		return
	}
	if pos, ok := step(e.pos); ok {
		e.pos = pos
		e.ws.changed(ChangeEdit)
	}
}
