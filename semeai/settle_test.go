package semeai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"moyo/board"
	"moyo/game"
)

// oracle is plain minimax over every move of both sides on the race's
// move points (the same points Settle plays on), with passes, simple ko
// and the ban on repeating a position of the line, until a block is
// captured or two passes end the line with neither captured; no
// transposition table but the results that met no repetition, no
// ordering, no life and death knowledge, no ko threats.
type oracle struct {
	moves        []int
	keyPts       []int
	black, white int
	memo         map[string]Result
	path         map[string]int
	depth        int
	lowRep       int
	nodes        int
}

// oracleNodes bounds an oracle's search: a race with captures and
// recaptures can take plain minimax longer than a test may.
const oracleNodes = 200_000

// minimax returns the end of race r with first moving first by plain
// minimax (oracle), and false where that takes past oracleNodes
// positions.
func minimax(r *Race, first board.Color) (Result, bool) {
	pos := r.Pos.Clone()
	pos.SetToMove(first)
	o := newOracle(r)
	v := o.value(pos, false)
	return v, o.nodes <= oracleNodes
}

func newOracle(r *Race) *oracle {
	s := newSettler(r, board.Empty)
	return &oracle{moves: s.moves, keyPts: s.keyPts, black: s.black, white: s.white, memo: map[string]Result{}, path: map[string]int{}}
}

func (o *oracle) key(pos *board.Position) string {
	b := make([]byte, 0, len(o.keyPts)+2)
	for _, i := range o.keyPts {
		b = append(b, byte(pos.Cell(i)+1))
	}
	ko := -1
	if p, ok := pos.Ko(); ok {
		ko = pos.Index(p)
	}
	return string(append(b, byte(ko+1), byte((ko+1)>>8)))
}

func (o *oracle) value(pos *board.Position, passed bool) Result {
	if pos.Cell(o.black) == board.Empty {
		return WhiteCaptures
	}
	if pos.Cell(o.white) == board.Empty {
		return BlackCaptures
	}
	if o.nodes++; o.nodes > oracleNodes {
		return Neither // the caller sees o.nodes and discards the value
	}
	stones := o.key(pos)
	full := stones + string([]byte{byte(pos.ToMove() + 1), b2i(passed)})
	if r, ok := o.memo[full]; ok {
		return r
	}
	if o.path[stones] == 0 {
		o.path[stones] = o.depth + 1
		defer delete(o.path, stones)
	}
	depth := o.depth
	o.depth++
	outer := o.lowRep
	o.lowRep = 1 << 30
	defer func() {
		o.depth--
		o.lowRep = min(outer, o.lowRep)
	}()
	me := pos.ToMove()
	best := Result(me.Opponent())
	next := pos.Clone()
	for _, i := range o.moves {
		if pos.Cell(i) != board.Empty {
			continue
		}
		next.CopyFrom(pos)
		if next.PlayIndex(me, i) != nil {
			continue
		}
		if d := o.path[o.key(next)]; d > 0 {
			o.lowRep = min(o.lowRep, d-1)
			continue
		}
		if r := o.value(next, false); better(r, best, me) {
			best = r
		}
	}
	r := Neither
	if !passed {
		next.CopyFrom(pos)
		next.Play(board.Move{Color: me, Pass: true})
		r = o.value(next, true)
	}
	if better(r, best, me) {
		best = r
	}
	if o.lowRep >= depth {
		o.memo[full] = best
	}
	return best
}

