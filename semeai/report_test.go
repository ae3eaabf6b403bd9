package semeai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"moyo/board"
	"moyo/cgt"
)

// TestLifeText: a count of life reads "Black lives" or "White lives", in
// either notation, and a count of liberties stays a number.
func TestLifeText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{998|3}", "{Black lives|3}"},
		{"{0|-1000}", "{0|White lives}"},
		{"{1000|-1000}", "{Black lives|White lives}"},
		{"1997/2", "Black lives"},
		{"-501/2", "White lives"},
		{"-499/2", "-499/2"}, // −249½: a count of liberties, however large
		{"498½", "Black lives"},
		{"2¾", "2¾"},
		{"{4|0}", "{4|0}"},
		{"249", "249"},
		{"250", "Black lives"},
		{"1003↑*", "Black lives↑*"},
		{"{-1|-3},White lives⧿₁₀₀₀", "{-1|-3},White lives⧿(lives)"},
		{"3⧾₂", "3⧾₂"},
	} {
		if got := lifeText(tc.in); got != tc.want {
			t.Errorf("lifeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	tb := cgt.NewTable()
	g, err := tb.Parse("{1000|-1/2}")
	if err != nil {
		t.Fatal(err)
	}
	if s, a := GameText(g, false), GameText(g, true); s != "{Black lives|-½}" || a != "{Black lives|-1/2}" {
		t.Errorf("GameText: %q, ASCII %q", s, a)
	}
	for _, tc := range []struct {
		x    int64
		want board.Color
	}{{LifeBound, board.Black}, {LifeBound - 1, board.Empty}, {-LifeBound, board.White}, {0, board.Empty}} {
		if got := LifeOf(cgt.Int(tc.x)); got != tc.want {
			t.Errorf("LifeOf(%d) = %v, want %v", tc.x, got, tc.want)
		}
	}
}

// encoded matches the numbers of a text, thousands separators included,
// that can only be the analysis's count of life: AliveCount, less or
// more what cooling and a region's liberties make of it, or half of it
// (a temperature or a mean between a count of life and one of
// liberties).
var encoded = regexp.MustCompile(`[0-9][0-9,]*(?:\.[0-9]+)?`)

// positions matches a count of positions, which can be as large as the
// life encoding.
var positions = regexp.MustCompile(`[0-9][0-9,]* positions`)

// encodingIn returns the first number of s in the range of the life
// encoding, or "". Subscripts count, and counts of positions do not.
func encodingIn(s string) string {
	s = subscript.ReplaceAllStringFunc(s, func(n string) string {
		var b strings.Builder
		for _, r := range n {
			b.WriteRune('0' + r - '₀')
		}
		return " " + b.String()
	})
	s = positions.ReplaceAllString(s, "positions")
	for _, n := range encoded.FindAllString(s, -1) {
		x, err := strconv.ParseFloat(strings.ReplaceAll(n, ",", ""), 64)
		if err == nil && x >= LifeBound && x <= 2*AliveCount+100 {
			return n
		}
	}
	return ""
}

// reportTexts returns everything a report says: its text, the lines the
// app's panel shows, and its JSON without the search's count of
// positions (a limit the user sets, not a count of the race).
func reportTexts(t *testing.T, rep *Report) []string {
	t.Helper()
	c := *rep
	c.Search.Nodes = 0
	js, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{rep.Text(), string(js), rep.Headline(), rep.MoveLine(), rep.Short(), rep.CheckLine(), rep.TerritoryLine(), rep.OutcomeLine()}
	out = append(out, rep.Explanation()...)
	out = append(out, rep.SemedoriLines()...)
	for _, g := range rep.Regions {
		out = append(out, g.Notes...)
	}
	return out
}

// checkedReport analyses race r, writes it out with toMove to play and
// checks it by search, as 'moyo semeai' does.
func checkedReport(t *testing.T, r *Race, toMove board.Color) *Report {
	t.Helper()
	ctx := context.Background()
	a, err := Analyze(ctx, r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(ctx, a, toMove)
	if err != nil {
		t.Fatal(err)
	}
	s, err := SearchBoth(ctx, r, r.CheckNodes())
	rep = rep.AddSearch(s, err, r.CheckNodes())
	rep.CheckMoves(ctx, r.CheckNodes())
	return rep
}

// lifeRaces are real games' races where a block can live, whose games
// hold the count of life.
var lifeRaces = []struct {
	file, black, white string
	move               int
}{
	{"../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf", "D13", "C15", 105},
	{"../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf", "D9", "D6", 215},
	{"testdata/AGZ-40b-selfplay-Game_001.sgf", "S15", "S13", 300},
	{"testdata/AGZ-Fig5c_Game1.sgf", "O1", "O2", 175},
	{"testdata/34-2017.01.02-Dang_Yifei-Master.sgf", "S3", "T3", 95},
	{"testdata/35-2017.01.02-Master-Jiang_Weijie.sgf", "S1", "S2", 190},
	{"testdata/AG-vs-AG-G32.sgf", "P9", "Q7", 150},
	{"../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf", "T4", "S4", 245},
}

// TestReportNoLifeEncoding: nothing a report says, as text, as JSON or
// as the panel's lines, holds the count of life (a number near
// AliveCount, or half of it) over the test races, with either side to
// move; where a block can live, it says "lives".
func TestReportNoLifeEncoding(t *testing.T) {
	type named struct {
		name string
		r    *Race
	}
	var all []named
	for _, tt := range races {
		all = append(all, named{tt.name, mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1])})
	}
	for _, tt := range lifeRaces {
		r, _ := recordAnalysis(t, tt.file, tt.move, tt.black, tt.white)
		all = append(all, named{fmt.Sprintf("%s %d", tt.file, tt.move), r})
	}
	lives := 0
	for _, n := range all {
		for _, c := range []board.Color{board.Black, board.White} {
			rep := checkedReport(t, n.r, c)
			for _, s := range reportTexts(t, rep) {
				if e := encodingIn(s); e != "" {
					t.Errorf("%s, %s to move: %q holds %s", n.name, c.Name(), s, e)
				}
			}
			if strings.Contains(rep.Text(), " lives") {
				lives++
			}
		}
	}
	if lives < len(lifeRaces) {
		t.Errorf("only %d reports say a block lives", lives)
	}
}

// TestReportLife: at livesAtOnceRace (D4 v D6)
// the count has White live at once by D5, the point the two blocks
// share; the region where Black's block can live has the game {Black
// lives|0} and a temperature of life, and the report says so in words.
func TestReportLife(t *testing.T) {
	r, _ := livesAtOnceRace(t)
	rep := checkedReport(t, r, board.White)
	if g := rep.Regions[1]; g.Game != "{Black lives|0}" || g.Temperature != "life" || g.Mean != "-" {
		t.Errorf("region B: %+v", g)
	}
	want := []string{
		"Cooled by 2 the sum is {Black lives|2}.",
		"Black first: Black captures; tedomari at D5 (region A).",
		"White first: neither is captured, since White's block lives at once, which the sum hides; it lives by D5 (region A).",
	}
	if got := rep.Explanation(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("explanation\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if h, m, s := rep.Headline(), rep.MoveLine(), rep.Short(); h != "White to move: neither block is captured." || m != "White's move: D5" || s != "white lives" {
		t.Errorf("headline %q, move %q, short %q", h, m, s)
	}
}

// TestReportSeki: a seki names no move unless one matters. With four
// shared liberties and three each (a seki whoever moves first) neither
// side has a move to play; with two shared, 3 v 4, Black moving first
// keeps the seki and White moving first captures, so each has a move.
func TestReportSeki(t *testing.T) {
	for _, tc := range []struct {
		name         string
		black, white bool // a move named
	}{
		{"shared 4: 3 v 3 seki", false, false},
		{"shared 2+2: 4 v 2", false, false},
		{"shared 2: 3 v 4", true, true},
	} {
		var tt race
		for _, r := range races {
			if r.name == tc.name {
				tt = r
			}
		}
		if tt.name == "" {
			t.Fatalf("no race %q", tc.name)
		}
		rep := checkedReport(t, mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1]), board.Black)
		v := rep.Verdict
		if (v.BlackMove != "") != tc.black || (v.WhiteMove != "") != tc.white {
			t.Errorf("%s: moves %q, %q; want named %v, %v", tc.name, v.BlackMove, v.WhiteMove, tc.black, tc.white)
		}
		named := strings.Contains(strings.Join(rep.Explanation(), " "), "(region")
		if named != (tc.black || tc.white) || (rep.Play != "") != tc.black {
			t.Errorf("%s: explanation %q, play %q", tc.name, rep.Explanation(), rep.Play)
		}
		// In a seki by territory neither block counts.
		if rep.First(board.Black) == Neither {
			if line := rep.TerritoryLine(); rep.Territory.Blocks != 0 || !strings.Contains(line, "the race is a seki") || !strings.Contains(line, "(stones in a seki count nothing)") {
				t.Errorf("%s: blocks %d, territory line %q", tc.name, rep.Territory.Blocks, line)
			}
		}
	}
}

