package semeai

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"moyo/board"
	"moyo/cgt"
)

// RegionValue is a region with its liberty counting game.
type RegionValue struct {
	Region
	// Game is the region's liberty counting game (the paper's Glc), Black's
	// liberties positive, White's negative; Cooled is Game cooled by 2.
	Game, Cooled *cgt.Game
	// Thermograph is Game's; Temperature its temperature (a number's is
	// negative).
	Thermograph cgt.Thermograph
	Temperature cgt.Dyadic
	// Options are the moves of both players in the region, each with the
	// game it leads to.
	Options []Option
	// Alive is set when some line of play leaves the defender's block
	// uncapturable in the region (counted as AliveCount liberties);
	// Already when the block is alive by Benson's test from the start
	// (Race.AliveAtStart), so that the region counts as life as it stands.
	Alive, Already bool
	// Irregular counts the nodes where the paper's rule {|n} → n+1 met an
	// attacker option that is not a number (see the package doc).
	Irregular int
	// LastOnly counts the positions of the region's game where the
	// attacker's move that takes the last liberty is a suicide the rules
	// allow only as the capture while the defender has a move there: the
	// seed's trees do not meet this, and the package doc says how it is
	// counted.
	LastOnly int
	// Cycles counts the positions whose value was found under the ban on
	// repeating a position of the line played out (captures and
	// recaptures, ko): it can depend on the order of the moves before.
	Cycles int
	// Nodes is the number of positions expanded.
	Nodes int

	// black and white are a shared region's games for each block, when it
	// counts for both (Defender Empty): Game is their sum, in which a
	// block's life there no longer shows (see livesApart), and
	// blackOpts and whiteOpts their options.
	black, white         *cgt.Game
	blackOpts, whiteOpts []Option
}

// own returns the game of region rv for c's block alone: the region's
// game where c defends, c's part of it where it counts for both blocks;
// nil where the opponent defends. opts are its options.
func (rv RegionValue) own(c board.Color) (g *cgt.Game, opts []Option) {
	switch {
	case rv.Defender == c:
		return rv.Game, rv.Options
	case rv.Defender == board.Empty && c == board.Black:
		return rv.black, rv.blackOpts
	case rv.Defender == board.Empty:
		return rv.white, rv.whiteOpts
	}
	return nil, nil
}

// Verdict is the paper's evaluation of a race: the sum of the regions'
// games cooled by 2.
type Verdict struct {
	// Case is the paper's case: 1 when the cooled sum is an integer n, 2
	// when it lies strictly between n and n+1, 3 when it is confused with
	// n; 0 when it is none of these (still hot after cooling by 2), and
	// the outcome is then read from the game itself.
	Case int
	N    int64
	// BlackAdjust and WhiteAdjust are the integers Black and White, moving
	// first, round the cooled sum to, keeping the move (cases 1–3).
	BlackAdjust, WhiteAdjust int64
	// BlackFirst and WhiteFirst are the outcomes with Black and with White
	// moving first.
	BlackFirst, WhiteFirst Result
	// Threshold is the count a side must reach to capture: 0 in a race
	// without shared liberties or with an eye on one side; s−1 for s
	// shared liberties between two eyeless blocks, where a count short of
	// it on both sides is a seki (see the package doc).
	Threshold int64
	// BothLive is set when each block lives in one of its regions
	// whoever moves first (the region's cooled game is a count of life,
	// AliveCount or more for its side; in a shared region, the block's own
	// game there, when the other lives elsewhere), or in either of two
	// where a move of its lives (livesApart): neither can be captured.
	// The outcomes are then Neither, and no seki, though the counts of
	// life cancel in the sum.
	BothLive bool
	// BlackLives and WhiteLives are set when that side, moving first,
	// cannot capture but can make its block uncapturable in one move, in
	// its own game of a region (a region it defends, or its part of one
	// counting for both) or on the board (Analysis.livesOnBoard): the
	// outcome is then Neither, not its block captured. The sum of a shared region's two games can hide such a
	// move, and the sum's verdict then has the block captured: at Park
	// Junghwan v Master after move 105 White's C15 connects to its wall
	// by D14, the point it shares with Black's D13, where the two games
	// {0|−1000} (White's) and {1000|0} (Black's) add up to 0.
	BlackLives, WhiteLives bool
	// BlackMove and WhiteMove are the tedomari moves: the best move of
	// each side moving first (nil when the side has no move, or when both
	// blocks live); where the side lives at once (BlackLives), the move
	// that makes its block uncapturable.
	BlackMove, WhiteMove *Move
	// Searched is set when the outcomes and moves are the search's
	// (Settle), which plays the race out under the rules: the count's
	// own outcomes are then CountBlackFirst and CountWhiteFirst, and
	// BlackKind and WhiteKind say how the race ends (capture, seki, both
	// live, ko). Unset, the outcomes are the count's but for a side
	// moving first whose end the search settled alone, which is the
	// search's. CountBlackFirst and CountWhiteFirst are the count's own
	// in every case.
	Searched                         bool
	CountBlackFirst, CountWhiteFirst Result
	// CountBothLive is the count's own BothLive, which the search's
	// replaces where it settles the race.
	CountBothLive        bool
	BlackKind, WhiteKind SettleKind
}

// Move is a recommended move of the race.
type Move struct {
	Color  board.Color
	Point  board.Point
	Region int // index in Analysis.Regions
	// Wins is set when the race is won by this move with best play after.
	Wins bool
	// Lives is set when the move makes the mover's block uncapturable,
	// the best he can do where he cannot capture (Verdict.BlackLives).
	Lives bool
	// Saves is set when the mover's block is in atari and the move, giving
	// it a second liberty, keeps it from capture with best play after
	// (neither block captured), where any move that does not would lose
	// it at once.
	Saves bool
	// Cooled is the cooled sum after the move.
	Cooled *cgt.Game
}

