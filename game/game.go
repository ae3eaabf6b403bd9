// Package game replays SGF records onto boards: the positions along one
// line of play of a record's game tree, with the move numbers, comments and
// game information that the app shows beside them.
package game

import (
	"errors"
	"fmt"
	"strings"

	"moyo/board"
	"moyo/sgf"
)

// Error is an error in a record, located at the property it concerns.
type Error struct {
	Line, Col int // 1-based; 0 when the error has no place in the text
	Err       error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %v", e.Line, e.Col, e.Err)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// locate turns the located errors of package sgf into an *Error whose
// message does not repeat the place.
func locate(err error) error {
	var se *sgf.SyntaxError
	if errors.As(err, &se) {
		return &Error{Line: se.Line, Col: se.Col, Err: errors.New(se.Msg)}
	}
	var ve *sgf.ValueError
	if errors.As(err, &ve) {
		bare := *ve
		bare.Line, bare.Col = 0, 0
		return &Error{Line: ve.Line, Col: ve.Col, Err: &bare}
	}
	return &Error{Err: err}
}

// Info is the game information of a record.
type Info struct {
	sgf.GameInfo
	Size     int
	Komi     float64
	Handicap int
}

// Title is a one-line description: "Gu Li 9p (B) v Master 9p (W), 2017-01-04, W+2.5".
func (in Info) Title() string {
	player := func(name, rank, colour string) string {
		if name == "" {
			name = map[string]string{"B": "Black", "W": "White"}[colour]
		}
		if rank != "" {
			name += " " + rank
		}
		return name + " (" + colour + ")"
	}
	parts := []string{player(in.Black, in.BlackRank, "B") + " v " + player(in.White, in.WhiteRank, "W")}
	for _, s := range []string{in.Event, in.Day(), in.Result} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// Step is one node of a line of play and the position after it.
type Step struct {
	Node *sgf.Node
	// Number is the number of moves played up to and including this node.
	Number int
	// Move is the move of this node, or nil when it has none.
	Move *board.Move
	// Position is the position after the node's setup and move.
	Position *board.Position
}

// Comment returns the node's comment (C), or "".
func (s Step) Comment() string { return s.Node.Value("C") }

// Record is a game record replayed along one line of its tree.
type Record struct {
	Root *sgf.Node
	Info Info
	// Steps holds the line from the root: Steps[0] is the root node.
	Steps []Step
	// Err is the first error on the line, usually an illegal move, wrapping
	// a *board.MoveError. Steps stop before the node that caused it, so
	// everything before it can still be shown.
	Err error
	// Warnings are problems that did not stop the replay, such as an
	// unreadable komi, which is then taken as 0.
	Warnings []error
}

// Parse reads an SGF collection and replays the main line of its game with
// the given 0-based index.
func Parse(data []byte, index int) (*Record, error) {
	games, err := Collection(data)
	if err != nil {
		return nil, err
	}
	if err := CheckIndex(index, len(games)); err != nil {
		return nil, err
	}
	return Load(games[index], nil)
}

// Collection reads an SGF collection: the root node of each of its
// games, in order, at least one. Load replays one.
func Collection(data []byte) ([]*sgf.Node, error) {
	games, err := sgf.Parse(data)
	if err != nil {
		return nil, locate(err)
	}
	if len(games) == 0 {
		return nil, &Error{Err: errors.New("no game in the record")}
	}
	return games, nil
}

// CheckIndex reports an error when a collection of n games has no game
// with the 0-based index.
func CheckIndex(index, n int) error {
	if index < 0 || index >= n {
		return &Error{Err: fmt.Errorf("game %d asked for, but the collection holds %d", index+1, n)}
	}
	return nil
}

// Load replays the line of root's tree that passes through the node
// through (nil for the main line) and goes on along first children after it.
// It fails only when the board cannot be set up (a bad or missing size);
// an illegal move ends the line early and is reported in Record.Err.
func Load(root *sgf.Node, through *sgf.Node) (*Record, error) {
	size, err := root.Size()
	if err != nil {
		return nil, locate(err)
	}
	start, err := board.New(size)
	if err != nil {
		return nil, &Error{Err: err}
	}
	r := &Record{Root: root, Info: Info{GameInfo: root.Info(), Size: size}}
	if r.Info.Komi, err = root.Komi(); err != nil {
		r.Warnings = append(r.Warnings, fmt.Errorf("%w, so komi 0 is used", locate(err)))
	}
	if r.Info.Handicap, err = root.Handicap(); err != nil {
		r.Warnings = append(r.Warnings, fmt.Errorf("%w, so no handicap is counted", locate(err)))
	}
	line, err := lineThrough(root, through)
	if err != nil {
		return nil, &Error{Err: err}
	}
	r.replay(start, line)
	if len(r.Steps) == 0 {
		return nil, r.Err // the root itself is broken: nothing to show
	}
	return r, nil
}

// lineThrough lists the nodes from root to through and then along first
// children to the end.
func lineThrough(root, through *sgf.Node) ([]*sgf.Node, error) {
	var line []*sgf.Node
	if through != nil {
		for n := through; n != nil; n = n.Parent {
			line = append(line, n)
		}
		if line[len(line)-1] != root {
			return nil, errors.New("the node asked for is not in this game")
		}
		for i, j := 0, len(line)-1; i < j; i, j = i+1, j-1 {
			line[i], line[j] = line[j], line[i]
		}
	} else {
		line = []*sgf.Node{root}
	}
	for n := line[len(line)-1]; len(n.Children) > 0; {
		n = n.Children[0]
		line = append(line, n)
	}
	return line, nil
}

// replay plays the nodes of line in turn from start, stopping at the
// first error.
func (r *Record) replay(start *board.Position, line []*sgf.Node) {
	pos, number := start, 0
	for k, node := range line {
		next := pos.Clone()
		move, err := r.apply(next, node, number+1)
		if err != nil {
			r.Err = err
			return
		}
		if move != nil {
			number++
		}
		if k == 0 && move == nil {
			r.setFirstPlayer(next, line)
		}
		r.Steps = append(r.Steps, Step{Node: node, Number: number, Move: move, Position: next})
		pos = next
	}
}

// apply performs the setup, player to move and move of node on pos.
func (r *Record) apply(pos *board.Position, node *sgf.Node, number int) (*board.Move, error) {
	size := pos.Size()
	black, white, empty, err := node.Setup(size)
	if err != nil {
		return nil, locate(err)
	}
	for _, set := range []struct {
		pts []sgf.Point
		c   board.Color
	}{{empty, board.Empty}, {black, board.Black}, {white, board.White}} {
		for _, pt := range set.pts {
			if err := pos.Set(board.Point{X: pt.X, Y: pt.Y}, set.c); err != nil {
				return nil, locate(err)
			}
		}
	}
	if len(empty)+len(black)+len(white) > 0 {
		r.checkSetup(pos, node)
	}
	if c, ok, err := node.PlayerToMove(); err != nil {
		r.Warnings = append(r.Warnings, locate(err))
	} else if ok {
		pos.SetToMove(colour(c))
	}
	m, ok, err := node.Move(size)
	if err != nil {
		return nil, locate(err)
	}
	if !ok {
		return nil, nil
	}
	move := board.Move{Color: colour(m.Color), Point: board.Point{X: m.Point.X, Y: m.Point.Y}, Pass: m.Pass}
	if err := pos.Play(move); err != nil {
		var p sgf.Property
		if m.Color == sgf.Black {
			p, _ = node.Get("B")
		} else {
			p, _ = node.Get("W")
		}
		// MoveError names the point itself; keep only the sentinel.
		inner := errors.Unwrap(err)
		if inner == nil {
			inner = err
		}
		return nil, &Error{Line: p.Line, Col: p.Col, Err: &board.MoveError{Number: number, Move: move, Size: size, Err: inner}}
	}
	return &move, nil
}

// checkSetup adds a warning when the setup stones of node leave a chain
// without a liberty, placed at the node's first setup property. No game
// reaches such a position; it is kept as set, as viewers show such
// diagrams, but the estimators and the race analysis take every chain to
// have a liberty, so the user is told which stones are wrong.
func (r *Record) checkSetup(pos *board.Position, node *sgf.Node) {
	chains, _ := pos.Chains()
	var none []string
	for _, c := range chains {
		if len(c.Liberties) == 0 {
			who := "Black"
			if c.Color == board.White {
				who = "White"
			}
			none = append(none, who+" "+pos.PointOf(c.Stones[0]).Label(pos.Size()))
		}
	}
	if len(none) == 0 {
		return
	}
	e := &Error{Err: fmt.Errorf("the setup leaves %s without a liberty, which no game can reach; the position is kept as set", strings.Join(none, ", "))}
	for _, p := range node.Props {
		if p.ID == "AB" || p.ID == "AW" || p.ID == "AE" {
			e.Line, e.Col = p.Line, p.Col
			break
		}
	}
	r.Warnings = append(r.Warnings, e)
}

// setFirstPlayer decides who moves first when the root does not say: the
// colour of the first move of the line, else White after handicap stones.
func (r *Record) setFirstPlayer(pos *board.Position, line []*sgf.Node) {
	if _, ok, _ := line[0].PlayerToMove(); ok {
		return
	}
	for _, n := range line[1:] {
		if m, ok, err := n.Move(pos.Size()); err == nil && ok {
			pos.SetToMove(colour(m.Color))
			return
		}
	}
	if r.Info.Handicap >= 2 {
		pos.SetToMove(board.White)
	}
}

func colour(c sgf.Color) board.Color {
	if c == sgf.White {
		return board.White
	}
	return board.Black
}

// Moves returns the number of moves on the line that could be played.
func (r *Record) Moves() int {
	if len(r.Steps) == 0 {
		return 0
	}
	return r.Steps[len(r.Steps)-1].Number
}

// AfterMove returns the last step with n moves played: the position after
// move n, or the set-up position for n = 0. n is clamped to 0…Moves().
func (r *Record) AfterMove(n int) Step {
	n = max(0, min(n, r.Moves()))
	best := r.Steps[0]
	for _, s := range r.Steps {
		if s.Number > n {
			break
		}
		best = s
	}
	return best
}

// ResultAt returns the record's result (RE) at step i of the line when
// that step is where the game ended: the last node of the main line,
// reached without error. It is "" at every other step, on a variation,
// and for a record without a result ("" or "?", SGF's unknown result): a
// result says how the game ended, not how any other position stands.
func (r *Record) ResultAt(i int) string {
	res := strings.TrimSpace(r.Info.Result)
	if res == "" || res == "?" || r.Err != nil || i < 0 || i != len(r.Steps)-1 || len(r.Steps[i].Node.Children) > 0 {
		return ""
	}
	for _, s := range r.Steps[1:] {
		if p := s.Node.Parent; p == nil || p.Children[0] != s.Node {
			return ""
		}
	}
	return res
}

// Players names the game by its players, "Gu Li v Master", as the app's
// title does; or, when the record names neither, by fallback, the name of
// its file.
func (in Info) Players(fallback string) string {
	if strings.TrimSpace(in.Black) == "" && strings.TrimSpace(in.White) == "" {
		return fallback
	}
	name := func(s, def string) string {
		if strings.TrimSpace(s) == "" {
			return def
		}
		return s
	}
	return name(in.Black, "Black") + " v " + name(in.White, "White")
}
