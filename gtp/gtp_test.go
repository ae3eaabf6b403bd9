package gtp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// within fails the test if fn takes longer than limit: the point of most
// tests below is that nothing hangs.
func within(t *testing.T, limit time.Duration, what string, fn func()) {
	t.Helper()
	start := time.Now()
	fn()
	if d := time.Since(start); d > limit {
		t.Errorf("%s took %v, want at most %v", what, d, limit)
	}
}

func TestSendAnswers(t *testing.T) {
	e := startFake(t, "good", Options{})
	ctx := context.Background()
	for _, tc := range []struct {
		command, want string
	}{
		{"echo hello", "hello"},
		{"  echo  padded  ", "padded"},
		{"multi", "line one\nline two"},
		{"noid", "no id"},
		{"stderr 0", ""},
	} {
		got, err := e.Send(ctx, tc.command)
		if err != nil || got != tc.want {
			t.Errorf("Send(%q) = %q, %v; want %q", tc.command, got, err, tc.want)
		}
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := e.Send(ctx, "echo again"); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after Close: %v, want ErrClosed", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestFailureResponseKeepsEngine(t *testing.T) {
	e := startFake(t, "good", Options{})
	ctx := context.Background()
	for _, command := range []string{"fail", "no_such_command"} {
		_, err := e.Send(ctx, command)
		var ge *Error
		if !errors.As(err, &ge) || ge.Command != command {
			t.Fatalf("Send(%q): %v, want an *Error for it", command, err)
		}
	}
	if got, err := e.Send(ctx, "echo still here"); err != nil || got != "still here" {
		t.Errorf("after failures: %q, %v", got, err)
	}
}

func TestBadCommands(t *testing.T) {
	e := startFake(t, "good", Options{})
	for _, command := range []string{"", "  ", "echo a\necho b", "echo a\rb", "echo # comment"} {
		if _, err := e.Send(context.Background(), command); err == nil || errors.Is(err, ErrClosed) {
			t.Errorf("Send(%q): %v, want a refusal", command, err)
		}
	}
	if got, err := e.Send(context.Background(), "echo ok"); err != nil || got != "ok" {
		t.Errorf("after refusals: %q, %v", got, err)
	}
}

// TestFatalFailures checks every failure that kills the engine: the error
// says what happened, the engine's standard error is quoted, nothing
// hangs, and the engine takes no more commands.
func TestFatalFailures(t *testing.T) {
	for _, tc := range []struct {
		mode, command string
		timeout       time.Duration
		want          []string // substrings of the error
	}{
		{"good", "sleep 5000", 200 * time.Millisecond, []string{"sleep 5000", "context deadline exceeded"}},
		{"good", "crash", time.Minute, []string{"crash", "engine exited (exit status 3)", "stderr: fake: segmentation fault"}},
		{"good", "partial", time.Minute, []string{"engine exited (exit status 1)"}},
		{"good", "garbage", time.Minute, []string{"not a GTP response", "Welcome to FakeGo!"}},
		{"good", "wrongid", time.Minute, []string{"response to command 999, want 1"}},
		{"good", "spew", time.Minute, []string{"token too long"}},
		{"noread", "echo " + strings.Repeat("x", 1<<20), 200 * time.Millisecond, []string{"context deadline exceeded"}},
		{"exit", "echo hello", time.Minute, []string{"engine exited (exit status 2)", "cannot open the opening book"}},
	} {
		t.Run(tc.mode+"/"+tc.command[:min(len(tc.command), 10)], func(t *testing.T) {
			e := startFake(t, tc.mode, Options{Grace: 300 * time.Millisecond})
			ctx, cancel := context.WithTimeout(context.Background(), tc.timeout)
			defer cancel()
			var err error
			within(t, tc.timeout+2*time.Second, "the failing command", func() {
				_, err = e.Send(ctx, tc.command)
			})
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if tc.timeout < time.Minute && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("error %v does not wrap context.DeadlineExceeded", err)
			}
			if _, err := e.Send(context.Background(), "echo again"); !errors.Is(err, ErrClosed) {
				t.Errorf("Send after the failure: %v, want ErrClosed", err)
			}
			within(t, time.Second, "Close", func() {
				if err := e.Close(); err != nil {
					t.Errorf("Close after the failure: %v, want nil (already reported)", err)
				}
			})
		})
	}
}

