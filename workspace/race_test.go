package workspace

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/cgt"
	"moyo/gtp"
	"moyo/internal/testutil"
	"moyo/lesson"
	"moyo/render"
	"moyo/semeai"
)

// raceRecord returns the bytes of a record of testdata/races.
func raceRecord(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/races/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// raceOf returns the race mode ws shows, failing the test in another.
func raceOf(t *testing.T, ws *Workspace) *RaceMode {
	t.Helper()
	r, ok := ws.Mode().(*RaceMode)
	if !ok {
		t.Fatalf("in %v mode, not the race mode", ws.Mode().Kind())
	}
	return r
}

// settledRace waits for the race analysis and the run of the estimator.
func settledRace(t *testing.T, q *queue, ws *Workspace) *RaceMode {
	t.Helper()
	r := raceOf(t, ws)
	q.until(t, func() bool { return !r.Running() && !ws.Runs().Running() })
	return r
}

// bp names a point of a size×size board as Go programs do: "B5".
func bp(t *testing.T, label string, size int) board.Point {
	t.Helper()
	p, pass, err := gtp.ParseVertex(label, size)
	if err != nil || pass {
		t.Fatalf("%s: %v", label, err)
	}
	return p
}

// pick clicks the stones named, as the user picks blocks.
// recordRace opens the record file of ../testdata/records at move, enters
// the race view and picks the race of the blocks at black and white.
func recordRace(t *testing.T, q *queue, file string, move int, black, white string) (*Workspace, *RaceMode) {
	t.Helper()
	if !strings.Contains(file, "/") {
		file = "../testdata/records/" + file
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ws := openWorkspace(t, q, string(data))
	ws.Record().SetMove(move)
	ws.StartRace()
	return ws, pick(t, q, ws, black, white)
}

// checkedRace is recordRace with the race's check by the search done.
func checkedRace(t *testing.T, file string, move int, black, white string) *RaceMode {
	t.Helper()
	q := newQueue()
	_, r := recordRace(t, q, file, move, black, white)
	q.until(t, func() bool { res, ok := r.Result(); return ok && !res.Checking })
	return r
}

func pick(t *testing.T, q *queue, ws *Workspace, labels ...string) *RaceMode {
	t.Helper()
	r := raceOf(t, ws)
	for _, l := range labels {
		if err := r.Tap(bp(t, l, ws.Position().Size()), false); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return settledRace(t, q, ws)
}

// TestRaceAnalysed enters the race mode on the pocket race, picks its
// blocks and checks the analysis: the seed's {4|0} in the pocket (cooled
// 2*) against White's three plain liberties, a sum of −1* (case 3:
// whoever moves first wins), and, Black to move, White's block captured.
func TestRaceAnalysed(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	q.until(t, func() bool { return !ws.Runs().Running() })
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := raceOf(t, ws)
	if r.Running() || ws.Mode().Kind() != KindRace || ws.Title() != "moyo — capturing race — test.sgf, move 0" {
		t.Errorf("running %v, kind %v, title %q", r.Running(), ws.Mode().Kind(), ws.Title())
	}
	if c := r.Candidates(); !slices.ContainsFunc(c, func(c RaceCandidate) bool {
		// Black's block is named by its first stone, D6.
		return c.Label == "Black D6 (1 liberty) v White B4 (3 liberties)"
	}) {
		t.Errorf("candidates %v", c)
	}
	r.Tap(bp(t, "B5", 9), false)
	if len(r.Picks()) != 1 || !strings.Contains(r.Hint(), "opposing block") || len(r.Regions()) != 1 || len(r.Regions()[0].Points) != 7 {
		t.Errorf("after one click: picks %v, hint %q, outlined %v", r.Picks(), r.Hint(), r.Regions())
	}
	r = pick(t, q, ws, "B4")
	res, ok := r.Result()
	if !ok {
		t.Fatalf("no analysis: %v", r.Err())
	}
	var got []string
	for _, g := range res.Regions {
		got = append(got, g.Name+" "+g.Kind.String()+" "+g.Defender.Name()+" "+g.Game+" "+g.Cooled+" "+g.Short+" t="+g.Temperature)
	}
	want := []string{"A external Black {4|0} 2* 2* t=2", "B external White -3 -3 -3 t=-1"}
	if !slices.Equal(got, want) {
		t.Errorf("regions\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Sum.Cooled != "-1*" || res.Outcome != semeai.BlackCaptures || res.Loser != board.White || !r.View().Loser {
		t.Errorf("sum cooled %s, outcome %v, loser %v (view %v)", res.Sum.Cooled, res.Outcome, res.Loser, r.View().Loser)
	}
	verdict := strings.Join(res.Verdict, "\n")
	for _, s := range []string{"case 3, confused with -1", "Black first: adjustment value 0, Black captures; tedomari at E7 (region A)", "White first: adjustment value -2, White captures", "Black to move: White's block at B4 is captured"} {
		if !strings.Contains(verdict, s) {
			t.Errorf("verdict lacks %q:\n%s", s, verdict)
		}
	}
	// The hottest region's thermograph is drawn: {4|0}'s walls meet at 2.
	g, ok := r.SelectedRegion()
	want0 := render.Thermo{Left: []render.ThermoPoint{{T: -1, V: 5}, {T: 2, V: 2}}, Right: []render.ThermoPoint{{T: -1, V: -1}, {T: 2, V: 2}}, Mast: 2, Temperature: 2}
	if !ok || r.Selected() != 0 || !slices.Equal(g.Thermo.Left, want0.Left) || !slices.Equal(g.Thermo.Right, want0.Right) || g.Thermo.Mast != 2 {
		t.Errorf("selected %d: thermograph %+v, want %+v", r.Selected(), g.Thermo, want0)
	}
	// The board: the two regions and the two blocks outlined, the values
	// on the regions, White's 5 stones crossed.
	if regs := r.Regions(); len(regs) != 4 || len(regs[0].Points) != len(res.Regions[0].Points) || !regs[0].Bold || regs[3].Color != render.BlockColor() {
		t.Errorf("regions drawn %+v", regs)
	}
	var labels []string
	crosses := 0
	for _, m := range r.Marks() {
		if m.Label != "" {
			labels = append(labels, m.Label)
		} else if ws.Position().At(m.Point) == board.White {
			crosses++
		}
	}
	if !slices.Equal(labels, []string{"2*", "-3"}) || crosses != 5 {
		t.Errorf("labels %v, %d White stones crossed", labels, crosses)
	}
	// Clicking in White's region chooses it; the sum has a mast from −1
	// at −1 (cooled −1*, mean −1).
	r.Tap(bp(t, "B3", 9), false)
	if r.Selected() != 1 {
		t.Errorf("a click in region B chose %d", r.Selected())
	}
	r.Select(-1)
	if g, _ := r.SelectedRegion(); g.Name != "sum" || g.Thermo.Mast != -1 {
		t.Errorf("the sum: %+v", g)
	}
	ws.ToggleRace()
	if ws.Mode() != Mode(ws.Record()) || r.Running() {
		t.Error("C did not go back to the record")
	}
}

// TestRaceBadPicks checks the messages of picks that are no race.
func TestRaceBadPicks(t *testing.T) {
	q := newQueue()
	// A Black group alive with two eyes (A9, C9) against White's wall, and
	// two lone stones far apart.
	ws := openWorkspace(t, q, "(;SZ[9]AB[ba][da][ab][bb][cb][db][eb][dg]AW[fa][fb][ac][bc][cc][dc][ec][fc][hg])")
	q.until(t, func() bool { return !ws.Runs().Running() })
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := settledRace(t, q, ws)
	click := func(label string) {
		t.Helper()
		if err := r.Tap(bp(t, label, 9), false); err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		q.until(t, func() bool { return !r.Running() })
	}
	for _, tt := range []struct {
		clicks []string
		picks  int
		err    string
	}{
		{[]string{"E5"}, 0, ""},
		{[]string{"D3"}, 1, ""},
		{[]string{"D3", "D3"}, 0, ""}, // a second click unchooses
		{[]string{"D3", "B8"}, 1, "D3 and B8 are both Black: a race needs a Black and a White block, so click a White stone"},
		{[]string{"D3", "H3"}, 0, "neither touch nor share a liberty: they are not in a race"},
	} {
		r.Tap(board.Point{}, true) // a right click starts again
		for _, c := range tt.clicks {
			click(c)
		}
		err := ""
		if r.Err() != nil {
			err = r.Err().Error()
		}
		if len(r.Picks()) != tt.picks || !strings.Contains(err, tt.err) || tt.err == "" && err != "" {
			t.Errorf("%v: %d picks, error %q, want %d and %q", tt.clicks, len(r.Picks()), err, tt.picks, tt.err)
		}
		if _, ok := r.Result(); ok {
			t.Errorf("%v: an analysis is shown", tt.clicks)
		}
	}
}

// TestRaceTooLarge checks that a region too large to play out says its
// size and the limit, and one that needs too many positions says so.
func TestRaceTooLarge(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(100)
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := raceOf(t, ws)
	// At move 100 of the sample the pairs of blocks semeai finds are
	// groups in the open, no race: none is listed. Picked by clicking,
	// such a pair's error names the first region over the limit, with
	// its size.
	if cs := r.Candidates(); len(cs) != 0 {
		t.Errorf("at move 100, candidates %v", cs)
	}
	races := semeai.CandidateRaces(ws.Position())
	open := slices.IndexFunc(races, func(rc *semeai.Race) bool { return rc.MostEmpty() > semeai.DefaultMaxEmpty })
	if open < 0 {
		t.Fatalf("at move 100, no pair of blocks in the open among %d", len(races))
	}
	b, w := ws.Position().PointOf(races[open].Black.Anchor()), ws.Position().PointOf(races[open].White.Anchor())
	for _, p := range []board.Point{b, w} {
		if err := r.Tap(p, false); err != nil {
			t.Fatal(err)
		}
	}
	r = settledRace(t, q, ws)
	race, err := semeai.NewRace(ws.Position(), b, w)
	if err != nil {
		t.Fatal(err)
	}
	var want string
	refused := -1
	for k, g := range race.Regions {
		if g.Empty > semeai.MaxSettleEmpty {
			want = fmt.Sprintf("cannot analyse this race: the %s region at %s has %d empty points, more than the %d of a race's liberties: it opens onto the board",
				g.Kind, ws.Position().PointOf(g.Points[0]).Label(19), g.Empty, semeai.MaxSettleEmpty)
			refused = k
			break
		}
	}
	if err := r.Err(); want == "" || err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
	// A region of 262 points opens onto the board: it is refused at once,
	// with that reason, its regions shown and no search made.
	checkRefused(t, r, race, refused, "", board.Empty)
	if v := r.View(); v.Further != "" {
		t.Errorf("a region too large offers %q", v.Further)
	}

	ws = openWorkspace(t, q, raceRecord(t, "two-pockets.sgf"))
	ws.race.limits = semeai.Limits{MaxNodes: 20}
	ws.StartRace()
	r = pick(t, q, ws, "B9", "B8")
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "needs more than 20 positions") {
		t.Errorf("error %v", err)
	}
	race, err = semeai.NewRace(r.Position(), r.Picks()[0], r.Picks()[1])
	if err != nil {
		t.Fatal(err)
	}
	// The region refused is the one the error names.
	refused = slices.IndexFunc(race.Regions, func(g semeai.Region) bool {
		return strings.Contains(r.Err().Error(), "region at "+r.Position().PointOf(g.Points[0]).Label(r.Position().Size())+" ")
	})
	// The search settles it as the analysis does without the limit (the
	// record's comment): Black captures, and White's block is crossed out.
	checkRefused(t, r, race, refused, "By an exhaustive search instead, with no values: Black captures, whoever moves first. Black moving first captures starting at B7.", board.White)

	// A refusal by the number of positions offers to analyse further, ten
	// times as many each time, up to semeai's default; the race is then
	// analysed, with the verdict the search gave. A refusal by the
	// region's size offers nothing (the first race above).
	for _, want := range []int{200, 2000, 20_000, 200_000} {
		if v := r.View(); v.Further != fmt.Sprintf("Analyse further: up to %s positions a region", thousands(want)) {
			t.Fatalf("further %q, want %d positions", v.Further, want)
		}
		r.AnalyseFurther()
		if !r.Running() || len(r.Regions()) != 2 {
			t.Fatalf("analysing further: running %v, %d outlines (the blocks)", r.Running(), len(r.Regions()))
		}
		r = settledRace(t, q, ws)
		if r.nodes != want {
			t.Errorf("analysed with MaxNodes %d, want %d", r.nodes, want)
		}
		if _, ok := r.Result(); ok {
			break
		}
	}
	res, ok := r.Result()
	if !ok || res.Outcome != semeai.BlackCaptures || r.View().Further != "" || r.View().Err {
		t.Fatalf("after analysing further: %v, %v; further %q", ok, r.Err(), r.View().Further)
	}
	// A new pick starts at the app's limit again.
	pick(t, q, ws, "B9", "B8")
	if r.nodes != 0 {
		t.Errorf("a new pick keeps MaxNodes %d", r.nodes)
	}
}

// checkRefused checks that r, showing race refused for its region k,
// keeps the blocks picked and shows the race's regions, k in bold, each
// named on the board and listed in the status with its size; that the
// status ends with search, what the exhaustive search found; and that
// the stones of loser's block, if not Empty, are crossed out and taken
// off the position the estimators see.
func checkRefused(t *testing.T, r *RaceMode, race *semeai.Race, k int, search string, loser board.Color) {
	t.Helper()
	if len(r.Picks()) != 2 || k < 0 {
		t.Fatalf("%d blocks picked, region %d refused", len(r.Picks()), k)
	}
	regs, marks, status := r.Regions(), r.Marks(), r.View().Status
	// The search's capturing move for the side to move is marked first, a
	// small stone, the move the outcome names.
	if p := r.refused.play(); p != nil {
		c, size := r.Position().ToMove(), r.Position().Size()
		named := fmt.Sprintf("%s moving first captures starting at %s.", c.Name(), p.Label(size))
		if marks[0] != (render.Mark{Point: *p, Shape: render.Stone, Color: c}) || !strings.Contains(search, named) {
			t.Errorf("first mark %+v; want %v's stone at %s, named in %q", marks[0], c, p.Label(size), search)
		}
		marks = marks[1:]
	}
	crossed := 0
	if loser != board.Empty {
		crossed = len(race.Block(loser).Stones)
	}
	if len(regs) != len(race.Regions)+2 || len(marks) != len(race.Regions)+crossed {
		t.Fatalf("%d regions outlined, %d marks; want %d and %d", len(regs), len(marks), len(race.Regions)+2, len(race.Regions)+crossed)
	}
	// What the search found is the outcome; that it found nothing ends
	// the status.
	if v := r.View(); v.Outcome != search && !(v.Outcome == "" && strings.HasSuffix(status, "\n"+search)) {
		t.Errorf("status %q, outcome %q; want %q", status, v.Outcome, search)
	} else if v.Loser != (loser != board.Empty) {
		t.Errorf("the view has a loser: %v; loser %v", v.Loser, loser)
	}
	// A race the search settles is answered: no error shown, the count's
	// reason first.
	if v := r.View(); v.Err == (v.Outcome != "") || (v.Outcome != "") != strings.HasPrefix(status, "The count could not be made: ") {
		t.Errorf("outcome %q: error %v, status %q", v.Outcome, v.Err, status)
	}
	for _, m := range marks[len(race.Regions):] {
		if m.Shape != render.Cross || r.Position().At(m.Point) != loser {
			t.Errorf("mark %+v on a %v stone, want a cross on %v's", m, r.Position().At(m.Point), loser)
		}
	}
	r.SetCapture(true)
	defer r.SetCapture(false)
	if est := r.ws.estimatePosition(); (est != r.Position()) != (loser != board.Empty) {
		t.Errorf("the estimators see the position shown: %v; loser %v", est == r.Position(), loser)
	} else if loser != board.Empty && est.At(r.Position().PointOf(race.Block(loser).Anchor())) != board.Empty {
		t.Errorf("the estimators see %v's block on the board", loser)
	}
	for i, g := range race.Regions {
		if regs[i].Bold != (i == k) || len(regs[i].Points) != len(g.Points) {
			t.Errorf("region %d: bold %v, %d points; region %d refused, %d points", i, regs[i].Bold, len(regs[i].Points), k, len(g.Points))
		}
		line := fmt.Sprintf("%s  %s  %s", semeai.RegionName(i), semeai.RegionSide(g.Kind, g.Defender), Plural(g.Empty, "empty point"))
		if i == k {
			line += "  (refused)"
		}
		if marks[i].Label != semeai.RegionName(i) || !strings.Contains(status, line+"\n") && !strings.HasSuffix(status, line) {
			t.Errorf("region %d: mark %q; status %q lacks %q", i, marks[i].Label, status, line)
		}
	}
}

// poll runs posted functions until cond holds, looking at it every
// millisecond: cond may become true on the worker, with nothing posted.
func poll(t *testing.T, q *queue, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		q.drain()
		time.Sleep(time.Millisecond)
	}
}

// heldSearch holds up the race searches of a workspace (holdSearches):
// each says on reached that it started, then waits for release to be
// closed, or for its context to end.
type heldSearch struct{ reached, release chan struct{} }

// holdSearches makes ws's race searches wait on the heldSearch returned.
func holdSearches(ws *Workspace) *heldSearch {
	h := &heldSearch{}
	h.reset()
	ws.race.solve = func(ctx context.Context, race *semeai.Race, nodes int) (semeai.Search, error) {
		h.wait(ctx)
		return semeai.SearchBoth(ctx, race, nodes)
	}
	return h
}

// wait says the search reached, then waits for release or ctx's end. It
// reads both channels before it says so: the test may reset h once it
// knows, while a search it stopped is still here.
func (h *heldSearch) wait(ctx context.Context) {
	reached, release := h.reached, h.release
	reached <- struct{}{}
	select {
	case <-release:
	case <-ctx.Done():
	}
}

// reset holds the next search up anew.
func (h *heldSearch) reset() { h.reached, h.release = make(chan struct{}, 1), make(chan struct{}) }

// TestRaceCountFirst holds the search that checks a verdict up, and
// checks that the count is shown meanwhile, the race still running and
// its check not yet said; that the search's end keeps the region the user
// chose meanwhile and, agreeing, the position the estimator runs on, and
// says what it found and how long it took; and that stopping a search
// leaves the count shown, unchecked.
func TestRaceCountFirst(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	h := holdSearches(ws)
	ws.StartRace()
	r := raceOf(t, ws)
	for _, l := range []string{"B5", "B4"} {
		r.Tap(bp(t, l, 9), false)
	}
	<-h.reached
	q.until(t, func() bool { _, ok := r.Result(); return ok })
	res, _ := r.Result()
	v := r.View()
	if !r.Running() || !res.Checking || v.Status != "Checking the count by an exhaustive search…" || v.Check != "" || v.Disagrees || !v.Loser {
		t.Errorf("while checking: running %v, checking %v, status %q, check %q, disagrees %v, loser %v", r.Running(), res.Checking, v.Status, v.Check, v.Disagrees, v.Loser)
	}
	r.Select(1)
	r.SetCapture(true)
	q.until(t, func() bool { return !ws.Runs().Running() })
	est := ws.estimatePosition()
	close(h.release)
	r = settledRace(t, q, ws)
	if ws.estimatePosition() != est || ws.Runs().Running() {
		t.Error("the search's agreeing made the estimator run again")
	}
	r.SetCapture(false)
	res, _ = r.Result()
	v = r.View()
	if res.Checking || v.Check != "An exhaustive search agrees." || !strings.Contains(v.Blocks, ", checked by search in ") || r.Selected() != 1 {
		t.Errorf("checked: checking %v, check %q, blocks %q, region %d chosen", res.Checking, v.Check, v.Blocks, r.Selected())
	}

	// Stopped while checking: the count stays.
	h.reset()
	r.Tap(board.Point{}, true)
	for _, l := range []string{"B5", "B4"} {
		r.Tap(bp(t, l, 9), false)
	}
	<-h.reached
	q.until(t, func() bool { _, ok := r.Result(); return ok })
	r.Cancel()
	q.drain()
	res, ok := r.Result()
	if v := r.View(); !ok || r.Running() || r.Err() != nil || res.Checking || v.Check != "The exhaustive search that checks the verdict was stopped." || v.Disagrees || v.Outcome == "" {
		t.Errorf("stopped: result %v, running %v, error %v, check %q, outcome %q", ok, r.Running(), r.Err(), v.Check, v.Outcome)
	}
}

// TestRaceRefusedFirst holds up the search that stands in for a refused
// race's count (a region over the limit of empty points, refused before
// Analyze's own search), and checks that the refusal is shown meanwhile
// (its four regions and two blocks outlined, no block crossed); that the
// search's end brings its outcome; and that stopping a search leaves the
// refusal shown. A refusal by size offers no further analysis.
func TestRaceRefusedFirst(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "two-pockets.sgf"))
	ws.race.limits = semeai.Limits{MaxEmpty: 2}
	h := holdSearches(ws)
	ws.StartRace()
	r := raceOf(t, ws)
	tap := func() {
		for _, l := range []string{"B9", "B8"} {
			r.Tap(bp(t, l, ws.Position().Size()), false)
		}
		<-h.reached
		q.until(t, func() bool { return r.Err() != nil })
	}
	tap()
	v := r.View()
	if !r.Running() || !strings.HasSuffix(v.Status, "\nSearching the race instead, for who captures…") || v.Outcome != "" || v.Further != "" || v.Loser || len(r.Regions()) != 6 {
		t.Errorf("while searching: running %v, status %q, outcome %q, further %q, loser %v, %d outlines", r.Running(), v.Status, v.Outcome, v.Further, v.Loser, len(r.Regions()))
	}
	for _, m := range r.Marks() {
		if m.Shape == render.Cross && m.Label == "" {
			t.Errorf("a stone crossed at %v before the search ended", m.Point.Label(ws.Position().Size()))
		}
	}
	close(h.release)
	r = settledRace(t, q, ws)
	if v := r.View(); v.Outcome != "By an exhaustive search instead, with no values: Black captures, whoever moves first. Black moving first captures starting at B7." || !v.Loser || v.Further != "" {
		t.Errorf("searched: outcome %q, loser %v, further %q", v.Outcome, v.Loser, v.Further)
	}

	h.reset()
	r.Tap(board.Point{}, true)
	tap()
	r.Cancel()
	q.drain()
	if v := r.View(); r.Running() || !strings.HasSuffix(v.Status, "\nAn exhaustive search found no verdict either: it was stopped.") || v.Outcome != "" || v.Further != "" || len(r.Regions()) != 6 {
		t.Errorf("stopped: running %v, status %q, outcome %q, further %q, %d outlines", r.Running(), v.Status, v.Outcome, v.Further, len(r.Regions()))
	}
}

