package workspace

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"moyo/board"
	"moyo/cgt"
	"moyo/render"
	"moyo/semeai"
)

// RaceResult is the analysis of a capturing race as the race mode shows
// it: semeai's Analysis and its Report, and what the panel and the board
// show of them as plain data, written out on the worker that analysed
// the race, so that nothing on the UI goroutine touches the analysis's
// cgt.Table. Every sentence is the report's (semeai.Report), which 'moyo
// semeai' prints too.
type RaceResult struct {
	Analysis *semeai.Analysis
	Report   *semeai.Report
	// Black and White describe the essential blocks: "C5, 6 stones, 4
	// liberties".
	Black, White string
	// Regions are the liberty regions, named A, B, … as 'moyo semeai'
	// names them; Sum is the sum of their games (Name "sum").
	Regions []RaceRegion
	Sum     RaceRegion
	// ToMove is the side to move in the position, Outcome the race's end
	// with it moving first, and Loser the colour whose block is then
	// captured (Empty for none): the search's where it overrules the
	// count (semeai.Report.First).
	ToMove  board.Color
	Outcome semeai.Result
	Loser   board.Color
	// Play is ToMove's move that the board marks (semeai.Report.Play);
	// nil for none.
	Play *board.Point
	// Verdict explains the count, a sentence a line, and its last line
	// says who is captured with ToMove to play (semeai.Report.Explanation
	// and Headline).
	Verdict []string
	// Territory sums up the territory the race leaves with ToMove to
	// play, and Semedori lists the moves that change it without changing
	// who wins; empty when there is none.
	Territory string
	Semedori  []string
	// Search is what an exhaustive search of the race found with each
	// side moving first (semeai.SearchBoth within Race.CheckNodes
	// positions a side), the check of the verdict; SearchErr is why it
	// found nothing.
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
	// CheckNodes is the positions a side the search was given.
	CheckNodes int

	// unchecked is the result as it was shown before its search (the
	// count alone, Checking), which a search further checks again; undo,
	// while a search further is under way, the result it replaces, which
	// stopping it brings back.
	unchecked, undo *RaceResult
}

// Disagrees reports whether the search settled the race otherwise than
// the verdict: the outcome is then the search's.
func (res *RaceResult) Disagrees() bool { return !res.Checking && res.Report.BySearch() }

// checked returns res, whose search is under way, with the search that
// checks the count: with solve nil, the analysis's own search where it
// settled the race, else semeai.SearchBoth within nodes positions a side
// (semeai.Analysis.CheckSearch); solve where tests give one. Where it
// disagrees with the verdict the outcome is the search's. res is shown
// meanwhile, so it is copied, not changed.
func (res *RaceResult) checked(ctx context.Context, nodes int, solve solver) *RaceResult {
	start := time.Now()
	a := res.Analysis
	var s semeai.Search
	var err error
	limit := nodes // the search's, which the report states
	if solve == nil {
		err = safely(func() (err error) { s, limit, err = a.CheckSearch(ctx, nodes); return err })
	} else {
		s, err = solveSafely(ctx, solve, a.Race, nodes)
	}
	rep := res.Report.AddSearch(s, err, limit)
	rep.CheckMoves(ctx, nodes)
	c := res.withReport(rep)
	c.Search, c.SearchErr, c.CheckNodes = s, err, limit
	c.unchecked, c.undo = res, nil
	// The analysis's search is the check's, or its first part: its time
	// is shown as the check's, not the count's.
	c.CheckElapsed = a.SettleTime + time.Since(start)
	c.Elapsed -= a.SettleTime
	return c
}

// deeper returns the positions a side a search further gives the check
// of res, ten times those of a search that stopped at its limit without
// settling the race, at most furtherSearchNodes; 0 where none is offered:
// the search is under way, settled the race, failed otherwise, or was
// given that many already. The count stands unconfirmed until then, and
// a search further can overrule it (AlphaGo Zero's Fig. 5c game 1 after
// move 200, O3 v R2: the count has White capture whoever moves first,
// the search further a ko with Black moving first).
func (res *RaceResult) deeper() int {
	if res.Checking || res.unchecked == nil || !errors.Is(res.SearchErr, semeai.ErrSearchLimit) || res.CheckNodes >= furtherSearchNodes {
		return 0
	}
	return min(10*res.CheckNodes, furtherSearchNodes)
}

