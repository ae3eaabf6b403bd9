package semeai

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"

	"moyo/board"
	"moyo/cgt"
)

// AliveCount is the liberty count given to a region in which the attacker
// can never take the defender's last liberty: the defender's block lives
// (two eyes, or a seki the attacker cannot break). It is larger than any
// race on a 25×25 board can count, so one such region decides the sum.
const AliveCount = 1000

// Limits bound the work of one region's game.
type Limits struct {
	// MaxEmpty is the most empty points a region may have (0:
	// DefaultMaxEmpty). A larger region is refused with its size: it is an
	// open area, not a liberty region, or too big to play out.
	MaxEmpty int
	// MaxPoints is the most points, empty or holding loose stones, a
	// region may have (0: DefaultMaxPoints, at most 32): stones captured
	// and played again multiply the positions.
	MaxPoints int
	// MaxNodes is the most positions one region's game may expand (0:
	// DefaultMaxNodes).
	MaxNodes int
	// MaxGames is the most games and results a table of the race may
	// hold (cgt.Table.Size; 0: DefaultMaxGames). A region where a block
	// can live has games worth AliveCount beside small ones, whose sums
	// can grow to gigabytes: such a race is refused rather than exhaust
	// the memory.
	MaxGames int
	// SearchNodes is the most positions Analyze's search (Settle) may
	// visit with a side moving first (0: DefaultSettleNodes).
	SearchNodes int
	// CountTime is how long Analyze gives the count once its search has
	// settled the race (0: DefaultCountTime): the count then explains an
	// answer already known, and a count that would be refused after half
	// a minute at its limits should not keep it from the user.
	CountTime time.Duration
}

// DefaultCountTime is Limits.CountTime's default.
const DefaultCountTime = 5 * time.Second

func (l Limits) countTime() time.Duration { return cmp.Or(l.CountTime, DefaultCountTime) }

// The default limits.
const (
	DefaultMaxEmpty  = 16
	DefaultMaxPoints = 24
	DefaultMaxNodes  = 2_000_000
	DefaultMaxGames  = 3_000_000
)

func (l Limits) maxEmpty() int {
	if l.MaxEmpty > 0 {
		return l.MaxEmpty
	}
	return DefaultMaxEmpty
}

func (l Limits) maxPoints() int {
	if l.MaxPoints > 0 {
		return min(l.MaxPoints, maxRegionPoints)
	}
	return DefaultMaxPoints
}

func (l Limits) maxGames() int {
	if l.MaxGames > 0 {
		return l.MaxGames
	}
	return DefaultMaxGames
}

// errGames is the error of a table past Limits.MaxGames.
var errGames = errors.New("game limit")

// guard makes tb's operations stop with ctx's error once ctx is
// cancelled, and with errGames once tb holds more than lim allows: the
// sums and comparisons of hot games can take longer than any region's
// play-out, and cgt checks nothing by itself. Whoever guards tb defers
// cgt.Recover around its use.
func guard(ctx context.Context, tb *cgt.Table, lim Limits) {
	most := lim.maxGames()
	tb.Interrupt(func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if tb.Size() > most {
			return errGames
		}
		return nil
	})
}

func (l Limits) maxNodes() int {
	if l.MaxNodes > 0 {
		return l.MaxNodes
	}
	return DefaultMaxNodes
}

// ErrTooLarge is wrapped by the errors of regions too large to play out.
var ErrTooLarge = errors.New("region too large")

// ErrNodeLimit is wrapped by the error of a region that needs more than
// MaxNodes positions, and wraps ErrTooLarge (its message is the same): a
// limit that a caller willing to wait can raise, unlike a region's size.
var ErrNodeLimit = fmt.Errorf("%w", ErrTooLarge)

// Option is a move in a region and the liberty count it leads to.
type Option struct {
	Color board.Color
	Point board.Point
	// Value is the liberty-counting game after the move (0 when the move
	// takes the defender's last liberty).
	Value *cgt.Game
	// LastOnly marks the attacker's filling of a liberty that the rules
	// allow only as the capturing move (an eye): not a move to play now.
	LastOnly bool
	// black and white are the games for each block alone after the move,
	// in a region counting for both (Value is their sum).
	black, white *cgt.Game
}

