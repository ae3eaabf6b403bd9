package ui

import (
	"moyo/board"
	"moyo/render"
	"moyo/workspace"
)

// boardView keeps the board widget in step with the workspace: the
// position shown with the values of the run shown, drawn as the overlay
// says, with the marks of the ranking or of the mode; clicks go to a mode
// that takes them. It fills the status bar with the point under the
// mouse, or with the mode's hint.
type boardView struct {
	u     *App
	board *Board

	pointer  workspace.Pointer
	hover    board.Point
	hovering bool
}

// boardChanges are the changes the board shows.
const boardChanges = workspace.ChangeRecord | workspace.ChangeStep | workspace.ChangeMode | workspace.ChangeEdit |
	workspace.ChangeLesson | workspace.ChangeOverlay | workspace.ChangeResult | workspace.ChangeRank | workspace.ChangeFinal |
	workspace.ChangeReference | workspace.ChangeRace | workspace.ChangeCount

// build makes the board widget.
func (v *boardView) build(u *App) *Board {
	v.u = u
	v.board = NewBoard()
	v.board.OnHover = v.hovered
	// The wheel steps through the record; in other modes it does nothing.
	v.board.OnScroll = func(n int) { u.ws.Record().Forward(n) }
	return v.board
}

// update redraws the board, and after a change of mode lets it take
// clicks or not.
func (v *boardView) update(c workspace.Change) {
	// A race's hint changes as its blocks are picked and its result comes.
	if c&(workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson|workspace.ChangeRace) != 0 {
		v.showMode()
	}
	v.show()
}

// showMode lets the board take clicks in a mode that takes them, with a
// see-through stone where a click would put one, and says in the status
// bar what to do, unless a point is pointed at.
func (v *boardView) showMode() {
	mode := v.u.ws.Mode()
	v.board.OnTap = nil
	if _, ok := mode.(workspace.Tapper); ok {
		v.board.OnTap = func(p board.Point, secondary bool) { v.u.sayErr(v.u.ws.TapPoint(p, secondary)) }
	}
	v.board.SetGhost(workspace.Ghost(mode))
	if !v.hovering {
		// The hint says what a click does, or no longer does.
		v.u.status.SetHint(mode.Hint())
	}
}

// show draws the position shown (workspace.Workspace.BoardPosition) with
// the values of the run shown.
func (v *boardView) show() {
	ws := v.u.ws
	pos := ws.BoardPosition()
	if pos == nil {
		v.board.Set(nil, nil, render.Options{})
		return
	}
	v.board.Set(pos, ws.Values(), ws.BoardOptions())
	if v.hovering {
		v.hovered(v.hover, true)
	}
}

// hovered shows in the status bar the point under the mouse
// (workspace.Pointer), or the mode's hint when there is none.
func (v *boardView) hovered(p board.Point, ok bool) {
	v.hover, v.hovering = p, ok
	if line := v.pointer.Line(v.u.ws, p, ok); line == v.u.ws.Mode().Hint() {
		v.u.status.SetHint(line)
	} else {
		v.u.status.SetText(line)
	}
}