// TestCountWords: neither block captured is a seki only where the shared
// liberties leave both short of the threshold, not where both blocks
// live.
func TestCountWords(t *testing.T) {
	for _, tc := range []struct {
		v    Verdict
		r    Result
		want string
	}{
		{Verdict{}, BlackCaptures, "Black captures"},
		{Verdict{Threshold: 2}, WhiteCaptures, "White captures"},
		{Verdict{Threshold: 2}, Neither, "neither is captured (seki)"},
		{Verdict{Threshold: 2, CountBothLive: true}, Neither, "neither is captured (both blocks live)"},
		{Verdict{CountBothLive: true}, Neither, "neither is captured (both blocks live)"},
		{Verdict{}, Neither, "neither is captured"},
	} {
		if got := countWords(tc.v, tc.r); got != tc.want {
			t.Errorf("countWords(%+v, %v) = %q, want %q", tc.v, tc.r, got, tc.want)
		}
	}
}

// TestOutcomeLine: the caption's line says an outcome shared by both
// movers once, and which is the search's: both, or the one side the
// search settled.
func TestOutcomeLine(t *testing.T) {
	for _, tc := range []struct {
		v        Verdict
		b, w     Result
		bby, wby string
		want     string
	}{
		{Verdict{}, WhiteCaptures, WhiteCaptures, "count", "count", "White captures, whoever moves first"},
		{Verdict{CountBothLive: true}, Neither, Neither, "count", "count", "neither is captured (both blocks live), whoever moves first"},
		{Verdict{Threshold: 1}, BlackCaptures, Neither, "count", "count", "Black first: Black captures; White first: neither is captured (seki)"},
		{Verdict{Threshold: 1}, BlackCaptures, Neither, "search", "search", "Black first: Black captures; White first: neither is captured (by the search)"},
		{Verdict{Threshold: 1}, BlackCaptures, Neither, "search", "count", "Black first: Black captures (by the search); White first: neither is captured (seki)"},
		{Verdict{}, WhiteCaptures, WhiteCaptures, "count", "search", "Black first: White captures; White first: White captures (by the search)"},
	} {
		rep := &Report{a: &Analysis{Verdict: tc.v}}
		rep.setOutcome(tc.b, tc.w, tc.bby, tc.wby)
		if got := rep.OutcomeLine(); got != tc.want {
			t.Errorf("OutcomeLine(%+v, %v/%v by %s/%s) = %q, want %q", tc.v, tc.b, tc.w, tc.bby, tc.wby, got, tc.want)
		}
	}
}