// limitedSolver returns a search that stops at once, at its limit, when
// given first(race) positions a side, and otherwise waits for h before it
// searches; and the positions a side each of its calls was given.
func limitedSolver(h *heldSearch, first func(*semeai.Race) int) (solver, func() []int) {
	var mu sync.Mutex
	var asked []int
	solve := func(ctx context.Context, race *semeai.Race, nodes int) (semeai.Search, error) {
		mu.Lock()
		asked = append(asked, nodes)
		mu.Unlock()
		if nodes == first(race) {
			return semeai.SearchBoth(ctx, race, 1)
		}
		h.wait(ctx)
		return semeai.SearchBoth(ctx, race, nodes)
	}
	return solve, func() []int {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(asked)
	}
}

// TestRaceSearchFurther: where the search that stands in for a refused
// race's count stops at its limit, the panel offers a search with ten
// times the positions; stopped, it leaves the refusal and the offer as
// they were; run to its end, it brings the search's outcome, and no
// further offer.
func TestRaceSearchFurther(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "two-pockets.sgf"))
	ws.race.limits = semeai.Limits{MaxEmpty: 2}
	h := &heldSearch{}
	h.reset()
	solve, asked := limitedSolver(h, (*semeai.Race).QuickSearchNodes)
	ws.race.solve = solve
	ws.StartRace()
	r := pick(t, q, ws, "B9", "B8")
	quick := r.refused.race.QuickSearchNodes()
	if quick >= furtherSearchNodes {
		t.Fatalf("the race's quick search has %d positions, no fewer than a search further's %d", quick, furtherSearchNodes)
	}
	deeper := min(10*quick, furtherSearchNodes)
	offer := fmt.Sprintf("Search further: up to %s positions a side", thousands(deeper))
	stoppedAt := fmt.Sprintf("it stopped at its limit of %s positions a side.", thousands(quick))
	v := r.View()
	if v.Further != offer || !strings.Contains(v.Status, stoppedAt) || v.Outcome != "" || v.Loser {
		t.Fatalf("quick search: further %q, status %q, outcome %q, loser %v", v.Further, v.Status, v.Outcome, v.Loser)
	}

	r.AnalyseFurther()
	<-h.reached
	v = r.View()
	if !r.Running() || v.Further != "" || !strings.HasSuffix(v.Status, fmt.Sprintf("\nSearching the race further, up to %s positions a side…", thousands(deeper))) {
		t.Errorf("searching further: running %v, further %q, status %q", r.Running(), v.Further, v.Status)
	}
	r.Cancel()
	q.drain()
	if v := r.View(); r.Running() || v.Further != offer || !strings.Contains(v.Status, stoppedAt) {
		t.Errorf("stopped: running %v, further %q, status %q", r.Running(), v.Further, v.Status)
	}

	h.reset()
	r.AnalyseFurther()
	<-h.reached
	close(h.release)
	r = settledRace(t, q, ws)
	if v := r.View(); v.Outcome != "By an exhaustive search instead, with no values: Black captures, whoever moves first. Black moving first captures starting at B7." || !v.Loser || v.Further != "" {
		t.Errorf("searched further: outcome %q, loser %v, further %q", v.Outcome, v.Loser, v.Further)
	}
	if want := []int{quick, deeper, deeper}; !slices.Equal(asked(), want) {
		t.Errorf("searches of %v positions a side, want %v", asked(), want)
	}
}