// Analysis is a race with its regions' games and the verdict.
type Analysis struct {
	Race    *Race
	Table   *cgt.Table // owns every game of the analysis
	Regions []RegionValue
	// Total is the sum of the regions' games; Cooled is Total cooled by 2.
	Total, Cooled *cgt.Game
	// TotalThermograph is Total's thermograph, found under Analyze's
	// limits: a sum of hot games has a large one.
	TotalThermograph cgt.Thermograph
	Verdict          Verdict
	// BlackAfter and WhiteAfter are what each side's block is left with
	// once it has captured the other's: where it is walled in by the
	// opponent's stones and not alive, the capture does not save it.
	BlackAfter, WhiteAfter Aftermath

	// Settled is what Settle found with Black and with White moving
	// first; SettleErr is why it settled nothing (a *RaceError, or nil).
	// Where it settled, its outcomes are the verdict's.
	Settled   [2]Settlement
	SettleErr error
	// Unchecked are the moves beyond the race the settled ends are not
	// checked against (Search.Unchecked).
	Unchecked []board.Move
	// SettleTime is the time the search took.
	SettleTime time.Duration
	// Differences are the ways the count and the search differ, each
	// with a region and the assumption of the count's model it breaks.
	Differences []Difference

	lim Limits // the limits Analyze ran under, for Territory's guard
	// first remembers the outcomes of the sums firstMover has played out,
	// by their games' IDs: one search serves every verdict of the race.
	first map[string][2]Result
}

// Analyze settles race r by search (Settle, with each side moving
// first), then builds the liberty counting game of every region, sums,
// cools by 2 and judges the sum as the paper does: SearchRace, then
// Searched.Count. Where the search settles the race, its outcomes and
// moves are the verdict's, the count's are kept beside them
// (Verdict.CountBlackFirst), and Differences says where and why the two
// differ; the count then has lim.CountTime to explain the race. Where the
// count cannot be made for a reason a search may overcome, the error is a
// CountError carrying what the search found. A region that opens onto
// the board, or is larger than the count plays out, is refused before
// any search. It stops with ctx's error when ctx is cancelled. The
// regions' games are independent, so they are played out at the same
// time, as many as there are processors (see regionValues).
func Analyze(ctx context.Context, r *Race, lim Limits) (*Analysis, error) {
	s, err := SearchRace(ctx, r, lim)
	if err != nil {
		return nil, err
	}
	return s.Count(ctx)
}

// Searched is Analyze's first half: a race with what its search found,
// which a caller can show while the count that explains it is made
// (Count). The search takes milliseconds on most races; the count of a
// real game's race can take seconds.
type Searched struct {
	Race *Race
	// Settled is what Settle found with Black and with White moving
	// first; Err is why it settled nothing (a *RaceError), or nil.
	Settled [2]Settlement
	Err     error
	// Unchecked are the moves beyond the race the settled ends are not
	// checked against (Search.Unchecked).
	Unchecked []board.Move
	// Time is the time the search took.
	Time time.Duration

	lim Limits
}

// SearchRace is Analyze's first half: it refuses a region that opens
// onto the board (RefusedOpenRegion) or is larger than the count plays
// out, then settles race r by search with each side moving first, within
// lim, and refuses the race with RefusedWallBeyond where one move beyond
// the race, on a liberty outside it of a wall the race cannot capture,
// changes that end (checkWalls); a move the check could not settle
// within its limit is noted (Searched.Unchecked). Its error is the
// refusal, or ctx's; a search that stops at its limits is no error
// (Searched.Err).
func SearchRace(ctx context.Context, r *Race, lim Limits) (*Searched, error) {
	// A region that opens onto the board is no race's: it is refused
	// first, with that reason, and neither the count nor the search is
	// tried. A region larger than the count plays out is refused at once,
	// so that a caller can show the refusal while a search stands in for
	// the count; else the search comes first, since where it settles the
	// race the count has only to explain it.
	if err := openRegion(r, lim.settle()); err != nil {
		return nil, err
	}
	for k, g := range r.Regions {
		if err := fits(r, g, lim); err != nil {
			return nil, regionError(k, err)
		}
	}
	start := time.Now()
	st, serr := SettleBoth(ctx, r, lim.settle())
	var unchecked []board.Move
	if serr == nil {
		unchecked, serr = checkWalls(ctx, r, st, lim.settle())
	}
	if serr != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if RefusalCodeOf(serr) == RefusedWallBeyond {
		return nil, serr
	}
	return &Searched{Race: r, Settled: st, Err: serr, Unchecked: unchecked, Time: time.Since(start), lim: lim}, nil
}

// Answered reports whether the search settled the race: Search then
// holds the answer, and the count only explains it.
func (s *Searched) Answered() bool { return s.Err == nil }

// Search returns what the search found, as SearchBoth writes it, within
// Nodes positions a side.
func (s *Searched) Search() Search {
	out := searchFrom(s.Settled, s.Err)
	if s.Err == nil {
		out.Unchecked = s.Unchecked
	}
	return out
}

// Nodes returns the most positions the search could visit a side.
func (s *Searched) Nodes() int { return s.lim.settle().nodes() }

// Count is Analyze's second half: the count of the race s searched,
// which has the limits' CountTime where the search settled the race.
func (s *Searched) Count(ctx context.Context) (*Analysis, error) {
	r, lim := s.Race, s.lim
	countCtx := ctx
	if s.Answered() {
		var cancel context.CancelFunc
		countCtx, cancel = context.WithTimeout(ctx, lim.countTime())
		defer cancel()
	}
	a, err := analyzeCount(countCtx, r, lim)
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return nil, err
	default:
		if s.Answered() && countCtx.Err() != nil {
			err = &RaceError{Code: RefusedCountLimit, Region: -1, Err: fmt.Errorf("the count took more than %g s, where the search had settled the race", lim.countTime().Seconds())}
		}
		if !Searchable(err) {
			return nil, err
		}
		return nil, &CountError{Search: s.Search(), Nodes: s.Nodes(), SearchErr: s.Err, Err: err}
	}
	a.SettleTime, a.Unchecked = s.Time, s.Unchecked
	if err := a.applySettled(s.Settled, s.Err); err != nil {
		return nil, err
	}
	return a, nil
}

// CountError is Analyze's error where the count could not be made for a
// reason a search may overcome (Searchable): Err says why, and Search is
// what Analyze's search found within Nodes positions a side, SearchErr
// why it did not settle the race, or nil where it did: the race is then
// answered all the same (NewRefusal, Refusal.Answered).
type CountError struct {
	Search    Search
	Nodes     int
	SearchErr error
	Err       error
}

// Error returns Err's message.
func (e *CountError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *CountError) Unwrap() error { return e.Err }

