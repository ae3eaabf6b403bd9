package reference

import (
	"context"
	"errors"
	"slices"
	"testing"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
)

// stepAnalyzer stands in for KataGo: its raw network says 0.1 everywhere,
// a lead of −1.5 and a win rate of 0.4, and its search reports every 10
// visits a map of visits/100 everywhere, a lead of visits/10 and a win
// rate of 0.5 + visits/1000.
type stepAnalyzer struct{ calls int }

func (s *stepAnalyzer) CacheKey(q engines.Query, v int) engines.CacheKey {
	return engines.CacheKey{Query: q.Key(), Visits: v, Engine: "step"}
}

func (s *stepAnalyzer) Analyze(ctx context.Context, q engines.Query, visits int, report func(engines.Analysis)) (engines.Analysis, error) {
	s.calls++
	n := q.Size() * q.Size()
	a := engines.Analysis{Size: q.Size(), Ownership: slices.Repeat([]float64{0.1}, n), ScoreLead: -1.5, Winrate: 0.4}
	report(a)
	for v := 10; v <= visits; v += 10 {
		if err := ctx.Err(); err != nil {
			return engines.Analysis{}, err
		}
		a = engines.Analysis{Size: q.Size(), Ownership: slices.Repeat([]float64{float64(v) / 100}, n), Visits: v,
			ScoreLead: float64(v) / 10, Winrate: 0.5 + float64(v)/1000}
		report(a)
	}
	return a, nil
}

// constEst is an estimator whose every value is its parameter "v".
type constEst struct{ calls int }

func (c *constEst) Info() estimators.Info {
	return estimators.Info{Name: "const"}
}
func (c *constEst) Check(estimators.Params) error { return nil }
func (c *constEst) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	c.calls++
	if err := ctx.Err(); err != nil {
		return estimators.Result{}, err
	}
	vals := make([]float64, pos.Len())
	for i := range vals {
		vals[i] = p.Num("v")
	}
	return estimators.Result{Values: vals}, nil
}

func TestLiveKataGo(t *testing.T) {
	pos, _ := board.New(5)
	k := &stepAnalyzer{}
	live := NewLive(10)
	ask := Ask{Pos: pos, KataGo: k, Query: engines.PositionQuery(pos, 7.5), Visits: 30}
	if _, _, ok := live.Known(ask); ok {
		t.Fatal("a map is known before any was found")
	}
	var visits []int
	m, err := live.Find(context.Background(), ask, func(m Map) { visits = append(visits, m.Visits) })
	if err != nil || m.Visits != 30 || m.Values[0] != 0.3 {
		t.Fatalf("Find = %d visits, %v, %v; want 30 visits of 0.3", m.Visits, m.Values, err)
	}
	if want := []int{0, 10, 20, 30}; !slices.Equal(visits, want) {
		t.Errorf("reported visits %v, want %v", visits, want)
	}
	// The search's judgement, with its raw network's beside it.
	judged := func(what string, m Map) {
		t.Helper()
		if m.ScoreLead != 3 || m.Winrate != 0.53 || m.Network == nil || m.Network.ScoreLead != -1.5 || m.Network.Winrate != 0.4 ||
			m.Network.Visits != 0 || m.Network.Ownership != nil {
			t.Errorf("%s: lead %g, win rate %g, network %+v; want 3, 0.53 and the network's −1.5, 0.4", what, m.ScoreLead, m.Winrate, m.Network)
		}
	}
	judged("Find", m)
	if m, done, ok := live.Known(ask); !ok || !done || m.Visits != 30 || m.Values[0] != 0.3 {
		t.Errorf("Known after Find = %d visits, done %v, ok %v", m.Visits, done, ok)
	} else {
		judged("Known", m)
	}
	// Another number of visits is another map, but the raw network's is
	// the same and is shown until the search reports.
	ask.Visits = 50
	if m, done, ok := live.Known(ask); !ok || done || m.Visits != 0 || m.Values[0] != 0.1 || m.ScoreLead != -1.5 || m.Network != nil {
		t.Errorf("Known for 50 visits = %d visits of %v, done %v, ok %v; want the raw map, not done", m.Visits, m.Values, done, ok)
	}
	// A raw map alone reports nothing before it is returned.
	ask.Visits = 0
	visits = nil
	if m, err := live.Find(context.Background(), ask, func(m Map) { visits = append(visits, m.Visits) }); err != nil || m.Visits != 0 || len(visits) != 0 {
		t.Errorf("raw Find = %d visits, %v, reports %v", m.Visits, err, visits)
	}
	// A cancelled analysis keeps nothing.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ask.Visits = 70
	if _, err := live.Find(ctx, ask, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Find: %v", err)
	}
	if _, done, _ := live.Known(ask); done {
		t.Error("a cancelled search is known")
	}
	if k.calls != 3 {
		t.Errorf("KataGo analysed %d times, want 3 (Known asks it nothing)", k.calls)
	}
}

func TestLiveEstimator(t *testing.T) {
	pos, _ := board.New(5)
	e := &constEst{}
	p := estimators.Params{}.WithNum("v", 0.25)
	live := NewLive(10)
	ask := Ask{Pos: pos, Est: e, Params: p}
	m, err := live.Find(context.Background(), ask, func(Map) { t.Error("an estimator reported a map") })
	if err != nil || m.Values[0] != 0.25 || m.Visits != 0 {
		t.Fatalf("Find = %v, %v", m, err)
	}
	if m, done, ok := live.Known(ask); !ok || !done || m.Values[0] != 0.25 {
		t.Errorf("Known = %v, done %v, ok %v", m, done, ok)
	}
	// Other parameters, or another estimator of the same name (an engine
	// found again at another path), are other maps.
	other := p.WithNum("v", 0.5)
	for name, a := range map[string]Ask{
		"other parameters": {Pos: pos, Est: e, Params: other},
		"other estimator":  {Pos: pos, Est: &constEst{}, Params: p},
	} {
		if _, _, ok := live.Known(a); ok {
			t.Errorf("%s: known", name)
		}
	}
	if e.calls != 1 {
		t.Errorf("the estimator ran %d times, want once", e.calls)
	}
	if _, err := live.Find(context.Background(), Ask{Pos: pos}, nil); err == nil {
		t.Error("an ask without an estimator: no error")
	}
}
