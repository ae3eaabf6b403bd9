package workspace

import (
	"fmt"

	"moyo/board"
	"moyo/render"
)

// RecordMode is the record mode: the Line of the record opened, stepped
// through move by move and between variations. It stays, with its line
// and step, while another mode is shown; its moves do nothing then.
type RecordMode struct {
	Line
	ws *Workspace
}

// Kind is KindRecord.
func (r *RecordMode) Kind() Kind { return KindRecord }

// Position returns the position at the step shown, or nil without a
// record.
func (r *RecordMode) Position() *board.Position {
	if s, ok := r.Current(); ok {
		return s.Position
	}
	return nil
}

// Komi returns the record's komi, or 0 without a record.
func (r *RecordMode) Komi() float64 {
	if r.rec == nil {
		return 0
	}
	return r.rec.Info.Komi
}

// Title is "Gu Li v Master — move 100", or "" without a record.
func (r *RecordMode) Title() string {
	s, ok := r.Current()
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s — move %d", r.players(), s.Number)
}

// Step moves n moves along the line: Forward.
func (r *RecordMode) Step(n int) bool { return r.GoTo(r.step + n) }

// Marks returns nil: the last move's mark is the board's own.
func (r *RecordMode) Marks() []render.Mark { return nil }

// Hint is the status bar of the record mode.
func (r *RecordMode) Hint() string {
	return "Point at the board for a point's value and chain  ·  ← → step, Shift for 10, ↑ ↓ variations, O hides the overlay, E edits, R ranks moves"
}

// shown reports whether the record mode is the mode shown: the record
// moves only then.
func (r *RecordMode) shown() bool { return r.ws.mode == Mode(r) }

// GoTo shows step i of the line, clamped to the line, and reports whether
// it moved. While another mode is shown the record stays at the step that
// mode started from: GoTo does nothing.
func (r *RecordMode) GoTo(i int) bool {
	if !r.shown() || !r.goTo(i) {
		return false
	}
	r.ws.changed(ChangeStep)
	return true
}

// Forward moves n steps along the line, backwards for n < 0.
func (r *RecordMode) Forward(n int) { r.GoTo(r.step + n) }

// First shows the start of the line.
func (r *RecordMode) First() { r.GoTo(0) }

// Last shows the end of the line.
func (r *RecordMode) Last() { r.GoTo(r.Len() - 1) }

// SetMove shows the position after move n of the line, counting back from
// the end when n is negative, as 'moyo analyze --move' does.
func (r *RecordMode) SetMove(n int) {
	if i, ok := r.afterMove(n); ok {
		r.GoTo(i)
	}
}

// SwitchVariation replaces the line from the nearest branch at or above
// the node shown with the next (dir > 0) or previous (dir < 0) sibling's
// line, and shows the sibling's position. It reports whether there was a
// variation to switch to; while another mode is shown there is none.
func (r *RecordMode) SwitchVariation(dir int) bool {
	if !r.shown() || !r.switchVariation(dir) {
		return false
	}
	r.ws.changed(ChangeRecord | ChangeStep)
	return true
}
