package semeai

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"moyo/board"
	"moyo/cgt"
)

// This file is the one place where a race's result is put into words:
// the report 'moyo semeai' writes (as text and as JSON) and the app's race
// panel shows. The count's encoding of a block that lives (AliveCount
// liberties) is written "Black lives" or "White lives" wherever a value
// is written out: it is a device of the analysis, not a count a reader
// can use.

// LifeBound is the least count, in absolute value, that stands for a
// block that lives (AliveCount, less what cooling and the liberties of
// the other regions can take off it or add to it): no region of a race
// the analysis plays out holds that many liberties.
const LifeBound = AliveCount / 4

// LifeOf returns the colour whose block count x says lives: Black for
// x ≥ LifeBound, White for x ≤ −LifeBound, Empty for a count of
// liberties.
func LifeOf(x cgt.Dyadic) board.Color {
	switch {
	case x.Cmp(cgt.Int(LifeBound)) >= 0:
		return board.Black
	case x.Cmp(cgt.Int(-LifeBound)) <= 0:
		return board.White
	}
	return board.Empty
}

// GameLife returns the colour whose life game g counts as it stands (a
// number that is a count of life, LifeOf), or Empty: such a region has
// no liberties to count and no thermograph but a mast far off.
func GameLife(g *cgt.Game) board.Color {
	if x, ok := g.Number(); ok {
		return LifeOf(x)
	}
	return board.Empty
}

// lifeWords is how a count of life reads: "Black lives".
func lifeWords(c board.Color) string { return c.Name() + " lives" }

// countText writes count x: a number, or "Black lives" for a count of
// life.
func countText(x cgt.Dyadic) string {
	if c := LifeOf(x); c != board.Empty {
		return lifeWords(c)
	}
	return x.String()
}

// intText writes an integer count n as countText does.
func intText(n int64) string { return countText(cgt.Int(n)) }

// number matches a number as cgt writes one: an integer, an improper
// fraction (ASCII), or a mixed number with a fraction glyph.
var number = regexp.MustCompile(`-?[0-9]+(?:/[0-9]+)?[⅛¼⅜½⅝¾⅞]?`)

// GameText writes liberty counting game g in the notation of the
// literature (ascii: as 'moyo cgt --ascii' does), each count of life
// written "Black lives" or "White lives": {998|3} is {Black lives|3}.
func GameText(g *cgt.Game, ascii bool) string {
	s := g.String()
	if ascii {
		s = g.ASCII()
	}
	return lifeText(s)
}

// subscript matches a number written in subscript digits, as cgt writes
// the subscript of a tiny or a miny (⧾₂).
var subscript = regexp.MustCompile(`[₀-₉]+`)

// lifeText replaces each number of s, a value written out, that is a
// count of life by its words; a tiny's or miny's subscript that is one
// reads "(lives)": ⧿₁₀₀₀ is ⧿(lives).
func lifeText(s string) string {
	s = number.ReplaceAllStringFunc(s, func(n string) string {
		if c := lifeOfText(n); c != board.Empty {
			return lifeWords(c)
		}
		return n
	})
	return subscript.ReplaceAllStringFunc(s, func(n string) string {
		v := 0
		for _, r := range n {
			v = min(10*v+int(r-'₀'), AliveCount*10)
		}
		if v >= LifeBound {
			return "(lives)"
		}
		return n
	})
}

// lifeOfText is LifeOf of number n as number matches it; a fraction
// glyph does not change which side of LifeBound an integer part lies.
func lifeOfText(n string) board.Color {
	n = strings.TrimRight(n, "⅛¼⅜½⅝¾⅞")
	num, den, _ := strings.Cut(n, "/")
	x, ok := new(big.Int).SetString(num, 10)
	if !ok {
		return board.Empty
	}
	d := big.NewInt(1)
	if den != "" {
		if d, ok = new(big.Int).SetString(den, 10); !ok || d.Sign() <= 0 {
			return board.Empty
		}
	}
	bound := new(big.Int).Mul(big.NewInt(LifeBound), d)
	switch {
	case x.Cmp(bound) >= 0:
		return board.Black
	case x.Cmp(new(big.Int).Neg(bound)) <= 0:
		return board.White
	}
	return board.Empty
}

// LifeTemperature reports whether temperature t is that of a game where
// a move decides whether a block lives: as hot as a count of life, not a
// number of liberties.
func LifeTemperature(t cgt.Dyadic) bool { return t.Cmp(cgt.Int(LifeBound/2)) >= 0 }

// TemperatureText writes temperature t as a report does: a number, or
// "life" where a move decides a block's life.
func TemperatureText(t cgt.Dyadic) string {
	if LifeTemperature(t) {
		return "life"
	}
	return t.String()
}

// MeanText writes the mean of a game of thermograph th as a report does:
// a count, or "-" where a move decides a block's life, and the mean,
// halfway between a count of life and one of liberties, counts nothing.
func MeanText(th cgt.Thermograph) string {
	if LifeTemperature(th.Temperature) {
		return "-"
	}
	return countText(th.Mast)
}

// wallText writes a thermograph's wall as (t, value) pairs, those at a
// temperature of life left out ("…" stands for them).
func wallText(w cgt.Wall) string {
	var parts []string
	for _, p := range w.Points {
		if LifeTemperature(p.T) {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, "("+p.T.String()+", "+countText(p.V)+")")
	}
	return strings.Join(parts, " ")
}

// Report is what moyo says of an analysed race: the blocks, the regions
// with their games, the count's verdict and the exhaustive search that
// checks it, the outcome, the move to play and the territory. Its JSON
// field names are read by other tools and do not change. Games are in
// the notation of 'moyo cgt' (Unicode), a count of life written "Black
// lives" or "White lives".
type Report struct {
	Size    int            `json:"size"`
	ToMove  string         `json:"to_move"` // B or W
	Black   BlockReport    `json:"black"`
	White   BlockReport    `json:"white"`
	Regions []RegionReport `json:"regions"`
	// Total is the sum of the regions' games, Cooled the sum cooled by 2.
	Total  string `json:"total"`
	Cooled string `json:"cooled"`
	// Verdict is the count's, Search the exhaustive search's that checks
	// it, and Outcome the race's end: the search's where it settled the
	// race, the count's otherwise.
	Verdict   VerdictReport   `json:"verdict"`
	Search    SearchReport    `json:"search"`
	Outcome   OutcomeReport   `json:"outcome"`
	Territory TerritoryReport `json:"territory"`
	// Differences say, where the count and the search differ, which
	// region breaks which assumption of the count's model.
	Differences []DifferenceReport `json:"differences,omitempty"`
	// Play is the move of the side to move that a picture marks: the
	// count's tedomari where it wins, makes the block live or keeps it
	// from capture, the search's move where the search refutes it or
	// disagrees with the count; "" for none.
	Play string `json:"play,omitempty"`

	a       *Analysis
	toMove  board.Color
	play    *board.Point
	search  Search
	checked bool // the search has been made (AddSearch)
}

// DifferenceReport is a way the count and the search differ with one
// side moving first (B or W), and the region (A, B, …; "" for the race as
// a whole) and the assumption of the count's model it breaks.
type DifferenceReport struct {
	First  string     `json:"first"`
	Count  string     `json:"count"`  // B, W or "-"
	Search string     `json:"search"` // B, W or "-"
	Region string     `json:"region,omitempty"`
	Breaks Assumption `json:"breaks"`
}

// BlockReport is an essential block: a stone naming it, its stones and
// liberties.
type BlockReport struct {
	Point     string `json:"point"`
	Stones    int    `json:"stones"`
	Liberties int    `json:"liberties"`
}

