package cgt

// Interrupted is the value a Table's operations panic with when the
// function set by Interrupt reports an error. A sum or comparison of large
// games can take minutes and gigabytes (the canonical form of a sum can be
// exponentially larger than its parts), and the Table's methods return
// games, not errors, so an operation given up has nothing to return: it
// unwinds instead, and the caller that set the function turns the panic
// back into its error with Recover. The Table stays usable: what it
// remembers was complete when remembered.
type Interrupted struct{ Err error }

// Error says that an operation was interrupted, and why.
func (e *Interrupted) Error() string { return "cgt: interrupted: " + e.Err.Error() }

// Unwrap returns the error stop reported.
func (e *Interrupted) Unwrap() error { return e.Err }

// interruptEvery is how many steps of work (games made, sums, comparisons
// and coolings remembered) the Table does between two calls of stop: often
// enough to stop within a few milliseconds, rarely enough to cost nothing.
const interruptEvery = 1 << 10

// Interrupt sets stop, which the Table then calls every 1,024 steps of
// work: when it returns an error, the operation under way panics with an
// *Interrupted holding it. A caller that sets stop defers Recover around
// its uses of the Table, and removes stop (Interrupt(nil)) before handing
// the Table on. Size says how much the Table holds, for a stop that
// bounds memory.
func (t *Table) Interrupt(stop func() error) { t.stop = stop }

// Recover, deferred by a caller that set Interrupt, sets *err to the
// error of an interrupted operation and ends the panic; any other panic
// goes on. It must be the deferred call itself: defer cgt.Recover(&err).
func Recover(err *error) {
	if r := recover(); r != nil {
		e, ok := r.(*Interrupted)
		if !ok {
			panic(r)
		}
		*err = e.Err
	}
}

// Size returns a measure of the Table's memory, in units of some hundred
// bytes: one per game it holds and per sum or cooling it remembers. The
// comparisons it remembers are not counted: their cache has a fixed
// most (64 MB; see leMemo).
func (t *Table) Size() int {
	return int(t.next) + len(t.sums) + len(t.cools)
}

// Step counts a step of work of a caller's search over the Table's games,
// as the Table counts its own: a search whose sums and comparisons are
// all remembered makes no new ones, and would otherwise never reach stop.
func (t *Table) Step() { t.step() }

// step counts a step of work, calling stop every interruptEvery steps.
func (t *Table) step() {
	t.work++
	if t.stop != nil && t.work%interruptEvery == 0 {
		if err := t.stop(); err != nil {
			panic(&Interrupted{Err: err})
		}
	}
}
