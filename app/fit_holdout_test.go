package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"moyo/eval"
	"moyo/internal/testenv"
)

func TestSplitHoldout(t *testing.T) {
	games := make([]eval.Game, 400)
	for i := range games {
		games[i] = eval.Game{Key: fmt.Sprintf("%064x", i*7919)}
	}
	prev := map[string]bool{}
	for _, tc := range []struct {
		frac   float64
		lo, hi int // bounds on the number held out
	}{
		{0, 0, 0},
		{0.1, 20, 60},
		{0.3, 90, 150},
		{0.5, 160, 240},
		{0.999, 390, 400},
	} {
		train, held := splitHoldout(games, tc.frac)
		if len(train)+len(held) != len(games) || len(held) < tc.lo || len(held) > tc.hi {
			t.Errorf("frac %v: %d train, %d held, want %d–%d held", tc.frac, len(train), len(held), tc.lo, tc.hi)
		}
		again, _ := splitHoldout(games, tc.frac)
		if len(again) != len(train) {
			t.Errorf("frac %v: the split is not deterministic", tc.frac)
		}
		// A game held out at a share stays held out at a larger one.
		now := map[string]bool{}
		for _, g := range held {
			now[g.Key] = true
		}
		for k := range prev {
			if !now[k] {
				t.Errorf("frac %v: %s no longer held out", tc.frac, k)
			}
		}
		prev = now
	}
}

func TestImprovement(t *testing.T) {
	// One point each: predicted v against owner +1.
	sums := func(v float64) eval.Sums {
		var s eval.Sums
		s.Compare([]float64{v}, []int8{1}, eval.DefaultEpsilon)
		return s
	}
	for _, tc := range []struct {
		by              string
		defaults, fited float64
		positive        bool
	}{
		{"cross_entropy", 0, 0.5, true},
		{"cross_entropy", 0.5, 0, false},
		{"mae", 0, 0.5, true},
		{"accuracy", -0.5, 0.5, true},
		{"accuracy", 0.5, -0.5, false},
	} {
		got := improvement(sums(tc.defaults), sums(tc.fited), tc.by)
		if (got > 0) != tc.positive {
			t.Errorf("%s, %v → %v: improvement %v, want positive = %v", tc.by, tc.defaults, tc.fited, got, tc.positive)
		}
	}
}

func TestFitHoldout(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	args := []string{"fit", "--format", "json", "--cache", cache, "--holdout", "0.4", "--moves", "80", "--grid", "lambda=0.2,0.44", records}
	out := runOK(t, "", args...)
	var r jsonFit
	decodeJSON(t, out, &r)
	h := r.Holdout
	if h == nil || h.TrainGames+h.HeldGames != 3 || h.TrainGames == 0 || h.Improvement == nil && h.HeldGames > 0 {
		t.Fatalf("holdout %+v", h)
	}
	if h.Defaults.Positions != h.HeldGames || r.Defaults.Positions != h.TrainGames {
		t.Errorf("positions: held %d for %d games, training %d for %d", h.Defaults.Positions, h.HeldGames, r.Defaults.Positions, h.TrainGames)
	}
	if h.HeldGames > 0 && *h.Improvement != *h.Defaults.CrossEntropy-*h.Best.CrossEntropy {
		t.Errorf("improvement %v, want %v − %v", *h.Improvement, *h.Defaults.CrossEntropy, *h.Best.CrossEntropy)
	}
	code, text, stderr := run(t, "", "fit", "--cache", cache, "--holdout", "0.4", "--moves", "80", "--grid", "lambda=0.2,0.44", records)
	if code != 0 || !strings.Contains(text, "held out:") || !strings.Contains(text, "improvement over the defaults") {
		t.Errorf("text: exit %d, %s%s", code, text, stderr)
	}
	if code, _, stderr := run(t, "", "fit", "--holdout", "1", "--grid", "lambda=0,1", records); code != 2 || !strings.Contains(stderr, "--holdout") {
		t.Errorf("--holdout 1: exit %d, %s", code, stderr)
	}
}

func TestFitMLUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--ml", records},
		{"--estimator", "bp", "--ml", "--grid", "damping=0.5", records},
		{"--estimator", "bp", "--ml", "--iterations", "0", records},
		{"--estimator", "bp", "--ml", "--step", "0", records},
	} {
		if code, _, stderr := run(t, "", append([]string{"fit"}, args...)...); code != 2 || !strings.HasSuffix(stderr, "\nRun 'moyo fit -h' for the flags.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("fit %q: exit %d, stderr %q; want 2, a line and how to see the flags", args, code, stderr)
		}
	}
}

// TestEvalHeldOut: 'moyo eval --held-out F' measures the games 'moyo fit
// --holdout F' held out, so a fitted preset is judged on games it did not
// see.
func TestEvalHeldOut(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	code, out, stderr := run(t, "", "fit", "--format", "json", "--cache", cache, "--holdout", "0.4", "--moves", "80", "--grid", "lambda=0.44", records)
	if code != 0 {
		t.Fatalf("fit: exit %d: %s", code, stderr)
	}
	var f jsonFit
	if err := json.Unmarshal([]byte(out), &f); err != nil || f.Holdout == nil {
		t.Fatalf("fit: %v %s", err, out)
	}
	code, out, stderr = run(t, "", "eval", "--format", "json", "--cache", cache, "--held-out", "0.4", "--moves", "80", "--estimators", "symmetric", records)
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, stderr)
	}
	var e struct {
		Games int `json:"games"`
	}
	decodeJSON(t, out, &e)
	if e.Games != f.Holdout.HeldGames {
		t.Errorf("eval --held-out 0.4 used %d games, fit --holdout 0.4 held out %d", e.Games, f.Holdout.HeldGames)
	}
	if code, _, stderr := run(t, "", "eval", "--held-out", "1", records); code != 2 || !strings.Contains(stderr, "--held-out") {
		t.Errorf("--held-out 1: exit %d, %s", code, stderr)
	}
}
