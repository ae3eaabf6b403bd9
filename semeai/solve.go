package semeai

import (
	"context"
	"errors"
	"fmt"

	"moyo/board"
)

// Result is how a race ends when both sides play it out perfectly.
type Result int8

// The three ends of a race.
const (
	WhiteCaptures Result = -1 // White captures Black's essential block
	Neither       Result = 0  // neither block is captured (seki, or both live)
	BlackCaptures Result = 1  // Black captures White's essential block
)

// String says who wins.
func (r Result) String() string {
	switch r {
	case BlackCaptures:
		return "Black captures"
	case WhiteCaptures:
		return "White captures"
	}
	return "neither is captured"
}

// Winner returns the colour that captures, or Empty.
func (r Result) Winner() board.Color { return board.Color(r) }

// ErrSearchLimit is wrapped by Solve's error when the race needs more
// positions than its limit.
var ErrSearchLimit = errors.New("search limit")

// DefaultSolveNodes is the number of positions Solve may visit when its
// limit is 0.
const DefaultSolveNodes = 4_000_000

// Solve plays the race out by exhaustive search, with no combinatorial
// game theory: minimax over every sequence of moves on the points of the
// race's regions (every other point stays as it is), with passes, under
// the rules of Go (captures, suicide forbidden, simple ko), until an
// essential block is captured. Two passes in a row end the race with
// neither block captured. A move that would repeat a position already met
// on the way from the root is forbidden (positional superko), which makes
// every line finite; a result found under that ban is not remembered,
// since it depends on the way to the position (the graph history
// problem). It is the independent check of the combinatorial verdict. limit bounds the positions visited (0: DefaultSolveNodes).
func Solve(ctx context.Context, r *Race, toMove board.Color, limit int) (Result, error) {
	pos := r.Pos.Clone()
	if err := pos.SetToMove(toMove); err != nil {
		return Neither, err
	}
	return newSolver(ctx, r, limit).solve(pos)
}

// newSolver returns a search of race r's points within limit positions
// a search (0: DefaultSolveNodes).
func newSolver(ctx context.Context, r *Race, limit int) *solver {
	if limit <= 0 {
		limit = DefaultSolveNodes
	}
	s := &solver{
		ctx:   ctx,
		limit: limit,
		memo:  map[string]Result{},
		path:  map[string]int{},
		black: r.Black.Anchor(),
		white: r.White.Anchor(),
	}
	for _, g := range r.Regions {
		s.points = append(s.points, g.Points...)
	}
	// The key holds the race's points and a stone of each essential block,
	// whose capture changes the position outside those points.
	s.points = append(s.points, s.black, s.white)
	s.key = make([]byte, len(s.points)+4)
	return s
}

// solve searches pos, within the solver's limit of positions; the move
// of the player to move that first reached the result is left in
// s.rootMove. The remembered results are kept: a second search of the
// same race starts from them.
func (s *solver) solve(pos *board.Position) (Result, error) {
	s.nodes, s.depth, s.rootMove = 0, 0, -1
	return s.search(pos, false)
}

// MoveCheck is what an exhaustive search finds of a move the count
// recommends (CheckMove).
type MoveCheck struct {
	// After is the race's end after the move, with best play by both.
	After Result
	// Reaches reports whether After is the end the mover was to reach.
	Reaches bool
	// Better, when the move does not reach it, is a move of the search
	// that does; nil when passing does, or when the search could not find
	// one within its limit.
	Better *board.Point
}

// CheckMove plays m, the count's tedomari, and searches the race with the
// other side to move (Solve, within limit positions a search): does m
// reach want, the end the race has with m.Color moving first? Where it
// does not, it searches the race from before m for a move that does. The
// count's tedomari is the best move in the best region of the seed's
// model, which can be a move that loses what the model promised: at Gu
// Li v Master after move 150, M13 for Black, after which White's stone
// connects by M12, where M12 captures it.
func CheckMove(ctx context.Context, r *Race, m Move, want Result, limit int) (MoveCheck, error) {
	pos := r.Pos.Clone()
	if err := pos.SetToMove(m.Color); err != nil {
		return MoveCheck{}, err
	}
	after := pos.Clone()
	if err := after.Play(board.Move{Color: m.Color, Point: m.Point}); err != nil {
		return MoveCheck{}, fmt.Errorf("the tedomari %s: %w", m.Point.Label(pos.Size()), err)
	}
	s := newSolver(ctx, r, limit)
	var c MoveCheck
	var err error
	if c.After, err = s.solve(after); err != nil {
		return MoveCheck{}, err
	}
	if c.Reaches = c.After == want; c.Reaches {
		return c, nil
	}
	// The positions after m are remembered: the search from before it
	// repeats little. A result remembered under the first root can meet
	// another ban on repeating a position under this one, the
	// approximation the search makes between its branches too (Solve).
	if got, err := s.solve(pos); err == nil && got == want && s.rootMove >= 0 {
		p := pos.PointOf(s.rootMove)
		c.Better = &p
	}
	return c, nil
}

