package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"moyo/board"
	"moyo/cgt"
	"moyo/game"
	"moyo/render"
	"moyo/semeai"
	"moyo/workspace"
)

// semeaiCommand is 'moyo semeai': the capturing race of a position judged
// with Nakamura's liberty counting games (seeds/004): the regions, their
// games and cooled values, the verdict for each side moving first, and the
// territory the race leaves.
func semeaiCommand(env Env, args []string) int {
	fs := flag.NewFlagSet("semeai", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	var o struct {
		move, gameIndex, pixels, maxEmpty, searchNodes int
		blocks, format, out                            string
	}
	fs.IntVar(&o.move, "move", 0, "position after `N` moves of the main line: 0 = setup only, negative counts back from the end (default: the last)")
	fs.IntVar(&o.gameIndex, "game", 1, "which game `N` of a collection, from 1")
	fs.StringVar(&o.blocks, "blocks", "", "the essential blocks, a stone of each: `P,Q` such as B10,B8 (default: found)")
	fs.StringVar(&o.format, "format", "text", "`FORMAT` of the output: text|json|png")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.IntVar(&o.pixels, "pixels", 760, "png: width of the image")
	fs.IntVar(&o.maxEmpty, "max-empty", semeai.DefaultMaxEmpty, "the most empty points a region may have")
	fs.IntVar(&o.searchNodes, "search-nodes", 0, "the exhaustive search that checks the verdict, or that stands in for it when the analysis refuses the race, visits at most `N` positions a side (0: 30 million divided by the race's points, a second or two, and a quarter of that for a check)")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo semeai [flags] FILE

Judge the capturing race of a position of the SGF record FILE (- reads
standard input) as Nakamura's "Evaluating territories of Go positions with
capturing races" does: split the surroundings of the two essential blocks
into liberty regions, play each out into a liberty counting game (Black's
liberties positive), sum them, cool by 2, and say who wins moving first and
moving second, with the tedomari move; then the territory the race leaves
and the semedori moves.

A race whose regions are too large to play out, or whose game comes out
unsound (a count for the attacker), is refused, with exit status 1, and
the error lists its regions and what an exhaustive search of the race (no
game theory, no values) says instead: who captures with each side moving
first. With --format json that is written as JSON too. An analysed race
is checked by the same search, on the line "search:".

Flags:
`)
		fs.PrintDefaults()
	}
	files, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if len(files) != 1 {
		return badUsage(env, fs, "want one FILE, got %d", len(files))
	}
	if !slices.Contains([]string{"text", "json", "png"}, o.format) {
		return badUsage(env, fs, "unknown format %q (valid: text, json, png)", o.format)
	}
	if o.pixels < 64 || o.pixels > 8192 {
		return badUsage(env, fs, "--pixels %d is outside 64–8192", o.pixels)
	}
	if o.maxEmpty < 1 || o.maxEmpty > 30 {
		return badUsage(env, fs, "--max-empty %d is outside 1–30", o.maxEmpty)
	}
	if o.searchNodes < 0 {
		return badUsage(env, fs, "--search-nodes %d is negative", o.searchNodes)
	}
	var blockArgs []string
	if o.blocks != "" {
		blockArgs = strings.Split(o.blocks, ",")
		if len(blockArgs) != 2 {
			return badUsage(env, fs, "--blocks %q: want two points, P,Q", o.blocks)
		}
	}
	name, data, err := readInput(files[0], env.Stdin)
	if err != nil {
		return exitStatus(env, err)
	}
	rec, err := game.Parse(data, o.gameIndex-1)
	if err != nil {
		return exitStatus(env, fmt.Errorf("%s:%w", name, err))
	}
	n := rec.Moves()
	move := n
	if set["move"] {
		if move = o.move; move < 0 {
			move = n + move
		}
	}
	if rec.Err != nil && (move > n || !set["move"]) {
		return exitStatus(env, fmt.Errorf("%s:%w", name, rec.Err))
	}
	if move < 0 || move > n {
		return exitStatus(env, fmt.Errorf("%s: --move %d is outside the record, which has %d moves", name, o.move, n))
	}
	step := rec.AfterMove(move)
	pos := step.Position
	var race *semeai.Race
	if blockArgs != nil {
		var pts [2]board.Point
		for k, s := range blockArgs {
			if pts[k], err = board.ParsePoint(strings.TrimSpace(s), pos.Size()); err != nil {
				return exitStatus(env, fmt.Errorf("%s: --blocks: %w", name, err))
			}
		}
		race, err = semeai.NewRace(pos, pts[0], pts[1])
	} else {
		race, err = semeai.Find(pos)
	}
	if err != nil {
		return exitStatus(env, fmt.Errorf("%s: move %d: %w", name, step.Number, err))
	}
	a, err := semeai.Analyze(context.Background(), race, semeai.Limits{MaxEmpty: o.maxEmpty})
	var rep semeaiReport
	if err == nil {
		rep, err = newSemeaiReport(context.Background(), a, step, rec.Moves(), o.searchNodes)
	}
	if err != nil {
		code := exitStatus(env, fmt.Errorf("%s: move %d: %w", name, step.Number, err))
		if !errors.Is(err, semeai.ErrTooLarge) && !errors.Is(err, semeai.ErrUnsound) {
			return code
		}
		rf := newSemeaiRefusal(race, err, o.searchNodes, step, rec.Moves())
		rf.text(env.Stderr)
		if o.format == "json" {
			w, done, err := output(o.out, env.Stdout)
			if err == nil {
				err = json.NewEncoder(w).Encode(rf)
			}
			if err = errors.Join(err, done()); err != nil {
				exitStatus(env, fmt.Errorf("writing json output: %w", err))
			}
		}
		return code
	}
	w, done, err := output(o.out, env.Stdout)
	if err != nil {
		return exitStatus(env, err)
	}
	defer done()
	switch o.format {
	case "json":
		err = json.NewEncoder(w).Encode(rep)
	case "png":
		err = writeSemeaiPNG(w, a, rep, o.pixels)
	default:
		_, err = io.WriteString(w, rep.text())
	}
	if err = errors.Join(err, done()); err != nil {
		return exitStatus(env, fmt.Errorf("writing %s output: %w", o.format, err))
	}
	return 0
}

// output returns where a command writes: the file named out, created, or
// stdout when out is ""; done closes the file, once, and says whether
// its writes reached the disk.
func output(out string, stdout io.Writer) (w io.Writer, done func() error, err error) {
	if out == "" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(out)
	if err != nil {
		return nil, nil, err
	}
	closed := false
	return f, func() error {
		if closed {
			return nil
		}
		closed = true
		return f.Close()
	}, nil
}

// semeaiRefusal is what 'moyo semeai' says of a race it refuses to
// analyse (too large, or unsound): its blocks and regions, the error, and what an exhaustive
// search found instead. Its JSON, written with --format json, shares the
// report's field names where it has the same fields.
type semeaiRefusal struct {
	semeaiHead
	Error   string          `json:"error"`
	Regions []refusedRegion `json:"regions"`
	Search  raceSearch      `json:"search"`

	// lines and searched are the text the error is followed by.
	lines    []string
	searched string
}

type refusedRegion struct {
	Label    string   `json:"label"`
	Kind     string   `json:"kind"`
	Defender string   `json:"defender"` // B, W, or "both"
	Points   []string `json:"points"`
	Empty    int      `json:"empty"`
	Refused  bool     `json:"refused"`
}

// raceSearch is what the search found: who captures with each side
// moving first (B, W or "-" for neither), or the error that stopped it,
// within Nodes positions a side.
type raceSearch struct {
	Nodes      int    `json:"nodes"`
	BlackFirst string `json:"black_first,omitempty"`
	WhiteFirst string `json:"white_first,omitempty"`
	// BlackMove and WhiteMove are the first moves by which a side moving
	// first captures ("" where it does not).
	BlackMove string `json:"black_move,omitempty"`
	WhiteMove string `json:"white_move,omitempty"`
	Error     string `json:"error,omitempty"`
	// Agrees, in a report, says whether the search found what the
	// verdict says; absent in a refusal, which has no verdict.
	Agrees *bool `json:"agrees,omitempty"`
	// Moves, where the search agrees, are the tedomari it found do not
	// reach the end it agrees on (semeai.CheckMove).
	Moves []searchedMove `json:"moves,omitempty"`
}

// searchedMove is a tedomari the search refutes: after it the race ends
// with After (B, W or "-"), and Better, if not "", reaches the end.
type searchedMove struct {
	Color  string `json:"color"`
	Move   string `json:"move"`
	After  string `json:"after"`
	Better string `json:"better,omitempty"`
}

// newSemeaiRefusal describes race, which the analysis refused with err,
// and searches it within nodes positions a side (0:
// race.QuickSearchNodes()).
func newSemeaiRefusal(race *semeai.Race, err error, nodes int, step game.Step, moves int) semeaiRefusal {
	pos := race.Pos
	k := -1
	if re := (*semeai.RegionError)(nil); errors.As(err, &re) {
		k = re.Region
	}
	rf := semeaiRefusal{semeaiHead: newSemeaiHead(race, step, moves), Error: err.Error(), lines: workspace.RefusedRegions(race, k)}
	for i, g := range race.Regions {
		reg := refusedRegion{Label: regionLabel(i), Kind: g.Kind.String(), Defender: colorOrBoth(g.Defender), Empty: g.Empty, Refused: i == k}
		for _, p := range g.Points {
			reg.Points = append(reg.Points, pos.PointOf(p).Label(pos.Size()))
		}
		rf.Regions = append(rf.Regions, reg)
	}
	var o semeai.Search
	var serr error
	rf.Search, o, serr = searchRace(race, nodes)
	rf.searched = workspace.Searched(o, serr, rf.Search.Nodes, pos.Size())
	return rf
}

// searchRace searches race within nodes positions a side (0:
// race.QuickSearchNodes()) and writes out what it found.
func searchRace(race *semeai.Race, nodes int) (raceSearch, semeai.Search, error) {
	if nodes == 0 {
		nodes = race.QuickSearchNodes()
	}
	o, err := semeai.SearchBoth(context.Background(), race, nodes)
	s := raceSearch{Nodes: nodes}
	if err != nil {
		s.Error = err.Error()
		return s, o, err
	}
	s.BlackFirst, s.WhiteFirst = resultLetter(o.BlackFirst), resultLetter(o.WhiteFirst)
	label := func(p *board.Point) string {
		if p == nil {
			return ""
		}
		return p.Label(race.Pos.Size())
	}
	s.BlackMove, s.WhiteMove = label(o.BlackMove), label(o.WhiteMove)
	return s, o, err
}

// text writes the lines that follow the refusal's error: the regions and
// what the search found.
func (rf semeaiRefusal) text(w io.Writer) {
	for _, line := range rf.lines {
		fmt.Fprintf(w, "  %s\n", line)
	}
	fmt.Fprintf(w, "%s\n", rf.searched)
}

// semeaiReport is what 'moyo semeai' says of a race; its JSON field names
// are read by other tools and do not change. Games are in the notation of
// 'moyo cgt' (Unicode).
type semeaiReport struct {
	semeaiHead
	Regions   []semeaiRegion     `json:"regions"`
	Total     string             `json:"total"`
	Cooled    string             `json:"cooled"`
	Verdict   semeaiVerdict      `json:"verdict"`
	Search    raceSearch         `json:"search"`
	Territory semeaiTerritoryRep `json:"territory"`
	// Play is the move of the side to move that the PNG marks with a
	// small stone, as the app's race view does: the count's tedomari
	// where it wins, lives or saves its block in atari
	// (semeai.Verdict.Play), the search's move where the search refutes
	// it or disagrees with the count; "" for none.
	Play string `json:"play,omitempty"`

	play *board.Point // Play, for the PNG
}

// semeaiHead is what a report and a refusal say first: the board's size,
// the move and the side to move, and the blocks.
type semeaiHead struct {
	Size   int         `json:"size"`
	Move   int         `json:"move"`
	Moves  int         `json:"moves"`
	ToMove string      `json:"to_move"`
	Black  semeaiBlock `json:"black"`
	White  semeaiBlock `json:"white"`
}

// newSemeaiHead describes race, at step of a record of moves moves.
func newSemeaiHead(race *semeai.Race, step game.Step, moves int) semeaiHead {
	pos := race.Pos
	block := func(b semeai.Block) semeaiBlock {
		return semeaiBlock{Point: pos.PointOf(b.Anchor()).Label(pos.Size()), Stones: len(b.Stones), Liberties: len(b.Liberties)}
	}
	return semeaiHead{Size: pos.Size(), Move: step.Number, Moves: moves, ToMove: pos.ToMove().String(),
		Black: block(race.Black), White: block(race.White)}
}

type semeaiBlock struct {
	Point     string `json:"point"`
	Stones    int    `json:"stones"`
	Liberties int    `json:"liberties"`
}

type semeaiRegion struct {
	Label       string   `json:"label"`
	Kind        string   `json:"kind"`
	Defender    string   `json:"defender"` // B, W, or "both"
	Points      []string `json:"points"`
	Empty       int      `json:"empty"`
	Liberties   []string `json:"liberties"`
	Game        string   `json:"game"`
	Cooled      string   `json:"cooled"`
	Mean        string   `json:"mean"`
	Temperature string   `json:"temperature"`
	LeftWall    string   `json:"left_wall"`
	RightWall   string   `json:"right_wall"`
	Notes       []string `json:"notes"`
}

type semeaiVerdict struct {
	Case        int    `json:"case"`
	N           int64  `json:"n"`
	Threshold   int64  `json:"threshold"`
	BlackAdjust int64  `json:"black_adjust"`
	WhiteAdjust int64  `json:"white_adjust"`
	BlackFirst  string `json:"black_first"` // B, W or "-" (neither)
	WhiteFirst  string `json:"white_first"`
	BlackMove   string `json:"black_move"`
	WhiteMove   string `json:"white_move"`
	BothLive    bool   `json:"both_live,omitempty"` // each block lives in a region of its own, or by its own game in a shared one
	// BlackLives and WhiteLives: that side moving first cannot capture
	// but lives at once, by its move (semeai.Verdict.BlackLives).
	BlackLives bool `json:"black_lives,omitempty"`
	WhiteLives bool `json:"white_lives,omitempty"`
	// BlackSaves and WhiteSaves: that side's block is in atari, and its
	// move gives it a second liberty, which keeps it from capture
	// (semeai.Move.Saves).
	BlackSaves bool `json:"black_saves,omitempty"`
	WhiteSaves bool `json:"white_saves,omitempty"`
}

type semeaiTerritoryRep struct {
	Winner   string            `json:"winner"`
	Regions  []semeaiRegionTer `json:"regions"`
	Blocks   int               `json:"blocks"`
	Total    string            `json:"total"`
	Mean     string            `json:"mean"`
	Semedori []semeaiSemedori  `json:"semedori"`
}

type semeaiRegionTer struct {
	Label string  `json:"label"`
	Base  int     `json:"base"`
	Win   *string `json:"win"`
	Lose  *string `json:"lose"`
	Score *string `json:"score"`
}

type semeaiSemedori struct {
	Color  string `json:"color"`
	Point  string `json:"point"`
	Region string `json:"region"`
	Gain   string `json:"gain"`
	Mean   string `json:"mean"`
}

// regionLabel names region k: A, B, …, Z, then A2, B2, ….
func regionLabel(k int) string {
	l := string(rune('A' + k%26))
	if k >= 26 {
		l += strconv.Itoa(k/26 + 1)
	}
	return l
}

func resultLetter(r semeai.Result) string {
	switch r {
	case semeai.BlackCaptures:
		return "B"
	case semeai.WhiteCaptures:
		return "W"
	}
	return "-"
}

func colorOrBoth(c board.Color) string {
	if c == board.Empty {
		return "both"
	}
	return c.String()
}

func gameString(g *cgt.Game) *string {
	if g == nil {
		return nil
	}
	s := g.String()
	return &s
}

func newSemeaiReport(ctx context.Context, a *semeai.Analysis, step game.Step, moves, searchNodes int) (semeaiReport, error) {
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
	rep := semeaiReport{semeaiHead: newSemeaiHead(r, step, moves), Total: a.Total.String(), Cooled: a.Cooled.String()}
	for k, rv := range a.Regions {
		g := semeaiRegion{
			Label: regionLabel(k), Kind: rv.Kind.String(), Defender: colorOrBoth(rv.Defender),
			Points: labels(rv.Points), Empty: rv.Empty, Liberties: labels(rv.Liberties),
			Game: rv.Game.String(), Cooled: rv.Cooled.String(),
			Mean: rv.Thermograph.Mast.String(), Temperature: rv.Temperature.String(),
			LeftWall: rv.Thermograph.Left.String(), RightWall: rv.Thermograph.Right.String(),
			Notes: []string{},
		}
		if rv.Alive {
			g.Notes = append(g.Notes, fmt.Sprintf("the defender can make his block uncapturable here (counted %d liberties)", semeai.AliveCount))
		}
		if rv.Irregular > 0 {
			g.Notes = append(g.Notes, fmt.Sprintf("%d positions where the attacker's options are not all numbers", rv.Irregular))
		}
		if rv.Cycles > 0 {
			g.Notes = append(g.Notes, fmt.Sprintf("%d positions valued under the ban on repeating a position (captures and recaptures, ko)", rv.Cycles))
		}
		rep.Regions = append(rep.Regions, g)
	}
	v := a.Verdict
	mv := func(m *semeai.Move) string {
		if m == nil {
			return ""
		}
		return m.Point.Label(size)
	}
	rep.Verdict = semeaiVerdict{
		Case: v.Case, N: v.N, Threshold: v.Threshold,
		BlackAdjust: v.BlackAdjust, WhiteAdjust: v.WhiteAdjust,
		BlackFirst: resultLetter(v.BlackFirst), WhiteFirst: resultLetter(v.WhiteFirst),
		BlackMove: mv(v.BlackMove), WhiteMove: mv(v.WhiteMove),
		BothLive: v.BothLive, BlackLives: v.BlackLives, WhiteLives: v.WhiteLives,
		BlackSaves: v.Saves(board.Black), WhiteSaves: v.Saves(board.White),
	}
	// The check: an exhaustive search of the race, which plays it out
	// under the rules where the verdict counts Nakamura's model.
	if searchNodes == 0 {
		searchNodes = r.CheckNodes()
	}
	rep.play = v.Play(pos.ToMove())
	search, so, serr := searchRace(r, searchNodes)
	if serr == nil {
		agrees := so.Agrees(v)
		search.Agrees = &agrees
		if !agrees {
			rep.play = so.Move(pos.ToMove())
		}
		for _, m := range []*semeai.Move{v.BlackMove, v.WhiteMove} {
			if m == nil || !agrees {
				continue
			}
			c, err := semeai.CheckMove(ctx, r, *m, so.First(m.Color), searchNodes)
			if err != nil || c.Reaches {
				continue // unchecked, or right
			}
			if m.Color == pos.ToMove() {
				rep.play = c.Better
			}
			sm := searchedMove{Color: m.Color.String(), Move: m.Point.Label(size), After: resultLetter(c.After)}
			if c.Better != nil {
				sm.Better = c.Better.Label(size)
			}
			search.Moves = append(search.Moves, sm)
		}
	}
	rep.Search = search
	if rep.play != nil {
		rep.Play = rep.play.Label(size)
	}
	tr, err := a.Territory(ctx, pos.ToMove())
	if err != nil {
		return semeaiReport{}, err
	}
	rep.Territory = semeaiTerritoryRep{
		Winner: colorOrBoth(tr.Winner), Blocks: tr.Blocks,
		Total: tr.Total.String(), Mean: tr.Mean.String(), Semedori: []semeaiSemedori{},
	}
	if tr.Winner == board.Empty {
		rep.Territory.Winner = "neither"
	}
	for k, rt := range tr.Regions {
		rep.Territory.Regions = append(rep.Territory.Regions, semeaiRegionTer{
			Label: regionLabel(k), Base: rt.Base, Win: gameString(rt.Win), Lose: gameString(rt.Lose), Score: gameString(rt.Score),
		})
	}
	for _, s := range tr.Semedori {
		rep.Territory.Semedori = append(rep.Territory.Semedori, semeaiSemedori{
			Color: s.Color.String(), Point: s.Point.Label(size), Region: regionLabel(s.Region),
			Gain: s.Gain.String(), Mean: s.Mean.String(),
		})
	}
	return rep, nil
}

// describeResult says who wins the verdict v of the report, in words: s
// is one of its outcomes (resultLetter).
func describeResult(v semeaiVerdict, s string) string {
	switch {
	case s != "-":
		return searchResult(s)
	case v.BothLive:
		return "neither is captured (both blocks live)"
	case v.Threshold > 0:
		return "neither is captured (seki)"
	}
	return searchResult(s)
}

// outcomeLine says who wins the verdict v with each side moving first, on
// one line short enough for a PNG's caption.
func outcomeLine(v semeaiVerdict) string {
	if v.BlackFirst == v.WhiteFirst {
		return describeResult(v, v.BlackFirst) + ", whoever moves first"
	}
	return "Black first: " + describeResult(v, v.BlackFirst) + "; White first: " + describeResult(v, v.WhiteFirst)
}

// searchResult says who the search finds captures. Neither block
// captured is not called a seki, since the search does not tell a seki
// from two blocks that live.
func searchResult(s string) string {
	switch s {
	case "B":
		return "Black captures"
	case "W":
		return "White captures"
	}
	return "neither is captured"
}

// maxGameText is the most characters of a game the text report prints: a
// region where a block can live has games of thousands of characters,
// which --format json gives whole.
const maxGameText = 60

func (r semeaiReport) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "move:        %d of %d, %s to move\n", r.Move, r.Moves, colorOf(r.ToMove).Name())
	fmt.Fprintf(&b, "blocks:      Black %s (%s, %s), White %s (%s, %s)\n\n",
		r.Black.Point, workspace.Plural(r.Black.Stones, "stone"), workspace.Plural(r.Black.Liberties, "liberty"),
		r.White.Point, workspace.Plural(r.White.Stones, "stone"), workspace.Plural(r.White.Liberties, "liberty"))
	fmt.Fprintf(&b, "%-3s %-9s %-8s %5s  %-14s %-8s %-6s %s\n", "", "region", "defender", "empty", "game", "cooled", "temp", "points")
	cut := false
	short := func(s string) string {
		c := workspace.Clip(s, maxGameText)
		cut = cut || c != s
		return c
	}
	for _, g := range r.Regions {
		fmt.Fprintf(&b, "%-3s %-9s %-8s %5d  %-14s %-8s %-6s %s\n", g.Label, g.Kind, g.Defender, g.Empty, short(g.Game), short(g.Cooled), g.Temperature, strings.Join(g.Points, " "))
		for _, n := range g.Notes {
			fmt.Fprintf(&b, "    note: %s\n", n)
		}
	}
	v := r.Verdict
	fmt.Fprintf(&b, "\ntotal:       %s\ncooled by 2: %s", short(r.Total), short(r.Cooled))
	switch v.Case {
	case 1:
		fmt.Fprintf(&b, " (case 1: the integer %d)\n", v.N)
	case 2:
		fmt.Fprintf(&b, " (case 2: between %d and %d)\n", v.N, v.N+1)
	case 3:
		fmt.Fprintf(&b, " (case 3: confused with %d)\n", v.N)
	default:
		b.WriteString(" (still hot after cooling: played out)\n")
	}
	if v.Threshold != 0 {
		fmt.Fprintf(&b, "threshold:   %d (shared liberties: a side must reach it to capture, else seki)\n", v.Threshold)
	}
	adjust := func(n int64) string {
		if v.Case == 0 || v.BothLive {
			// Where both blocks live the counts of life cancel in the
			// sum, whose rounding says nothing.
			return ""
		}
		return fmt.Sprintf("rounds to %d: ", n)
	}
	first := func(c string, n int64, result, m string, lives, saves bool) {
		fmt.Fprintf(&b, "%s first: %s", c, adjust(n))
		switch {
		case lives && m != "":
			fmt.Fprintf(&b, "neither is captured: %s lives at once by %s (the sum hides it)\n", c, m)
			return
		case saves:
			fmt.Fprintf(&b, "neither is captured: %s's block, in atari, escapes by %s (the sum does not see the atari)\n", c, m)
			return
		case lives:
			fmt.Fprintf(&b, "neither is captured: %s lives at once (the sum hides it)\n", c)
			return
		case m == "":
			fmt.Fprintf(&b, "%s\n", describeResult(v, result))
			return
		}
		fmt.Fprintf(&b, "%s, tedomari %s\n", describeResult(v, result), m)
	}
	first("Black", v.BlackAdjust, v.BlackFirst, v.BlackMove, v.BlackLives, v.BlackSaves)
	first("White", v.WhiteAdjust, v.WhiteFirst, v.WhiteMove, v.WhiteLives, v.WhiteSaves)
	s := r.Search
	switch {
	case s.Agrees == nil:
		fmt.Fprintf(&b, "search:      stopped at its limit of %d positions, no check\n", s.Nodes)
	case *s.Agrees:
		b.WriteString("search:      agrees\n")
		for _, m := range s.Moves {
			fmt.Fprintf(&b, "             but the tedomari %s (%s) does not reach it: after it %s", m.Move, m.Color, searchResult(m.After))
			if m.Better != "" {
				fmt.Fprintf(&b, "; the search's move is %s", m.Better)
			}
			b.WriteString("\n")
		}
	default:
		fmt.Fprintf(&b, "search:      DISAGREES: Black first %s, White first %s (an exhaustive search under the rules; the count rests on Nakamura's model)\n",
			searchResult(s.BlackFirst), searchResult(s.WhiteFirst))
		for _, m := range [][2]string{{"Black", s.BlackMove}, {"White", s.WhiteMove}} {
			if m[1] != "" {
				fmt.Fprintf(&b, "             %s moving first captures starting at %s\n", m[0], m[1])
			}
		}
	}
	t := r.Territory
	fmt.Fprintf(&b, "\nterritory with %s to move (the race won by %s), area, Black positive:\n", colorOf(r.ToMove).Name(), t.Winner)
	str := func(s *string) string {
		if s == nil {
			return "-"
		}
		return *s
	}
	for _, g := range t.Regions {
		fmt.Fprintf(&b, "  %-3s points %-3d win %-6s lose %-8s -> %s\n", g.Label, g.Base, short(str(g.Win)), short(str(g.Lose)), short(str(g.Score)))
	}
	fmt.Fprintf(&b, "  blocks %d\n  total %s (count %s)\n", t.Blocks, short(t.Total), t.Mean)
	if len(t.Semedori) == 0 {
		b.WriteString("semedori:    none\n")
	}
	for _, s := range t.Semedori {
		fmt.Fprintf(&b, "semedori:    %s %s (region %s) gains %s: count %s\n", s.Color, s.Point, s.Region, s.Gain, s.Mean)
	}
	if cut {
		fmt.Fprintf(&b, "\n(games over %d characters are cut short with …; --format json gives them whole)\n", maxGameText)
	}
	return b.String()
}

func colorOf(s string) board.Color {
	if s == "W" {
		return board.White
	}
	return board.Black
}

// writeSemeaiPNG draws the position with each region shaded in its
// defender's colour (half strength; a region counting for both is left
// bare) and labelled with its letter, and below the board a caption
// giving each region's cooled value, the total and the verdict.
func writeSemeaiPNG(w io.Writer, a *semeai.Analysis, rep semeaiReport, pixels int) error {
	pos := a.Race.Pos
	values := make([]float64, pos.Len())
	opt := render.Options{Overlay: render.Shading, NoDeadMarks: true}
	if rep.play != nil {
		// First, so that a label sharing its point is drawn over it.
		opt.Marks = append(opt.Marks, render.Mark{Point: *rep.play, Shape: render.Stone, Color: pos.ToMove()})
	}
	lines := []string{}
	line := ""
	for k, rv := range a.Regions {
		for _, i := range rv.Points {
			values[i] = 0.5 * float64(rv.Defender)
		}
		opt.Marks = append(opt.Marks, render.Mark{Point: semeai.LabelPoint(pos, rv.Points, rep.play), Label: regionLabel(k)})
		item := fmt.Sprintf("%s %s", regionLabel(k), rv.Cooled.ASCII())
		if line != "" && len(line)+len(item) > 60 {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += "   "
		}
		line += item
	}
	if line != "" {
		lines = append(lines, line)
	}
	lines = append(lines, "total cooled by 2: "+a.Cooled.ASCII(),
		outcomeLine(rep.Verdict))
	if s := rep.Search; s.Agrees != nil && !*s.Agrees {
		lines = append(lines, "search disagrees: Black first "+searchResult(s.BlackFirst)+"; White first "+searchResult(s.WhiteFirst))
	}
	if rep.Play != "" {
		lines = append(lines, fmt.Sprintf("%s to move: %s, the small stone", pos.ToMove().Name(), rep.Play))
	}
	caption, err := render.Caption(pixels, lines, opt)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, pixels, pixels+caption.Rect.Dy()))
	if _, err := render.Draw(img.SubImage(image.Rect(0, 0, pixels, pixels)).(*image.RGBA), pos, values, opt); err != nil {
		return err
	}
	draw.Draw(img, caption.Rect.Add(image.Pt(0, pixels)), caption, image.Point{}, draw.Src)
	return render.EncodePNG(w, img)
}
