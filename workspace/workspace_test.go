package workspace

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/game"
	"moyo/internal/testutil"
)

// queue stands in for fyne.Do (testutil.Queue), under the names the
// tests use.
type queue struct{ *testutil.Queue }

func newQueue() *queue                                { return &queue{testutil.NewQueue()} }
func (q *queue) post(f func())                        { q.Post(f) }
func (q *queue) drain()                               { q.Drain() }
func (q *queue) until(t testing.TB, cond func() bool) { t.Helper(); q.Until(t, cond) }
func (q *queue) within(t testing.TB, d time.Duration, cond func() bool) {
	t.Helper()
	q.Within(t, d, cond)
}

// memStore is a Store in memory.
type memStore map[string]string

func (s memStore) String(key string) string    { return s[key] }
func (s memStore) SetString(key, value string) { s[key] = value }

// fakeEst is an estimator whose every value is its λ, after a delay or
// until released, so that tests can tell runs apart and hold them up.
type fakeEst struct {
	name    string
	delay   time.Duration
	release chan struct{} // if not nil, runs wait for it
	mu      sync.Mutex
	calls   int
	cancels int
}

func (f *fakeEst) Info() estimators.Info {
	return estimators.Info{
		Name:      f.name,
		Iterative: true,
		Params: []estimators.ParamSpec{
			{Name: "lambda", Min: 0, Max: 1, Default: estimators.Num(0.5)},
			{Name: "tol", Min: 1e-10, Max: 1e-1, Log: true, Default: estimators.Num(1e-4)},
		},
	}
}

func (f *fakeEst) Check(p estimators.Params) error { return nil }

func (f *fakeEst) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	f.mu.Lock()
	f.calls++
	f.mu.Unlock()
	// A run cancelled before it got here counts as cancelled: in the
	// select below a closed release and a done ctx, both ready, would be
	// picked at random.
	if err := ctx.Err(); err != nil {
		f.mu.Lock()
		f.cancels++
		f.mu.Unlock()
		return estimators.Result{}, err
	}
	var wait <-chan struct{} = f.release
	var timer <-chan time.Time
	if f.delay > 0 {
		timer = time.After(f.delay)
	}
	if wait != nil || timer != nil {
		select {
		case <-wait:
		case <-timer:
		case <-ctx.Done():
		}
		// Checked after the select, not as one of its cases: a run
		// cancelled while it waited may wake to a release closed since,
		// both channels ready and one picked at random.
		if err := ctx.Err(); err != nil {
			f.mu.Lock()
			f.cancels++
			f.mu.Unlock()
			return estimators.Result{}, err
		}
	}
	v := make([]float64, pos.Len())
	for i := range v {
		v[i] = p.Num("lambda")
	}
	return estimators.Result{Size: pos.Size(), Values: v, Trace: []float64{1, 0.1}, Iterations: 2, Converged: true}, nil
}

// variations has a branch at move 2 and another at move 4 of the second
// line, and a comment.
const variations = `(;GM[1]SZ[9]KM[7]PB[Black Player]PW[White Player]
;B[cc]C[first move]
(;W[gg];B[gc])
(;W[cg];B[gc](;W[gg])(;W[ee])))`

// newTest returns a workspace offering ests (catalog.All when nil),
// closed when the test ends. It finds no final ownerships, so that no GNU
// Go runs in the background of tests that do not look at it.
func newTest(t testing.TB, q *queue, store Store, ests []estimators.Estimator) *Workspace {
	t.Helper()
	ws := New(q.post, store, ests)
	ws.Final().SetScorer(nil)
	t.Cleanup(ws.Close)
	return ws
}

// openWorkspace returns a workspace showing the record data.
func openWorkspace(t *testing.T, q *queue, data string) *Workspace {
	t.Helper()
	ws := newTest(t, q, nil, nil)
	if err := ws.Open("test.sgf", []byte(data)); err != nil {
		t.Fatal(err)
	}
	return ws
}

