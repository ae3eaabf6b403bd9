package engines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
	"moyo/internal/testutil"
)

// The fake KataGo is this test binary run again with fakeEnv set to a
// mode, as package gtp's tests do. The real KataGo (katago_test.go) is
// what the integration is tested against; the fake shows the faults a
// real one cannot be made to: an engine that hangs, crashes, answers
// garbage or will not stop searching.
const fakeEnv = "ENGINES_FAKE_KATAGO"

func TestMain(m *testing.M) {
	testutil.FakeMain(fakeEnv, fakeKataGo)
	code := m.Run()
	closeSharedKataGo()
	os.Exit(code)
}

// fakeKataGo speaks just enough of KataGo's GTP with ids: every command
// is accepted, kata-raw-nn answers one symmetry with a White ownership of
// −0.5 everywhere, and kata-search_analyze_cancellable streams info lines
// until an empty line cancels it. The modes break it:
//
//	slow:  kata-raw-nn never answers
//	crash: kata-raw-nn dies as KataGo does on a fatal error
//	short: kata-raw-nn answers one ownership value too few
//	deaf:  the search ignores the empty line that cancels it
func fakeKataGo(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	size := 19
	for in.Scan() {
		if in.Text() == "" {
			continue // what ends a search that has ended already
		}
		id, command, _ := strings.Cut(in.Text(), " ")
		name, arg, _ := strings.Cut(command, " ")
		answer := func(text string) { fmt.Fprintf(out, "=%s %s\n\n", id, text) }
		switch name {
		case "boardsize":
			size, _ = strconv.Atoi(arg)
			answer("")
		case "kata-raw-nn":
			switch mode {
			case "slow":
				out.Flush()
				time.Sleep(10 * time.Second)
				return 0
			case "crash":
				out.Flush()
				fmt.Fprintln(os.Stderr, "terminate called after throwing an instance of 'StringError'")
				fmt.Fprintln(os.Stderr, "  what():  fake out of memory")
				return 134
			}
			n := size * size
			if mode == "short" {
				n--
			}
			answer("symmetry 0\nwhiteWin 0.4\nwhiteLoss 0.6\nwhiteLead -2.0\nwhiteOwnership\n" +
				strings.TrimSpace(strings.Repeat("-0.5 ", n)))
		case "kata-search_analyze_cancellable":
			fmt.Fprintf(out, "=%s\n", id)
			info := "info move A1 visits 1 pv A1 rootInfo visits 5 winrate 0.5 scoreLead 1 ownership " +
				strings.TrimSpace(strings.Repeat("0.25 ", size*size)) + "\n"
			if mode == "deaf" {
				for {
					fmt.Fprint(out, info)
					out.Flush()
					time.Sleep(20 * time.Millisecond)
				}
			}
			fmt.Fprint(out, info)
			out.Flush()
			// The search goes on until cancelled.
			if !in.Scan() {
				return 0
			}
			fmt.Fprint(out, "play cancelled\n\n")
		case "quit":
			answer("")
			return 0
		default:
			answer("")
		}
		out.Flush()
	}
	return 0
}

// fakeKata returns a KataGo on the fake in the given mode, closed when the
// test ends.
func fakeKata(t *testing.T, mode string) *KataGo {
	t.Helper()
	testutil.SetFake(t, fakeEnv, mode)
	k := NewKataGo(os.Args[0], "", "", "")
	// The fake takes no KataGo flags.
	k.extraArgs = testutil.FakeArgs()
	t.Cleanup(func() {
		if err := k.Close(); err != nil {
			t.Error(err)
		}
	})
	return k
}

func TestKataGoFakeRaw(t *testing.T) {
	k := fakeKata(t, "ok")
	pos := testPosition(t, board.White)
	// Twice: the second call reuses the process.
	for range 2 {
		res, err := k.Estimate(context.Background(), pos, estimators.Params{})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range res.Values {
			if v != 0.5 {
				t.Fatalf("value %d = %v, want 0.5: White's −0.5 seen from Black", i, v)
			}
		}
	}
}