// RegionReport is a liberty region with its game.
type RegionReport struct {
	Label       string   `json:"label"` // A, B, …
	Kind        string   `json:"kind"`
	Defender    string   `json:"defender"` // B, W, or "both"
	Points      []string `json:"points"`
	Empty       int      `json:"empty"`
	Liberties   []string `json:"liberties"`
	Game        string   `json:"game"`
	Cooled      string   `json:"cooled"`
	Mean        string   `json:"mean"`        // "-" where a move decides a block's life
	Temperature string   `json:"temperature"` // "life" where a move decides a block's life
	LeftWall    string   `json:"left_wall"`
	RightWall   string   `json:"right_wall"`
	Notes       []string `json:"notes"`
}

// VerdictReport is the count's verdict (Verdict): outcomes are B, W or
// "-" (neither captured). A move is named only where it matters: it
// wins, makes the block live, or keeps it from a capture that moving
// second would suffer.
type VerdictReport struct {
	Case        int    `json:"case"`
	N           string `json:"n"`
	Threshold   int64  `json:"threshold"`
	BlackAdjust string `json:"black_adjust"`
	WhiteAdjust string `json:"white_adjust"`
	BlackFirst  string `json:"black_first"`
	WhiteFirst  string `json:"white_first"`
	BlackMove   string `json:"black_move"`
	WhiteMove   string `json:"white_move"`
	BothLive    bool   `json:"both_live,omitempty"`
	BlackLives  bool   `json:"black_lives,omitempty"`
	WhiteLives  bool   `json:"white_lives,omitempty"`
	BlackSaves  bool   `json:"black_saves,omitempty"`
	WhiteSaves  bool   `json:"white_saves,omitempty"`
}

// SearchReport is what the exhaustive search found: who captures with
// each side moving first (B, W or "-"), or the error that stopped it,
// within Nodes positions a side.
type SearchReport struct {
	Nodes      int    `json:"nodes"`
	BlackFirst string `json:"black_first,omitempty"`
	WhiteFirst string `json:"white_first,omitempty"`
	// BlackMove and WhiteMove are the first moves by which a side moving
	// first captures ("" where it does not).
	BlackMove string `json:"black_move,omitempty"`
	WhiteMove string `json:"white_move,omitempty"`
	Error     string `json:"error,omitempty"`
	// Agrees says whether the search found what the count says; absent
	// where there is no count (a refusal) or no search.
	Agrees *bool `json:"agrees,omitempty"`
	// Moves are the count's moves the search refutes (CheckMove).
	Moves []MoveReport `json:"moves,omitempty"`
	// Bounds, where the search stopped at its limit, are what it did
	// settle with a side moving first (Search.Bounds).
	Bounds []BoundReport `json:"bounds,omitempty"`
	// Kos are the sides moving first whose end a ko decides
	// (Search.Kinds): at_least is the end when White wins the ko, at_most
	// when Black does; BlackFirst or WhiteFirst is the first mover's.
	Kos []BoundReport `json:"kos,omitempty"`
	// Unchecked are the moves beyond the race, on a liberty outside it of
	// a wall the race cannot capture, whose effect on the ends the search
	// did not settle (Search.Unchecked).
	Unchecked []BeyondReport `json:"unchecked,omitempty"`

	err error
}

// koReports writes the ends of the sides of s that a ko decides.
func koReports(s Search) []BoundReport {
	return sideBounds(s, func(k int, _ Bound) bool { return s.Kinds[k] == Ko })
}

// BoundReport is what a search stopped at its limit settled with one
// side moving first (B or W): the end is at least AtLeast and at most
// AtMost, each B, W or "-", in the order W < - < B ("-" to "B": Black's
// block is not captured, whether White's is not settled).
type BoundReport struct {
	First   string `json:"first"`
	AtLeast string `json:"at_least"`
	AtMost  string `json:"at_most"`
}

// boundReports writes the bounds of s that tell anything.
func boundReports(s Search) []BoundReport {
	return sideBounds(s, func(_ int, b Bound) bool { return b.Known() })
}

// sideBounds writes the bounds of the sides of s moving first (k: 0
// Black, 1 White) that keep says to.
func sideBounds(s Search, keep func(k int, b Bound) bool) []BoundReport {
	var out []BoundReport
	for k, c := range []board.Color{board.Black, board.White} {
		if b := s.Bounds[k]; keep(k, b) {
			out = append(out, BoundReport{First: c.String(), AtLeast: ResultLetter(b.Lo()), AtMost: ResultLetter(b.Hi())})
		}
	}
	return out
}