// openFake returns a workspace with the fake estimator showing small5
// at move 2; its run may not have finished.
func openFake(t *testing.T, q *queue) *Workspace {
	t.Helper()
	ws := newTest(t, q, nil, []estimators.Estimator{&fakeEst{name: "fake"}})
	if err := ws.Open("test.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(2)
	return ws
}

func TestWorkspaceSample(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ws.Record().SetMove(assets.SampleMove)
	s, _ := ws.Record().Current()
	if s.Number != 100 {
		t.Fatalf("move %d, want 100", s.Number)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	o, ok := ws.Runs().Shown()
	if !ok || o.Err != nil || o.Pos != s.Position || len(ws.Values()) != 361 {
		t.Fatalf("shown %v %v, %d values", ok, o.Err, len(ws.Values()))
	}
	if o.Est.Info().Name != "symmetric" || !o.Result.Converged {
		t.Errorf("ran %s, converged %v", o.Est.Info().Name, o.Result.Converged)
	}
	if got := ws.Title(); got != "moyo — Gu Li v Master — move 100" {
		t.Errorf("title %q", got)
	}
	if ws.Runs().Latency() <= 0 {
		t.Errorf("latency %v", ws.Runs().Latency())
	}
	// The first screen greets no one with a warning: the defaults reach
	// the fixed point.
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	if line, warn := ws.FixedPoint().Line(); warn || !strings.HasPrefix(line, "fixed point: board ") {
		t.Errorf("first screen: %q, warn %v", line, warn)
	}
}

func TestWorkspaceStepping(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	number := func() int { s, _ := ws.Record().Current(); return s.Number }
	if number() != 235 {
		t.Fatalf("opens at move %d, want the last, 235", number())
	}
	ws.Record().SetMove(100)
	for _, tt := range []struct {
		do   func()
		want int
	}{
		{func() { ws.Record().Forward(1) }, 101},
		{func() { ws.Record().Forward(-10) }, 91},
		{ws.Record().First, 0},
		{func() { ws.Record().Forward(-1) }, 0},
		{ws.Record().Last, 235},
		{func() { ws.Record().Forward(10) }, 235},
		{func() { ws.Record().GoTo(50) }, 50},
		{func() { ws.Record().SetMove(-5) }, 230},
	} {
		tt.do()
		if got := number(); got != tt.want {
			t.Errorf("at move %d, want %d", got, tt.want)
		}
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() {
		t.Error("the run shown is not of the position shown")
	}
}

func TestWorkspaceVariations(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, variations)
	moveAt := func() string {
		s, _ := ws.Record().Current()
		if s.Move == nil {
			return "-"
		}
		return s.Move.Point.Label(9)
	}
	ws.Record().GoTo(2)
	if moveAt() != "G3" {
		t.Fatalf("step 2 is %s, want G3 (W gg)", moveAt())
	}
	if i, n := ws.Record().Variation(); i != 1 || n != 2 {
		t.Errorf("variation %d of %d, want 1 of 2", i, n)
	}
	if ws.Record().SwitchVariation(-1) {
		t.Error("switched to before the first variation")
	}
	if !ws.Record().SwitchVariation(1) || moveAt() != "C3" || ws.Record().Index() != 2 {
		t.Fatalf("after ↓ at step %d: %s, want C3 (W cg)", ws.Record().Index(), moveAt())
	}
	// From a node without siblings, the nearest branch above switches.
	ws.Record().GoTo(3)
	if i, n := ws.Record().Variation(); i != 2 || n != 2 {
		t.Errorf("at step 3, variation %d of %d, want 2 of 2 (of the branch above)", i, n)
	}
	if ws.Record().Continuations() != 2 {
		t.Errorf("%d continuations after B gc, want 2", ws.Record().Continuations())
	}
	ws.Record().Last()
	if moveAt() != "G3" || ws.Record().Len() != 5 {
		t.Fatalf("end of the second line: %s, %d steps", moveAt(), ws.Record().Len())
	}
	if !ws.Record().SwitchVariation(1) || moveAt() != "E5" {
		t.Fatalf("after ↓ at the end: %s, want E5", moveAt())
	}
	if ws.Record().SwitchVariation(1) {
		t.Error("switched past the last variation")
	}
	ws.Record().GoTo(1)
	if s, _ := ws.Record().Current(); s.Comment() != "first move" {
		t.Errorf("comment %q", s.Comment())
	}
	if i, n := ws.Record().Variation(); i != 1 || n != 1 {
		t.Errorf("before any branch: variation %d of %d", i, n)
	}
}

func TestWorkspaceIllegalMoveKeepsPrefix(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, "(;SZ[9];B[cc];W[dd]\n;B[dd];W[ee])")
	err := ws.Record().RecordError()
	if err == nil || !strings.Contains(err.Error(), "test.sgf:2:2: move 3 (B D6): point is occupied") {
		t.Fatalf("record error %v", err)
	}
	if ws.Record().Len() != 3 {
		t.Fatalf("%d steps, want the root and two moves", ws.Record().Len())
	}
	if s, _ := ws.Record().Current(); s.Number != 2 {
		t.Errorf("opens at move %d, want 2, the last legal one", s.Number)
	}
	ws.Record().First()
	ws.Record().Last()
	q.until(t, func() bool { return !ws.Runs().Running() })
	if len(ws.Values()) != 81 {
		t.Error("no values for the legal prefix")
	}
}

func TestWorkspaceBadFileKeepsRecord(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, variations)
	err := ws.Open("bad.sgf", []byte("(;SZ[9]\n;B[cc];W[dd"))
	if err == nil || !strings.HasPrefix(err.Error(), "bad.sgf:2:") {
		t.Fatalf("error %v, want one placed in bad.sgf", err)
	}
	if ws.Record().Name() != "test.sgf" || ws.Record().Len() != 4 {
		t.Errorf("the record shown changed to %s with %d steps", ws.Record().Name(), ws.Record().Len())
	}
	if err := ws.Open("empty.sgf", nil); err == nil {
		t.Error("an empty file opened")
	}
	if err := ws.Open("huge.sgf", []byte("(;SZ[52])")); err == nil {
		t.Error("a 52×52 board opened")
	}
}

