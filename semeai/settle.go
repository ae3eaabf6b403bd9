package semeai

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"moyo/board"
)

// SettleKind is how a race ends when both sides play it out perfectly,
// as Settle finds it.
type SettleKind int8

// The ends Settle tells apart.
const (
	// Unsettled: the search stopped at its limit without an answer.
	Unsettled SettleKind = iota
	// Capture: one essential block is captured (Settlement.Result says
	// whose).
	Capture
	// Seki: neither block is captured, and played out the two blocks
	// share liberties that neither side can fill without being captured
	// itself.
	Seki
	// BothLive: neither block is captured, and played out the blocks
	// share no liberty: every one was filled.
	BothLive
	// Ko: the end depends on who wins a ko (Settlement.IfBlackWinsKo,
	// Settlement.IfWhiteWinsKo).
	Ko
	// NotCaptured: neither block is captured, but whether they end in
	// seki or both live was not told: playing out their shared
	// liberties reached the search's limit, or found no end.
	NotCaptured
)

// String names the kind: "capture", "seki", "both live", "ko",
// "neither captured", "unsettled".
func (k SettleKind) String() string {
	switch k {
	case Capture:
		return "capture"
	case Seki:
		return "seki"
	case BothLive:
		return "both live"
	case Ko:
		return "ko"
	case NotCaptured:
		return "neither captured"
	}
	return "unsettled"
}

// Settlement is what Settle finds of a race with one side moving first.
type Settlement struct {
	First board.Color
	Kind  SettleKind
	// Result is the end with best play: who captures, or Neither (seki,
	// both live). For a ko it is the end when First, who takes the ko
	// first, also wins it.
	Result Result
	// IfBlackWinsKo and IfWhiteWinsKo are, for a ko, the ends when Black
	// and when White win it (Black or White can answer every ko threat
	// of the other); for any other kind both equal Result.
	IfBlackWinsKo, IfWhiteWinsKo Result
	// Bound is what the search settled of the end, whatever the kos:
	// Result alone where it settled a race with no ko; the ends with
	// Black and with White winning it for a ko; and where the search
	// stopped at its limit (its error's code RefusedSearchLimit), what
	// the questions it did settle tell, such as "Black is not captured"
	// (Lo Neither) where whether he captures was not settled.
	Bound Bound
	// Move is First's first move that matters: a move that reaches
	// Result where passing does not; nil when passing reaches it too
	// (no move is needed, as in most sekis), when nothing reaches
	// better than the opponent's best, and where the search could not
	// tell within its limit whether passing reaches it (see firstMove).
	Move *board.Point
	// Nodes is the number of positions the search visited.
	Nodes int
}

// SettleLimits bound Settle's work.
type SettleLimits struct {
	// Nodes is the most positions the search of one side moving first
	// may visit (0: DefaultSettleNodes).
	Nodes int
	// MaxEmpty is the most empty points a region may have (0:
	// MaxSettleEmpty); a larger one opens onto the board, and the race is
	// refused at once.
	MaxEmpty int
}

// DefaultSettleNodes is Settle's limit of positions when
// SettleLimits.Nodes is 0: some 4 to 8 s on one core of a 2-core machine
// for a real game's race that reaches it (4.4 s for Black moving first in
// AlphaGo Zero's Fig. 5c game 1 after move 200, O3 v R2; 8.2 s for Black
// moving first in AlphaGo v AlphaGo game 5 after move 260, E19 v B14).
// Most races settle in far fewer.
const DefaultSettleNodes = 1_500_000

// MaxSettleEmpty is the most empty points a race's region may have for
// Settle to search it: a larger region is an open area of the board, not
// the liberties of a race.
const MaxSettleEmpty = 40

func (l SettleLimits) nodes() int {
	if l.Nodes > 0 {
		return l.Nodes
	}
	return DefaultSettleNodes
}

func (l SettleLimits) maxEmpty() int {
	if l.MaxEmpty > 0 {
		return l.MaxEmpty
	}
	return MaxSettleEmpty
}

// RefusalCode says why a race was not answered: a stable word that
// JSON output carries.
type RefusalCode string

// The reasons a race goes unanswered.
const (
	// RefusedOpenRegion: a region has more empty points than a race's
	// liberties do (SettleLimits.MaxEmpty): it opens onto the board.
	RefusedOpenRegion RefusalCode = "open-region"
	// RefusedSearchLimit: the search stopped at its limit of positions.
	RefusedSearchLimit RefusalCode = "search-limit"
	// RefusedCountLimit: a region has more points, or its liberty
	// counting game more positions, than the count plays out
	// (ErrTooLarge); the search may still answer.
	RefusedCountLimit RefusalCode = "too-large"
	// RefusedPositionLimit: a region's game needs more positions than
	// the limit (ErrNodeLimit); a larger limit may settle it.
	RefusedPositionLimit RefusalCode = "position-limit"
	// RefusedCountUnsound: a region's count came out for the attacker,
	// outside the model (ErrUnsound); the search may still answer.
	RefusedCountUnsound RefusalCode = "unsound"
	// RefusedWallBeyond: one move beyond the regions, on a liberty of a
	// chain next to them that the race cannot capture, changes the end
	// the search found: the answer depends on play elsewhere (see
	// SearchRace).
	RefusedWallBeyond RefusalCode = "wall-beyond"
	// RefusedNotARace: the blocks named are no race (same colour, not in
	// contact, off the board, no liberty), or none was found.
	RefusedNotARace RefusalCode = "not-a-race"
	// RefusedStopped: the analysis was cancelled.
	RefusedStopped RefusalCode = "stopped"
	// RefusedError: any other error.
	RefusedError RefusalCode = "error"
)

// RaceError is the error of a race left unanswered, with its reason code.
type RaceError struct {
	Code RefusalCode
	// Region is the index of the region at fault in Race.Regions, or −1.
	Region int
	// Beyond is, for RefusedWallBeyond, the move beyond the race that
	// changes the end; else nil.
	Beyond *board.Move
	Err    error
}

