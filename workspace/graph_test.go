package workspace

import (
	"context"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/eval"
	"moyo/gamescore"
	"moyo/reference"
	"moyo/render"
)

// graphDone reports whether the estimate's curve is complete.
func graphDone(ws *Workspace) bool {
	c := ws.Graph().est.curve
	return c.done
}

// TestGraphSample checks the estimate's curve of the sample against the
// estimator run on each position, as 'moyo analyze' runs it, and the
// graph's turning points, status and chart.
func TestGraphSample(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, string(assets.Sample()))
	ws.Record().SetMove(100)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if ws.Graph().est.running() || ws.Graph().est.key != "" {
		t.Fatal("an inactive graph computes")
	}
	ws.Graph().SetActive(true)
	q.until(t, func() bool { return graphDone(ws) })
	v, ok := ws.GraphView()
	if !ok {
		t.Fatal("no graph in the record mode")
	}
	c := ws.Graph().est.curve
	if c.err != nil || len(c.values) != 236 || c.known != 236 {
		t.Fatalf("curve: %d values, %d known, %v", len(c.values), c.known, c.err)
	}
	pos := gamescore.Positions(ws.Record().Record())
	for _, n := range []int{0, 1, 100, 235} {
		res, err := estimators.Symmetric{}.Estimate(context.Background(), pos[n], estimators.Symmetric{}.Info().Defaults())
		if err != nil {
			t.Fatal(err)
		}
		if c.values[n] != res.BoardScore() {
			t.Errorf("move %d: %v, Estimate %v", n, c.values[n], res.BoardScore())
		}
	}
	if o, _ := ws.Runs().Shown(); o.Result.BoardScore() != c.values[100] {
		t.Errorf("the board's run %v, the graph's move 100 %v", o.Result.BoardScore(), c.values[100])
	}
	if len(v.Turns) != GraphTurns || v.Turns[0].Move != 131 {
		t.Errorf("turning points %v", v.Turns)
	}
	if !strings.HasPrefix(v.Status, "symmetric: 236 positions in ") {
		t.Errorf("status %q", v.Status)
	}
	ch := v.Chart
	if ch.Moves != 235 || ch.Current != 100 || ch.Level == nil || ch.Level.Value != -2.5 || len(ch.Turns) != GraphTurns {
		t.Errorf("chart: %d moves, current %d, level %+v, turns %v", ch.Moves, ch.Current, ch.Level, ch.Turns)
	}
	if cv := ch.Curves[0]; cv.Label != "symmetric" || cv.Values[100] != c.values[100]-6.5 || cv.Trend == nil {
		t.Errorf("the estimate's curve: %q, move 100 %v", cv.Label, cv.Values[100])
	}
	if v.Entropy != nil || v.WinProb != nil || v.CanWinProb {
		t.Errorf("entropy %v, P(Black wins) %v (%v) without a final ownership or a field", v.Entropy, v.WinProb, v.CanWinProb)
	}

	// The turning points, by the key.
	for _, k := range []struct {
		shift bool
		want  int
	}{{false, 131}, {true, 75}, {true, 53}, {false, 75}} {
		if !ws.Key("T", k.shift) {
			t.Fatal("T not taken")
		}
		if s, _ := ws.Record().Current(); s.Number != k.want {
			t.Errorf("T (shift %v): move %d, want %d", k.shift, s.Number, k.want)
		}
	}
	ws.Record().SetMove(200)
	if ws.Graph().NextTurn(1) {
		t.Error("a turning point after 131, the last")
	}
	ws.Graph().GoToMove(42)
	if s, _ := ws.Record().Current(); s.Number != 42 {
		t.Errorf("GoToMove(42): move %d", s.Number)
	}
}