func TestWorkspaceParamsResetAndPersist(t *testing.T) {
	q := newQueue()
	store := memStore{}
	ws := newTest(t, q, store, nil)
	ws.Settings().SetParam("lambda", 0.3)
	ws.Settings().SetParam("max-iter", 250.4)
	if p := ws.Settings().Params(); p.Num("lambda") != 0.3 || p.Int("max-iter") != 250 {
		t.Fatalf("params %+v", p)
	}
	ws.Settings().SetParam("lambda", 7) // symmetric refuses λ > 1
	if ws.Settings().Params().Num("lambda") != 0.3 {
		t.Errorf("λ = %g after an invalid value", ws.Settings().Params().Num("lambda"))
	}

	ws2 := newTest(t, q, store, nil)
	if p := ws2.Settings().Params(); p.Num("lambda") != 0.3 || p.Int("max-iter") != 250 {
		t.Errorf("params not restored from the store: %+v", p)
	}
	ws2.Settings().ResetParams()
	if p, d := ws2.Settings().Params(), ws2.Settings().Estimator().Info().Defaults(); !p.Equal(d) {
		t.Errorf("after reset %+v, want %+v", p, d)
	}
	ws3 := newTest(t, q, store, nil)
	if ws3.Settings().Params().Num("lambda") != 0.44 {
		t.Errorf("reset not stored: λ = %g", ws3.Settings().Params().Num("lambda"))
	}

	store[keyParams+"symmetric"] = `{"Lambda": 2}` // a bad value is not loaded
	ws4 := newTest(t, q, store, nil)
	if ws4.Settings().Params().Num("lambda") != 0.44 {
		t.Errorf("a stored λ of 2 loaded as %g", ws4.Settings().Params().Num("lambda"))
	}
}

