package workspace

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/eval"
)

// fakeKata stands in for KataGo: its raw network says 0.1 everywhere, and
// its search reports every 10 visits a map of visits/100 everywhere; its
// lead is visits/10 − 4.5 and Black's win rate 0.3 + visits/100. Each
// report of the search waits for step when that is not nil, so that tests
// can watch the refinement and cancel it.
type fakeKata struct {
	step    chan struct{}
	mu      sync.Mutex
	queries []string // the queries analysed, in order
	cancels int
}

func (f *fakeKata) Info() estimators.Info         { return estimators.Info{Name: KataGoName} }
func (f *fakeKata) Check(estimators.Params) error { return nil }
func (f *fakeKata) CacheKey(q engines.Query, v int) engines.CacheKey {
	return engines.CacheKey{Query: q.Key(), Visits: v, Engine: "fake"}
}

func (f *fakeKata) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	return estimators.Result{}, errors.New("the reference must not call Estimate")
}

func (f *fakeKata) Analyze(ctx context.Context, q engines.Query, visits int, report func(engines.Analysis)) (engines.Analysis, error) {
	f.mu.Lock()
	f.queries = append(f.queries, q.Key())
	f.mu.Unlock()
	n := q.Size() * q.Size()
	fill := func(v float64, visits int) engines.Analysis {
		a := engines.Analysis{Size: q.Size(), Ownership: make([]float64, n), Visits: visits,
			ScoreLead: float64(visits)/10 - 4.5, Winrate: 0.3 + float64(visits)/100}
		for i := range a.Ownership {
			a.Ownership[i] = v
		}
		return a
	}
	a := fill(0.1, 0)
	report(a)
	for v := 10; v <= visits; v += 10 {
		if f.step != nil {
			select {
			case <-f.step:
			case <-ctx.Done():
				f.mu.Lock()
				f.cancels++
				f.mu.Unlock()
				return engines.Analysis{}, ctx.Err()
			}
		}
		a = fill(float64(v)/100, v)
		report(a)
	}
	return a, nil
}

func (f *fakeKata) calls() (int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.queries), f.cancels
}