// Error returns Err's message.
func (e *RaceError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *RaceError) Unwrap() error { return e.Err }

// RefusalCodeOf returns the reason code of err, an error of NewRace,
// Analyze, Settle or Solve: a RaceError's own code, or the code of the
// sentinel it wraps (ErrTooLarge, ErrUnsound, ErrSearchLimit); "" for
// any other error (a cancellation, say).
func RefusalCodeOf(err error) RefusalCode {
	var rf *RaceError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &rf):
		return rf.Code
	case errors.Is(err, ErrSearchLimit):
		return RefusedSearchLimit
	case errors.Is(err, ErrNodeLimit): // before ErrTooLarge, which it wraps
		return RefusedPositionLimit
	case errors.Is(err, ErrTooLarge):
		return RefusedCountLimit
	case errors.Is(err, ErrUnsound):
		return RefusedCountUnsound
	}
	return ""
}

// Settle searches race r with first moving first and says how it ends:
// who is captured, seki, both live, or a ko (who wins it decides); with
// first's move that matters. The search plays every sequence of moves on
// the race's regions (their empty points, and the points of loose stones
// there once captured; a wall captured around them leaves its points
// empty, unplayed, as in the count's games) under the rules of Go
// (captures, suicide forbidden, simple ko, a position may not repeat on
// a line), with passes; two passes end a line with neither block
// captured, and a block with a liberty outside the regions cannot be
// captured, as no move is played there. It is a depth-first
// search of two questions, can Black reach a capture and can Black
// avoid being captured, each an AND/OR tree cut as soon as one move
// answers it, with a transposition table, liberty-based move ordering
// (captures, escapes from atari, joining a chain with liberties outside
// the race or keeping the opponent from joining one, the opponent's
// liberties, one's own), points that are interchangeable (such as the
// plain liberties of a block against a wall) played once for all
// (classes), and
// life and death at the leaves: a block alive by Benson's test cannot be
// captured, nor can one that lives by its own regions (areas it walls
// in, with any of the opponent's chains that the race cannot capture)
// whatever the opponent plays there, which a search of those
// regions alone finds at the start (ownLife), and a block whose only
// liberties are one eye of a dead shape (one to three points in a row or
// bent, a square four, a pyramid four, a bulky five, a flower five, a
// rabbity six, the attacker to move; a square four whoever moves) inside
// an attacker alive by Benson's test is captured. A depth-first search
// and a proof-number search take turns at each question, with limits
// that double each turn (ask). A ko is searched first with first's
// opponent able to answer every ko threat (a ko retaken at once, as
// after an exchange of threats): where first captures even so, or no ko
// is met, no ko matters; else again with first winning every ko, and
// where the two ends differ the race is a ko.
//
// A region of more than lim.MaxEmpty empty points is refused at once
// with RefusedOpenRegion; a search past lim.Nodes positions with
// RefusedSearchLimit (wrapping ErrSearchLimit), the Settlement's Bound
// then saying what the search did settle (the two questions share the
// limit: see value). It stops with ctx's error when ctx is cancelled.
func Settle(ctx context.Context, r *Race, first board.Color, lim SettleLimits) (Settlement, error) {
	if err := openRegion(r, lim); err != nil {
		return Settlement{First: first}, err
	}
	if first != board.Black && first != board.White {
		return Settlement{First: first}, fmt.Errorf("moving first: %w", board.ErrNotAPlayer)
	}
	own, err := ownLife(ctx, r)
	if err != nil {
		return Settlement{First: first}, err
	}
	ss := settleSearches{own: own}
	return ss.settle(ctx, r, first, lim)
}

// SettleBoth is Settle with Black and with White moving first, the two
// searches side by side (on two cores, in the time of the longer). When
// one fails other than at its limit, the other is stopped; the error is
// the failed one's, and each Settlement's Bound says what its side's
// search did settle.
func SettleBoth(ctx context.Context, r *Race, lim SettleLimits) ([2]Settlement, error) {
	var out [2]Settlement
	out[0].First, out[1].First = board.Black, board.White
	if err := openRegion(r, lim); err != nil {
		return out, err
	}
	own, err := ownLife(ctx, r)
	if err != nil {
		return out, err
	}
	both, stop := context.WithCancel(ctx)
	defer stop()
	var errs [2]error
	var wg sync.WaitGroup
	for k, c := range []board.Color{board.Black, board.White} {
		wg.Go(func() {
			// Each side its own searches: the two share little (only
			// the search with a ko won by the side that is the other's
			// opponent), and a table is not safe for concurrent use.
			ss := settleSearches{own: own}
			// A side stopped at its limit leaves the other to finish:
			// what that settles is told.
			if out[k], errs[k] = ss.settle(both, r, c, lim); errs[k] != nil && RefusalCodeOf(errs[k]) != RefusedSearchLimit {
				stop()
			}
		})
	}
	wg.Wait()
	// The side stopped because the other failed reports the other's
	// error, not its own cancellation.
	for k, c := range []board.Color{board.Black, board.White} {
		if errs[k] != nil && (ctx.Err() != nil || errs[1-k] == nil || !errors.Is(errs[k], context.Canceled)) {
			return out, fmt.Errorf("%s moving first: %w", c.Name(), errs[k])
		}
	}
	return out, nil
}

// openRegion refuses a race with a region of more than lim's empty
// points.
func openRegion(r *Race, lim SettleLimits) error {
	for k, g := range r.Regions {
		if g.Empty > lim.maxEmpty() {
			return &RaceError{Code: RefusedOpenRegion, Region: k, Err: fmt.Errorf("the %s region at %s has %d empty points, more than the %d of a race's liberties: it opens onto the board", g.Kind, label(r.Pos, g.Points[0]), g.Empty, lim.maxEmpty())}
		}
	}
	return nil
}

