package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

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

	chainsOf *board.Position // position chains and chainID are of
	chains   []board.Chain
	chainID  []int
	hover    board.Point
	hovering bool
}

// boardChanges are the changes the board shows.
const boardChanges = workspace.ChangeRecord | workspace.ChangeStep | workspace.ChangeMode | workspace.ChangeEdit |
	workspace.ChangeLesson | workspace.ChangeOverlay | workspace.ChangeResult | workspace.ChangeRank | workspace.ChangeFinal |
	workspace.ChangeReference | workspace.ChangeRace

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
	if c&(workspace.ChangeMode|workspace.ChangeEdit|workspace.ChangeLesson) != 0 {
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
		v.board.OnTap = v.tapped
	}
	ghost := board.Empty
	if e, ok := mode.(*workspace.Edit); ok {
		switch e.Tool() {
		case workspace.ToolBlack:
			ghost = board.Black
		case workspace.ToolWhite:
			ghost = board.White
		case workspace.ToolAlternate, workspace.ToolPlay:
			ghost = e.Position().ToMove()
		}
	}
	v.board.SetGhost(ghost)
	if !v.hovering {
		// The hint says what a click does, or no longer does.
		v.u.status.SetText(mode.Hint())
	}
}

// show draws the position shown with the values of the run shown.
func (v *boardView) show() {
	ws := v.u.ws
	pos := ws.Position()
	if pos == nil {
		v.board.Set(nil, nil, render.Options{})
		return
	}
	o := ws.Overlay()
	opt := render.Options{Overlay: o.Style, Numbers: o.Numbers}
	if ws.View() == workspace.ShowDifference || ws.ShowsCycle() {
		// A difference of the opponent's sign says the estimate erred,
		// not that the stone is dead, and a cycle's spread has no sign:
		// no crosses.
		opt.NoDeadMarks = true
	}
	if r, ok := ws.Mode().(*workspace.Record); ok {
		if step, _ := r.Current(); step.Move != nil && !step.Move.Pass {
			p := step.Move.Point
			opt.LastMove = &p
		}
	}
	// A letter over a number reads as neither, so one sign per point.
	// Ranking, asked for by R, takes the place of the numbers, also while
	// a ranking runs so that they do not flash on at each step; the
	// mode's marks, such as a lesson's numbered corridor, keep their
	// points and the ranking marks the others (workspace.BoardMarks). The
	// numbers take the place of the mode's marks, whose values the
	// lesson's table lists.
	switch r, ok := ws.Ranking().Shown(); {
	case ws.Ranking().On():
		opt.Numbers = false
		opt.Marks = ws.Mode().Marks()
		if ok && r.Err == nil {
			opt.Marks = workspace.BoardMarks(opt.Marks, r.Marks())
		}
	case !o.Numbers:
		opt.Marks = ws.Mode().Marks()
	}
	if m, ok := ws.Mode().(workspace.Regioner); ok {
		opt.Regions = m.Regions()
	}
	v.board.Set(pos, ws.Values(), opt)
	if v.hovering {
		v.hovered(v.hover, true)
	}
}

// tapped passes a click to the mode: in edit mode the tool on a click, an
// erasure on a right click. What the mode refuses, such as a move the
// rules forbid, is named in the status bar.
func (v *boardView) tapped(p board.Point, secondary bool) {
	ws := v.u.ws
	t, ok := ws.Mode().(workspace.Tapper)
	if !ok {
		return
	}
	if err := t.Tap(p, secondary); err != nil {
		v.u.say(fmt.Sprintf("%s: %v", p.Label(ws.Position().Size()), plainMoveError(err)))
	}
}

// plainMoveError drops the point from a rule's error, which the status
// bar names itself.
func plainMoveError(err error) error {
	for _, e := range []error{board.ErrOccupied, board.ErrSuicide, board.ErrKo, board.ErrOffBoard} {
		if errors.Is(err, e) {
			return e
		}
	}
	return err
}

// hovered shows in the status bar the point under the mouse: its label,
// what is on it, its chain and its value.
func (v *boardView) hovered(p board.Point, ok bool) {
	v.hover, v.hovering = p, ok
	ws := v.u.ws
	pos := ws.Position()
	if !ok || pos == nil || !pos.OnBoard(p) {
		// The point may be of a larger board than the record now shown.
		v.u.status.SetText(ws.Mode().Hint())
		return
	}
	var b strings.Builder
	b.WriteString(p.Label(pos.Size()))
	i := pos.Index(p)
	if c := pos.At(p); c == board.Empty {
		b.WriteString("  ·  empty")
	} else {
		if v.chainsOf != pos {
			v.chains, v.chainID = pos.Chains()
			v.chainsOf = pos
		}
		ch := v.chains[v.chainID[i]]
		fmt.Fprintf(&b, "  ·  %s chain of %s, %s", colourName(c), plural(len(ch.Stones), "stone"), plural(len(ch.Liberties), "liberty"))
	}
	if o, ok := ws.Runs().Shown(); ok && o.Err == nil && len(o.Result.Values) == pos.Len() {
		val := o.Result.Values[i]
		fmt.Fprintf(&b, "  ·  value %+.3f", val)
		switch {
		case val > 0.5:
			b.WriteString(" (Black's)")
		case val < -0.5:
			b.WriteString(" (White's)")
		default:
			b.WriteString(" (contested)")
		}
	}
	if ref := ws.Reference(); ref.Current() {
		if r := ws.RefValues(); len(r) == pos.Len() {
			fmt.Fprintf(&b, "  ·  %s %+.3f", ref.Name(), r[i])
		}
	}
	v.u.status.SetText(b.String())
}

// plural writes a count of word: "1 stone", "2 liberties".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + word + "s"
}
