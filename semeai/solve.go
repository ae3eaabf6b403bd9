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

// Bound is what a search settled of a race's end: it lies between Lo
// and Hi, Black positive (WhiteCaptures < Neither < BlackCaptures). A
// search asks two questions, whether Black is captured and whether he
// captures; one that stops at its limit may still have settled one of
// them, and a race settled but for a ko lies between the ko's two ends.
// The zero Bound knows nothing.
type Bound struct {
	// lo and hi hold where known is set: the zero Bound admits every end.
	lo, hi Result
	known  bool
}

// NewBound returns the bound lo ≤ end ≤ hi.
func NewBound(lo, hi Result) Bound { return Bound{lo, hi, true} }

// Lo returns the least end the bound admits.
func (b Bound) Lo() Result {
	if !b.known {
		return WhiteCaptures
	}
	return b.lo
}

// Hi returns the most end the bound admits.
func (b Bound) Hi() Result {
	if !b.known {
		return BlackCaptures
	}
	return b.hi
}

// Settled reports whether the bound is one end.
func (b Bound) Settled() bool { return b.Lo() == b.Hi() }

// Known reports whether the bound rules out any end.
func (b Bound) Known() bool { return b.Lo() > WhiteCaptures || b.Hi() < BlackCaptures }

// Admits reports whether r lies within the bound: false where the
// search refutes r.
func (b Bound) Admits(r Result) bool { return b.Lo() <= r && r <= b.Hi() }

// String says what the bound tells of the two blocks: "Black captures",
// "neither is captured", "Black's block is not captured (whether
// White's is was not settled)", "not settled".
func (b Bound) String() string {
	switch {
	case b.Settled():
		return b.Lo().String()
	case b.Lo() == Neither:
		return "Black's block is not captured (whether White's is was not settled)"
	case b.Hi() == Neither:
		return "White's block is not captured (whether Black's is was not settled)"
	}
	return "not settled"
}

// ErrSearchLimit is wrapped by Solve's error when the race needs more
// positions than its limit.
var ErrSearchLimit = errors.New("search limit")

// DefaultSolveNodes is the number of positions Solve may visit when its
// limit is 0.
const DefaultSolveNodes = DefaultSettleNodes