// settledLine says what a search stopped at its limit did settle: "
// What it settled: Black moving first, Black's block is not captured
// (whether White's is was not settled); White moving first, neither is
// captured."; "" where it settled nothing.
func settledLine(s Search) string {
	var parts []string
	for _, c := range []board.Color{board.Black, board.White} {
		if b := s.Bound(c); b.Known() {
			parts = append(parts, c.Name()+" moving first, "+b.String())
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " What it settled: " + strings.Join(parts, "; ") + "."
}

// MoveReport is a count's move the search refutes: after it the race
// ends with After (B, W or "-"), and Better, if not "", reaches the end.
type MoveReport struct {
	Color  string `json:"color"`
	Move   string `json:"move"`
	After  string `json:"after"`
	Better string `json:"better,omitempty"`
}

// OutcomeReport is the race's end with each side moving first (B, W or
// "-"), and By what settled it: "search" where the search overrules the
// count with either side moving first, "count" otherwise.
type OutcomeReport struct {
	BlackFirst string `json:"black_first"`
	WhiteFirst string `json:"white_first"`
	By         string `json:"by"`
	// BlackBy and WhiteBy say by what each side's outcome was settled,
	// "search" or "count": the search can settle one side moving first
	// and stop at its limit on the other.
	BlackBy string `json:"black_by"`
	WhiteBy string `json:"white_by"`

	black, white Result
}

// TerritoryReport is the territory the race leaves with the side to move
// playing (Analysis.Territory), counted by territory, Black positive.
type TerritoryReport struct {
	Winner  string            `json:"winner"` // B, W or "neither"
	Regions []RegionTerReport `json:"regions"`
	Blocks  int               `json:"blocks"`
	Total   string            `json:"total"`
	Mean    string            `json:"mean"`
	// Uncounted names the regions whose score holds a block's life
	// (Territory.LifeIn): the total is then no count, and Mean is "".
	Uncounted []string         `json:"uncounted,omitempty"`
	Semedori  []SemedoriReport `json:"semedori"`

	winner board.Color
	lives  []board.Color // the defender of each region of Uncounted
}

// RegionTerReport is a region's territory: its size, its score if its
// defender wins the race and if he loses it, and the one the winner
// gets (nil for a region the race leaves to neither).
type RegionTerReport struct {
	Label string  `json:"label"`
	Base  int     `json:"base"`
	Win   *string `json:"win"`
	Lose  *string `json:"lose"`
	Score *string `json:"score"`
}

// SemedoriReport is a move that changes the territory, not the race.
type SemedoriReport struct {
	Color  string `json:"color"`
	Point  string `json:"point"`
	Region string `json:"region"`
	Gain   string `json:"gain"`
	Mean   string `json:"mean"`
}

// RegionName names region k: A, B, …, Z, then A2, B2, ….
func RegionName(k int) string {
	l := string(rune('A' + k%26))
	if k >= 26 {
		l += strconv.Itoa(k/26 + 1)
	}
	return l
}

// ResultLetter writes r as a report's outcomes do: B, W, or "-" for
// neither captured.
func ResultLetter(r Result) string {
	switch r {
	case BlackCaptures:
		return "B"
	case WhiteCaptures:
		return "W"
	}
	return "-"
}

// colorOrBoth writes a region's defender: B, W, or "both".
func colorOrBoth(c board.Color) string {
	if c == board.Empty {
		return "both"
	}
	return c.String()
}

// NewReport writes out analysis a with toMove to play, its territory
// included, which judges the race after every first move and can take
// longer than the analysis: it stops with ctx's error when ctx is
// cancelled. The search that checks the verdict is added by AddSearch.
func NewReport(ctx context.Context, a *Analysis, toMove board.Color) (*Report, error) {
	r := a.Race
	pos := r.Pos
	size := pos.Size()
	lbl := func(i int) string { return pos.PointOf(i).Label(size) }
	labels := func(is []int) []string {
		out := []string{}
		for _, i := range is {
			out = append(out, lbl(i))
		}
		return out
	}
	rep := &Report{a: a, toMove: toMove, Size: size, ToMove: toMove.String(),
		Black: blockReport(pos, r.Black), White: blockReport(pos, r.White),
		Total: GameText(a.Total, false), Cooled: GameText(a.Cooled, false)}
	for k, rv := range a.Regions {
		rep.Regions = append(rep.Regions, RegionReport{
			Label: RegionName(k), Kind: rv.Kind.String(), Defender: colorOrBoth(rv.Defender),
			Points: labels(rv.Points), Empty: rv.Empty, Liberties: labels(rv.Liberties),
			Game: GameText(rv.Game, false), Cooled: GameText(rv.Cooled, false),
			Mean: MeanText(rv.Thermograph), Temperature: TemperatureText(rv.Temperature),
			LeftWall: wallText(rv.Thermograph.Left), RightWall: wallText(rv.Thermograph.Right),
			Notes: regionNotes(rv),
		})
	}
	v := a.Verdict
	mv := func(c board.Color) string {
		if m := rep.moveThatMatters(c); m != nil {
			return m.Point.Label(size)
		}
		return ""
	}
	// Where the search settled the race the verdict's outcomes are its;
	// the count's own are kept beside them.
	cb, cw := rep.countFirst(board.Black), rep.countFirst(board.White)
	rep.Verdict = VerdictReport{
		Case: v.Case, N: intText(v.N), Threshold: v.Threshold,
		BlackAdjust: intText(v.BlackAdjust), WhiteAdjust: intText(v.WhiteAdjust),
		BlackFirst: ResultLetter(cb), WhiteFirst: ResultLetter(cw),
		BlackMove: mv(board.Black), WhiteMove: mv(board.White),
		BothLive: v.CountBothLive, BlackLives: v.BlackLives, WhiteLives: v.WhiteLives,
		BlackSaves: v.Saves(board.Black), WhiteSaves: v.Saves(board.White),
	}
	// A side moving first whose end the search settled otherwise than
	// the count is the search's; where it settled the whole race, both.
	rep.setOutcome(v.BlackFirst, v.WhiteFirst, settledBy(cb, v.BlackFirst), settledBy(cw, v.WhiteFirst))
	for _, d := range a.Differences {
		dr := DifferenceReport{First: d.First.String(), Count: ResultLetter(d.Count), Search: ResultLetter(d.Search), Breaks: d.Breaks}
		if d.Region >= 0 {
			dr.Region = RegionName(d.Region)
		}
		rep.Differences = append(rep.Differences, dr)
	}
	if m := rep.moveThatMatters(toMove); m != nil {
		p := m.Point
		rep.setPlay(&p)
	}
	tr, err := a.Territory(ctx, toMove)
	if err != nil {
		return nil, err
	}
	t := TerritoryReport{winner: tr.Winner, Winner: colorOrBoth(tr.Winner), Blocks: tr.Blocks,
		Total: GameText(tr.Total, false), Mean: countText(tr.Mean), Semedori: []SemedoriReport{}}
	if tr.Winner == board.Empty {
		t.Winner = "neither"
	}
	for _, k := range tr.LifeIn {
		t.Uncounted = append(t.Uncounted, RegionName(k))
		t.lives = append(t.lives, a.Regions[k].Defender)
	}
	if len(t.Uncounted) > 0 {
		t.Mean = ""
	}
	text := func(g *cgt.Game) *string {
		if g == nil {
			return nil
		}
		s := GameText(g, false)
		return &s
	}
	for k, rt := range tr.Regions {
		t.Regions = append(t.Regions, RegionTerReport{Label: RegionName(k), Base: rt.Base, Win: text(rt.Win), Lose: text(rt.Lose), Score: text(rt.Score)})
	}
	for _, s := range tr.Semedori {
		t.Semedori = append(t.Semedori, SemedoriReport{Color: s.Color.String(), Point: s.Point.Label(size),
			Region: RegionName(s.Region), Gain: s.Gain.String(), Mean: countText(s.Mean)})
	}
	rep.Territory = t
	return rep, nil
}

// blockReport describes essential block b of pos.
func blockReport(pos *board.Position, b Block) BlockReport {
	return BlockReport{Point: pos.PointOf(b.Anchor()).Label(pos.Size()), Stones: len(b.Stones), Liberties: len(b.Liberties)}
}

// regionNotes are what the analysis flags about region rv, in words.
func regionNotes(rv RegionValue) []string {
	notes := []string{}
	who := "a block"
	if rv.Defender != board.Empty {
		who = rv.Defender.Name() + "'s block"
	}
	switch {
	case rv.Already && rv.Alive:
		notes = append(notes, who+" is alive already (two eyes or more): no play anywhere can capture it, and its life is counted here")
	case rv.Already:
		notes = append(notes, who+" is alive already (two eyes or more): its liberties here do not count")
	case rv.Alive:
		notes = append(notes, "some line of play here leaves "+who+" uncapturable")
	}
	if rv.Irregular > 0 {
		notes = append(notes, fmt.Sprintf("%s where the attacker's options are not all numbers (his best is taken)", count(rv.Irregular, "position", "positions")))
	}
	if rv.Cycles > 0 {
		notes = append(notes, fmt.Sprintf("%s valued where a position may not repeat (captures and recaptures, ko)", count(rv.Cycles, "position", "positions")))
	}
	return notes
}

// moveThatMatters returns the count's move for c moving first where it
// matters: it wins, makes c's block live or saves it from atari, or
// moving first brings c a better end than moving second (the capture
// the count has it reach, or a seki it keeps); nil otherwise. In a seki
// that stands whoever moves, and in a race lost whoever moves, no move
// is named.
func (r *Report) moveThatMatters(c board.Color) *Move {
	v := r.a.Verdict
	m := v.Move(c)
	if m == nil || v.BothLive {
		return nil
	}
	if m.Wins || m.Lives || m.Saves {
		return m
	}
	first, second := v.BlackFirst, v.WhiteFirst
	if c == board.White {
		first, second = -second, -first // from White's side
	}
	if first > second {
		return m
	}
	return nil
}

// settledBy says what settled a side moving first whose end the count
// found count and the search search: "search" where the two differ, so
// that the outcome is the search's, else "count".
func settledBy(count, search Result) string {
	if count != search {
		return "search"
	}
	return "count"
}

// setOutcome sets the outcome with each side moving first, and by what
// ("search" or "count") for each.
func (r *Report) setOutcome(black, white Result, blackBy, whiteBy string) {
	by := "count"
	if blackBy == "search" || whiteBy == "search" {
		by = "search"
	}
	r.Outcome = OutcomeReport{black: black, white: white, BlackFirst: ResultLetter(black), WhiteFirst: ResultLetter(white), By: by, BlackBy: blackBy, WhiteBy: whiteBy}
}

// setPlay sets the move the side to move plays, or none.
func (r *Report) setPlay(p *board.Point) {
	r.play, r.Play = p, ""
	if p != nil {
		r.Play = p.Label(r.Size)
	}
}

// Analysis returns the analysis the report is of.
func (r *Report) Analysis() *Analysis { return r.a }

// PlayPoint returns the move of the side to move that a picture marks
// (Play), or nil.
func (r *Report) PlayPoint() *board.Point { return r.play }

// First returns the race's end with c moving first: the search's where
// it settled the race, the count's otherwise.
func (r *Report) First(c board.Color) Result {
	if c == board.White {
		return r.Outcome.white
	}
	return r.Outcome.black
}

// Loser returns the colour whose block is captured with the side to move
// playing first, or Empty.
func (r *Report) Loser() board.Color { return r.First(r.toMove).Winner().Opponent() }

// BySearch reports whether the search settled the race, or a side of it
// moving first, otherwise than the count: the outcome is then the
// search's (where a side, BySearchFirst says which).
func (r *Report) BySearch() bool { return r.Outcome.By == "search" }

// BySearchFirst reports whether the outcome with c moving first is the
// search's, which overrules the count's.
func (r *Report) BySearchFirst(c board.Color) bool {
	if c == board.White {
		return r.Outcome.WhiteBy == "search"
	}
	return r.Outcome.BlackBy == "search"
}

// byCountAlone reports whether the outcome with c moving first is the
// count's with nothing to stand on but the count: Analyze's search ran
// and stopped short of settling that side, and so did the search that
// checks the count, if it was made.
func (r *Report) byCountAlone(c board.Color) bool {
	k := 0
	if c == board.White {
		k = 1
	}
	if r.checked && r.search.Kinds[k] != Unsettled {
		return false
	}
	return r.a.SettleErr != nil && r.a.Verdict.Kind(c) == Unsettled
}

// countFirst returns the count's own outcome with c moving first
// (Verdict.CountBlackFirst, CountWhiteFirst).
func (r *Report) countFirst(c board.Color) Result {
	v := r.a.Verdict
	if c == board.Black {
		return v.CountBlackFirst
	}
	return v.CountWhiteFirst
}

// words says in plain words what breaking assumption b means for a
// region's count.
func (b Assumption) words() string {
	switch b {
	case BreaksKo:
		return "a ko decides the race, and the count plays no ko"
	case BreaksLife:
		return "a block can live there, which the count takes for a great many liberties"
	case BreaksEyeShape:
		return "an eye whose shape decides, not its liberties one by one"
	case BreaksSharedRule:
		return "shared liberties given to the side with an eye by a rule of thumb that holds only if the other side cannot approach them"
	case BreaksIndependence:
		return "not independent of the other regions (a chain around it has liberties elsewhere too)"
	case BreaksOrder:
		return "captures and recaptures that make its count depend on the order of moves"
	case BreaksLastLiberty:
		return "a last liberty taken only by a capture, which the count values by moyo's own rule"
	}
	return "no assumption moyo can name, yet the two differ"
}

// DifferenceLines say, a line for each side moving first where the count
// and the search differ, which regions break which assumptions of the
// count's model, each assumption once with the regions that break it:
// "Black first: the count says Black captures, the search says White
// captures. Regions A and C: not independent of the other regions (…);
// region B: a block can live there, …". Where the second side's reasons
// are the first's, its line says so rather than repeat them.
func (r *Report) DifferenceLines() []string {
	var out []string
	var prev string // the reasons of the line before
	for _, c := range []board.Color{board.Black, board.White} {
		var head string
		// The assumptions broken, in the order first met, each with
		// the regions that break it (−1: the race as a whole).
		type broken struct {
			breaks  Assumption
			regions []int
		}
		var groups []broken
		for _, d := range r.a.Differences {
			if d.First != c {
				continue
			}
			switch {
			case head == "" && d.Count == d.Search:
				head = fmt.Sprintf("%s first: the count says %s, and so does the search, through a ko, which the count does not play", c.Name(), d.Count)
				continue
			case head == "":
				head = fmt.Sprintf("%s first: the count says %s, the search says %s", c.Name(), d.Count, d.Search)
			}
			k := slices.IndexFunc(groups, func(g broken) bool { return g.breaks == d.Breaks && (g.regions[0] < 0) == (d.Region < 0) })
			if k < 0 {
				groups = append(groups, broken{breaks: d.Breaks})
				k = len(groups) - 1
			}
			if !slices.Contains(groups[k].regions, d.Region) {
				groups[k].regions = append(groups[k].regions, d.Region)
			}
		}
		var parts []string
		for _, g := range groups {
			where := "the race as a whole"
			if g.regions[0] >= 0 {
				slices.Sort(g.regions)
				names := make([]string, len(g.regions))
				for i, k := range g.regions {
					names[i] = RegionName(k)
				}
				where = "region " + names[0]
				if len(names) > 1 {
					where = "regions " + andList(names)
				}
			}
			parts = append(parts, where+": "+g.breaks.words())
		}
		reasons := upperFirst(strings.Join(parts, "; "))
		switch {
		case head == "":
			continue
		case reasons == "":
			out = append(out, head+".")
		case reasons == prev:
			out = append(out, head+", for the same reasons.")
		default:
			out = append(out, head+". "+reasons+".")
		}
		prev = reasons
	}
	return out
}

// upperFirst capitalises the first letter of s, which is ASCII.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// AddSearch returns a copy of r with what an exhaustive search within
// nodes positions a side (SearchBoth) found, s, or err why it found
// nothing: where it settles the race otherwise than the count, the
// outcome and the move to play are the search's. r itself, which may be
// shown meanwhile, is left as it is.
func (r *Report) AddSearch(s Search, err error, nodes int) *Report {
	c := *r
	c.checked, c.search = true, s
	c.Search = SearchReport{Nodes: nodes, err: err}
	if err != nil {
		c.Search.Error = err.Error()
		c.Search.Bounds = boundReports(s)
		return &c
	}
	label := func(p *board.Point) string {
		if p == nil {
			return ""
		}
		return p.Label(r.Size)
	}
	c.Search.BlackFirst, c.Search.WhiteFirst = ResultLetter(s.BlackFirst), ResultLetter(s.WhiteFirst)
	c.Search.BlackMove, c.Search.WhiteMove = label(s.BlackMove), label(s.WhiteMove)
	c.Search.Kos = koReports(s)
	c.Search.Unchecked = beyondReports(s.Unchecked, r.Size)
	// The check is of the count: the verdict's outcomes are already the
	// search's where Analyze settled the race.
	count := r.a.Verdict
	count.BlackFirst, count.WhiteFirst = r.countFirst(board.Black), r.countFirst(board.White)
	agrees := s.Agrees(count)
	c.Search.Agrees = &agrees
	if !agrees {
		// The search's outcomes; a side moving first the two agree on
		// stays the count's.
		c.setOutcome(s.BlackFirst, s.WhiteFirst, settledBy(count.BlackFirst, s.BlackFirst), settledBy(count.WhiteFirst, s.WhiteFirst))
		c.setPlay(s.Move(r.toMove))
	}
	return &c
}

// CheckMoves searches the race after each of the count's moves that
// matter, within nodes positions a search (CheckMove), where the search
// agrees with the count, and notes each move that does not reach the end
// the search agrees on, with a move that does; a refuted move of the side
// to move is no longer the one to play: the search's is. A move the
// search cannot check stands. It changes r: call it on AddSearch's copy.
func (r *Report) CheckMoves(ctx context.Context, nodes int) {
	if r.Search.Agrees == nil || !*r.Search.Agrees {
		return
	}
	for _, col := range []board.Color{board.Black, board.White} {
		m := r.moveThatMatters(col)
		if m == nil {
			continue
		}
		c, err := checkMoveSafely(ctx, r.a.Race, *m, r.search.First(col), nodes)
		if err != nil || c.Reaches {
			continue
		}
		if col == r.toMove {
			r.setPlay(c.Better)
		}
		mr := MoveReport{Color: col.String(), Move: m.Point.Label(r.Size), After: ResultLetter(c.After)}
		if c.Better != nil {
			mr.Better = c.Better.Label(r.Size)
		}
		r.Search.Moves = append(r.Search.Moves, mr)
	}
}

// checkMoveSafely is CheckMove, a panic turned into an error: a move the
// search cannot check stands as the count's.
func checkMoveSafely(ctx context.Context, race *Race, m Move, want Result, nodes int) (c MoveCheck, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("semeai: internal error: %v", p)
		}
	}()
	return CheckMove(ctx, race, m, want, nodes)
}

