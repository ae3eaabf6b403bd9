package workspace

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"moyo/board"
	"moyo/cgt"
	"moyo/render"
	"moyo/semeai"
)

// RaceResult is the analysis of a capturing race as the race mode shows
// it: semeai's Analysis, and what the panel and the board show of it as
// plain data, written out on the worker that analysed the race, so that
// nothing on the UI goroutine touches the analysis's cgt.Table.
type RaceResult struct {
	Analysis *semeai.Analysis
	// Black and White describe the essential blocks: "C5, 6 stones, 4
	// liberties".
	Black, White string
	// Regions are the liberty regions, named A, B, … as 'moyo semeai'
	// names them; Sum is the sum of their games (Name "sum").
	Regions []RaceRegion
	Sum     RaceRegion
	// ToMove is the side to move in the position, Outcome the race's end
	// with it moving first, and Loser the colour whose block is then
	// captured (Empty for a seki).
	ToMove  board.Color
	Outcome semeai.Result
	Loser   board.Color
	// Play is ToMove's move that the board marks: the count's tedomari
	// when it wins, makes ToMove's block live or saves it from atari
	// (semeai.Verdict.Play), or the search's move where the search
	// refutes that tedomari or disagrees with the count; nil for none
	// (ToMove loses the race, or nothing is to be gained by a move).
	Play *board.Point
	// Verdict says in sentences what the cooled sum means, as the seed
	// reads it: the case, each side's adjustment value and outcome moving
	// first, the tedomari.
	Verdict []string
	// Territory sums up the territory the race leaves with ToMove to
	// play, and Semedori lists the moves that change it without changing
	// who wins; empty when there is none.
	Territory string
	Semedori  []string
	// Search is what an exhaustive search of the race found with each
	// side moving first (semeai.SearchBoth within Race.CheckNodes
	// positions a side), the check of the verdict; SearchErr is why it
	// found nothing. Where the two disagree, Outcome and Loser are the
	// search's, which plays the race out under the rules, and Check says
	// so.
	Search    semeai.Search
	SearchErr error
	// Checking says the search is still under way: the count is shown
	// before it, since the search of a real game's race can take a second
	// where the count takes milliseconds. Check says whether the search
	// agrees with the verdict; "" while it is under way.
	Checking bool
	Check    string
	// Elapsed is the time the analysis took, and CheckElapsed the
	// search's.
	Elapsed, CheckElapsed time.Duration
}

// Disagrees reports whether the search settled the race otherwise than
// the verdict.
func (res *RaceResult) Disagrees() bool {
	return !res.Checking && res.SearchErr == nil && !res.Search.Agrees(res.Analysis.Verdict)
}

// checked returns res, whose search is under way, with the search made
// within nodes positions a side: where it disagrees with the verdict the
// outcome is the search's. res is shown meanwhile, so it is copied, not
// changed.
func (res *RaceResult) checked(ctx context.Context, nodes int, solve solver) *RaceResult {
	start := time.Now()
	c := *res
	c.Verdict = slices.Clone(res.Verdict)
	c.Checking = false
	c.check(ctx, nodes, solve)
	c.CheckElapsed = time.Since(start)
	return &c
}

// stopped returns res, whose search is under way, with the search given
// up (RaceMode.Cancel): the count stands unchecked.
func (res *RaceResult) stopped() *RaceResult {
	c := *res
	c.Checking, c.SearchErr = false, errStopped
	c.Check = "The exhaustive search that checks the verdict was stopped."
	return &c
}

// solver searches a race within a number of positions a side, as
// semeai.SearchBoth does (which tests replace).
type solver func(context.Context, *semeai.Race, int) (semeai.Search, error)

// solveSafely runs solve on race, a panic turned into an error: as in
// analyseRace, a position the search cannot handle must not take the
// app down, and the search runs after it, on the same worker.
func solveSafely(ctx context.Context, solve solver, race *semeai.Race, nodes int) (o semeai.Search, err error) {
	if err = safely(func() (err error) { o, err = solve(ctx, race, nodes); return err }); err != nil {
		return semeai.Search{}, err
	}
	return o, nil
}