// analyzeCount is Analyze without the search: the count's verdict.
func analyzeCount(ctx context.Context, r *Race, lim Limits) (a *Analysis, err error) {
	tb := cgt.NewTable()
	a = &Analysis{Race: r, Table: tb, lim: lim}
	guard(ctx, tb, lim)
	defer tb.Interrupt(nil)
	defer func() {
		if err != nil {
			a, err = nil, tooLarge(err)
			return
		}
		// The count's own outcomes, kept where the search's replace them.
		v := &a.Verdict
		v.CountBlackFirst, v.CountWhiteFirst, v.CountBothLive = v.BlackFirst, v.WhiteFirst, v.BothLive
	}()
	defer cgt.Recover(&err)
	rvs, err := regionValues(ctx, tb, r, lim, minConcurrent)
	if err != nil {
		return nil, err
	}
	if err := sharedLife(ctx, tb, r, rvs, lim); err != nil {
		return nil, err
	}
	var games []*cgt.Game
	for _, rv := range rvs {
		v := rv.Game
		rv.Cooled = cool2(tb, v)
		rv.Thermograph = tb.Thermograph(v)
		rv.Temperature = rv.Thermograph.Temperature
		a.Regions = append(a.Regions, rv)
		games = append(games, v)
	}
	a.Total = tb.Sum(games...)
	a.TotalThermograph = tb.Thermograph(a.Total)
	a.Cooled = cool2(tb, a.Total)
	a.Verdict = a.judge(a.Cooled, func() []*cgt.Game { return games }, a.owns(-1, Option{}))
	if v := &a.Verdict; !v.BothLive && livesApart(tb, a.Regions) {
		v.BlackFirst, v.WhiteFirst, v.BothLive = Neither, Neither, true
		v.BlackLives, v.WhiteLives = false, false
	}
	a.BlackAfter, a.WhiteAfter = r.aftermath(board.Black), r.aftermath(board.White)
	a.captureAtOnce()
	if a.Verdict.BothLive {
		return a, nil // no move changes the outcome: no tedomari
	}
	var black, white tedomariResult
	if black, err = a.tedomari(ctx, board.Black); err != nil {
		return nil, err
	}
	if white, err = a.tedomari(ctx, board.White); err != nil {
		return nil, err
	}
	a.Verdict.BlackMove, a.Verdict.WhiteMove = black.move, white.move
	a.livesAfter(black, white)
	a.escape(black, white)
	a.livesOnBoard()
	for _, c := range []board.Color{board.Black, board.White} {
		lives, move := &a.Verdict.BlackLives, &a.Verdict.BlackMove
		if c == board.White {
			lives, move = &a.Verdict.WhiteLives, &a.Verdict.WhiteMove
		}
		if m := a.lifeMove(c); *lives && m != nil && (*move == nil || !(*move).Lives) {
			*move = m
		}
		if p, ok := a.Race.captureAtOnce(c); ok {
			*move = &Move{Color: c, Point: p, Region: a.regionOf(p), Wins: true}
		}
	}
	return a, nil
}

// tooLarge returns err, explained when it is the guard's game limit (see
// guard): the sums, comparisons and verdicts of the regions' games grew
// past Limits.MaxGames, which the reader is told as the count's memory.
func tooLarge(err error) error {
	if !errors.Is(err, errGames) {
		return err
	}
	return fmt.Errorf("judging the sum of the regions' games is too complex for the count's memory (a region where a block can live makes its games large): %w", ErrTooLarge)
}

// regionJob is one liberty counting game of a region, played out for
// one defender (a shared region counting for both blocks has two), and
// what lcg returned for it.
type regionJob struct {
	region int
	def    board.Color
	tb     *cgt.Table // the job's own: a Table is not safe for concurrent use
	v      *cgt.Game
	opts   []Option
	st     gameStats
	err    error
}

// minConcurrent is the fewest empty points a region needs for its game
// to be worth a goroutine and a table of its own: a region of 8 takes a
// few milliseconds, a smaller one less than the copying costs.
const minConcurrent = 8

// regionValues builds the game of every region of r, in the order of
// r.Regions, with its games in tb.
//
// The regions' games do not depend on each other, so when two or more
// regions have at least minEmpty empty points, each game is played out in
// a table of its own, up to GOMAXPROCS at a time, and copied into tb when
// all are done: a race with two big regions takes the time of one on two
// cores. The games are the same as one after the other in tb (a game is
// its canonical form, whatever table holds it, and a region's search
// reads nothing of another's), and so is the error: the first region's
// in the order of r.Regions, as if the regions after a failing one had
// not been played (they are cancelled).
func regionValues(ctx context.Context, tb *cgt.Table, r *Race, lim Limits, minEmpty int) ([]RegionValue, error) {
	var jobs []*regionJob
	big := 0
	for k, g := range r.Regions {
		n := 1
		if g.Defender != board.Empty {
			jobs = append(jobs, &regionJob{region: k, def: g.Defender})
		} else {
			jobs = append(jobs, &regionJob{region: k, def: board.Black}, &regionJob{region: k, def: board.White})
			n = 2
		}
		if g.Empty >= minEmpty {
			big += n
		}
	}
	if big < 2 || runtime.GOMAXPROCS(0) < 2 {
		return regionValuesInTurn(ctx, tb, r, lim)
	}
	// cancel[j] stops job j and every job after it: the error of job j
	// makes their results moot, as they would not have been played.
	ctxs := make([]context.Context, len(jobs))
	cancels := make([]context.CancelFunc, len(jobs))
	parent := ctx
	for j := range jobs {
		ctxs[j], cancels[j] = context.WithCancel(parent)
		parent = ctxs[j]
	}
	defer cancels[0]()
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	for j, jb := range jobs {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			jb.tb = cgt.NewTable()
			guard(ctxs[j], jb.tb, lim)
			jb.v, jb.opts, jb.st, jb.err = lcg(ctxs[j], jb.tb, r, r.Regions[jb.region], jb.def, lim)
			jb.err = regionError(jb.region, jb.err)
			if jb.err != nil && j+1 < len(jobs) {
				cancels[j+1]()
			}
		}()
	}
	wg.Wait()
	for _, jb := range jobs {
		if jb.err != nil {
			return nil, jb.err
		}
	}
	// Copy the games into tb, in the order of the jobs.
	copied := map[*cgt.Game]*cgt.Game{}
	for _, jb := range jobs {
		jb.v = copyGame(tb, jb.v, copied)
		for i := range jb.opts {
			jb.opts[i].Value = copyGame(tb, jb.opts[i].Value, copied)
		}
	}
	rvs := make([]RegionValue, 0, len(r.Regions))
	for j := 0; j < len(jobs); j++ {
		jb := jobs[j]
		g := r.Regions[jb.region]
		if g.Defender != board.Empty {
			st := jb.st
			rvs = append(rvs, RegionValue{Region: g, Game: jb.v, Options: jb.opts, Alive: st.alive, Already: st.already, Irregular: st.irregular, LastOnly: st.lastOnly, Cycles: st.cycles, Nodes: st.nodes})
			continue
		}
		b, w := jb, jobs[j+1]
		j++
		rvs = append(rvs, sharedValue(tb, g, b.v, w.v, b.opts, w.opts, b.st, w.st))
	}
	return rvs, nil
}