// countWords says who wins outcome res of the count's verdict v.
func countWords(v Verdict, res Result) string {
	switch {
	case res != Neither:
		return res.String()
	case v.CountBothLive:
		return "neither is captured (both blocks live)"
	case v.Seki(res):
		return "neither is captured (seki)"
	}
	return res.String()
}

// Explanation says what the count's verdict is, a sentence a line, in
// the terms of Nakamura's paper: the cooled sum and its case, the
// threshold of shared liberties, and each side's outcome moving first,
// with its move where one matters ("by the count" where the search
// overrules it).
func (r *Report) Explanation() []string {
	a := r.a
	v := a.Verdict
	sum := "Cooled by 2 the sum is " + clip(r.Cooled, maxGameText)
	lifeN := LifeOf(cgt.Int(v.N)) != board.Empty
	switch {
	case v.Case == 0:
		sum += ": still hot after cooling, so it is played out."
	case lifeN:
		sum += "."
	case v.Case == 1:
		sum += fmt.Sprintf(": case 1, the integer %d.", v.N)
	case v.Case == 2:
		sum += fmt.Sprintf(": case 2, between %d and %d.", v.N, v.N+1)
	case v.Case == 3:
		sum += fmt.Sprintf(": case 3, confused with %d.", v.N)
	}
	lines := []string{sum}
	if v.CountBothLive {
		return append(lines, "Each block lives in a region of its own, or by its own game in a region they share, whoever moves first, so neither can be captured.")
	}
	if v.Threshold != 0 {
		lines = append(lines, fmt.Sprintf("With the shared liberties a side must reach %d to capture; short of it on both sides the race is a seki.", v.Threshold))
	}
	size := a.Race.Pos.Size()
	// Where the search overrules the count, the count's outcomes are
	// said to be its own, not the race's.
	by := ""
	if r.BySearch() {
		by = " by the count"
	}
	side := func(c board.Color, adjust int64, res Result) string {
		s := c.Name() + " first" + by + ": "
		if v.Case != 0 && LifeOf(cgt.Int(adjust)) == board.Empty {
			s += fmt.Sprintf("adjustment value %d, ", adjust)
		}
		m := v.Move(c)
		switch {
		case v.Lives(c):
			s += fmt.Sprintf("neither is captured, since %s's block lives at once, which the sum hides", c.Name())
		case m != nil && m.Saves:
			s += fmt.Sprintf("neither is captured, since %s's block, in atari, escapes, which the sum does not see", c.Name())
		default:
			s += countWords(v, res)
		}
		if m = r.moveThatMatters(c); m != nil {
			at := fmt.Sprintf("%s (region %s)", m.Point.Label(size), RegionName(m.Region))
			switch {
			case m.Lives:
				s += "; it lives by " + at
			case m.Saves:
				s += "; it escapes by " + at
			case m.Wins || res == Result(c):
				s += "; tedomari at " + at
			default:
				s += "; its move " + at + " keeps its block from capture"
			}
		}
		return s + "."
	}
	lines = append(lines, side(board.Black, v.BlackAdjust, r.countFirst(board.Black)), side(board.White, v.WhiteAdjust, r.countFirst(board.White)))
	return append(lines, r.DifferenceLines()...)
}