// settleSearches are the searches of one race, kept between the sides
// moving first: one with Black winning every ko, one with White.
type settleSearches struct {
	black, white *settler
	// own are the searches of the blocks' own regions where they live
	// by them (ownLife), Black's and White's.
	own [2][]*ownSearch
	// fills is the most moves seki plays out (0: the board's points).
	fills int
}

// settle is Settle for a race whose regions have been checked.
func (ss *settleSearches) settle(ctx context.Context, r *Race, first board.Color, lim SettleLimits) (Settlement, error) {
	st := Settlement{First: first}
	get := func(c board.Color) *settler {
		p := &ss.black
		if c == board.White {
			p = &ss.white
		}
		if *p == nil {
			*p = newSettler(r, c)
			(*p).own = ss.own
		}
		(*p).ctx, (*p).limit, (*p).nodes = ctx, lim.nodes(), 0
		return *p
	}
	// First the search in which the opponent wins every ko: where first
	// captures even so, or no ko is met, no ko matters.
	opp := get(first.Opponent())
	lo, hi, err := opp.value(first, Bound{})
	st.Nodes = opp.nodes
	if err != nil {
		// The opponent winning every ko is the worst first can meet: the
		// bound on first's side holds whatever the kos, the other only
		// where none was met.
		switch {
		case !opp.koMet:
		case first == board.Black:
			hi = BlackCaptures
		default:
			lo = WhiteCaptures
		}
		st.Bound = NewBound(lo, hi)
		return st, settleError(err)
	}
	resOpp := lo
	own, resOwn := opp, resOpp
	if opp.koMet && resOpp != Result(first) {
		// first winning every ko reaches at least what he reaches losing
		// them.
		own = get(first)
		own.adopt(opp)
		known := NewBound(resOpp, BlackCaptures)
		if first == board.White {
			known = NewBound(WhiteCaptures, resOpp)
		}
		lo, hi, err = own.value(first, known)
		st.Nodes += own.nodes
		if err != nil {
			// Between what first reaches losing every ko and the most he
			// may reach winning them.
			st.Bound = NewBound(resOpp, hi)
			if first == board.White {
				st.Bound = NewBound(lo, resOpp)
			}
			return st, settleError(err)
		}
		resOwn = lo
	}
	res, resW := resOwn, resOpp
	if first == board.White {
		res, resW = resOpp, resOwn
	}
	st.IfBlackWinsKo, st.IfWhiteWinsKo, st.Result = res, resW, resOwn
	st.Bound = NewBound(min(res, resW), max(res, resW))
	n0 := own.nodes
	move, err := own.firstMove(first, st.Result)
	st.Nodes += own.nodes - n0
	if err != nil {
		return st, settleError(err)
	}
	st.Move = move
	switch {
	case res != resW:
		st.Kind = Ko
	case res != Neither:
		st.Kind = Capture
	default:
		// The end is settled: telling a seki from two blocks that live
		// gets a limit of its own.
		own.limit = own.nodes + lim.nodes()
		seki, err := own.seki(first, move, cmp.Or(ss.fills, r.Pos.Len()))
		switch {
		case limited(err) && !errors.Is(ctx.Err(), context.Canceled):
			// The end stands; only its name is not known.
			st.Kind = NotCaptured
		case err != nil:
			return st, settleError(err)
		case seki:
			st.Kind = Seki
		default:
			st.Kind = BothLive
		}
	}
	return st, nil
}

// settleError gives a search's limit its refusal code.
func settleError(err error) error {
	if errors.Is(err, ErrSearchLimit) {
		return &RaceError{Code: RefusedSearchLimit, Region: -1, Err: err}
	}
	return err
}