// check searches the race of res within nodes positions a side, and
// where the search disagrees with the verdict takes its outcome.
func (res *RaceResult) check(ctx context.Context, nodes int, solve solver) {
	race := res.Analysis.Race
	res.Search, res.SearchErr = solveSafely(ctx, solve, race, nodes)
	switch {
	case res.SearchErr != nil && !errors.Is(res.SearchErr, semeai.ErrSearchLimit):
		res.Check = "The exhaustive search that checks the verdict failed: " + res.SearchErr.Error() + "."
	case res.SearchErr != nil:
		res.Check = fmt.Sprintf("An exhaustive search could not check the verdict within %s positions.", thousands(nodes))
	case !res.Disagrees():
		res.Check = "An exhaustive search agrees." + res.checkMoves(ctx, nodes)
	default:
		res.Play = res.Search.Move(res.ToMove)
		res.Outcome = res.Search.First(res.ToMove)
		res.Loser = res.Outcome.Winner().Opponent()
		res.Verdict[len(res.Verdict)-1] = toMoveLine(race, res.ToMove, res.Loser) + " (by the search)"
		// The territory supposes the count's winner.
		if t := res.Territory; t != "" {
			res.Territory = "By the count, which the search contradicts: " + strings.ToLower(t[:1]) + t[1:]
		}
		res.Check = "An exhaustive search disagrees: " + res.Search.String() + "." + searchMoves(res.Search, race.Pos.Size()) + " It plays the race out under the rules, where the count rests on the seed's model of liberty regions (which breaks down when a block can connect out or live), so the board follows the search."
	}
}

// checkMoves searches the race after each side's tedomari, within nodes
// positions a search (semeai.CheckMove), and says in a sentence each
// move that does not reach the end the search agrees on, with a move that
// does; "" when every tedomari reaches it, or could not be checked. A
// move of the side to move that it refutes is no longer the one the
// board marks: the search's is, if it found one.
func (res *RaceResult) checkMoves(ctx context.Context, nodes int) string {
	v := res.Analysis.Verdict
	race := res.Analysis.Race
	var b strings.Builder
	for _, m := range []*semeai.Move{v.BlackMove, v.WhiteMove} {
		if m == nil {
			continue
		}
		want := res.Search.First(m.Color)
		var c semeai.MoveCheck
		err := safely(func() (err error) { c, err = semeai.CheckMove(ctx, race, *m, want, nodes); return err })
		if err != nil || c.Reaches {
			continue // unchecked: the verdict's move stands as the count's
		}
		if m.Color == res.ToMove {
			res.Play = c.Better
		}
		size := race.Pos.Size()
		fmt.Fprintf(&b, " But %s's tedomari %s does not reach it: after it %s.", m.Color.Name(), m.Point.Label(size), strings.ToLower(resultWords(semeai.Verdict{}, c.After)))
		if c.Better != nil {
			fmt.Fprintf(&b, " The search's move is %s.", c.Better.Label(size))
		}
	}
	return b.String()
}

// safely runs f, a panic turned into an error: a position a search
// cannot handle must not take the app down.
func safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("semeai: internal error: %v", p)
		}
	}()
	return f()
}

// RaceRegion is a liberty region of a race, or the sum of all, written
// out.
type RaceRegion struct {
	Name     string // "A", "B", …; "sum"
	Kind     semeai.Kind
	Defender board.Color // Empty for a region counting for both blocks
	Points   []board.Point
	Empty    int
	// Label is the point the board writes the cooled value on: the empty
	// point nearest the region's centre.
	Label board.Point
	// Game is the liberty counting game, Cooled the game cooled by 2, in
	// the notation of the literature; Short is Cooled in ASCII for the
	// board, or its mean followed by "~" when that is too long to write on
	// a point ("live" when the block can live there).
	Game, Cooled, Short string
	// Temperature is the game's temperature, written as a number.
	Temperature string
	// Territory is the region's territory score cooled by 1 with the
	// race's winner (Glose or Gwin), "" for a region counting for both.
	Territory string
	// Thermo is the game's thermograph, for drawing.
	Thermo render.Thermo
	// Notes are what the analysis flags about the region.
	Notes []string
}

