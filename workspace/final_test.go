package workspace

import (
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

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

// finalWorkspace opens data in a workspace with a fake estimator and
// scorer.
func finalWorkspace(t *testing.T, q *queue, s *fakeScorer, data string) *Workspace {
	t.Helper()
	ws := newTest(t, q, nil, []estimators.Estimator{&fakeEst{name: "fake"}})
	ws.Final().SetScorer(s.score)
	if err := ws.Open("test.sgf", []byte(data)); err != nil {
		t.Fatal(err)
	}
	return ws
}

func settled(ws *Workspace) bool {
	st, _, _ := ws.Final().Status()
	return !ws.Runs().Running() && st != FinalComputing
}

func TestFinalMeasuresFollowRuns(t *testing.T) {
	q := newQueue()
	s := &fakeScorer{}
	ws := finalWorkspace(t, q, s, counted)
	if st, _, _ := ws.Final().Status(); st != FinalComputing || ws.FinalSummary() != "final ownership: computing…" {
		t.Fatalf("status %v, text %q before the search ends", st, ws.FinalSummary())
	}
	q.until(t, func() bool { return settled(ws) })
	if st, f, err := ws.Final().Status(); st != FinalKnown || f == nil || err != nil {
		t.Fatalf("status %v, %v, %v", st, f, err)
	}
	if want := ownership.Key([]byte(counted), 0); len(s.keys) != 1 || s.keys[0] != want {
		t.Errorf("keys %v, want [%s]", s.keys, want)
	}
	// Every value is λ and every point Black's: the measures are those of
	// one point.
	for _, lambda := range []float64{0.5, 0.2, -0.4} {
		ws.Settings().SetParam("lambda", lambda)
		q.until(t, func() bool { return !ws.Runs().Running() })
		ms, ok := ws.FinalMeasures()
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
		if txt := ws.FinalSummary(); !strings.Contains(txt, "vs final outcome B+81: cross-entropy") {
			t.Errorf("λ = %g: text %q", lambda, txt)
		}
	}

	// The overlay of the difference from the final outcome, the default
	// reference: (v − owner)/2 = (−0.4 − 1)/2.
	ws.SetOverlay(OverlayOptions{Show: ShowDifference})
	if v := ws.Values(); ws.View() != ShowDifference || len(v) != 81 || math.Abs(v[40]+0.7) > 1e-12 {
		t.Fatalf("outcome overlay %v: %v", ws.View(), v)
	}
	// Another record drops it until its own outcome is known.
	if err := ws.Open("other.sgf", []byte(counted+" ")); err != nil {
		t.Fatal(err)
	}
	if ws.View() != ShowEstimate || ws.Final().Known() {
		t.Errorf("outcome overlay still on while computing")
	}
}

func TestFinalSupersededIgnored(t *testing.T) {
	q := newQueue()
	first := &fakeScorer{release: make(chan struct{}), err: errors.New("first record's search")}
	ws := finalWorkspace(t, q, first, counted)
	second := &fakeScorer{}
	ws.Final().SetScorer(second.score)
	if err := ws.Open("second.sgf", []byte(strings.Replace(counted, "B+81", "B+80.5", 1))); err != nil {
		t.Fatal(err)
	}
	// The first search was cancelled; had it finished, its delivery is stale.
	ws.finalDelivered(1, nil, errors.New("stale"))
	q.until(t, func() bool { return settled(ws) })
	st, f, err := ws.Final().Status()
	if st != FinalKnown || err != nil || f.Result != "B+80.5" {
		t.Fatalf("status %v, %v, error %v", st, f, err)
	}
	close(first.release)
}

func TestFinalNotCounted(t *testing.T) {
	for _, re := range []string{"B+R", "W+T", "", "?"} {
		q := newQueue()
		s := &fakeScorer{}
		ws := finalWorkspace(t, q, s, "(;GM[1]SZ[9]RE["+re+"];B[aa])")
		q.until(t, func() bool { return settled(ws) })
		if st, _, _ := ws.Final().Status(); st != FinalNone || len(s.keys) != 0 || ws.FinalSummary() != "" || ws.Final().Known() {
			t.Errorf("RE[%s]: status %v, %d searches, text %q", re, st, len(s.keys), ws.FinalSummary())
		}
		if _, ok := ws.FinalMeasures(); ok {
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
		ws := finalWorkspace(t, q, tc.s, tc.data)
		q.until(t, func() bool { return settled(ws) })
		st, _, err := ws.Final().Status()
		if st != FinalFailed || err == nil || !strings.Contains(ws.FinalSummary(), tc.want) {
			t.Errorf("%s: status %v, error %v, text %q", tc.name, st, err, ws.FinalSummary())
		}
		if _, ok := ws.FinalMeasures(); ok || ws.Final().Known() {
			t.Errorf("%s: measures against a failed outcome", tc.name)
		}
		if ws.SetOverlay(OverlayOptions{Show: ShowDifference}); ws.View() != ShowEstimate {
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
	ws := newTest(t, q, nil, nil)
	cache := t.TempDir()
	ws.Final().SetScorer(func(ctx context.Context, rec *game.Record, key string) (*ownership.Final, error) {
		s := ownership.Scorer{Cache: cache, Timeout: FinalTimeout}
		defer s.Close()
		return s.Final(ctx, rec, key)
	})
	if err := ws.Open("gu-li.sgf", data); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(150)
	// GNU Go takes about 2 s, longer on a loaded machine; the scorer gives
	// up after FinalTimeout.
	q.within(t, FinalTimeout+5*time.Second, func() bool { return settled(ws) })
	st, f, err := ws.Final().Status()
	if st != FinalKnown || err != nil || f.Result != "W+2.5" || !strings.HasPrefix(f.Engine, "GNU Go") {
		t.Fatalf("status %v, %+v, error %v", st, f, err)
	}
	ms, ok := ws.FinalMeasures()
	if !ok || ms.CrossEntropy <= 0 || ms.CrossEntropy > 1 || ms.Accuracy < 0.7 || ms.Accuracy > 1 {
		t.Errorf("measures %+v, %v", ms, ok)
	}
	t.Logf("%s", ws.FinalSummary())
}