func better(r, old Result, c board.Color) bool {
	if c == board.Black {
		return r > old
	}
	return r < old
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// emptyPoints returns the empty points of r's regions.
func emptyPoints(r *Race) int {
	n := 0
	for _, g := range r.Regions {
		n += g.Empty
	}
	return n
}

// testRaces returns the races of the tests' positions: the table of
// races_test.go, the textbook shapes of this file, and every candidate
// race of the records in testdata, the first three Candidates every 20
// moves from move 100.
func testRaces(t testing.TB) (names []string, out []*Race) {
	for _, tt := range races {
		pos, err := board.ParseDiagram(tt.diag)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRace(pos, tt.blocks[0], tt.blocks[1])
		if err != nil {
			t.Fatal(err)
		}
		names, out = append(names, tt.name), append(out, r)
	}
	for _, tt := range shapes {
		names, out = append(names, tt.name), append(out, shapeRace(t, tt.diag))
	}
	files, _ := filepath.Glob("testdata/*.sgf")
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		if err != nil {
			t.Fatal(err)
		}
		for n := min(100, rec.Moves()); n <= rec.Moves(); n += 20 {
			rs := CandidateRaces(rec.AfterMove(n).Position)
			for k, r := range rs[:min(3, len(rs))] {
				names = append(names, filepath.Base(f)+" move "+itoa(n)+" #"+itoa(k))
				out = append(out, r)
			}
		}
	}
	return names, out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestSettleOracle checks Settle against plain minimax (oracle) on every
// race of the tests' positions with at most 8 empty points, each side
// moving first: a race Settle finds no ko in ends as the oracle finds;
// in a ko, the oracle's end (no side with threats) lies between the
// ends of the ko won by White and by Black.
func TestSettleOracle(t *testing.T) {
	names, rs := testRaces(t)
	checked, kos, skipped, unsettled := 0, 0, 0, 0
	for k, r := range rs {
		if emptyPoints(r) > 8 {
			continue
		}
		st, err := SettleBoth(context.Background(), r, SettleLimits{Nodes: 300_000})
		if RefusalCodeOf(err) == RefusedSearchLimit {
			t.Logf("%s: %v", names[k], err)
			unsettled++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", names[k], err)
			continue
		}
		c, k, s := oracleCheck(t, names[k], r, st)
		checked, kos, skipped = checked+c, kos+k, skipped+s
	}
	t.Logf("%d races × first mover checked against minimax, %d of them kos; %d too long for minimax; %d races Settle left unsettled within 300,000 positions", checked, kos, skipped, unsettled)
	if checked < 90 {
		t.Errorf("only %d checked", checked)
	}
}

// oracleCheck compares st, what SettleBoth found of race r (named name),
// with plain minimax, each side moving first. It returns how many sides
// it compared, how many of those were kos (minimax must lie between the
// ends with each side winning the ko), and how many minimax left
// unfinished (past oracleNodes).
func oracleCheck(t *testing.T, name string, r *Race, st [2]Settlement) (checked, kos, skipped int) {
	t.Helper()
	for i, c := range []board.Color{board.Black, board.White} {
		want, ok := minimax(r, c)
		if !ok {
			skipped++
			continue
		}
		s := st[i]
		checked++
		if s.Kind == Ko {
			kos++
			if want < s.IfWhiteWinsKo || want > s.IfBlackWinsKo {
				t.Errorf("%s, %s first: ko, %v if White wins it, %v if Black does; minimax %v\n%s", name, c.Name(), s.IfWhiteWinsKo, s.IfBlackWinsKo, want, r.Pos)
			}
			continue
		}
		if s.Result != want {
			t.Errorf("%s, %s first: Settle %v (%v), minimax %v\n%s", name, c.Name(), s.Result, s.Kind, want, r.Pos)
		}
	}
	return checked, kos, skipped
}

// shapes are textbook positions on 7×7 boards: a White group in the top
// left corner whose only liberties are one eye of a given shape, inside a
// Black group alive by Benson's test (shapeRace names the blocks).
var shapes = []struct {
	name         string
	diag         string
	black, white Result // the end with Black, with White moving first
	kinds        [2]SettleKind
}{
	{"straight three", `
...OXXX
OOOOX.X
XXXXXXX
X.XXX.X
XXXXXXX
XX.XXXX
XXXXXXX`, BlackCaptures, Neither, [2]SettleKind{Capture, BothLive}},
	{"bent three", `
..OOXXX
.OOXX.X
OOXXXXX
XXXXX.X
X.XXXXX
XXXXXXX
XXX.XXX`, BlackCaptures, Neither, [2]SettleKind{Capture, BothLive}},
	{"squared four", `
..OXXXX
..OX.X.
OOOXXXX
XXXXX.X
X.XXXXX
XXXX.XX
XXXXXXX`, BlackCaptures, BlackCaptures, [2]SettleKind{Capture, Capture}},
	{"pyramid four", `
...OXXX
O.OOX.X
OOOXXXX
XXXXX.X
X.XXXXX
XXXX.XX
XXXXXXX`, BlackCaptures, Neither, [2]SettleKind{Capture, BothLive}},
	{"bulky five", `
...OXXX
..OOX.X
OOOXXXX
XXXXX.X
X.XXXXX
XXXXXXX
XXX.XXX`, BlackCaptures, Neither, [2]SettleKind{Capture, BothLive}},
	{"straight four lives", `
....OXX
OOOOOX.
XXXXXXX
X.XXX.X
XXXXXXX
XX.XXXX
XXXXXXX`, Neither, Neither, [2]SettleKind{BothLive, BothLive}},
}

// shapeDiagram returns the diagram of the textbook shape named name.
func shapeDiagram(t testing.TB, name string) string {
	t.Helper()
	for _, tt := range shapes {
		if tt.name == name {
			return tt.diag
		}
	}
	t.Fatalf("no shape %q", name)
	return ""
}

// shapeRace returns the race of a shapes diagram: White's block holds
// the first White stone of the top row, Black's the first Black one.
func shapeRace(t testing.TB, diag string) *Race {
	t.Helper()
	pos, err := board.ParseDiagram(diag)
	if err != nil {
		t.Fatal(err)
	}
	first := func(c board.Color) board.Point {
		x := 0
		for pos.At(board.Point{X: x}) != c {
			x++
		}
		return board.Point{X: x}
	}
	r, err := NewRace(pos, first(board.Black), first(board.White))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSettleShapes: the nakade shapes die with the attacker moving first
// (the squared four whoever moves), the others live moving first, by a
// move where they would die without it (and by none where they live
// anyway); the
// Black wall is alive by Benson's test, and the race is answered all the
// same.
func TestSettleShapes(t *testing.T) {
	for _, tt := range shapes {
		r := shapeRace(t, tt.diag)
		st, err := SettleBoth(context.Background(), r, SettleLimits{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if st[0].Result != tt.black || st[1].Result != tt.white || st[0].Kind != tt.kinds[0] || st[1].Kind != tt.kinds[1] {
			t.Errorf("%s: %v (%v) / %v (%v), want %v (%v) / %v (%v)", tt.name, st[0].Result, st[0].Kind, st[1].Result, st[1].Kind, tt.black, tt.kinds[0], tt.white, tt.kinds[1])
		}
		if tt.white == Neither && tt.black != Neither && st[1].Move == nil {
			t.Errorf("%s: White lives moving first, but by no move", tt.name)
		}
	}
}

// TestDeadShapes checks the canonical forms of the eye shapes: a shape
// and its images are one shape, and other shapes are not it.
func TestDeadShapes(t *testing.T) {
	bulky := [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}}
	mirrored := [][2]int{{5, 3}, {6, 3}, {5, 4}, {6, 4}, {6, 5}}
	if shapeKey(bulky) != shapeKey(mirrored) || !deadShapes[shapeKey(mirrored)] {
		t.Error("the bulky five and its image differ, or it is not dead")
	}
	if deadShapes[shapeKey([][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}})] {
		t.Error("the straight four is taken for dead")
	}
	if deadShapes[shapeKey([][2]int{{0, 0}, {2, 0}})] {
		t.Error("two separate eyes are taken for one dead shape")
	}
	if !deadAlways[shapeKey([][2]int{{3, 3}, {4, 3}, {3, 4}, {4, 4}})] || deadAlways[shapeKey([][2]int{{0, 0}, {1, 0}, {2, 0}})] {
		t.Error("the squared four dies whoever moves, the straight three does not")
	}
}

// twoPointEyeRace returns the race of testdata/two-point-eye.sgf between
// Black's B9 and White's C9.
func twoPointEyeRace(t *testing.T) *Race {
	t.Helper()
	pos := readRecord(t, "testdata/two-point-eye.sgf").AfterMove(0).Position
	b, _ := board.ParsePoint("B9", 9)
	w, _ := board.ParsePoint("C9", 9)
	r, err := NewRace(pos, b, w)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSettleTwoPointEye is the race of issue 32 (testdata/two-point-eye.sgf):
// Black B9, an eye of two points and a liberty at A6, against White C9
// with three plain liberties: whoever moves first captures.
func TestSettleTwoPointEye(t *testing.T) {
	r := twoPointEyeRace(t)
	st, err := SettleBoth(context.Background(), r, SettleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if st[0].Result != BlackCaptures || st[1].Result != WhiteCaptures || st[0].Kind != Capture || st[0].Move == nil || st[1].Move == nil {
		t.Errorf("Black first %v by %v, White first %v by %v; want each capturing by a move", st[0].Result, st[0].Move, st[1].Result, st[1].Move)
	}
	a, err := Analyze(context.Background(), r, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v := a.Verdict; v.BlackFirst != BlackCaptures || v.WhiteFirst != WhiteCaptures || !v.Searched {
		t.Errorf("the verdict says %v / %v (searched %v), the search %v / %v", v.BlackFirst, v.WhiteFirst, v.Searched, st[0].Result, st[1].Result)
	}

	// Where the count has no time left once the search settled the race,
	// the race is answered by the search alone: a CountError carrying it,
	// and a refusal that is answered, with the search's outcome.
	_, err = Analyze(context.Background(), r, Limits{CountTime: time.Nanosecond})
	var ce *CountError
	if !errors.As(err, &ce) || RefusalCodeOf(err) != RefusedCountLimit || ce.Search.BlackFirst != BlackCaptures || ce.Search.WhiteFirst != WhiteCaptures {
		t.Fatalf("with no time for the count: %v (%T)", err, err)
	}
	rf := NewRefusal(r, err)
	if !rf.Answered || !rf.Settled() || rf.Outcome == nil || rf.Outcome.BlackFirst != "B" || rf.Outcome.WhiteFirst != "W" ||
		rf.CountLine() != "The count could not be made: the count took more than 1e-09 s, where the search had settled the race." {
		t.Errorf("refusal: answered %v, outcome %+v, %q", rf.Answered, rf.Outcome, rf.CountLine())
	}
}

// TestSearchRaceThenCount: Analyze's halves, made one after the other,
// give Analyze's verdict, and the first already holds the search's
// answer, which a caller shows while the count is made (the two-point
// eye of TestSettleTwoPointEye: whoever moves first captures).
func TestSearchRaceThenCount(t *testing.T) {
	s, err := SearchRace(context.Background(), twoPointEyeRace(t), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got := s.Search()
	if !s.Answered() || got.BlackFirst != BlackCaptures || got.WhiteFirst != WhiteCaptures || got.BlackMove == nil || got.WhiteMove == nil || s.Nodes() != DefaultSettleNodes {
		t.Fatalf("the search: answered %v, %v / %v, moves %v %v, %d positions", s.Answered(), got.BlackFirst, got.WhiteFirst, got.BlackMove, got.WhiteMove, s.Nodes())
	}
	a, err := s.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if v := a.Verdict; v.BlackFirst != got.BlackFirst || v.WhiteFirst != got.WhiteFirst || !v.Searched || a.SettleTime != s.Time {
		t.Errorf("the count's verdict %v / %v (searched %v), the search's %v / %v", v.BlackFirst, v.WhiteFirst, v.Searched, got.BlackFirst, got.WhiteFirst)
	}
}

// TestSettleOpenRegion: a race with a region that opens onto the board
// is refused at once, with its reason code.
func TestSettleOpenRegion(t *testing.T) {
	pos, err := board.ParseDiagram(`
.O.......
XO.......
XO.......
XO.......
XO.......
XO.......
XO.......
XO.......
.O.......`)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRace(pos, board.Point{X: 0, Y: 1}, board.Point{X: 1, Y: 1})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = SettleBoth(context.Background(), r, SettleLimits{})
	if d := time.Since(start); RefusalCodeOf(err) != RefusedOpenRegion || d > 500*time.Millisecond {
		t.Errorf("%v (code %q) after %v; want an open-region refusal within 0.5 s", err, RefusalCodeOf(err), d)
	}
	var rf *RaceError
	if !errors.As(err, &rf) || rf.Region < 0 {
		t.Errorf("%v: no region named", err)
	}
}

// TestRefusalCodes: every kind of refusal has its code.
func TestRefusalCodes(t *testing.T) {
	pos, _ := board.ParseDiagram("XX.\nOO.\n...")
	_, err := NewRace(pos, board.Point{X: 0, Y: 0}, board.Point{X: 1, Y: 0})
	for _, tt := range []struct {
		err  error
		want RefusalCode
	}{
		{err, RefusedNotARace},
		{ErrTooLarge, RefusedCountLimit},
		{ErrUnsound, RefusedCountUnsound},
		{settleError(ErrSearchLimit), RefusedSearchLimit},
		{context.Canceled, ""},
	} {
		if got := RefusalCodeOf(tt.err); got != tt.want {
			t.Errorf("%v: code %q, want %q", tt.err, got, tt.want)
		}
	}
}

// goalTime is the time a side's search of a race should settle it in:
// the goal is 95 % of races of at most 30 empty points so settled.
const goalTime = 2 * time.Second

// settleTime returns the time a search of the statistics is given:
// goalTime, or MOYO_SETTLE_SECONDS.
func settleTime(t *testing.T) time.Duration {
	s := os.Getenv("MOYO_SETTLE_SECONDS")
	if s == "" {
		return goalTime
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 {
		t.Fatalf("MOYO_SETTLE_SECONDS=%q: want a number of seconds", s)
	}
	return time.Duration(n * float64(time.Second))
}

// TestSettleStats runs Settle on every race of the tests' positions
// whose regions hold at most 30 empty points, each side moving first,
// and reports how many it settles within 2 s and its median and worst
// time (the goal: 95 %). MOYO_SETTLE_SECONDS gives each search
// another time, to see how many more races time alone settles.
func TestSettleStats(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the settle statistics take a minute")
	}
	limit := settleTime(t)
	names, rs := testRaces(t)
	var times []time.Duration
	settled, bounded, total := 0, 0, 0
	// The slowest settled before the deadline, and its name; the settled
	// whose search for a first move reached it.
	var slowest time.Duration
	slowName, atLine := "", 0
	for k, r := range rs {
		if r.MostEmpty() > 30 {
			continue
		}
		for _, c := range []board.Color{board.Black, board.White} {
			total++
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			start := time.Now()
			st, err := Settle(ctx, r, c, SettleLimits{Nodes: 50_000_000})
			d := time.Since(start)
			cancel()
			times = append(times, d)
			switch {
			case err == nil:
				settled++
				switch {
				case d >= limit:
					// The outcome settled; the search for the first move
					// that matters, or for a seki, ran to the deadline.
					atLine++
					t.Logf("%s, %s first: %v (%v) settled at the deadline, %v; first move %v", names[k], c.Name(), st.Result, st.Kind, d, st.Move)
				case d > slowest:
					slowest, slowName = d, names[k]+", "+c.Name()+" first"
				}
			case st.Bound.Known():
				bounded++
				t.Logf("%s, %s first: %v after %v; settled: %v", names[k], c.Name(), err, d, st.Bound)
			default:
				t.Logf("%s, %s first: %v after %v", names[k], c.Name(), err, d)
			}
		}
	}
	slices.Sort(times)
	t.Logf("settled %d of %d (race, first mover) within %v, %d more in part (one of the two questions); median %v, worst %v", settled, total, limit, bounded, times[len(times)/2], times[len(times)-1])
	t.Logf("of the settled, %d reached the deadline after the outcome, looking for the first move that matters; the slowest of the others: %s, %v", atLine, slowName, slowest)
	if settled*100 < 95*total {
		t.Logf("below the goal of 95 %%")
	}
}

// BenchmarkSettle settles every race of the races_test.go table and the
// textbook shapes, each side moving first, and reports the median and
// the worst time of one race (both sides) besides the time of them all.
func BenchmarkSettle(b *testing.B) {
	var rs []*Race
	for _, tt := range races {
		pos, err := board.ParseDiagram(tt.diag)
		if err != nil {
			b.Fatal(err)
		}
		r, err := NewRace(pos, tt.blocks[0], tt.blocks[1])
		if err != nil {
			b.Fatal(err)
		}
		rs = append(rs, r)
	}
	for _, tt := range shapes {
		rs = append(rs, shapeRace(b, tt.diag))
	}
	var times []time.Duration
	for b.Loop() {
		times = times[:0]
		for _, r := range rs {
			start := time.Now()
			if _, err := SettleBoth(context.Background(), r, SettleLimits{}); err != nil && RefusalCodeOf(err) != RefusedSearchLimit {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/race")
	b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "worst-ns/race")
	b.ReportMetric(float64(len(rs)), "races")
}

// TestSettleKo: AlphaGo v AlphaGo game 20 after move 200 (testdata), Black's
// R4 against White's S10: the race is a ko. Black captures if Black wins
// it; neither block is captured if White does. Black moving first starts
// it (a move is named); White moving first needs no move.
func TestSettleKo(t *testing.T) {
	pos := readRecord(t, "testdata/AG-vs-AG-G20.sgf").AfterMove(200).Position
	r, err := NewRace(pos, vertex(t, "R4"), vertex(t, "S10"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := SettleBoth(context.Background(), r, SettleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	for k, s := range st {
		if s.Kind != Ko || s.IfBlackWinsKo != BlackCaptures || s.IfWhiteWinsKo != Neither {
			t.Errorf("%s first: %v, %v if Black wins the ko, %v if White does; want a ko, Black capturing if he wins it", s.First.Name(), s.Kind, s.IfBlackWinsKo, s.IfWhiteWinsKo)
		}
		if want := []Result{BlackCaptures, Neither}[k]; s.Result != want {
			t.Errorf("%s first: %v, want %v", s.First.Name(), s.Result, want)
		}
	}
	if st[0].Move == nil || st[1].Move != nil {
		t.Errorf("moves %v, %v; want Black's, none for White", st[0].Move, st[1].Move)
	}
}

// TestSettleClasses: Black's nine plain liberties against White's
// {0|-4} - 5 (races_test.go) are one class of interchangeable points, as
// are White's three in a row; the race, a searched-through 9 against 9
// with White moving first, settles within 200,000 positions a side
// where, with every point played, the search passed 16 million
// unsettled. Black captures whoever moves first, and the move named is
// the first point of its class.
func TestSettleClasses(t *testing.T) {
	pos, err := board.ParseDiagram(board19(whiteSwitch4, ".........OO"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRace(pos, switchBlocks[0], switchBlocks[1])
	if err != nil {
		t.Fatal(err)
	}
	s := newSettler(r, board.Black)
	sizes := map[int]int{}
	for _, i := range s.moves {
		if c := s.classOf[i]; c >= 0 {
			sizes[c]++
		}
	}
	var got []int
	for _, n := range sizes {
		got = append(got, n)
	}
	slices.Sort(got)
	if !slices.Contains(got, 9) {
		t.Errorf("classes of %v points; want one of Black's 9 liberties", got)
	}
	st, err := SettleBoth(context.Background(), r, SettleLimits{Nodes: 200_000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("positions: %d with Black first, %d with White first", st[0].Nodes, st[1].Nodes)
	for k, c := range []board.Color{board.Black, board.White} {
		if st[k].Kind != Capture || st[k].Result != BlackCaptures {
			t.Errorf("%s first: %v, %v; want Black captures", c.Name(), st[k].Kind, st[k].Result)
		}
	}
	if m := st[0].Move; m == nil {
		t.Error("Black first: no move named")
	} else if i := pos.Index(*m); s.classOf[i] >= 0 && slices.IndexFunc(s.moves, func(j int) bool { return s.classOf[j] == s.classOf[i] }) != slices.Index(s.moves, i) {
		t.Errorf("Black first: move %s is not the first point of its class", m.Label(pos.Size()))
	}
}

// TestRehash: the hash the searches follow move by move (rehash) is the
// hash of the whole position (hash) along random lines of play of every
// race of the tests, with captures, kos, the ko winner's retakes, passes
// and classes of interchangeable points on the way.
func TestRehash(t *testing.T) {
	lines, captures := 0, 0
	var h uint64
	randomLines(t, func(name string, s *settler, pos, next *board.Position, i int) {
		if pos == nil {
			lines++
			h = s.hash(next)
			return
		}
		if next.Captures(board.Black)+next.Captures(board.White) > pos.Captures(board.Black)+pos.Captures(board.White) {
			captures++
		}
		h = s.rehash(h, pos, next, i)
		if want := s.hash(next); h != want {
			t.Fatalf("%s (move at %d): followed hash %x, whole position's %x\n%v", name, i, h, want, next)
		}
	})
	if captures == 0 {
		t.Errorf("%d lines played with no capture: the test checks nothing of captures", lines)
	}
	t.Logf("%d lines, %d captures", lines, captures)
}

// randomLines plays random lines of play, four a race of the tests, of up
// to 60 moves or passes on the race's points, until a block is captured:
// it calls f with pos nil and the race's position, then with each
// position, the next one and the point played (−1: a pass).
func randomLines(t *testing.T, f func(name string, s *settler, pos, next *board.Position, i int)) {
	names, rs := testRaces(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for k, r := range rs {
		s := newSettler(r, board.Black)
		for range 4 {
			pos := r.Pos.Clone()
			f(names[k], s, nil, pos, -1)
			for step := 0; step < 60 && pos.Cell(s.black) != board.Empty && pos.Cell(s.white) != board.Empty; step++ {
				next := pos.Clone()
				i := -1
				if rng.IntN(10) > 0 {
					i = s.moves[rng.IntN(len(s.moves))]
				}
				if i < 0 || pos.Cell(i) != board.Empty || !s.play(next, pos.ToMove(), i) {
					next.CopyFrom(pos)
					next.Play(board.Move{Color: pos.ToMove(), Pass: true})
					i = -1
				}
				f(names[k], s, pos, next, i)
				pos = next
			}
		}
	}
}

// TestMayLive: the flood that spares the search Benson's whole-board test
// where it can. White's block (B8) has two eyes of its own, A9 and C9:
// alive, no Benson's test needed. With D9 a chain of its own beside C9,
// the eye C9 is vital to White's block only if that chain lives: with one
// eye (C9) it cannot, and the block is not alive; with a second eye (E9)
// shared with a chain that has no other, only Benson's test tells (not
// alive). With White's second region holding points that are not its
// liberties (D9, E9), the block cannot be alive. Benson's test agrees
// with each.
func TestMayLive(t *testing.T) {
	tests := []struct {
		name      string
		diag      string
		black     board.Point
		may, sure bool
	}{
		{"two eyes of its own", `.O.OOX...
OOOOOX...
XXXXXX...
.........
.........
.........
.........
.........
.........`, board.Point{X: 5, Y: 1}, true, true},
		{"an eye beside a chain with one eye", `.O.O.X...
OOOXXX...
XXXX.....
.........
.........
.........
.........
.........
.........`, board.Point{X: 3, Y: 1}, false, false},
		{"an eye beside a chain with two", `.O.O.OOX.
OOOXOOOX.
XXXXXXXX.
.........
.........
.........
.........
.........
.........`, board.Point{X: 3, Y: 1}, true, false},
		{"a region with points not its liberties", `.O....X..
OO...OX..
OOOOOOX..
XXXXXXX..
.........
.........
.........
.........
.........`, board.Point{X: 6, Y: 1}, false, false},
	}
	for _, tt := range tests {
		pos, err := board.ParseDiagram(tt.diag)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRace(pos, tt.black, board.Point{X: 1, Y: 1})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		s := newSettler(r, board.Empty)
		s.fillBlocks(pos)
		may, sure := s.mayLive(pos, 1)
		if may != tt.may || sure != tt.sure {
			t.Errorf("%s: mayLive = %v, %v; want %v, %v", tt.name, may, sure, tt.may, tt.sure)
		}
		alive := pos.UnconditionalLife()[s.white] == board.White
		if sure && !alive || !may && alive {
			t.Errorf("%s: mayLive = %v, %v, but Benson's test finds the block alive: %v", tt.name, may, sure, alive)
		}
	}
	// And along random lines of every race of the tests: what mayLive is
	// sure of, Benson's test finds; what it rules out, Benson's does not.
	// So too of chainLife on the chains next to the blocks, which
	// nakadeDead asks of the opponent's.
	var life board.Life
	var owners []board.Color
	counts, next := map[string]int{}, map[string]int{}
	randomLines(t, func(name string, s *settler, _, pos *board.Position, _ int) {
		if pos.Cell(s.black) == board.Empty || pos.Cell(s.white) == board.Empty {
			return
		}
		s.fillBlocks(pos)
		owners = life.Owners(owners, pos)
		for k := range 2 {
			for _, i := range s.blocks[k].Stones {
				for _, j := range pos.Neighbors(i) {
					if c := pos.Cell(j); c == board.Empty || s.blocks[k].Stone(j, s.stamp[k]) {
						continue
					}
					var fl board.Flood
					may, sure := s.chainLife(pos, &fl, fl.Fill(pos, j))
					alive := owners[j] == pos.Cell(j)
					next[fmt.Sprint(may, sure, alive)]++
					if sure && !alive || !may && alive {
						t.Fatalf("%s: chain at %s: chainLife = %v, %v, Benson's test: alive %v\n%v", name, label(pos, j), may, sure, alive, pos)
					}
				}
			}
		}
		for k, at := range [2]int{s.black, s.white} {
			// As bounds asks: a block with a liberty where no move is
			// played (a wall's point, emptied by a capture) is not
			// flooded, and cannot be captured anyway.
			if s.outside(pos, k) {
				continue
			}
			may, sure := s.mayLive(pos, k)
			alive := owners[at] == pos.Cell(at)
			counts[fmt.Sprint(may, sure, alive)]++
			if sure && !alive || !may && alive {
				t.Fatalf("%s: block %d: mayLive = %v, %v, Benson's test: alive %v\n%v", name, k, may, sure, alive, pos)
			}
		}
	})
	if counts["true true true"] == 0 || counts["true false true"] == 0 || counts["true false false"] == 0 {
		t.Errorf("mayLive (may, sure, Benson alive) along random lines: %v; want each kind met", counts)
	}
	if next["true true true"] == 0 || next["false false false"] == 0 {
		t.Errorf("chainLife (may, sure, Benson alive) of the chains next to the blocks: %v; want each kind met", next)
	}
	t.Logf("mayLive (may, sure, Benson alive) along random lines: %v", counts)
	t.Logf("chainLife of the chains next to the blocks (once for each stone of a block they touch): %v", next)
}

// TestSettleMoveUnknown: Master v Jiang Weijie after move 220 (testdata),
// Black's C9 against White's E12, which joins its wall at F10 or F11:
// Black moving first neither captures nor is captured, which the search
// finds in under a hundred positions; whether Black needs a move for it
// is White moving first against a group with 36 empty points of eye
// space, a life-and-death search past the limit. The end is reported,
// with no move named, where the whole race used to be refused.
func TestSettleMoveUnknown(t *testing.T) {
	pos := readRecord(t, "testdata/35-2017.01.02-Master-Jiang_Weijie.sgf").AfterMove(220).Position
	r, err := NewRace(pos, vertex(t, "C9"), vertex(t, "E12"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := Settle(context.Background(), r, board.Black, SettleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Result != Neither || st.Move != nil {
		t.Errorf("Black first: %v (%v), move %v; want neither captured, no move", st.Result, st.Kind, st.Move)
	}
}

// proveAlone is the end of race r with c moving first by proof-number
// search alone (prove), the opponent winning every ko, within limit
// positions; koMet reports a ko met on the way.
func proveAlone(r *Race, c board.Color, limit int) (res Result, koMet bool, err error) {
	return alone(r, c, limit, func(s *settler, pos *board.Position, t Result) (bool, error) {
		return s.prove(pos, false, t)
	})
}

// searchAlone is proveAlone's end by the depth-first search alone.
func searchAlone(r *Race, c board.Color, limit int) (res Result, koMet bool, err error) {
	return alone(r, c, limit, func(s *settler, pos *board.Position, t Result) (bool, error) {
		return s.search(pos, s.hash(pos), false, t)
	})
}

// alone is the end of race r with c moving first by one of the two
// searches alone (ask), the opponent winning every ko, within limit
// positions; koMet reports a ko met on the way.
func alone(r *Race, c board.Color, limit int, ask func(*settler, *board.Position, Result) (bool, error)) (res Result, koMet bool, err error) {
	s := newSettler(r, c.Opponent())
	s.ctx, s.limit = context.Background(), limit
	pos := r.Pos.Clone()
	pos.SetToMove(c)
	capt, err := ask(s, pos, BlackCaptures)
	if err != nil || capt {
		return BlackCaptures, s.koMet, err
	}
	safe, err := ask(s, pos, Neither)
	if err != nil || safe {
		return Neither, s.koMet, err
	}
	return WhiteCaptures, s.koMet, nil
}

// TestProveOracle checks the proof-number search alone against plain
// minimax on every race of the tests' positions with at most 8 empty
// points where no ko is met, each side moving first: Settle turns to it
// only where its depth-first search stops, so that the races Settle
// settles at once would not check it.
func TestProveOracle(t *testing.T) {
	names, rs := testRaces(t)
	checked := 0
	for k, r := range rs {
		if emptyPoints(r) > 8 {
			continue
		}
		for _, c := range []board.Color{board.Black, board.White} {
			got, ko, err := proveAlone(r, c, 300_000)
			if err != nil || ko {
				continue
			}
			want, ok := minimax(r, c)
			if !ok {
				continue
			}
			checked++
			if got != want {
				t.Errorf("%s, %s first: proof-number search %v, minimax %v", names[k], c.Name(), got, want)
			}
		}
	}
	t.Logf("%d races × first mover checked against minimax", checked)
	if checked < 90 {
		t.Errorf("only %d checked", checked)
	}
}

// TestProveAgreesWithSearch checks the two searches against each other
// beyond minimax's reach: every race of the tests' positions with at
// most 30 empty points a region, each side moving first, each search
// alone within 20,000 positions a question: where both answer and no ko
// is met, they agree.
func TestProveAgreesWithSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the two searches on every race take some seconds")
	}
	names, rs := testRaces(t)
	both := 0
	for k, r := range rs {
		if r.MostEmpty() > 30 {
			continue
		}
		for _, c := range []board.Color{board.Black, board.White} {
			got, ko, err := proveAlone(r, c, 20_000)
			if err != nil || ko {
				continue
			}
			want, ko, err := searchAlone(r, c, 20_000)
			if err != nil || ko {
				continue
			}
			both++
			if got != want {
				t.Errorf("%s, %s first: proof-number search %v, depth-first search %v", names[k], c.Name(), got, want)
			}
		}
	}
	t.Logf("%d races × first mover answered by both", both)
	if both < 200 {
		t.Errorf("only %d answered by both", both)
	}
}

// TestJoinsOutMiai: White's two stones, B6 and C6, have two liberties,
// B7 and C7, each of which joins them to White's wall along row 8, whose
// liberties on row 9 lie outside the race. Black cannot take both:
// whoever moves, White's block is not captured, and with White to move
// one such point is enough; with B7 Black's, and Black to move, Black
// captures.
func TestJoinsOutMiai(t *testing.T) {
	const diag = `.........
OOOOOOOOO
X..XXXXXX
XOOX.....
XXXXXXXXX
OOOOOOOOO
.........
.........
.........`
	tests := []struct {
		name   string
		black  []board.Point // Black's stones added
		toMove board.Color
		safe   bool
	}{
		{"two points, Black to move", nil, board.Black, true},
		{"two points, White to move", nil, board.White, true},
		{"one point, White to move", []board.Point{{X: 1, Y: 2}}, board.White, true},
		{"one point, Black to move", []board.Point{{X: 1, Y: 2}}, board.Black, false},
	}
	for _, tt := range tests {
		pos, err := board.ParseDiagram(diag)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range tt.black {
			if err := pos.Set(p, board.Black); err != nil {
				t.Fatal(err)
			}
		}
		if err := pos.SetToMove(tt.toMove); err != nil {
			t.Fatal(err)
		}
		r, err := NewRace(pos, board.Point{X: 0, Y: 2}, board.Point{X: 1, Y: 3})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		s := newSettler(r, board.Empty)
		s.fillBlocks(pos)
		if got := s.joinsOutMiai(pos, 1, board.White); got != tt.safe {
			t.Errorf("%s: joinsOutMiai = %v, want %v", tt.name, got, tt.safe)
		}
		st, err := Settle(context.Background(), r, tt.toMove, SettleLimits{})
		want := Neither
		if !tt.safe {
			want = BlackCaptures
		}
		if err != nil || st.Result != want {
			t.Errorf("%s: Settle says %v (%v), want %v", tt.name, st.Result, err, want)
		}
	}
}

// TestSettleSekiKind: the textbook sekis of shared liberties, no eyes,
// are sekis with either side moving first, not two blocks that live:
// with four shared liberties filling one is not yet fatal, and with two
// shared Black's first move, on a liberty of White's, makes the seki
// that was not there before it. A block with an eye of its own lives
// (the shapes above).
func TestSettleSekiKind(t *testing.T) {
	for _, tt := range []struct {
		name  string
		kinds [2]SettleKind
	}{
		{"shared 4: 3 v 3 seki", [2]SettleKind{Seki, Seki}},
		{"shared 3: 3 v 4", [2]SettleKind{Seki, Seki}},
		{"shared 2+2: 4 v 2", [2]SettleKind{Seki, Seki}},
		{"shared 2: 3 v 4", [2]SettleKind{Seki, Capture}},
	} {
		k := slices.IndexFunc(races, func(r race) bool { return r.name == tt.name })
		if k < 0 {
			t.Fatalf("no race %q", tt.name)
		}
		r := mustRace(t, races[k].diag, races[k].blocks[0], races[k].blocks[1])
		st, err := SettleBoth(context.Background(), r, SettleLimits{})
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]SettleKind{st[0].Kind, st[1].Kind}; got != tt.kinds {
			t.Errorf("%s: kinds %v, want %v", tt.name, got, tt.kinds)
		}
	}
}

// TestSettleSekiUntold: where playing out the shared liberties finds no
// end within its moves, the race's end stands (neither captured) but no
// seki or two living blocks is claimed: the kind says it was not told.
func TestSettleSekiUntold(t *testing.T) {
	k := slices.IndexFunc(races, func(r race) bool { return r.name == "shared 4: 3 v 3 seki" })
	if k < 0 {
		t.Fatal("no race \"shared 4: 3 v 3 seki\"")
	}
	r := mustRace(t, races[k].diag, races[k].blocks[0], races[k].blocks[1])
	for _, tt := range []struct {
		fills int
		want  SettleKind
	}{{0, Seki}, {1, NotCaptured}} {
		ss := settleSearches{fills: tt.fills}
		st, err := ss.settle(context.Background(), r, board.Black, SettleLimits{})
		if err != nil {
			t.Fatalf("fills %d: %v", tt.fills, err)
		}
		if st.Result != Neither || st.Kind != tt.want || !st.Bound.Settled() {
			t.Errorf("fills %d: %v, %v, bound %v; want neither captured, %v, settled", tt.fills, st.Result, st.Kind, st.Bound, tt.want)
		}
	}
}
