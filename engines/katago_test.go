package engines

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/internal/testenv"
	"moyo/internal/testutil"
)

// The tests of this file run the real KataGo of ../shared/engines/katago
// (testenv.KataGo), with KataGo's small test network. Loading it takes a
// fraction of a second, but the engines are shared by the tests of one
// binary where a test needs no engine of its own.

// shared holds the KataGo engines the tests share, by ownership view, and
// the folder of their logs; TestMain closes them.
var shared struct {
	sync.Mutex
	engines map[string]*KataGo
	logDir  string
}

// sharedKataGo returns the shared real KataGo reporting in view.
func sharedKataGo(t *testing.T, view string) *KataGo {
	t.Helper()
	f := testenv.KataGo(t)
	shared.Lock()
	defer shared.Unlock()
	if k := shared.engines[view]; k != nil {
		return k
	}
	if shared.logDir == "" {
		d, err := os.MkdirTemp("", "moyo-katago-test-logs-")
		if err != nil {
			t.Fatal(err)
		}
		shared.logDir = d
	}
	k := NewKataGo(f.Program, f.GTPConfig, f.Model, view)
	k.LogDir = shared.logDir
	if shared.engines == nil {
		shared.engines = map[string]*KataGo{}
	}
	shared.engines[view] = k
	return k
}

// closeSharedKataGo stops the shared engines and removes their logs.
func closeSharedKataGo() {
	shared.Lock()
	defer shared.Unlock()
	for _, k := range shared.engines {
		if err := k.Close(); err != nil {
			println("closing KataGo:", err.Error())
		}
	}
	if shared.logDir != "" {
		os.RemoveAll(shared.logDir)
	}
}

// ownKataGo returns a real KataGo for this test alone, logging to a
// temporary folder and closed when the test ends.
func ownKataGo(t *testing.T) *KataGo {
	t.Helper()
	f := testenv.KataGo(t)
	k := NewKataGo(f.Program, f.GTPConfig, f.Model, "")
	k.LogDir = t.TempDir()
	t.Cleanup(func() {
		if err := k.Close(); err != nil {
			t.Error(err)
		}
	})
	return k
}

// walls returns a size×size board split by two full columns: Black's at
// column size/2−1 and White's at size/2+1. Everything left of Black's
// wall is Black's beyond doubt and everything right of White's is White's.
func walls(t *testing.T, size int, toMove board.Color) *board.Position {
	t.Helper()
	pos, err := board.New(size)
	if err != nil {
		t.Fatal(err)
	}
	for y := range size {
		pos.Set(board.Point{X: size/2 - 1, Y: y}, board.Black)
		pos.Set(board.Point{X: size/2 + 1, Y: y}, board.White)
	}
	if err := pos.SetToMove(toMove); err != nil {
		t.Fatal(err)
	}
	return pos
}

// checkWalls fails t unless own gives the points of walls(size) their
// owners: above 0.5 for Black's side and wall, below −0.5 for White's.
func checkWalls(t *testing.T, own []float64, size int) {
	t.Helper()
	if len(own) != size*size {
		t.Fatalf("%d values, want %d", len(own), size*size)
	}
	for i, v := range own {
		x := i % size
		switch {
		case x <= size/2-1 && v <= 0.5:
			t.Fatalf("%s = %.3f on Black's side, want > 0.5", board.Point{X: x, Y: i / size}.Label(size), v)
		case x >= size/2+1 && v >= -0.5:
			t.Fatalf("%s = %.3f on White's side, want < −0.5", board.Point{X: x, Y: i / size}.Label(size), v)
		}
	}
}

func TestKataGoOwnershipSign(t *testing.T) {
	for _, view := range []string{KataGoViewToMove, KataGoViewBlack} {
		for _, toMove := range []board.Color{board.Black, board.White} {
			t.Run(view+" "+toMove.String()+" to move", func(t *testing.T) {
				k := sharedKataGo(t, view)
				q := PositionQuery(walls(t, 9, toMove), 7.5)
				var maps []Analysis
				a, err := k.Analyze(context.Background(), q, 30, func(a Analysis) { maps = append(maps, a) })
				if err != nil {
					t.Fatal(err)
				}
				if len(maps) < 2 || maps[0].Visits != 0 {
					t.Fatalf("%d maps, the first of %d visits; want the raw network's, then the search's", len(maps), maps[0].Visits)
				}
				checkWalls(t, maps[0].Ownership, 9)
				checkWalls(t, a.Ownership, 9)
				if a.Visits < 30 {
					t.Errorf("the last map has %d visits, want 30", a.Visits)
				}
			})
		}
	}
}