// regionValuesInTurn is regionValues one region after the other, all in
// tb, stopping at the first error.
func regionValuesInTurn(ctx context.Context, tb *cgt.Table, r *Race, lim Limits) ([]RegionValue, error) {
	var rvs []RegionValue
	for k, g := range r.Regions {
		if g.Defender != board.Empty {
			v, opts, st, err := lcg(ctx, tb, r, g, g.Defender, lim)
			if err != nil {
				return nil, regionError(k, err)
			}
			rvs = append(rvs, RegionValue{Region: g, Game: v, Options: opts, Alive: st.alive, Already: st.already, Irregular: st.irregular, LastOnly: st.lastOnly, Cycles: st.cycles, Nodes: st.nodes})
			continue
		}
		vb, ob, rb, err := lcg(ctx, tb, r, g, board.Black, lim)
		if err != nil {
			return nil, regionError(k, err)
		}
		vw, ow, rw, err := lcg(ctx, tb, r, g, board.White, lim)
		if err != nil {
			return nil, regionError(k, err)
		}
		rvs = append(rvs, sharedValue(tb, g, vb, vw, ob, ow, rb, rw))
	}
	return rvs, nil
}

// RegionError is the error of a race whose region could not be played
// out: Region is its index in Race.Regions, so that a caller can show
// which one, and Err says why (often wrapping ErrTooLarge).
type RegionError struct {
	Region int
	Err    error
}

// Error returns Err's message, which names the region.
func (e *RegionError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *RegionError) Unwrap() error { return e.Err }

// regionError returns err as the error of region k, or nil. A
// cancellation is no fault of the region, and stays as it is.
func regionError(k int, err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &RegionError{Region: k, Err: err}
}

// sharedValue is the game of a region counting for both blocks: the sum
// of its games for Black (vb, first moves ob, counts rb) and for White,
// with the options both games have.
func sharedValue(tb *cgt.Table, g Region, vb, vw *cgt.Game, ob, ow []Option, rb, rw gameStats) RegionValue {
	rv := RegionValue{Region: g, Game: tb.Add(vb, vw), Alive: rb.alive || rw.alive, Already: rb.already || rw.already, Irregular: rb.irregular + rw.irregular, LastOnly: rb.lastOnly + rw.lastOnly, Cycles: rb.cycles + rw.cycles, Nodes: rb.nodes + rw.nodes,
		black: vb, white: vw, blackOpts: ob, whiteOpts: ow}
	for _, b := range ob {
		for _, w := range ow {
			if b.Color == w.Color && b.Point == w.Point {
				rv.Options = append(rv.Options, Option{Color: b.Color, Point: b.Point, Value: tb.Add(b.Value, w.Value), black: b.Value, white: w.Value})
			}
		}
	}
	return rv
}

// sharedLife makes a shared region that counts for the side with an eye
// count for both blocks where the other block can live in it: where its
// game for that block, cooled, reaches a count of life (AliveCount/2 or
// more for the block) with the block's side moving first. The rule of
// thumb that shared liberties count for the side with the eye takes it
// that the other block cannot live there. At Mi Yuting v Master after
// move 245 White's block lives in the corner it shares with Black's,
// whoever moves first, and at Gu Li v Master after move 150 White's stone
// lives by the shared point M12 if it moves there first; the count called
// captures there that the search refutes. The other block's game is
// played in a table of its own, so that one too large to play out leaves
// the rule of thumb in place rather than refusing the race.
func sharedLife(ctx context.Context, tb *cgt.Table, r *Race, rvs []RegionValue, lim Limits) error {
	for i := range rvs {
		rv := &rvs[i]
		if rv.Kind != Shared || rv.Defender == board.Empty {
			continue
		}
		other := rv.Defender.Opponent()
		ot := cgt.NewTable()
		guard(ctx, ot, lim)
		v, opts, st, err := lcg(ctx, ot, r, rv.Region, other, lim)
		ot.Interrupt(nil)
		if err := ctx.Err(); err != nil {
			return err
		}
		if err != nil {
			continue // too large to play out: the rule of thumb stands
		}
		// The other block lives there if it moves there first: its stop,
		// moving first, is a count of life.
		c := cool2(ot, v)
		if other == board.White && ot.RightStop(c).Cmp(cgt.Int(-AliveCount/2)) > 0 || other == board.Black && ot.LeftStop(c).Cmp(cgt.Int(AliveCount/2)) < 0 {
			continue
		}
		copied := map[*cgt.Game]*cgt.Game{}
		v = copyGame(tb, v, copied)
		for k := range opts {
			opts[k].Value = copyGame(tb, opts[k].Value, copied)
		}
		g := rv.Region
		g.Defender = board.Empty
		mine := gameStats{alive: rv.Alive, irregular: rv.Irregular, lastOnly: rv.LastOnly, cycles: rv.Cycles, nodes: rv.Nodes}
		if other == board.White {
			*rv = sharedValue(tb, g, rv.Game, v, rv.Options, opts, mine, st)
		} else {
			*rv = sharedValue(tb, g, v, rv.Game, opts, rv.Options, st, mine)
		}
	}
	return nil
}