// TestRaceCheckFurther: where the search that checks a count stops at its
// limit, the panel offers a search with ten times the positions, the
// count shown meanwhile; stopped, it leaves the count and its check as
// they were; run to its end, it checks the count, and offers no more.
func TestRaceCheckFurther(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	h := &heldSearch{}
	h.reset()
	solve, asked := limitedSolver(h, (*semeai.Race).CheckNodes)
	ws.race.solve = solve
	ws.StartRace()
	r := pick(t, q, ws, "B5", "B4")
	res, ok := r.Result()
	if !ok {
		t.Fatalf("no count: %v", r.Err())
	}
	check := res.Analysis.Race.CheckNodes()
	deeper := min(10*check, furtherSearchNodes)
	offer := fmt.Sprintf("Search further: up to %s positions a side", thousands(deeper))
	v := r.View()
	stopped := v.Check
	if v.Further != offer || !strings.Contains(stopped, thousands(check)) || v.Outcome == "" {
		t.Fatalf("quick check: further %q, check %q, outcome %q", v.Further, v.Check, v.Outcome)
	}

	// Meanwhile the count shows its own time, as it did.
	counted, _, _ := strings.Cut(v.Blocks, ", checked by search in ")
	r.AnalyseFurther()
	<-h.reached
	v = r.View()
	if !r.Running() || v.Further != "" || v.Check != "" || v.Status != fmt.Sprintf("Checking the count by an exhaustive search further, up to %s positions a side…", thousands(deeper)) || v.Outcome == "" || v.Blocks != counted {
		t.Errorf("checking further: running %v, further %q, check %q, status %q, outcome %q, blocks %q", r.Running(), v.Further, v.Check, v.Status, v.Outcome, v.Blocks)
	}
	r.Cancel()
	q.drain()
	if v := r.View(); r.Running() || v.Further != offer || v.Check != stopped {
		t.Errorf("stopped: running %v, further %q, check %q", r.Running(), v.Further, v.Check)
	}

	h.reset()
	r.AnalyseFurther()
	<-h.reached
	close(h.release)
	r = settledRace(t, q, ws)
	if v := r.View(); v.Check != "An exhaustive search agrees." || v.Further != "" || !v.Loser {
		t.Errorf("checked further: check %q, further %q, loser %v", v.Check, v.Further, v.Loser)
	}
	if want := []int{check, deeper, deeper}; !slices.Equal(asked(), want) {
		t.Errorf("searches of %v positions a side, want %v", asked(), want)
	}
}

