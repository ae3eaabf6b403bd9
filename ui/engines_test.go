package ui

import (
	"slices"
	"testing"

	"moyo/engines"
	"moyo/estimators"
)

func TestModelSetEstimators(t *testing.T) {
	q := newQueue()
	a, b, c := &fakeEst{name: "a"}, &fakeEst{name: "b"}, &fakeEst{name: "c"}
	store := memStore{keyEstimator: "c"}
	m := newModel(q.post, store, []estimators.Estimator{a, b})
	t.Cleanup(m.Close)
	if err := m.Open("test.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	if m.Estimator() != estimators.Estimator(a) {
		t.Fatalf("starts with %s, want a", m.Estimator().Info().Name)
	}
	c2 := &fakeEst{name: "c"}
	for i, tc := range []struct {
		ests []estimators.Estimator
		want estimators.Estimator
	}{
		{[]estimators.Estimator{a, b, c}, c}, // the user's last choice is back
		{[]estimators.Estimator{a, b}, a},    // gone: the first, as there is no symmetric
		{[]estimators.Estimator{b, a, c2}, c2},
	} {
		m.SetEstimators(tc.ests)
		if i == 0 {
			m.SetParam("lambda", 0.25)
		}
		q.until(t, func() bool { return !m.Running() })
		o, _ := m.Shown()
		if m.Estimator() != tc.want || o.Est != tc.want {
			t.Errorf("step %d: chosen %s, ran %s; want %s", i, m.Estimator().Info().Name, o.Est.Info().Name, tc.want.Info().Name)
		}
		var names []string
		for _, e := range m.Estimators() {
			names = append(names, e.Info().Name)
		}
		if len(names) != len(tc.ests) {
			t.Errorf("step %d: estimators %v", i, names)
		}
	}
	if store[keyEstimator] != "c" || m.Params().Num("lambda") != 0.25 {
		t.Errorf("stored choice %q, λ %v; want c kept with λ 0.25", store[keyEstimator], m.Params().Num("lambda"))
	}
}

func TestEngineConfigStore(t *testing.T) {
	s := memStore{}
	cfg := engines.Config{GnuGoPath: "/opt/gnugo", KataGoPath: "/opt/katago", KataGoConfig: "gtp.cfg", KataGoModel: "net.bin.gz"}
	SetEngineConfig(s, cfg)
	if got := EngineConfig(s); got != cfg {
		t.Errorf("EngineConfig = %+v, want %+v", got, cfg)
	}
	if got := EngineConfig(nil); got != (engines.Config{}) {
		t.Errorf("EngineConfig(nil) = %+v", got)
	}
}

// TestEnginesInChooser lists GNU Go in the chooser, runs it, and checks
// that runs cancelled by newer ones leave the engine usable.
func TestEnginesInChooser(t *testing.T) {
	found := engines.Available(engines.Config{})
	engines.Close(found)
	if !slices.ContainsFunc(found, func(e estimators.Estimator) bool { return e.Info().Name == "gnugo-engine" }) {
		t.Skip("GNU Go is not installed")
	}
	u, _, q := newTestApp(t)
	t.Cleanup(u.Close)
	m := u.Model()
	u.ListEngines(engines.Config{})
	q.until(t, func() bool { return !m.Running() })
	if !slices.Contains(u.estSelect.Options, "gnugo-engine") {
		t.Fatalf("chooser %v, want gnugo-engine", u.estSelect.Options)
	}
	u.estSelect.SetSelected("gnugo-engine")
	if m.Estimator().Info().Name != "gnugo-engine" {
		t.Fatalf("chose %s", m.Estimator().Info().Name)
	}
	// Steps in a row cancel the runs before the last.
	for range 5 {
		m.Forward(1)
	}
	q.until(t, func() bool { return !m.Running() })
	o, ok := m.Shown()
	if !ok || o.Err != nil || o.Est.Info().Name != "gnugo-engine" || o.Pos != m.Position() {
		t.Fatalf("shown %v: %v from %s", ok, o.Err, o.Est.Info().Name)
	}
	// A bad GNU Go path leaves it out, and the chooser falls back.
	u.ListEngines(engines.Config{GnuGoPath: "/nonexistent/gnugo"})
	q.until(t, func() bool { return !m.Running() })
	if slices.Contains(u.estSelect.Options, "gnugo-engine") || m.Estimator().Info().Name != "symmetric" {
		t.Errorf("chooser %v, chosen %s after the engine went", u.estSelect.Options, m.Estimator().Info().Name)
	}
}