// livesApart reports whether the two blocks live in different regions
// whoever moves first: each in a region whose game for the block (its own
// game, or its part of a shared region's) cools to a count of life for
// it, or in two regions where a move of its makes the game there such a
// count (miai: the other side, moving first, can take away one). The sum
// of a shared region's two games hides a block's life there: at Park
// Junghwan v Master after move 215 Black's D9 lives in the region it
// shares with White's D6, whose White game is hot, so that the sum there
// is {998|2} cooled and White moving first seemed to capture, though
// White's D6 lives apart by connecting out. And the sum of the two games
// of a miai is no count of life: at AlphaGo v AlphaGo game 43 after move
// 250 White's J18 connects to its walls by J16 or by K15, each {0|−1000},
// while Black's N19 lives in its own region, and the sum had White
// capture moving first. Lives in one region are not read apart: the two
// games there share their moves.
func livesApart(tb *cgt.Table, rvs []RegionValue) bool {
	// whole[c] are the regions where c lives whoever moves, once[c] those
	// where a move of c's lives.
	var whole, once [2][]int
	for k, rv := range rvs {
		for _, c := range []board.Color{board.Black, board.White} {
			g, _ := rv.own(c)
			if g == nil {
				continue
			}
			if lifeFor(tb, c, cool2(tb, g)) {
				whole[side(c)] = append(whole[side(c)], k)
			} else if lifeOption(tb, c, g) {
				once[side(c)] = append(once[side(c)], k)
			}
		}
	}
	// apart reports whether c lives in regions other than those of used.
	apart := func(c board.Color, used ...int) bool {
		free := func(k int) bool { return !slices.Contains(used, k) }
		if slices.ContainsFunc(whole[side(c)], free) {
			return true
		}
		n := 0
		for _, k := range once[side(c)] {
			if free(k) {
				n++
			}
		}
		return n >= 2
	}
	b, w := side(board.Black), side(board.White)
	for _, k := range whole[b] {
		if apart(board.White, k) {
			return true
		}
	}
	for _, k := range whole[w] {
		if apart(board.Black, k) {
			return true
		}
	}
	// Both by miai: two regions of White's, and two others of Black's.
	for x, i := range once[w] {
		for _, j := range once[w][x+1:] {
			if apart(board.Black, i, j) {
				return true
			}
		}
	}
	return false
}

// lifeOption reports whether g, a region's game for c's block, has an
// option of c that cools to a count of life for it (lifeFor).
func lifeOption(tb *cgt.Table, c board.Color, g *cgt.Game) bool {
	opts := g.Left()
	if c == board.White {
		opts = g.Right()
	}
	return slices.ContainsFunc(opts, func(x *cgt.Game) bool { return lifeFor(tb, c, cool2(tb, x)) })
}

// lifeFor reports whether cooled, a region's game for c's block cooled by
// 2, is a count of life for it: AliveCount/2 liberties or more, whoever
// moves.
func lifeFor(tb *cgt.Table, c board.Color, cooled *cgt.Game) bool {
	if c == board.Black {
		return tb.Le(tb.Int(AliveCount/2), cooled)
	}
	return tb.Le(cooled, tb.Int(-AliveCount/2))
}

// livesAtOnce reports whether c, moving first, can make its block
// uncapturable in one move: whether some region's game for c's block
// alone (RegionValue.own; owns[k] holds region k's, Black's then
// White's) has an option of c that is a count of life (lifeFor).
func livesAtOnce(tb *cgt.Table, c board.Color, owns [][2]*cgt.Game) bool {
	for _, o := range owns {
		if g := o[side(c)]; g != nil && lifeOption(tb, c, g) {
			return true
		}
	}
	return false
}

// lifeMove returns c's move that makes its block uncapturable at once
// (livesAtOnce), in the hottest region that has one; nil when none does.
func (a *Analysis) lifeMove(c board.Color) *Move {
	var best *Move
	var bestTemp cgt.Dyadic
	for k, rv := range a.Regions {
		_, opts := rv.own(c)
		for _, o := range opts {
			if o.Color != c || o.LastOnly || !lifeFor(a.Table, c, cool2(a.Table, o.Value)) {
				continue
			}
			if best == nil || rv.Temperature.Cmp(bestTemp) > 0 {
				best, bestTemp = &Move{Color: c, Point: o.Point, Region: k, Lives: true}, rv.Temperature
			}
			break
		}
	}
	return best
}

// copyGame returns g, a game of another table, as a game of tb, copied
// option by option; copied remembers the games already copied.
func copyGame(tb *cgt.Table, g *cgt.Game, copied map[*cgt.Game]*cgt.Game) *cgt.Game {
	if x, ok := g.Number(); ok {
		return tb.Num(x)
	}
	if c, ok := copied[g]; ok {
		return c
	}
	side := func(opts []*cgt.Game) []*cgt.Game {
		out := make([]*cgt.Game, len(opts))
		for i, o := range opts {
			out[i] = copyGame(tb, o, copied)
		}
		return out
	}
	c := tb.New(side(g.Left()), side(g.Right()))
	copied[g] = c
	return c
}

// cool2 cools g by 2, which cannot fail: 2 is a dyadic rational ≥ 0.
func cool2(tb *cgt.Table, g *cgt.Game) *cgt.Game {
	c, err := tb.Cool(g, cgt.Int(2))
	if err != nil {
		panic(fmt.Sprintf("semeai: cooling by 2: %v", err))
	}
	return c
}

// threshold returns the count a side needs to capture (see Verdict): 0
// without shared liberties or when they count for one side (an eye
// against none, a big eye against a small one: Race.sharedOwner); s − 1 for s shared liberties between two
// eyeless blocks, where the last one is filled by the capturing move; s
// when both blocks have an eye, since every shared liberty must then be
// filled before the capture and each such fill costs the filler a
// liberty too.
func (a *Analysis) threshold() int64 {
	r := a.Race
	be, we := r.HasEye(board.Black), r.HasEye(board.White)
	s := int64(r.SharedLiberties())
	switch {
	case s == 0 || r.sharedOwner() != board.Empty:
		return 0
	case be && we:
		return s
	}
	return s - 1
}