// Headline says which block is captured with the side to move playing
// first, by the search where it overrules the count, and by the count
// where the search stopped short of settling that side: "White to move:
// Black's block at H6 is captured." Where a ko decides the race it says
// both of the ko's ends.
func (r *Report) Headline() string {
	to := r.toMove.Name()
	by := ""
	switch {
	case r.BySearchFirst(r.toMove):
		by = " (by the search)"
	case r.byCountAlone(r.toMove):
		by = " (by the count, which the search did not settle)"
	}
	if black, white, ok := r.koEnds(r.toMove); ok {
		return fmt.Sprintf("%s to move: a ko decides the race: %s if Black wins it, %s if White does%s.", to, r.end(black), r.end(white), by)
	}
	return fmt.Sprintf("%s to move: %s%s.", to, r.end(r.First(r.toMove)), by)
}

// end says who is captured at the end res: "White's block at S10 is
// captured", "neither block is captured".
func (r *Report) end(res Result) string {
	loser := res.Winner().Opponent()
	if loser == board.Empty {
		return "neither block is captured"
	}
	pos := r.a.Race.Pos
	b := r.a.Race.Block(loser)
	return fmt.Sprintf("%s's block at %s is captured", loser.Name(), pos.PointOf(b.Anchor()).Label(pos.Size()))
}

// koEnds returns the ends of the race with c moving first where the
// search found a ko deciding it: with Black winning the ko and with
// White; ok is false where no ko does, or the search did not settle that
// side. The outcome with c moving first (First) is the end where c wins
// the ko.
func (r *Report) koEnds(c board.Color) (black, white Result, ok bool) {
	k := 0
	if c == board.White {
		k = 1
	}
	if r.checked && r.Search.err == nil && r.search.Kinds[k] == Ko {
		b := r.search.Bounds[k]
		return b.Hi(), b.Lo(), true
	}
	if st := r.a.Settled[k]; r.a.Verdict.Searched && st.Kind == Ko {
		return st.IfBlackWinsKo, st.IfWhiteWinsKo, true
	}
	return Neither, Neither, false
}

// MoveLine names the move of the side to move (Play): "Black's move:
// K12"; "" for none.
func (r *Report) MoveLine() string {
	if r.play == nil {
		return ""
	}
	return fmt.Sprintf("%s's move: %s", r.toMove.Name(), r.Play)
}

// Short says the outcome for the side to move in a few words: "black
// captures", "seki", "both live", "white lives", "black escapes",
// "neither captured", "ko".
func (r *Report) Short() string {
	v := r.a.Verdict
	res := r.First(r.toMove)
	if _, _, ok := r.koEnds(r.toMove); ok {
		return "ko"
	}
	switch {
	case res != Neither:
		return strings.ToLower(res.String())
	case r.BySearchFirst(r.toMove):
		// The search does not tell a seki from two blocks that live.
		return "neither captured"
	case v.BothLive:
		return "both live"
	case v.Lives(r.toMove):
		return strings.ToLower(r.toMove.Name()) + " lives"
	case v.Saves(r.toMove):
		return strings.ToLower(r.toMove.Name()) + " escapes"
	case v.Seki(res):
		return "seki"
	}
	return "neither captured"
}