// TestReportTextCut: the text cuts a game too long to read, and says so,
// while the JSON keeps it whole.
func TestReportTextCut(t *testing.T) {
	tt := races[0]
	rep := checkedReport(t, mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1]), board.Black)
	if strings.Contains(rep.Text(), "…") || strings.Contains(rep.Text(), "gives them whole") {
		t.Errorf("a report without long games is cut:\n%s", rep.Text())
	}
	long := strings.Repeat("{1|0}", 20)
	rep.Regions[0].Game, rep.Total = long, long
	out := rep.Text()
	cut := string([]rune(long)[:maxGameText-1]) + "…"
	if strings.Contains(out, long) || strings.Count(out, cut) != 2 || !strings.Contains(out, "--format json gives them whole") {
		t.Errorf("text report:\n%s", out)
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(js), long) != 2 {
		t.Errorf("the JSON report does not hold the long games whole: %s", js)
	}
}

// TestRefusal: each refusal has a reason code; a race refused as too
// large lists its regions, the one refused marked, and what the search
// found instead.
func TestRefusal(t *testing.T) {
	tt := races[0]
	r := mustRace(t, tt.diag, tt.blocks[0], tt.blocks[1])
	for _, tc := range []struct {
		race *Race
		err  error
		want RefusalCode
	}{
		{nil, errors.New("the blocks at A5 and E3 neither touch nor share a liberty"), RefusedNotARace},
		{r, &RegionError{Region: 1, Err: fmt.Errorf("external region at B7 has 4 empty points; the limit is 3: %w", ErrTooLarge)}, RefusedCountLimit},
		{r, fmt.Errorf("region needs more positions: %w", ErrNodeLimit), RefusedPositionLimit},
		{r, fmt.Errorf("its game came out at {998|3}: %w", ErrUnsound), RefusedCountUnsound},
		{r, fmt.Errorf("analysing: %w", context.Canceled), RefusedStopped},
		{r, errors.New("broken"), RefusedError},
	} {
		rf := NewRefusal(tc.race, tc.err)
		if rf.Reason != tc.want {
			t.Errorf("%v: reason %q, want %q", tc.err, rf.Reason, tc.want)
		}
		if e := encodingIn(rf.Error); e != "" {
			t.Errorf("%v: the error says %q", tc.err, rf.Error)
		}
	}
	rf := NewRefusal(r, &RegionError{Region: 1, Err: fmt.Errorf("too big: %w", ErrTooLarge)})
	s, err := SearchBoth(context.Background(), r, 0)
	if err != nil {
		t.Fatal(err)
	}
	rf = rf.AddSearch(s, err, 1000)
	js, err := json.Marshal(rf)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"reason":"too-large","error":"too big: region too large",` +
		`"answered":true,"outcome":{"black_first":"B","white_first":"W","by":"search","black_by":"search","white_by":"search"},"size":13,"to_move":"B",` +
		`"black":{"point":"B10","stones":11,"liberties":3},"white":{"point":"F9","stones":10,"liberties":3},` +
		`"regions":[{"label":"A","kind":"external","defender":"B","points":["B11","C11","D11"],"empty":3,"refused":false},` +
		`{"label":"B","kind":"external","defender":"W","points":["B7","C7","D7"],"empty":3,"refused":true}],` +
		`"search":{"nodes":1000,"black_first":"B","white_first":"W","black_move":"B7","white_move":"B11"}}`
	if string(js) != want {
		t.Errorf("refusal\n%s\nwant\n%s", js, want)
	}
	lines := strings.Split(rf.Text(), "\n")
	if len(lines) != 4 || lines[0] != "  A  Black  3 empty points" || lines[1] != "  B  White  3 empty points  (refused)" ||
		!strings.HasPrefix(lines[2], "By an exhaustive search instead, with no values: Black moving first: Black captures; White moving first: White captures.") {
		t.Errorf("refusal text:\n%s", rf.Text())
	}
}

// TestReportBothLiveBySearch: where the search finds both blocks living
// and the count does not, the count's explanation is the count's, and
// the territory line is the search's, not "by the count". AlphaGo v
// AlphaGo game 5 after move 280, A3 v C4: the count has White moving
// first capture; the search finds both blocks living, whoever moves
// first. The explanation used to say that each block lives in a region
// of its own, and the territory line that the search contradicts that
// both blocks live.
func TestReportBothLiveBySearch(t *testing.T) {
	r, a := recordAnalysis(t, "testdata/AG-vs-AG-G05.sgf", 280, "A3", "C4")
	if v := a.Verdict; !v.BothLive || v.CountBothLive || v.CountWhiteFirst != WhiteCaptures {
		t.Fatalf("both live %v, by the count %v, count with White first %v; want both live by the search only, the count's White captures", v.BothLive, v.CountBothLive, v.CountWhiteFirst)
	}
	rep := checkedReport(t, r, board.Black)
	if x := strings.Join(rep.Explanation(), "\n"); strings.Contains(x, "Each block lives") || !strings.Contains(x, "White first by the count: White captures.") {
		t.Errorf("explanation:\n%s\nwant the count's: White first, White captures", x)
	}
	if got, want := rep.TerritoryLine(), "Both blocks live: the race decides no territory."; got != want {
		t.Errorf("territory line %q, want %q", got, want)
	}
	if rep.Verdict.BothLive || rep.Outcome.By != "search" {
		t.Errorf("verdict both live %v (the count's), outcome by %q; want false, search", rep.Verdict.BothLive, rep.Outcome.By)
	}
}

// TestReportBySide: where the search and the count differ with one side
// moving first only, the other side's outcome stays the count's, and no
// line says the search contradicts it. Mi Yuting v Master, move 305,
// Black's H6 against White's F6: the count has whoever moves first
// capture, the search White capture whoever moves first. AlphaGo v
// AlphaGo game 20, move 200, Black's R4 against White's S10: Black
// moving first captures by the count and by the search, through a ko;
// at move 240 the two differ whoever moves first.
func TestReportBySide(t *testing.T) {
	r, _ := recordAnalysis(t, "../testdata/records/29-2016.12.31-Master-Mi_Yuting.sgf", 305, "H6", "F6")
	for _, tt := range []struct {
		toMove    board.Color
		bySearch  bool
		headline  string
		territory string
	}{
		// The territory supposes the search's winner, which Analyze's
		// own search found: the count of points is the paper's.
		{board.Black, true, "Black to move: Black's block at H6 is captured (by the search).", "With Black to move White wins the race, leaving a count of "},
		{board.White, false, "White to move: Black's block at H6 is captured.", "With White to move White wins the race"},
	} {
		rep := checkedReport(t, r, tt.toMove)
		if rep.BySearchFirst(tt.toMove) != tt.bySearch || rep.Headline() != tt.headline || !strings.HasPrefix(rep.TerritoryLine(), tt.territory) {
			t.Errorf("%s to move: by the search %v, %q, %q; want %v, %q, %q…", tt.toMove.Name(), rep.BySearchFirst(tt.toMove), rep.Headline(), rep.TerritoryLine(), tt.bySearch, tt.headline, tt.territory)
		}
		if rep.Outcome.By != "search" || rep.Outcome.BlackBy != "search" || rep.Outcome.WhiteBy != "count" {
			t.Errorf("%s to move: outcome by %q, Black first by %q, White first by %q", tt.toMove.Name(), rep.Outcome.By, rep.Outcome.BlackBy, rep.Outcome.WhiteBy)
		}
	}

	// Where Analyze's search settles nothing, the territory supposes the
	// count's winner, and the search that checks the count contradicts it.
	ctx := context.Background()
	a, err := Analyze(ctx, r, Limits{SearchNodes: 1})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(ctx, a, board.Black)
	if err != nil {
		t.Fatal(err)
	}
	s, err := SearchBoth(ctx, r, r.CheckNodes())
	rep = rep.AddSearch(s, err, r.CheckNodes())
	if line := rep.TerritoryLine(); !strings.HasPrefix(line, "By the count, which the search contradicts: with Black to move Black wins the race") {
		t.Errorf("the count's territory, unsearched: %q", line)
	}

	r, _ = recordAnalysis(t, "testdata/AG-vs-AG-G20.sgf", 200, "R4", "S10")
	rep = checkedReport(t, r, board.Black)
	lines := rep.DifferenceLines()
	if len(lines) != 2 || lines[0] != "Black first: the count says Black captures, and so does the search, through a ko, which the count does not play." ||
		!strings.HasPrefix(lines[1], "White first: the count says Black captures, the search says neither is captured. The race as a whole: a ko decides the race") {
		t.Errorf("differences: %q", lines)
	}
	if rep.BySearchFirst(board.Black) || strings.HasPrefix(rep.TerritoryLine(), "By the count, which the search contradicts") {
		t.Errorf("Black first, which the two agree on, is said to be the search's: %q", rep.TerritoryLine())
	}
	// The headline says both ends of the ko, not the end of Black's
	// winning it alone, whether the ko is Analyze's search's or that of
	// the search that checks the count where Analyze's settled nothing.
	koHead := "Black to move: a ko decides the race: White's block at S10 is captured if Black wins it, neither block is captured if White does."
	if h, s := rep.Headline(), rep.Short(); h != koHead || s != "ko" {
		t.Errorf("headline %q, short %q; want %q, ko", h, s, koHead)
	}
	a, err = Analyze(ctx, r, Limits{SearchNodes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep, err = NewReport(ctx, a, board.Black); err != nil {
		t.Fatal(err)
	}
	if h := rep.Headline(); h == koHead || strings.Contains(h, "ko") {
		t.Errorf("before the check, with no search settled: headline %q", h)
	}
	s, err = SearchBoth(ctx, r, r.CheckNodes())
	if rep = rep.AddSearch(s, err, r.CheckNodes()); rep.Headline() != koHead {
		t.Errorf("checked: headline %q, want %q", rep.Headline(), koHead)
	}

	// At move 240 the two differ whoever moves first, for the same
	// reasons, which are said once.
	r, _ = recordAnalysis(t, "testdata/AG-vs-AG-G20.sgf", 240, "R4", "S10")
	lines = checkedReport(t, r, board.Black).DifferenceLines()
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Black first: the count says Black captures, the search says neither is captured. Region") ||
		lines[1] != "White first: the count says White captures, the search says neither is captured, for the same reasons." {
		t.Errorf("differences at move 240: %q", lines)
	}
}

// TestTerritoryNoLifeCount: where a region's territory holds a block's
// life (the loser lives there if he moves first), the territory has no
// count, and no line writes a life as one: on the textbook eye shapes,
// where Black moving first kills White's eye, the report said "Black
// wins the race, leaving a count of White lives".
func TestTerritoryNoLifeCount(t *testing.T) {
	uncounted := 0
	for _, tt := range shapes {
		r := shapeRace(t, tt.diag)
		rep := checkedReport(t, r, board.Black)
		line := rep.TerritoryLine()
		if strings.Contains(line, "count of Black lives") || strings.Contains(line, "count of White lives") || strings.Contains(rep.Text(), "(count White lives)") {
			t.Errorf("%s: %q", tt.name, line)
		}
		if len(rep.Territory.Uncounted) == 0 {
			continue
		}
		uncounted++
		want := "With Black to move Black wins the race; the territory it leaves has no count: in region " + rep.Territory.Uncounted[0] + " White's block lives if White plays there first"
		if rep.Territory.Mean != "" || !strings.HasPrefix(line, want) || len(rep.Territory.Semedori) != 0 {
			t.Errorf("%s: mean %q, %q, semedori %v", tt.name, rep.Territory.Mean, line, rep.Territory.Semedori)
		}
	}
	// The straight three, the bent three, the pyramid four and the bulky
	// five: Black kills White's eye moving first; White lives moving first.
	if uncounted != 4 {
		t.Errorf("%d shapes without a count, want 4", uncounted)
	}
}

// TestDifferenceLinesGrouped: each assumption a side's difference breaks
// is named once, with the regions that break it in order; a second side
// with the same reasons says so.
func TestDifferenceLinesGrouped(t *testing.T) {
	b, w := board.Black, board.White
	for _, tc := range []struct {
		name string
		d    []Difference
		want []string
	}{
		{"one region", []Difference{{b, BlackCaptures, Neither, 0, BreaksLife}},
			[]string{"Black first: the count says Black captures, the search says neither is captured. Region A: " + BreaksLife.words() + "."}},
		{"grouped", []Difference{
			{w, Neither, WhiteCaptures, 3, BreaksLife},
			{w, Neither, WhiteCaptures, 1, BreaksIndependence},
			{w, Neither, WhiteCaptures, 0, BreaksLife},
			{w, Neither, WhiteCaptures, 2, BreaksIndependence},
			{w, Neither, WhiteCaptures, 0, BreaksLife},
		}, []string{"White first: the count says neither is captured, the search says White captures. Regions A and D: " + BreaksLife.words() +
			"; regions B and C: " + BreaksIndependence.words() + "."}},
		{"same reasons", []Difference{
			{b, BlackCaptures, Neither, 1, BreaksOrder},
			{w, WhiteCaptures, Neither, 1, BreaksOrder},
		}, []string{
			"Black first: the count says Black captures, the search says neither is captured. Region B: " + BreaksOrder.words() + ".",
			"White first: the count says White captures, the search says neither is captured, for the same reasons.",
		}},
		{"the race as a whole", []Difference{{w, BlackCaptures, Neither, -1, BreaksKo}},
			[]string{"White first: the count says Black captures, the search says neither is captured. The race as a whole: " + BreaksKo.words() + "."}},
	} {
		rep := &Report{a: &Analysis{Differences: tc.d}}
		if got := rep.DifferenceLines(); !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
