package workspace

import (
	"fmt"
	"strconv"
	"strings"

	"moyo/board"
)

// GameView is what the game panel says about the position shown: who
// plays, the game's details, the move and the position, and the record's
// error, warnings and the node's comment. An empty text is not shown.
type GameView struct {
	// Players names the players: "Black Gu Li P9p  ·  White Master 9p";
	// empty in edit mode, since they played the record, not the edited
	// position.
	Players string
	// Details is the record's date, event, result, komi and size, after
	// the game's number in a collection ("game 3 of 12"), or in edit mode
	// what the edited position is.
	Details string
	// Move is "Move 100 of 235 · B P14 · White to move", or in edit mode
	// "Editing — branched from move 100"; Editing says it is the latter.
	Move    string
	Editing bool
	// Position is the captures and the variations.
	Position string
	// Banner is the record's error, Warnings its warnings one a line, and
	// Comment the node's comment; all empty in edit mode, being the
	// record's.
	Banner, Warnings, Comment string
}

// GameView returns what the game panel shows in the record and edit
// modes, and in the count mode the view of the one it was entered from;
// false in the others or without a record.
func (ws *Workspace) GameView() (GameView, bool) {
	mode := ws.mode
	if c, ok := mode.(*CountMode); ok {
		mode = c.From()
	}
	switch m := mode.(type) {
	case *RecordMode:
		if m.Record() != nil {
			return m.view(), true
		}
	case *EditMode:
		return m.view(), true
	}
	return GameView{}, false
}

// view describes the step shown.
func (r *RecordMode) view() GameView {
	in := r.Record().Info
	step, _ := r.Current()
	pos := step.Position
	var v GameView
	// A player the record does not name is left out, and the line with
	// both: the title names the file then.
	var players []string
	for _, pl := range []struct{ colour, name, rank string }{
		{"Black", in.Black, in.BlackRank}, {"White", in.White, in.WhiteRank},
	} {
		if strings.TrimSpace(pl.name) == "" {
			continue
		}
		s := pl.colour + " " + pl.name
		if pl.rank != "" {
			s += " " + pl.rank
		}
		players = append(players, s)
	}
	v.Players = strings.Join(players, "  ·  ")

	var details []string
	if i, n := r.Game(); n > 1 {
		details = append(details, fmt.Sprintf("game %d of %d", i+1, n))
	}
	for _, s := range []string{in.Day(), in.Event, in.Name} {
		if s != "" {
			details = append(details, s)
		}
	}
	if in.Result != "" {
		details = append(details, "result "+in.Result)
	}
	details = append(details, "komi "+strconv.FormatFloat(in.Komi, 'f', -1, 64), fmt.Sprintf("%d×%d", in.Size, in.Size))
	if in.Handicap > 0 {
		details = append(details, fmt.Sprintf("handicap %d", in.Handicap))
	}
	v.Details = strings.Join(details, " · ")

	if err := r.RecordError(); err != nil {
		v.Banner = err.Error() + ": the moves before it can be viewed."
	}
	// The record's warnings, as 'moyo analyze' prints them.
	var warnings []string
	for _, w := range r.Warnings() {
		warnings = append(warnings, "warning: "+w.Error())
	}
	v.Warnings = strings.Join(warnings, "\n")

	last := "start"
	if mv := step.Move; mv != nil {
		if mv.Pass {
			last = mv.Color.String() + " pass"
		} else {
			last = mv.Color.String() + " " + mv.Point.Label(pos.Size())
		}
	}
	v.Move = fmt.Sprintf("Move %d of %d · %s · %s to move", step.Number, r.Record().Moves(), last, pos.ToMove().Name())
	parts := []string{fmt.Sprintf("captures B %d, W %d", pos.Captures(board.Black), pos.Captures(board.White))}
	if i, n := r.Variation(); n > 1 {
		parts = append(parts, fmt.Sprintf("variation %d/%d ↑↓", i, n))
	}
	if k := r.Continuations(); k > 1 {
		parts = append(parts, fmt.Sprintf("%d variations next", k))
	}

	v.Position = strings.Join(parts, "  ·  ")
	v.Comment = strings.TrimSpace(step.Comment())
	return v
}

// view describes the edited position: the side to move, the stones, the
// komi and the size, and where it branched from.
func (e *EditMode) view() GameView {
	pos := e.Position()
	from := "a new position"
	if n, ok := e.BranchedFrom(); ok {
		from = fmt.Sprintf("branched from move %d", n)
	}
	var black, white int
	for i := range pos.Len() {
		switch pos.Cell(i) {
		case board.Black:
			black++
		case board.White:
			white++
		}
	}
	// The date, event and result are the record's, not the edited
	// position's; what the position is takes their line.
	return GameView{
		Move:    "Editing — " + from,
		Editing: true,
		Details: fmt.Sprintf("%s to move · stones B %d, W %d · komi %s · %d×%d", pos.ToMove().Name(), black, white,
			strconv.FormatFloat(e.Komi(), 'f', -1, 64), pos.Size(), pos.Size()),
	}
}