// CheckLine says whether the exhaustive search agrees with the count;
// "" before the search.
func (r *Report) CheckLine() string {
	s := r.Search
	switch {
	case !r.checked:
		return ""
	case errors.Is(s.err, context.Canceled):
		return "The exhaustive search that checks the verdict was stopped."
	case errors.Is(s.err, ErrSearchLimit):
		line := settledLine(r.search)
		if line == "" {
			return fmt.Sprintf("An exhaustive search could not check the verdict within %s positions.", thousands(s.Nodes))
		}
		if r.BySearch() {
			line += " Where that differs from the count, the outcome is the search's."
		}
		return fmt.Sprintf("An exhaustive search could not settle the whole race within %s positions a side.", thousands(s.Nodes)) + line
	case s.err != nil:
		return "The exhaustive search that checks the verdict failed: " + s.err.Error() + "."
	case *s.Agrees:
		var b strings.Builder
		b.WriteString("An exhaustive search agrees.")
		for _, m := range s.Moves {
			fmt.Fprintf(&b, " But %s's tedomari %s does not reach it: after it %s.", colorNamed(m.Color).Name(), m.Move, letterResult(m.After))
			if m.Better != "" {
				fmt.Fprintf(&b, " The search's move is %s.", m.Better)
			}
		}
		return b.String() + uncheckedLine(r.search, r.Size)
	}
	return "An exhaustive search disagrees: " + r.search.String() + "." + SearchMoves(r.search, r.Size) +
		" It plays the race out under the rules, where the count rests on the model of liberty regions of Nakamura's paper (which breaks down when a block can connect out or live), so the outcome is the search's." +
		uncheckedLine(r.search, r.Size)
}

// colorNamed is the colour a report writes B or W.
func colorNamed(s string) board.Color {
	if s == "W" {
		return board.White
	}
	return board.Black
}

// letterResult is the result a report writes B, W or "-", in words.
func letterResult(s string) string {
	switch s {
	case "B":
		return BlackCaptures.String()
	case "W":
		return WhiteCaptures.String()
	}
	return Neither.String()
}

// SearchMoves names the search's capturing first moves, as " Black
// moving first captures starting at M12." for each side that captures
// moving first; "" where neither does.
func SearchMoves(o Search, size int) string {
	var b strings.Builder
	for _, c := range []board.Color{board.Black, board.White} {
		if m := o.Move(c); m != nil {
			fmt.Fprintf(&b, " %s moving first captures starting at %s.", c.Name(), m.Label(size))
		}
	}
	return b.String()
}

// uncheckedLine says which moves beyond the race the search's ends
// were not checked against (Search.Unchecked), as " The search did not
// settle whether a Black stone at H9, played outside the race, would
// change this end."; "" where there are none.
func uncheckedLine(o Search, size int) string {
	if len(o.Unchecked) == 0 {
		return ""
	}
	stones := make([]string, len(o.Unchecked))
	for k, m := range o.Unchecked {
		stones[k] = fmt.Sprintf("a %s stone at %s", m.Color.Name(), m.Point.Label(size))
	}
	return fmt.Sprintf(" The search did not settle whether %s, played outside the race, would change this end.", listWith(stones, "or"))
}

// UncheckedLine says which moves beyond the race the search's ends were
// not checked against, as the check line ends with it (without its
// leading space); "" where there are none, or before the search.
func (r *Report) UncheckedLine() string { return strings.TrimSpace(uncheckedLine(r.search, r.Size)) }

// beyondReports writes moves beyond a race as a report gives them.
func beyondReports(ms []board.Move, size int) []BeyondReport {
	var out []BeyondReport
	for _, m := range ms {
		out = append(out, BeyondReport{Color: m.Color.String(), Point: m.Point.Label(size)})
	}
	return out
}