// analyseRace finds the race in pos between the blocks of picks (two
// stones) and analyses it within lim, leaving the search that checks the
// verdict to be made (RaceResult.checked). It is what the race mode's
// worker runs; a panic is turned into an error, since a position the
// analysis cannot handle must not take the app down.
func analyseRace(ctx context.Context, pos *board.Position, picks []board.Point, lim semeai.Limits) (res *RaceResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("semeai: internal error: %v", p)
		}
	}()
	start := time.Now()
	if len(picks) != 2 {
		return nil, fmt.Errorf("a race needs two blocks, %d picked", len(picks))
	}
	race, err := semeai.NewRace(pos, picks[0], picks[1])
	if err != nil {
		return nil, err
	}
	a, err := semeai.Analyze(ctx, race, lim)
	if err != nil {
		return nil, refusal(race, err, lim)
	}
	if res, err = newRaceResult(ctx, a, pos.ToMove()); err != nil {
		return nil, refusal(race, err, lim)
	}
	res.Checking = true
	res.Elapsed = time.Since(start)
	return res, nil
}

// raceRefused is the error of a race too large to analyse: the race is
// one, and the board still shows its blocks and regions, the region
// refused in bold, so that the user sees what is too large.
type raceRefused struct {
	race   *semeai.Race
	region int // the index of the region refused; −1 when the sum was
	err    error
	// search is who captures with each side moving first, found by an
	// exhaustive search of the race instead (semeai.SearchBoth within
	// race.QuickSearchNodes positions a side); searchErr is why there is
	// no such verdict either, often the search's own limit.
	search    semeai.Search
	searchErr error
	// searching says the search is still under way: the refusal is shown
	// before it, since the search can take seconds.
	searching bool
	// further is the MaxNodes to analyse the race with again when it was
	// refused for needing more positions than lim allowed, below semeai's
	// default; 0 when more would not help, or when the default refused it.
	further int
}

func (e *raceRefused) Error() string { return "cannot analyse this race: " + e.err.Error() }

func (e *raceRefused) Unwrap() error { return e.err }

// refusal returns err, the error of analysing race within lim, as a
// raceRefused when the race is too large or a region's game unsound
// (semeai.ErrUnsound), its search still to be made
// (raceRefused.searchedWith).
func refusal(race *semeai.Race, err error, lim semeai.Limits) error {
	if !errors.Is(err, semeai.ErrTooLarge) && !errors.Is(err, semeai.ErrUnsound) {
		return err
	}
	rf := &raceRefused{race: race, region: -1, err: err}
	if nodes := cmp.Or(lim.MaxNodes, semeai.DefaultMaxNodes); errors.Is(err, semeai.ErrNodeLimit) && nodes < semeai.DefaultMaxNodes {
		rf.further = min(10*nodes, semeai.DefaultMaxNodes)
	}
	if re := (*semeai.RegionError)(nil); errors.As(err, &re) {
		rf.region = re.Region
	}
	rf.searching = true
	return rf
}

// searchedWith returns e, whose search is under way, with the verdict
// of an exhaustive search (within semeai.Race.QuickSearchNodes positions
// a side), which settles many races the analysis cannot value. e is shown
// meanwhile, so it is copied, not changed.
func (e *raceRefused) searchedWith(ctx context.Context, solve solver) *raceRefused {
	c := *e
	c.searching = false
	c.search, c.searchErr = solveSafely(ctx, solve, c.race, c.race.QuickSearchNodes())
	return &c
}

// errStopped is the error of a search stopped by RaceMode.Cancel.
var errStopped = errors.New("it was stopped")

// stopped returns e, whose search is under way, with the search given up.
func (e *raceRefused) stopped() *raceRefused {
	c := *e
	c.searching, c.searchErr = false, errStopped
	return &c
}

// loser returns the colour whose block the search captures with the side
// to move moving first, or Empty: the block the board crosses out, as it
// does the loser of an analysed race.
func (e *raceRefused) loser() board.Color {
	if e.searching || e.searchErr != nil {
		return board.Empty
	}
	return e.search.First(e.race.Pos.ToMove()).Winner().Opponent()
}

