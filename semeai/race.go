package semeai

import (
	"fmt"
	"slices"
	"strings"

	"moyo/board"
)

// Block is an essential block of a race: a chain that must be saved, whose
// capture decides the race.
type Block struct {
	Color board.Color
	// Stones and Liberties are flat indices, in increasing order.
	Stones, Liberties []int
}

// Anchor returns the block's first stone, the point that names it.
func (b Block) Anchor() int { return b.Stones[0] }

// Kind is what a liberty region is to the race.
type Kind int

// The kinds of region.
const (
	// External is a region that only one essential block borders (besides
	// safe stones): its liberties are that block's alone.
	External Kind = iota + 1
	// Shared is a region that both essential blocks border.
	Shared
)

// String returns "external" or "shared".
func (k Kind) String() string {
	switch k {
	case External:
		return "external"
	case Shared:
		return "shared"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Region is a liberty region: a maximal 4-connected set of points in play
// (empty points and the stones of loose chains, see the package doc)
// touching an essential block.
type Region struct {
	Kind Kind
	// Defender owns the essential block whose liberties the region's game
	// counts; the other colour attacks. For a shared region it is chosen
	// as the package doc says, and is Empty when the region's liberties
	// count for both blocks (its game is then the sum of its game as
	// Black's and as White's).
	Defender board.Color
	// Points are the region's points (flat indices, increasing): where the
	// region's game is played. Empty counts the empty ones among them.
	Points []int
	Empty  int
	// Liberties are the defender's liberties in the region now; Plain
	// those of them next to a stone of the attacker (the paper's plain
	// liberties, which the attacker fills without an approach move).
	Liberties, Plain []int
}

// Race is a capturing race found in a position: the two essential blocks
// and the regions around them.
type Race struct {
	Pos          *board.Position
	Black, White Block
	Regions      []Region
	// Loose are the chains taken to be in play (flat index of a stone of
	// each); every other chain but the essential blocks is a wall.
	Loose []int

	// alive records whether Black's and White's block is alive by
	// Benson's test in Pos (see AliveAtStart).
	alive [2]bool
}

// AliveAtStart reports whether c's essential block is alive by Benson's
// test in the race's position: it has two eyes or more that no sequence
// of moves, anywhere, can take from it, so it can never be captured.
func (r *Race) AliveAtStart(c board.Color) bool {
	return c == board.Black && r.alive[0] || c == board.White && r.alive[1]
}

// lifeRegion returns the first point of the first region whose game
// counts the liberties of c's block (its defender is c, or both blocks),
// where the count of a block alive at the start puts its life; −1 if
// there is none.
func (r *Race) lifeRegion(c board.Color) int {
	for _, g := range r.Regions {
		if g.Defender == c || g.Defender == board.Empty {
			return g.Points[0]
		}
	}
	return -1
}

// Block returns the essential block of colour c.
func (r *Race) Block(c board.Color) Block {
	if c == board.White {
		return r.White
	}
	return r.Black
}

// label writes pt as Go programs do: "D16".
func label(pos *board.Position, i int) string { return pos.PointOf(i).Label(pos.Size()) }

// chainAt returns the chain holding point i of pos.
func chainAt(chains []board.Chain, id []int, i int) (board.Chain, bool) {
	if id[i] < 0 {
		return board.Chain{}, false
	}
	return chains[id[i]], true
}

// NewRace builds the race between the chains holding points a and b of
// pos, which must be stones of opposite colours that touch or share a
// liberty; either may be alive by Benson's test. Its error is a
// *RaceError with code RefusedNotARace.
func NewRace(pos *board.Position, a, b board.Point) (*Race, error) {
	r, err := newRace(pos, a, b)
	if err != nil {
		return nil, &RaceError{Code: RefusedNotARace, Region: -1, Err: err}
	}
	return r, nil
}

func newRace(pos *board.Position, a, b board.Point) (*Race, error) {
	for _, pt := range []board.Point{a, b} {
		if !pos.OnBoard(pt) {
			return nil, fmt.Errorf("%s is off the %d×%d board", pt, pos.Size(), pos.Size())
		}
		if pos.At(pt) == board.Empty {
			return nil, fmt.Errorf("%s is empty: an essential block is named by one of its stones", pt.Label(pos.Size()))
		}
	}
	chains, id := pos.Chains()
	ca, _ := chainAt(chains, id, pos.Index(a))
	cb, _ := chainAt(chains, id, pos.Index(b))
	la, lb := a.Label(pos.Size()), b.Label(pos.Size())
	if ca.Color == cb.Color {
		if id[pos.Index(a)] == id[pos.Index(b)] {
			return nil, fmt.Errorf("%s and %s are one chain: a race needs a Black and a White block", la, lb)
		}
		return nil, fmt.Errorf("%s and %s are both %s: a race needs a Black and a White block", la, lb, ca.Color.Name())
	}
	if !touchOrShare(ca, cb) {
		return nil, fmt.Errorf("the blocks at %s and %s neither touch nor share a liberty: they are not in a race", la, lb)
	}
	for _, c := range []board.Chain{ca, cb} {
		if len(c.Liberties) == 0 {
			return nil, fmt.Errorf("the %s block at %s has no liberty, which no game can reach: there is no race to analyse", c.Color.Name(), label(pos, c.Stones[0]))
		}
	}
	// A block alive by Benson's test cannot be captured, but the
	// question stays: is the other captured, or do both live?
	life := pos.UnconditionalLife()
	if ca.Color == board.White {
		ca, cb = cb, ca
	}
	return build(pos, chains, id, life, ca, cb), nil
}

// touchOrShare reports whether chains a and b are adjacent or share a
// liberty.
func touchOrShare(a, b board.Chain) bool {
	for _, s := range b.Stones {
		if _, ok := slices.BinarySearch(a.Adjacent, s); ok {
			return true
		}
	}
	for _, l := range b.Liberties {
		if _, ok := slices.BinarySearch(a.Liberties, l); ok {
			return true
		}
	}
	return false
}

// MaxFoundLiberties is the most liberties a block may have for Find to
// take it as a candidate.
const MaxFoundLiberties = 12

// Candidates returns the pairs of opposing chains that could be in a race,
// best first: they touch or share a liberty, neither is alive by Benson's
// test, and each has 1 to MaxFoundLiberties liberties. Pairs of chains of
// at least five stones each come first, then of three (a race is fought by
// groups; a stone or two is usually a loose stone inside a liberty
// region), then fewer liberties in all, then more stones. Each pair is (Black stone,
// White stone).
func Candidates(pos *board.Position) [][2]board.Point {
	chains, _ := pos.Chains()
	cs := candidates(chains, pos.UnconditionalLife())
	out := make([][2]board.Point, len(cs))
	for k, c := range cs {
		out[k] = [2]board.Point{pos.PointOf(c[0].Stones[0]), pos.PointOf(c[1].Stones[0])}
	}
	return out
}

// CandidateRaces returns the races of Candidates, in its order: the chains
// and Benson's test are found once for them all, not once a race as
// NewRace would.
func CandidateRaces(pos *board.Position) []*Race {
	chains, id := pos.Chains()
	life := pos.UnconditionalLife()
	cs := candidates(chains, life)
	out := make([]*Race, len(cs))
	for k, c := range cs {
		out[k] = build(pos, chains, id, life, c[0], c[1])
	}
	return out
}

// candidates is Candidates on the chains of a position and its Benson
// life: the pairs (Black chain, White chain), best first.
func candidates(chains []board.Chain, life []board.Color) [][2]board.Chain {
	type cand struct {
		b, w         board.Chain
		libs, stones int
	}
	var cs []cand
	for _, b := range chains {
		if b.Color != board.Black || life[b.Stones[0]] == board.Black || len(b.Liberties) == 0 || len(b.Liberties) > MaxFoundLiberties {
			continue
		}
		for _, w := range chains {
			if w.Color != board.White || life[w.Stones[0]] == board.White || len(w.Liberties) == 0 || len(w.Liberties) > MaxFoundLiberties {
				continue
			}
			if touchOrShare(b, w) {
				cs = append(cs, cand{b, w, len(b.Liberties) + len(w.Liberties), min(len(b.Stones), len(w.Stones))})
			}
		}
	}
	tier := func(c cand) int {
		switch {
		case c.stones >= 5:
			return 0
		case c.stones >= 3:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(cs, func(x, y cand) int {
		if tx, ty := tier(x), tier(y); tx != ty {
			return tx - ty
		}
		if x.libs != y.libs {
			return x.libs - y.libs
		}
		return y.stones - x.stones
	})
	out := make([][2]board.Chain, len(cs))
	for k, c := range cs {
		out[k] = [2]board.Chain{c.b, c.w}
	}
	return out
}

// MostEmpty returns the most empty points of one of r's regions.
func (r *Race) MostEmpty() int {
	most := 0
	for _, g := range r.Regions {
		most = max(most, g.Empty)
	}
	return most
}

// QuickSearchWork, divided by a race's points, is the number of
// positions QuickSearchNodes gives a search.
const QuickSearchWork = 30_000_000

// QuickSearchNodes returns how many positions Solve may visit for an
// answer within a second or two, as the app and 'moyo semeai' search a
// race the analysis refuses: QuickSearchWork divided by the points of
// r's regions, since each position costs time in proportion to them (a
// million positions of a race of 30 points take one to two seconds and
// some 100 MB on a 2-core machine).
func (r *Race) QuickSearchNodes() int {
	n := 0
	for _, g := range r.Regions {
		n += len(g.Points)
	}
	return QuickSearchWork / max(n, 1)
}

// CheckNodes returns how many positions a search that checks the verdict
// of an analysed race may visit a side: a quarter of QuickSearchNodes,
// so that the check adds at most a fraction of a second to the analysis.
// The races a search settles at all it settles in far fewer (in a scan of
// real games' races, all within 60 ms).
func (r *Race) CheckNodes() int { return r.QuickSearchNodes() / 4 }

// Find returns the race of pos: the first of Candidates whose regions all
// have at most DefaultMaxEmpty empty points (a race is fought over
// enclosed liberties, not open areas), or the first candidate when none
// has.
func Find(pos *board.Position) (*Race, error) {
	rs := CandidateRaces(pos)
	if len(rs) == 0 {
		return nil, fmt.Errorf("no race found: no Black and White chains that touch or share a liberty, both with 1–%d liberties and neither alive by Benson's test", MaxFoundLiberties)
	}
	for _, r := range rs {
		if r.MostEmpty() <= DefaultMaxEmpty {
			return r, nil
		}
	}
	return rs[0], nil
}

// looseLiberties is the most liberties a chain other than the essential
// blocks may have and still be in play: fewer, and the race may capture
// it; more, and it is a wall.
const looseLiberties = 2

// maxEnclosedPoints is the most points an area enclosed by one essential
// block may have for enclosed to take the stones inside it as in play:
// an eye, not a part of the board walled off.
const maxEnclosedPoints = DefaultMaxPoints

// enclosed marks the stones inside an eye of either essential block: an
// area of empty points and the opponent's stones that touches the block,
// is bordered by the block's own stones only (and the board's edge), and
// has at most maxEnclosedPoints points. Such stones can be captured only
// there, whatever their liberties (all of them lie in the eye): taken for
// safe walls, a stone of three liberties on the vital point of a big eye
// split the eye into regions of one point each, and the nakade shapes
// counted as one-point eyes.
func enclosed(pos *board.Position, blocks ...board.Chain) []bool {
	in := make([]bool, pos.Len())
	isBlock := make([]bool, pos.Len())
	for _, b := range blocks {
		for _, s := range b.Stones {
			isBlock[s] = true
		}
	}
	for _, b := range blocks {
		own := pos.Cell(b.Stones[0])
		seen := make([]bool, pos.Len())
		for _, s := range b.Adjacent {
			if seen[s] || pos.Cell(s) == own {
				continue
			}
			area := []int{s}
			seen[s] = true
			walled := true // by the block alone
			for k := 0; k < len(area) && len(area) <= maxEnclosedPoints; k++ {
				for _, j := range pos.Neighbors(area[k]) {
					switch {
					case pos.Cell(j) == own:
						walled = walled && isBlock[j]
					case !seen[j]:
						seen[j] = true
						area = append(area, j)
					}
				}
			}
			if !walled || len(area) > maxEnclosedPoints || slices.ContainsFunc(area, func(i int) bool { return isBlock[i] }) {
				continue // open, or shared with the other block: not an eye
			}
			for _, i := range area {
				if pos.Cell(i) != board.Empty {
					in[i] = true
				}
			}
		}
	}
	return in
}

// build finds the regions of the race between black and white.
func build(pos *board.Position, chains []board.Chain, id []int, life []board.Color, black, white board.Chain) *Race {
	r := &Race{
		Pos:   pos.Clone(),
		Black: Block{Color: board.Black, Stones: black.Stones, Liberties: black.Liberties},
		White: Block{Color: board.White, Stones: white.Stones, Liberties: white.Liberties},
		alive: [2]bool{life[black.Stones[0]] == board.Black, life[white.Stones[0]] == board.White},
	}
	essential := func(i int) board.Color {
		switch id[i] {
		case id[black.Stones[0]]:
			return board.Black
		case id[white.Stones[0]]:
			return board.White
		}
		return board.Empty
	}
	inPlay := make([]bool, pos.Len())
	inside := enclosed(pos, black, white)
	for k, c := range chains {
		if k == id[black.Stones[0]] || k == id[white.Stones[0]] {
			continue
		}
		if life[c.Stones[0]] != c.Color && (len(c.Liberties) <= looseLiberties || inside[c.Stones[0]]) {
			r.Loose = append(r.Loose, c.Stones[0])
			for _, s := range c.Stones {
				inPlay[s] = true
			}
		}
	}
	for i := range pos.Len() {
		if pos.Cell(i) == board.Empty {
			inPlay[i] = true
		}
	}
	for {
		k, ok := fillableWall(pos, chains, id, life, inPlay, black, white)
		if !ok {
			break
		}
		r.Loose = append(r.Loose, chains[k].Stones[0])
		for _, s := range chains[k].Stones {
			inPlay[s] = true
		}
	}
	seen := make([]bool, pos.Len())
	for _, e := range []board.Chain{black, white} {
		for _, s := range e.Adjacent {
			if !inPlay[s] || seen[s] {
				continue
			}
			pts := flood(pos, s, inPlay, seen)
			slices.Sort(pts)
			r.Regions = append(r.Regions, newRegion(pos, pts, essential))
		}
	}
	r.chooseSharedDefenders()
	return r
}

// flood returns the points joined to start through points in, marking
// them in seen.
func flood(pos *board.Position, start int, in, seen []bool) []int {
	pts := []int{start}
	seen[start] = true
	for k := 0; k < len(pts); k++ {
		for _, j := range pos.Neighbors(pts[k]) {
			if in[j] && !seen[j] {
				seen[j] = true
				pts = append(pts, j)
			}
		}
	}
	return pts
}

// maxFilledArea is the most points a wall and the areas walled in by
// the opponent that hold its outside liberties may have together for
// fillableWall to take them into the race: a few stones and a corner or
// a pocket of his territory, not a part of the board the count and the
// search could not cover.
const maxFilledArea = DefaultMaxEmpty

// fillableWall finds a wall that the race can capture: a chain other
// than the essential blocks, neither in play (inPlay) nor alive by
// Benson's test, next to the race's regions, whose every liberty outside
// them is next to a wall of the opponent's and lies in an area (of
// points in play) that no stone but the opponent's and its own walls
// in, the chain and those areas holding at most maxFilledArea points
// together. The opponent fills those liberties by joining his walls,
// inside his own area, where the wall's owner cannot stop him, so such
// a wall is in play, and the area with it; taken for safe, a wall with
// one liberty in the opponent's corner let a block live by joining it.
// A liberty that no wall of the opponent's touches is the wall's own eye
// space, and the wall stays safe. It returns the wall's index in chains,
// and false when there is none.
func fillableWall(pos *board.Position, chains []board.Chain, id []int, life []board.Color, inPlay []bool, black, white board.Chain) (int, bool) {
	inRegion := make([]bool, pos.Len())
	for _, e := range []board.Chain{black, white} {
		for _, s := range e.Adjacent {
			if inPlay[s] && !inRegion[s] {
				flood(pos, s, inPlay, inRegion)
			}
		}
	}
	seen := make([]bool, pos.Len())
	for k, c := range chains {
		if k == id[black.Stones[0]] || k == id[white.Stones[0]] || inPlay[c.Stones[0]] || life[c.Stones[0]] == c.Color {
			continue
		}
		if !slices.ContainsFunc(c.Adjacent, func(i int) bool { return inRegion[i] }) {
			continue
		}
		clear(seen)
		outside, fillable, points := false, true, len(c.Stones)
		for _, l := range c.Liberties {
			if inRegion[l] {
				continue
			}
			outside = true
			if !slices.ContainsFunc(pos.Neighbors(l), func(j int) bool { return !inPlay[j] && pos.Cell(j) == c.Color.Opponent() }) {
				fillable = false // no wall of the opponent's to join: an eye of the wall's own
				break
			}
			if seen[l] {
				continue
			}
			area := flood(pos, l, inPlay, seen)
			points += len(area)
			for _, i := range area {
				for _, j := range pos.Neighbors(i) {
					if !inPlay[j] && id[j] != k && pos.Cell(j) != c.Color.Opponent() {
						fillable = false
					}
				}
			}
			if !fillable || points > maxFilledArea {
				fillable = false
				break
			}
		}
		if outside && fillable {
			return k, true
		}
	}
	return 0, false
}

// newRegion classifies the region of points pts.
func newRegion(pos *board.Position, pts []int, essential func(int) board.Color) Region {
	g := Region{Points: pts}
	var touches [2]bool
	for _, i := range pts {
		if pos.Cell(i) == board.Empty {
			g.Empty++
		}
		for _, j := range pos.Neighbors(i) {
			switch essential(j) {
			case board.Black:
				touches[0] = true
			case board.White:
				touches[1] = true
			}
		}
	}
	switch {
	case touches[0] && touches[1]:
		g.Kind = Shared
	case touches[1]:
		g.Kind, g.Defender = External, board.White
	default:
		g.Kind, g.Defender = External, board.Black
	}
	return g
}

// fillLiberties sets the region's Liberties and Plain for its defender;
// for a region that counts for both blocks, the points that are liberties
// of both, all of them plain.
func (r *Race) fillLiberties(g *Region) {
	g.Liberties, g.Plain = nil, nil
	if g.Defender == board.Empty {
		for _, l := range r.Black.Liberties {
			_, inB := slices.BinarySearch(g.Points, l)
			_, inW := slices.BinarySearch(r.White.Liberties, l)
			if inB && inW {
				g.Liberties = append(g.Liberties, l)
			}
		}
		g.Plain = g.Liberties
		return
	}
	e := r.Block(g.Defender)
	att := g.Defender.Opponent()
	for _, l := range e.Liberties {
		if _, ok := slices.BinarySearch(g.Points, l); !ok {
			continue
		}
		g.Liberties = append(g.Liberties, l)
		for _, j := range r.Pos.Neighbors(l) {
			if r.Pos.Cell(j) == att {
				g.Plain = append(g.Plain, l)
				break
			}
		}
	}
}

// captureAtOnce returns the point where c, moving first, captures the
// opponent's essential block with one move: its last liberty, where c may
// play in r's position (a ko can forbid it); false when the block has
// more than one liberty.
func (r *Race) captureAtOnce(c board.Color) (board.Point, bool) {
	b := r.Block(c.Opponent())
	if len(b.Liberties) != 1 {
		return board.Point{}, false
	}
	p := r.Pos.PointOf(b.Liberties[0])
	return p, r.Pos.Legal(c, p) == nil
}

// mustEscape reports whether c, moving first, must give its essential
// block a second liberty at once: the block is in atari, the opponent may
// take it (a ko can forbid that), and c cannot take the opponent's block
// first.
func (r *Race) mustEscape(c board.Color) bool {
	_, taken := r.captureAtOnce(c.Opponent())
	_, takes := r.captureAtOnce(c)
	return taken && !takes
}

// escapes reports whether c's move at p gives c's essential block, in
// atari, a second liberty, or leaves its last one where the opponent may
// not play (a ko): after any other move the opponent takes the block.
func (r *Race) escapes(c board.Color, p board.Point) bool {
	pos := r.Pos.Clone()
	if pos.Play(board.Move{Color: c, Point: p}) != nil {
		return false
	}
	chains, id := pos.Chains()
	libs := chains[id[r.Block(c).Anchor()]].Liberties
	return len(libs) > 1 || len(libs) == 1 && pos.Legal(c.Opponent(), pos.PointOf(libs[0])) != nil
}

// lifeByMove returns a move of c on an empty point of the race's regions
// after which c's essential block is alive by Benson's algorithm on the
// board (board.Life): the opponent cannot capture it even if c never
// plays again. The regions' games see a block live only where it joins a
// wall with a liberty outside every region (safeWall) or where their own
// play makes it uncapturable; a move that makes two eyes with a wall
// whose liberties all lie in a region, such as a capture that splits the
// wall's region in two, they count as liberties the opponent can fill.
func (r *Race) lifeByMove(c board.Color) (board.Point, bool) {
	return r.lifeByMoveAt(r.Pos, c)
}

// lifeByMoveAt is lifeByMove in at, a position of the race after some
// moves in its regions.
func (r *Race) lifeByMoveAt(at *board.Position, c board.Color) (board.Point, bool) {
	var l board.Life
	var owners []board.Color
	pos := at.Clone()
	anchor := r.Block(c).Anchor()
	if at.Cell(anchor) != c {
		return board.Point{}, false // taken
	}
	for _, g := range r.Regions {
		for _, i := range g.Points {
			if at.Cell(i) != board.Empty {
				continue
			}
			pos.CopyFrom(at)
			if pos.PlayIndex(c, i) != nil {
				continue
			}
			if owners = l.PassAlive(owners, pos, c); owners[anchor] == c {
				return at.PointOf(i), true
			}
		}
	}
	return board.Point{}, false
}

// livesOnBoardAfter reports whether, after c's move at p, the opponent
// has a move that makes its essential block alive on the board
// (lifeByMove), which the verdict after the move, on the regions' games,
// does not see.
func (r *Race) livesOnBoardAfter(c board.Color, p board.Point) bool {
	pos := r.Pos.Clone()
	if pos.Play(board.Move{Color: c, Point: p}) != nil {
		return false
	}
	_, ok := r.lifeByMoveAt(pos, c.Opponent())
	return ok
}

// HasEye reports whether the block of colour c has an eye: an external
// region of its own that no stone of the opponent outside it touches, so
// that the opponent can fill it only with the last, capturing move. The
// opponent's stones inside the region do not spoil the eye: they are in
// play, and the block can capture them (a two-point eye with the
// opponent's stone in one point is still an eye, and its liberty counts
// with the shared ones as the rule of thumb says).
func (r *Race) HasEye(c board.Color) bool { return r.biggestEye(c) > 0 }

// bigEye is the fewest points of a big eye: one the attacker can fill
// only with stones the defender captures, and whose count (3, 5, 8, 12
// liberties for 3 to 6 points) outgrows its points.
const bigEye = 4

// biggestEye returns the number of points of the biggest eye of c's block
// (see HasEye), 0 when it has none.
func (r *Race) biggestEye(c board.Color) int {
	most := 0
	for _, g := range r.Regions {
		if g.Kind == External && g.Defender == c && !r.touchedFromOutside(g, c.Opponent()) {
			most = max(most, len(g.Points))
		}
	}
	return most
}

// touchedFromOutside reports whether a stone of colour c outside region g
// lies next to it.
func (r *Race) touchedFromOutside(g Region, c board.Color) bool {
	for _, i := range g.Points {
		for _, j := range r.Pos.Neighbors(i) {
			if _, in := slices.BinarySearch(g.Points, j); !in && r.Pos.Cell(j) == c {
				return true
			}
		}
	}
	return false
}

// chooseSharedDefenders gives each shared region its defender (see the
// package doc): the side with an eye when only one side has one, or with
// a big eye (bigEye points or more) against a small one; else Empty, for
// a region whose liberties count for both blocks. It fills
// every region's liberties.
func (r *Race) chooseSharedDefenders() {
	owner := r.sharedOwner()
	for k := range r.Regions {
		g := &r.Regions[k]
		if g.Kind == Shared {
			g.Defender = owner
		}
		r.fillLiberties(g)
	}
}

// sharedOwner returns the side the shared liberties count for: the side
// with an eye when only one side has one, or with a big eye (bigEye
// points or more) against a small one, the other side unable to fill
// them without putting his own block in atari first; Empty when they
// count for both.
func (r *Race) sharedOwner() board.Color {
	be, we := r.biggestEye(board.Black), r.biggestEye(board.White)
	switch {
	case be > 0 && we == 0, be >= bigEye && we < bigEye:
		return board.Black
	case we > 0 && be == 0, we >= bigEye && be < bigEye:
		return board.White
	}
	return board.Empty
}

// SharedLiberties returns the number of empty points of the shared
// regions that are liberties of both essential blocks.
func (r *Race) SharedLiberties() int {
	n := 0
	for _, l := range r.Black.Liberties {
		if _, ok := slices.BinarySearch(r.White.Liberties, l); ok {
			n++
		}
	}
	return n
}

// Describe writes the region's points as "C3 D3 E4".
func (r *Race) Describe(g Region) string {
	var s []string
	for _, i := range g.Points {
		s = append(s, label(r.Pos, i))
	}
	return strings.Join(s, " ")
}

// LabelPoint returns where a picture of pos labels the region of points
// pts (flat indices, as Region.Points): the empty point nearest their
// centre, or the point nearest it when none is empty. Where that is the
// point play, the move a picture marks with a small stone, the label
// moves to the empty point nearest the centre of the others, so that the
// stone does not hide it, unless play is the region's only empty point.
// play may be nil. The app and 'moyo semeai --format png' label regions
// alike.
func LabelPoint(pos *board.Position, pts []int, play *board.Point) board.Point {
	at := centrePoint(pos, pts)
	if play == nil || at != *play {
		return at
	}
	rest := slices.DeleteFunc(slices.Clone(pts), func(i int) bool { return pos.PointOf(i) == *play })
	if !slices.ContainsFunc(rest, func(i int) bool { return pos.Cell(i) == board.Empty }) {
		return at
	}
	return centrePoint(pos, rest)
}

// centrePoint returns the empty point of pts nearest their centre, or the
// point nearest it when none is empty.
func centrePoint(pos *board.Position, pts []int) board.Point {
	var sx, sy int
	for _, i := range pts {
		p := pos.PointOf(i)
		sx += p.X
		sy += p.Y
	}
	n := len(pts)
	best, bestD := pts[0], -1
	for _, i := range pts {
		p := pos.PointOf(i)
		d := (p.X*n-sx)*(p.X*n-sx) + (p.Y*n-sy)*(p.Y*n-sy)
		if pos.Cell(i) != board.Empty {
			d += 1 << 40 // prefer empty points
		}
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return pos.PointOf(best)
}