// TestRaceSearchPanics: a search that panics, on the worker after the
// count or the refusal was shown, is said to have failed; the count, or
// the refusal, stands.
func TestRaceSearchPanics(t *testing.T) {
	for _, tt := range []struct {
		record, black, white string
		limits               semeai.Limits
		want                 func(v RaceView) string
	}{
		{"pocket-4-0.sgf", "B5", "B4", semeai.Limits{}, func(v RaceView) string { return v.Check }},
		{"two-pockets.sgf", "B9", "B8", semeai.Limits{MaxEmpty: 2}, func(v RaceView) string { return v.Status }},
	} {
		q := newQueue()
		ws := openWorkspace(t, q, raceRecord(t, tt.record))
		ws.race.limits = tt.limits
		ws.race.solve = func(context.Context, *semeai.Race, int) (semeai.Search, error) { panic("broken") }
		ws.StartRace()
		r := pick(t, q, ws, tt.black, tt.white)
		v := r.View()
		if got := tt.want(v); !strings.Contains(got, "semeai: internal error: broken") || v.Outcome == "" && r.refused == nil {
			t.Errorf("%s: %q, outcome %q", tt.record, got, v.Outcome)
		}
	}
}

// TestRaceCancelled holds an analysis up until it is cancelled, and
// checks that a newer pick and leaving the race mode cancel it and that
// nothing of it is shown.
func TestRaceCancelled(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	var mu sync.Mutex
	started, cancelled := 0, 0
	ws.race.analyse = func(ctx context.Context, pos *board.Position, picks []board.Point, lim semeai.Limits, answered func(*raceRefused)) (*RaceResult, error) {
		mu.Lock()
		started++
		mu.Unlock()
		if len(picks) == 2 && picks[0] == (board.Point{X: 1, Y: 4}) {
			return analyseRace(ctx, pos, picks, lim, answered) // the pick by hand is quick
		}
		<-ctx.Done()
		mu.Lock()
		cancelled++
		mu.Unlock()
		return nil, ctx.Err()
	}
	count := func() (int, int) { mu.Lock(); defer mu.Unlock(); return started, cancelled }
	ws.StartRace()
	r := raceOf(t, ws)
	r.Tap(bp(t, "D8", 9), false) // a race inside the pocket, held up
	r.Tap(bp(t, "D7", 9), false)
	poll(t, q, func() bool { s, _ := count(); return s == 1 })
	r.Tap(bp(t, "B5", 9), false)
	r.Tap(bp(t, "B4", 9), false)
	q.until(t, func() bool { _, ok := r.Result(); return ok })
	if s, c := count(); s != 2 || c != 1 {
		t.Errorf("%d analyses started, %d cancelled; want 2 and 1", s, c)
	}
	// Leaving cancels the analysis under way.
	r.Tap(board.Point{}, true)
	ws.race.analyse = func(ctx context.Context, pos *board.Position, picks []board.Point, lim semeai.Limits, answered func(*raceRefused)) (*RaceResult, error) {
		mu.Lock()
		started++
		mu.Unlock()
		<-ctx.Done()
		mu.Lock()
		cancelled++
		mu.Unlock()
		return nil, ctx.Err()
	}
	if err := r.PickCandidate(0); err != nil {
		t.Fatal(err)
	}
	poll(t, q, func() bool { s, _ := count(); return s == 3 })
	ws.StopRace()
	poll(t, q, func() bool { _, c := count(); return c == 2 })
	q.drain()
	if _, ok := r.Result(); ok || r.Running() || ws.Mode() != Mode(ws.Record()) {
		t.Error("the cancelled analysis left something behind")
	}
}