func TestWorkspaceEstimatorSwitch(t *testing.T) {
	q := newQueue()
	store := memStore{}
	ws := newTest(t, q, store, nil)
	if ws.Settings().Estimator().Info().Name != "symmetric" {
		t.Fatalf("starts with %s", ws.Settings().Estimator().Info().Name)
	}
	var changes Change
	ws.Subscribe(ChangeAll, func(c Change) { changes |= c })
	if err := ws.Settings().SetEstimator("propagate"); err != nil {
		t.Fatal(err)
	}
	if changes&(ChangeEstimator|ChangeParams) != ChangeEstimator|ChangeParams {
		t.Errorf("changes %b", changes)
	}
	uses := map[string]bool{}
	for _, s := range ParamControls(ws.Settings().Estimators()) {
		uses[s.Name] = ws.Settings().Uses(s.Name)
	}
	want := map[string]bool{
		"mode": false, "lambda": false, "kappa": false, "attenuation": true,
		"cap": true, "damping": false, "tol": false, "max-iter": false,
	}
	for name, w := range want {
		if got, ok := uses[name]; !ok || got != w {
			t.Errorf("propagate: control %s present %v, enabled %v, want enabled %v", name, ok, got, w)
		}
	}
	ws.Settings().SetParam("lambda", 0.1) // not read by propagate
	if !ws.Settings().Params().Equal(ws.Settings().Estimator().Info().Defaults()) {
		t.Errorf("params changed by an unused parameter: %+v", ws.Settings().Params())
	}
	ws.Settings().SetChoice("cap", estimators.CapSeparate.String())
	if err := ws.Settings().SetEstimator("nonesuch"); err == nil {
		t.Error("chose an unknown estimator")
	}
	ws.Settings().SetEstimator("symmetric")
	if ws.Settings().Params().Num("lambda") != 0.44 {
		t.Errorf("symmetric's λ is %g after a visit to propagate", ws.Settings().Params().Num("lambda"))
	}
	ws2 := newTest(t, q, store, nil)
	ws2.Settings().SetEstimator("propagate")
	if ws2.Settings().Params().Text("cap") != estimators.CapSeparate.String() {
		t.Errorf("propagate's cap not kept: %q", ws2.Settings().Params().Text("cap"))
	}
}

func TestRunnerLatestWins(t *testing.T) {
	est := &fakeEst{name: "slow", release: make(chan struct{})}
	pos, _ := board.New(9)
	got := make(chan Outcome, 10)
	r := NewRunner(func(f func()) { f() }, func(o Outcome) { got <- o })
	defer r.Close()
	for i := range 5 {
		r.Submit(Request{Est: est, Pos: pos, Params: est.Info().Defaults().WithNum("lambda", float64(i)/10)})
	}
	close(est.release)
	o := <-got
	if o.Seq != 5 || o.Params.Num("lambda") != 0.4 || o.Err != nil {
		t.Fatalf("delivered run %d (λ %g, %v), want run 5", o.Seq, o.Params.Num("lambda"), o.Err)
	}
	select {
	case o := <-got:
		t.Fatalf("a second run was delivered: %d", o.Seq)
	case <-time.After(50 * time.Millisecond):
	}
	est.mu.Lock()
	defer est.mu.Unlock()
	if est.calls > 2 || est.cancels != est.calls-1 {
		t.Errorf("%d runs started, %d cancelled: the worker ran superseded requests", est.calls, est.cancels)
	}
}

