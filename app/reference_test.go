package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moyo/estimators/catalog"
	"moyo/internal/testenv"
	"moyo/preset"
)

// resignedRecords returns a folder with the bundled records and Gu Li's
// game again as if resigned: a reference needs no count, so all five are
// used.
func resignedRecords(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(records, "*.sgf"))
	if err != nil || len(files) != 4 {
		t.Fatalf("records %v, %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(f, "Gu_Li") {
			resigned := strings.Replace(string(data), "RE[W+2.5]", "RE[W+R]", 1)
			if resigned == string(data) {
				t.Fatal("Gu Li's record has no RE[W+2.5]")
			}
			if err := os.WriteFile(filepath.Join(dir, "resigned.sgf"), []byte(resigned), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// kataGoArgs are the flags that name the shared KataGo.
func kataGoArgs(t *testing.T, flag string) []string {
	f := testenv.KataGo(t)
	return []string{"--" + flag, "katago", "--katago", f.Program, "--katago-model", f.Model, "--katago-config", f.AnalysisConfig}
}

// fakeProgram returns an executable that fails if it is ever run.
func fakeProgram(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "katago")
	if err := os.WriteFile(p, []byte("#!/bin/sh\necho 'not KataGo' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEvalAgainstKataGo runs 'moyo eval --reference katago' with the real
// KataGo on five games, one resigned: every position has KataGo's map,
// no estimate beats the maps' own entropy, and a second run takes every
// map from the cache without starting KataGo.
func TestEvalAgainstKataGo(t *testing.T) {
	args := kataGoArgs(t, "reference")
	dir := resignedRecords(t)
	cache := t.TempDir()
	base := []string{"eval", "--format", "json", "--reference-cache", cache, "--estimators", "symmetric,propagate,bp"}
	out := runOK(t, "", append(append(base, args...), dir)...)
	var r jsonEval
	decodeJSON(t, out, &r)
	if r.Games != 5 || r.Files != 5 || len(r.Errors) != 0 {
		t.Fatalf("%d games of %d files, errors %v; want all 5", r.Games, r.Files, r.Errors)
	}
	ref := r.Reference
	if ref == nil || ref.Name != "katago" || ref.Visits != 0 || ref.Positions != 15 || len(ref.Entropy) != 3 ||
		!strings.Contains(ref.Description, "raw network") {
		t.Fatalf("reference %+v, want KataGo's raw network on 15 positions", ref)
	}
	floor := map[int]float64{}
	for _, e := range ref.Entropy {
		if e.Entropy == nil || *e.Entropy <= 0 || *e.Entropy >= 0.6932 {
			t.Errorf("move %d: entropy %v, want in (0, ln 2)", e.Move, e.Entropy)
			continue
		}
		floor[e.Move] = *e.Entropy
	}
	// KataGo is surer as the game goes on.
	if !(floor[20] > floor[80] && floor[80] > floor[150]) {
		t.Errorf("entropy by move %v, want it falling", floor)
	}
	for _, row := range r.Rows {
		if row.Positions != 5 || *row.CrossEntropy < floor[row.Move] {
			t.Errorf("%s at %d: %d positions, cross-entropy %v below the floor %v", row.Setting, row.Move, row.Positions, *row.CrossEntropy, floor[row.Move])
		}
		if *row.Accuracy < 0.8 {
			t.Errorf("%s at %d: the sign of %.0f%% of KataGo's sure points", row.Setting, row.Move, 100*(*row.Accuracy))
		}
	}

	// Again, with a "KataGo" that cannot run: every map is in the cache.
	again := append(append(base, "--reference", "katago", "--katago", fakeProgram(t), "--katago-model", testenv.KataGo(t).Model), dir)
	code, out2, stderr := run(t, "", again...)
	if code != 0 {
		t.Fatalf("from the cache: exit %d: %s", code, stderr)
	}
	var r2 jsonEval
	decodeJSON(t, out2, &r2)
	for k := range r.Rows {
		if *r.Rows[k].CrossEntropy != *r2.Rows[k].CrossEntropy || *r.Rows[k].ScoreError != *r2.Rows[k].ScoreError {
			t.Errorf("row %d from the cache: %+v, want %+v", k, r2.Rows[k], r.Rows[k])
		}
	}

	// Text: the games used and why, the reference and its floor.
	code, text, stderr := run(t, "", append(append([]string{"eval", "--reference-cache", cache, "--estimators", "symmetric", "--moves", "150"}, args...), dir)...)
	if code != 0 {
		t.Fatalf("text: exit %d: %s", code, stderr)
	}
	wantAll(t, "text", text, "5 games of 5 files, every one that replays, counted or not", "KataGo's raw network", "on 5 positions", "the least cross-entropy: move 150 0.", "symmetric   150         5")
}

// TestFitAgainstKataGo runs 'moyo fit --against katago' with the real
// KataGo, holds games out and saves the best set as a preset that says
// what it was fitted against.
func TestFitAgainstKataGo(t *testing.T) {
	args := kataGoArgs(t, "against")
	presets := t.TempDir()
	t.Setenv("MOYO_PRESETS", presets)
	cmd := append([]string{"fit", "--format", "json", "--reference-cache", t.TempDir(), "--estimator", "propagate",
		"--grid", "attenuation=1.5,2,3", "--by", "mae", "--holdout", "0.3", "--save", "like KataGo"}, args...)
	out := runOK(t, "", append(cmd, resignedRecords(t))...)
	var r jsonFit
	decodeJSON(t, out, &r)
	if r.Games != 5 || len(r.Results) != 3 || r.Holdout == nil || r.Holdout.TrainGames+r.Holdout.HeldGames != 5 || r.Holdout.HeldGames == 0 {
		t.Fatalf("%d games, %d results, holdout %+v", r.Games, len(r.Results), r.Holdout)
	}
	if r.Against == nil || r.Against.Name != "katago" || r.Against.Entropy == nil || r.Against.HeldEntropy == nil {
		t.Fatalf("against %+v", r.Against)
	}
	for k := 1; k < len(r.Results); k++ {
		if *r.Results[k].MAE < *r.Results[k-1].MAE {
			t.Errorf("results not best first by MAE: %v after %v", *r.Results[k].MAE, *r.Results[k-1].MAE)
		}
	}
	p, err := preset.Load(presets, "like KataGo", catalog.All())
	if err != nil {
		t.Fatal(err)
	}
	if p.Params.Num("attenuation") != r.Results[0].Params["attenuation"] || !strings.Contains(p.Source, "against KataGo's raw network") ||
		!strings.Contains(p.Source, "held-out mae") {
		t.Errorf("preset %+v, want the best attenuation %v and its source", p, r.Results[0].Params["attenuation"])
	}
}

// TestEvalAgainstGnuGo measures moyo's gnugo estimator against GNU Go's
// own territory values: both give every stone its colour, and they agree
// on the sign of nearly every point GNU Go is sure of.
func TestEvalAgainstGnuGo(t *testing.T) {
	testenv.GnuGo(t)
	r := evalJSON(t, "--reference", "gnugo-engine", "--reference-cache", t.TempDir(), "--estimators", "gnugo", "--moves", "150", records)
	if r.Reference == nil || r.Reference.Name != "gnugo-engine" || r.Reference.Positions != 4 || len(r.Rows) != 1 {
		t.Fatalf("reference %+v, %d rows", r.Reference, len(r.Rows))
	}
	if row := r.Rows[0]; *row.Accuracy < 0.95 {
		t.Errorf("gnugo against GNU Go at move 150: accuracy %.3f, MAE %.3f", *row.Accuracy, *row.MAE)
	}
}

// TestReferenceUsage: flags that contradict each other are misuses.
func TestReferenceUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "--reference", "kata"}, `--reference "kata" (valid: final, katago, gnugo-engine)`},
		{[]string{"eval", "--reference", "katago:visits=5"}, "takes no parameters"},
		{[]string{"eval", "--reference", "gnugo-engine:view=board"}, "not view=value or view=status"},
		{[]string{"eval", "--visits", "100"}, "--visits is for --reference katago, not final"},
		{[]string{"eval", "--reference", "gnugo-engine", "--katago-model", "x"}, "--katago-model is for --reference katago"},
		{[]string{"eval", "--reference", "katago", "--visits", "-1"}, "--visits -1 is negative"},
		{[]string{"eval", "--reference-cache", "x"}, "--reference-cache is for an engine's reference"},
		{[]string{"eval", "--reference", "katago", "--win-prob"}, "--win-prob forecasts who wins a counted game"},
		{[]string{"eval", "--sample", "0"}, "--sample 0 is outside (0, 1]"},
		{[]string{"eval", "--sample", "1.5"}, "--sample 1.5 is outside (0, 1]"},
		{[]string{"fit", "--against", "katago", "--estimator", "bp", "--ml"}, "--ml fits a random field to final outcomes"},
		{[]string{"fit", "--against", "katago", "--move-model"}, "--move-model fits the moves played"},
		{[]string{"fit", "--against", "nope", "--grid", "lambda=0,1"}, `--against "nope"`},
	} {
		code, _, stderr := run(t, "", append(tc.args, records)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 2 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	missing := filepath.Join(t.TempDir(), "katago")
	if code, _, stderr := run(t, "", "eval", "--reference", "katago", "--katago", missing, records); code != 1 ||
		!strings.Contains(stderr, "KataGo not found at "+missing) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("missing KataGo: exit %d, stderr %q", code, stderr)
	}
}

// TestSample: --sample keeps the files whose content hashes below the
// share, the same whatever their names, and independently of --holdout.
func TestSample(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(records, "*.sgf"))
	shares := map[string]float64{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := sampleShare(data)
		if s < 0 || s >= 1 {
			t.Errorf("%s: share %v", f, s)
		}
		shares[f] = s
	}
	for _, frac := range []float64{0.2, 0.5, 0.8, 1} {
		got, err := sampleOf(files, frac)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range files {
			if shares[f] < frac {
				if n >= len(got) || got[n] != f {
					t.Errorf("sample %g: %v lacks %s (share %.3f) in order", frac, got, f, shares[f])
				}
				n++
			}
		}
		if n != len(got) {
			t.Errorf("sample %g: %d files, want %d", frac, len(got), n)
		}
	}
	code, out, stderr := run(t, "", "eval", "--format", "json", "--sample", "1e-9", records)
	if code != 1 || !strings.Contains(stderr, "leaves none of the files") {
		t.Errorf("a sample of nothing: exit %d, %s %s", code, stderr, out)
	}
}
