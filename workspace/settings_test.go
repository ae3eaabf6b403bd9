package workspace

import (
	"testing"

	"moyo/estimators"
)

func TestWorkspaceSetEstimators(t *testing.T) {
	q := newQueue()
	a, b, c := &fakeEst{name: "a"}, &fakeEst{name: "b"}, &fakeEst{name: "c"}
	store := memStore{keyEstimator: "c"}
	ws := newTest(t, q, store, []estimators.Estimator{a, b})
	if err := ws.Open("test.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	if ws.Settings().Estimator() != estimators.Estimator(a) {
		t.Fatalf("starts with %s, want a", ws.Settings().Estimator().Info().Name)
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
		ws.Settings().SetEstimators(tc.ests)
		if i == 0 {
			ws.Settings().SetParam("lambda", 0.25)
		}
		q.until(t, func() bool { return !ws.Runs().Running() })
		o, _ := ws.Runs().Shown()
		if ws.Settings().Estimator() != tc.want || o.Est != tc.want {
			t.Errorf("step %d: chosen %s, ran %s; want %s", i, ws.Settings().Estimator().Info().Name, o.Est.Info().Name, tc.want.Info().Name)
		}
		var names []string
		for _, e := range ws.Settings().Estimators() {
			names = append(names, e.Info().Name)
		}
		if len(names) != len(tc.ests) {
			t.Errorf("step %d: estimators %v", i, names)
		}
	}
	if store[keyEstimator] != "c" || ws.Settings().Params().Num("lambda") != 0.25 {
		t.Errorf("stored choice %q, λ %v; want c kept with λ 0.25", store[keyEstimator], ws.Settings().Params().Num("lambda"))
	}
}