// searchFurther returns the count of res, whose search stopped at its
// limit (deeper), to be shown while a search of deeper positions a side
// checks it again (Checking; see RaceMode.checkFurther), res restored if
// that is stopped. It shows the count's own time, as res does.
func (res *RaceResult) searchFurther() *RaceResult {
	c := *res.unchecked
	c.Elapsed, c.CheckNodes, c.undo = res.Elapsed, res.deeper(), res
	return &c
}

// stopped returns res, whose search is under way, with the search given
// up (RaceMode.Cancel): the count stands unchecked, or checked as it was
// before a search further.
func (res *RaceResult) stopped() *RaceResult {
	if res.undo != nil {
		return res.undo
	}
	c := res.withReport(res.Report.AddSearch(semeai.Search{}, errStopped, 0))
	c.SearchErr = errStopped
	return c
}

// withReport returns a copy of res, whose search was under way, with
// the report rep, which has the search, and what it says.
func (res *RaceResult) withReport(rep *semeai.Report) *RaceResult {
	c := *res
	c.Report, c.Checking = rep, false
	c.sayReport()
	return &c
}

// sayReport sets the outcome, the move and the sentences from the
// report.
func (res *RaceResult) sayReport() {
	rep := res.Report
	res.Outcome, res.Loser, res.Play = rep.First(res.ToMove), rep.Loser(), rep.PlayPoint()
	res.Verdict = append(rep.Explanation(), rep.Headline())
	res.Territory, res.Semedori, res.Check = rep.TerritoryLine(), rep.SemedoriLines(), rep.CheckLine()
}

// solver searches a race within a number of positions a side, as
// semeai.SearchBoth does (which tests replace; nil is SearchBoth, or the
// analysis's own search where it has one).
type solver func(context.Context, *semeai.Race, int) (semeai.Search, error)

// solveSafely runs solve on race, a panic turned into an error: as in
// analyseRace, a position the search cannot handle must not take the
// app down, and the search runs after it, on the same worker.
func solveSafely(ctx context.Context, solve solver, race *semeai.Race, nodes int) (o semeai.Search, err error) {
	// A search that fails keeps the bounds of what it settled; a panic
	// leaves none.
	err = safely(func() (err error) { o, err = solve(ctx, race, nodes); return err })
	return o, err
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
	// the notation of the literature, as the report writes them (a count
	// of life reads "Black lives"); Short is Cooled as the board writes it
	// on a point (shortValue).
	Game, Cooled, Short string
	// Mean and Temperature are the game's, as the report writes them
	// ("life" for the temperature of a game where a move decides a
	// block's life, whose mean is then "-").
	Mean, Temperature string
	// Territory is the region's territory score cooled by 1 with the
	// race's winner (Glose or Gwin), "" for a region counting for both.
	Territory string
	// Thermo is the game's thermograph, for drawing.
	Thermo render.Thermo
	// Life is the colour whose life the game counts as it stands (a
	// block alive already, or joined to a safe wall), or Empty: there is
	// then no thermograph worth drawing.
	Life board.Color
	// Notes are what the analysis flags about the region.
	Notes []string
}