// TestRaceCapture checks that with Capture on the estimator runs on the
// position without the loser's block, which the board draws, uncrossed,
// and on the position shown again when it is turned off; and that the
// option is of the race shown, so that the next race starts without it.
func TestRaceCapture(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	ws.StartRace()
	r := pick(t, q, ws, "B5", "B4")
	shown, _ := ws.Runs().Shown()
	if shown.Pos != ws.Position() || ws.BoardPosition() != ws.Position() {
		t.Fatal("without Capture the estimator does not run on the position shown, or the board draws another")
	}
	crosses := func() int {
		n := 0
		for _, m := range r.Marks() {
			if m.Label == "" && m.Shape == render.Cross {
				n++
			}
		}
		return n
	}
	if crosses() == 0 {
		t.Fatal("the loser's block is not crossed")
	}
	b4 := bp(t, "B4", 9)
	r.SetCapture(true)
	q.until(t, func() bool { return !ws.Runs().Running() })
	o, _ := ws.Runs().Shown()
	if o.Pos == ws.Position() || o.Pos.At(b4) != board.Empty || ws.Position().At(b4) != board.White {
		t.Fatal("with Capture the estimator does not run without White's block")
	}
	if ws.BoardPosition() != o.Pos || crosses() != 0 {
		t.Errorf("with Capture the board draws the block: %v, %d crosses", ws.BoardPosition().At(b4), crosses())
	}
	// The block's points count for Black now: the symmetric estimate
	// there is Black's.
	if v := ws.Values()[ws.Position().Index(b4)]; v <= 0.5 {
		t.Errorf("the captured block's point B4 is worth %.2f", v)
	}
	// A new race starts without the option, on the position shown.
	for _, again := range []func(){
		func() { ws.StopRace(); ws.StartRace() },
		func() { r.Tap(bp(t, "B5", 9), true) },
	} {
		r.SetCapture(true)
		again()
		r = pick(t, q, ws, "B5", "B4")
		if o, _ := ws.Runs().Shown(); r.Capture() || o.Pos != ws.Position() || ws.BoardPosition() != ws.Position() {
			t.Error("the option stayed on for the next race")
		}
	}
	r.SetCapture(true)
	r.SetCapture(false)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() {
		t.Error("turning Capture off did not run on the position shown")
	}
	// Without a race there is no loser to take.
	r.Tap(bp(t, "B5", 9), true)
	if r.SetCapture(true); r.Capture() {
		t.Error("Capture on without a race")
	}
}

// TestRaceFromEdit enters the race mode from edit mode and goes back to
// the same edit session.
func TestRaceFromEdit(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	ws.StartEdit()
	e := ws.Mode().(*EditMode)
	if err := e.Play(bp(t, "B3", 9)); err != nil {
		t.Fatal(err)
	}
	edited := ws.Position()
	ws.ToggleRace()
	r := pick(t, q, ws, "B5", "B4")
	if ws.Position() != edited || !strings.HasSuffix(ws.Title(), "capturing race — the edited position") || !strings.Contains(r.Hint(), "C back to editing") {
		t.Errorf("title %q, hint %q", ws.Title(), r.Hint())
	}
	res, _ := r.Result()
	if res.Regions[1].Cooled != "-2" {
		t.Errorf("after B3 White's region is %s, want -2", res.Regions[1].Cooled)
	}
	ws.ToggleRace()
	if ws.Mode() != Mode(e) || ws.Position() != edited {
		t.Error("C did not go back to the edit session")
	}
}

// TestRaceLesson opens a race lesson, steps through its correct and its
// failing sequence, and checks the live analysis follows.
func TestRaceLesson(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	ls, err := ws.RaceLessons()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) < 8 {
		t.Errorf("%d race lessons, want at least 8", len(ls))
	}
	i := slices.IndexFunc(ls, func(l *lesson.RaceLesson) bool { return l.Name == "02-shared-liberty-last" })
	if err := ws.OpenRaceLesson(i); err != nil {
		t.Fatal(err)
	}
	r := settledRace(t, q, ws)
	l, _, _ := r.Lesson()
	res, ok := r.Result()
	if !ok || res.Sum.Cooled != "0" || !slices.Equal(r.Picks(), l.Blocks[:]) {
		t.Fatalf("lesson analysis %+v, err %v", res, r.Err())
	}
	if !strings.Contains(ws.Title(), "race lesson 2 of") || !strings.Contains(ws.Title(), "correct sequence") {
		t.Errorf("title %q", ws.Title())
	}
	// B7: Black fills one of White's plain liberties, White's region is −3.
	if !r.Step(1) {
		t.Fatal("no step")
	}
	r = settledRace(t, q, ws)
	res, _ = r.Result()
	if ws.Position().At(bp(t, "B7", 13)) != board.Black || res.Regions[len(res.Regions)-1].Cooled != "-3" || !strings.Contains(ws.Title(), "1 of 9 moves") {
		t.Errorf("after B7: %v, title %q", res.Regions, ws.Title())
	}
	// The failing sequence starts again from the lesson's position and
	// ends with Black's block captured.
	r.ShowFailing(true)
	moves, played := r.Sequence()
	if played != 0 || moves[0] != "B E9" || !strings.Contains(ws.Title(), "failing sequence") {
		t.Errorf("failing: %v played %d, title %q", moves, played, ws.Title())
	}
	for r.Step(1) {
		settledRace(t, q, ws)
	}
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "block at") {
		t.Errorf("at the end of the failing sequence: %v", err)
	}
	ws.StopRace()
	if ws.Mode() != Mode(ws.Record()) {
		t.Error("did not go back to the record")
	}
}