// play returns the search's capturing move for the side to move, the
// move the board marks, or nil.
func (e *raceRefused) play() *board.Point {
	if e.searching || e.searchErr != nil {
		return nil
	}
	return e.search.Move(e.race.Pos.ToMove())
}

// searched says what the exhaustive search found (Searched).
func (e *raceRefused) searched() string {
	return Searched(e.search, e.searchErr, e.race.QuickSearchNodes(), e.race.Pos.Size())
}

// Searched says what an exhaustive search of at most nodes positions a
// side found when the analysis refused a race on a board of size: the
// outcomes o and their capturing first moves, or err why it found none:
// "By an exhaustive search instead, with no values: Black captures,
// whoever moves first. Black moving first captures starting at K12."
func Searched(o semeai.Search, err error, nodes int, size int) string {
	switch {
	case errors.Is(err, semeai.ErrSearchLimit):
		return fmt.Sprintf("An exhaustive search found no verdict either: it stopped at its limit of %s positions.", thousands(nodes))
	case err != nil:
		return "An exhaustive search found no verdict either: " + err.Error() + "."
	}
	return "By an exhaustive search instead, with no values: " + o.String() + "." + searchMoves(o, size)
}

// searchMoves names the search's capturing first moves, as " Black
// moving first captures starting at M12." for each side that captures
// moving first; "" where neither does.
func searchMoves(o semeai.Search, size int) string {
	var b strings.Builder
	for _, c := range []board.Color{board.Black, board.White} {
		if m := o.Move(c); m != nil {
			fmt.Fprintf(&b, " %s moving first captures starting at %s.", c.Name(), m.Label(size))
		}
	}
	return b.String()
}

// regions describes the refused race's regions (RefusedRegions).
func (e *raceRefused) regions() []string { return RefusedRegions(e.race, e.region) }

// RefusedRegions describes the regions of a race whose analysis refused
// its region k (−1 for none), a line each: "A  White, shared  12 empty
// points  (refused)". The app lists them so, and 'moyo semeai' too.
func RefusedRegions(race *semeai.Race, k int) []string {
	var lines []string
	for i, g := range race.Regions {
		line := fmt.Sprintf("%s  %s  %s", RegionName(i), regionSide(g.Kind, g.Defender), Plural(g.Empty, "empty point"))
		if i == k {
			line += "  (refused)"
		}
		lines = append(lines, line)
	}
	return lines
}

// newRaceResult writes out analysis a with toMove to play.
func newRaceResult(ctx context.Context, a *semeai.Analysis, toMove board.Color) (*RaceResult, error) {
	tb, r := a.Table, a.Race
	pos := r.Pos
	res := &RaceResult{Analysis: a, ToMove: toMove, Black: describeBlock(pos, r.Black), White: describeBlock(pos, r.White)}
	tr, err := a.Territory(ctx, toMove)
	if err != nil {
		return nil, err
	}
	for k, rv := range a.Regions {
		g := RaceRegion{
			Name:        RegionName(k),
			Kind:        rv.Kind,
			Defender:    rv.Defender,
			Empty:       rv.Empty,
			Label:       semeai.LabelPoint(pos, rv.Points, nil),
			Game:        rv.Game.String(),
			Cooled:      rv.Cooled.String(),
			Short:       shortValue(tb, rv.Cooled),
			Temperature: formatDyadic(rv.Temperature),
			Thermo:      thermo(rv.Thermograph),
		}
		for _, i := range rv.Points {
			g.Points = append(g.Points, pos.PointOf(i))
		}
		if k < len(tr.Regions) && tr.Regions[k].Score != nil {
			g.Territory = tr.Regions[k].Score.String()
		}
		if rv.Alive {
			g.Notes = append(g.Notes, fmt.Sprintf("Some line of play here leaves %s's block uncapturable (valued %d liberties)", rv.Defender.Name(), semeai.AliveCount))
		}
		if rv.Irregular > 0 {
			g.Notes = append(g.Notes, fmt.Sprintf("%d positions where the attacker's options are not all numbers (his best is taken)", rv.Irregular))
		}
		if rv.Cycles > 0 {
			g.Notes = append(g.Notes, fmt.Sprintf("%d positions valued under the ban on repeating a position (captures and recaptures, ko)", rv.Cycles))
		}
		res.Regions = append(res.Regions, g)
	}
	res.Sum = RaceRegion{
		Name:        "sum",
		Game:        a.Total.String(),
		Cooled:      a.Cooled.String(),
		Short:       shortValue(tb, a.Cooled),
		Temperature: formatDyadic(a.TotalThermograph.Temperature),
		Thermo:      thermo(a.TotalThermograph),
	}
	v := a.Verdict
	res.Outcome = v.BlackFirst
	if toMove == board.White {
		res.Outcome = v.WhiteFirst
	}
	if b, ok := a.Loser(toMove); ok {
		res.Loser = b.Color
	}
	res.Play = v.Play(toMove)
	res.Verdict = verdictLines(a, res)
	switch {
	case v.BothLive:
		res.Territory = "Both blocks live: the race decides no territory."
	case v.Lives(toMove):
		res.Territory = fmt.Sprintf("With %s to move %s's block lives: the race decides no territory.", toMove.Name(), toMove.Name())
	case v.Saves(toMove):
		res.Territory = fmt.Sprintf("With %s to move %s's block escapes from atari: the race decides no territory.", toMove.Name(), toMove.Name())
	case tr.Total != nil:
		winner := "the race is a seki"
		if tr.Winner != board.Empty {
			winner = tr.Winner.Name() + " wins the race"
		}
		res.Territory = fmt.Sprintf("With %s to move %s, leaving a count of %s (area, Black positive, the blocks' %d points included).",
			toMove.Name(), winner, tr.Mean.String(), tr.Blocks)
	}
	for _, s := range tr.Semedori {
		res.Semedori = append(res.Semedori, fmt.Sprintf("%s %s in region %s gains %s: count %s",
			s.Color.Name(), s.Point.Label(pos.Size()), RegionName(s.Region), s.Gain.String(), s.Mean.String()))
	}
	return res, nil
}