func TestCancelledContext(t *testing.T) {
	e := startFake(t, "good", Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Send(ctx, "echo x"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Send with a cancelled context: %v", err)
	}
	// Nothing was sent, so the engine is still in step.
	if got, err := e.Send(context.Background(), "echo y"); err != nil || got != "y" {
		t.Errorf("after a cancelled context: %q, %v", got, err)
	}
}

func TestCloseMisbehaving(t *testing.T) {
	for _, tc := range []struct {
		mode    string
		wantErr string // "" for nil
	}{
		{"good", ""},
		{"silentquit", ""},
		{"ignorequit", "did not exit within"},
		{"forker", ""},
		{"noread", "quit"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			// Long enough for a test binary built with -race to start
			// and exit on a busy machine.
			const grace = time.Second
			e := startFake(t, tc.mode, Options{Grace: grace})
			if tc.mode != "noread" {
				// The engine (and the forker's child) must be running
				// before quit, so that only quitting is timed.
				if _, err := e.Send(context.Background(), "echo up"); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			// quit, then the wait for the exit, then Wait's delay for
			// a child holding the pipes: at most three grace periods.
			within(t, 3*grace+time.Second, "Close", func() { err = e.Close() })
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("Close: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("Close: %v, want an error saying %q", err, tc.wantErr)
			}
		})
	}
}

func TestStderrKeepsLastLines(t *testing.T) {
	e := startFake(t, "good", Options{StderrLines: 3})
	if _, err := e.Send(context.Background(), "stderr 10"); err != nil {
		t.Fatal(err)
	}
	// Standard error is copied on its own; give it a moment.
	deadline := time.Now().Add(5 * time.Second)
	for e.Stderr() != "line 8\nline 9\nline 10" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := e.Stderr(); got != "line 8\nline 9\nline 10" {
		t.Errorf("Stderr() = %q, want the last three lines", got)
	}
}

func TestConcurrentSends(t *testing.T) {
	e := startFake(t, "good", Options{})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 20 {
				want := fmt.Sprintf("%d-%d", i, j)
				if got, err := e.Send(context.Background(), "echo "+want); err != nil || got != want {
					t.Errorf("echo %s: %q, %v", want, got, err)
				}
			}
		})
	}
	wg.Wait()
}

func TestStartMissingProgram(t *testing.T) {
	_, err := Start("/nonexistent/engine", nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "engine") {
		t.Errorf("Start of a missing program: %v", err)
	}
}

func TestTail(t *testing.T) {
	for _, tc := range []struct {
		max    int
		writes []string
		want   string
	}{
		{2, []string{"a\nb\nc\n"}, "b\nc"},
		{2, []string{"a\n", "b", "c\n", "d"}, "bc\nd"},
		{5, []string{"\n\n  \r\nx\r\n"}, "x"},
		{1, []string{strings.Repeat("y", 5000) + "\n"}, strings.Repeat("y", 2000)},
	} {
		w := &Tail{Max: tc.max}
		for _, s := range tc.writes {
			w.Write([]byte(s))
		}
		if got := w.String(); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.writes, got, tc.want)
		}
	}
}

func TestParseResponse(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		want  response
		bad   bool
	}{
		{[]string{"= Q16"}, response{id: -1, ok: true, text: "Q16"}, false},
		{[]string{"=12 Q16"}, response{id: 12, ok: true, text: "Q16"}, false},
		{[]string{"?3 illegal move"}, response{id: 3, text: "illegal move"}, false},
		{[]string{"="}, response{id: -1, ok: true}, false},
		{[]string{"=7"}, response{id: 7, ok: true}, false},
		{[]string{"= a", "b", "c "}, response{id: -1, ok: true, text: "a\nb\nc"}, false},
		{[]string{"=x"}, response{}, true},
		{[]string{"=99999999999999999999999 x"}, response{}, true},
	} {
		got := parse(tc.lines)
		if (got.err != nil) != tc.bad {
			t.Errorf("%q: error %v, want bad = %v", tc.lines, got.err, tc.bad)
			continue
		}
		if !tc.bad && got != tc.want {
			t.Errorf("%q: got %+v, want %+v", tc.lines, got, tc.want)
		}
	}
}

// gnugo returns the path of GNU Go. Without it the test fails when the
// environment variable CI is set (CI installs the Debian package) and is
// skipped, visibly, otherwise.
func gnugo(t *testing.T) string {
	t.Helper()
	p, err := LookGnuGo()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%v; CI must install it", err)
		}
		t.Skipf("SKIP GNU Go test: %v", err)
	}
	return p
}

// startGnuGo starts GNU Go in GTP mode, closed when the test ends, and
// returns it with a context that gives up after a minute.
func startGnuGo(t *testing.T) (*Engine, context.Context) {
	t.Helper()
	e, err := Start(gnugo(t), []string{"--mode", "gtp"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return e, ctx
}

func TestGnuGo(t *testing.T) {
	e, ctx := startGnuGo(t)
	for _, tc := range []struct {
		command, want string
		fails         bool
	}{
		{"protocol_version", "2", false},
		{"name", "GNU Go", false},
		{"boardsize 9", "", false},
		{"clear_board", "", false},
		{"play black E5", "", false},
		{"play white E5", "illegal move", true},
		{"play white C3", "", false},
		{"list_stones black", "E5", false},
		{"list_stones white", "C3", false},
		{"no_such_command", "unknown command", true},
		{"boardsize 99", "unacceptable size", true},
	} {
		got, err := e.Send(ctx, tc.command)
		var ge *Error
		switch {
		case tc.fails && (!errors.As(err, &ge) || ge.Message != tc.want):
			t.Errorf("%s: %q, %v; want the failure %q", tc.command, got, err, tc.want)
		case !tc.fails && (err != nil || got != tc.want):
			t.Errorf("%s: %q, %v; want %q", tc.command, got, err, tc.want)
		}
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

func TestGnuGoTimeout(t *testing.T) {
	e, ctx := startGnuGo(t)
	if _, err := e.Send(ctx, "loadsgf ../testdata/records/60-2017.01.04-Master-Gu_Li.sgf 150"); err != nil {
		t.Fatal(err)
	}
	// Judging the groups of a middle game takes GNU Go about a second.
	short, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	within(t, 3*time.Second, "final_status_list with a 10 ms timeout", func() {
		if _, err := e.Send(short, "final_status_list dead"); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("final_status_list: %v, want a timeout", err)
		}
	})
}