// judge applies the paper's cases to g, a sum of the regions cooled by 2;
// parts gives the regions' games themselves, which are needed only when g
// is still hot.
//
// Black moving first wins when g, rounded up as Black rounds it, is at
// least the threshold k, and White moving first when White's rounding is
// at most −k. In cases 1–3 this is the same as asking whether g is
// greater than or confused with k − 1 (Black) and less than or confused
// with 1 − k (White), which is how a sum still hot after cooling is
// judged too.
//
// owns gives each region's games for each block alone (see
// RegionValue.own): a side moving first whose block the sum has captured
// lives instead where it can at once (Verdict.BlackLives).
func (a *Analysis) judge(g *cgt.Game, parts func() []*cgt.Game, owns func() [][2]*cgt.Game) Verdict {
	tb := a.Table
	v := Verdict{Threshold: a.threshold()}
	k := v.Threshold
	m := tb.Mean(g)
	n, _ := m.Floor().Int64()
	switch {
	case g.IsInteger():
		v.Case, v.N, v.BlackAdjust, v.WhiteAdjust = 1, n, n, n
	case between(tb, g, n):
		v.Case, v.N, v.BlackAdjust, v.WhiteAdjust = 2, n, n+1, n
	case m.IsInteger() && between(tb, g, n-1):
		v.Case, v.N, v.BlackAdjust, v.WhiteAdjust = 2, n-1, n, n-1
	case m.IsInteger() && tb.CompareInt(g, n) == cgt.Confused:
		v.Case, v.N, v.BlackAdjust, v.WhiteAdjust = 3, n, n+1, n-1
	}
	v.BlackFirst, v.WhiteFirst, v.BothLive = a.firstMover(parts, g, k)
	if v.BothLive {
		return v
	}
	var own [][2]*cgt.Game
	if v.BlackFirst == WhiteCaptures || v.WhiteFirst == BlackCaptures {
		own = owns()
	}
	if v.BlackFirst == WhiteCaptures && livesAtOnce(tb, board.Black, own) {
		v.BlackFirst, v.BlackLives = Neither, true
	}
	if v.WhiteFirst == BlackCaptures && livesAtOnce(tb, board.White, own) {
		v.WhiteFirst, v.WhiteLives = Neither, true
	}
	return v
}

// owns returns the games of the regions for each block alone (see
// RegionValue.own), Black's then White's, for judge: after option o of
// region k, or as they stand when k is −1.
func (a *Analysis) owns(k int, o Option) func() [][2]*cgt.Game {
	return func() [][2]*cgt.Game {
		out := make([][2]*cgt.Game, len(a.Regions))
		for i, rv := range a.Regions {
			b, _ := rv.own(board.Black)
			w, _ := rv.own(board.White)
			out[i] = [2]*cgt.Game{b, w}
		}
		if k >= 0 {
			switch rv := a.Regions[k]; rv.Defender {
			case board.Black:
				out[k] = [2]*cgt.Game{o.Value, nil}
			case board.White:
				out[k] = [2]*cgt.Game{nil, o.Value}
			default:
				out[k] = [2]*cgt.Game{o.black, o.white}
			}
		}
		return out
	}
}

// captureAtOnce makes the verdict of each side that can capture the
// other's block in one move (Race.captureAtOnce) that it captures moving
// first, whatever the sum says: the race is over once the block is off
// the board, where the sum still counts the liberties another region's
// game would give it. At Dang Yifei v Master after move 95 both blocks
// are in atari, Black's S3 and White's T3, and White's block can take a
// loose chain in the region it shares with Black's to live there (−1000),
// so the sum had White capture whoever moves first, though Black moving
// first captures at T2.
func (a *Analysis) captureAtOnce() {
	v := &a.Verdict
	for _, c := range []board.Color{board.Black, board.White} {
		if _, ok := a.Race.captureAtOnce(c); !ok {
			continue
		}
		if c == board.Black {
			v.BlackFirst, v.BlackLives = BlackCaptures, false
		} else {
			v.WhiteFirst, v.WhiteLives = WhiteCaptures, false
		}
		// Neither block lives whoever moves first: this one can be
		// taken.
		v.BothLive = false
	}
}

// regionOf returns the index of the region holding point p, or −1.
func (a *Analysis) regionOf(p board.Point) int {
	i := a.Race.Pos.Index(p)
	return slices.IndexFunc(a.Regions, func(rv RegionValue) bool { return slices.Contains(rv.Points, i) })
}

// First returns the outcome with c moving first: BlackFirst or
// WhiteFirst.
func (v Verdict) First(c board.Color) Result {
	if c == board.White {
		return v.WhiteFirst
	}
	return v.BlackFirst
}

// Lives reports whether c, moving first, lives at once rather than have
// its block captured (BlackLives, WhiteLives).
func (v Verdict) Lives(c board.Color) bool {
	if c == board.White {
		return v.WhiteLives
	}
	return v.BlackLives
}

// Kind returns how the search found the race ends with c moving first
// (BlackKind or WhiteKind): Unsettled where it did not settle that side.
func (v Verdict) Kind(c board.Color) SettleKind {
	if c == board.White {
		return v.WhiteKind
	}
	return v.BlackKind
}

// Move returns c's move moving first: BlackMove or WhiteMove.
func (v Verdict) Move(c board.Color) *Move {
	if c == board.White {
		return v.WhiteMove
	}
	return v.BlackMove
}

// Saves reports whether c, moving first, has its block in atari and
// saves it (Move.Saves): neither block is captured.
func (v Verdict) Saves(c board.Color) bool {
	m := v.Move(c)
	return m != nil && m.Saves
}

// Play returns the move that c, moving first, is to play by the count,
// the one a picture marks: its tedomari, where the move wins, makes its
// block live or saves it from atari; nil where c loses, or gains nothing
// by one move rather than another (both blocks live).
func (v Verdict) Play(c board.Color) *board.Point {
	m := v.Move(c)
	if m == nil || !(m.Wins || m.Lives || m.Saves) || v.BothLive {
		return nil
	}
	p := m.Point
	return &p
}

// Seki reports whether the outcome r of v is a seki: neither block
// captured, as the shared liberties leave both short of the threshold,
// rather than two blocks that live. Without a threshold the count gives
// no seki: r is then Neither only where both blocks live.
func (v Verdict) Seki(r Result) bool {
	if v.Searched {
		return r == Neither && (v.BlackKind == Seki || v.WhiteKind == Seki)
	}
	return r == Neither && v.Threshold > 0 && !v.BothLive
}

