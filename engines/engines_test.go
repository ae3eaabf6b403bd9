package engines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/gtp"
	"moyo/internal/testenv"
)

// The fake KataGo is this test binary run again with fakeEnv set to a
// mode, as package gtp's tests do: KataGo cannot be installed on the
// machines the tests run on, so KataGo is only ever tested against it.
const fakeEnv = "ENGINES_FAKE_KATAGO"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeKataGo(mode))
	}
	os.Exit(m.Run())
}

// fakeKataGo speaks just enough GTP with ids: boardsize, clear_board and
// play are remembered, kata-analyze answers with one canned info line and
// then waits for the next command, which ends the stream. Its ownership
// is ±1 at a stone, + for the analysed colour in mode "tomove" and + for
// Black in mode "black", and (i mod 5 − 2)/2 at an empty point i from the
// same view. Mode "slow" never writes an info line.
func fakeKataGo(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	size := 19
	stones := map[int]float64{}
	for in.Scan() {
		id, command, _ := strings.Cut(in.Text(), " ")
		name, arg, _ := strings.Cut(command, " ")
		answer := func(text string) { fmt.Fprintf(out, "=%s %s\n\n", id, text) }
		switch name {
		case "boardsize":
			size, _ = strconv.Atoi(arg)
			answer("")
		case "clear_board":
			clear(stones)
			answer("")
		case "play":
			c, v, _ := strings.Cut(arg, " ")
			pt, _, err := gtp.ParseVertex(v, size)
			if err != nil {
				fmt.Fprintf(out, "?%s bad vertex\n\n", id)
				break
			}
			stones[pt.Y*size+pt.X] = map[string]float64{"black": 1, "white": -1}[c]
			answer("")
		case "kata-analyze":
			fmt.Fprintf(out, "=%s\n", id)
			if mode == "slow" {
				out.Flush()
				time.Sleep(10 * time.Second)
				return 0
			}
			sign := 1.0
			if mode == "tomove" && strings.HasPrefix(arg, "white") {
				sign = -1
			}
			var own []string
			for i := range size * size {
				v, ok := stones[i]
				if !ok {
					v = float64(i%5-2) / 2
				} else {
					v *= sign
				}
				own = append(own, strconv.FormatFloat(v, 'f', -1, 64))
			}
			fmt.Fprintf(out, "info move D4 visits 2 winrate 0.5 pv D4 Q16 info move Q4 visits 1 pv Q4 ownership %s\n", strings.Join(own, " "))
			out.Flush()
			// The stream goes on until the next command.
			fmt.Fprintf(out, "info move D4 visits 9 pv D4 ownership 0\n\n")
			continue
		case "name":
			answer("KataGo")
		case "quit":
			answer("")
			return 0
		default:
			fmt.Fprintf(out, "?%s unknown command\n\n", id)
		}
		out.Flush()
	}
	return 0
}

// fakeKata returns a KataGo estimator on the fake in the given mode,
// closed when the test ends.
func fakeKata(t *testing.T, mode, view string) *KataGo {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	k := NewKataGo(os.Args[0], "", "", view)
	// The fake takes no KataGo flags; -test.run keeps it from testing.
	k.extraArgs = []string{"-test.run=^$"}
	t.Cleanup(func() {
		if err := k.Close(); err != nil {
			t.Error(err)
		}
	})
	return k
}