// scorer assigns the paper's terminal scores to a region's nodes (assign)
// for the defender def, and counts what the package doc calls irregular
// and LastOnly nodes. Both region engines share it.
type scorer struct {
	tb  *cgt.Table
	def board.Color
	// irregular counts the nodes where the paper's replacement {|n} → n+1
	// met an attacker option that is not a number (see the package doc).
	irregular int
	// lastOnly counts the nodes where the attacker's only way to take the
	// last liberty is a move the rules allow only as the capture itself,
	// and the defender has a move (see lastOnlyOption).
	lastOnly int
	alive    bool // some line reaches a position the attacker cannot capture
	// lived is alive as it was ever set: assignMemo clears alive while it
	// assigns a node, and an interrupted assignment leaves it cleared.
	lived bool
	// ints caches the integers −smallInt…smallInt of tb: most nodes of a
	// region's game are counts, and tb.Int looks each up in a map.
	ints []*cgt.Game
	// assigned remembers assignGames by the sets of options (their IDs,
	// sorted, Left's then Right's): a region's positions share few option
	// sets, and each costs a canonical form, a temperature and
	// comparisons. key and ids are buffers for the keys.
	assigned map[string]assignment
	key      []byte
	ids      []uint32
	// cut holds the options cut to their best numbers (see assignMemo).
	cut [2][]*cgt.Game
	// tied is set when best, at an irregular node, met two different
	// options with the same stop and mean, and took the first.
	tied bool
}

// assignment is a remembered result of assignGames: its game, whether it
// found the block alive, and the irregular nodes it counted.
type assignment struct {
	g         *cgt.Game
	alive     bool
	irregular int
}

// smallInt bounds the integers scorer.int caches.
const smallInt = 64

// int returns the integer n of rg.tb.
func (rg *scorer) int(n int64) *cgt.Game {
	if n < -smallInt || n > smallInt {
		return rg.tb.Int(n)
	}
	if rg.ints == nil {
		rg.ints = make([]*cgt.Game, 2*smallInt+1)
	}
	g := rg.ints[n+smallInt]
	if g == nil {
		g = rg.tb.Int(n)
		rg.ints[n+smallInt] = g
	}
	return g
}

// gameStats are the counts of one region's game that RegionValue reports.
type gameStats struct {
	alive, already                     bool
	irregular, lastOnly, cycles, nodes int
}

// regionGame plays out one region's liberty counting game on a board.
// It is the general engine; bitGame, on bit masks, is the fast one for
// regions whose surroundings cannot be captured (see newBitGame).
type regionGame struct {
	scorer
	ctx    context.Context
	points []int // the region's points
	at     []int // at[i] = index of point i in points, or −1
	anchor int   // a stone of the defender's essential block
	// captive are the stones of the chains the game can capture outside
	// the region, which positions' keys tell apart (see nodeKey).
	captive []int
	memo    map[nodeKey]*cgt.Game
	path    map[nodeKey]int // the positions of the line being played out, by depth+1
	// lowRep is the least depth of a position of the line that a move of
	// the subtree under way would have repeated: a value computed under
	// such a ban depends on the line, and is not remembered.
	lowRep int
	cycles int // values remembered although they depend on the line
	nodes  int
	limit  int

	fl   board.Flood // the defender's block's stones and liberties
	seen []int       // walled's chain
	// walls holds a stone of each chain of the defender's colour next to
	// the region that is a safe wall (safeWall): the block that joins one
	// is safe. onWall[i] is set on every stone of those chains.
	walls   []int
	onWall  []bool
	depth   int
	scratch []*board.Position // a position per depth, reused
}

// nodeKey is a position of the region: 2 bits per point and the ko point.
type nodeKey struct {
	cells uint64
	ko    int32
	// gone has a bit for each captive stone taken (regionGame.captive):
	// the board around the region is otherwise as it stood.
	gone [2]uint64
}

// maxCaptive is the most captive stones regionGame's keys can tell apart.
const maxCaptive = 128

// maxRegionPoints is the most points (empty or not) a region's key holds.
const maxRegionPoints = 32

// engine names a way to play out a region's game.
type engine int

const (
	engineAuto  engine = iota // bits when the region allows it, else board
	engineBoard               // regionGame, on a board.Position
	engineBits                // bitGame, on bit masks
)

// lcg returns the liberty counting game of region g of r and the options
// of its first move, for the block of colour def, built as the paper says:
// every legal move of both players is played out until the defender's
// block has no liberty left in the region, then the terminal scores are
// assigned bottom up (see assign).
func lcg(ctx context.Context, tb *cgt.Table, r *Race, g Region, def board.Color, lim Limits) (*cgt.Game, []Option, gameStats, error) {
	return lcgWith(ctx, tb, r, g, def, lim, engineAuto)
}

// fits returns the error of region g of r where it is larger than lim
// lets the count play out, or nil.
func fits(r *Race, g Region, lim Limits) error {
	where := label(r.Pos, g.Points[0])
	if g.Empty > lim.maxEmpty() {
		return fmt.Errorf("%s region at %s has %d empty points; the limit is %d: %w", g.Kind, where, g.Empty, lim.maxEmpty(), ErrTooLarge)
	}
	if len(g.Points) > lim.maxPoints() {
		if stones := len(g.Points) - g.Empty; stones > 0 {
			return fmt.Errorf("%s region at %s holds %s besides its %d empty points, more than the count can play out: %w", g.Kind, where, count(stones, "loose stone", "loose stones"), g.Empty, ErrTooLarge)
		}
		return fmt.Errorf("%s region at %s has %d empty points, more than the count can play out: %w", g.Kind, where, g.Empty, ErrTooLarge)
	}
	return nil
}