// Outcomes is how a race ends with each side moving first, as Solve
// finds it: the verdict a race too large for the combinatorial analysis
// can still have, with no values, adjustments or tedomari.
type Outcomes struct {
	BlackFirst, WhiteFirst Result
}

// First returns the race's end with c moving first.
func (o Outcomes) First(c board.Color) Result {
	if c == board.White {
		return o.WhiteFirst
	}
	return o.BlackFirst
}

// String says who captures: "Black captures, whoever moves first", or
// "Black moving first: Black captures; White moving first: neither is
// captured".
func (o Outcomes) String() string {
	if o.BlackFirst == o.WhiteFirst {
		if o.BlackFirst == Neither {
			return "neither block is captured, whoever moves first"
		}
		return o.BlackFirst.String() + ", whoever moves first"
	}
	return "Black moving first: " + o.BlackFirst.String() + "; White moving first: " + o.WhiteFirst.String()
}

// Agrees reports whether o is the verdict v's outcome with each side
// moving first: the check the app and 'moyo semeai' make of a verdict.
func (o Outcomes) Agrees(v Verdict) bool {
	return o.BlackFirst == v.BlackFirst && o.WhiteFirst == v.WhiteFirst
}

// SolveBoth runs Solve with Black moving first and then White, each
// within limit positions (0: DefaultSolveNodes).
func SolveBoth(ctx context.Context, r *Race, limit int) (Outcomes, error) {
	s, err := SearchBoth(ctx, r, limit)
	return s.Outcomes, err
}

// Search is what SearchBoth finds: the outcomes and, for each side that
// captures moving first, the first move of a line that does.
type Search struct {
	Outcomes
	// BlackMove and WhiteMove are the capturing first moves of Black and
	// White moving first; nil where the side does not capture (a move is
	// then no plan: every move, or a pass, ends alike) or captures only
	// by passing.
	BlackMove, WhiteMove *board.Point
}

// Move returns the capturing first move of c, or nil.
func (s Search) Move(c board.Color) *board.Point {
	if c == board.White {
		return s.WhiteMove
	}
	return s.BlackMove
}

// SearchBoth is SolveBoth with the capturing first moves: the move each
// search tried first among those that reach its result, found at no
// extra cost.
func SearchBoth(ctx context.Context, r *Race, limit int) (Search, error) {
	var s Search
	for _, c := range []board.Color{board.Black, board.White} {
		pos := r.Pos.Clone()
		if err := pos.SetToMove(c); err != nil {
			return Search{}, err
		}
		sv := newSolver(ctx, r, limit)
		res, err := sv.solve(pos)
		if err != nil {
			return Search{}, fmt.Errorf("%s moving first: %w", c.Name(), err)
		}
		var m *board.Point
		if res == Result(c) && sv.rootMove >= 0 {
			p := pos.PointOf(sv.rootMove)
			m = &p
		}
		if c == board.Black {
			s.BlackFirst, s.BlackMove = res, m
		} else {
			s.WhiteFirst, s.WhiteMove = res, m
		}
	}
	return s, nil
}

type solver struct {
	ctx          context.Context
	limit, nodes int
	points       []int
	memo         map[string]Result
	path         map[string]int // positions on the current line (stones only), by depth+1
	depth        int
	// lowRep is the least depth of a position of the line that a move in
	// the subtree under way would have repeated: a result found under that
	// ban depends on the line, and is not remembered.
	lowRep       int
	black, white int // a stone of each essential block
	// rootMove is the point of the move that reached the root's result
	// first, or −1 (a pass, or no move).
	rootMove int
	key      []byte
	// The search makes millions of nodes, and what each needs only
	// while it is searched is kept per depth: scratch[d] the positions
	// after the moves of the node at depth d, order[d] its moves.
	scratch []*board.Position
	order   [][]int
	// libs[i] == stamp marks point i a liberty found by libertiesOf,
	// seen[i] == stamp a stone it met.
	libs, seen []int32
	stamp      int32
	stack      []int
}

