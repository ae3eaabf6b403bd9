package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"moyo/estimators/catalog"
	"moyo/internal/testenv"
	"moyo/preset"
)

func TestGridFlag(t *testing.T) {
	for _, tc := range []struct {
		in    string
		param string
		want  []string
		bad   bool
	}{
		{"lambda=0:0.3:0.1", "lambda", []string{"0", "0.1", "0.2", "0.3"}, false},
		{"kappa=0.5:0.5:0.1", "kappa", []string{"0.5"}, false},
		{"mode=alive,judged", "mode", []string{"alive", "judged"}, false},
		{"max-iter=10, 20", "max-iter", []string{"10", "20"}, false},
		{"lambda", "", nil, true},
		{"=1,2", "", nil, true},
		{"lambda=", "", nil, true},
		{"lambda=1:0:0.1", "", nil, true},
		{"lambda=0:1:0", "", nil, true},
		{"lambda=0:1:x", "", nil, true},
		{"lambda=0:1e9:1e-3", "", nil, true},
		{"lambda=,", "", nil, true},
	} {
		var g gridFlag
		err := g.Set(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("Set(%q): %v, want bad = %v", tc.in, err, tc.bad)
			continue
		}
		if !tc.bad && (string(g[0].param) != tc.param || !slices.Equal(g[0].values, tc.want)) {
			t.Errorf("Set(%q) = %s %v, want %s %v", tc.in, g[0].param, g[0].values, tc.param, tc.want)
		}
	}
}

func TestFitPlan(t *testing.T) {
	var g gridFlag
	g.Set("lambda=0.1,0.2")
	g.Set("mode=alive,judged")
	o := fitOptions{estimator: "symmetric", grid: g, by: "cross_entropy", gameFlags: gameFlags{epsilon: 1e-3}}
	points, base, err := o.plan()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range points {
		got = append(got, p.Text("mode")+"/"+strings.TrimRight(strings.TrimRight(jsonNumber(p.Num("lambda")), "0"), "."))
		if p.Num("kappa") != base.Params.Num("kappa") {
			t.Errorf("kappa %v, want the default %v", p.Num("kappa"), base.Params.Num("kappa"))
		}
	}
	if want := []string{"alive/0.1", "judged/0.1", "alive/0.2", "judged/0.2"}; !slices.Equal(got, want) {
		t.Errorf("points %v, want %v (the last flag varying fastest)", got, want)
	}
	for _, tc := range []struct {
		o    fitOptions
		want string
	}{
		{fitOptions{estimator: "nope", grid: g, by: "mae", gameFlags: gameFlags{epsilon: 1e-3}}, "unknown estimator"},
		{fitOptions{estimator: "symmetric", grid: g, by: "speed", gameFlags: gameFlags{epsilon: 1e-3}}, "--by"},
		{fitOptions{estimator: "symmetric", by: "mae", gameFlags: gameFlags{epsilon: 1e-3}}, "at least one --grid"},
		{fitOptions{estimator: "propagate", grid: g, by: "mae", gameFlags: gameFlags{epsilon: 1e-3}}, "does not read"},
		{fitOptions{estimator: "symmetric", grid: append(slices.Clone(g), g[0]), by: "mae", gameFlags: gameFlags{epsilon: 1e-3}}, "twice"},
		{fitOptions{estimator: "symmetric", grid: gridFlag{{param: "lambda", values: []string{"5"}}}, by: "mae", gameFlags: gameFlags{epsilon: 1e-3}}, "lambda"},
		{fitOptions{estimator: "symmetric", grid: g, by: "mae", gameFlags: gameFlags{epsilon: 0}}, "--epsilon"},
	} {
		if _, _, err := tc.o.plan(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("plan(%+v): %v, want an error saying %q", tc.o, err, tc.want)
		}
	}
}

// jsonNumber writes f as JSON does.
func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

func TestFitJSON(t *testing.T) {
	testenv.GnuGo(t)
	out := runOK(t, "", "fit", "--format", "json", "--cache", t.TempDir(), "--grid", "lambda=0:0.5:0.25", "--grid", "kappa=0.8,1", records)
	var r jsonFit
	decodeJSON(t, out, &r)
	if r.Estimator != "symmetric" || r.Games != 3 || len(r.Results) != 3*2 || r.Defaults.Params["lambda"] != 0.44 {
		t.Fatalf("estimator %s, %d games, %d results, defaults %v", r.Estimator, r.Games, len(r.Results), r.Defaults.Params)
	}
	for i, res := range r.Results {
		if res.Positions != 9 || res.CrossEntropy == nil || len(res.Params) != 2 {
			t.Errorf("result %d: %+v", i, res)
		}
		if i > 0 && *res.CrossEntropy < *r.Results[i-1].CrossEntropy {
			t.Errorf("result %d has cross-entropy %v, less than %v before it", i, *res.CrossEntropy, *r.Results[i-1].CrossEntropy)
		}
	}
	code, text, stderr := run(t, "", "fit", "--cache", t.TempDir(), "--by", "accuracy", "--top", "2", "--grid", "lambda=0,0.44", records)
	if code != 0 || strings.Count(text, "\n") != 2+1+2+2 || !strings.Contains(text, "by accuracy (higher is better); 2 parameter sets") {
		t.Errorf("text: exit %d, %s%s", code, text, stderr)
	}
}

func TestFitUsage(t *testing.T) {
	for _, args := range [][]string{
		{records},
		{"--grid", "lambda=0,1"},
		{"--grid", "lambda=0,1", "--moves", "x", records},
		{"--grid", "lambda=0,1", "--shard", "2/1", records},
		{"--grid", "lambda=0,1", "--format", "csv", records},
		{"--grid", "lambda=0,1", "--top", "-1", records},
		{"--grid", "lambda", records},
	} {
		if code, _, stderr := run(t, "", append([]string{"fit"}, args...)...); code != 2 || !strings.HasSuffix(stderr, "\nRun 'moyo fit -h' for the flags.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("fit %q: exit %d, stderr %q; want 2, a line and how to see the flags", args, code, stderr)
		}
	}
}

func TestFitSave(t *testing.T) {
	testenv.GnuGo(t)
	dir := t.TempDir()
	t.Setenv("MOYO_PRESETS", dir)
	code, out, stderr := run(t, "", "fit", "--format", "json", "--cache", t.TempDir(), "--moves", "80", "--grid", "lambda=0,0.44", "--save", "best lambda", records)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r jsonFit
	decodeJSON(t, out, &r)
	p, err := preset.Load(dir, "best lambda", catalog.All())
	if err != nil {
		t.Fatal(err)
	}
	if p.Estimator != "symmetric" || p.Params.Num("lambda") != r.Results[0].Params["lambda"] {
		t.Errorf("preset %+v, want symmetric with the best λ %v", p, r.Results[0].Params["lambda"])
	}
	want := fmt.Sprintf("--grid lambda=0,0.44 on 3 games (moves 80), training cross-entropy %.4f", *r.Results[0].CrossEntropy)
	if !strings.Contains(p.Source, want) || !strings.Contains(stderr, `saved preset "best lambda"`) {
		t.Errorf("source %q, want it to hold %q; stderr %q", p.Source, want, stderr)
	}
	if code, _, stderr := run(t, "", "fit", "--grid", "lambda=0,1", "--save", "a/b", records); code != 2 || !strings.Contains(stderr, "--save") {
		t.Errorf("--save a/b: exit %d, %s", code, stderr)
	}
}