// holds says what region g holds: its empty points, and its loose
// stones where it has any, which, captured and played again, multiply
// its positions more than its empty points do.
func (g Region) holds() string {
	s := count(g.Empty, "empty point", "empty points")
	if stones := len(g.Points) - g.Empty; stones > 0 {
		s += " and " + count(stones, "loose stone", "loose stones")
	}
	return s
}

// lcgWith is lcg with the engine chosen: both give the same games, and
// the tests check that they do.
func lcgWith(ctx context.Context, tb *cgt.Table, r *Race, g Region, def board.Color, lim Limits, e engine) (*cgt.Game, []Option, gameStats, error) {
	if err := fits(r, g, lim); err != nil {
		return nil, nil, gameStats{}, err
	}
	// A block alive by Benson's test cannot be captured by play here or
	// anywhere. Its eyes are the usual reason, and the counts of separate
	// eyes do not add up to life: two eyes of one point each would count
	// 2 liberties, which the opponent can never fill. Its life is counted
	// once, in its first region (as a region where the block joins a safe
	// wall counts), so that it cancels against the other block's life in
	// the sum as the counts of two lives do; its other regions count
	// nothing, since no liberty of a block that lives decides the race.
	if r.AliveAtStart(def) {
		sc := scorer{tb: tb, def: def}
		if r.lifeRegion(def) == g.Points[0] {
			return sc.count(AliveCount), nil, gameStats{alive: true, already: true}, nil
		}
		return sc.count(0), nil, gameStats{already: true}, nil
	}
	where := label(r.Pos, g.Points[0])
	var (
		v     *cgt.Game
		opts  []Option
		stats gameStats
		err   error
	)
	bg, ok := (*bitGame)(nil), false
	var rg *regionGame
	if e != engineBoard {
		bg, ok = newBitGame(ctx, tb, r, g, def, lim.maxNodes())
	}
	if e == engineBits && !ok {
		return nil, nil, gameStats{}, fmt.Errorf("%s region at %s: the bit engine cannot play it", g.Kind, where)
	}
	// The canonical forms made on the way run under the guard of tb, if
	// any, which ends them by a panic (see guard).
	err = func() (err error) {
		defer cgt.Recover(&err)
		if ok {
			v, err = bg.value(bg.start, &opts)
			stats = gameStats{alive: bg.alive, irregular: bg.irregular, lastOnly: bg.lastOnly, cycles: bg.cycles, nodes: bg.nodes}
			return err
		}
		rg = newRegionGame(ctx, tb, r, g, def, lim.maxNodes())
		if len(rg.captive) > maxCaptive {
			return fmt.Errorf("%s region at %s has %d stones around it that can be captured, more than the count can play out: %w", g.Kind, where, len(rg.captive), ErrTooLarge)
		}
		v, err = rg.value(r.Pos.Clone(), &opts)
		stats = gameStats{alive: rg.alive, irregular: rg.irregular, lastOnly: rg.lastOnly, cycles: rg.cycles, nodes: rg.nodes}
		return err
	}()
	switch {
	case errors.Is(err, errNodes):
		return nil, nil, gameStats{}, fmt.Errorf("%s region at %s (%s) needs more than %s positions: %w", g.Kind, where, g.holds(), thousands(lim.maxNodes()), ErrNodeLimit)
	case errors.Is(err, errGames):
		why := ""
		if ok && bg.lived || rg != nil && rg.lived {
			// The usual cause, seen on real games: the count of life
			// beside small counts makes hot games of many forms.
			why = fmt.Sprintf(": a line of play there lets %s's block live", def.Name())
		}
		// The table's size is the analysis's business, not the reader's:
		// the reason is the memory, and the life that fills it.
		return nil, nil, gameStats{}, fmt.Errorf("%s region at %s (%s) is too complex for the count's memory%s: %w", g.Kind, where, g.holds(), why, ErrTooLarge)
	case err != nil:
		return nil, nil, gameStats{}, err
	}
	if err := checkSide(tb, v, def); err != nil {
		return nil, nil, gameStats{}, fmt.Errorf("%s region at %s (%d empty points): %w", g.Kind, where, g.Empty, err)
	}
	return v, opts, stats, nil
}

// ErrUnsound is wrapped by the error of a region whose game came out as a
// count for the attacker: a region's counts are the defender's liberties
// (positive for Black's, negative for White's), and taking the last of
// them is the most the attacker can do. The package's rules for a last
// liberty that can be taken only by a capture (lastOnlyOption) add a
// tempo, and where captures and recaptures follow one another in a
// region each round can add one: in a corner of a real game (AlphaGo v
// AlphaGo game 1, move 250, TestJoinedWall) White's region came out at
// +2, and the verdict said Black captures where White captures at once.
// That region is now valued right, as White's block there joins a safe
// wall (safeWall), but the rules that went wrong are unchanged, so a
// region that comes out so is refused rather than judged.
var ErrUnsound = errors.New("the rules for captures inside a region failed here")