// refWorkspace opens small5 at its last move in a workspace offering the
// fake estimator "fake" (every value its λ, 0.5 by default), "other" and
// kata, with the reference's settings in store.
func refWorkspace(t *testing.T, q *queue, store Store, kata *fakeKata) *Workspace {
	t.Helper()
	ests := []estimators.Estimator{&fakeEst{name: "fake"}, &fakeEst{name: "other"}}
	if kata != nil {
		ests = append(ests, kata)
	}
	ws := newTest(t, q, store, ests)
	if err := ws.Open("small.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	return ws
}

// all reports whether every value of v is x.
func all(v []float64, x float64) bool {
	for _, y := range v {
		if math.Abs(y-x) > 1e-12 {
			return false
		}
	}
	return len(v) > 0
}

func TestReferenceKataGoProgressive(t *testing.T) {
	q := newQueue()
	kata := &fakeKata{step: make(chan struct{})}
	ws := refWorkspace(t, q, nil, kata)
	ref := ws.Reference()
	ref.SetVisits(30)
	ws.SetOverlay(OverlayOptions{Show: ShowDifference})
	ref.SetKind(RefKataGo)
	if !ref.Running() || ref.Current() || ws.View() != ShowEstimate || !strings.HasSuffix(ref.Status(), "analysing…") {
		t.Fatalf("before the first map: running %v, current %v, view %v, %q", ref.Running(), ref.Current(), ws.View(), ref.Status())
	}
	// The raw network's map comes first, while the search goes on.
	q.until(t, ref.Current)
	m, _ := ref.Shown()
	if m.Visits != 0 || m.Done || !all(m.Values, 0.1) || !ref.Running() || ref.Status() != "KataGo: network only, searching to 30…" {
		t.Fatalf("first map: %d visits, done %v, running %v, %q", m.Visits, m.Done, ref.Running(), ref.Status())
	}
	// KataGo's own judgement beside its map, whose sum is named an
	// estimate: 0.1 on 25 points, komi 6.5.
	if got, want := ws.RefView().KataGo, "lead W+4.5, White wins 70.0% (network only)\nestimate W+4.0 (sum of KataGo's ownership)"; got != want {
		t.Errorf("KataGo's judgement %q, want %q", got, want)
	}
	// The difference from it: (0.5 − 0.1)/2; the reference view is its map.
	if ws.View() != ShowDifference || !all(ws.Values(), 0.2) {
		t.Errorf("view %v, values %v", ws.View(), ws.Values())
	}
	kata.step <- struct{}{}
	q.until(t, func() bool { m, _ := ref.Shown(); return m.Visits == 10 })
	if !strings.Contains(ref.Status(), "10 visits, searching to 30") {
		t.Errorf("status %q", ref.Status())
	}
	kata.step <- struct{}{}
	kata.step <- struct{}{}
	q.until(t, func() bool { return !ref.Running() })
	m, _ = ref.Shown()
	if m.Visits != 30 || !m.Done || !all(m.Values, 0.3) || !strings.HasPrefix(ref.Status(), "KataGo: 30 visits, ") {
		t.Errorf("last map: %d visits, done %v, %q", m.Visits, m.Done, ref.Status())
	}
	// The search's judgement, and its raw network's beside it.
	want := "lead W+1.5, Black wins 60.0% (30 visits)\nnetwork only: lead W+4.5, White wins 70.0%\nestimate B+1.0 (sum of KataGo's ownership)"
	if got := ws.RefView().KataGo; got != want {
		t.Errorf("KataGo's judgement %q, want %q", got, want)
	}
	// Only KataGo has a judgement of its own.
	ref.SetKind(RefEstimator)
	q.until(t, func() bool { return !ref.Running() })
	if got := ws.RefView().KataGo; got != "" {
		t.Errorf("an estimator as the reference: KataGo's judgement %q", got)
	}
	ref.SetKind(RefKataGo)
	if got := ws.RefView().KataGo; got != want {
		t.Errorf("KataGo again, from the cache: %q, want %q", got, want)
	}
	ws.SetOverlay(OverlayOptions{Show: ShowReference})
	if !all(ws.Values(), 0.3) || !all(ws.RefValues(), 0.3) {
		t.Errorf("reference view %v", ws.Values())
	}
	// The measures: 0.5 against 0.3 everywhere, no point decided.
	ms, ok := ws.RefMeasures()
	if !ok || math.Abs(ms.MAE-0.2) > 1e-12 || ms.Decided != 0 || math.Abs(ms.ScoreDiff-0.2*25) > 1e-9 {
		t.Errorf("measures %+v, %v", ms, ok)
	}
	if s := ws.RefSummary(); !strings.HasPrefix(s, "MAE 0.200  ·  signs agree on — of 0 decided  ·  r —  ·  board score +5.0") {
		t.Errorf("summary %q", s)
	}
}

func TestReferenceCancelledByStepping(t *testing.T) {
	q := newQueue()
	kata := &fakeKata{step: make(chan struct{})}
	ws := refWorkspace(t, q, nil, kata)
	ref := ws.Reference()
	ref.SetVisits(20)
	ref.SetKind(RefKataGo)
	q.until(t, ref.Current)
	first := ws.Position()
	ws.Record().Forward(-1)
	// The search of the position left is cancelled; the next starts.
	q.until(t, ref.Current)
	if calls, cancels := kata.calls(); calls != 2 || cancels != 1 {
		t.Errorf("%d analyses, %d cancelled; want 2, 1", calls, cancels)
	}
	m, _ := ref.Shown()
	if m.Pos == first || m.Pos != ws.Position() || m.Visits != 0 {
		t.Errorf("the map shown is of %p at %d visits, want the raw map of %p", m.Pos, m.Visits, ws.Position())
	}
	// Nothing of the first search is shown after the step.
	ws.Subscribe(ChangeReference, func(Change) {
		if m, ok := ref.Shown(); ok && m.Pos == first {
			t.Error("a map of the position left was delivered")
		}
	})
	kata.step <- struct{}{}
	kata.step <- struct{}{}
	q.until(t, func() bool { return !ref.Running() })
	if m, _ := ref.Shown(); m.Visits != 20 || m.Pos != ws.Position() {
		t.Errorf("refined map of %p at %d visits", m.Pos, m.Visits)
	}
}

func TestReferenceCacheSteppingBack(t *testing.T) {
	q := newQueue()
	kata := &fakeKata{}
	ws := refWorkspace(t, q, nil, kata)
	ref := ws.Reference()
	ref.SetVisits(20)
	ref.SetKind(RefKataGo)
	q.until(t, func() bool { return !ref.Running() })
	ws.Record().Forward(-1)
	q.until(t, func() bool { return !ref.Running() })
	if calls, _ := kata.calls(); calls != 2 {
		t.Fatalf("%d analyses, want 2", calls)
	}
	// Back to a position seen: its map at once, from the cache, without
	// KataGo and without waiting for the worker.
	ws.Record().Forward(1)
	m, ok := ref.Shown()
	if !ok || !ref.Current() || ref.Running() || !m.Done || m.Visits != 20 || m.Elapsed != 0 || ref.Status() != "KataGo: 20 visits, cached" {
		t.Errorf("stepping back: current %v, running %v, %+v, %q", ref.Current(), ref.Running(), m, ref.Status())
	}
	if calls, _ := kata.calls(); calls != 2 {
		t.Errorf("%d analyses after stepping back, want 2", calls)
	}
	// More visits: the raw map is known at once, the search runs.
	ref.SetVisits(30)
	if m, _ := ref.Shown(); !ref.Current() || m.Visits != 0 || m.Done || !ref.Running() {
		t.Errorf("more visits: %+v, running %v", m, ref.Running())
	}
	q.until(t, func() bool { return !ref.Running() })
	if m, _ := ref.Shown(); m.Visits != 30 {
		t.Errorf("after more visits: %d", m.Visits)
	}
}

func TestReferenceEstimatorOwnSettings(t *testing.T) {
	q := newQueue()
	store := memStore{}
	ws := refWorkspace(t, q, store, &fakeKata{})
	ref := ws.Reference()
	ref.SetKind(RefEstimator)
	var names []string
	for _, e := range ref.Estimators() {
		names = append(names, e.Info().Name)
	}
	if strings.Join(names, " ") != "fake other" {
		t.Errorf("estimators offered %v, want the engines left out", names)
	}
	if err := ref.SetEstimator(KataGoName); err == nil {
		t.Error("KataGo chosen as an estimator")
	}
	if err := ref.SetEstimator("other"); err != nil {
		t.Fatal(err)
	}
	ref.Settings().SetParam("lambda", 0.8)
	q.until(t, func() bool { return !ref.Running() && !ws.Runs().Running() })
	// The reference's λ is its own: the estimate keeps 0.5.
	if p := ws.Settings().Params(); p.Num("lambda") != 0.5 || ws.Settings().Estimator().Info().Name != "fake" {
		t.Errorf("the estimate's settings changed: %s %v", ws.Settings().Estimator().Info().Name, p)
	}
	if store["reference.estimator"] != "other" || !strings.Contains(store["reference.params/other"], `"lambda":0.8`) {
		t.Errorf("stored %v", store)
	}
	// 0.5 against 0.8 on 25 points, all decided for Black.
	ms, ok := ws.RefMeasures()
	want := eval.MeasureAgainst(ws.Values(), ws.RefValues())
	if !ok || ms.Decided != 25 || ms.SignAgreement != 1 || math.Abs(ms.MAE-0.3) > 1e-12 || math.Abs(ms.ScoreDiff+7.5) > 1e-9 || ms.MAE != want.MAE {
		t.Errorf("measures %+v, %v", ms, ok)
	}
	if ref.Name() != "other" || !strings.HasPrefix(ref.Status(), "other: ") {
		t.Errorf("name %q, status %q", ref.Name(), ref.Status())
	}
	// A slider of the estimate asks for a run of the estimate only; the
	// measures follow it.
	ws.Settings().SetParam("lambda", 0.9)
	if ref.Running() {
		t.Error("the estimate's λ reran the reference")
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if ms, _ := ws.RefMeasures(); math.Abs(ms.MAE-0.1) > 1e-12 {
		t.Errorf("MAE %g after λ = 0.9, want 0.1", ms.MAE)
	}

	// Kept between sessions: the kind, the estimator and its λ.
	ws2 := refWorkspace(t, q, store, &fakeKata{})
	r2 := ws2.Reference()
	if r2.Kind() != RefEstimator || r2.Settings().Estimator().Info().Name != "other" || r2.Settings().Params().Num("lambda") != 0.8 {
		t.Errorf("restored %v %s %v", r2.Kind(), r2.Settings().Estimator().Info().Name, r2.Settings().Params())
	}
	// GNU Go's kind without GNU Go says so, and leaves the estimator's
	// choice alone.
	r2.SetKind(RefGnuGo)
	if r2.Err() == nil || !strings.Contains(r2.Status(), "GNU Go not found") || ws2.View() != ShowEstimate {
		t.Errorf("no GNU Go: %v, %q", r2.Err(), r2.Status())
	}
	r2.SetKind(RefEstimator)
	if r2.Settings().Estimator().Info().Name != "other" {
		t.Errorf("back to the estimator kind: %s", r2.Settings().Estimator().Info().Name)
	}
}

func TestReferenceKinds(t *testing.T) {
	for _, k := range RefKinds() {
		if got, err := ParseRefKind(k.String()); err != nil || got != k {
			t.Errorf("%v: parsed %v, %v", k, got, err)
		}
	}
	if _, err := ParseRefKind("oracle"); err == nil {
		t.Error("an unknown kind parsed")
	}
	if RefKataGo.String() != "katago" || RefFinal.String() != "final outcome" {
		t.Errorf("names %q, %q", RefKataGo, RefFinal)
	}

	q := newQueue()
	store := memStore{}
	ws := refWorkspace(t, q, store, nil)
	ref := ws.Reference()
	ref.SetVisits(MaxVisits + 1)
	ref.SetKind(RefKataGo)
	if ref.Visits() != MaxVisits || store[keyRefKind] != "katago" {
		t.Errorf("visits %d, stored kind %q", ref.Visits(), store[keyRefKind])
	}
	// No KataGo offered: the reason, and the board shows the estimate.
	ws.SetOverlay(OverlayOptions{Show: ShowReference})
	if ref.Err() == nil || ref.Status() != "KataGo: KataGo not found: set its path in Settings → Engines…" || ws.View() != ShowEstimate || !all(ws.Values(), 0.5) {
		t.Errorf("without KataGo: %q, view %v", ref.Status(), ws.View())
	}
	// Found again (Settings → Engines…): the reference follows.
	kata := &fakeKata{}
	ref.SetEstimators(append(ws.Settings().Estimators(), kata))
	q.until(t, func() bool { return !ref.Running() })
	if m, _ := ref.Shown(); ref.Err() != nil || m.Visits != MaxVisits-MaxVisits%10 {
		t.Errorf("after the engines are found: %v, %d visits", ref.Err(), m.Visits)
	}
	ws2 := refWorkspace(t, q, store, nil)
	if ws2.Reference().Kind() != RefKataGo || ws2.Reference().Visits() != MaxVisits || ws2.Overlay().Show != ShowReference {
		t.Errorf("restored %v, %d visits, show %v", ws2.Reference().Kind(), ws2.Reference().Visits(), ws2.Overlay().Show)
	}
}

// TestReferenceFinal: the final outcome as the reference gives the
// measures of 'moyo eval'.
func TestReferenceFinal(t *testing.T) {
	q := newQueue()
	ws := finalWorkspace(t, q, &fakeScorer{}, counted)
	ref := ws.Reference()
	if ref.Kind() != RefFinal || ref.Status() != "final outcome: computing…" {
		t.Fatalf("kind %v, %q", ref.Kind(), ref.Status())
	}
	q.until(t, func() bool { return settled(ws) })
	ws.Settings().SetParam("lambda", -0.4)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if !ref.Current() || !all(ws.RefValues(), 1) || ref.Status() != "final outcome B+81" {
		t.Fatalf("current %v, %q", ref.Current(), ref.Status())
	}
	ms, ok := ws.RefMeasures()
	f, _ := ws.FinalMeasures()
	if !ok || ms.MAE != f.MAE || ms.SignAgreement != f.Accuracy || ms.SignAgreement != 0 || ms.Decided != 81 {
		t.Errorf("measures %+v, final %+v", ms, f)
	}
	if s := ws.RefSummary(); !strings.HasPrefix(s, "cross-entropy ") || !strings.Contains(s, "signs agree on 0.0% of 81 decided") {
		t.Errorf("summary %q", s)
	}
	// In a lesson there is no final outcome.
	if err := ws.OpenLesson(0); err != nil {
		t.Fatal(err)
	}
	if ref.Current() || ref.Status() != "final outcome: none in a lesson" {
		t.Errorf("in a lesson: current %v, %q", ref.Current(), ref.Status())
	}
}