// settler is the search of one race with one side winning every ko.
type settler struct {
	ctx          context.Context
	limit, nodes int
	race         *Race
	start        *board.Position
	// moves are the points where a move may be played: the regions'
	// points.
	moves []int
	// keyPts are the points a position is keyed by: moves, a stone of
	// each essential block, and the stones of the chains around the
	// regions whose liberties all lie in the race (a capture can empty
	// them).
	keyPts       []int
	zob          [][2]uint64 // Black's and White's number of each key point
	zobKo        []uint64    // by board point
	zobWhite     uint64      // White to move
	zobPass      uint64      // the last move a pass
	black, white int         // a stone of each essential block
	// koWinner may retake a ko at once (as after an exchange of ko
	// threats); koMet records that a ko was met, or an answer found
	// where one was (in search and mid, below the position at hand).
	koWinner board.Color
	koMet    bool

	memo  map[uint64]memoEntry
	held  heldKeys       // the keys of memo and pn (see remember)
	path  map[uint64]int // positions of the line (stones and ko), by depth+1
	depth int
	// lowRep is the least depth of a position of the line that a move of
	// the subtree under way would have repeated: a result found under
	// that ban depends on the line, and is not remembered.
	lowRep int

	scratch []*board.Position
	order   [][]int
	scores  [][]int32
	life    board.Life
	// aliveAt[d] is whether each block (Black's, White's) was found
	// uncapturable at depth d of the line, for bounds.
	aliveAt [][2]bool
	// blocks are the essential blocks' stones and liberties (Black's,
	// White's) in the position at hand, filled once a position
	// (fillBlocks) for its bounds and its order of moves; stamp are the
	// fills' stamps. stack and eye are vitalRegion's and nakadeDead's.
	blocks [2]board.Flood
	stamp  [2]int32
	stack  []int
	eye    []int
	// own are the searches of the blocks' own regions where they live
	// by them, Black's and White's: a position whose regions are as one
	// of them found is one where the block cannot be captured. threats
	// are ordered's: those where the mover to order is the attacker, and
	// the block lives by the regions as they are.
	own     [2][]*ownSearch
	threats []*ownSearch
	// inMoves[i] is set on the points of moves.
	inMoves []bool
	// outsideAt[i] is set on the stones of chains that had a liberty
	// outside the moves at the start: joining one is out of the race.
	outsideAt []bool
	// classOf[i] is the class of interchangeable points i belongs to, or
	// −1 (see classes); classStamp[c] == orderStamp marks a class whose
	// first empty point ordered has taken.
	classOf    []int
	classStamp []int32
	orderStamp int32
	// keyClass[k] is the class of key point k, or −1; zobClass[c] the
	// numbers of each count of Black's and White's stones on class c.
	keyClass []int
	zobClass [][][]uint64
	// keyOf[i] is the index in keyPts of board point i, or −1; hashClass[k]
	// the class key point k is counted in by hash (keyClass where it is
	// below maxHashClasses), or −1; classKeys[c] the key points counted in
	// class c. mark, markStamp, classMark, dirty and flood are rehash's.
	keyOf     []int32
	hashClass []int
	classKeys [][]int32
	mark      []int32
	markStamp int32
	classMark []int32
	dirty     []int
	flood     []int
	// pn keeps the proof and disproof numbers of the positions prove has
	// left unanswered; pnKids and pnPos are its moves and their positions
	// by depth.
	pn     map[uint64]pnEntry
	pnKids [][]pnChild
	pnPos  [][]*board.Position
	// history[side][i] counts the answers move i gave (weighted by the
	// moves it spared), for the order of moves.
	history [2][]int32
	// region[i] is the stamp of the flood of chainLife's that last met
	// point i.
	region      []int32
	regionStamp int32
	// wall is wallLives' fill of a chain next to a region of the block's,
	// and walls a stone of each such chain that vitalRegion met;
	// wallSeen[i] is the stamp of the call of chainLife in which wallLives
	// judged point i's chain, and wallOK[i] its answer. wallRegion and
	// wallStamp are region and regionStamp for those chains' regions,
	// flooded apart from the block's: a region may be vital to one chain
	// and not to another.
	wall       board.Flood
	walls      []int
	wallSeen   []int32
	wallOK     []bool
	wallRegion []int32
	wallStamp  int32
	// adj is nakadeDead's fill of an opponent's chain next to the block;
	// adjMark[i] == adjStamp marks the stones of those it has filled.
	adj      board.Flood
	adjMark  []int32
	adjStamp int32
}

// memoEntry is what the table remembers of a position: for each
// question (Black reaches ≥ Neither, Black reaches a capture) whether it
// is known and its answer, and the move that answered last.
type memoEntry struct {
	known, yes [2]bool
	// ko is whether the answer may depend on who wins the kos: a ko was
	// met where it was found, or an answer that was.
	ko   [2]bool
	move int16 // board index + 1; 0 none
}

// answer returns the table's answer to question q, if it has one (a safe
// Black answers question 0; Black's capture, question 1), and whether it
// may depend on who wins the kos.
func (e memoEntry) answer(q int) (yes, known, ko bool) {
	switch {
	case e.known[q]:
		return e.yes[q], true, e.ko[q]
	case q == 0 && e.known[1] && e.yes[1]:
		return true, true, e.ko[1]
	case q == 1 && e.known[0] && !e.yes[0]:
		return false, true, e.ko[0]
	}
	return false, false, false
}

func newSettler(r *Race, koWinner board.Color) *settler {
	pos := r.Pos
	s := &settler{race: r, start: pos.Clone(), black: r.Black.Anchor(), white: r.White.Anchor(), koWinner: koWinner,
		memo: map[uint64]memoEntry{}, path: map[uint64]int{}}
	in := r.points()
	for _, g := range r.Regions {
		s.moves = append(s.moves, g.Points...)
	}
	slices.Sort(s.moves)
	s.inMoves = make([]bool, pos.Len())
	for _, i := range s.moves {
		s.inMoves[i] = true
	}
	s.keyPts = append(slices.Clone(s.moves), s.black, s.white)
	// The stones of a chain around the regions whose liberties all lie
	// in them can be captured: they are keyed, so that a position with
	// them taken is not one with them on the board, but no move is
	// played on their points, as the count's games play none (letting
	// both sides play there, a real game's race of 8 empty points went
	// from 4,600 positions to more than a million, the capture opening a
	// new area to fight in).
	chains, id := pos.Chains()
	essential := map[int]bool{id[s.black]: true, id[s.white]: true}
	added := map[int]bool{}
	for _, g := range r.Regions {
		for _, i := range g.Points {
			for _, j := range pos.Neighbors(i) {
				c := id[j]
				if c < 0 || in[j] || essential[c] || added[c] {
					continue
				}
				added[c] = true
				if !slices.ContainsFunc(chains[c].Liberties, func(l int) bool { return !in[l] }) {
					s.keyPts = append(s.keyPts, chains[c].Stones...)
				}
			}
		}
	}
	// Fixed numbers: the same race keys its positions alike in every run.
	rng := rand.New(rand.NewPCG(0x5e4ea1, 0x5e771e))
	s.zob = make([][2]uint64, len(s.keyPts))
	for k := range s.zob {
		s.zob[k] = [2]uint64{rng.Uint64(), rng.Uint64()}
	}
	s.zobKo = make([]uint64, pos.Len())
	for k := range s.zobKo {
		s.zobKo[k] = rng.Uint64()
	}
	s.zobWhite, s.zobPass = rng.Uint64(), rng.Uint64()
	s.outsideAt = make([]bool, pos.Len())
	for _, ch := range chains {
		if slices.ContainsFunc(ch.Liberties, func(l int) bool { return !s.inMoves[l] }) {
			for _, i := range ch.Stones {
				s.outsideAt[i] = true
			}
		}
	}
	s.history = [2][]int32{make([]int32, pos.Len()), make([]int32, pos.Len())}
	s.classes(chains, id)
	s.keyClass = make([]int, len(s.keyPts))
	for k, i := range s.keyPts {
		s.keyClass[k] = s.classOf[i]
	}
	s.zobClass = make([][][]uint64, len(s.classStamp))
	for c := range s.zobClass {
		n := 0
		for _, i := range s.moves {
			if s.classOf[i] == c {
				n++
			}
		}
		s.zobClass[c] = make([][]uint64, n+1)
		for b := range s.zobClass[c] {
			s.zobClass[c][b] = make([]uint64, n+1)
			for w := range s.zobClass[c][b] {
				s.zobClass[c][b][w] = rng.Uint64()
			}
		}
	}
	s.keyOf = make([]int32, pos.Len())
	for i := range s.keyOf {
		s.keyOf[i] = -1
	}
	s.hashClass = make([]int, len(s.keyPts))
	s.classKeys = make([][]int32, min(len(s.zobClass), maxHashClasses))
	for k, i := range s.keyPts {
		s.keyOf[i] = int32(k)
		s.hashClass[k] = -1
		if c := s.keyClass[k]; c >= 0 && c < len(s.classKeys) {
			s.hashClass[k] = c
			s.classKeys[c] = append(s.classKeys[c], int32(k))
		}
	}
	s.mark = make([]int32, pos.Len())
	s.classMark = make([]int32, len(s.classKeys))
	return s
}