// checkSide checks that v, the game of a region that def defends, is not a
// count for the attacker: greater than 0 for a White defender, less for
// a Black one.
func checkSide(tb *cgt.Table, v *cgt.Game, def board.Color) (err error) {
	defer cgt.Recover(&err)
	wrong := cgt.Greater
	if def == board.Black {
		wrong = cgt.Less
	}
	if tb.CompareInt(v, 0) == wrong {
		return fmt.Errorf("its game came out at %.40s, a count of liberties for %s, who attacks there: %w", v, def.Opponent().Name(), ErrUnsound)
	}
	return nil
}

// newRegionGame prepares the board engine for region g and defender def.
func newRegionGame(ctx context.Context, tb *cgt.Table, r *Race, g Region, def board.Color, limit int) *regionGame {
	rg := &regionGame{
		scorer: scorer{tb: tb, def: def},
		ctx:    ctx,
		points: g.Points,
		at:     make([]int, r.Pos.Len()),
		anchor: r.Block(def).Anchor(),
		memo:   map[nodeKey]*cgt.Game{},
		path:   map[nodeKey]int{},
		limit:  limit,
	}
	for i := range rg.at {
		rg.at[i] = -1
	}
	for k, i := range g.Points {
		rg.at[i] = k
	}
	// The captive stones: those of the chains next to the region, other
	// than the block, with every liberty in it, which the region's game
	// can capture (as newBitGame finds them).
	chains, id := r.Pos.Chains()
	block := id[rg.anchor]
	inRace := r.points()
	seen := map[int]bool{}
	for _, i := range g.Points {
		for _, j := range r.Pos.Neighbors(i) {
			c := id[j]
			if rg.at[j] >= 0 || c < 0 || c == block || seen[c] {
				continue
			}
			seen[c] = true
			if !slices.ContainsFunc(chains[c].Liberties, func(l int) bool { return rg.at[l] < 0 }) {
				rg.captive = append(rg.captive, chains[c].Stones...)
			} else if chains[c].Color == def && safeWall(chains[c], inRace) {
				rg.walls = append(rg.walls, chains[c].Stones[0])
				if rg.onWall == nil {
					rg.onWall = make([]bool, r.Pos.Len())
				}
				for _, st := range chains[c].Stones {
					rg.onWall[st] = true
				}
			}
		}
	}
	return rg
}

// points returns the set of the points of r's regions.
func (r *Race) points() map[int]bool {
	in := map[int]bool{}
	for _, g := range r.Regions {
		for _, i := range g.Points {
			in[i] = true
		}
	}
	return in
}

// safeWall reports whether chain c, a wall next to a region, has a
// liberty outside every region of the race (inRace): no play in the race
// can capture it, so a block that joins it is safe. A wall whose
// liberties all lie in the race's regions, as a stone of the defender's
// colour inside the paper's pockets, is not: its liberties are counted
// with the regions'.
func safeWall(c board.Chain, inRace map[int]bool) bool {
	return slices.ContainsFunc(c.Liberties, func(l int) bool { return !inRace[l] })
}

var errNodes = errors.New("node limit")

func (rg *regionGame) key(pos *board.Position) nodeKey {
	var k nodeKey
	for n, i := range rg.points {
		k.cells |= uint64(pos.Cell(i)+1) << (2 * n)
	}
	k.ko = -1
	if p, ok := pos.Ko(); ok {
		k.ko = int32(pos.Index(p))
	}
	for n, i := range rg.captive {
		if pos.Cell(i) == board.Empty {
			k.gone[n/64] |= 1 << (n % 64)
		}
	}
	return k
}

// localLiberties returns the number of liberties of the defender's block
// in the region.
func (rg *regionGame) localLiberties(pos *board.Position) int {
	s := rg.fl.Fill(pos, rg.anchor)
	n := 0
	for _, p := range rg.points {
		if rg.fl.Liberty(p, s) {
			n++
		}
	}
	return n
}

// plainCount returns the number of empty points when every one of them is
// a plain liberty of the defender's block (next to a stone of the
// attacker outside the region, a wall or the other essential block, and
// to no safe wall of the defender's, which the block would join there)
// and every stone in the region belongs to the block: then neither side
// can change the count but by filling, and the paper's procedure gives
// the count itself ("we can count the number of liberties when they
// become plain liberties").
func (rg *regionGame) plainCount(pos *board.Position) (int, bool) {
	s := rg.fl.Fill(pos, rg.anchor)
	att := rg.def.Opponent()
	n := 0
	for _, i := range rg.points {
		switch pos.Cell(i) {
		case board.Empty:
			if !rg.fl.Liberty(i, s) {
				return 0, false
			}
			plain := false
			for _, j := range pos.Neighbors(i) {
				if rg.onWall != nil && rg.onWall[j] {
					return 0, false
				}
				if pos.Cell(j) == att && rg.at[j] < 0 {
					plain = true
				}
			}
			if !plain {
				return 0, false
			}
			n++
		case att:
			// A filling stone of the attacker joined to his wall is safe,
			// and changes nothing more.
			if !rg.walled(pos, i) {
				return 0, false
			}
		default:
			if !rg.fl.Stone(i, s) {
				return 0, false
			}
		}
	}
	return n, true
}

