package ui

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/board"
	"moyo/estimators"
	"moyo/rank"
	"moyo/render"
)

// nineByNine is a 9×9 game of a few moves, Black to move.
const nineByNine = "(;GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg];W[dd])"

func TestRankerMatchesRank(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, nineByNine)
	pos := m.Position()
	sym, _ := estimators.ByName("symmetric")
	p := sym.Info().Defaults()
	want, err := rank.Rank(context.Background(), sym, pos, p, nil)
	if err != nil {
		t.Fatal(err)
	}

	var got *Ranking
	var reports [][2]int
	r := NewRanker(q.post, func(x Ranking) { got = &x }, func(seq uint64, done, total int) {
		reports = append(reports, [2]int{done, total})
	})
	defer r.Close()
	r.Submit(RankRequest{Est: sym, Pos: pos, Params: p})
	q.until(t, func() bool { return got != nil })
	if got.Err != nil || !reflect.DeepEqual(got.Moves, want) {
		t.Fatalf("ranker: %v, %d moves; rank.Rank: %d moves", got.Err, len(got.Moves), len(want))
	}
	legal := len(pos.LegalMoves(board.Black))
	if len(reports) < 2 || reports[0] != [2]int{0, legal} || reports[len(reports)-1] != [2]int{legal, legal} {
		t.Errorf("progress reports %v, want 0 of %d first and %d of %d last", reports, legal, legal, legal)
	}
}

func TestRankerLatestWins(t *testing.T) {
	est := &fakeEst{name: "slow", delay: 5 * time.Millisecond}
	pos, _ := board.New(5)
	got := make(chan Ranking, 10)
	r := NewRanker(func(f func()) { f() }, func(x Ranking) { got <- x }, nil)
	defer r.Close()
	for i := range 5 {
		r.Submit(RankRequest{Est: est, Pos: pos, Params: est.Info().Defaults().WithNum("lambda", float64(i)/10)})
	}
	x := <-got
	if x.Seq != 5 || x.Params.Num("lambda") != 0.4 || x.Err != nil || len(x.Moves) != 25 {
		t.Fatalf("delivered ranking %d (λ %g, %v, %d moves), want ranking 5 of 25 moves", x.Seq, x.Params.Num("lambda"), x.Err, len(x.Moves))
	}

	// Cancel drops the ranking under way: nothing is delivered.
	calls := func() int {
		est.mu.Lock()
		defer est.mu.Unlock()
		return est.calls
	}
	before := calls()
	r.Submit(RankRequest{Est: est, Pos: pos})
	for calls() < before+2 { // the position before the moves, and a move
		time.Sleep(time.Millisecond)
	}
	r.Cancel()
	select {
	case x := <-got:
		t.Fatalf("ranking %d was delivered after Cancel", x.Seq)
	case <-time.After(200 * time.Millisecond):
	}
	est.mu.Lock()
	defer est.mu.Unlock()
	if est.cancels == 0 {
		t.Error("no estimate was cancelled")
	}
}

// rankingModel opens nineByNine with a fake estimator taking delay per
// estimate and turns ranking on. Every ranking the model shows is checked against what it
// shows otherwise: a superseded ranking must never be shown.
func rankingModel(t *testing.T, delay time.Duration) (*Model, *queue, *fakeEst) {
	t.Helper()
	q := newQueue()
	est := &fakeEst{name: "fake", delay: delay}
	m := newModel(q.post, nil, []estimators.Estimator{est})
	t.Cleanup(m.Close)
	m.OnChange(func(c Change) {
		r, ok := m.Ranked()
		if !ok {
			return
		}
		if !m.RankingOn() || r.Pos != m.Position() || !r.Params.Equal(m.Params()) || m.Running() {
			t.Errorf("a ranking of λ %g is shown with λ %g (ranking on %v, same position %v, running %v)",
				r.Params.Num("lambda"), m.Params().Num("lambda"), m.RankingOn(), r.Pos == m.Position(), m.Running())
		}
	})
	if err := m.Open("test.sgf", []byte(nineByNine)); err != nil {
		t.Fatal(err)
	}
	m.SetRanking(true)
	return m, q, est
}

func TestModelRanking(t *testing.T) {
	m, q, _ := rankingModel(t, 2*time.Millisecond)
	if _, ok := m.Ranked(); ok {
		t.Fatal("a ranking before the first run")
	}
	q.until(t, func() bool { _, ok := m.Ranked(); return ok })
	r, _ := m.Ranked()
	if len(r.Moves) != len(m.Position().LegalMoves(board.Black)) || r.Err != nil {
		t.Errorf("ranked %d moves (%v)", len(r.Moves), r.Err)
	}
	if _, _, running := m.RankProgress(); running {
		t.Error("a ranking is shown and still running")
	}

	// Each change that asks for a run drops the ranking; the next one is
	// of what is shown then.
	for _, tt := range []struct {
		name string
		do   func()
	}{
		{"step", func() { m.Forward(-1) }},
		{"slider", func() { m.SetParam("lambda", 0.3) }},
		{"edit", func() { m.StartEdit(); m.Erase(pt("ee")) }},
		{"back from the edit", m.StopEdit},
		{"lesson", func() { m.OpenLesson(0) }},
	} {
		tt.do()
		if _, ok := m.Ranked(); ok {
			t.Errorf("%s: the ranking of before is still shown", tt.name)
		}
		q.until(t, func() bool { _, ok := m.Ranked(); return ok })
	}

	m.SetRanking(false)
	if _, ok := m.Ranked(); ok {
		t.Error("a ranking is shown with ranking off")
	}
}