// testPosition is a 5×5 position with Black at A5 and C3, White at E1.
func testPosition(t *testing.T, toMove board.Color) *board.Position {
	t.Helper()
	pos, err := board.New(5)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		v string
		c board.Color
	}{{"A5", board.Black}, {"C3", board.Black}, {"E1", board.White}} {
		pt, _, err := gtp.ParseVertex(s.v, 5)
		if err != nil {
			t.Fatal(err)
		}
		if err := pos.Set(pt, s.c); err != nil {
			t.Fatal(err)
		}
	}
	if err := pos.SetToMove(toMove); err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestKataGoFake(t *testing.T) {
	tests := []struct {
		name   string
		mode   string // the fake's view
		view   string // KataGo's setting
		toMove board.Color
		flip   bool // whether empty points come out negated
	}{
		{"black to move", "tomove", "", board.Black, false},
		{"white to move flips", "tomove", KataGoViewToMove, board.White, true},
		{"black view, white to move", "black", KataGoViewBlack, board.White, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := fakeKata(t, tt.mode, tt.view)
			pos := testPosition(t, tt.toMove)
			// Twice: the second call reuses the process.
			for range 2 {
				res, err := k.Estimate(context.Background(), pos, estimators.Params{})
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range res.Values {
					want := float64(i%5-2) / 2
					if tt.flip {
						want = 0 - want
					}
					if c := pos.Cell(i); c != board.Empty {
						want = float64(c)
					}
					if v != want {
						t.Fatalf("value %d (%s) = %v, want %v", i, pos.PointOf(i).Label(5), v, want)
					}
				}
			}
		})
	}
}

func TestKataGoTimeoutRestarts(t *testing.T) {
	k := fakeKata(t, "slow", "")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := k.Estimate(ctx, testPosition(t, board.Black), estimators.Params{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v to give up", d)
	}
	if k.proc != nil {
		t.Error("the engine that timed out is kept")
	}
}

func TestParseOwnership(t *testing.T) {
	tests := []struct {
		line, err string
	}{
		{"info move D4 visits 1 ownership 0.5 -1 0 1", ""},
		{"info move D4 visits 1", "no ownership"},
		{"info ownership 0.5 -1 0", "3 ownership values"},
		{"info ownership 0.5 -1 x 1", "value 3"},
	}
	for _, tt := range tests {
		_, err := parseOwnership(tt.line, 2)
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseOwnership(%q) error %v, want %q", tt.line, err, tt.err)
		}
	}
}

// gnugoEngine returns a GnuGoEngine closed when the test ends.
func gnugoEngine(t *testing.T) *GnuGoEngine {
	t.Helper()
	g := NewGnuGoEngine(testenv.GnuGo(t))
	t.Cleanup(func() {
		if err := g.Close(); err != nil {
			t.Error(err)
		}
	})
	return g
}

// master150 is the position after move 150 of AlphaGo Master v Gu Li.
func master150(t *testing.T) *board.Position {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.Parse(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rec.AfterMove(150).Position
}

// correlation is Pearson's r of x and y.
func correlation(x, y []float64) float64 {
	n := float64(len(x))
	var sx, sy, sxx, syy, sxy float64
	for i := range x {
		sx += x[i]
		sy += y[i]
		sxx += x[i] * x[i]
		syy += y[i] * y[i]
		sxy += x[i] * y[i]
	}
	return (sxy - sx*sy/n) / math.Sqrt((sxx-sx*sx/n)*(syy-sy*sy/n))
}

func TestGnuGoEngineAgreesWithGnuGo(t *testing.T) {
	g := gnugoEngine(t)
	pos := master150(t)
	ours, err := estimators.GnuGo{}.Estimate(context.Background(), pos, estimators.GnuGo{}.Info().Defaults())
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Estimate(context.Background(), pos, estimators.Params{})
	if err != nil {
		t.Fatal(err)
	}
	// A positive r also says the signs agree: negated, r would be < 0.
	r := correlation(ours.Values, res.Values)
	t.Logf("r = %.3f against gnugo; board score %.2f, gnugo's %.2f", r, res.BoardScore(), ours.BoardScore())
	if r < 0.75 {
		t.Errorf("r = %.3f, want at least 0.75", r)
	}
	for i, v := range res.Values {
		if v < -1 || v > 1 {
			t.Fatalf("value %d = %v is outside [−1, 1]", i, v)
		}
	}
}

func TestGnuGoEngineStatus(t *testing.T) {
	g := gnugoEngine(t)
	// Black walls off columns A–D, White F–J; White's B5 is dead inside.
	pos, err := board.New(9)
	if err != nil {
		t.Fatal(err)
	}
	for y := range 9 {
		pos.Set(board.Point{X: 4, Y: y}, board.Black)
		pos.Set(board.Point{X: 5, Y: y}, board.White)
	}
	pos.Set(board.Point{X: 1, Y: 4}, board.White)
	res, err := g.Estimate(context.Background(), pos, g.Info().Defaults().WithText("view", GnuGoEngineViewStatus))
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res.Values {
		want := 1.0
		if pos.PointOf(i).X >= 5 {
			want = -1
		}
		if v != want {
			t.Errorf("%s = %v, want %v", pos.PointOf(i).Label(9), v, want)
		}
	}
}

// children returns the ids of the processes whose parent is this one.
func children(t *testing.T) []int {
	t.Helper()
	dirs, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue // gone meanwhile
		}
		// pid (comm) state ppid …; comm may hold spaces.
		_, rest, ok := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		if !ok || len(f) < 2 || f[0] == "Z" {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == os.Getpid() {
			pid, _ := strconv.Atoi(strings.Fields(string(b))[0])
			pids = append(pids, pid)
		}
	}
	return pids
}

