package workspace

import (
	"testing"
	"time"

	"moyo/assets"
	"moyo/engines"
	"moyo/estimators/catalog"
	"moyo/internal/testenv"
)

// TestReferenceRealKataGo runs the reference view on the real KataGo of
// ../shared/engines/katago (testenv.KataGo: a SKIP line without it, a
// failure in CI): KataGo's raw network's map comes first, then its
// search's, and the estimate is measured against it.
func TestReferenceRealKataGo(t *testing.T) {
	f := testenv.KataGo(t)
	kata := engines.NewKataGo(f.Program, f.GTPConfig, f.Model, "")
	kata.LogDir = t.TempDir()
	// Cleanups run last first: the workspace closes before KataGo.
	t.Cleanup(func() {
		if err := kata.Close(); err != nil {
			t.Error(err)
		}
	})
	q := newQueue()
	ws := newTest(t, q, nil, append(catalog.All(), kata))
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		t.Fatal(err)
	}
	ws.Record().SetMove(assets.SampleMove)
	ref := ws.Reference()
	ref.SetVisits(50)
	var maps []RefMap // every map of the position shown, in order
	ws.Subscribe(ChangeReference, func(Change) {
		if m, ok := ref.Shown(); ok && ref.Current() && (len(maps) == 0 || maps[len(maps)-1].Visits != m.Visits || m.Done) {
			maps = append(maps, m)
		}
	})
	ref.SetKind(RefKataGo)
	// The first call loads the network: a few seconds on 2 cores.
	q.within(t, 2*time.Minute, func() bool { return !ref.Running() && !ws.Runs().Running() })
	if err := ref.Err(); err != nil {
		t.Fatal(err)
	}
	if len(maps) < 2 || maps[0].Visits != 0 || maps[0].Done {
		t.Fatalf("maps %d, the first at %d visits (done %v): want the raw network's first", len(maps), maps[0].Visits, maps[0].Done)
	}
	last := maps[len(maps)-1]
	if !last.Done || last.Visits < 50 || len(last.Values) != 361 {
		t.Errorf("last map: done %v, %d visits, %d values", last.Done, last.Visits, len(last.Values))
	}
	for i, v := range last.Values {
		if v < -1 || v > 1 {
			t.Fatalf("value %g at %d", v, i)
		}
	}
	// symmetric, at its defaults, against KataGo at move 100: r 0.94,
	// signs agree on 99% of 235 decided points with 55 visits.
	ms, ok := ws.RefMeasures()
	if !ok || ms.Correlation < 0.85 || ms.SignAgreement < 0.9 || ms.Decided < 150 {
		t.Errorf("symmetric against KataGo: %+v, %v", ms, ok)
	}
	t.Logf("%s; %s", ref.Status(), ws.RefSummary())
	t.Logf("maps at visits: %v", func() (v []int) {
		for _, m := range maps {
			v = append(v, m.Visits)
		}
		return v
	}())

	// Stepping back and forth: the maps are cached.
	ws.Record().Forward(1)
	q.within(t, time.Minute, func() bool { return !ref.Running() })
	ws.Record().Forward(-1)
	if m, _ := ref.Shown(); !ref.Current() || ref.Running() || m.Visits != last.Visits {
		t.Errorf("stepping back: current %v, running %v, %d visits", ref.Current(), ref.Running(), m.Visits)
	}
}