// value returns the race's end with first moving first, within the
// bound known, or where the search stops at its limit the bound that the
// question it settled puts on it (lo ≤ end ≤ hi, Black positive) with
// the limit's error. The two questions, whether the mover reaches the
// end he hopes for (for Black, whether he captures; for White, whether
// Black's block is captured) and whether the other side does, take
// turns, each turn's limit of positions twice the last's, the table
// keeping what both found, until the end is decided. A question settled
// in milliseconds then decides the end, or bounds it, however long the
// other would take (asked one after the other, the first question of a
// real game's race used the whole limit where the second would have
// decided it); and turns of positions, not of time, keep what the search
// finds from depending on the time it is given, but for where it stops.
func (s *settler) value(first board.Color, known Bound) (lo, hi Result, err error) {
	lo, hi = known.Lo(), known.Hi()
	pos := s.start.Clone()
	if err := pos.SetToMove(first); err != nil {
		return lo, hi, err
	}
	qs := [2]Result{Neither, BlackCaptures} // White hopes Black is not safe
	if first == board.Black {
		qs = [2]Result{BlackCaptures, Neither}
	}
	// A question the bound known answers is not asked.
	answered := [2]bool{}
	for k, t := range qs {
		answered[k] = lo >= t || hi < t
	}
	limit := s.limit
	defer func() { s.limit = limit }()
	var stopped error
	for n := askFirst; lo != hi && stopped == nil; n *= 2 {
		for k, t := range qs {
			if answered[k] || lo == hi || stopped != nil {
				continue
			}
			if s.nodes >= limit {
				stopped = fmt.Errorf("the search visited more than %d positions: %w", limit, ErrSearchLimit)
				continue
			}
			s.limit = min(limit, s.nodes+n)
			yes, err := s.ask(pos, false, t)
			switch {
			case err == nil:
			case limited(err) && s.limit < limit && s.ctx.Err() == nil:
				continue // this turn's share: the next turn goes on
			case limited(err):
				stopped = err
				continue
			case s.ctx.Err() != nil:
				return lo, hi, s.ctx.Err()
			default:
				return lo, hi, err
			}
			answered[k] = true
			switch {
			case t == BlackCaptures && yes:
				lo, hi = BlackCaptures, BlackCaptures
			case t == BlackCaptures:
				hi = min(hi, Neither)
			case yes:
				lo = max(lo, Neither)
			default:
				lo, hi = WhiteCaptures, WhiteCaptures
			}
		}
	}
	if lo != hi {
		if errors.Is(stopped, context.DeadlineExceeded) {
			stopped = fmt.Errorf("the search ran out of time after %d positions: %w", s.nodes, ErrSearchLimit)
		}
		return lo, hi, stopped
	}
	return lo, hi, nil
}

// ask answers question t (does Black reach an end of at least t) from
// pos, first move to play, within s's limit and ctx: by two searches
// taking turns, the depth-first search (search) and the proof-number
// search (prove), each turn's limit of positions twice the last's from
// askFirst on, until one answers or s's limit or time runs out. The two
// share the table of answers, and the proof-number search keeps its
// numbers, so a turn goes on from what the last found. The depth-first
// search, with its order of moves, settles the composed races in the
// fewest positions, most in its first turn; the proof-number search,
// which turns from a move whose subtree grows to the next best, settles
// more of the real games' races, where a group with room for eyes lives
// by one of many answers (Li Long v Terminator after move 240, race #2,
// White first, is one the depth-first search alone does not settle in
// seconds). Turns of positions, not of time, keep what a search finds
// from depending on the time it is given, but for where it stops.
func (s *settler) ask(pos *board.Position, passed bool, t Result) (bool, error) {
	limit := s.limit
	defer func() { s.limit = limit }()
	for n := askFirst; ; n *= 2 {
		for _, proof := range [2]bool{false, true} {
			s.limit = min(limit, s.nodes+n)
			var yes bool
			var err error
			if proof {
				yes, err = s.prove(pos, passed, t)
			} else {
				s.depth, s.lowRep = 0, 1<<30
				yes, err = s.search(pos, s.hash(pos), passed, t)
			}
			if !limited(err) || s.limit == limit || s.ctx.Err() != nil {
				return yes, err
			}
		}
	}
}

// askFirst is the limit of positions of ask's first turn: a few
// milliseconds of the depth-first search.
const askFirst = 4096