// verdictLines says what the verdict is, in the seed's terms.
func verdictLines(a *semeai.Analysis, res *RaceResult) []string {
	v := a.Verdict
	pos := a.Race.Pos
	var lines []string
	sum := "Cooled by 2 the sum is " + Clip(a.Cooled.String(), 40)
	switch v.Case {
	case 1:
		sum += fmt.Sprintf(": case 1, the integer %d.", v.N)
	case 2:
		sum += fmt.Sprintf(": case 2, between %d and %d.", v.N, v.N+1)
	case 3:
		sum += fmt.Sprintf(": case 3, confused with %d.", v.N)
	default:
		sum += ": still hot after cooling, so it is played out."
	}
	if v.BothLive {
		// The counts of life cancel in the sum, which says nothing then.
		return append(lines, sum,
			"Each block lives in a region of its own, or by its own game in a region they share, whoever moves first (a count of 1000 liberties for its side), so neither can be captured.",
			toMoveLine(a.Race, res.ToMove, res.Loser))
	}
	lines = append(lines, sum)
	if v.Threshold != 0 {
		lines = append(lines, fmt.Sprintf("With the shared liberties a side must reach %d to capture; short of it on both sides the race is a seki.", v.Threshold))
	}
	side := func(c board.Color, adjust int64, r semeai.Result, m *semeai.Move, lives bool) string {
		s := c.Name() + " first: "
		if v.Case != 0 {
			s += fmt.Sprintf("adjustment value %d, ", adjust)
		}
		switch {
		case lives:
			s += fmt.Sprintf("neither is captured, since %s's block lives at once, which the sum hides", c.Name())
		case m != nil && m.Saves:
			s += fmt.Sprintf("neither is captured, since %s's block, in atari, escapes, which the sum does not see", c.Name())
		default:
			s += resultWords(v, r)
		}
		switch {
		case m != nil && m.Lives:
			s += fmt.Sprintf("; it lives by %s (region %s)", m.Point.Label(pos.Size()), RegionName(m.Region))
		case m != nil && m.Saves:
			s += fmt.Sprintf("; it escapes by %s (region %s)", m.Point.Label(pos.Size()), RegionName(m.Region))
		case m != nil && m.Wins:
			s += fmt.Sprintf("; tedomari at %s (region %s)", m.Point.Label(pos.Size()), RegionName(m.Region))
		case m != nil:
			s += fmt.Sprintf("; the best try, %s (region %s), does not win", m.Point.Label(pos.Size()), RegionName(m.Region))
		}
		return s + "."
	}
	lines = append(lines,
		side(board.Black, v.BlackAdjust, v.BlackFirst, v.BlackMove, v.BlackLives),
		side(board.White, v.WhiteAdjust, v.WhiteFirst, v.WhiteMove, v.WhiteLives))
	return append(lines, toMoveLine(a.Race, res.ToMove, res.Loser))
}