func TestKataGoTimeoutRestarts(t *testing.T) {
	k := fakeKata(t, "slow")
	// The deadline must fall in kata-raw-nn, which the fake never
	// answers, not in the setup before it: starting the fake, a test
	// binary built with -race on a loaded machine, has taken 0.7 s.
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := k.Estimate(ctx, testPosition(t, board.Black), estimators.Params{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline", err)
	}
	// The answer is waited for a grace period after the deadline.
	if d := time.Since(start); d > grace+3*time.Second {
		t.Errorf("took %v to give up", d)
	}
	if k.proc != nil {
		t.Error("the engine that timed out is kept")
	}
}

func TestKataGoCrashSaysWhy(t *testing.T) {
	k := fakeKata(t, "crash")
	_, err := k.Estimate(context.Background(), testPosition(t, board.Black), estimators.Params{})
	var kerr *KataGoError
	if !errors.As(err, &kerr) || kerr.Message != "fake out of memory" || !strings.Contains(kerr.Status, "134") {
		t.Fatalf("err = %v, want KataGo's own message and its exit status", err)
	}
	if k.proc != nil {
		t.Error("the dead engine is kept")
	}
}

func TestKataGoShortAnswer(t *testing.T) {
	k := fakeKata(t, "short")
	_, err := k.Estimate(context.Background(), testPosition(t, board.Black), estimators.Params{})
	if err == nil || !strings.Contains(err.Error(), "whiteOwnership value 25") {
		t.Fatalf("err = %v, want the missing value named", err)
	}
	if k.proc != nil {
		t.Error("an engine that answers garbage is kept")
	}
}

func TestKataGoSearchThatWillNotStop(t *testing.T) {
	k := fakeKata(t, "deaf")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	searched := 0
	start := time.Now()
	_, err := k.Analyze(ctx, PositionQuery(testPosition(t, board.Black), 7.5), 1000, func(a Analysis) {
		if a.Visits > 0 {
			if searched++; searched == 2 {
				cancel()
			}
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want cancelled", err)
	}
	if d := time.Since(start); d > grace+3*time.Second {
		t.Errorf("took %v to give up", d)
	}
	if k.proc != nil {
		t.Error("an engine that does not stop when asked is kept")
	}
}

func TestKataGoFakeCancelKeepsEngine(t *testing.T) {
	k := fakeKata(t, "ok")
	ctx, cancel := context.WithCancel(context.Background())
	q := PositionQuery(testPosition(t, board.Black), 7.5)
	_, err := k.Analyze(ctx, q, 1000, func(a Analysis) {
		if a.Visits > 0 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want cancelled", err)
	}
	p := k.proc
	if p == nil || p.broken {
		t.Fatal("a cancelled search lost the engine")
	}
	if _, err := k.Analyze(context.Background(), q, 0, nil); err != nil || k.proc != p {
		t.Errorf("after cancelling: err %v, same process %v", err, k.proc == p)
	}
}

func TestParseInfo(t *testing.T) {
	own := func(vs ...string) string { return "ownership " + strings.Join(vs, " ") }
	tests := []struct {
		line string
		sign float64
		want Analysis
		err  string
	}{
		{"info move A1 visits 3 pv A1 rootInfo visits 7 winrate 0.75 scoreLead 2.5 " + own("0.5", "-1", "0", "1"), 1,
			Analysis{Size: 2, Ownership: []float64{0.5, -1, 0, 1}, Visits: 7, Winrate: 0.75, ScoreLead: 2.5}, ""},
		{"info move A1 visits 3 pv A1 rootInfo visits 7 winrate 0.75 scoreLead 2.5 " + own("0.5", "-1", "0", "1.0001"), -1,
			Analysis{Size: 2, Ownership: []float64{-0.5, 1, 0, -1}, Visits: 7, Winrate: 0.25, ScoreLead: -2.5}, ""},
		{"info move A1 visits 3 pv A1 " + own("0.5", "-1", "0", "1"), 1, Analysis{}, "no rootInfo"},
		{"info move A1 rootInfo visits 7", 1, Analysis{}, "no ownership"},
		{"info rootInfo visits 7 " + own("0.5", "-1", "0"), 1, Analysis{}, "3 ownership values"},
		{"info rootInfo visits 7 " + own("0.5", "-1", "x", "1"), 1, Analysis{}, "value 3"},
		{"info rootInfo visits 7 " + own("0.5", "-1", "nan", "1"), 1, Analysis{}, "value 3"},
	}
	for _, tt := range tests {
		a, err := parseInfo(tt.line, 2, tt.sign)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseInfo(%q) error %v, want %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(a) != fmt.Sprint(tt.want) {
			t.Errorf("parseInfo(%q) = %v, %v; want %v", tt.line, a, err, tt.want)
		}
	}
}

func TestParseRawNN(t *testing.T) {
	two := "symmetry 0 whiteWin 0.3 whiteLoss 0.7 whiteLead -3.0 policy 0.1 NAN 0.2 0.3 policyPass 0.4 whiteOwnership -1 0.5 0 0.25\n" +
		"symmetry 1 whiteWin 0.5 whiteLoss 0.5 whiteLead -1.0 policy 0.1 NAN 0.2 0.3 policyPass 0.4 whiteOwnership -0.5 0.5 -0 0.75"
	a, err := parseRawNN(two, 2)
	want := Analysis{Size: 2, Ownership: []float64{0.75, -0.5, 0, -0.5}, Winrate: 0.6, ScoreLead: 2}
	if err != nil || fmt.Sprint(a) != fmt.Sprint(want) {
		t.Errorf("parseRawNN = %v, %v; want %v", a, err, want)
	}
	for _, bad := range []string{"symmetry 0 whiteOwnership -1 0.5 0", "symmetry 0 whiteLead", "symmetry 0 symmetry 1 whiteOwnership 1 1 1 1"} {
		if _, err := parseRawNN(bad, 2); err == nil {
			t.Errorf("parseRawNN(%q) accepted", bad)
		}
	}
}

func TestStderrMessage(t *testing.T) {
	tests := []struct{ written, want string }{
		{"KataGo v1.17.2\nterminate called after throwing an instance of 'StringError'\n  what():  Error loading model: no such file\n", "Error loading model: no such file"},
		{"one\ntwo\nthree\nfour\n", "two | three | four"},
		{"half a line", "half a line"},
		{"", ""},
	}
	for _, tt := range tests {
		tail := &gtp.Tail{Max: 30}
		tail.Write([]byte(tt.written))
		if got := stderrMessage(tail.Lines()); got != tt.want {
			t.Errorf("message of %q = %q, want %q", tt.written, got, tt.want)
		}
	}
}

// TestJudgement checks how KataGo's lead and win rate are worded: the
// side ahead by its lead, the side more likely to win with its chance.
func TestJudgement(t *testing.T) {
	for _, tt := range []struct {
		a    Analysis
		want string
	}{
		{Analysis{ScoreLead: -7.63, Winrate: 0.271}, "lead W+7.6, White wins 72.9% (network only)"},
		{Analysis{ScoreLead: 2, Winrate: 0.7, Visits: 205}, "lead B+2.0, Black wins 70.0% (205 visits)"},
		{Analysis{ScoreLead: 0.01, Winrate: 0.5}, "lead 0, Black wins 50.0% (network only)"},
	} {
		if got := tt.a.Judgement(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.a, got, tt.want)
		}
	}
}

// TestKataGoFakeJudge checks Judge on the fake's raw network: its lead
// and win rate turned to Black's view, no second judgement without a
// search, and Timeout bounding it.
func TestKataGoFakeJudge(t *testing.T) {
	k := fakeKata(t, "ok")
	last, raw, err := k.Judge(context.Background(), PositionQuery(testPosition(t, board.Black), 7.5))
	if err != nil {
		t.Fatal(err)
	}
	// The fake's whiteLead −2 and whiteLoss 0.6.
	if last.ScoreLead != 2 || last.Winrate != 0.6 || last.Visits != 0 || raw != nil || len(last.Ownership) != 25 {
		t.Errorf("lead %g, win rate %g, %d visits, network %+v, %d values", last.ScoreLead, last.Winrate, last.Visits, raw, len(last.Ownership))
	}
	slow := fakeKata(t, "slow")
	slow.Timeout = 1500 * time.Millisecond
	if _, _, err := slow.Judge(context.Background(), PositionQuery(testPosition(t, board.Black), 7.5)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a KataGo that never answers: %v, want the deadline", err)
	}
}
