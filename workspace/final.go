package workspace

// The final outcome: when the record opened was counted to the end (a
// result such as RE[B+5.5]), its final ownership is found in the
// background, as 'moyo eval' finds it (package ownership: GNU Go judges
// the dead stones, area counting assigns the points, and the count must
// agree with the record's result), and every run shown is then measured
// against it with the measures of package eval. Opening another record
// cancels the search; a result delivered for a record no longer open is
// dropped.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"moyo/game"
	"moyo/ownership"
)

// FinalTimeout bounds GNU Go's judgement of a record's final position.
// It takes about 2 seconds on 19×19; half a minute leaves room for a
// loaded machine, and ends before the minute --screenshot waits at most.
const FinalTimeout = 30 * time.Second

// FinalScorer finds the final ownership of rec, whose ownership cache key
// is key (see ownership.Key). It is called off the UI goroutine and must
// return soon after ctx is cancelled.
type FinalScorer func(ctx context.Context, rec *game.Record, key string) (*ownership.Final, error)

// GnuGoScorer is the FinalScorer of the app: GNU Go, found on the PATH,
// with the default cache (ownership.DefaultCacheDir), so that a record is
// judged once, and with FinalTimeout.
func GnuGoScorer(ctx context.Context, rec *game.Record, key string) (*ownership.Final, error) {
	dir, err := ownership.DefaultCacheDir()
	if err != nil {
		dir = "" // no cache directory: judge every time rather than fail
	}
	s := ownership.Scorer{Cache: dir, Timeout: FinalTimeout}
	defer s.Close()
	return s.Final(ctx, rec, key)
}

// FinalStatus is where the search for the final ownership stands.
type FinalStatus int

const (
	// FinalNone: no record, or its result is not a count (a resignation,
	// time, unknown): there is nothing to search for.
	FinalNone FinalStatus = iota
	// FinalComputing: the search is under way.
	FinalComputing
	// FinalKnown: the final ownership is known and agrees with the result.
	FinalKnown
	// FinalFailed: the search failed (GNU Go missing, an illegal move),
	// or its count disagrees with the record's result.
	FinalFailed
)

// FinalSearch is the search for the final ownership of the record opened, and
// what it found.
type FinalSearch struct {
	score  FinalScorer
	seq    uint64 // of the latest search; a delivery of another is stale
	cancel context.CancelFunc
	wg     sync.WaitGroup // the search goroutines, waited for by close

	status FinalStatus
	final  *ownership.Final
	err    error
}

// SetScorer replaces how final ownerships are found (GnuGoScorer by
// default), for the records opened after it; nil finds none. Tests pass
// fakes.
func (f *FinalSearch) SetScorer(s FinalScorer) { f.score = s }

// Status returns where the search for the final ownership of the record
// opened stands, the ownership (also when it disagrees with the record's
// result, for the figures of the message) and the error of a failure.
func (f *FinalSearch) Status() (FinalStatus, *ownership.Final, error) {
	return f.status, f.final, f.err
}

// Known reports whether the final ownership is known, so that the overlay
// can show the difference from it.
func (f *FinalSearch) Known() bool { return f.status == FinalKnown }

// owners returns the final owner of each point when the ownership is known
// and of a board of n points.
func (f *FinalSearch) owners(n int) ([]int8, bool) {
	if f.status != FinalKnown || len(f.final.Owner) != n {
		return nil, false
	}
	return f.final.Owner, true
}

// start cancels any search under way and, when rec's result is a count,
// starts the search for its final ownership; data is the file rec was
// read from and index rec's game in it, for the cache key. The outcome is handed to deliver through
// post, with the search's sequence number for take.
func (f *FinalSearch) start(post func(func()), rec *game.Record, data []byte, index int, deliver func(seq uint64, fin *ownership.Final, err error)) {
	f.stop()
	f.status, f.final, f.err = FinalNone, nil, nil
	if _, err := ownership.ParseResult(rec.Info.Result); err != nil || f.score == nil {
		return
	}
	f.status = FinalComputing
	ctx, cancel := context.WithCancel(context.Background())
	f.cancel = cancel
	seq, score, key := f.seq, f.score, ownership.Key(data, index)
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		defer cancel()
		fin, err := scoreSafely(ctx, score, rec, key)
		if errors.Is(ctx.Err(), context.Canceled) {
			return // superseded: another record was opened, or close
		}
		post(func() { deliver(seq, fin, err) })
	}()
}

// scoreSafely calls score and checks its count against the record's
// result, turning a panic into an error: a bad record must not take the
// app down.
func scoreSafely(ctx context.Context, score FinalScorer, rec *game.Record, key string) (f *ownership.Final, err error) {
	defer func() {
		if p := recover(); p != nil {
			f, err = nil, errors.New("final ownership: internal error")
		}
	}()
	f, err = score(ctx, rec, key)
	if err == nil {
		err = f.Check()
	}
	return f, err
}

// stop cancels the search under way and makes its delivery stale.
func (f *FinalSearch) stop() {
	f.seq++
	if f.cancel != nil {
		f.cancel()
		f.cancel = nil
	}
}

// close stops the search and waits for its goroutine.
func (f *FinalSearch) close() {
	f.stop()
	f.wg.Wait()
}

// take records the outcome of search seq, unless another record was
// opened since, and reports whether it did.
func (f *FinalSearch) take(seq uint64, fin *ownership.Final, err error) bool {
	if seq != f.seq {
		return false
	}
	f.cancel = nil
	f.final, f.err = fin, err
	f.status = FinalKnown
	if err != nil {
		f.status = FinalFailed
	}
	return true
}

// finalDelivered shows the outcome of search seq, unless it is stale;
// the final outcome as the reference follows it.
func (ws *Workspace) finalDelivered(seq uint64, fin *ownership.Final, err error) {
	if !ws.final.take(seq, fin, err) {
		return
	}
	c := ChangeFinal
	if ws.ref.kind == RefFinal {
		c |= ws.ref.follow()
	}
	ws.notify(c)
}

// FinalSummary says in a line where the search for the record's final
// ownership stands and, once it is known, how the run shown measures
// against it: "vs final outcome W+2.5: cross-entropy 0.454 · accuracy
// 80.2% · MAE 0.583". A failure is said in full, as 'moyo eval' lists
// it, rather than hidden; "" when the record has no counted result, or
// a lesson or an edited position is shown, whose outcome it is not.
func (ws *Workspace) FinalSummary() string {
	if !ws.ofRecord() {
		return "" // the record's outcome is not the position's
	}
	status, f, err := ws.final.Status()
	switch status {
	case FinalComputing:
		return "final ownership: computing…"
	case FinalFailed:
		return "final ownership: " + err.Error()
	case FinalKnown:
	default:
		return ""
	}
	head := "vs final outcome " + f.Result
	ms, ok := ws.FinalMeasures()
	if !ok {
		return head
	}
	return fmt.Sprintf("%s: cross-entropy %.3f  ·  accuracy %.1f%%  ·  MAE %.3f",
		head, ms.CrossEntropy, 100*ms.Accuracy, ms.MAE)
}

// ofRecord reports whether the position shown is the record's, which the
// record's final outcome is of: not a lesson's, nor an edited position.
func (ws *Workspace) ofRecord() bool { return ws.mode.Kind() == KindRecord }