// firstMover returns the outcomes with Black and with White moving first
// in the sum of the regions' games parts, whose sum cooled by 2 is g, for
// threshold k, and whether both blocks live whoever moves (see
// Verdict.BothLive).
//
// When g is a number or infinitely close to one, the paper's rule decides:
// Black moving first captures when g is not ≤ k − 1 (his rounding reaches
// k), and is captured when g ≤ −k − 1 (even his move cannot lift the
// count to −k); White the mirror image. In cases 1–3 this is exactly the
// rule on the adjustment values. A sum still hot after cooling (a region
// where the defender can live, say) is played out, a move in one region
// at a time, until its cooled value is close to a number: the mover takes
// the move whose outcome with the other side to move is best for him. The
// regions are kept apart, since the canonical form of their sum can be
// far larger than they are. Regions whose games are numbers are not
// played in: a number's canonical options are no moves of the race (a
// region of three plain liberties is 3 = {2 | }, without the attacker's
// fills, which the procedure has counted), and by the number avoidance
// theorem (WW; Siegel) a move in a number is never needed while another
// region is hot. The outcomes of the sums met are remembered
// in a.first: the verdicts after each first move (tedomari, semedori) are
// sums of the same search.
func (a *Analysis) firstMover(parts func() []*cgt.Game, g *cgt.Game, k int64) (black, white Result, live bool) {
	tb := a.Table
	rule := func(g *cgt.Game) [2]Result {
		var r [2]Result
		le := func(n int64) bool { return tb.Le(g, tb.Int(n)) }
		ge := func(n int64) bool { return tb.Le(tb.Int(n), g) }
		switch {
		case !le(k - 1):
			r[0] = BlackCaptures
		case le(-k - 1):
			r[0] = WhiteCaptures
		}
		switch {
		case !ge(1 - k):
			r[1] = WhiteCaptures
		case ge(k + 1):
			r[1] = BlackCaptures
		}
		return r
	}
	// Where both blocks have become uncapturable, each in a region worth
	// AliveCount to its side, the counts cancel in the sum but neither
	// block can be captured: the race is over, and the rule is not asked.
	bothLive := func(cooled []*cgt.Game) bool {
		var b, w bool
		for _, c := range cooled {
			b = b || tb.Le(tb.Int(AliveCount/2), c)
			w = w || tb.Le(c, tb.Int(-AliveCount/2))
		}
		return b && w
	}
	ps := parts()
	cooled := make([]*cgt.Game, len(ps))
	for i, p := range ps {
		cooled[i] = cool2(tb, p)
	}
	if bothLive(cooled) {
		return Neither, Neither, true
	}
	if _, ok := tb.Numberish(g); ok {
		r := rule(g)
		return r[0], r[1], false
	}
	if a.first == nil {
		a.first = map[string][2]Result{}
	}
	var key []byte
	var first func(ps []*cgt.Game, cooled []*cgt.Game) [2]Result
	first = func(ps, cooled []*cgt.Game) [2]Result {
		key = key[:0]
		for _, p := range ps {
			key = binary.AppendUvarint(key, uint64(p.ID()))
		}
		if r, ok := a.first[string(key)]; ok {
			return r
		}
		memoKey := string(key)
		tb.Step() // the table's guard bounds this search too
		var r [2]Result
		if bothLive(cooled) {
			r = [2]Result{Neither, Neither}
		} else if g := tb.Sum(cooled...); func() bool { _, ok := tb.Numberish(g); return ok }() {
			r = rule(g)
		} else {
			r[0], r[1] = WhiteCaptures, BlackCaptures
			for i, p := range ps {
				if p.IsNumber() {
					continue
				}
				for side, opts := range [2][]*cgt.Game{p.Left(), p.Right()} {
					for _, o := range opts {
						next := append([]*cgt.Game(nil), ps...)
						nextCooled := append([]*cgt.Game(nil), cooled...)
						next[i], nextCooled[i] = o, cool2(tb, o)
						res := first(next, nextCooled)
						if side == 0 {
							r[0] = max(r[0], res[1])
						} else {
							r[1] = min(r[1], res[0])
						}
					}
				}
			}
		}
		a.first[memoKey] = r
		return r
	}
	r := first(ps, cooled)
	return r[0], r[1], false
}

// between reports whether n < g < n+1.
func between(tb *cgt.Table, g *cgt.Game, n int64) bool {
	return tb.CompareInt(g, n) == cgt.Greater && tb.CompareInt(g, n+1) == cgt.Less
}

// tedomariResult is what tedomari found for a side c: its move, the best
// end c reaches by any of its moves with the opponent to move next (the
// opponent's capture where it has none), and whether the opponent lives
// at once after some move of c (Verdict.BlackLives).
type tedomariResult struct {
	color     board.Color
	move      *Move
	best      Result
	livesSeen bool
}

// tedomari returns c's best first move: a move after which c wins with the
// opponent to move, in the hottest region that has one; without a winning
// move, c's move in the hottest region. Where c's block is in atari
// (Race.mustEscape), a move that leaves it so loses it, and a move that
// saves it comes before one that does not.
func (a *Analysis) tedomari(ctx context.Context, c board.Color) (tedomariResult, error) {
	var best *Move
	var bestTemp cgt.Dyadic
	bestRank := 0
	escape := a.Race.mustEscape(c)
	res := tedomariResult{color: c, best: Result(c.Opponent())} // the worst for c, until a move does better
	for k, rv := range a.Regions {
		for _, o := range rv.Options {
			if o.Color != c || o.LastOnly {
				continue
			}
			if err := ctx.Err(); err != nil {
				return tedomariResult{}, err
			}
			after, v := a.after(k, o)
			second := v.WhiteFirst
			if c == board.White {
				second = v.BlackFirst
			}
			if escape && !a.Race.escapes(c, o.Point) {
				second = Result(c.Opponent())
			}
			lives := v.Lives(c.Opponent())
			if second == Result(c) && a.Race.livesOnBoardAfter(c, o.Point) {
				// The opponent lives on the board instead (livesOnBoard).
				second, lives = Neither, true
			}
			res.livesSeen = res.livesSeen || lives
			if c == board.Black {
				res.best = max(res.best, second)
			} else {
				res.best = min(res.best, second)
			}
			m := &Move{Color: c, Point: o.Point, Region: k, Wins: second == Result(c), Saves: escape && second == Neither, Cooled: after}
			// Winning first; then, in atari, saving the block.
			rank := 0
			switch {
			case m.Wins:
				rank = 2
			case m.Saves:
				rank = 1
			}
			switch {
			case best == nil,
				rank > bestRank,
				rank == bestRank && rv.Temperature.Cmp(bestTemp) > 0,
				rank == bestRank && rv.Temperature.Equal(bestTemp) && a.prefer(c, after, best.Cooled):
				best, bestTemp, bestRank = m, rv.Temperature, rank
			}
		}
	}
	res.move = best
	return res, nil
}

