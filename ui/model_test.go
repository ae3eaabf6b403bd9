package ui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/game"
)

// queue stands in for fyne.Do: posted functions wait until the test runs
// them on its own goroutine, as the UI goroutine would.
type queue struct{ ch chan func() }

func newQueue() *queue { return &queue{ch: make(chan func(), 1000)} }

func (q *queue) post(f func()) { q.ch <- f }

// until runs posted functions until cond holds, failing after a while.
func (q *queue) until(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			t.Fatal("timed out waiting for a run")
		}
	}
}

// drain runs the functions posted so far.
func (q *queue) drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
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
			f.mu.Lock()
			f.cancels++
			f.mu.Unlock()
			return estimators.Result{}, ctx.Err()
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

func openModel(t *testing.T, q *queue, data string) *Model {
	t.Helper()
	m := NewModel(q.post, nil)
	m.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	t.Cleanup(m.Close)
	if err := m.Open("test.sgf", []byte(data)); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestModelSample(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, string(assets.Sample()))
	m.SetMove(assets.SampleMove)
	s, _ := m.Step()
	if s.Number != 100 {
		t.Fatalf("move %d, want 100", s.Number)
	}
	q.until(t, func() bool { return !m.Running() })
	o, ok := m.Shown()
	if !ok || o.Err != nil || o.Pos != s.Position || len(m.Values()) != 361 {
		t.Fatalf("shown %v %v, %d values", ok, o.Err, len(m.Values()))
	}
	if o.Est.Info().Name != "symmetric" || !o.Result.Converged {
		t.Errorf("ran %s, converged %v", o.Est.Info().Name, o.Result.Converged)
	}
	if got := m.Title(); got != "moyo — Gu Li v Master — move 100" {
		t.Errorf("title %q", got)
	}
	if m.Latency() <= 0 {
		t.Errorf("latency %v", m.Latency())
	}
}

func TestModelStepping(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, string(assets.Sample()))
	number := func() int { s, _ := m.Step(); return s.Number }
	if number() != 235 {
		t.Fatalf("opens at move %d, want the last, 235", number())
	}
	m.SetMove(100)
	for _, tt := range []struct {
		do   func()
		want int
	}{
		{func() { m.Forward(1) }, 101},
		{func() { m.Forward(-10) }, 91},
		{m.First, 0},
		{func() { m.Forward(-1) }, 0},
		{m.Last, 235},
		{func() { m.Forward(10) }, 235},
		{func() { m.GoTo(50) }, 50},
		{func() { m.SetMove(-5) }, 230},
	} {
		tt.do()
		if got := number(); got != tt.want {
			t.Errorf("at move %d, want %d", got, tt.want)
		}
	}
	q.until(t, func() bool { return !m.Running() })
	if o, _ := m.Shown(); o.Pos != m.Position() {
		t.Error("the run shown is not of the position shown")
	}
}

func TestModelVariations(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, variations)
	moveAt := func() string {
		s, _ := m.Step()
		if s.Move == nil {
			return "-"
		}
		return s.Move.Point.Label(9)
	}
	m.GoTo(2)
	if moveAt() != "G3" {
		t.Fatalf("step 2 is %s, want G3 (W gg)", moveAt())
	}
	if i, n := m.Variation(); i != 1 || n != 2 {
		t.Errorf("variation %d of %d, want 1 of 2", i, n)
	}
	if m.SwitchVariation(-1) {
		t.Error("switched to before the first variation")
	}
	if !m.SwitchVariation(1) || moveAt() != "C3" || m.Index() != 2 {
		t.Fatalf("after ↓ at step %d: %s, want C3 (W cg)", m.Index(), moveAt())
	}
	// From a node without siblings, the nearest branch above switches.
	m.GoTo(3)
	if i, n := m.Variation(); i != 2 || n != 2 {
		t.Errorf("at step 3, variation %d of %d, want 2 of 2 (of the branch above)", i, n)
	}
	if m.Continuations() != 2 {
		t.Errorf("%d continuations after B gc, want 2", m.Continuations())
	}
	m.Last()
	if moveAt() != "G3" || m.Len() != 5 {
		t.Fatalf("end of the second line: %s, %d steps", moveAt(), m.Len())
	}
	if !m.SwitchVariation(1) || moveAt() != "E5" {
		t.Fatalf("after ↓ at the end: %s, want E5", moveAt())
	}
	if m.SwitchVariation(1) {
		t.Error("switched past the last variation")
	}
	m.GoTo(1)
	if s, _ := m.Step(); s.Comment() != "first move" {
		t.Errorf("comment %q", s.Comment())
	}
	if i, n := m.Variation(); i != 1 || n != 1 {
		t.Errorf("before any branch: variation %d of %d", i, n)
	}
}