func TestRunnerSlowRunCancelled(t *testing.T) {
	rec, err := game.Parse(assets.Sample(), 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := rec.AfterMove(100).Position
	sym, _ := catalog.ByName("symmetric")
	p := sym.Info().Defaults()
	// λ = ½ is critical: the residual falls slowly and never below 1e-300.
	p = p.WithNum("lambda", 0.5).WithNum("tol", 1e-300).WithNum("max-iter", 100000)
	got := make(chan Outcome, 10)
	r := NewRunner(func(f func()) { f() }, func(o Outcome) { got <- o })
	defer r.Close()
	r.Submit(Request{Est: sym, Pos: pos, Params: p})
	time.Sleep(5 * time.Millisecond)
	start := time.Now()
	r.Submit(Request{Est: sym, Pos: pos, Params: sym.Info().Defaults()})
	o := <-got
	if o.Seq != 2 {
		t.Fatalf("delivered run %d, want 2", o.Seq)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the new run took %v: the slow one was not cancelled", d)
	}
}

func TestWorkspaceSupersededNeverShown(t *testing.T) {
	q := newQueue()
	est := &fakeEst{name: "fake"}
	ws := newTest(t, q, nil, []estimators.Estimator{est})
	var shown []float64
	ws.Subscribe(ChangeAll, func(c Change) {
		if c&ChangeResult != 0 {
			if o, ok := ws.Runs().Shown(); ok && o.Err == nil {
				shown = append(shown, o.Result.Values[0])
			}
		}
	})
	if err := ws.Open("test.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	// Let the first run complete and be posted, but not delivered, before
	// the next request: its outcome is stale when it reaches the model.
	ws.Settings().SetParam("lambda", 0.1)
	f := <-q.C()
	ws.Settings().SetParam("lambda", 0.2)
	f()
	if _, ok := ws.Runs().Shown(); ok || !ws.Runs().Running() {
		t.Fatal("a superseded run was shown")
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Params.Num("lambda") != 0.2 || ws.Values()[0] != 0.2 {
		t.Errorf("shown λ %g, want 0.2", o.Params.Num("lambda"))
	}
	for _, v := range shown {
		if v != 0.2 {
			t.Errorf("a run with λ %g was shown", v)
		}
	}

	// A slow run is held up by steps; only the last step's run is shown.
	est.delay = 20 * time.Millisecond
	for range 3 {
		ws.Record().Forward(-1)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); o.Pos != ws.Position() {
		t.Error("the run shown is not of the position shown")
	}
}

func TestWorkspaceOverlay(t *testing.T) {
	q := newQueue()
	store := memStore{}
	ws := openWorkspace(t, q, variations)
	ws.store = store
	q.until(t, func() bool { return !ws.Runs().Running() })
	if ws.Values() == nil {
		t.Fatal("no values")
	}
	ws.ToggleOverlay()
	if !ws.Overlay().Hidden || ws.Values() != nil {
		t.Error("O did not hide the values")
	}
	ws.SetOverlay(OverlayOptions{Style: 1, Numbers: true})
	ws2 := newTest(t, q, store, nil)
	if o := ws2.Overlay(); o.Style != 1 || !o.Numbers || o.Hidden {
		t.Errorf("overlay not restored: %+v", o)
	}
}

// collection is an SGF collection of three small games; the second has
// an illegal size.
const collection = `(;GM[1]SZ[9]PB[Ann]PW[Bob]RE[B+R]DT[2024-05-01];B[cc];W[gg])
(;GM[1]SZ[99]PB[Cid]PW[Dee])
(;GM[1]SZ[9]PB[Eve]PW[Fay]RE[W+3.5]DT[2024-05-03];B[ee])`

// TestWorkspaceCollection checks that every game of a collection can be
// reached: the list names each game's players, date and result; a game
// chosen, or asked for when opening, is shown at its end; a game that
// does not load, or is not there, is an error that leaves the game shown.
func TestWorkspaceCollection(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	if err := ws.OpenGame("games.sgf", []byte(collection), 3); err == nil || !strings.Contains(err.Error(), "games.sgf: game 4 asked for, but the collection holds 3") {
		t.Errorf("game 4 of 3: %v", err)
	}
	if err := ws.OpenGame("games.sgf", []byte(collection), 2); err != nil {
		t.Fatal(err)
	}
	r := ws.Record()
	if i, n := r.Game(); i != 2 || n != 3 || r.Record().Info.Black != "Eve" || r.Record().Moves() != 1 {
		t.Fatalf("game %d of %d, Black %q", i, n, r.Record().Info.Black)
	}
	want := []string{
		"Ann (B) v Bob (W), 2024-05-01, B+R",
		"Cid (B) v Dee (W)",
		"Eve (B) v Fay (W), 2024-05-03, W+3.5",
	}
	if got := r.Games(); !slices.Equal(got, want) {
		t.Errorf("games %q, want %q", got, want)
	}
	if v, _ := ws.GameView(); !strings.HasPrefix(v.Details, "game 3 of 3 · 2024-05-03 · result W+3.5") {
		t.Errorf("details %q", v.Details)
	}
	if err := ws.ChooseGame(0); err != nil {
		t.Fatal(err)
	}
	if i, _ := r.Game(); i != 0 || r.Record().Info.Black != "Ann" || r.Index() != 2 || r.Name() != "games.sgf" {
		t.Errorf("chose game %d, Black %q, step %d, name %q", i, r.Record().Info.Black, r.Index(), r.Name())
	}
	if err := ws.ChooseGame(1); err == nil || !strings.HasPrefix(err.Error(), "games.sgf:2:8: ") {
		t.Errorf("a game with a bad size: %v", err)
	}
	if i, _ := r.Game(); i != 0 || r.Record().Info.Black != "Ann" {
		t.Errorf("after a game that failed: game %d, Black %q", i, r.Record().Info.Black)
	}
	if err := ws.Open("one.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	if i, n := r.Game(); i != 0 || n != 1 {
		t.Errorf("a single game: %d of %d", i, n)
	}
}