func TestGnuGoEngineReuseAndRestart(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("SKIP: no /proc to find the engine's process")
	}
	g := gnugoEngine(t)
	pos := testPosition(t, board.Black)
	estimate := func() estimators.Result {
		t.Helper()
		res, err := g.Estimate(context.Background(), pos, estimators.Params{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := estimate()
	pids := children(t)
	if len(pids) != 1 {
		t.Fatalf("%d child processes after one call, want 1", len(pids))
	}
	pos.SetToMove(board.White)
	estimate()
	if again := children(t); len(again) != 1 || again[0] != pids[0] {
		t.Fatalf("children %v after a second call, want the same %v", again, pids)
	}
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	pos.SetToMove(board.Black)
	if res := estimate(); fmt.Sprint(res.Values) != fmt.Sprint(first.Values) {
		t.Errorf("after a restart %v, want %v", res.Values, first.Values)
	}
	if again := children(t); len(again) != 1 || again[0] == pids[0] {
		t.Errorf("children %v after the kill, want one new one", again)
	}
}

func TestGnuGoEngineTimeout(t *testing.T) {
	g := gnugoEngine(t)
	pos := master150(t)
	// Judging 150 moves takes GNU Go far more than a millisecond.
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := g.Estimate(ctx, pos, g.Info().Defaults().WithText("view", GnuGoEngineViewStatus))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v to give up", d)
	}
	// The engine is usable again.
	if _, err := g.Estimate(context.Background(), testPosition(t, board.Black), estimators.Params{}); err != nil {
		t.Fatal(err)
	}
}

func TestCheckViews(t *testing.T) {
	g := NewGnuGoEngine("gnugo")
	for _, tt := range []struct {
		view string
		ok   bool
	}{{"", false}, {"value", true}, {"status", true}, {"regions", false}} {
		if err := g.Check(g.Info().Defaults().WithText("view", tt.view)); (err == nil) != tt.ok {
			t.Errorf("Check(view %q) = %v", tt.view, err)
		}
	}
	if err := NewKataGo("katago", "", "", "white").Check(estimators.Params{}); err == nil {
		t.Error("KataGo accepts ownership view white")
	}
}

func TestAvailable(t *testing.T) {
	es := Available(Config{GnuGoPath: "/nonexistent/gnugo", KataGoPath: os.Args[0]})
	if len(es) != 1 || es[0].Info().Name != "katago" {
		t.Fatalf("Available = %v, want katago alone", es)
	}
	if err := Close(es); err != nil {
		t.Error(err)
	}
}