func TestModelRankingCancelled(t *testing.T) {
	// A ranking of 76 moves takes 0.8 s on 2 cores.
	m, q, est := rankingModel(t, 20*time.Millisecond)
	q.until(t, func() bool { done, _, running := m.RankProgress(); return running && done > 0 })

	// A step cancels the ranking under way.
	m.Forward(-1)
	if _, _, running := m.RankProgress(); running {
		t.Error("the ranking of the position left is still running")
	}
	q.until(t, func() bool { done, _, running := m.RankProgress(); return running && done > 0 })

	// So does turning ranking off; nothing arrives afterwards.
	m.SetRanking(false)
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		q.drain()
		if _, ok := m.Ranked(); ok {
			t.Fatal("a cancelled ranking was shown")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// And the estimator is called no more. (Counting cancelled estimates
	// would be flaky: a move whose delay is up when its context is
	// cancelled may end either way.)
	calls := func() int {
		est.mu.Lock()
		defer est.mu.Unlock()
		return est.calls
	}
	n := calls()
	time.Sleep(100 * time.Millisecond)
	if calls() != n {
		t.Errorf("the estimator was called %d times after ranking was turned off", calls()-n)
	}
	// Two runs and two rankings cut short: less than one ranking of 76 moves.
	if n >= 76 {
		t.Errorf("%d estimates: the rankings were not cut short", n)
	}
}

// TestModelRankingStale delivers a ranking that completed before the
// step that superseded it reached the model: it must not be shown.
func TestModelRankingStale(t *testing.T) {
	m, q, est := rankingModel(t, 2*time.Millisecond)
	q.until(t, func() bool { _, _, running := m.RankProgress(); return running })
	// Hold back every posted function until the ranking has been posted,
	// then step, then run them all.
	want := 2 + len(m.Position().LegalMoves(board.Black)) // the run, the position before the moves, each move
	calls := func() int {
		est.mu.Lock()
		defer est.mu.Unlock()
		return est.calls
	}
	var held []func()
	hold := func(d time.Duration) {
		end := time.After(d)
		for {
			select {
			case f := <-q.ch:
				held = append(held, f)
			case <-end:
				return
			}
		}
	}
	for deadline := time.Now().Add(10 * time.Second); calls() < want && time.Now().Before(deadline); {
		hold(10 * time.Millisecond)
	}
	if n := calls(); n != want {
		t.Fatalf("%d estimates, want %d: the ranking is not complete", n, want)
	}
	hold(200 * time.Millisecond) // the ranking's delivery, posted after the last estimate
	m.Forward(-1)
	for _, f := range held {
		f()
	}
	if _, ok := m.Ranked(); ok {
		t.Fatal("a superseded ranking was shown")
	}
	q.until(t, func() bool { _, ok := m.Ranked(); return ok })
}

func TestAppRanking(t *testing.T) {
	u, w, q := newTestApp(t)
	m := u.model
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	if u.rank.box.Visible() {
		t.Fatal("the ranking's column is shown with ranking off")
	}
	key(fyne.KeyR)
	if !m.RankingOn() || !u.rank.check.Checked || !u.rank.box.Visible() {
		t.Fatal("R did not turn ranking on")
	}
	q.until(t, func() bool { _, ok := m.Ranked(); return ok })
	r, _ := m.Ranked()
	lines := strings.Split(u.rank.list.Text, "\n")
	if len(lines) != 26 || !strings.HasPrefix(lines[0], "A  "+r.Moves[0].Label+" ") || !strings.HasPrefix(lines[25], "Z  ") {
		t.Errorf("list %q, best move %s", u.rank.list.Text, r.Moves[0].Label)
	}
	if !strings.Contains(u.rank.summary.Text, fmt.Sprintf("%d moves", len(r.Moves))) || u.rank.progress.Visible() {
		t.Errorf("summary %q, progress shown %v", u.rank.summary.Text, u.rank.progress.Visible())
	}
	marks := u.board.opt.Marks
	if len(marks) != 52 || marks[0] != (render.Mark{Point: r.Moves[0].Point, Label: "A"}) ||
		marks[51] != (render.Mark{Point: r.Moves[len(r.Moves)-1].Point}) {
		t.Errorf("%d marks, first %v, last %v", len(marks), marks[0], marks[len(marks)-1])
	}

	// A step drops the marks at once; the next ranking brings new ones.
	key(fyne.KeyRight)
	if u.board.opt.Marks != nil || u.rank.summary.Text != "waiting for the estimate…" || u.rank.list.Text != "" {
		t.Error("the marks of the position left stay on the board")
	}
	q.until(t, func() bool { _, _, running := m.RankProgress(); return running })
	if !u.rank.progress.Visible() || !strings.HasPrefix(u.rank.summary.Text, "ranking") {
		t.Errorf("ranking under way: progress shown %v, summary %q", u.rank.progress.Visible(), u.rank.summary.Text)
	}
	q.until(t, func() bool { _, ok := m.Ranked(); return ok })
	if r2, _ := m.Ranked(); r2.Pos != m.Position() || len(u.board.opt.Marks) != 52 {
		t.Error("no ranking of the new position")
	}

	// The check box turns it off.
	test.Tap(u.rank.check)
	if m.RankingOn() || u.rank.box.Visible() || u.board.opt.Marks != nil {
		t.Error("the check box did not turn ranking off")
	}
}