// TestRaceCandidatesAreRaces checks, on the positions of the race
// lessons, that the candidates listed are the pairs of blocks semeai
// finds whose regions the analysis can play out, in semeai's order, and
// that some lesson has a pair in the open that is left out.
func TestRaceCandidatesAreRaces(t *testing.T) {
	ls, err := lesson.BundledRaces()
	if err != nil {
		t.Fatal(err)
	}
	left := 0
	for _, l := range ls {
		r, err := l.Race()
		if err != nil {
			t.Fatal(err)
		}
		var want [][2]board.Point
		for _, rc := range semeai.CandidateRaces(r.Pos) {
			if rc.MostEmpty() <= semeai.DefaultMaxEmpty {
				want = append(want, [2]board.Point{r.Pos.PointOf(rc.Black.Anchor()), r.Pos.PointOf(rc.White.Anchor())})
			} else {
				left++
			}
		}
		cs := candidates(r.Pos)
		var got [][2]board.Point
		for _, c := range cs {
			got = append(got, [2]board.Point{c.Black, c.White})
			if strings.Contains(c.Label, "open") || c.Largest > semeai.DefaultMaxEmpty {
				t.Errorf("%s: candidate %q, largest region %d", l.Name, c.Label, c.Largest)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: candidates %v, want %v", l.Name, got, want)
		}
		if len(cs) == 0 {
			t.Errorf("%s: no race listed", l.Name)
		}
	}
	if left == 0 {
		t.Error("no lesson has a pair of blocks in the open to leave out")
	}
}

// TestRaceChecked checks the exhaustive search run beside each analysis:
// on the {4|0} pocket it agrees; on a real game's race (Mi Yuting v
// Master, move 305, Black's H6 against White's F6) the count does not.
// There G6, the one point the two blocks share, is at once White's
// connection to his wall and his fill of one of Black's two liberties,
// which the count, summing the two blocks' games there, cannot join into
// one move: it has Black moving first capture (by N6), where the search
// finds White captures whoever moves first. The verdict is the search's,
// and the outcome, the crosses and the position the estimators see
// follow it.
func TestRaceChecked(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	ws.StartRace()
	r := pick(t, q, ws, "B5", "B4")
	if v := r.View(); !v.Analysed || v.Check != "An exhaustive search agrees." || v.Disagrees {
		t.Fatalf("pocket: check %q, disagrees %v (%v)", v.Check, v.Disagrees, r.Err())
	}

	ws, r = recordRace(t, q, "29-2016.12.31-Master-Mi_Yuting.sgf", 305, "H6", "F6")
	res, ok := r.Result()
	if !ok {
		t.Fatalf("no analysis: %v", r.Err())
	}
	v := r.View()
	if a := res.Analysis.Verdict; a.CountBlackFirst != semeai.BlackCaptures || a.CountWhiteFirst != semeai.WhiteCaptures || a.BlackFirst != semeai.WhiteCaptures || a.WhiteFirst != semeai.WhiteCaptures {
		t.Errorf("the count's verdict is %v/%v, the search's %v/%v; this test wants the case where the count is wrong", a.CountBlackFirst, a.CountWhiteFirst, a.BlackFirst, a.WhiteFirst)
	}
	if !v.Disagrees || !strings.HasPrefix(v.Check, "An exhaustive search disagrees: White captures, whoever moves first.") {
		t.Errorf("check %q, disagrees %v", v.Check, v.Disagrees)
	}
	// The verdict says which region breaks which assumption of the count.
	if !strings.Contains(v.Verdict, "Black first: the count says Black captures, the search says White captures. Region") {
		t.Errorf("verdict %q", v.Verdict)
	}
	// With White to move the two agree (White captures): the outcome is
	// not said to be the search's against the count.
	if !strings.HasPrefix(v.Outcome, "White to move: Black's block at H6 is captured. ") || res.Loser != board.Black || !v.Loser || !strings.HasSuffix(v.Summary, "  ·  white captures") {
		t.Errorf("outcome %q, loser %v (view %v), summary %q", v.Outcome, res.Loser, v.Loser, v.Summary)
	}
	// The count's outcomes are said to be the count's.
	if !strings.Contains(v.Verdict, "Black first by the count: ") || !strings.Contains(v.Verdict, "White first by the count: ") {
		t.Errorf("verdict %q", v.Verdict)
	}
	// The territory is the count's, which supposes its winner: the
	// search's too with White to move.
	if !strings.HasPrefix(v.Territory, "With White to move White wins the race") {
		t.Errorf("territory %q", v.Territory)
	}
	// Black's block crossed, and White's capturing move marked: the
	// search's, H7.
	crossed := 0
	for _, m := range r.Marks() {
		switch {
		case m.Shape == render.Cross && m.Label == "":
			if r.Position().At(m.Point) != board.Black {
				t.Errorf("a cross at %v", m.Point.Label(19))
			}
			crossed++
		case m.Shape == render.Stone && m.Label == "":
			if m.Point.Label(19) != "H7" || m.Color != board.White {
				t.Errorf("the move marked: %v's %v, want White's H7", m.Color, m.Point.Label(19))
			}
		}
	}
	if crossed != len(res.Analysis.Race.Black.Stones) {
		t.Errorf("%d stones crossed, want Black's %d", crossed, len(res.Analysis.Race.Black.Stones))
	}
	r.SetCapture(true)
	if est := ws.estimatePosition(); est == r.Position() || est.At(bp(t, "H6", 19)) != board.Empty {
		t.Error("the estimators do not see Black's block captured")
	}
}

// TestRaceRules: the verdict's rules beyond the sum, as the panel says
// them and the board marks them. In a composed position
// (../semeai/testdata/lives-at-once.sgf), Black's D4 against White's D6,
// White's stone connects to its living group by D5, the point the two
// share, where the sum of the two blocks' games is 0: the count has White
// live at once there (semeai.Verdict.WhiteLives), as the search does. At
// AlphaGo Zero's self-play game 1 after move 300, Black's S15 is in
// atari; Black moving first saves it by T10 (semeai's TestEscape).
func TestRaceRules(t *testing.T) {
	for _, tc := range []struct {
		file               string
		move               int
		black, white       string
		summary, verdict   string
		outcome, territory string
		play               string
	}{
		{"../semeai/testdata/lives-at-once.sgf", 0, "D4", "D6", "white lives",
			"White first: neither is captured, since White's block lives at once, which the sum hides; it lives by D5 (region A).",
			"White to move: neither block is captured. White's move: D5, the small stone on the board.",
			"With White to move White's block lives: the race decides no territory.", "D5"},
		{"../semeai/testdata/AGZ-40b-selfplay-Game_001.sgf", 300, "S15", "S13", "black escapes",
			"Black first: neither is captured, since Black's block, in atari, escapes, which the sum does not see; it escapes by T10 (region B).",
			"Black to move: neither block is captured. Black's move: T10, the small stone on the board.",
			"With Black to move Black's block escapes from atari: the race decides no territory.", "T10"},
	} {
		r := checkedRace(t, tc.file, tc.move, tc.black, tc.white)
		res, _ := r.Result()
		v := r.View()
		if v.Check != "An exhaustive search agrees." || v.Disagrees || v.Loser || !strings.HasSuffix(v.Summary, "  ·  "+tc.summary) {
			t.Errorf("%s: check %q, loser %v, summary %q", tc.file, v.Check, v.Loser, v.Summary)
		}
		if !strings.Contains(v.Verdict, tc.verdict) {
			t.Errorf("%s: verdict %q, want a line %q", tc.file, v.Verdict, tc.verdict)
		}
		if v.Outcome != tc.outcome || v.Territory != tc.territory {
			t.Errorf("%s: outcome %q, territory %q", tc.file, v.Outcome, v.Territory)
		}
		if res.Play == nil || res.Play.Label(r.Position().Size()) != tc.play {
			t.Errorf("%s: the move marked: %v, want %s", tc.file, res.Play, tc.play)
		}
	}
}

// TestRaceBothLive: where each block lives (Mi Yuting v Master after move
// 245, T4 v S4: Black's stone connects out, White's block lives in the
// corner they share), the panel says so, not "seki", and crosses nothing.
func TestRaceBothLive(t *testing.T) {
	r := checkedRace(t, "29-2016.12.31-Master-Mi_Yuting.sgf", 245, "T4", "S4")
	res, _ := r.Result()
	v := r.View()
	if !res.Analysis.Verdict.BothLive || v.Disagrees || v.Loser || !strings.HasSuffix(v.Summary, "  ·  both live") {
		t.Errorf("both live %v, disagrees %v, loser %v, summary %q", res.Analysis.Verdict.BothLive, v.Disagrees, v.Loser, v.Summary)
	}
	if v.Outcome != "White to move: neither block is captured." {
		t.Errorf("outcome %q", v.Outcome)
	}
}

// TestRaceTedomariChecked: at Master v Jiang Weijie after move 145 (P6 v
// O7) White moving first captures, but the count's move for it, M8,
// leaves neither block captured: the verdict's move is the search's, P7,
// which the board marks for White, to move.
func TestRaceTedomariChecked(t *testing.T) {
	r := checkedRace(t, "../semeai/testdata/35-2017.01.02-Master-Jiang_Weijie.sgf", 145, "P6", "O7")
	want := "An exhaustive search agrees."
	v := r.View()
	if v.Check != want || v.Disagrees {
		t.Errorf("check %q (disagrees %v), want %q", v.Check, v.Disagrees, want)
	}
	// The board marks the search's move, not the count's.
	m := r.Marks()[0]
	if m.Shape != render.Stone || m.Color != board.White || m.Point.Label(19) != "P7" || !strings.HasSuffix(v.Outcome, " White's move: P7, the small stone on the board.") {
		t.Errorf("first mark %+v (%s), outcome %q; want White's stone at P7", m, m.Point.Label(19), v.Outcome)
	}
}

// lifeEncoding matches a number in the range of semeai's count of life
// (semeai.LifeBound to twice AliveCount): a count near 1000, a
// temperature or mean near 500.
// Times and counts of positions, which can be in that range, are
// left out (notCounts).
var (
	lifeEncoding = regexp.MustCompile(`(^|[^0-9,.])-?(2[5-9][0-9]|[3-9][0-9][0-9]|1[0-9]{3}|20[0-9]{2})($|[^0-9,/])`)
	notCounts    = regexp.MustCompile(`[0-9.,]+ (ms|s|positions)\b`)
)

// TestRaceNoLifeEncoding: on real games' races where a block can live,
// nothing the panel says of any region or of the sum, nor the values on
// the board, holds the count of life: a block that lives reads "lives",
// and a region whose move decides a life has the temperature "life".
func TestRaceNoLifeEncoding(t *testing.T) {
	lives := 0
	for _, tc := range []struct {
		file         string
		move         int
		black, white string
	}{
		{"../semeai/testdata/lives-at-once.sgf", 0, "D4", "D6"},
		{"../semeai/testdata/AGZ-40b-selfplay-Game_001.sgf", 300, "S15", "S13"},
		{"29-2016.12.31-Master-Mi_Yuting.sgf", 245, "T4", "S4"},
		{"../semeai/testdata/35-2017.01.02-Master-Jiang_Weijie.sgf", 145, "P6", "O7"},
	} {
		r := checkedRace(t, tc.file, tc.move, tc.black, tc.white)
		res, _ := r.Result()
		for k := -1; k < len(res.Regions); k++ {
			r.Select(k)
			v := r.View()
			texts := []string{v.Status, v.Blocks, v.Outcome, v.Verdict, v.Territory, v.Check, v.Thermo, v.Notes, v.Summary}
			for _, row := range v.Rows {
				texts = append(texts, row.Line)
			}
			for _, m := range r.Marks() {
				texts = append(texts, m.Label)
			}
			for _, s := range texts {
				if n := lifeEncoding.FindString(notCounts.ReplaceAllString(s, "")); n != "" {
					t.Errorf("%s %d, region %d: %q holds %s", tc.file, tc.move, k, s, n)
				}
			}
			if strings.Contains(v.Thermo, "decides whether a block lives") {
				lives++
			}
		}
	}
	if lives == 0 {
		t.Error("no region where a move decides a block's life")
	}
}

// TestShortValue: a value on a point of the board is short, and a count
// of life reads "live".
func TestShortValue(t *testing.T) {
	tb := cgt.NewTable()
	pos, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ game, want string }{
		{"-3", "-3"},
		{"2*", "2*"},
		{"{1000|2}", "live|2"},
		{"1000", "live"},
		{"{0|-1000}", "0|live"},
		{"{1000|{2|-1000}}", "live|2~"},
		{"{1000|-1000}", "live|live"},
		{"{7|{3|1}}", "4½~"},
		{"{{7|5}|{3|1}}", "4~"},
		// Numbers as the table beside the board writes them, not 11/4.
		{"11/4", "2¾"},
		{"-5/2", "-2½"},
		{"{4|0}", "{4|0}"},
		{"{3/2|0}", "{1½|0}"},
		{"{4|{2|0}}", "2½~"},
	} {
		g, err := tb.Parse(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		got := shortValue(tb, g)
		if got != tc.want {
			t.Errorf("shortValue(%s) = %q, want %q", tc.game, got, tc.want)
		}
		// The board draws every label: one it could not left the whole
		// board blank.
		if _, err := render.Image(pos, nil, render.Options{Marks: []render.Mark{{Point: board.Point{X: 4, Y: 4}, Label: got}}}); err != nil {
			t.Errorf("the board cannot draw %q: %v", got, err)
		}
	}
}

// TestRaceCheckReusesSearch: the check of a race the analysis settled is
// the analysis's own search (semeai.Analysis.Search), not a second one,
// and the panel shows its time as the search's, apart from the count's.
func TestRaceCheckReusesSearch(t *testing.T) {
	r := checkedRace(t, "../semeai/testdata/35-2017.01.02-Master-Jiang_Weijie.sgf", 145, "P6", "O7")
	res, _ := r.Result()
	want, ok := res.Analysis.Search()
	if !ok {
		t.Fatal("the analysis settled nothing")
	}
	if res.SearchErr != nil || !reflect.DeepEqual(res.Search, want) {
		t.Errorf("check %+v (%v), want the analysis's %+v", res.Search, res.SearchErr, want)
	}
	if res.CheckElapsed < res.Analysis.SettleTime {
		t.Errorf("checked in %v, less than the analysis's search, %v", res.CheckElapsed, res.Analysis.SettleTime)
	}
}

// TestRaceAnsweredBeforeCount: where the search has settled a race and
// its count is slow, the search's answer is shown meanwhile, and not as
// a refusal; the count replaces it once made, and stopping the count
// leaves the answer standing, its explanation missing.
func TestRaceAnsweredBeforeCount(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, raceRecord(t, "pocket-4-0.sgf"))
	release := make(chan struct{})
	ws.race.analyse = func(ctx context.Context, pos *board.Position, picks []board.Point, lim semeai.Limits, answered func(*raceRefused)) (*RaceResult, error) {
		race, err := semeai.NewRace(pos, picks[0], picks[1])
		if err != nil {
			return nil, err
		}
		s, err := semeai.SearchRace(ctx, race, lim)
		if err != nil {
			return nil, err
		}
		answered(counting(race, s)) // a count slower than countPatience
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-release:
		}
		return analyseRace(ctx, pos, picks, lim, nil)
	}
	ws.StartRace()
	for _, stop := range []bool{false, true} {
		r := raceOf(t, ws)
		for _, l := range []string{"B5", "B4"} {
			if err := r.Tap(bp(t, l, 9), false); err != nil {
				t.Fatal(err)
			}
		}
		q.until(t, func() bool { return r.View().Outcome != "" })
		v := r.View()
		if !strings.HasPrefix(v.Status, "Counting the liberties, to explain the answer…") || v.Err || v.Analysed || !r.Running() ||
			!strings.HasPrefix(v.Outcome, "By an exhaustive search: ") || !strings.HasSuffix(v.Summary, "(by search)") {
			t.Fatalf("while counting: status %q (error %v), outcome %q, summary %q, analysed %v, running %v", v.Status, v.Err, v.Outcome, v.Summary, v.Analysed, r.Running())
		}
		answer := v.Outcome
		if stop {
			r.Cancel()
			v = r.View()
			if !strings.HasPrefix(v.Status, "The count could not be made: it was stopped.") || v.Err || r.Running() || !strings.HasPrefix(v.Outcome, "By an exhaustive search instead") {
				t.Errorf("the count stopped: status %q (error %v), outcome %q, running %v", v.Status, v.Err, v.Outcome, r.Running())
			}
			if !strings.Contains(v.Outcome, strings.TrimPrefix(answer, "By an exhaustive search: ")) {
				t.Errorf("the count stopped: the answer %q became %q", answer, v.Outcome)
			}
			continue
		}
		release <- struct{}{}
		q.until(t, func() bool { _, ok := r.Result(); return ok })
		if v := r.View(); !v.Analysed || v.Err || len(v.Rows) == 0 {
			t.Errorf("the count made: analysed %v, error %v, %d rows", v.Analysed, v.Err, len(v.Rows))
		}
		r.Tap(board.Point{}, true) // start again
	}
}