func TestModelIllegalMoveKeepsPrefix(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, "(;SZ[9];B[cc];W[dd]\n;B[dd];W[ee])")
	err := m.RecordError()
	if err == nil || !strings.Contains(err.Error(), "test.sgf:2:2: move 3 (B D6): point is occupied") {
		t.Fatalf("record error %v", err)
	}
	if m.Len() != 3 {
		t.Fatalf("%d steps, want the root and two moves", m.Len())
	}
	if s, _ := m.Step(); s.Number != 2 {
		t.Errorf("opens at move %d, want 2, the last legal one", s.Number)
	}
	m.First()
	m.Last()
	q.until(t, func() bool { return !m.Running() })
	if len(m.Values()) != 81 {
		t.Error("no values for the legal prefix")
	}
}

func TestModelBadFileKeepsRecord(t *testing.T) {
	q := newQueue()
	m := openModel(t, q, variations)
	err := m.Open("bad.sgf", []byte("(;SZ[9]\n;B[cc];W[dd"))
	if err == nil || !strings.HasPrefix(err.Error(), "bad.sgf:2:") {
		t.Fatalf("error %v, want one placed in bad.sgf", err)
	}
	if m.Name() != "test.sgf" || m.Len() != 4 {
		t.Errorf("the record shown changed to %s with %d steps", m.Name(), m.Len())
	}
	if err := m.Open("empty.sgf", nil); err == nil {
		t.Error("an empty file opened")
	}
	if err := m.Open("huge.sgf", []byte("(;SZ[52])")); err == nil {
		t.Error("a 52×52 board opened")
	}
}

func TestModelParamsResetAndPersist(t *testing.T) {
	q := newQueue()
	store := memStore{}
	m := NewModel(q.post, store)
	m.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m.Close()
	m.SetParam("lambda", 0.3)
	m.SetParam("max-iter", 250.4)
	if p := m.Params(); p.Num("lambda") != 0.3 || p.Int("max-iter") != 250 {
		t.Fatalf("params %+v", p)
	}
	m.SetParam("lambda", 7) // symmetric refuses λ > 1
	if m.Params().Num("lambda") != 0.3 {
		t.Errorf("λ = %g after an invalid value", m.Params().Num("lambda"))
	}

	m2 := NewModel(q.post, store)
	m2.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m2.Close()
	if p := m2.Params(); p.Num("lambda") != 0.3 || p.Int("max-iter") != 250 {
		t.Errorf("params not restored from the store: %+v", p)
	}
	m2.ResetParams()
	if p, d := m2.Params(), m2.Estimator().Info().Defaults(); !p.Equal(d) {
		t.Errorf("after reset %+v, want %+v", p, d)
	}
	m3 := NewModel(q.post, store)
	m3.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m3.Close()
	if m3.Params().Num("lambda") != 0.44 {
		t.Errorf("reset not stored: λ = %g", m3.Params().Num("lambda"))
	}

	store[keyParams+"symmetric"] = `{"Lambda": 2}` // a bad value is not loaded
	m4 := NewModel(q.post, store)
	m4.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m4.Close()
	if m4.Params().Num("lambda") != 0.44 {
		t.Errorf("a stored λ of 2 loaded as %g", m4.Params().Num("lambda"))
	}
}