// livesAfter corrects the outcome of a side moving first that the sum
// says captures, where the verdicts after its moves, which see the
// opponent live at once (Verdict.BlackLives), find none that captures:
// the side then reaches the best of those ends, or of passing, which
// leaves the opponent to move first. The sum knows nothing of the
// opponent's life after the move: at Master v Jiang Weijie after move 190
// (S1 v S2) the sum had White capture moving first, but after White's
// moves in the corner Black's block can still live at once, and by the
// verdicts after them none of White's moves captures: neither block is
// captured, as the search says.
//
// A side that takes the other's block at once (Race.captureAtOnce) keeps
// its capture.
func (a *Analysis) livesAfter(black, white tedomariResult) {
	v := &a.Verdict
	_, blackTakes := a.Race.captureAtOnce(board.Black)
	_, whiteTakes := a.Race.captureAtOnce(board.White)
	if v.BlackFirst == BlackCaptures && !blackTakes && black.livesSeen && black.best != BlackCaptures {
		v.BlackFirst = max(black.best, v.WhiteFirst)
	}
	if v.WhiteFirst == WhiteCaptures && !whiteTakes && white.livesSeen && white.best != WhiteCaptures {
		v.WhiteFirst = min(white.best, v.BlackFirst)
	}
}

// escape makes the outcome of a side moving first whose block is in
// atari (Race.mustEscape) the best end its moves reach: one that leaves
// the block in atari loses it at once, which the sum, counting the
// liberties the other regions would give the block later, does not see;
// a pass does too. At AlphaGo Zero's self-play game 1 (Extended Data
// Figure 5) after move 300, Black's S15 has one liberty, T15: the sum had
// Black capture moving first by R13, a liberty of White's block, after
// which White takes S15 at T15; Black's T10 takes a White stone and gives
// S15 a second liberty, and it joins its wall after: neither block is
// captured, as the search says.
func (a *Analysis) escape(black, white tedomariResult) {
	v := &a.Verdict
	for _, t := range []struct {
		res   tedomariResult
		first *Result
		lives *bool
	}{{black, &v.BlackFirst, &v.BlackLives}, {white, &v.WhiteFirst, &v.WhiteLives}} {
		c := t.res.color
		if !a.Race.mustEscape(c) {
			continue
		}
		*t.first = t.res.best
		if m := a.lifeMove(c); *t.lives && (m == nil || !a.Race.escapes(c, m.Point)) {
			*t.lives = false
		}
	}
}

// livesOnBoard makes the outcome of a side moving first whose block the
// verdict has captured Neither where one of its moves makes the block
// alive on the board (Race.lifeByMove), and that move its tedomari. At
// AlphaGo v AlphaGo game 5 (2017) after move 275 Black's A3 gets its
// liberties in the A column from a White stone at A4 in atari: Black's
// A5 takes it, and the wall along the B column, whose liberties are all
// in that region, has two eyes with Black's A3 block, at A4 and in
// A6–A8. The region's game has White fill them, as a wall with no
// liberty outside the regions may be captured; the sum had White capture
// whoever moves first, where Black moving first lives, as the search
// says.
func (a *Analysis) livesOnBoard() {
	v := &a.Verdict
	for _, t := range []struct {
		c     board.Color
		first *Result
		lives *bool
		move  **Move
	}{{board.Black, &v.BlackFirst, &v.BlackLives, &v.BlackMove}, {board.White, &v.WhiteFirst, &v.WhiteLives, &v.WhiteMove}} {
		if *t.first != Result(t.c.Opponent()) {
			continue
		}
		p, ok := a.Race.lifeByMove(t.c)
		if !ok {
			continue
		}
		*t.first, *t.lives = Neither, true
		*t.move = &Move{Color: t.c, Point: p, Region: a.regionOf(p), Lives: true}
	}
}

// after returns the cooled sum after option o of region k, and its
// verdict. Cooling adds, so the cooled sum is found from the cooled
// regions, which stay small where the sum of the games themselves can be
// costly.
func (a *Analysis) after(k int, o Option) (*cgt.Game, Verdict) {
	tb := a.Table
	rv := a.Regions[k]
	g := tb.Add(tb.Sub(a.Cooled, rv.Cooled), cool2(tb, o.Value))
	v := a.judge(g, func() []*cgt.Game {
		ps := make([]*cgt.Game, len(a.Regions))
		for i, r := range a.Regions {
			ps[i] = r.Game
		}
		ps[k] = o.Value
		return ps
	}, a.owns(k, o))
	return g, v
}

// prefer reports whether cooled sum x is strictly better for c than y.
func (a *Analysis) prefer(c board.Color, x, y *cgt.Game) bool {
	r := a.Table.Compare(x, y)
	if c == board.Black {
		return r == cgt.Greater
	}
	return r == cgt.Less
}

// Loser returns the essential block that is captured when toMove plays
// first and both sides play well, and false for a seki.
func (a *Analysis) Loser(toMove board.Color) (Block, bool) {
	res := a.Verdict.BlackFirst
	if toMove == board.White {
		res = a.Verdict.WhiteFirst
	}
	switch res {
	case BlackCaptures:
		return a.Race.White, true
	case WhiteCaptures:
		return a.Race.Black, true
	}
	return Block{}, false
}

// Evaluate is the whole analysis of the race of pos in one call, for a
// caller such as the app's race view that runs it off its UI goroutine:
// with two points, the race between the blocks holding them (NewRace);
// with none, the race Find proposes. It stops with ctx's error when ctx
// is cancelled.
func Evaluate(ctx context.Context, pos *board.Position, lim Limits, blocks ...board.Point) (*Analysis, error) {
	var r *Race
	var err error
	switch len(blocks) {
	case 0:
		r, err = Find(pos)
	case 2:
		r, err = NewRace(pos, blocks[0], blocks[1])
	default:
		return nil, fmt.Errorf("a race has two essential blocks, got %d points", len(blocks))
	}
	if err != nil {
		return nil, err
	}
	return Analyze(ctx, r, lim)
}