// walled reports whether the chain holding point i has a stone outside the
// region: it is joined to a wall.
func (rg *regionGame) walled(pos *board.Position, i int) bool {
	c := pos.Cell(i)
	seen := rg.seen[:0]
	defer func() { rg.seen = seen[:0] }()
	seen = append(seen, i)
	for k := 0; k < len(seen); k++ {
		if rg.at[seen[k]] < 0 {
			return true
		}
		for _, j := range pos.Neighbors(seen[k]) {
			if pos.Cell(j) == c && !slices.Contains(seen, j) {
				seen = append(seen, j)
			}
		}
	}
	return false
}

// count returns the liberty count n as a game: +n for a Black defender,
// −n for White.
func (rg *scorer) count(n int64) *cgt.Game {
	if rg.def == board.White {
		n = -n
	}
	return rg.int(n)
}

// safe reports whether the defender's block of pos has joined one of his
// safe walls (safeWall).
func (rg *regionGame) safe(pos *board.Position) bool {
	s := rg.fl.Fill(pos, rg.anchor)
	return slices.ContainsFunc(rg.walls, func(w int) bool { return rg.fl.Stone(w, s) })
}

// joined is the value of a position where the defender's block has
// joined one of his safe walls (safeWall): play in the region can no
// longer capture it, a count of AliveCount.
func (rg *scorer) joined() *cgt.Game {
	rg.alive, rg.lived = true, true
	return rg.count(AliveCount)
}

// value returns the game of the region at pos. When root is not nil the
// options of the first move are stored there.
func (rg *regionGame) value(pos *board.Position, root *[]Option) (*cgt.Game, error) {
	k := rg.key(pos)
	if v, ok := rg.memo[k]; ok && root == nil {
		return v, nil
	}
	if rg.safe(pos) {
		v := rg.joined()
		rg.memo[k] = v
		return v, nil
	}
	if n, ok := rg.plainCount(pos); ok && root == nil {
		v := rg.count(int64(n))
		rg.memo[k] = v
		return v, nil
	}
	rg.nodes++
	if rg.nodes > rg.limit {
		return nil, errNodes
	}
	if rg.nodes&255 == 0 {
		if err := rg.ctx.Err(); err != nil {
			return nil, err
		}
	}
	// The defender's liberties in the region at this node.
	s := rg.fl.Fill(pos, rg.anchor)
	rg.path[k] = rg.depth + 1
	defer delete(rg.path, k)
	outerRep := rg.lowRep
	rg.lowRep = 1 << 30
	defer func() { rg.lowRep = min(outerRep, rg.lowRep) }()
	nlibs, isLib := 0, make([]bool, len(rg.points))
	for n, p := range rg.points {
		if rg.fl.Liberty(p, s) {
			nlibs++
			isLib[n] = true
		}
	}
	if rg.depth == len(rg.scratch) {
		rg.scratch = append(rg.scratch, pos.Clone())
	}
	next := rg.scratch[rg.depth]
	rg.depth++
	defer func() { rg.depth-- }()
	var left, right []*cgt.Game
	lastOnly := -1 // the point of a capture the rules allow only as the last move
	for n, i := range rg.points {
		if pos.Cell(i) != board.Empty {
			continue
		}
		for _, c := range []board.Color{board.Black, board.White} {
			last := isLib[n] && nlibs == 1
			if last && c != rg.def {
				next.CopyFrom(pos)
				if next.Play(board.Move{Color: c, Point: pos.PointOf(i)}) != nil {
					lastOnly = i
					continue
				}
			}
			v, ok, err := rg.move(pos, next, c, i)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			if c == board.Black {
				left = append(left, v)
			} else {
				right = append(right, v)
			}
			if root != nil {
				*root = append(*root, Option{Color: c, Point: pos.PointOf(i), Value: v})
			}
		}
	}
	var at board.Point
	if lastOnly >= 0 {
		at = pos.PointOf(lastOnly)
	}
	v := rg.close(left, right, nlibs, lastOnly >= 0, at, root)
	rg.remember(k, v)
	return v, nil
}