// graphWorkspace opens small5 (two moves on 5×5, komi 6.5) with the fake
// estimators "fake" and "other", every value λ.
func graphWorkspace(t *testing.T, q *queue, ests ...estimators.Estimator) *Workspace {
	t.Helper()
	if len(ests) == 0 {
		ests = []estimators.Estimator{&fakeEst{name: "fake"}, &fakeEst{name: "other"}}
	}
	ws := newTest(t, q, memStore{}, ests)
	ws.Graph().SetActive(true)
	if err := ws.Open("small.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	return ws
}

// TestGraphFollowsSettings: the curve waits for the board's run, follows
// a new λ, and comes from the cache when λ comes back.
func TestGraphFollowsSettings(t *testing.T) {
	q := newQueue()
	fake := &fakeEst{name: "fake", release: make(chan struct{})}
	ws := graphWorkspace(t, q, fake)
	g := ws.Graph()
	if g.est.running() || !strings.HasSuffix(mustView(t, ws).Status, "waiting for the board") {
		t.Fatalf("the graph runs before the board: %q", mustView(t, ws).Status)
	}
	close(fake.release)
	q.until(t, func() bool { return graphDone(ws) })
	if !all(g.est.curve.values, 25*0.5) {
		t.Fatalf("λ 0.5: %v", g.est.curve.values)
	}
	ws.Settings().SetParam("lambda", 0.2)
	q.until(t, func() bool { return graphDone(ws) && all(g.est.curve.values, 25*0.2) })
	if !all(g.est.curve.values, 25*0.2) {
		t.Fatalf("λ 0.2: %v", g.est.curve.values)
	}
	calls := fake.count()
	ws.Settings().SetParam("lambda", 0.5)
	if !graphDone(ws) || !all(g.est.curve.values, 12.5) || g.est.running() {
		t.Errorf("λ 0.5 again: not from the cache: %v", g.est.curve.values)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	q.drain()
	if n := fake.count(); n != calls+1 {
		t.Errorf("%d runs for λ back to 0.5, want the board's alone", n-calls)
	}
	// Inactive, the graph computes nothing, and catches up after.
	g.SetActive(false)
	ws.Settings().SetParam("lambda", 0.7)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if g.est.running() || all(g.est.curve.values, 25*0.7) {
		t.Error("an inactive graph computes")
	}
	g.SetActive(true)
	q.until(t, func() bool { return graphDone(ws) && all(g.est.curve.values, 25*0.7) })
}

// count returns the number of runs so far.
func (f *fakeEst) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

func mustView(t *testing.T, ws *Workspace) GraphView {
	t.Helper()
	v, ok := ws.GraphView()
	if !ok {
		t.Fatal("no graph view")
	}
	return v
}

// TestGraphProgressive: a curve of slow positions is shown in part while
// it runs.
func TestGraphProgressive(t *testing.T) {
	q := newQueue()
	moves := strings.Repeat(";B[aa];W[bb];B[cc];W[dd];B[ee];W[ab];B[ba];W[ca];B[ac];W[ad]", 1)
	ws := newTest(t, q, nil, []estimators.Estimator{&fakeEst{name: "fake", delay: 40 * time.Millisecond}})
	ws.Graph().SetActive(true)
	if err := ws.Open("slow.sgf", []byte("(;GM[1]SZ[5]"+moves+")")); err != nil {
		t.Fatal(err)
	}
	partial := false
	q.until(t, func() bool {
		c := ws.Graph().est.curve
		if c.known > 0 && c.known < 11 && !c.done {
			partial = true
		}
		return c.done
	})
	if !partial {
		t.Error("no part of the curve shown before its end")
	}
	if v := mustView(t, ws); !strings.HasPrefix(v.Status, "fake: 11 positions in ") {
		t.Errorf("status %q", v.Status)
	}
}

// TestGraphEntropy: with the final ownership known, each move's
// cross-entropy against it, as eval measures it, for the estimate and the
// reference's estimator.
func TestGraphEntropy(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, memStore{}, []estimators.Estimator{&fakeEst{name: "fake"}, &fakeEst{name: "other"}})
	ws.Final().SetScorer((&fakeScorer{}).score)
	ws.Graph().SetActive(true)
	if err := ws.Open("counted.sgf", []byte(counted)); err != nil {
		t.Fatal(err)
	}
	ref := ws.Reference()
	ref.SetKind(RefEstimator)
	if err := ref.SetEstimator("other"); err != nil {
		t.Fatal(err)
	}
	ref.Settings().SetParam("lambda", 0.9)
	ws.Graph().SetShowReference(true)
	q.until(t, func() bool {
		g := ws.Graph()
		return ws.Final().Known() && g.est.curve.done && g.est.curve.entropy != nil && g.ref.curve.done && g.ref.curve.entropy != nil
	})
	owner := make([]int8, 81)
	for i := range owner {
		owner[i] = 1
	}
	var s eval.Sums
	v := make([]float64, 81)
	for i := range v {
		v[i] = 0.5
	}
	s.Compare(v, owner, eval.DefaultEpsilon)
	want := s.Measures().CrossEntropy
	g := ws.Graph()
	if !all(g.est.curve.entropy, want) {
		t.Errorf("entropies %v, want %v", g.est.curve.entropy, want)
	}
	if !all(g.ref.curve.values, 81*0.9) || g.ref.curve.entropy[0] >= want {
		t.Errorf("the reference: %v, entropies %v", g.ref.curve.values, g.ref.curve.entropy)
	}
	view := mustView(t, ws)
	if view.Entropy == nil || len(view.Entropy.Curves) != 2 || view.Entropy.Axis != render.AxisFrom0 {
		t.Fatalf("entropy chart %+v", view.Entropy)
	}
	if len(view.Chart.Curves) != 2 || view.Chart.Curves[1].Style != render.CurveSecond || view.RefName != "other" {
		t.Errorf("the reference's curve: %+v, named %q", view.Chart.Curves, view.RefName)
	}
	if view.Chart.Level == nil || view.Chart.Level.Value != 81 {
		t.Errorf("the result's level %+v", view.Chart.Level)
	}
	// The same estimator with other settings: both curves named by them.
	if err := ref.SetEstimator("fake"); err != nil {
		t.Fatal(err)
	}
	ref.Settings().SetParam("lambda", 0.3)
	view = mustView(t, ws)
	if view.Chart.Curves[0].Label != "fake (lambda 0.5)" || view.RefName != "fake (lambda 0.3)" {
		t.Errorf("labels %q and %q", view.Chart.Curves[0].Label, view.RefName)
	}
	q.until(t, func() bool { return ws.Graph().ref.curve.done && all(ws.Graph().ref.curve.values, 81*0.3) })
}

// leadKata is fakeKata with a score lead: the number of stones, plus the
// visits.
type leadKata struct{ fakeKata }

func (f *leadKata) Analyze(ctx context.Context, q engines.Query, visits int, report func(engines.Analysis)) (engines.Analysis, error) {
	a, err := f.fakeKata.Analyze(ctx, q, visits, report)
	a.ScoreLead = float64(len(q.Moves) + visits)
	return a, err
}

func TestGraphKataGo(t *testing.T) {
	q := newQueue()
	kata := &leadKata{}
	ws := graphWorkspace(t, q, &fakeEst{name: "fake"}, kata)
	ref := ws.Reference()
	ref.SetVisits(20)
	ref.SetKind(RefKataGo)
	g := ws.Graph()
	g.SetShowReference(true)
	q.until(t, func() bool { return g.ref.curve.done })
	if g.ref.curve.err != nil || g.ref.curve.phase != "20 visits" {
		t.Fatalf("KataGo's curve: %v, %q", g.ref.curve.err, g.ref.curve.phase)
	}
	v := mustView(t, ws)
	cv := v.Chart.Curves[1]
	// The lead of move n is n + 20, stored as a board score and shown
	// after komi again.
	for n, lead := range cv.Values {
		if math.Abs(lead-float64(n+20)) > 1e-12 {
			t.Errorf("move %d: lead %v, want %d", n, lead, n+20)
		}
	}
	if cv.Style != render.CurveReference || cv.Trend != nil || cv.Label != "KataGo's score lead" {
		t.Errorf("KataGo's curve %+v", cv)
	}
	if !strings.HasPrefix(v.RefStatus, "KataGo's score lead (20 visits): 3 positions in ") {
		t.Errorf("status %q", v.RefStatus)
	}
	// Each position twice, the network and the search, unless the
	// board's reference, which asks for the last position at once, put
	// it in the shared cache first; the cache then holds both of every
	// position.
	if n, _ := kata.calls(); n < 5 || n > 7 {
		t.Errorf("%d analyses, want 6 for the graph and 1 for the board, less what the cache had", n)
	}
	rec := ws.Record().Record()
	for m := 0; m <= 2; m++ {
		for _, visits := range []int{0, 20} {
			ask := reference.Ask{KataGo: kata, Query: engines.RecordQuery(rec, m), Visits: visits}
			if _, done, ok := ref.live.Known(ask); !ok || !done {
				t.Errorf("move %d, %d visits: not in the reference's maps", m, visits)
			}
		}
	}
	g.SetShowReference(false)
	if v := mustView(t, ws); len(v.Chart.Curves) != 1 || v.RefStatus != "" {
		t.Errorf("the reference's curve after it was dropped: %d curves, %q", len(v.Chart.Curves), v.RefStatus)
	}
}

func TestGraphWinProb(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, memStore{}, nil)
	ws.Graph().SetActive(true)
	if err := ws.Open("small.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	if mustView(t, ws).CanWinProb {
		t.Error("symmetric offers P(Black wins)")
	}
	if err := ws.Settings().SetEstimator("bp"); err != nil {
		t.Fatal(err)
	}
	g := ws.Graph()
	g.SetShowWinProb(true)
	q.until(t, func() bool { return g.win.curve.done })
	v := mustView(t, ws)
	if !v.CanWinProb || v.WinProb == nil || v.WinProb.Top != 1 || g.win.curve.err != nil {
		t.Fatalf("P(Black wins): %+v, %v", v.WinProb, g.win.curve.err)
	}
	for n, p := range g.win.curve.values {
		if !(p >= 0 && p <= 1) {
			t.Errorf("move %d: P(Black wins) %v", n, p)
		}
	}
	// The empty 5×5 board at komi 6.5: White's.
	if p := g.win.curve.values[0]; p > 0.5 {
		t.Errorf("the empty board: P(Black wins) %v", p)
	}
}

