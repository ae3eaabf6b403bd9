package workspace

import (
	"context"
	"reflect"
	"testing"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/rank"
)

// nineByNine is a 9×9 game of a few moves, Black to move.
const nineByNine = "(;GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg];W[dd])"

func TestRankerMatchesRank(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, nineByNine)
	pos := ws.Position()
	sym, _ := catalog.ByName("symmetric")
	p := sym.Info().Defaults()
	want, err := rank.Rank(context.Background(), sym, pos, p, nil)
	if err != nil {
		t.Fatal(err)
	}

	var got *RankOutcome
	var reports [][2]int
	r := NewRanker(q.post, func(x RankOutcome) { got = &x }, func(seq uint64, done, total int) {
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
	got := make(chan RankOutcome, 10)
	r := NewRanker(func(f func()) { f() }, func(x RankOutcome) { got <- x }, nil)
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
func rankingModel(t *testing.T, delay time.Duration) (*Workspace, *queue, *fakeEst) {
	t.Helper()
	q := newQueue()
	est := &fakeEst{name: "fake", delay: delay}
	ws := newTest(t, q, nil, []estimators.Estimator{est})
	ws.Subscribe(ChangeAll, func(c Change) {
		r, ok := ws.Ranking().Shown()
		if !ok {
			return
		}
		if !ws.Ranking().On() || r.Pos != ws.Position() || !r.Params.Equal(ws.Settings().Params()) || ws.Runs().Running() {
			t.Errorf("a ranking of λ %g is shown with λ %g (ranking on %v, same position %v, running %v)",
				r.Params.Num("lambda"), ws.Settings().Params().Num("lambda"), ws.Ranking().On(), r.Pos == ws.Position(), ws.Runs().Running())
		}
	})
	if err := ws.Open("test.sgf", []byte(nineByNine)); err != nil {
		t.Fatal(err)
	}
	ws.Ranking().SetOn(true)
	return ws, q, est
}

func TestWorkspaceRanking(t *testing.T) {
	ws, q, _ := rankingModel(t, 2*time.Millisecond)
	if _, ok := ws.Ranking().Shown(); ok {
		t.Fatal("a ranking before the first run")
	}
	q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	r, _ := ws.Ranking().Shown()
	if len(r.Moves) != len(ws.Position().LegalMoves(board.Black)) || r.Err != nil {
		t.Errorf("ranked %d moves (%v)", len(r.Moves), r.Err)
	}
	if _, _, running := ws.Ranking().Progress(); running {
		t.Error("a ranking is shown and still running")
	}

	// Each change that asks for a run drops the ranking; the next one is
	// of what is shown then.
	for _, tt := range []struct {
		name string
		do   func()
	}{
		{"step", func() { ws.Record().Forward(-1) }},
		{"slider", func() { ws.Settings().SetParam("lambda", 0.3) }},
		{"edit", func() { ws.StartEdit(); ws.Mode().(*EditMode).Erase(pt("ee")) }},
		{"back from the edit", ws.StopEdit},
		{"lesson", func() { ws.OpenLesson(0) }},
	} {
		tt.do()
		if _, ok := ws.Ranking().Shown(); ok {
			t.Errorf("%s: the ranking of before is still shown", tt.name)
		}
		q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	}

	ws.Ranking().SetOn(false)
	if _, ok := ws.Ranking().Shown(); ok {
		t.Error("a ranking is shown with ranking off")
	}
}

func TestWorkspaceRankingCancelled(t *testing.T) {
	// A ranking of 76 moves takes 0.8 s on 2 cores.
	ws, q, est := rankingModel(t, 20*time.Millisecond)
	q.until(t, func() bool { done, _, running := ws.Ranking().Progress(); return running && done > 0 })

	// A step cancels the ranking under way.
	ws.Record().Forward(-1)
	if _, _, running := ws.Ranking().Progress(); running {
		t.Error("the ranking of the position left is still running")
	}
	q.until(t, func() bool { done, _, running := ws.Ranking().Progress(); return running && done > 0 })

	// So does turning ranking off; nothing arrives afterwards.
	ws.Ranking().SetOn(false)
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		q.drain()
		if _, ok := ws.Ranking().Shown(); ok {
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

// TestWorkspaceRankingStale delivers a ranking that completed before the
// step that superseded it reached the model: it must not be shown.
func TestWorkspaceRankingStale(t *testing.T) {
	ws, q, est := rankingModel(t, 2*time.Millisecond)
	q.until(t, func() bool { _, _, running := ws.Ranking().Progress(); return running })
	// Hold back every posted function until the ranking has been posted,
	// then step, then run them all.
	want := 2 + len(ws.Position().LegalMoves(board.Black)) // the run, the position before the moves, each move
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
			case f := <-q.C():
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
	ws.Record().Forward(-1)
	for _, f := range held {
		f()
	}
	if _, ok := ws.Ranking().Shown(); ok {
		t.Fatal("a superseded ranking was shown")
	}
	q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
}

func TestFormatLeft(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{300 * time.Millisecond, "less than a second"},
		{7400 * time.Millisecond, "about 7 s"},
		{43 * time.Second, "about 45 s"},
		{95 * time.Second, "about 2 min"},
		{29*time.Minute + 20*time.Second, "about 29 min"},
		{80 * time.Minute, "about 1 h 20 min"},
		{119*time.Minute + 50*time.Second, "about 2 h 0 min"},
	} {
		if got := FormatLeft(tc.d); got != tc.want {
			t.Errorf("FormatLeft(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestRankingTimeLeft checks the estimate of the time a ranking needs:
// before its first move, from the time of the run it ranks after, each
// move taking it again on one of the workers; then from the pace of the
// moves done; and that a long one says how to stop it.
func TestRankingTimeLeft(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, nineByNine)
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ws.now = func() time.Time { return clock }
	rk := ws.ranking
	rk.workers = 2
	rk.on, rk.want = true, 7 // a ranking asked for, as start does
	if _, ok := rk.Left(); ok {
		t.Error("a time left before the ranking's first report")
	}
	rk.perMove = 3 * time.Second // Swendsen–Wang inference on a 19×19 board
	rk.progressed(7, 0, 261)
	// 261 moves on 2 workers: 131 rounds of 3 s.
	if left, ok := rk.Left(); !ok || left != 393*time.Second {
		t.Errorf("before the first move: %v %v, want 6m33s", left, ok)
	}
	if v := ws.RankView(); v.Summary != "0 of 261 moves  ·  about 7 min left  ·  R stops it" {
		t.Errorf("summary %q", v.Summary)
	}
	clock = clock.Add(4 * time.Second)
	rk.progressed(7, 8, 261)
	// 8 moves in 4 s: 253 more at half a second each.
	if left, ok := rk.Left(); !ok || left != 126500*time.Millisecond {
		t.Errorf("after 8 moves in 4 s: %v %v, want 2m6.5s", left, ok)
	}
	clock = clock.Add(120 * time.Second)
	rk.progressed(7, 250, 261)
	if v := ws.RankView(); v.Summary != "250 of 261 moves  ·  about 5 s left" {
		t.Errorf("near the end: summary %q", v.Summary)
	}
	rk.progressed(6, 255, 261) // a ranking superseded
	if done, _, _ := rk.Progress(); done != 250 {
		t.Errorf("a superseded ranking's report counted: %d done", done)
	}
}