// close is the value of a node of a region's game once its options are
// known (left and right, and in root the root's options when root is not
// nil): with the defender's block left without a liberty in the region
// (nlibs 0) or a last liberty the attacker can take only as the capture
// itself (lastOnly, at point at), the attacker's option there is added
// (lastOnlyOption), and the paper's rule assigns the rest.
func (rg *scorer) close(left, right []*cgt.Game, nlibs int, lastOnly bool, at board.Point, root *[]Option) *cgt.Game {
	if nlibs == 0 {
		// The attacker has filled the region's last liberty, but the block
		// lives on its liberties elsewhere. Without a move that takes
		// liberties back the region is worth nothing: the capture, 0.
		// With one, the defender keeps it for when he must play it.
		own := left
		if rg.def == board.White {
			own = right
		}
		if len(own) == 0 {
			return rg.tb.Zero()
		}
		if root == nil {
			lastOnly = true
		}
	}
	if lastOnly {
		floor := int64(0) // the capture is still to be played: the node counts 1 at least
		if nlibs == 0 {
			floor = -1 // the liberty is filled: 0 at least
		}
		v := rg.lastOnlyOption(left, right, floor)
		if rg.def == board.Black {
			right = append(right, v)
		} else {
			left = append(left, v)
		}
		if root != nil {
			*root = append(*root, Option{Color: rg.def.Opponent(), Point: at, Value: v, LastOnly: true})
		}
	}
	return rg.assign(left, right)
}

// lastOnlyOption is the attacker's option at a node where he can take the
// defender's last liberty in the region only by a move that is suicide
// until it captures, such as filling a one-point eye. With no move of the
// defender there, it is the capture, 0, as the paper's trees have it. When
// the defender has moves, the attacker cannot take that liberty early:
// the defender waits, and plays his best move only when he must, a tempo
// late, which the paper's rule {|n} → n+1 counts if the attacker's option
// is that move's value less 2 (see the package doc), but never less for
// the defender than the count floor: he need not play his move, and the
// node is worth floor+1 without it. A two-point eye of a block with a
// liberty elsewhere counted 1 before the floor: the attacker's stone in
// it, which the defender captures back for a one-point eye, made the
// option 1 − 2.
func (rg *scorer) lastOnlyOption(left, right []*cgt.Game, floor int64) *cgt.Game {
	own := left
	if rg.def == board.White {
		own = right
	}
	if len(own) == 0 {
		return rg.tb.Zero()
	}
	rg.lastOnly++
	// The defender's best option, chosen as the attacker's best is, with
	// the colours exchanged; a threat to live counts what its answer
	// leaves (see answered), not the life the attacker never allows.
	var answered []*cgt.Game
	for k, o := range own {
		n, threat := rg.threat(o)
		if threat && answered == nil {
			answered = slices.Clone(own)
		}
		if threat {
			answered[k] = rg.count(n)
		}
	}
	if answered != nil {
		own = answered
	}
	flip := &scorer{tb: rg.tb, def: rg.def.Opponent()}
	b := flip.best(own)
	v := rg.tb.Sub(b, rg.tb.Int(2))
	if rg.def == board.White {
		v = rg.tb.Add(b, rg.tb.Int(2))
	}
	// The defender need not play his move at all: the node is worth at
	// least what it is without it.
	if f := rg.count(floor); rg.def == board.Black && rg.tb.Le(v, f) || rg.def == board.White && rg.tb.Le(f, v) {
		return f
	}
	return v
}

// remember memoises the value v of the node with key k at the current
// depth. A value found under a ban on repeating the line above it depends
// on that line (the graph history problem); it is remembered all the same,
// since forgetting such values makes a region with captures and
// recaptures exponential, and the region is marked Cycles instead.
func (rg *regionGame) remember(k nodeKey, v *cgt.Game) {
	if rg.lowRep < rg.depth-1 {
		rg.cycles++
	}
	rg.memo[k] = v
}

// move plays c at point i of pos (into next) and returns the value of the
// result, or false when the move is not one of the region's game: illegal
// under the rules, a repetition, or a move of the defender that leaves his
// block without a liberty in the region.
func (rg *regionGame) move(pos, next *board.Position, c board.Color, i int) (*cgt.Game, bool, error) {
	next.CopyFrom(pos)
	if err := next.Play(board.Move{Color: c, Point: pos.PointOf(i)}); err != nil {
		return nil, false, nil
	}
	if next.Cell(rg.anchor) == board.Empty {
		return rg.tb.Zero(), true, nil
	}
	// The defender's fill of his block's last liberty in the region is
	// no move of its game, unless it joins the block to a safe wall.
	if c == rg.def && rg.localLiberties(next) == 0 && !rg.safe(next) {
		return nil, false, nil
	}
	if d := rg.path[rg.key(next)]; d > 0 {
		rg.lowRep = min(rg.lowRep, d-1)
		return nil, false, nil
	}
	v, err := rg.value(next, nil)
	if err != nil {
		return nil, false, err
	}
	return v, true, nil
}