func TestGraphOtherModes(t *testing.T) {
	q := newQueue()
	ws := graphWorkspace(t, q)
	q.until(t, func() bool { return graphDone(ws) })
	ws.Record().First()
	ws.StartEdit()
	if _, ok := ws.GraphView(); ok {
		t.Error("a graph in edit mode")
	}
	if ws.Graph().NextTurn(1) {
		t.Error("a turning point in edit mode")
	}
	ws.Graph().GoToMove(2)
	if s, _ := ws.Record().Current(); s.Number != 0 {
		t.Errorf("the graph moved the record to %d in edit mode", s.Number)
	}
}

// TestGraphOtherLineInactive: a line switched to while the graph is not
// shown has no curve, not the last line's.
func TestGraphOtherLineInactive(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, memStore{}, []estimators.Estimator{&fakeEst{name: "fake"}})
	g := ws.Graph()
	g.SetActive(true)
	if err := ws.Open("variations.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return graphDone(ws) })
	g.SetActive(false)
	ws.Record().SetMove(3)
	if !ws.Record().SwitchVariation(1) {
		t.Fatal("no variation")
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	v := mustView(t, ws)
	if g.est.curve.values != nil || v.Turns != nil || v.Status != "fake: computed when the graph is open" {
		t.Errorf("the other line's curve: %v, status %q", g.est.curve.values, v.Status)
	}
	g.SetActive(true)
	q.until(t, func() bool { return graphDone(ws) })
	if n := len(g.est.curve.values); n != ws.Record().Record().Moves()+1 {
		t.Errorf("%d values for the line of %d moves", n, ws.Record().Record().Moves())
	}
}

// lambdas is fakeEst counting its runs by λ.
type lambdas struct {
	*fakeEst
	mu   sync.Mutex
	runs map[float64]int
}

func (l *lambdas) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	l.mu.Lock()
	l.runs[p.Num("lambda")]++
	l.mu.Unlock()
	return l.fakeEst.Estimate(ctx, pos, p)
}