// TerritoryLine sums up the territory the race leaves with the side to
// move playing first; "" when there is none to say.
func (r *Report) TerritoryLine() string {
	v := r.a.Verdict
	to := r.toMove.Name()
	t := r.Territory
	var s string
	byCount := false // the count's territory, which supposes its winner
	switch {
	case v.BothLive:
		s = "Both blocks live: the race decides no territory."
	case v.Lives(r.toMove):
		s = fmt.Sprintf("With %s to move %s's block lives: the race decides no territory.", to, to)
	case v.Saves(r.toMove):
		s = fmt.Sprintf("With %s to move %s's block escapes from atari: the race decides no territory.", to, to)
	case r.First(r.toMove) == Neither && v.Kind(r.toMove) == BothLive:
		s = fmt.Sprintf("With %s to move both blocks live: the race decides no territory.", to)
	case t.Total != "":
		winner := "the race is a seki"
		if t.winner != board.Empty {
			winner = t.winner.Name() + " wins the race"
		}
		blocks := "stones in a seki count nothing"
		if t.winner != board.Empty {
			blocks = "the captured block's stone counts 2"
			if n := len(r.a.Race.Block(t.winner.Opponent()).Stones); n > 1 {
				blocks = fmt.Sprintf("the captured block's %d stones count 2 each", n)
			}
		}
		s = fmt.Sprintf("With %s to move %s, leaving a count of %s by territory, Black positive (%s).", to, winner, t.Mean, blocks)
		if len(t.Uncounted) > 0 {
			var where []string
			for k, g := range t.Uncounted {
				c := t.lives[k]
				where = append(where, fmt.Sprintf("in region %s %s's block lives if %s plays there first", g, c.Name(), c.Name()))
			}
			s = fmt.Sprintf("With %s to move %s; the territory it leaves has no count: %s, and the territory of Nakamura's paper counts points, not lives.", to, winner, strings.Join(where, "; "))
		}
		byCount = true
	}
	if byCount && t.winner != r.First(r.toMove).Winner() {
		// The territory supposes the count's winner, where the search
		// that checked the count found another.
		s = "By the count, which the search contradicts: " + strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

// SemedoriLines names the moves that change the territory, not the
// race: "Black C3 in region A gains 1: count -27".
func (r *Report) SemedoriLines() []string {
	var lines []string
	for _, s := range r.Territory.Semedori {
		lines = append(lines, fmt.Sprintf("%s %s in region %s gains %s: count %s", colorNamed(s.Color).Name(), s.Point, s.Region, s.Gain, s.Mean))
	}
	return lines
}

// maxGameText is the most characters of a game the text says: a region
// where a block can live has games of thousands of characters, which the
// JSON gives whole.
const maxGameText = 60

// clip shortens s to at most n characters, ending it with "…".
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// Text writes the report as 'moyo semeai' prints it: the blocks, the
// outcome with each side moving first and the move to play, then what
// explains it: a table of the regions, the sum, the count's verdict and
// the search's check; and the territory.
func (r *Report) Text() string {
	var b strings.Builder
	cut := false
	short := func(s string) string {
		c := clip(s, maxGameText)
		cut = cut || c != s
		return c
	}
	fmt.Fprintf(&b, "blocks:      Black %s (%s, %s), White %s (%s, %s)\n",
		r.Black.Point, count(r.Black.Stones, "stone", "stones"), count(r.Black.Liberties, "liberty", "liberties"),
		r.White.Point, count(r.White.Stones, "stone", "stones"), count(r.White.Liberties, "liberty", "liberties"))
	// The answer first, as the race panel shows it: the outcome with
	// each side moving first, then the side to move's end and move; the
	// count below explains it.
	b.WriteString("outcome:     " + r.OutcomeLine() + "\n" + r.Headline())
	if m := r.MoveLine(); m != "" {
		b.WriteString(" " + m + ".")
	}
	b.WriteString("\n\n")
	// The columns of the games widen to the longest, "{Black lives|2}"
	// say, within maxGameText.
	gw, cw := 14, 8
	for _, g := range r.Regions {
		gw = max(gw, utf8.RuneCountInString(clip(g.Game, maxGameText)))
		cw = max(cw, utf8.RuneCountInString(clip(g.Cooled, maxGameText)))
	}
	fmt.Fprintf(&b, "%-3s %-9s %-8s %5s  %-*s %-*s %-6s %s\n", "", "region", "defender", "empty", gw, "game", cw, "cooled", "temp", "points")
	for _, g := range r.Regions {
		fmt.Fprintf(&b, "%-3s %-9s %-8s %5d  %-*s %-*s %-6s %s\n", g.Label, g.Kind, g.Defender, g.Empty, gw, short(g.Game), cw, short(g.Cooled), g.Temperature, strings.Join(g.Points, " "))
		for _, n := range g.Notes {
			fmt.Fprintf(&b, "    note: %s\n", n)
		}
	}
	fmt.Fprintf(&b, "\ntotal:       %s\n\n", short(r.Total))
	for _, line := range r.Explanation() {
		b.WriteString(line + "\n")
	}
	if c := r.CheckLine(); c != "" {
		b.WriteString(c + "\n")
	}
	t := r.Territory
	won := "neither"
	if t.winner != board.Empty {
		won = t.winner.Name()
	}
	fmt.Fprintf(&b, "\nterritory with %s to move (the race won by %s), territory scoring, Black positive:\n", r.toMove.Name(), won)
	str := func(s *string) string {
		if s == nil {
			return "-"
		}
		return *s
	}
	for _, g := range t.Regions {
		fmt.Fprintf(&b, "  %-3s points %-3d win %-6s lose %-8s -> %s\n", g.Label, g.Base, short(str(g.Win)), short(str(g.Lose)), short(str(g.Score)))
	}
	if len(t.Uncounted) > 0 {
		fmt.Fprintf(&b, "  blocks %d\n  total %s (no count)\n", t.Blocks, short(t.Total))
	} else {
		fmt.Fprintf(&b, "  blocks %d\n  total %s (count %s)\n", t.Blocks, short(t.Total), t.Mean)
	}
	if line := r.TerritoryLine(); line != "" {
		b.WriteString(line + "\n")
	}
	if sm := r.SemedoriLines(); len(sm) == 0 {
		b.WriteString("Semedori: none.\n")
	} else {
		b.WriteString("Semedori (moves that change the count, not the race): " + strings.Join(sm, "; ") + ".\n")
	}
	if cut {
		fmt.Fprintf(&b, "\n(games over %d characters are cut short with …; --format json gives them whole)\n", maxGameText)
	}
	return b.String()
}

// count writes n things, one or many as n is 1 or not: "1 stone", "3
// stones".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// listWith joins words as a sentence lists them, the last two joined
// by conj: "A, B and C", "a Black stone at H9 or a White stone at Q3".
func listWith(words []string, conj string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " " + conj + " " + words[n-1]
	}
	return strings.Join(words, "")
}

// andList joins words with "and": "A, B and C".
func andList(words []string) string { return listWith(words, "and") }

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Searchable reports whether err, Analyze's, refuses a race that a
// search may still settle, or settle in part: one too large to count, a
// region's game unsound, or a count the search refutes without settling
// the race. A refusal is then shown with what a search found
// (Refusal.AddSearch).
func Searchable(err error) bool {
	switch RefusalCodeOf(err) {
	case RefusedCountLimit, RefusedPositionLimit, RefusedCountUnsound, RefusedSearchLimit:
		return true
	}
	return false
}

// ReasonOf returns the reason code of err, the error of finding or
// analysing a race: race is nil where no race was found.
func ReasonOf(race *Race, err error) RefusalCode {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return RefusedStopped
	}
	if c := RefusalCodeOf(err); c != "" {
		return c
	}
	if race == nil {
		return RefusedNotARace
	}
	return RefusedError
}

// Refusal is what moyo says of a race whose count it could not make:
// why, as a code (Reason) and in words (Error), and where the race was
// found its blocks and regions, the region refused, and what an
// exhaustive search found instead (AddSearch). Where that search settled
// the race, the race is answered all the same (Answered): its outcome is
// the search's, and only the count's explanation is missing. Its JSON
// shares the report's field names where it has the same fields.
type Refusal struct {
	Reason RefusalCode `json:"reason"`
	Error  string      `json:"error"`
	// Answered reports whether the search settled the race; Outcome is
	// then its outcome with each side moving first.
	Answered bool            `json:"answered"`
	Outcome  *OutcomeReport  `json:"outcome,omitempty"`
	Size     int             `json:"size,omitempty"`
	ToMove   string          `json:"to_move,omitempty"`
	Black    *BlockReport    `json:"black,omitempty"`
	White    *BlockReport    `json:"white,omitempty"`
	Regions  []RefusedRegion `json:"regions,omitempty"`
	Search   *SearchReport   `json:"search,omitempty"`
	// Beyond is, for a race refused as wall-beyond, the move beyond the
	// race that changes its end.
	Beyond *BeyondReport `json:"beyond,omitempty"`

	race   *Race
	region int
	search Search
	beyond *board.Move
}

// BeyondReport is a move beyond a race: its colour (B or W) and point.
type BeyondReport struct {
	Color string `json:"color"`
	Point string `json:"point"`
}

// BeyondMove returns, for a race refused as wall-beyond, the move beyond
// the race that changes its end; else nil.
func (rf *Refusal) BeyondMove() *board.Move { return rf.beyond }

// RefusedRegion is a region of a refused race; Refused marks the one the
// analysis refused.
type RefusedRegion struct {
	Label    string   `json:"label"`
	Kind     string   `json:"kind"`
	Defender string   `json:"defender"` // B, W, or "both"
	Points   []string `json:"points"`
	Empty    int      `json:"empty"`
	Refused  bool     `json:"refused"`
}

// NewRefusal describes race, which could not be analysed for err; race
// is nil where no race was found. A count a region's game came out at is
// written as a report writes it. Where err is Analyze's CountError, the
// search it made is added (AddSearch): where it settled the race, the
// race is answered.
func NewRefusal(race *Race, err error) *Refusal {
	rf := &Refusal{Reason: ReasonOf(race, err), Error: err.Error(), race: race, region: -1}
	if rf.Reason == RefusedCountUnsound {
		rf.Error = lifeText(rf.Error)
	}
	if race == nil {
		return rf
	}
	if re := (*RegionError)(nil); errors.As(err, &re) {
		rf.region = re.Region
	} else if re := (*RaceError)(nil); errors.As(err, &re) {
		rf.region = re.Region
		if m := re.Beyond; m != nil {
			rf.beyond = m
			rf.Beyond = &BeyondReport{Color: m.Color.String(), Point: m.Point.Label(race.Pos.Size())}
		}
	}
	pos := race.Pos
	b, w := blockReport(pos, race.Black), blockReport(pos, race.White)
	rf.Size, rf.ToMove, rf.Black, rf.White = pos.Size(), pos.ToMove().String(), &b, &w
	for i, g := range race.Regions {
		reg := RefusedRegion{Label: RegionName(i), Kind: g.Kind.String(), Defender: colorOrBoth(g.Defender), Empty: g.Empty, Refused: i == rf.region, Points: []string{}}
		for _, p := range g.Points {
			reg.Points = append(reg.Points, pos.PointOf(p).Label(pos.Size()))
		}
		rf.Regions = append(rf.Regions, reg)
	}
	if ce := (*CountError)(nil); errors.As(err, &ce) {
		return rf.AddSearch(ce.Search, ce.SearchErr, ce.Nodes)
	}
	return rf
}