// reaches reports whether c reaches want or better (for c) from pos, the
// player to move there (passed: the last move was a pass): one question
// of ask's.
func (s *settler) reaches(pos *board.Position, passed bool, c board.Color, want Result) (bool, error) {
	if c == board.Black {
		return s.ask(pos, passed, want)
	}
	if want == BlackCaptures {
		return true, nil
	}
	better, err := s.ask(pos, passed, want+1)
	return !better, err
}

// valueAt returns the end of the race from pos (passed: the last move
// was a pass), asking first what the mover hopes for: an early yes cuts
// the most.
func (s *settler) valueAt(pos *board.Position, passed bool) (Result, error) {
	if pos.ToMove() == board.Black {
		capt, err := s.ask(pos, passed, BlackCaptures)
		if err != nil || capt {
			return BlackCaptures, err
		}
		safe, err := s.ask(pos, passed, Neither)
		if err != nil || safe {
			return Neither, err
		}
		return WhiteCaptures, nil
	}
	safe, err := s.ask(pos, passed, Neither)
	if err != nil || !safe {
		return WhiteCaptures, err
	}
	capt, err := s.ask(pos, passed, BlackCaptures)
	if err != nil || capt {
		return BlackCaptures, err
	}
	return Neither, nil
}

// firstMove returns c's move from the start that reaches want, where
// passing does not: nil when passing reaches it too, when c has no move
// that does, and when c loses whatever he plays. Whether passing reaches
// want is asked last, within a share of the search's limit (passSearch):
// where that share (or the search's limit or deadline) does not settle
// it, no move is named, as the search cannot tell whether one is needed;
// nor where the limit is reached before a move that reaches want is
// found.
func (s *settler) firstMove(c board.Color, want Result) (*board.Point, error) {
	if want == Result(c.Opponent()) {
		return nil, nil // lost whatever c plays: no move matters
	}
	pos := s.start.Clone()
	pos.SetToMove(c)
	next := pos.Clone()
	start := s.nodes
	s.fillBlocks(pos)
	order := s.ordered(pos, 0, s.bestMove(pos), false)
	found := -1
	for _, i := range slices.Clone(order) {
		next.CopyFrom(pos)
		if !s.play(next, c, i) {
			continue
		}
		ok, err := s.reaches(next, false, c, want)
		if limited(err) {
			return nil, nil // which move reaches want is not known
		}
		if err != nil {
			return nil, err
		}
		if ok {
			found = i
			break
		}
	}
	if found < 0 {
		return nil, nil
	}
	next.CopyFrom(pos)
	next.Play(board.Move{Color: c, Pass: true})
	limit := s.limit
	s.limit = min(limit, s.nodes+max(passSearch, 4*(s.nodes-start)))
	ok, err := s.reaches(next, true, c, want)
	s.limit = limit
	switch {
	case limited(err):
		return nil, nil
	case err != nil:
		return nil, err
	case ok:
		return nil, nil
	}
	p := pos.PointOf(found)
	return &p, nil
}

// limited reports whether err stopped a search at its limit of positions
// or of time (not because it was cancelled).
func limited(err error) bool {
	return errors.Is(err, ErrSearchLimit) || errors.Is(err, context.DeadlineExceeded)
}

// passSearch is the fewest positions firstMove gives the search of a
// pass: some 0.2 s.
const passSearch = 200_000

// bestMove returns the move the table remembers as the last answer at
// pos (the line's start, no pass before it), or −1.
func (s *settler) bestMove(pos *board.Position) int {
	key := s.hash(pos)
	if pos.ToMove() == board.White {
		key ^= s.zobWhite
	}
	return int(s.memo[key].move) - 1
}

// seki reports whether a race that ends with neither block captured,
// first moving first, is a seki: played out, the two blocks still share
// liberties that neither side can fill without its block then being
// captured. From first's move (move, or none where none is needed) each
// side in turn fills a liberty after which best play does not capture
// its block, a shared one if it can, else one of the other block's own,
// or passes, until both pass: a seki where shared liberties are left.
// The start alone does not tell: with 4 shared liberties and 3 each,
// filling the first is not yet fatal, filling the last two is. A
// play-out that has not ended after most moves (captures can give back
// the liberties filled) tells neither, and says so with ErrSearchLimit.
func (s *settler) seki(first board.Color, move *board.Point, most int) (bool, error) {
	at := s.start.Clone()
	at.SetToMove(first)
	if move != nil && !s.play(at, first, at.Index(*move)) {
		return false, nil
	}
	if move == nil {
		at.SetToMove(first.Opponent())
	}
	var chains board.Chains
	for passes, steps := 0, 0; ; steps++ {
		shared, alone := s.fills(at, &chains)
		switch {
		case len(shared) == 0:
			return false, nil
		case passes == 2:
			return true, nil
		case steps > most:
			return false, fmt.Errorf("playing out the fills of the shared liberties found no end in %d moves, so whether the blocks end in seki or both live was not told: %w", most, ErrSearchLimit)
		}
		c := at.ToMove()
		next, err := s.safeFill(at, append(shared, alone...))
		if err != nil {
			return false, err
		}
		if next == nil {
			passes++
			at.SetToMove(c.Opponent())
			continue
		}
		at, passes = next, 0
	}
}

// safeFill returns the position after the player to move fills the
// first of pts after which best play does not capture his block, or nil
// where none is.
func (s *settler) safeFill(pos *board.Position, pts []int) (*board.Position, error) {
	c := pos.ToMove()
	for _, i := range pts {
		next := pos.Clone()
		if !s.play(next, c, i) {
			continue
		}
		captured, err := s.reaches(next, false, c.Opponent(), Result(c.Opponent()))
		if err != nil || !captured {
			return next, err
		}
	}
	return nil, nil
}