// TestGraphDrag: settings changed while a curve is computed wait for it,
// the newest only is computed after it, and its values replace the last
// curve's as they come.
func TestGraphDrag(t *testing.T) {
	q := newQueue()
	est := &lambdas{fakeEst: &fakeEst{name: "fake", delay: 10 * time.Millisecond}, runs: map[float64]int{}}
	ws := newTest(t, q, memStore{}, []estimators.Estimator{est})
	g := ws.Graph()
	g.SetActive(true)
	if err := ws.Open("slow.sgf", []byte("(;GM[1]SZ[5];B[aa];W[bb];B[cc];W[dd];B[ee];W[ab];B[ba];W[ca];B[ac];W[ad])")); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return graphDone(ws) })
	ws.Settings().SetParam("lambda", 0.2)
	q.until(t, func() bool { return g.est.running() })
	ws.Settings().SetParam("lambda", 0.3)
	q.until(t, func() bool { return !ws.Runs().Running() })
	ws.Settings().SetParam("lambda", 0.4)
	sawFirst, sawMixed := false, false
	q.until(t, func() bool {
		c := g.est.curve
		if !c.done && strings.Contains(g.est.key, `"lambda":0.4`) {
			// λ 0.4's starts from λ 0.2's, complete.
			if c.known == 0 && all(c.values, 25*0.2) {
				sawFirst = true
			}
			n4, n2 := 0, 0
			for _, v := range c.values {
				switch {
				case math.Abs(v-25*0.4) < 1e-9:
					n4++
				case math.Abs(v-25*0.2) < 1e-9:
					n2++
				}
			}
			if n4 > 0 && n2 > 0 {
				sawMixed = true
			}
		}
		return c.done && all(c.values, 25*0.4)
	})
	if !sawFirst || !sawMixed {
		t.Errorf("λ 0.2's curve whole under λ 0.4's: %v; λ 0.4's values coming over it: %v", sawFirst, sawMixed)
	}
	est.mu.Lock()
	defer est.mu.Unlock()
	// λ 0.3 was asked for while λ 0.2's curve was computed, and λ 0.4
	// after it: only the board ran with 0.3.
	if est.runs[0.3] != 1 || est.runs[0.2] != 12 || est.runs[0.4] != 12 {
		t.Errorf("runs by λ: %v; want 0.2 and 0.4 eleven positions and the board, 0.3 the board", est.runs)
	}
	if v := mustView(t, ws); len(v.Turns) > 0 {
		t.Errorf("turning points of a constant curve: %v", v.Turns)
	}
}