// writeKey writes into key the stones on the race's points and the ko
// point of pos, and returns their length: the key of the position's
// stones, which search makes whole with the player to move and whether
// the last move was a pass.
func (s *solver) writeKey(pos *board.Position) int {
	for k, i := range s.points {
		s.key[k] = byte(pos.Cell(i) + 1)
	}
	n := len(s.points)
	ko := -1
	if p, ok := pos.Ko(); ok {
		ko = pos.Index(p)
	}
	s.key[n], s.key[n+1] = byte(ko+1), byte((ko+1)>>8)
	return n + 2
}

func (s *solver) search(pos *board.Position, passed bool) (Result, error) {
	if pos.Cell(s.black) == board.Empty {
		return WhiteCaptures, nil
	}
	if pos.Cell(s.white) == board.Empty {
		return BlackCaptures, nil
	}
	s.nodes++
	if s.nodes > s.limit {
		return Neither, fmt.Errorf("the search visited more than %d positions: %w", s.limit, ErrSearchLimit)
	}
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return Neither, err
		}
	}
	n := s.writeKey(pos)
	s.key[n], s.key[n+1] = byte(pos.ToMove()+1), b2i(passed)
	if r, ok := s.memo[string(s.key[:n+2])]; ok { // no string is made to look
		return r, nil
	}
	full := string(s.key[:n+2])
	stones := full[:n]
	if s.path[stones] == 0 {
		s.path[stones] = s.depth + 1
		defer delete(s.path, stones)
	}
	depth := s.depth
	s.depth++
	outerRep := s.lowRep
	s.lowRep = 1 << 30
	defer func() {
		s.depth--
		s.lowRep = min(outerRep, s.lowRep)
	}()
	me := pos.ToMove()
	want := Result(me) // the result the mover hopes for
	best := -want      // the worst for the mover
	// Moves that take a liberty from the opponent's essential block first:
	// they settle most races, and an early win cuts the search.
	opp := s.white
	if me == board.White {
		opp = s.black
	}
	stamp := s.libertiesOf(pos, opp)
	if depth == len(s.order) {
		s.order = append(s.order, make([]int, 0, len(s.points)))
		s.scratch = append(s.scratch, pos.Clone())
	}
	order := s.order[depth][:0]
	for _, i := range s.points {
		if pos.Cell(i) == board.Empty && s.libs[i] == stamp {
			order = append(order, i)
		}
	}
	for _, i := range s.points {
		if pos.Cell(i) == board.Empty && s.libs[i] != stamp {
			order = append(order, i)
		}
	}
	s.order[depth] = order
	next := s.scratch[depth]
	for _, i := range order {
		next.CopyFrom(pos)
		if next.PlayIndex(me, i) != nil {
			continue
		}
		if d := s.path[string(s.key[:s.writeKey(next)])]; d > 0 {
			s.lowRep = min(s.lowRep, d-1)
			continue // superko
		}
		r, err := s.search(next, false)
		if err != nil {
			return Neither, err
		}
		if better(r, best, me) {
			best = r
			if depth == 0 {
				s.rootMove = i
			}
		}
		if best == want {
			break
		}
	}
	if best != want {
		r := Neither
		if !passed {
			next.CopyFrom(pos)
			next.Play(board.Move{Color: me, Pass: true})
			var err error
			if r, err = s.search(next, true); err != nil {
				return Neither, err
			}
		}
		if better(r, best, me) {
			best = r
			if depth == 0 {
				s.rootMove = -1
			}
		}
	}
	// A result found under a ban on repeating the line above depends on
	// that line, and is not remembered (the graph history problem).
	if s.lowRep >= depth {
		s.memo[full] = best
	}
	return best, nil
}

// better reports whether r is better than old for player c.
func better(r, old Result, c board.Color) bool {
	if c == board.Black {
		return r > old
	}
	return r < old
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// libertiesOf marks in s.libs, with the stamp it returns, the liberties
// of the chain holding point i.
func (s *solver) libertiesOf(pos *board.Position, i int) int32 {
	if s.libs == nil {
		s.libs, s.seen = make([]int32, pos.Len()), make([]int32, pos.Len())
	}
	s.stamp++
	stamp := s.stamp
	c := pos.Cell(i)
	stack := append(s.stack[:0], i)
	s.seen[i] = stamp
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range pos.Neighbors(k) {
			switch pos.Cell(j) {
			case board.Empty:
				s.libs[j] = stamp
			case c:
				if s.seen[j] != stamp {
					s.seen[j] = stamp
					stack = append(stack, j)
				}
			}
		}
	}
	s.stack = stack
	return stamp
}
