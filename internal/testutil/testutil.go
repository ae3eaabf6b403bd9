// Package testutil holds what the tests of several packages share: a
// queue that stands in for the UI goroutine, game records read with the
// test failing on an error, a reference correlation, and the test binary
// run again as a fake program (a GTP engine, KataGo) that misbehaves on
// purpose.
package testutil

import (
	"math"
	"os"
	"testing"
	"time"

	"moyo/game"
	"moyo/internal/race"
)

// Timeout is how long Queue.Until waits: long enough for the slowest run
// of the tests on a loaded machine, several times longer under the race
// detector, which slows the code it watches.
func Timeout() time.Duration {
	if race.Enabled {
		return 60 * time.Second
	}
	return 10 * time.Second
}

// Queue stands in for fyne.Do: posted functions wait until the test runs
// them on its own goroutine, as the UI goroutine would. Make one with
// NewQueue.
type Queue struct{ ch chan func() }

// NewQueue returns a queue that holds up to 1000 functions.
func NewQueue() *Queue { return &Queue{ch: make(chan func(), 1000)} }

// Post queues f; it is what the code under test is given as fyne.Do.
func (q *Queue) Post(f func()) { q.ch <- f }

// C returns the functions posted and not yet run, for a test that holds
// them back instead of running them.
func (q *Queue) C() <-chan func() { return q.ch }

// Until runs posted functions until cond holds, failing tb after
// Timeout.
func (q *Queue) Until(tb testing.TB, cond func() bool) {
	tb.Helper()
	q.Within(tb, Timeout(), cond)
}

// Within runs posted functions until cond holds, failing tb after d.
func (q *Queue) Within(tb testing.TB, d time.Duration, cond func() bool) {
	tb.Helper()
	deadline := time.After(d)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			tb.Fatal("timed out waiting for a run")
		}
	}
}

// Drain runs the functions posted so far.
func (q *Queue) Drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
}

// ReadRecord reads the first game of the SGF file at path.
func ReadRecord(tb testing.TB, path string) *game.Record {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := game.Parse(data, 0)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return rec
}

// Pearson is Pearson's correlation r of x and y by the textbook
// one-pass formula: a reference for the code under test, not a rival.
func Pearson(x, y []float64) float64 {
	n := float64(len(x))
	var sx, sy, sxx, syy, sxy float64
	for i := range x {
		sx += x[i]
		sy += y[i]
		sxx += x[i] * x[i]
		syy += y[i] * y[i]
		sxy += x[i] * y[i]
	}
	return (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
}

// ParseRecord parses the first game of an SGF text.
func ParseRecord(tb testing.TB, sgf string) *game.Record {
	tb.Helper()
	rec, err := game.Parse([]byte(sgf), 0)
	if err != nil {
		tb.Fatal(err)
	}
	return rec
}

// The fake programs of a package's tests are its test binary run again
// with an environment variable naming the fake and its mode, as os/exec's
// own tests do: no shell, no extra program, and each misbehaviour is
// written down in Go beside the tests that need it.

// FakeMain runs the test binary as the fake program when the environment
// variable env names a mode: fake gets the mode and returns the exit
// status. Call it first in TestMain; it returns only when env is unset.
func FakeMain(env string, fake func(mode string) int) {
	if mode := os.Getenv(env); mode != "" {
		os.Exit(fake(mode))
	}
}

// FakeEnv returns the environment that runs the test binary as the fake
// of env in mode. A binary built with -race sleeps a second before it
// exits unless told not to, which tests of how a program stops would take
// for a hang.
func FakeEnv(env, mode string) []string {
	return append(os.Environ(), env+"="+mode, "GORACE=atexit_sleep_ms=0")
}

// SetFake sets the environment of the test's process, until tb ends, so
// that the programs it starts from the test binary run as the fake of env
// in mode (see FakeEnv).
func SetFake(tb testing.TB, env, mode string) {
	tb.Setenv(env, mode)
	tb.Setenv("GORACE", "atexit_sleep_ms=0")
}

// FakeArgs are the arguments that keep the test binary, run again as a
// fake, from running tests of its own should the fake return to it.
func FakeArgs() []string { return []string{"-test.run=^$"} }