// toMoveLine says which block of race is captured with toMove to play:
// loser's, or neither's when loser is Empty.
func toMoveLine(race *semeai.Race, toMove, loser board.Color) string {
	if loser == board.Empty {
		return fmt.Sprintf("%s to move: neither block is captured.", toMove.Name())
	}
	pos := race.Pos
	b := race.Block(loser)
	return fmt.Sprintf("%s to move: %s's block at %s is captured.", toMove.Name(), loser.Name(), pos.PointOf(b.Anchor()).Label(pos.Size()))
}

// resultWords says who wins the outcome r of verdict v.
func resultWords(v semeai.Verdict, r semeai.Result) string {
	switch {
	case r == semeai.BlackCaptures:
		return "Black captures"
	case r == semeai.WhiteCaptures:
		return "White captures"
	case v.BothLive:
		return "neither is captured (both blocks live)"
	case v.Seki(r):
		return "neither is captured (seki)"
	}
	return "neither is captured"
}

// describeBlock writes an essential block: "C5, 6 stones, 4 liberties".
func describeBlock(pos *board.Position, b semeai.Block) string {
	return fmt.Sprintf("%s, %s, %s", pos.PointOf(b.Anchor()).Label(pos.Size()), Plural(len(b.Stones), "stone"), Plural(len(b.Liberties), "liberty"))
}

// RegionName names region k as 'moyo semeai' does: A, B, …, Z, then A2,
// B2, ….
func RegionName(k int) string {
	l := string(rune('A' + k%26))
	if k >= 26 {
		l += strconv.Itoa(k/26 + 1)
	}
	return l
}

// shortLabel is the most characters a value is written with on a point.
const shortLabel = 6

// bigNumber matches the numbers of a value in ASCII.
var bigNumber = regexp.MustCompile(`-?[0-9]+(/[0-9]+)?`)

// shortValue writes cooled value g for a point of the board: in ASCII
// but for its numbers, which are written as the table writes them (2¾,
// not 11/4: one notation on the board and beside it), with "live" for a
// count that makes the block uncapturable (semeai.AliveCount, less the
// cooling), when that is short enough; else its mean followed by "~".
func shortValue(tb *cgt.Table, g *cgt.Game) string {
	live := false
	s := bigNumber.ReplaceAllStringFunc(g.ASCII(), func(n string) string {
		x, err := tb.Parse(n)
		if err != nil {
			return n
		}
		f, ok := tb.Numberish(x)
		if ok && math.Abs(f.Float64()) >= semeai.AliveCount/2 {
			live = true
			return "live"
		}
		if v, ok := x.Number(); ok {
			return v.String()
		}
		return n
	})
	if n := utf8.RuneCountInString(s); n <= shortLabel || live && n <= shortLabel+2 {
		return s
	}
	return tb.Mean(g).String() + "~"
}

// formatDyadic writes a dyadic rational as a decimal: "2", "-0.5".
func formatDyadic(x cgt.Dyadic) string {
	return strconv.FormatFloat(x.Float64(), 'f', -1, 64)
}

// thermo converts a thermograph for drawing.
func thermo(th cgt.Thermograph) render.Thermo {
	wall := func(w cgt.Wall) []render.ThermoPoint {
		out := make([]render.ThermoPoint, len(w.Points))
		for k, p := range w.Points {
			out[k] = render.ThermoPoint{T: p.T.Float64(), V: p.V.Float64()}
		}
		return out
	}
	return render.Thermo{Left: wall(th.Left), Right: wall(th.Right), Mast: th.Mast.Float64(), Temperature: th.Temperature.Float64()}
}