// analyseRace finds the race in pos between the blocks of picks (two
// stones) and analyses it within lim, leaving the search that checks the
// verdict to be made (RaceResult.checked). Where the search settles the
// race and the count takes longer than countPatience, answered is given
// the search's answer (a raceRefused counting) while the count is made.
// It is what the race mode's worker runs; a panic is turned into an
// error, since a position the analysis cannot handle must not take the
// app down.
func analyseRace(ctx context.Context, pos *board.Position, picks []board.Point, lim semeai.Limits, answered func(*raceRefused)) (res *RaceResult, err error) {
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
	s, err := semeai.SearchRace(ctx, race, lim)
	if err != nil {
		return nil, refusal(race, err, lim)
	}
	// Where the search settled the race, its answer is shown while a
	// slow count is made; it is written out here, on the worker.
	var a *semeai.Analysis
	if s.Answered() && answered != nil {
		shown := counting(race, s)
		a, err = countAfter(ctx, s.Count, countPatience, func() { answered(shown) })
	} else {
		a, err = s.Count(ctx)
	}
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

// countPatience is how long the race mode waits for the count of a race
// the search has settled before it shows the search's answer alone: the
// count of a real game's race can take seconds, and one made in
// milliseconds shows with the answer, without a flash of the answer
// alone before it.
const countPatience = 300 * time.Millisecond

// errCounting is the count's error while it is being made, the error of
// a raceRefused counting.
var errCounting = errors.New("the count is still being made")

// countAfter runs count; where it takes longer than patience, early is
// called meanwhile, and never after count is done: the caller shows the
// count after what early shows.
func countAfter(ctx context.Context, count func(context.Context) (*semeai.Analysis, error), patience time.Duration, early func()) (*semeai.Analysis, error) {
	var mu sync.Mutex
	done := false
	t := time.AfterFunc(patience, func() {
		mu.Lock()
		defer mu.Unlock()
		if !done {
			early()
		}
	})
	a, err := count(ctx)
	mu.Lock()
	done = true
	mu.Unlock()
	t.Stop()
	return a, err
}

// counting returns the race s settled, whose count is under way, as
// the race mode shows it meanwhile: the search's answer.
func counting(race *semeai.Race, s *semeai.Searched) *raceRefused {
	rf := searchAnswer(race, s.Search(), s.Nodes(), errCounting)
	rf.counting = true
	return rf
}

// searchAnswer returns race, answered by search (what semeai.SearchBoth
// found within nodes positions a side), with no count, for why.
func searchAnswer(race *semeai.Race, search semeai.Search, nodes int, why error) *raceRefused {
	err := &semeai.CountError{Search: search, Nodes: nodes, Err: why}
	return &raceRefused{rf: semeai.NewRefusal(race, err), race: race, err: err}
}

// raceRefused is the error of a race too large to analyse: the race is
// one, and the board still shows its blocks and regions, the region
// refused in bold, so that the user sees what is too large. While a slow
// count is made it also holds the search's answer (counting), shown the
// same way, no region refused.
type raceRefused struct {
	// rf is semeai's refusal, with what an exhaustive search of the race
	// found instead (semeai.SearchBoth within race.QuickSearchNodes
	// positions a side), once it is made.
	rf   *semeai.Refusal
	race *semeai.Race
	// searching says the search is still under way: the refusal is shown
	// before it, since the search can take seconds.
	searching bool
	// counting says the search has settled the race and its count is
	// still being made (countAfter): the race is not refused, and the
	// search's answer is shown before the count.
	counting bool
	// further is the MaxNodes to analyse the race with again when it was
	// refused for needing more positions than lim allowed, below semeai's
	// default; 0 when more would not help, or when the default refused it.
	further int
	// nodes is the positions a side the search is given: 0 for the
	// race's QuickSearchNodes, more for a search further (searchFurther),
	// which undo, the refusal before it, replaces if it is stopped.
	nodes int
	undo  *raceRefused
	err   error
}

// furtherSearchNodes is the most positions a side a search further may
// visit: some half a minute to a minute and 1 GB of memory on a 2-core
// machine. AlphaGo Zero's Fig. 5c game 1 after move 200, O3 v R2, which
// the quick search leaves unsettled, settles within it as a ko.
const furtherSearchNodes = 6_000_000

// searchNodes returns the positions a side e's search is given.
func (e *raceRefused) searchNodes() int { return cmp.Or(e.nodes, e.race.QuickSearchNodes()) }

// deeper returns the positions a side a search further gives the race,
// ten times those of the search that stopped at its limit without
// settling it, at most furtherSearchNodes; 0 where no search further
// is offered: the search is under way, settled the race, failed
// otherwise, or was given that many already.
func (e *raceRefused) deeper() int {
	nodes, reached := e.rf.SearchLimit()
	if e.searching || e.counting || !reached || nodes >= furtherSearchNodes {
		return 0
	}
	return min(10*nodes, furtherSearchNodes)
}

// searchFurther returns e, whose search stopped at its limit (deeper),
// with a search of deeper positions a side to be made (searching), e
// restored if it is stopped.
func (e *raceRefused) searchFurther() *raceRefused {
	c := *e
	c.searching, c.nodes, c.undo = true, e.deeper(), e
	return &c
}

func (e *raceRefused) Error() string { return "cannot analyse this race: " + e.rf.Error }

func (e *raceRefused) Unwrap() error { return e.err }

// refusal returns err, the error of analysing race within lim, as a
// raceRefused, which shows the race's regions with the one refused,
// where a region is at fault (one that opens onto the board, or one the
// count could not play out) or the end depends on play beyond them. Only
// where a search may still settle the race (semeai.Searchable) is one
// still to be made (raceRefused.searchedWith).
func refusal(race *semeai.Race, err error, lim semeai.Limits) error {
	searchable := semeai.Searchable(err)
	if code := semeai.RefusalCodeOf(err); !searchable && code != semeai.RefusedOpenRegion && code != semeai.RefusedWallBeyond {
		return err
	}
	rf := &raceRefused{rf: semeai.NewRefusal(race, err), race: race, err: err}
	// Analyze's own search may have settled the race, or searched more
	// than the search that stands in for the count would.
	rf.searching = searchable && rf.rf.NeedsSearch(race.QuickSearchNodes())
	if nodes := cmp.Or(lim.MaxNodes, semeai.DefaultMaxNodes); errors.Is(err, semeai.ErrNodeLimit) && nodes < semeai.DefaultMaxNodes {
		rf.further = min(10*nodes, semeai.DefaultMaxNodes)
	}
	return rf
}

// searchedWith returns e, whose search is under way, with the verdict
// of an exhaustive search (within searchNodes positions a side), which
// settles many races the analysis cannot value. e is shown meanwhile, so
// it is copied, not changed.
func (e *raceRefused) searchedWith(ctx context.Context, solve solver) *raceRefused {
	c := *e
	c.searching, c.undo = false, nil
	nodes := c.searchNodes()
	if solve == nil {
		solve = semeai.SearchBoth
	}
	s, err := solveSafely(ctx, solve, c.race, nodes)
	c.rf = c.rf.AddSearch(s, err, nodes)
	return &c
}

// stoppedError is the error of a search stopped by RaceMode.Cancel: a
// cancellation, in the words a report uses.
type stoppedError struct{}

func (stoppedError) Error() string { return "it was stopped" }

func (stoppedError) Is(target error) bool { return target == context.Canceled }

// errStopped is the error of a search stopped by RaceMode.Cancel.
var errStopped error = stoppedError{}

// stopped returns e, whose search is under way, with the search given
// up: a search further gives way to the refusal as it was before it.
func (e *raceRefused) stopped() *raceRefused {
	if e.undo != nil {
		return e.undo
	}
	c := *e
	c.searching = false
	c.rf = c.rf.AddSearch(semeai.Search{}, errStopped, c.searchNodes())
	return &c
}

// countStopped returns e, whose count is under way (counting), with the
// count given up: the search's answer stands, without its explanation.
func (e *raceRefused) countStopped() *raceRefused {
	return searchAnswer(e.race, e.rf.Outcomes(), e.rf.Search.Nodes, errStopped)
}

// settled reports whether the search settled the race.
func (e *raceRefused) settled() bool { return !e.searching && e.rf.Settled() }

// loser returns the colour whose block the search captures with the side
// to move moving first, or Empty: the block the board crosses out, as it
// does the loser of an analysed race.
func (e *raceRefused) loser() board.Color {
	if !e.settled() {
		return board.Empty
	}
	return e.rf.Outcomes().First(e.race.Pos.ToMove()).Winner().Opponent()
}

// play returns the search's capturing move for the side to move, the
// move the board marks, or nil.
func (e *raceRefused) play() *board.Point {
	if !e.settled() {
		return nil
	}
	return e.rf.Outcomes().Move(e.race.Pos.ToMove())
}

// searched says what the exhaustive search found (semeai.Refusal's
// SearchLine).
func (e *raceRefused) searched() string { return e.rf.SearchLine() }

// regions describes the refused race's regions, a line each.
func (e *raceRefused) regions() []string { return e.rf.RegionLines() }

// newRaceResult writes out analysis a with toMove to play.
func newRaceResult(ctx context.Context, a *semeai.Analysis, toMove board.Color) (*RaceResult, error) {
	tb, r := a.Table, a.Race
	pos := r.Pos
	rep, err := semeai.NewReport(ctx, a, toMove)
	if err != nil {
		return nil, err
	}
	res := &RaceResult{Analysis: a, Report: rep, ToMove: toMove, Black: describeBlock(pos, r.Black), White: describeBlock(pos, r.White)}
	for k, rv := range a.Regions {
		rr := rep.Regions[k]
		g := RaceRegion{
			Name:        rr.Label,
			Kind:        rv.Kind,
			Defender:    rv.Defender,
			Empty:       rv.Empty,
			Label:       semeai.LabelPoint(pos, rv.Points, nil),
			Game:        rr.Game,
			Cooled:      rr.Cooled,
			Short:       shortValue(tb, rv.Cooled),
			Mean:        rr.Mean,
			Temperature: rr.Temperature,
			Thermo:      thermo(rv.Thermograph),
			Life:        semeai.GameLife(rv.Game),
		}
		for _, i := range rv.Points {
			g.Points = append(g.Points, pos.PointOf(i))
		}
		if k < len(rep.Territory.Regions) && rep.Territory.Regions[k].Score != nil {
			g.Territory = *rep.Territory.Regions[k].Score
		}
		for _, n := range rr.Notes {
			g.Notes = append(g.Notes, strings.ToUpper(n[:1])+n[1:])
		}
		res.Regions = append(res.Regions, g)
	}
	res.Sum = RaceRegion{
		Name:        "sum",
		Game:        rep.Total,
		Cooled:      rep.Cooled,
		Short:       shortValue(tb, a.Cooled),
		Mean:        semeai.MeanText(a.TotalThermograph),
		Temperature: semeai.TemperatureText(a.TotalThermograph.Temperature),
		Thermo:      thermo(a.TotalThermograph),
		Life:        semeai.GameLife(a.Total),
	}
	res.sayReport()
	return res, nil
}

// describeBlock writes an essential block: "C5, 6 stones, 4 liberties".
func describeBlock(pos *board.Position, b semeai.Block) string {
	return fmt.Sprintf("%s, %s, %s", pos.PointOf(b.Anchor()).Label(pos.Size()), Plural(len(b.Stones), "stone"), Plural(len(b.Liberties), "liberty"))
}

// shortLabel is the most characters a value is written with on a point.
const shortLabel = 6

// bigNumber matches the numbers of a value in ASCII.
var bigNumber = regexp.MustCompile(`-?[0-9]+(/[0-9]+)?`)

// shortValue writes cooled value g for a point of the board: as the
// table writes it, but for its numbers, which are written as the table
// writes them (2¾, not 11/4: one notation on the board and beside it),
// when that is short enough, else its mean followed by "~". Where a
// count of life is in play (semeai.LifeOf), it reads "live", and the
// mean, between a count of life and one of liberties, counts nothing:
// the stops say what each side gets moving first, "live|2" ("~" after
// them where g is more than the two).
func shortValue(tb *cgt.Table, g *cgt.Game) string {
	live := false
	s := bigNumber.ReplaceAllStringFunc(g.ASCII(), func(n string) string {
		x, err := tb.Parse(n)
		if err != nil {
			return n
		}
		if f, ok := tb.Numberish(x); ok && semeai.LifeOf(f) != board.Empty {
			live = true
		}
		if v, ok := x.Number(); ok {
			return v.String()
		}
		return n
	})
	if !live {
		if utf8.RuneCountInString(s) <= shortLabel {
			return s
		}
		return tb.Mean(g).String() + "~"
	}
	stop := func(x cgt.Dyadic) string {
		if semeai.LifeOf(x) != board.Empty {
			return "live"
		}
		return x.String()
	}
	l, r := tb.LeftStop(g), tb.RightStop(g)
	if g.IsNumber() {
		return stop(l)
	}
	out := stop(l) + "|" + stop(r)
	if tb.New([]*cgt.Game{tb.Num(l)}, []*cgt.Game{tb.Num(r)}) != g {
		out += "~"
	}
	return out
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
	return render.Thermo{Left: wall(th.Left), Right: wall(th.Right), Mast: th.Mast.Float64(), Temperature: th.Temperature.Float64(), Bound: semeai.LifeBound}
}