// TestCountAfter: what is shown early is shown only where the count
// takes longer than the patience given, and then before the count is
// done.
func TestCountAfter(t *testing.T) {
	a := &semeai.Analysis{}
	quick := func(context.Context) (*semeai.Analysis, error) { return a, nil }
	early := make(chan struct{}, 1)
	slow := func(context.Context) (*semeai.Analysis, error) { <-early; return a, nil }
	for _, tt := range []struct {
		name     string
		count    func(context.Context) (*semeai.Analysis, error)
		patience time.Duration
		shown    int
	}{
		{"quick", quick, time.Hour, 0},
		{"slow", slow, 0, 1}, // done only once shown early
	} {
		shown := 0
		got, err := countAfter(context.Background(), tt.count, tt.patience, func() { shown++; early <- struct{}{} })
		if got != a || err != nil || shown != tt.shown {
			t.Errorf("%s: %v, %v; shown early %d times, want %d", tt.name, got, err, shown, tt.shown)
		}
	}
}

// TestRaceLifeRegion: Black's block, alive already with two eyes of one
// point (F6, F4), counts its life in one region and nothing in the other;
// the panel first shows the thermograph of a region with liberties to
// count, and of the region of the life says it has none to draw.
func TestRaceLifeRegion(t *testing.T) {
	const twoEyes = "(;GM[1]FF[4]SZ[7]AB[ea][fa][ga][db][eb][gb][cc][dc][ec][fc][gc][ad][bd][cd][dd][ed][gd][ae][be][ce][de][ee][fe][ge][af][bf][cf][df][ef][ff][gf][ag][bg][cg][dg][eg][fg][gg]AW[ca][da][ab][bb][cb][ac][bc]PL[W])"
	q := newQueue()
	ws := openWorkspace(t, q, twoEyes)
	ws.StartRace()
	r := pick(t, q, ws, "E7", "C7")
	q.until(t, func() bool { res, ok := r.Result(); return ok && !res.Checking })
	res, _ := r.Result()
	life := -1
	for k, g := range res.Regions {
		if g.Life == board.Black {
			if life >= 0 {
				t.Errorf("regions %s and %s both count Black's life", res.Regions[life].Name, g.Name)
			}
			life = k
		}
	}
	if life < 0 {
		t.Fatalf("no region counts Black's life: %+v", res.Regions)
	}
	v := r.View()
	if r.Selected() == life || !strings.HasPrefix(v.Thermo, "Thermograph of region ") {
		t.Errorf("region %d shown first, the life's (%d): %q", r.Selected(), life, v.Thermo)
	}
	if !strings.Contains(v.Outcome, "White's block at C7 is captured") || v.Check != "An exhaustive search agrees." {
		t.Errorf("outcome %q, check %q", v.Outcome, v.Check)
	}
	r.Select(life)
	if v := r.View(); !strings.Contains(v.Thermo, "counts Black's life") || !strings.Contains(v.Notes, "alive already") {
		t.Errorf("the life's region: thermograph %q, notes %q", v.Thermo, v.Notes)
	}
}

