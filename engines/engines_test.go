package engines

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
	"moyo/internal/testenv"
	"moyo/internal/testutil"
)

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
	rec := testutil.ReadRecord(t, filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
	return rec.AfterMove(150).Position
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
	r := testutil.Pearson(ours.Values, res.Values)
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

// children returns the ids of the processes whose parent is this one and
// whose command is name (the shared KataGo engines run beside them).
func children(t *testing.T, name string) []int {
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
		head, rest, ok := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		if !ok || len(f) < 2 || f[0] == "Z" || !strings.HasSuffix(head, "("+name) {
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
	pids := children(t, "gnugo")
	if len(pids) != 1 {
		t.Fatalf("%d child processes after one call, want 1", len(pids))
	}
	pos.SetToMove(board.White)
	estimate()
	if again := children(t, "gnugo"); len(again) != 1 || again[0] != pids[0] {
		t.Fatalf("children %v after a second call, want the same %v", again, pids)
	}
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	pos.SetToMove(board.Black)
	if res := estimate(); fmt.Sprint(res.Values) != fmt.Sprint(first.Values) {
		t.Errorf("after a restart %v, want %v", res.Values, first.Values)
	}
	if again := children(t, "gnugo"); len(again) != 1 || again[0] == pids[0] {
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
