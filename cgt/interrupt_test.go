package cgt

import (
	"errors"
	"testing"
)

// TestInterrupt stops a sum of hot games part way, checks that Recover
// returns the error stop gave and that the Table, used again without
// stop, still gives the sum a fresh Table gives.
func TestInterrupt(t *testing.T) {
	// Four of Nakamura's trees: their sum holds some 9,000 games and
	// results, past the two calls of stop the test lets it make.
	parts := []string{"{{{10|5}|3}|1}", "{{6|3}|1}", "{6|{4|0}}", "{{{11|5}|3}|1}"}
	sum := func(tb *Table) *Game {
		var gs []*Game
		for _, p := range parts {
			g, err := tb.Parse(p)
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		return tb.Sum(gs...)
	}
	fresh := NewTable()
	want, full := sum(fresh).String(), fresh.Size()

	tb := NewTable()
	stopped := errors.New("enough")
	calls := 0
	tb.Interrupt(func() error {
		calls++
		if calls == 2 {
			return stopped
		}
		return nil
	})
	err := func() (err error) {
		defer Recover(&err)
		sum(tb)
		return nil
	}()
	if !errors.Is(err, stopped) || calls != 2 {
		t.Fatalf("interrupted sum: error %v after %d calls of stop, want %v after 2", err, calls, stopped)
	}
	// The steps made games, sums and comparisons: some of the games and
	// sums are held, not all of them.
	if n := tb.Size(); n == 0 || n >= full {
		t.Errorf("the interrupted Table holds %d games and results, the whole sum %d", n, full)
	}
	tb.Interrupt(nil)
	if got := sum(tb).String(); got != want {
		t.Errorf("after the interruption the sum is %s, want %s", got, want)
	}
}

// TestRecoverOtherPanic checks that Recover lets any other panic go on.
func TestRecoverOtherPanic(t *testing.T) {
	defer func() {
		if r := recover(); r != "other" {
			t.Errorf("recovered %v, want the other panic", r)
		}
	}()
	func() {
		var err error
		defer Recover(&err)
		panic("other")
	}()
}
