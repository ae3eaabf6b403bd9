package ui

import (
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/ownership"
)

// counted is a 9×9 record that Black won by the whole board.
const counted = "(;GM[1]SZ[9]KM[0]RE[B+81];B[aa];W[];B[bb])"

// fakeScorer finds every point Black's, or fails with err; it waits for
// release when that is not nil, so that tests can hold a search up.
type fakeScorer struct {
	err     error
	release chan struct{}
	keys    []string // of the calls, in order; read after the search ends
}

func (s *fakeScorer) score(ctx context.Context, rec *game.Record, key string) (*ownership.Final, error) {
	s.keys = append(s.keys, key)
	if s.release != nil {
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	n := rec.Info.Size * rec.Info.Size
	f := &ownership.Final{Size: rec.Info.Size, Owner: make([]int8, n), Komi: rec.Info.Komi, Result: rec.Info.Result, Engine: "fake"}
	for i := range f.Owner {
		f.Owner[i] = 1
		f.Area++
	}
	// Territory counts the empty points: all but the stones.
	pos := rec.AfterMove(rec.Moves()).Position
	f.Territory = f.Area
	for i := range pos.Len() {
		if pos.Cell(i) != board.Empty {
			f.Territory--
		}
	}
	return f, nil
}

// finalModel opens data in a model with a fake estimator and scorer.
func finalModel(t *testing.T, q *queue, s *fakeScorer, data string) *Model {
	t.Helper()
	m := newModel(q.post, nil, []estimators.Estimator{&fakeEst{name: "fake"}})
	m.SetFinalScorer(s.score)
	t.Cleanup(m.Close)
	if err := m.Open("test.sgf", []byte(data)); err != nil {
		t.Fatal(err)
	}
	return m
}

func settled(m *Model) bool {
	st, _, _ := m.Final()
	return !m.Running() && st != FinalComputing
}

func TestFinalMeasuresFollowRuns(t *testing.T) {
	q := newQueue()
	s := &fakeScorer{}
	m := finalModel(t, q, s, counted)
	if st, _, _ := m.Final(); st != FinalComputing || finalText(m) != "final ownership: computing…" {
		t.Fatalf("status %v, text %q before the search ends", st, finalText(m))
	}
	q.until(t, func() bool { return settled(m) })
	if st, f, err := m.Final(); st != FinalKnown || f == nil || err != nil {
		t.Fatalf("status %v, %v, %v", st, f, err)
	}
	if want := ownership.Key([]byte(counted), 0); len(s.keys) != 1 || s.keys[0] != want {
		t.Errorf("keys %v, want [%s]", s.keys, want)
	}
	// Every value is λ and every point Black's: the measures are those of
	// one point.
	for _, lambda := range []float64{0.5, 0.2, -0.4} {
		m.SetParam("lambda", lambda)
		q.until(t, func() bool { return !m.Running() })
		ms, ok := m.FinalMeasures()
		if !ok {
			t.Fatalf("λ = %g: no measures", lambda)
		}
		ce, acc := -math.Log((1+lambda)/2), 1.0
		if lambda < 0 {
			acc = 0
		}
		if math.Abs(ms.CrossEntropy-ce) > 1e-12 || ms.Accuracy != acc || math.Abs(ms.MAE-(1-lambda)) > 1e-12 {
			t.Errorf("λ = %g: %+v, want cross-entropy %g, accuracy %g, MAE %g", lambda, ms, ce, acc, 1-lambda)
		}
		if txt := finalText(m); !strings.Contains(txt, "vs final outcome B+81: cross-entropy") {
			t.Errorf("λ = %g: text %q", lambda, txt)
		}
	}

	// The overlay of the difference: (v − owner)/2 = (−0.4 − 1)/2.
	m.SetOverlay(Overlay{Outcome: true})
	if v := m.Values(); !m.Overlay().Outcome || len(v) != 81 || math.Abs(v[40]+0.7) > 1e-12 {
		t.Fatalf("outcome overlay %v: %v", m.Overlay().Outcome, v)
	}
	// Another record drops it until its own outcome is known.
	if err := m.Open("other.sgf", []byte(counted+" ")); err != nil {
		t.Fatal(err)
	}
	if m.Overlay().Outcome || m.CanShowOutcome() {
		t.Errorf("outcome overlay still on while computing")
	}
}

func TestFinalSupersededIgnored(t *testing.T) {
	q := newQueue()
	first := &fakeScorer{release: make(chan struct{}), err: errors.New("first record's search")}
	m := finalModel(t, q, first, counted)
	second := &fakeScorer{}
	m.SetFinalScorer(second.score)
	if err := m.Open("second.sgf", []byte(strings.Replace(counted, "B+81", "B+80.5", 1))); err != nil {
		t.Fatal(err)
	}
	// The first search was cancelled; had it finished, its delivery is stale.
	m.deliverFinal(1, nil, errors.New("stale"))
	q.until(t, func() bool { return settled(m) })
	st, f, err := m.Final()
	if st != FinalKnown || err != nil || f.Result != "B+80.5" {
		t.Fatalf("status %v, %v, error %v", st, f, err)
	}
	close(first.release)
}

func TestFinalNotCounted(t *testing.T) {
	for _, re := range []string{"B+R", "W+T", "", "?"} {
		q := newQueue()
		s := &fakeScorer{}
		m := finalModel(t, q, s, "(;GM[1]SZ[9]RE["+re+"];B[aa])")
		q.until(t, func() bool { return settled(m) })
		if st, _, _ := m.Final(); st != FinalNone || len(s.keys) != 0 || finalText(m) != "" || m.CanShowOutcome() {
			t.Errorf("RE[%s]: status %v, %d searches, text %q", re, st, len(s.keys), finalText(m))
		}
		if _, ok := m.FinalMeasures(); ok {
			t.Errorf("RE[%s]: measures without an outcome", re)
		}
	}
}

func TestFinalErrorsShown(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *fakeScorer
		data string
		want string
	}{
		{"no GNU Go", &fakeScorer{err: ownership.ErrNoEngine}, counted, "final ownership: cannot start GNU Go"},
		// The fake finds B+81 by area: the record says otherwise.
		{"disagreement", &fakeScorer{}, strings.Replace(counted, "B+81", "W+0.5", 1), "but the record says W+0.5"},
	} {
		q := newQueue()
		m := finalModel(t, q, tc.s, tc.data)
		q.until(t, func() bool { return settled(m) })
		st, _, err := m.Final()
		if st != FinalFailed || err == nil || !strings.Contains(finalText(m), tc.want) {
			t.Errorf("%s: status %v, error %v, text %q", tc.name, st, err, finalText(m))
		}
		if _, ok := m.FinalMeasures(); ok || m.CanShowOutcome() {
			t.Errorf("%s: measures against a failed outcome", tc.name)
		}
		if m.SetOverlay(Overlay{Outcome: true}); m.Overlay().Outcome {
			t.Errorf("%s: outcome overlay without an outcome", tc.name)
		}
	}
}