// assign is the paper's rule for a node with Left (Black) options left and
// Right (White) options right, each already assigned: if the node's
// temperature is at most 1, the defender's options are dropped; a node
// left with the attacker's options alone, {|n} for a Black defender, is
// the count n+1 ({−n|} is −n−1 for White). A node where the attacker has
// no move is a block the region cannot capture: AliveCount.
func (rg *scorer) assign(left, right []*cgt.Game) *cgt.Game {
	left, right, s, threat := rg.answered(left, right)
	g, ok := rg.assignInts(left, right)
	if !ok {
		g = rg.assignMemo(left, right)
	}
	if threat {
		g = rg.withSente(g, s)
	}
	return g
}

// answered takes out of the defender's options those that threaten to
// make his block live (a line where he moves again reaches a count of
// life) without doing it: a stone on the vital point of what is left of
// his eye space, say, or a capture that leaves a shape that lives if he
// moves there first. The attacker answers such a threat at once, so it
// is a move in sente: it gains what the answer leaves, s, and costs no
// tempo. answered returns the remaining options and the best s for the
// defender (positive, whatever his colour), ok when there was a threat.
// Kept as options, such threats of AliveCount make a node hot that
// counts a number: a squared four, dead whoever moves first, came out
// as a count of life plus a tiny.
func (rg *scorer) answered(left, right []*cgt.Game) (l, r []*cgt.Game, s int64, ok bool) {
	own := left
	if rg.def == board.White {
		own = right
	}
	// Most nodes have no threat: the options are copied only when one is.
	var kept []*cgt.Game
	for k, o := range own {
		n, threat := rg.threat(o)
		if !threat {
			if ok {
				kept = append(kept, o)
			}
			continue
		}
		if !ok {
			kept = append(make([]*cgt.Game, 0, len(own)), own[:k]...)
		}
		if !ok || n > s {
			s = n
		}
		ok = true
	}
	if !ok {
		return left, right, 0, false
	}
	if rg.def == board.White {
		return left, kept, s, true
	}
	return kept, right, s, true
}

// threat reports whether the defender's option o threatens to make his
// block live without doing it (see answered), and the count n (positive
// for the defender) the attacker's answer leaves.
func (rg *scorer) threat(o *cgt.Game) (n int64, ok bool) {
	if o.IsNumber() {
		return 0, false
	}
	// The stops first: most options threaten nothing, and the
	// comparison of isAlive costs more.
	threat, answer := rg.tb.LeftStop(o), rg.tb.RightStop(o)
	if rg.def == board.White {
		threat, answer = answer.Neg(), threat.Neg()
	}
	if threat.Cmp(cgt.Int(AliveCount/2)) < 0 || answer.Cmp(cgt.Int(AliveCount/2)) >= 0 || !answer.IsInteger() || rg.isAlive(o) {
		return 0, false
	}
	n, _ = answer.Int64()
	return n, true
}

// withSente is the value of a node worth v without the defender's
// threats (answered), whose best gains s in sente: a count of s where
// the defender can do no better than s moving first, v otherwise.
func (rg *scorer) withSente(v *cgt.Game, s int64) *cgt.Game {
	best := rg.tb.LeftStop(v)
	if rg.def == board.White {
		best = rg.tb.RightStop(v).Neg()
	}
	if best.Cmp(cgt.Int(s)) <= 0 {
		return rg.count(s)
	}
	return v
}

// assignMemo is assignGames remembered by the sets of options. The rule
// does not depend on the order of the options or on repeats, except where
// best meets no dominating option (an irregular node) and two options tie
// on its stop and mean: it takes the first, so such results are not
// remembered.
//
// Each side's numbers are first cut to its best one (Left's greatest,
// Right's least), which dominates the others, so that positions whose
// options differ only in dominated numbers share one entry: the rule
// gives them the same game. The canonical form drops dominated options;
// a dominated number is in lives only with the number that dominates it;
// an option dominating all the attacker's dominates those numbers too;
// and where none does, best takes the first of the options with the best
// stop and mean, which a dominated number, strictly worse than the best
// one, never is (it could only make a false tie, that keeps a result from
// being remembered).
func (rg *scorer) assignMemo(left, right []*cgt.Game) *cgt.Game {
	left = rg.cutNumbers(rg.cut[0][:0], left, true)
	right = rg.cutNumbers(rg.cut[1][:0], right, false)
	rg.cut = [2][]*cgt.Game{left[:0], right[:0]}
	k := rg.key[:0]
	for _, side := range [2][]*cgt.Game{left, right} {
		ids := rg.ids[:0]
		for _, g := range side {
			ids = append(ids, uint32(g.ID()))
		}
		slices.Sort(ids)
		for _, id := range ids {
			k = binary.LittleEndian.AppendUint32(k, id)
		}
		k = binary.LittleEndian.AppendUint32(k, ^uint32(0)) // no game has this ID
		rg.ids = ids
	}
	rg.key = k
	if a, ok := rg.assigned[string(k)]; ok {
		rg.alive = rg.alive || a.alive
		rg.irregular += a.irregular
		return a.g
	}
	irregular, alive := rg.irregular, rg.alive
	rg.alive, rg.tied = false, false
	g := rg.assignGames(left, right)
	found := rg.alive
	rg.alive = alive || found
	if !rg.tied {
		if rg.assigned == nil {
			rg.assigned = map[string]assignment{}
		}
		rg.assigned[string(k)] = assignment{g, found, rg.irregular - irregular}
	}
	return g
}