// fills returns the liberties that Black's and White's essential blocks
// share in pos, and those the block of the player not to move alone has,
// found with chains; none where a block is captured.
func (s *settler) fills(pos *board.Position, chains *board.Chains) (shared, alone []int) {
	if pos.Cell(s.black) == board.Empty || pos.Cell(s.white) == board.Empty {
		return nil, nil
	}
	chains.Find(pos)
	b, w := chains.Liberties.At(int(chains.Of[s.black])), chains.Liberties.At(int(chains.Of[s.white]))
	if pos.ToMove() == board.White {
		b, w = w, b
	}
	for _, l := range w {
		if slices.Contains(b, l) {
			shared = append(shared, int(l))
		} else {
			alone = append(alone, int(l))
		}
	}
	slices.Sort(shared)
	slices.Sort(alone)
	return shared, alone
}

// play plays c at i in pos, where i is empty: false when the move is not
// legal. The side that wins every ko may retake one at once, as after an
// exchange of ko threats.
func (s *settler) play(pos *board.Position, c board.Color, i int) bool {
	err := pos.PlayIndex(c, i)
	if err == nil {
		return true
	}
	if !errors.Is(err, board.ErrKo) {
		return false
	}
	s.koMet = true
	if c != s.koWinner {
		return false
	}
	pos.SetToMove(c.Opponent()) // the threat and its answer clear the ko
	pos.SetToMove(c)
	return pos.PlayIndex(c, i) == nil
}

// threat reports whether i is a point of the own regions of a search
// in s.threats.
func (s *settler) threat(i int) bool {
	for _, o := range s.threats {
		if o.holds[i] {
			return true
		}
	}
	return false
}

// question indexes memoEntry by the threshold t: Black reaches ≥ t.
func question(t Result) int {
	if t > Neither {
		return 1
	}
	return 0
}

// search reports whether Black reaches an end of at least t (Neither or
// BlackCaptures) from pos, with best play by both.
func (s *settler) search(pos *board.Position, stones uint64, passed bool, t Result) (bool, error) {
	if pos.Cell(s.black) == board.Empty {
		return WhiteCaptures >= t, nil
	}
	if pos.Cell(s.white) == board.Empty {
		return true, nil
	}
	s.nodes++
	if s.nodes > s.limit {
		return false, fmt.Errorf("the search visited more than %d positions: %w", s.limit, ErrSearchLimit)
	}
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	key := stones
	if pos.ToMove() == board.White {
		key ^= s.zobWhite
	}
	if passed {
		key ^= s.zobPass
	}
	q := question(t)
	e := s.memo[key]
	if yes, known, ko := e.answer(q); known {
		s.koMet = s.koMet || ko
		return yes, nil
	}
	// Whether this position's answer may depend on the kos: koMet from
	// here on is this position's, and the line's again on the way out.
	outer := s.koMet
	s.koMet = false
	defer func() { s.koMet = s.koMet || outer }()
	// Life and death at the leaf: bounds on the end.
	s.fillBlocks(pos)
	lo, hi := s.bounds(pos, s.depth)
	if lo >= t || hi < t {
		ans := lo >= t
		e.known[q], e.yes[q], e.ko[q] = true, ans, false
		s.remember(key, e)
		return ans, nil
	}
	depth, entry := s.enter(stones)
	defer s.leave(entry)
	me := pos.ToMove()
	want := me == board.Black // the answer the mover hopes for
	if depth == len(s.order) {
		s.order = append(s.order, make([]int, 0, len(s.moves)))
		s.scores = append(s.scores, make([]int32, 0, len(s.moves)))
		s.scratch = append(s.scratch, pos.Clone())
	}
	// The mover defends where the question's yes is the opponent's
	// capture: Black asking to be safe, White to escape Black's capture.
	defend := (me == board.Black) == (q == 0)
	order := s.ordered(pos, depth, int(e.move)-1, defend)
	next := s.scratch[depth]
	ans, bestMove := !want, -1
	// Neither block captured is all the mover needs (he defends at this
	// question's threshold): after the opponent's pass his own pass ends
	// the line so, and no move need be tried. (Trying the pass first
	// where the opponent has not passed cost more than it saved: the
	// opponent, moving twice, searches his captures in full.)
	if (Neither >= t) == want && passed {
		ans, order = want, nil
	}
	for _, i := range order {
		next.CopyFrom(pos)
		if !s.play(next, me, i) {
			continue
		}
		h := s.rehash(stones, pos, next, i)
		if d := s.path[h]; d > 0 {
			s.lowRep = min(s.lowRep, d-1)
			continue // a position may not repeat
		}
		r, err := s.search(next, h, false, t)
		if err != nil {
			return false, err
		}
		if r == want {
			ans, bestMove = want, i
			s.history[side(me)][i] += int32(min(64, len(order)))
			break
		}
	}
	if ans != want {
		if passed {
			ans = Neither >= t
		} else {
			next.CopyFrom(pos)
			next.Play(board.Move{Color: me, Pass: true})
			r, err := s.search(next, s.rehash(stones, pos, next, -1), true, t)
			if err != nil {
				return false, err
			}
			ans = r
		}
	}
	if s.lowRep >= depth {
		e = s.memo[key]
		e.known[q], e.yes[q], e.ko[q] = true, ans, s.koMet
		if bestMove >= 0 {
			e.move = int16(bestMove + 1)
		}
		s.remember(key, e)
	}
	return ans, nil
}

// adopt puts in s's table of answers the answers of from's, the same
// race's search with the other side winning every ko, that do not depend
// on who wins the kos: where no ko was met, the moves and the answers are
// the same whoever wins them.
func (s *settler) adopt(from *settler) {
	for key, e := range from.memo {
		var a memoEntry
		for q := range a.known {
			if e.known[q] && !e.ko[q] {
				a.known[q], a.yes[q] = true, e.yes[q]
			}
		}
		if a.known != [2]bool{} {
			a.move = e.move
			s.remember(key, a)
		}
	}
}

// answerAt returns the table of answers' entry under key, and whether
// there is one.
func (s *settler) answerAt(key uint64) (memoEntry, bool) {
	if !s.held.mayHold(key) {
		return memoEntry{}, false
	}
	e, ok := s.memo[key]
	return e, ok
}

