package engines

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"moyo/board"
	"moyo/game"
	"moyo/gtp"
)

// DefaultKomi is the komi KataGo is given for a position that carries
// none (a board edited by hand, or a record without KM): 7.5, KataGo's own
// default and the usual komi under area scoring.
const DefaultKomi = 7.5

// DefaultRules are the rules KataGo is given when a Query names none:
// Chinese rules, as KataGo defines them — area scoring, as moyo's board
// score and its evaluation count; simple ko and no suicide, as package
// board plays; White receives a point per handicap stone.
const DefaultRules = "chinese"

// Query is a position as KataGo is asked about it: the stones set up at
// the start (handicap stones, or the setup of a problem or an edited
// board) and the moves played since, so that KataGo sees what the game
// has seen — the ko a move has just taken, a pass, the last moves, which
// its network reads too — with the komi and rules. KataGo's own komi and
// rules are never relied on: every query sets them.
//
// The side to move is the one after the last move, or Start's when there
// are no moves. Make one with PositionQuery or RecordQuery.
type Query struct {
	// Start holds the stones before the moves, and the side to play
	// first. It is not modified.
	Start *board.Position
	// Moves are played from Start: stones and passes.
	Moves []board.Move
	// Komi is given to White. KataGo takes only whole and half points:
	// another komi is rounded to the nearest half.
	Komi float64
	// Rules are KataGo's rules by name (kata-set-rules): "chinese",
	// "japanese", "tromp-taylor" and others; "" is DefaultRules.
	Rules string
}

// PositionQuery returns the query for pos with the given komi: its stones
// set up at the start, nothing played. When pos has a ko, the stone it
// has just captured is set up with its capturer missing, and the capture
// is the one move, so that KataGo knows the ko too.
func PositionQuery(pos *board.Position, komi float64) Query {
	q := Query{Start: pos.Clone(), Komi: komi}
	ko, ok := pos.Ko()
	if !ok {
		return q
	}
	// The capturer is the one neighbour of the ko point: a lone stone of
	// the player who has just moved, whose only liberty is the ko point.
	toMove := pos.ToMove()
	k := pos.Index(ko)
	for _, n := range pos.Neighbors(k) {
		if pos.Cell(n) != toMove.Opponent() || !loneInAtari(pos, n, k) {
			continue
		}
		start := pos.Clone()
		start.Set(pos.PointOf(n), board.Empty)
		start.Set(ko, toMove)
		start.SetToMove(toMove.Opponent())
		capture := board.Move{Color: toMove.Opponent(), Point: pos.PointOf(n)}
		if after := start.Clone(); after.Play(capture) == nil && after.Equal(pos) {
			return Query{Start: start, Moves: []board.Move{capture}, Komi: komi}
		}
	}
	return q
}

// loneInAtari reports whether the stone at i has no stone of its colour
// beside it and no liberty but lib.
func loneInAtari(pos *board.Position, i, lib int) bool {
	for _, n := range pos.Neighbors(i) {
		if c := pos.Cell(n); c == pos.Cell(i) || c == board.Empty && n != lib {
			return false
		}
	}
	return true
}

// RecordQuery returns the query for the position after move n of rec (n
// clamped as Record.AfterMove does): the stones set up by the last node
// with setup properties (AB, AW, AE) or a player to move (PL) at or before
// it, and the moves played since. The komi is the record's when it has a
// KM property; without one it is DefaultKomi, or 0.5 in a handicap game
// (HA of 2 or more), the usual komi of handicap games. The rules are
// DefaultRules.
func RecordQuery(rec *game.Record, n int) Query {
	target := rec.AfterMove(n)
	komi := DefaultKomi
	switch {
	case rec.Root.Value("KM") != "":
		komi = rec.Info.Komi
	case rec.Info.Handicap >= 2:
		komi = 0.5
	}
	q := Query{Komi: komi}
	for k, s := range rec.Steps {
		setup := k == 0
		for _, id := range []string{"AB", "AW", "AE", "PL"} {
			if _, ok := s.Node.Get(id); ok {
				setup = true
			}
		}
		switch {
		case setup:
			// A setup node starts again from its position; the move a
			// node may also hold is then part of that start.
			q.Start, q.Moves = s.Position, nil
		case s.Move != nil:
			q.Moves = append(q.Moves, *s.Move)
		}
		if s.Node == target.Node {
			break
		}
	}
	return q
}