// cutNumbers appends to buf the options opts of one side (Left's when
// left) with their numbers cut to the best one, in the order of opts,
// and returns it.
func (rg *scorer) cutNumbers(buf, opts []*cgt.Game, left bool) []*cgt.Game {
	best := -1
	for i, o := range opts {
		x, ok := o.Number()
		if !ok {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		y, _ := opts[best].Number()
		if c := x.Cmp(y); left && c > 0 || !left && c < 0 {
			best = i
		}
	}
	for i, o := range opts {
		if i == best || !o.IsNumber() {
			buf = append(buf, o)
		}
	}
	return buf
}

// assignGames is assign for any node: the paper's rule on canonical forms.
func (rg *scorer) assignGames(left, right []*cgt.Game) *cgt.Game {
	tb := rg.tb
	g := tb.New(left, right)
	if tb.Temperature(g).Cmp(cgt.Int(1)) > 0 {
		return g
	}
	att, own := right, left
	if rg.def == board.White {
		att, own = left, right
	}
	// A move that makes the block uncapturable is not the defender's
	// filling of his own liberty that the rule prunes: it is kept.
	var lives []*cgt.Game
	for _, o := range own {
		if rg.isAlive(o) {
			lives = append(lives, o)
		}
	}
	if len(lives) > 0 {
		if rg.def == board.White {
			return tb.New(att, lives)
		}
		return tb.New(lives, att)
	}
	if len(att) == 0 {
		rg.alive, rg.lived = true, true
		return rg.count(AliveCount)
	}
	best := rg.best(att)
	if rg.def == board.White {
		return tb.Sub(best, tb.Int(1))
	}
	return tb.Add(best, tb.Int(1))
}

// assignInts is assign for the common node whose options are all
// integers, none of the defender's a count of life, and the attacker has
// one: {L | R} is then hot when max L − min R > 2, and is the switch
// {max L | min R}; otherwise it is cold, and the attacker's best option
// counts one more. It reports false for any other node.
func (rg *scorer) assignInts(left, right []*cgt.Game) (*cgt.Game, bool) {
	att, own := right, left
	if rg.def == board.White {
		att, own = left, right
	}
	if len(att) == 0 {
		return nil, false
	}
	ext := func(gs []*cgt.Game, max bool) (int64, bool) {
		var m int64
		for k, g := range gs {
			x, ok := g.Number()
			if !ok || !x.IsInteger() {
				return 0, false
			}
			n, _ := x.Int64()
			if k == 0 || max && n > m || !max && n < m {
				m = n
			}
		}
		return m, true
	}
	hi, okL := ext(left, true)
	lo, okR := ext(right, false)
	if !okL || !okR {
		return nil, false
	}
	if len(own) > 0 {
		if rg.def == board.Black && hi >= AliveCount || rg.def == board.White && lo <= -AliveCount {
			return nil, false
		}
		if hi-lo > 2 {
			return rg.tb.Switch(cgt.Int(hi), cgt.Int(lo)), true
		}
	}
	if rg.def == board.White {
		return rg.int(hi - 1), true
	}
	return rg.int(lo + 1), true
}

// isAlive reports whether o is a count of AliveCount or more for the
// defender: the block can no longer be captured in the region.
func (rg *scorer) isAlive(o *cgt.Game) bool {
	if rg.def == board.White {
		return rg.tb.Le(o, rg.tb.Int(-AliveCount))
	}
	return rg.tb.Le(rg.tb.Int(AliveCount), o)
}

// best returns the attacker's best option: the least for White, the
// greatest for Black. Numbers compare; when an option is not a number and
// none dominates the others, the defender answers a hot option at once, so
// the option whose stop with the defender moving next is best for the
// attacker is taken (then the best mean), and the node is counted as
// irregular.
func (rg *scorer) best(opts []*cgt.Game) *cgt.Game {
	tb := rg.tb
	black := rg.def == board.White // Black attacks
	for _, o := range opts {
		dominates := true
		for _, p := range opts {
			if black && !tb.Le(p, o) || !black && !tb.Le(o, p) {
				dominates = false
				break
			}
		}
		if dominates {
			return o
		}
	}
	rg.irregular++
	stop := func(o *cgt.Game) cgt.Dyadic {
		if black {
			return tb.RightStop(o)
		}
		return tb.LeftStop(o)
	}
	b := opts[0]
	for _, o := range opts[1:] {
		c := stop(o).Cmp(stop(b))
		if c == 0 {
			c = tb.Mean(o).Cmp(tb.Mean(b))
		}
		if c == 0 && o != b {
			rg.tied = true
		}
		if black && c > 0 || !black && c < 0 {
			b = o
		}
	}
	return b
}