// remember puts e in the table of answers under key.
func (s *settler) remember(key uint64, e memoEntry) {
	s.memo[key] = e
	s.hold(key)
}

// hold notes in the filter a key just put in memo or pn.
func (s *settler) hold(key uint64) {
	s.held.add(key, len(s.memo)+len(s.pn), s.eachKey)
}

// eachKey calls put with every key of the tables, memo's and pn's.
func (s *settler) eachKey(put func(uint64)) {
	for k := range s.memo {
		put(k)
	}
	for k := range s.pn {
		put(k)
	}
}

// lineEntry is what enter changed, for leave to undo.
type lineEntry struct {
	stones   uint64
	outerRep int
	onLine   bool
}

// enter puts the position whose stones hash to stones on the line (the
// positions a move may not repeat), where it is not yet, and goes a move
// deeper with a fresh lowRep; it returns the position's depth. The
// caller defers leave with what it returns. Both searches enter a
// position so before its moves.
func (s *settler) enter(stones uint64) (int, lineEntry) {
	e := lineEntry{stones: stones, outerRep: s.lowRep, onLine: s.path[stones] == 0}
	if e.onLine {
		s.path[stones] = s.depth + 1
	}
	depth := s.depth
	s.depth++
	s.lowRep = 1 << 30
	return depth, e
}

// leave undoes enter, keeping the least depth a move below it repeated.
func (s *settler) leave(e lineEntry) {
	if e.onLine {
		delete(s.path, e.stones)
	}
	s.depth--
	s.lowRep = min(e.outerRep, s.lowRep)
}

// ordered returns the moves to try at pos, best first, in s.order[depth]:
// the remembered best move (tt, −1 for none), then those that capture the
// opponent's block, save one's own in atari, join one's block to a chain
// with liberties outside the race (defend: the mover only needs his
// block not captured) or keep the opponent's from joining one, take a
// liberty of the opponent's block, add one to one's own; then the rest.
// Of a class of interchangeable points only the first empty one is
// listed, and none in the own regions of a block that lives by them as
// they are (ownSearch.known), the mover its attacker, but a liberty of
// the mover's block. The blocks must have been filled (fillBlocks).
func (s *settler) ordered(pos *board.Position, depth, tt int, defend bool) []int {
	me := pos.ToMove()
	// Each block its own fill: a liberty they share is both's.
	mf, tf := &s.blocks[0], &s.blocks[1]
	ms, ts := s.stamp[0], s.stamp[1]
	if me == board.White {
		mf, tf, ms, ts = tf, mf, ts, ms
	}
	theirLibs, myLibs := 0, 0
	for _, i := range s.moves {
		if tf.Liberty(i, ts) {
			theirLibs++
		}
		if mf.Liberty(i, ms) {
			myLibs++
		}
	}
	for len(s.order) <= depth {
		s.order = append(s.order, make([]int, 0, len(s.moves)))
		s.scores = append(s.scores, make([]int32, 0, len(s.moves)))
		s.scratch = append(s.scratch, pos.Clone())
	}
	order, scores := s.order[depth][:0], s.scores[depth][:0]
	s.orderStamp++
	// In the own regions of a block that lives by them as they are, with
	// me its attacker to move, a move of mine is a threat its owner
	// answers there, changing nothing else (where no line of their search
	// took a wall): I may as well pass. Not where the regions hold a
	// liberty of my block: a stone there can join my block to a chain
	// that lives outside.
	threats := s.threats[:0]
	for _, os := range s.own {
		for _, o := range os {
			if o.c != me && !o.tookWall && !slices.ContainsFunc(o.pts, func(p int) bool { return mf.Liberty(p, ms) }) && o.known(pos) {
				threats = append(threats, o)
			}
		}
	}
	s.threats = threats
	for _, i := range s.moves {
		// A liberty of my block is no mere threat: it changes the race;
		// nor is a capture, which gives liberties outside the regions
		// (taking the last liberty of a wall, the own search's Benson
		// test may never have played it).
		if pos.Cell(i) != board.Empty || s.threat(i) && !mf.Liberty(i, ms) && !pos.CapturesAt(me, i) {
			continue
		}
		if c := s.classOf[i]; c >= 0 {
			// The first empty point of a class stands for them all.
			if s.classStamp[c] == s.orderStamp {
				continue
			}
			s.classStamp[c] = s.orderStamp
		}
		var sc int32
		switch {
		case i == tt:
			sc = 1 << 20
		case tf.Liberty(i, ts) && theirLibs == 1:
			sc = 1 << 18
		case mf.Liberty(i, ms) && myLibs == 1:
			sc = 1 << 17
		case defend && mf.Liberty(i, ms) && s.joinsOut(pos, i, me):
			sc = 1<<17 - 1
		case !defend && tf.Liberty(i, ts) && s.joinsOut(pos, i, me.Opponent()):
			sc = 1<<17 - 1
		case tf.Liberty(i, ts):
			sc = 1<<16 - int32(theirLibs)
		case mf.Liberty(i, ms):
			sc = 1 << 14
		}
		// Then the moves that answered most often (the history
		// heuristic), and points next to more stones: approach moves
		// and fills before moves in open space.
		sc += min(s.history[side(me)][i], 1<<13) / 2
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) != board.Empty {
				sc++
			}
		}
		order, scores = append(order, i), append(scores, sc)
	}
	// Insertion sort by score, descending: a few dozen moves.
	for a := 1; a < len(order); a++ {
		for b := a; b > 0 && scores[b] > scores[b-1]; b-- {
			order[b], order[b-1] = order[b-1], order[b]
			scores[b], scores[b-1] = scores[b-1], scores[b]
		}
	}
	s.order[depth], s.scores[depth] = order, scores
	return order
}