// TestFinalGnuGo finds the final ownership of a master game with the real
// GNU Go, as the app does, with a cache of its own.
func TestFinalGnuGo(t *testing.T) {
	if _, err := exec.LookPath("gnugo"); err != nil {
		if _, err := os.Stat("/usr/games/gnugo"); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatal("GNU Go is missing")
			}
			t.Skip("SKIPPED: GNU Go is missing; install gnugo to run this test")
		}
	}
	data, err := os.ReadFile("../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	m := NewModel(q.post, nil)
	cache := t.TempDir()
	m.SetFinalScorer(func(ctx context.Context, rec *game.Record, key string) (*ownership.Final, error) {
		s := ownership.Scorer{Cache: cache, Timeout: FinalTimeout}
		defer s.Close()
		return s.Final(ctx, rec, key)
	})
	t.Cleanup(m.Close)
	if err := m.Open("gu-li.sgf", data); err != nil {
		t.Fatal(err)
	}
	m.SetMove(150)
	q.until(t, func() bool { return settled(m) })
	st, f, err := m.Final()
	if st != FinalKnown || err != nil || f.Result != "W+2.5" || !strings.HasPrefix(f.Engine, "GNU Go") {
		t.Fatalf("status %v, %+v, error %v", st, f, err)
	}
	ms, ok := m.FinalMeasures()
	if !ok || ms.CrossEntropy <= 0 || ms.CrossEntropy > 1 || ms.Accuracy < 0.7 || ms.Accuracy > 1 {
		t.Errorf("measures %+v, %v", ms, ok)
	}
	t.Logf("%s", finalText(m))
}
