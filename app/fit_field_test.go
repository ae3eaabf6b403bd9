package app

import (
	"strings"
	"testing"

	"moyo/internal/testenv"
	"moyo/randfield"
)

// TestFitFieldJSON fits bpl's 80 parameters by Swendsen–Wang on the
// records: the run repeats with the same seed, moves the model, and
// reports the measures by move number.
func TestFitFieldJSON(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	fit := func(seed string) (jsonFitField, string) {
		code, out, stderr := run(t, "", "fit", "--estimator", "bpl", "--ml", "--sampler", "sw", "--seed", seed,
			"--iterations", "3", "--moves", "80", "--format", "json", "--cache", cache, records)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var r jsonFitField
		decodeJSON(t, out, &r)
		return r, out
	}
	r, out := fit("3")
	if _, again := fit("3"); again != out {
		t.Error("the same seed gave another fit")
	}
	if _, other := fit("4"); other == out {
		t.Error("another seed gave the same fit")
	}
	if r.Estimator != "bpl" || r.Sampler != "sw" || r.Seed != 3 || len(r.Iterations) != 3 || len(r.Fitted) != randfield.BPLCount {
		t.Fatalf("fit %+v", r)
	}
	for _, it := range r.Iterations {
		if it.LogLikelihood != nil || !it.Accepted {
			t.Errorf("iteration %+v: want every step kept, no Bethe log-likelihood", it)
		}
	}
	moved := 0
	for name, v := range r.Start {
		if r.Fitted[name] != v {
			moved++
		}
	}
	if moved < 20 {
		t.Errorf("%d parameters moved", moved)
	}
	if b, ok := r.ByMove["80"]; !ok || b.Train.Seed.Positions != 3 || b.Train.Fitted.CrossEntropy == nil {
		t.Errorf("by move: %+v", r.ByMove)
	}
	for _, args := range [][]string{
		{"--estimator", "bpl", "--ml", "--sampler", "gibbs", records},
		{"--estimator", "symmetric", "--ml", records},
	} {
		if code, _, stderr := run(t, "", append([]string{"fit"}, args...)...); code != 2 || !strings.HasSuffix(stderr, "\nRun 'moyo fit -h' for the flags.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("fit %q: exit %d, stderr %q; want 2, a line and how to see the flags", args, code, stderr)
		}
	}
}