// Solve returns the race's end with toMove moving first and best play by
// both, as Settle finds it (for a ko, the end when toMove, who takes it
// first, wins it). limit bounds the positions visited (0:
// DefaultSolveNodes); past it the error wraps ErrSearchLimit.
func Solve(ctx context.Context, r *Race, toMove board.Color, limit int) (Result, error) {
	st, err := Settle(ctx, r, toMove, SettleLimits{Nodes: limit})
	return st.Result, err
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
// count's tedomari is the best move in the best region of the paper's
// model, which can be a move that loses what the model promised: at Gu
// Li v Master after move 150, M13 for Black, after which White's stone
// connects by M12, where M12 captures it.
func CheckMove(ctx context.Context, r *Race, m Move, want Result, limit int) (MoveCheck, error) {
	if err := openRegion(r, SettleLimits{}); err != nil {
		return MoveCheck{}, err
	}
	pos := r.Pos.Clone()
	if err := pos.SetToMove(m.Color); err != nil {
		return MoveCheck{}, err
	}
	after := pos.Clone()
	if err := after.Play(board.Move{Color: m.Color, Point: m.Point}); err != nil {
		return MoveCheck{}, fmt.Errorf("the tedomari %s: %w", m.Point.Label(pos.Size()), err)
	}
	s := newSettler(r, m.Color)
	s.ctx, s.limit = ctx, SettleLimits{Nodes: limit}.nodes()
	var c MoveCheck
	var err error
	if c.After, err = s.valueAt(after, false); err != nil {
		return MoveCheck{}, settleError(err)
	}
	if c.Reaches = c.After == want; c.Reaches {
		return c, nil
	}
	// The positions after m are remembered: the search from before it
	// repeats little.
	if p, err := s.firstMove(m.Color, want); err == nil && p != nil {
		c.Better = p
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
	// Bounds are what the search settled with Black and with White moving
	// first (Settlement.Bound): where it stopped at its limit, the
	// outcomes are not known, but a bound may be.
	Bounds [2]Bound
	// Kinds are how the race ends with Black and with White moving first
	// (Settlement.Kind): for a Ko the outcome is the end when the first
	// mover wins it, and the Bound spans the ko's two ends.
	Kinds [2]SettleKind
	// Unchecked are moves beyond the race, on a liberty outside it of a
	// wall the race cannot capture, whose effect on the ends the check
	// against such walls did not settle within its limit: the ends
	// stand, unchecked against them (see SearchRace).
	Unchecked []board.Move
}

// String says who captures, as Outcomes does, and where a ko decides a
// side's end, both of its ends: "Black moving first: a ko: neither is
// captured if Black wins it, White captures if White does; White moving
// first: White captures".
func (s Search) String() string {
	if s.Kinds[0] != Ko && s.Kinds[1] != Ko {
		return s.Outcomes.String()
	}
	side := func(k int, c board.Color) string {
		if s.Kinds[k] != Ko {
			return s.First(c).String()
		}
		// Black winning the ko reaches the higher end, Black positive.
		b := s.Bounds[k]
		return fmt.Sprintf("a ko: %s if Black wins it, %s if White does", b.Hi(), b.Lo())
	}
	return "Black moving first: " + side(0, board.Black) + "; White moving first: " + side(1, board.White)
}

// Bound returns what the search settled with c moving first.
func (s Search) Bound(c board.Color) Bound {
	if c == board.White {
		return s.Bounds[1]
	}
	return s.Bounds[0]
}

// Move returns the capturing first move of c, or nil.
func (s Search) Move(c board.Color) *board.Point {
	if c == board.White {
		return s.WhiteMove
	}
	return s.BlackMove
}

// SearchBoth is SolveBoth with the capturing first moves (SettleBoth),
// checked as SearchRace checks them against the walls beyond the race
// (RefusedWallBeyond, and an empty Search, where the end depends on
// them). Where the search stops at its limit, the Search still has the
// bounds of what it settled, and no outcomes.
func SearchBoth(ctx context.Context, r *Race, limit int) (Search, error) {
	st, err := SettleBoth(ctx, r, SettleLimits{Nodes: limit})
	if err != nil {
		return searchFrom(st, err), err
	}
	unchecked, err := checkWalls(ctx, r, st, SettleLimits{Nodes: limit})
	if err != nil {
		return Search{}, err
	}
	s := searchOf(st)
	s.Unchecked = unchecked
	return s, nil
}

// searchFrom writes what SettleBoth found, st with its error err, as a
// Search: where it failed, only the bounds of what it settled.
func searchFrom(st [2]Settlement, err error) Search {
	if err != nil {
		return Search{Bounds: [2]Bound{st[0].Bound, st[1].Bound}}
	}
	return searchOf(st)
}

// Search returns what Analyze's search found, as SearchBoth writes it, so
// that a check of the count need not search again; ok is false where
// that search settled nothing (SettleErr).
func (a *Analysis) Search() (s Search, ok bool) {
	if !a.Verdict.Searched || a.SettleErr != nil {
		return Search{}, false
	}
	s = searchOf(a.Settled)
	s.Unchecked = a.Unchecked
	return s, true
}

// CheckSearch returns the search that checks the count, and the limit
// of positions a side it ran within: Analyze's own search, within
// Limits.SearchNodes, where it settled the race, or where it stopped at
// that limit and nodes is no more (its error then, and the bounds of
// what it settled: a second search within a smaller limit would settle
// less); else SearchBoth within nodes. The CLI and the app's race view
// check a count so, and search further so.
func (a *Analysis) CheckSearch(ctx context.Context, nodes int) (Search, int, error) {
	if s, ok := a.Search(); ok {
		return s, a.settleLimits().nodes(), nil
	}
	if RefusalCodeOf(a.SettleErr) == RefusedSearchLimit && nodes <= a.settleLimits().nodes() {
		return Search{Bounds: [2]Bound{a.Settled[0].Bound, a.Settled[1].Bound}}, a.settleLimits().nodes(), a.SettleErr
	}
	s, err := SearchBoth(ctx, a.Race, nodes)
	return s, nodes, err
}

// searchOf writes the settlements of the two sides moving first as a
// Search: the outcomes, and the first move of a side that captures.
func searchOf(st [2]Settlement) Search {
	s := Search{Bounds: [2]Bound{st[0].Bound, st[1].Bound}, Kinds: [2]SettleKind{st[0].Kind, st[1].Kind}}
	s.BlackFirst, s.WhiteFirst = st[0].Result, st[1].Result
	if st[0].Result == BlackCaptures {
		s.BlackMove = st[0].Move
	}
	if st[1].Result == WhiteCaptures {
		s.WhiteMove = st[1].Move
	}
	return s
}