func TestKataGoBoardSizes(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	for _, size := range []int{9, 13} {
		res, err := k.Estimate(context.Background(), walls(t, size, board.Black), estimators.Params{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Size != size {
			t.Fatalf("size %d, want %d", res.Size, size)
		}
		checkWalls(t, res.Values, size)
	}
}

// TestKataGoRawIsDeterministic checks that the raw network does not depend
// on the view, nor on what the engine did before: the same query gives
// the same map on another engine after other work.
func TestKataGoRawIsDeterministic(t *testing.T) {
	q := RecordQuery(masterRecord(t), 150)
	a, err := sharedKataGo(t, KataGoViewToMove).Analyze(context.Background(), q, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := sharedKataGo(t, KataGoViewBlack)
	if _, err := k.Analyze(context.Background(), PositionQuery(walls(t, 9, board.White), 6.5), 0, nil); err != nil {
		t.Fatal(err)
	}
	b, err := k.Analyze(context.Background(), q, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Ownership {
		if a.Ownership[i] != b.Ownership[i] {
			t.Fatalf("value %d: %v and %v", i, a.Ownership[i], b.Ownership[i])
		}
	}
	if a.Winrate != b.Winrate || a.ScoreLead != b.ScoreLead {
		t.Errorf("winrate %v, %v; lead %v, %v", a.Winrate, b.Winrate, a.ScoreLead, b.ScoreLead)
	}
}

// masterRecord is AlphaGo Master v Gu Li.
func masterRecord(t *testing.T) *game.Record {
	t.Helper()
	return testutil.ReadRecord(t, filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
}

// parseRecord reads an SGF record.
var parseRecord = testutil.ParseRecord

func TestKataGoHandicap(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	rec := parseRecord(t, "(;SZ[19]HA[4]KM[0.5]AB[dd][pd][dp][pp];W[qf];B[nc])")
	q := RecordQuery(rec, 2)
	if len(q.Moves) != 2 || q.Start.Cell(q.Start.Index(board.Point{X: 3, Y: 3})) != board.Black || q.Komi != 0.5 {
		t.Fatalf("query %s: want the handicap stones set up, two moves, komi 0.5", q.Key())
	}
	a, err := k.Analyze(context.Background(), q, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Four stones are worth far more than White's compensation of four
	// points under Chinese rules.
	if a.ScoreLead < 20 || a.Winrate < 0.9 {
		t.Errorf("Black leads by %.1f, wins %.2f; want a clear lead", a.ScoreLead, a.Winrate)
	}
	for _, pt := range []board.Point{{X: 3, Y: 3}, {X: 15, Y: 3}, {X: 3, Y: 15}, {X: 15, Y: 15}} {
		if v := a.Ownership[pt.Y*19+pt.X]; v < 0.5 {
			t.Errorf("handicap stone %s = %.2f, want Black's", pt.Label(19), v)
		}
	}
	// KataGo counts the set-up stones as handicap: with Chinese rules,
	// White is given a point per stone.
	text, err := kataSend(t, k, "kata-get-rules")
	if err != nil || !strings.Contains(text, `"whiteHandicapBonus":"N"`) {
		t.Errorf("rules %q, %v", text, err)
	}
}

// kataSend sends one command to k's running engine.
func kataSend(tb testing.TB, k *KataGo, cmd string) (string, error) {
	tb.Helper()
	k.lock <- struct{}{}
	defer func() { <-k.lock }()
	if k.proc == nil {
		tb.Fatal("no engine running")
	}
	return k.proc.send(context.Background(), cmd)
}

func TestKataGoPass(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	rec := parseRecord(t, "(;SZ[9]KM[7];B[ee];W[];B[cc])")
	q := RecordQuery(rec, 3)
	if q.ToMove() != board.White || len(q.Moves) != 3 || !q.Moves[1].Pass {
		t.Fatalf("query %s: want three moves, a pass among them, White to move", q.Key())
	}
	if _, err := k.Analyze(context.Background(), q, 10, nil); err != nil {
		t.Fatal(err)
	}
	// KataGo's own record of the game holds the pass.
	sgf, err := kataSend(t, k, "printsgf")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sgf, "B[ee];W[];B[cc]") || !strings.Contains(sgf, "KM[7]") {
		t.Errorf("KataGo holds %s, want the three moves with the pass and komi 7", sgf)
	}
}

// koRecord ends with Black taking a ko at E5: White may not retake at D5.
const koRecord = "(;SZ[9]KM[7.5];B[dd];W[ed];B[ce];W[fe];B[df];W[ef];B[ai];W[de];B[ee])"

// koPolicy returns the raw policy of the side to move at D5 after q is set
// up: NaN where KataGo holds the move illegal.
func koPolicy(t *testing.T, k *KataGo, q Query) float64 {
	t.Helper()
	if _, err := k.Analyze(context.Background(), q, 0, nil); err != nil {
		t.Fatal(err)
	}
	text, err := kataSend(t, k, "kata-raw-nn 0")
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(text)
	for i, f := range fields {
		if f == "policy" {
			// D5 on 9×9 is row 4 from the top, column 3.
			v := fields[i+1+4*9+3]
			if v == "NAN" {
				return math.NaN()
			}
			return 1
		}
	}
	t.Fatalf("no policy in %q", text)
	return 0
}

func TestKataGoKo(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	rec := parseRecord(t, koRecord)
	pos := rec.AfterMove(9).Position
	if ko, ok := pos.Ko(); !ok || ko.Label(9) != "D5" {
		t.Fatalf("the record's ko is %v %v, want D5", ko, ok)
	}
	tests := []struct {
		name    string
		q       Query
		illegal bool
	}{
		{"record", RecordQuery(rec, 9), true},
		{"position with its ko", PositionQuery(pos, 7.5), true},
		{"stones alone", Query{Start: pos, Komi: 7.5}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := math.IsNaN(koPolicy(t, k, tt.q)); got != tt.illegal {
				t.Errorf("KataGo holds White's retake at D5 illegal: %v, want %v", got, tt.illegal)
			}
		})
	}
}

func TestKataGoProgress(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	k.Interval = 50 * time.Millisecond
	defer func() { k.Interval = 0 }()
	var maps []Analysis
	q := RecordQuery(masterRecord(t), 100)
	a, err := k.Analyze(context.Background(), q, 100, func(a Analysis) { maps = append(maps, a) })
	if err != nil {
		t.Fatal(err)
	}
	if len(maps) < 3 {
		t.Fatalf("%d maps, want the raw one and at least two from the search", len(maps))
	}
	for i, m := range maps {
		if i > 0 && m.Visits < maps[i-1].Visits || i == 0 && m.Visits != 0 {
			t.Fatalf("visits %d after %d", m.Visits, maps[max(0, i-1)].Visits)
		}
		if len(m.Ownership) != 361 {
			t.Fatalf("map %d has %d values", i, len(m.Ownership))
		}
	}
	if last := maps[len(maps)-1]; last.Visits != a.Visits || a.Visits < 100 {
		t.Errorf("returned %d visits, last reported %d; want at least 100", a.Visits, last.Visits)
	}
}

func TestKataGoCancelKeepsEngine(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	q := RecordQuery(masterRecord(t), 50)
	if _, err := k.Analyze(context.Background(), q, 0, nil); err != nil {
		t.Fatal(err)
	}
	p := k.proc
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	_, err := k.Analyze(ctx, q, 1_000_000, func(a Analysis) {
		if a.Visits > 0 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want cancelled", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("cancelling took %v", d)
	}
	if k.proc != p {
		t.Fatal("cancelling a search lost the engine")
	}
	a, err := k.Analyze(context.Background(), q, 20, nil)
	if err != nil || k.proc != p || a.Visits < 20 {
		t.Errorf("after cancelling: %d visits, err %v, same engine %v", a.Visits, err, k.proc == p)
	}
}

func TestKataGoEstimateMatchesRaw(t *testing.T) {
	k := sharedKataGo(t, KataGoViewToMove)
	pos := masterRecord(t).AfterMove(80).Position
	res, err := k.Estimate(context.Background(), pos, estimators.Params{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := k.Analyze(context.Background(), PositionQuery(pos, DefaultKomi), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Ownership {
		if a.Ownership[i] != res.Values[i] {
			t.Fatalf("value %d: Estimate %v, Analyze %v", i, res.Values[i], a.Ownership[i])
		}
	}
}

func TestKataGoRestartAfterKill(t *testing.T) {
	k := ownKataGo(t)
	q := PositionQuery(walls(t, 9, board.Black), 7.5)
	first, err := k.Analyze(context.Background(), q, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	pid := k.proc.cmd.Process.Pid
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Wait until it is gone, as a user's next click would come later.
	deadline := time.Now().Add(5 * time.Second)
	for k.proc.running() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	again, err := k.Analyze(context.Background(), q, 0, nil)
	if err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	if k.proc == nil || k.proc.cmd.Process.Pid == pid {
		t.Fatal("no new engine after the kill")
	}
	for i := range first.Ownership {
		if first.Ownership[i] != again.Ownership[i] {
			t.Fatalf("value %d: %v before the kill, %v after", i, first.Ownership[i], again.Ownership[i])
		}
	}
}

func TestKataGoLogsStayOut(t *testing.T) {
	f := testenv.KataGo(t)
	wd := t.TempDir()
	t.Chdir(wd)
	logs := t.TempDir()
	for _, logDir := range []string{logs, ""} {
		k := NewKataGo(f.Program, f.GTPConfig, f.Model, "")
		k.LogDir = logDir
		if _, err := k.Analyze(context.Background(), PositionQuery(walls(t, 9, board.Black), 7.5), 0, nil); err != nil {
			t.Fatal(err)
		}
		work := k.proc.cmd.Dir
		if err := k.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Errorf("KataGo's working folder %s is left: %v", work, err)
		}
	}
	if entries, _ := os.ReadDir(wd); len(entries) != 0 {
		t.Errorf("the working directory holds %v, want nothing", entries)
	}
	// gtp_example.cfg asks for a log in a folder; LogDir is that folder.
	if found, _ := filepath.Glob(filepath.Join(logs, "*.log")); len(found) != 1 {
		t.Errorf("logs %v in LogDir, want one", found)
	}
}

func TestValidateKataGo(t *testing.T) {
	f := testenv.KataGo(t)
	t.Chdir(t.TempDir()) // gtp_example.cfg would log to gtp_logs here
	ctx := context.Background()
	if err := ValidateKataGo(ctx, f.Program, f.GTPConfig, f.Model); err != nil {
		t.Fatalf("the shared KataGo: %v", err)
	}
	tests := []struct {
		name, config, model, want string
	}{
		{"missing model", f.GTPConfig, "/nonexistent/model.bin.gz", "Error loading or parsing model file /nonexistent/model.bin.gz: Could not open file /nonexistent/model.bin.gz - does not exist or invalid permissions?"},
		{"missing config", "/nonexistent/gtp.cfg", f.Model, "Could not open file /nonexistent/gtp.cfg - does not exist or invalid permissions?"},
		{"analysis config", f.AnalysisConfig, f.Model, "Could not find key 'logAllGTPCommunication'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateKataGo(ctx, f.Program, tt.config, tt.model)
			var kerr *KataGoError
			if !errors.As(err, &kerr) || !strings.HasPrefix(kerr.Message, tt.want) {
				t.Fatalf("err = %v, want KataGo's %q", err, tt.want)
			}
		})
	}
	if err := ValidateKataGo(ctx, "/nonexistent/katago", "", ""); err == nil || !strings.Contains(err.Error(), "/nonexistent/katago") {
		t.Errorf("a missing program: %v", err)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("the working directory holds %v, want nothing", entries)
	}
}

// TestKataGoMinimalConfig runs KataGo with no configuration at all, as for
// a user with a program and a network alone: moyo gives it its own.
func TestKataGoMinimalConfig(t *testing.T) {
	f := testenv.KataGo(t)
	t.Setenv("HOME", t.TempDir()) // no ~/.katago/default_gtp.cfg
	k := NewKataGo(f.Program, "", f.Model, "")
	defer k.Close()
	res, err := k.Estimate(context.Background(), walls(t, 9, board.White), estimators.Params{})
	if err != nil {
		t.Fatal(err)
	}
	checkWalls(t, res.Values, 9)
	rules, err := kataSend(t, k, "kata-get-rules")
	if err != nil || !strings.Contains(rules, `"ko":"SIMPLE"`) {
		t.Errorf("rules %q, %v; want Chinese", rules, err)
	}
}

// TestKataGoJudge checks Judge on the real KataGo: a search of 20 visits
// at move 100 of the sample game gives its judgement with the raw
// network's beside it, each lead agreeing with its win rate.
func TestKataGoJudge(t *testing.T) {
	k := sharedKataGo(t, "")
	k.Visits = 20
	defer func() { k.Visits = 0 }()
	last, raw, err := k.Judge(context.Background(), RecordQuery(masterRecord(t), 100))
	if err != nil {
		t.Fatal(err)
	}
	if last.Visits < 20 || raw == nil || raw.Visits != 0 {
		t.Fatalf("%d visits, network %v: want a search with the network's judgement", last.Visits, raw)
	}
	t.Logf("move 100: %s; network: %s", last.Judgement(), raw.Judgement())
	for _, a := range []Analysis{last, *raw} {
		if a.Winrate < 0 || a.Winrate > 1 || (a.ScoreLead > 0) != (a.Winrate > 0.5) {
			t.Errorf("lead %g and win rate %g disagree", a.ScoreLead, a.Winrate)
		}
	}
}
