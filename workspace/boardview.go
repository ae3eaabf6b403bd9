package workspace

import (
	"errors"
	"fmt"
	"strings"

	"moyo/board"
	"moyo/render"
)

// What the board shows and what pointing at it and clicking on it say:
// the app's board widget draws BoardOptions and writes PointLine in the
// status bar.

// BoardOptions returns how the board draws the position shown: the
// overlay's style and numbers, the last move of the record, the marks of
// the ranking or of the mode, and the regions of a mode that has them.
func (ws *Workspace) BoardOptions() render.Options {
	o := ws.Overlay()
	opt := render.Options{Overlay: o.Style, Numbers: o.Numbers}
	if ws.View() == ShowDifference || ws.ShowsCycle() {
		// A difference of the opponent's sign says the estimate erred,
		// not that the stone is dead, and a cycle's spread has no sign:
		// no crosses.
		opt.NoDeadMarks = true
	}
	if r, ok := ws.Mode().(*RecordMode); ok {
		if step, _ := r.Current(); step.Move != nil && !step.Move.Pass {
			p := step.Move.Point
			opt.LastMove = &p
		}
	}
	// A letter over a number reads as neither, so one sign per point.
	// Ranking, asked for by R, takes the place of the numbers, also while
	// a ranking runs so that they do not flash on at each step; the
	// mode's marks, such as a lesson's numbered corridor, keep their
	// points and the ranking marks the others (BoardMarks). The numbers
	// take the place of the mode's marks, whose values the lesson's table
	// lists.
	switch r, ok := ws.Ranking().Shown(); {
	case ws.Ranking().On():
		opt.Numbers = false
		opt.Marks = ws.Mode().Marks()
		if ok && r.Err == nil {
			opt.Marks = BoardMarks(opt.Marks, r.Marks())
		}
	case !o.Numbers:
		opt.Marks = ws.Mode().Marks()
	}
	if m, ok := ws.Mode().(Regioner); ok {
		opt.Regions = m.Regions()
	}
	if _, ok := ws.Mode().(*CountMode); ok {
		// Each side's points as squares of its colour, as Go programs
		// show a count, and the dead stones crossed by the mode's marks.
		opt.Overlay, opt.Numbers, opt.NoDeadMarks = render.Squares, false, true
		opt.Marks = ws.Mode().Marks()
	}
	return opt
}

// Ghost returns the colour of the stone a click on an empty point would
// put in mode m, for the board to show under the mouse: Empty outside
// editing and for the eraser.
func Ghost(m Mode) board.Color {
	e, ok := m.(*EditMode)
	if !ok {
		return board.Empty
	}
	switch e.Tool() {
	case ToolBlack:
		return board.Black
	case ToolWhite:
		return board.White
	case ToolAlternate, ToolPlay:
		return e.Position().ToMove()
	}
	return board.Empty
}

// TapPoint passes a click on p to the mode, if it takes clicks: in edit
// mode the tool, or the eraser on a right click (secondary). What the
// mode refuses, such as a move the rules forbid, comes back as an error
// that names the point once: "K10: point is occupied".
func (ws *Workspace) TapPoint(p board.Point, secondary bool) error {
	t, ok := ws.Mode().(Tapper)
	if !ok {
		return nil
	}
	err := t.Tap(p, secondary)
	if err == nil {
		return nil
	}
	// A rule's error names the point itself.
	for _, e := range []error{board.ErrOccupied, board.ErrSuicide, board.ErrKo, board.ErrOffBoard} {
		if errors.Is(err, e) {
			err = e
			break
		}
	}
	return fmt.Errorf("%s: %w", p.Label(ws.Position().Size()), err)
}

// Pointer writes what the status bar says of the point under the mouse.
// It keeps the chains of the last position it was asked about, as the
// mouse moves over one position many times.
type Pointer struct {
	pos     *board.Position // the position chains and chainID are of
	chains  []board.Chain
	chainID []int
}

// Line returns the status bar's line for point p, ok false when the mouse
// is off the board: the point's label, what is on it, its chain, its
// value in the run shown and in the reference; off the board or a point
// of a larger board than the one shown, the mode's hint.
func (pt *Pointer) Line(ws *Workspace, p board.Point, ok bool) string {
	pos := ws.BoardPosition()
	if !ok || pos == nil || !pos.OnBoard(p) {
		return ws.Mode().Hint()
	}
	var b strings.Builder
	b.WriteString(p.Label(pos.Size()))
	i := pos.Index(p)
	if c := pos.At(p); c == board.Empty {
		b.WriteString("  ·  empty")
	} else {
		if pt.pos != pos {
			pt.chains, pt.chainID = pos.Chains()
			pt.pos = pos
		}
		ch := pt.chains[pt.chainID[i]]
		fmt.Fprintf(&b, "  ·  %s chain of %s, %s", c.Name(), Plural(len(ch.Stones), "stone"), Plural(len(ch.Liberties), "liberty"))
	}
	if c, ok := ws.Mode().(*CountMode); ok {
		b.WriteString(c.pointLine(i))
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
	return b.String()
}
