package ui

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
	"sync"
	"time"

	"moyo/eval"
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
	// or its count disagrees with the record's result; see FinalErr.
	FinalFailed
)

// finalState is the final-outcome side of a Model.
type finalState struct {
	score  FinalScorer
	seq    uint64 // of the latest search; a delivery of another is stale
	cancel context.CancelFunc
	wg     sync.WaitGroup // the search goroutines, waited for by Close

	status FinalStatus
	final  *ownership.Final
	err    error
}

// SetFinalScorer replaces how final ownerships are found (GnuGoScorer by
// default), for the records opened after it; tests pass fakes.
func (m *Model) SetFinalScorer(s FinalScorer) { m.final.score = s }

// startFinal cancels any search under way and, when rec's result is a
// count, starts the search for its final ownership; data is the file rec
// was read from, for the cache key. The caller notifies ChangeFinal.
func (m *Model) startFinal(rec *game.Record, data []byte) {
	m.stopFinal()
	m.final.status, m.final.final, m.final.err = FinalNone, nil, nil
	if _, err := ownership.ParseResult(rec.Info.Result); err != nil || m.final.score == nil {
		return
	}
	m.final.status = FinalComputing
	ctx, cancel := context.WithCancel(context.Background())
	m.final.cancel = cancel
	seq, score, key := m.final.seq, m.final.score, ownership.Key(data, 0)
	m.final.wg.Add(1)
	go func() {
		defer m.final.wg.Done()
		defer cancel()
		f, err := scoreSafely(ctx, score, rec, key)
		if errors.Is(ctx.Err(), context.Canceled) {
			return // superseded: another record was opened, or Close
		}
		m.post(func() { m.deliverFinal(seq, f, err) })
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

// stopFinal cancels the search under way and makes its delivery stale.
func (m *Model) stopFinal() {
	m.final.seq++
	if m.final.cancel != nil {
		m.final.cancel()
		m.final.cancel = nil
	}
}

// deliverFinal records the outcome of search seq, unless another record
// was opened since.
func (m *Model) deliverFinal(seq uint64, f *ownership.Final, err error) {
	if seq != m.final.seq {
		return
	}
	m.final.cancel = nil
	m.final.final, m.final.err = f, err
	m.final.status = FinalKnown
	if err != nil {
		m.final.status = FinalFailed
	}
	if m.final.status != FinalKnown && m.overlay.Outcome {
		m.overlay.Outcome = false
		m.notify(ChangeFinal | ChangeOverlay)
		return
	}
	m.notify(ChangeFinal)
}

// Final returns where the search for the final ownership of the record
// opened stands, the ownership (also when it disagrees with the record's
// result, for the figures of the message) and the error of a failure.
func (m *Model) Final() (FinalStatus, *ownership.Final, error) {
	return m.final.status, m.final.final, m.final.err
}

// outcome returns the final owners to compare the run shown with: those
// of a known final ownership on the board of the run, outside lesson
// mode (a lesson's position is of no game).
func (m *Model) outcome() ([]int8, bool) {
	if m.final.status != FinalKnown || m.lesson != nil || m.shown == nil || m.shown.Err != nil {
		return nil, false
	}
	owner := m.final.final.Owner
	if len(m.shown.Result.Values) != len(owner) {
		return nil, false
	}
	return owner, true
}

// FinalMeasures returns the measures of the run shown against the final
// ownership, as 'moyo eval' computes them (eval.Sums, with
// eval.DefaultEpsilon); ok is false when the ownership is not known or
// there is no run to measure. The score error and bias are of one position.
func (m *Model) FinalMeasures() (eval.Measures, bool) {
	owner, ok := m.outcome()
	if !ok {
		return eval.Measures{}, false
	}
	var s eval.Sums
	s.Compare(m.shown.Result.Values, owner, eval.DefaultEpsilon)
	return s.Measures(), true
}

// CanShowOutcome reports whether the overlay can show the difference from
// the final outcome: only once the final ownership is known.
func (m *Model) CanShowOutcome() bool { return m.final.status == FinalKnown }

// outcomeDiff returns (v − owner)/2 for each value: 0 where the estimate
// is the outcome, towards +1 where it gives Black more than the end did
// and towards −1 where it gives White more. Halving keeps the difference,
// which spans [−2, 2], in the [−1, 1] that render draws.
func outcomeDiff(values []float64, owner []int8) []float64 {
	d := make([]float64, len(values))
	for i, v := range values {
		d[i] = (v - float64(owner[i])) / 2
	}
	return d
}