func TestModelEstimatorSwitch(t *testing.T) {
	q := newQueue()
	store := memStore{}
	m := NewModel(q.post, store)
	m.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m.Close()
	if m.Estimator().Info().Name != "symmetric" {
		t.Fatalf("starts with %s", m.Estimator().Info().Name)
	}
	var changes Change
	m.OnChange(func(c Change) { changes |= c })
	if err := m.SetEstimator("propagate"); err != nil {
		t.Fatal(err)
	}
	if changes&(ChangeEstimator|ChangeParams) != ChangeEstimator|ChangeParams {
		t.Errorf("changes %b", changes)
	}
	uses := map[string]bool{}
	for _, s := range ParamControls(m.Estimators()) {
		uses[s.Name] = m.Uses(s.Name)
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
	m.SetParam("lambda", 0.1) // not read by propagate
	if !m.Params().Equal(m.Estimator().Info().Defaults()) {
		t.Errorf("params changed by an unused parameter: %+v", m.Params())
	}
	m.SetChoice("cap", estimators.CapSeparate.String())
	if err := m.SetEstimator("nonesuch"); err == nil {
		t.Error("chose an unknown estimator")
	}
	m.SetEstimator("symmetric")
	if m.Params().Num("lambda") != 0.44 {
		t.Errorf("symmetric's λ is %g after a visit to propagate", m.Params().Num("lambda"))
	}
	m2 := NewModel(q.post, store)
	m2.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m2.Close()
	m2.SetEstimator("propagate")
	if m2.Params().Text("cap") != estimators.CapSeparate.String() {
		t.Errorf("propagate's cap not kept: %q", m2.Params().Text("cap"))
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
	sym, _ := estimators.ByName("symmetric")
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

func TestModelSupersededNeverShown(t *testing.T) {
	q := newQueue()
	est := &fakeEst{name: "fake"}
	m := newModel(q.post, nil, []estimators.Estimator{est})
	defer m.Close()
	var shown []float64
	m.OnChange(func(c Change) {
		if c&ChangeResult != 0 {
			if o, ok := m.Shown(); ok && o.Err == nil {
				shown = append(shown, o.Result.Values[0])
			}
		}
	})
	if err := m.Open("test.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	// Let the first run complete and be posted, but not delivered, before
	// the next request: its outcome is stale when it reaches the model.
	m.SetParam("lambda", 0.1)
	f := <-q.ch
	m.SetParam("lambda", 0.2)
	f()
	if _, ok := m.Shown(); ok || !m.Running() {
		t.Fatal("a superseded run was shown")
	}
	q.until(t, func() bool { return !m.Running() })
	if o, _ := m.Shown(); o.Params.Num("lambda") != 0.2 || m.Values()[0] != 0.2 {
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
		m.Forward(-1)
	}
	q.until(t, func() bool { return !m.Running() })
	if o, _ := m.Shown(); o.Pos != m.Position() {
		t.Error("the run shown is not of the position shown")
	}
}

func TestModelOverlay(t *testing.T) {
	q := newQueue()
	store := memStore{}
	m := openModel(t, q, variations)
	m.store = store
	q.until(t, func() bool { return !m.Running() })
	if m.Values() == nil {
		t.Fatal("no values")
	}
	m.ToggleOverlay()
	if !m.Overlay().Hidden || m.Values() != nil {
		t.Error("O did not hide the values")
	}
	m.SetOverlay(Overlay{Style: 1, Numbers: true})
	m2 := NewModel(q.post, store)
	m2.SetFinalScorer(nil) // no GNU Go in the background of tests that do not look at it
	defer m2.Close()
	if o := m2.Overlay(); o.Style != 1 || !o.Numbers || o.Hidden {
		t.Errorf("overlay not restored: %+v", o)
	}
}

func TestParamSlider(t *testing.T) {
	sym, _ := estimators.ByName("symmetric")
	for _, s := range sym.Info().Params {
		if isChoice(s) {
			continue
		}
		v := sym.Info().Defaults().Num(s.Name)
		if got := fromSlider(s, toSlider(s, v)); got != v {
			t.Errorf("%s: default %g comes back from the slider as %g", s.Name, v, got)
		}
		if lo, hi := fromSlider(s, 0), fromSlider(s, sliderSteps); lo != s.Min || hi != s.Max {
			t.Errorf("%s: slider spans %g–%g, want %g–%g", s.Name, lo, hi, s.Min, s.Max)
		}
	}
	tol := estimators.ParamSpec{Name: "tol", Min: 1e-10, Max: 1e-1, Log: true}
	if got := FormatParam(tol, 1e-4); got != "0.0001" {
		t.Errorf("tol shows as %q", got)
	}
}