// Race returns the race refused, or nil where none was found.
func (rf *Refusal) Race() *Race { return rf.race }

// Region returns the index of the region refused, or −1 where the sum of
// the regions' games was, or no region.
func (rf *Refusal) Region() int { return rf.region }

// AddSearch returns a copy of rf with what an exhaustive search of the
// race within nodes positions a side (SearchBoth) found, s, or err why
// it found nothing. rf itself, which may be shown meanwhile, is left as
// it is.
func (rf *Refusal) AddSearch(s Search, err error, nodes int) *Refusal {
	c := *rf
	c.search = s
	sr := SearchReport{Nodes: nodes, err: err}
	if err != nil {
		sr.Error = err.Error()
		sr.Bounds = boundReports(s)
	} else {
		label := func(p *board.Point) string {
			if p == nil {
				return ""
			}
			return p.Label(rf.Size)
		}
		sr.BlackFirst, sr.WhiteFirst = ResultLetter(s.BlackFirst), ResultLetter(s.WhiteFirst)
		sr.BlackMove, sr.WhiteMove = label(s.BlackMove), label(s.WhiteMove)
		sr.Kos = koReports(s)
		sr.Unchecked = beyondReports(s.Unchecked, rf.Size)
		c.Answered = true
		c.Outcome = &OutcomeReport{black: s.BlackFirst, white: s.WhiteFirst, BlackFirst: sr.BlackFirst, WhiteFirst: sr.WhiteFirst,
			By: "search", BlackBy: "search", WhiteBy: "search"}
	}
	c.Search = &sr
	return &c
}

// NeedsSearch reports whether a search within nodes positions a side may
// add to what rf holds: no search was made, or one that did not settle
// the race within fewer positions.
func (rf *Refusal) NeedsSearch(nodes int) bool {
	return rf.Search == nil || !rf.Settled() && nodes > rf.Search.Nodes
}

// SearchLimit returns the positions a side the search was given, and
// whether it stopped there without settling the race: a search with
// more may settle it.
func (rf *Refusal) SearchLimit() (nodes int, reached bool) {
	if rf.Search == nil {
		return 0, false
	}
	return rf.Search.Nodes, errors.Is(rf.Search.err, ErrSearchLimit)
}

// Settled reports whether the search settled the race (Answered): its
// outcomes are then Outcomes.
func (rf *Refusal) Settled() bool { return rf.Answered }

// Outcomes returns the search's outcomes, and its capturing first moves.
func (rf *Refusal) Outcomes() Search { return rf.search }

// RegionLines describes the regions, a line each: "A  White, shared  12
// empty points  (refused)".
func (rf *Refusal) RegionLines() []string {
	var lines []string
	for _, g := range rf.Regions {
		line := fmt.Sprintf("%s  %s  %s", g.Label, regionSide(g.Kind, g.Defender), count(g.Empty, "empty point", "empty points"))
		if g.Refused {
			line += "  (refused)"
		}
		lines = append(lines, line)
	}
	return lines
}

// regionSide says whose liberties a region holds: "White", "Black,
// shared", or "both, shared".
func regionSide(kind, defender string) string {
	switch {
	case defender == "both":
		return "both, shared"
	case kind == Shared.String():
		return colorNamed(defender).Name() + ", shared"
	}
	return colorNamed(defender).Name()
}

// RegionSide says whose liberties a region of kind defended by defender
// (Empty: both) holds, as RegionLines does: "White", "Black, shared",
// "both, shared".
func RegionSide(kind Kind, defender board.Color) string {
	return regionSide(kind.String(), colorOrBoth(defender))
}

// SearchLine says what the exhaustive search found instead: "By an
// exhaustive search instead, with no values: Black captures, whoever
// moves first. Black moving first captures starting at K12."; "" before
// the search.
func (rf *Refusal) SearchLine() string {
	s := rf.Search
	switch {
	case s == nil:
		return ""
	case errors.Is(s.err, ErrSearchLimit):
		return fmt.Sprintf("An exhaustive search found no verdict either: it stopped at its limit of %s positions a side.", thousands(s.Nodes)) + settledLine(rf.search)
	case s.err != nil:
		return "An exhaustive search found no verdict either: " + s.err.Error() + "."
	}
	return "By an exhaustive search instead, with no values: " + rf.answer()
}

// answer says what the search that answered the race found: "Black
// captures, whoever moves first. Black moving first captures starting at
// K12."
func (rf *Refusal) answer() string {
	return rf.search.String() + "." + SearchMoves(rf.search, rf.Size) + uncheckedLine(rf.search, rf.Size)
}

// AnswerLine says what the search found of a race it answered (Settled),
// for a caller that shows it before the count is made: "By an
// exhaustive search: Black captures, whoever moves first. Black moving
// first captures starting at K12."
func (rf *Refusal) AnswerLine() string {
	return "By an exhaustive search: " + rf.answer()
}

// ReasonLine says why the race was refused, as a sentence: "The end
// depends on play beyond the race: … ."
func (rf *Refusal) ReasonLine() string { return upperFirst(rf.Error) + "." }

// CountLine says why the count could not be made, for a race the search
// answered: "The count could not be made: shared region at Q19 holds 12
// loose stones besides its 14 empty points, more than the count can play
// out: region too large."
func (rf *Refusal) CountLine() string { return "The count could not be made: " + rf.Error + "." }

// Text writes the lines that follow the refusal's error: the regions,
// indented, and what the search found (AnsweredText writes a race the
// search answered).
func (rf *Refusal) Text() string {
	var b strings.Builder
	for _, line := range rf.RegionLines() {
		b.WriteString("  " + line + "\n")
	}
	if s := rf.SearchLine(); s != "" {
		b.WriteString(s + "\n")
	}
	return b.String()
}

// AnsweredText writes a race the search answered but the count could
// not explain, the answer first: what the search found, why the count
// could not be made, and the regions, indented.
func (rf *Refusal) AnsweredText() string {
	var b strings.Builder
	b.WriteString(rf.AnswerLine() + "\n" + rf.CountLine() + "\n")
	for _, line := range rf.RegionLines() {
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}

// OutcomeLine says who captures with each side moving first, on one line
// short enough for a picture's caption: "White captures, whoever moves
// first", "Black first: Black captures; White first: neither is
// captured (seki)", followed by " (by the search)" where the search
// overrules the count and " (by the count)" where the search stopped
// short of settling the side (Headline).
func (r *Report) OutcomeLine() string {
	words := func(c board.Color) string {
		res := r.First(c)
		if r.BySearchFirst(c) {
			return res.String()
		}
		return countWords(r.a.Verdict, res)
	}
	by := func(c board.Color) string {
		switch {
		case r.BySearchFirst(c):
			return " (by the search)"
		case r.byCountAlone(c):
			return " (by the count)"
		}
		return ""
	}
	bw, ww := words(board.Black), words(board.White)
	bb, wb := by(board.Black), by(board.White)
	switch {
	case bw == ww && bb == wb:
		return bw + ", whoever moves first" + bb
	case bb == wb:
		return "Black first: " + bw + "; White first: " + ww + bb
	}
	return "Black first: " + bw + bb + "; White first: " + ww + wb
}