// TestRaceWallBeyond checks the race view where the search's end
// depends on a move beyond the race: AlphaGo v AlphaGo game 9 after move
// 240 (semeai's testdata), Q11 v O9, where neither block is captured
// while Black's S6 keeps its liberty at Q3. The race is refused with
// both ends said, its regions shown and White's Q3 marked, and no block
// is offered as captured.
func TestRaceWallBeyond(t *testing.T) {
	data, err := os.ReadFile("../semeai/testdata/AG-vs-AG-G09.sgf")
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	ws := openWorkspace(t, q, string(data))
	ws.Record().SetMove(240)
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := raceOf(t, ws)
	for _, p := range []string{"Q11", "O9"} {
		if err := r.Tap(bp(t, p, 19), false); err != nil {
			t.Fatal(err)
		}
	}
	r = settledRace(t, q, ws)
	if err := r.Err(); semeai.RefusalCodeOf(err) != semeai.RefusedWallBeyond || !strings.Contains(fmt.Sprint(err), "if White plays Q3 first") {
		t.Fatalf("error %v; want %s, naming White's Q3", err, semeai.RefusedWallBeyond)
	}
	race, err := semeai.NewRace(ws.Position(), bp(t, "Q11", 19), bp(t, "O9", 19))
	if err != nil {
		t.Fatal(err)
	}
	if v := r.View(); v.Outcome != "" || v.Loser || !v.Err || len(r.Regions()) != len(race.Regions)+2 {
		t.Errorf("outcome %q, loser %v, error shown %v, %d regions outlined; want no outcome, no loser, the error and %d", v.Outcome, v.Loser, v.Err, len(r.Regions()), len(race.Regions)+2)
	}
	// The regions' letters, and White's move at Q3 as a small stone.
	want := render.Mark{Point: bp(t, "Q3", 19), Shape: render.Stone, Color: board.White}
	if marks := r.Marks(); len(marks) != len(race.Regions)+1 || marks[len(marks)-1] != want {
		t.Errorf("marks %+v; want the %d regions' letters, then %+v", marks, len(race.Regions), want)
	}
}

// TestRaceUnchecked checks the race view where the search's end could
// not be checked against a move beyond the race: AlphaGo v AlphaGo game
// 10 after move 200 (semeai's testdata), K12 v K13, where the app's
// count refuses a region as too large and the search answers: White
// captures whoever moves first, and whether a Black stone at H9 changes
// that was not settled within the limit. The answer stands, saying which
// move it was not checked against.
func TestRaceUnchecked(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP searches of some seconds in -short mode")
	}
	data, err := os.ReadFile("../semeai/testdata/AG-vs-AG-G10.sgf")
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	ws := openWorkspace(t, q, string(data))
	ws.Record().SetMove(200)
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	r := raceOf(t, ws)
	for _, p := range []string{"K12", "K13"} {
		if err := r.Tap(bp(t, p, 19), false); err != nil {
			t.Fatal(err)
		}
	}
	// The search and its check take some seconds, a minute or more under
	// the race detector.
	q.within(t, 4*testutil.Timeout(), func() bool { return !r.Running() && !ws.Runs().Running() })
	const words = "White captures, whoever moves first. White moving first captures starting at M5. The search did not settle whether a Black stone at H9, played outside the race, would change this end."
	if v := r.View(); !strings.HasSuffix(v.Outcome, words) || !v.Loser {
		t.Errorf("outcome %q, loser %v; want it to end %q, and the loser offered as captured", v.Outcome, v.Loser, words)
	}
}