// ToMove returns the side to move: the opponent of the last move's
// player, or Start's side to move.
func (q Query) ToMove() board.Color {
	if len(q.Moves) > 0 {
		return q.Moves[len(q.Moves)-1].Color.Opponent()
	}
	if c := q.Start.ToMove(); c != board.Empty {
		return c
	}
	return board.Black
}

// Size returns the board size.
func (q Query) Size() int { return q.Start.Size() }

// Position returns the position the query reaches: Start with the moves
// played by the rules of package board. It reports the first move that
// cannot be played there.
func (q Query) Position() (*board.Position, error) {
	if q.Start == nil {
		return nil, errors.New("query without a start position")
	}
	if len(q.Moves) == 0 {
		return q.Start, nil
	}
	steps, err := board.Replay(q.Start, q.Moves)
	if err != nil {
		return nil, err
	}
	return steps[len(steps)-1], nil
}

// rules returns the query's rules, DefaultRules if it names none.
func (q Query) rules() string {
	if q.Rules == "" {
		return DefaultRules
	}
	return q.Rules
}

// komi returns the komi KataGo is given: rounded to the nearest half
// point, which is all KataGo accepts, and within ±150 like KataGo's.
func (q Query) komi() float64 {
	return max(-150, min(150, math.Round(q.Komi*2)/2))
}

// check reports what KataGo cannot be asked: a missing start, a rule name
// that would split a command, a move that board's rules do not allow.
func (q Query) check() error {
	if q.Start == nil {
		return errors.New("query without a start position")
	}
	if strings.ContainsAny(q.Rules, " \t\r\n#") {
		return fmt.Errorf("rules %q are not one name", q.Rules)
	}
	if math.IsNaN(q.Komi) || math.IsInf(q.Komi, 0) {
		return fmt.Errorf("komi %v", q.Komi)
	}
	_, err := q.Position()
	return err
}

// Key returns a text that identifies the query: equal for queries that
// KataGo sees as the same (start, moves, komi as given to KataGo, rules),
// different otherwise.
func (q Query) Key() string {
	var b strings.Builder
	size := q.Size()
	fmt.Fprintf(&b, "%d %s %s %s ", size, q.Start.ToMove(), strconv.FormatFloat(q.komi(), 'f', -1, 64), q.rules())
	for i := range q.Start.Len() {
		b.WriteString(q.Start.Cell(i).String())
	}
	for _, m := range q.Moves {
		b.WriteByte(' ')
		b.WriteString(m.Color.String())
		b.WriteString(moveVertex(m, size))
	}
	return b.String()
}

// moveVertex writes a move's point as GTP does, or "pass".
func moveVertex(m board.Move, size int) string {
	if m.Pass {
		return "pass"
	}
	return gtp.Vertex(m.Point, size)
}

// gtpPosition returns the GTP commands that set the query's stones and
// moves up in KataGo, whose board size, rules and komi are set already:
// the start stones at once (KataGo's set_position: no history, no ko,
// Black presumed to move), then the moves.
func (q Query) gtpPosition() []string {
	size := q.Size()
	var stones []string
	for _, c := range []board.Color{board.Black, board.White} {
		for i := range q.Start.Len() {
			if q.Start.Cell(i) == c {
				stones = append(stones, gtp.Color(c), gtp.Vertex(q.Start.PointOf(i), size))
			}
		}
	}
	// set_position with nothing to set is clear_board.
	cmds := []string{strings.TrimSpace("set_position " + strings.Join(stones, " "))}
	for _, m := range q.Moves {
		cmds = append(cmds, "play "+gtp.Color(m.Color)+" "+moveVertex(m, size))
	}
	return cmds
}
