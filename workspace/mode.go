package workspace

import (
	"moyo/board"
	"moyo/render"
)

// Kind names a mode, for the app to show the mode's panel.
type Kind int

// The kinds of mode.
const (
	// KindRecord is the record, stepped through move by move (*RecordMode).
	KindRecord Kind = iota
	// KindEdit is a position edited by hand (*EditMode).
	KindEdit
	// KindLesson is a corridor lesson (*LessonMode).
	KindLesson
	// KindRace is a capturing race, picked or of a race lesson (*RaceMode).
	KindRace
	// KindCount is a position counted as a finished game (*CountMode).
	KindCount
)

// String names the kind: "record", "edit", "lesson", "race", "count".
func (k Kind) String() string {
	switch k {
	case KindRecord:
		return "record"
	case KindEdit:
		return "edit"
	case KindLesson:
		return "lesson"
	case KindRace:
		return "race"
	case KindCount:
		return "count"
	}
	return "Kind(?)"
}

// Mode is what the workspace shows and runs the estimator on: the record
// stepped through move by move (*RecordMode), a position edited by hand
// (*EditMode), a corridor lesson (*LessonMode), a capturing race (*RaceMode)
// or a finished game counted (*CountMode). One
// mode is shown at a time (Workspace.Mode). The record is always there
// under the others, which return to it when they end.
//
// The interface is what the workspace and every panel need of any mode.
// What a mode has of its own (the edit tools, a lesson's corridor) is in
// the methods of its type, which the mode's panel reads by asserting it:
// ws.Mode().(*LessonMode). The race mode (*RaceMode) shows how a mode with more
// than the interface fits: its clicks come through Tapper, its tinted
// regions through Regioner, its analysis runs on a worker of its own (see
// latest), and the estimator may run on another position than the one
// shown (RaceMode.estimatePosition).
//
// The reference the estimate is compared with (KataGo's map, another
// estimator's) is no mode: it follows the position of every mode
// (Reference), on a worker of its own.
type Mode interface {
	// Kind tells which mode this is, so which panel shows it.
	Kind() Kind
	// Position returns the position shown, which the estimator runs on;
	// nil when there is none (no record opened).
	Position() *board.Position
	// Komi returns the komi the estimate's result is counted with.
	Komi() float64
	// Title says what is shown, for the window's title after "moyo — ":
	// "Gu Li v Master — move 100"; "" when nothing is.
	Title() string
	// Step moves n steps through what the mode steps through (moves of
	// the record, lessons), back for n < 0, stopping at the ends, and
	// reports whether it moved. A mode with nothing to step through
	// returns false.
	Step(n int) bool
	// Marks returns the labels the mode puts on points of the board (a
	// lesson numbers its corridor), or nil.
	Marks() []render.Mark
	// Hint says in a line what pointing, clicking and the keys do in the
	// mode, for the status bar.
	Hint() string
}

// Regioner is a mode that tints and outlines areas of the board: the race
// mode its liberty regions and its blocks (render.Region).
type Regioner interface {
	Regions() []render.Region
}

// Tapper is a mode that takes clicks on the board: edit mode edits the
// point clicked. Tap is called with the point and secondary true for the
// right button; an error says why the click did nothing (a move the rules
// refuse). The app lets other modes' clicks do nothing.
type Tapper interface {
	Tap(p board.Point, secondary bool) error
}
