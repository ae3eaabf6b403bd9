package app

import (
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"moyo/estimators/catalog"
	"moyo/internal/testenv"
)

const records = "../testdata/records"

// evalJSON runs 'moyo eval --format json' and decodes its output.
func evalJSON(t *testing.T, args ...string) jsonEval {
	t.Helper()
	out := runOK(t, "", append([]string{"eval", "--format", "json"}, args...)...)
	var r jsonEval
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return r
}

func TestEvalJSON(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	out := runOK(t, "", "eval", "--format", "json", "--cache", cache, records)
	// The field names are the contract; read them loosely.
	var doc map[string]any
	decodeJSON(t, out, &doc)
	if doc["games"] != 3.0 || doc["files"] != 4.0 || doc["not_counted"] != 1.0 {
		t.Errorf("games %v, files %v, not_counted %v; want 3, 4, 1", doc["games"], doc["files"], doc["not_counted"])
	}
	rows, _ := doc["rows"].([]any)
	if n := len(catalog.Names()); len(rows) != n*3 {
		t.Fatalf("%d rows, want %d estimators × 3 moves", len(rows), n)
	}
	for i, r := range rows {
		row := r.(map[string]any)
		for _, k := range []string{"cross_entropy", "accuracy", "mae", "score_error", "score_bias"} {
			if _, ok := row[k].(float64); !ok {
				t.Errorf("row %d: %s = %v", i, k, row[k])
			}
		}
		if row["positions"] != 3.0 || row["points"] != 3.0*361 {
			t.Errorf("row %d: %v positions, %v points; want 3 and 1083", i, row["positions"], row["points"])
		}
		if acc := row["accuracy"].(float64); acc < 0.5 || acc > 1 {
			t.Errorf("row %d: accuracy %v", i, acc)
		}
	}
	if first := rows[0].(map[string]any); first["estimator"] != "propagate" || first["move"] != 20.0 {
		t.Errorf("first row %v, want propagate at move 20", first)
	}

	// From the cache now: the same document, and text that agrees.
	if _, again, _ := run(t, "", "eval", "--format", "json", "--cache", cache, records); again != out {
		t.Error("a second run, from the cache, gives another document")
	}
	code, text, stderr := run(t, "", "eval", "--cache", cache, "--estimators", "symmetric", "--moves", "150", records)
	if code != 0 {
		t.Fatalf("text: exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(text, "3 counted games of 4 files: 1 not counted, 0 disagreeing, 0 errors") ||
		!strings.Contains(text, "symmetric   150         3") {
		t.Errorf("text output:\n%s", text)
	}
}

func TestEvalShards(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	all := evalJSON(t, "--cache", cache, "--estimators", "propagate", records)
	var files, games int
	for _, s := range []string{"1/3", "2/3", "3/3"} {
		r := evalJSON(t, "--cache", cache, "--estimators", "propagate", "--shard", s, records)
		if r.Shard != s {
			t.Errorf("shard %q reported as %q", s, r.Shard)
		}
		files += r.Files
		games += r.Games
	}
	if files != all.Files || games != all.Games {
		t.Errorf("shards hold %d files and %d games, want %d and %d", files, games, all.Files, all.Games)
	}
}

func TestEvalWithoutGnuGo(t *testing.T) {
	code, _, stderr := run(t, "", "eval", "--cache", t.TempDir(), "--gnugo", "/nonexistent/gnugo", records)
	if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "cannot start GNU Go") {
		t.Errorf("exit %d, stderr %q; want 1 and one line saying GNU Go cannot start", code, stderr)
	}
}

func TestEvalUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--moves", "x", records},
		{"--moves", "20,20", records},
		{"--moves", "-1", records},
		{"--estimators", "nope", records},
		{"--estimators", "bp,bp", records},
		{"--shard", "3/2", records},
		{"--shard", "0/2", records},
		{"--shard", "1", records},
		{"--format", "png", records},
		{"--epsilon", "0.5", records},
		{"--epsilon", "0", records},
	} {
		if code, _, stderr := run(t, "", append([]string{"eval"}, args...)...); code != 2 || !strings.HasSuffix(stderr, "\nRun 'moyo eval -h' for the flags.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("eval %q: exit %d, stderr %q; want 2, a line and how to see the flags", args, code, stderr)
		}
	}
	if code, _, stderr := run(t, "", "eval", "/nonexistent/dir"); code != 1 || !strings.Contains(stderr, "/nonexistent/dir") {
		t.Errorf("missing dir: exit %d, %q", code, stderr)
	}
	if code, _, stderr := run(t, "", "eval", t.TempDir()); code != 1 || !strings.Contains(stderr, "no .sgf files") {
		t.Errorf("empty dir: exit %d, %q", code, stderr)
	}
}

func TestSgfFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.sgf", "a.SGF", "sub/c.sgf", "notes.txt"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	extra := filepath.Join(dir, "notes.txt") // named files are taken as they are
	got, err := sgfFiles([]string{dir, extra, filepath.Join(dir, "b.sgf")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.SGF", "b.sgf", "notes.txt", "sub/c.sgf"}
	for i := range want {
		want[i] = filepath.Join(dir, want[i])
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestShardOf(t *testing.T) {
	files := []string{"a", "b", "c", "d", "e"}
	for _, tc := range []struct {
		n    int
		want [][]string
	}{
		{1, [][]string{{"a", "b", "c", "d", "e"}}},
		{2, [][]string{{"a", "b"}, {"c", "d", "e"}}},
		{3, [][]string{{"a"}, {"b", "c"}, {"d", "e"}}},
		{7, [][]string{{}, {"a"}, {"b"}, {}, {"c"}, {"d"}, {"e"}}},
	} {
		for i := 1; i <= tc.n; i++ {
			if got := shardOf(files, i, tc.n); !slices.Equal(got, tc.want[i-1]) {
				t.Errorf("shard %d/%d: %v, want %v", i, tc.n, got, tc.want[i-1])
			}
		}
	}
}

func TestEvalPredict(t *testing.T) {
	testenv.GnuGo(t)
	r := evalJSON(t, "--cache", t.TempDir(), "--predict", "--estimators", "propagate,symmetric", "--moves", "100,400", records)
	if len(r.Prediction) != 4 {
		t.Fatalf("%d predictions, want 2 estimators × 2 moves", len(r.Prediction))
	}
	for _, p := range r.Prediction {
		switch p.Move {
		case 100:
			if p.Positions != 3 || len(p.Survival) != 100 || len(p.Histogram) != 100 || p.Survival[0] != 1 || p.MeanPercentile == nil {
				t.Errorf("%s at move 100: %d positions, survival %v, mean %v", p.Estimator, p.Positions, p.Survival, p.MeanPercentile)
			}
		case 400:
			if p.Positions != 0 || len(p.Survival) != 0 || p.MeanPercentile != nil {
				t.Errorf("%s at move 400, past every game: %+v", p.Estimator, p)
			}
		}
	}
	// The move model: β fitted per setting on both move numbers' positions
	// (only move 100's here), and its log-likelihood beside the uniform's.
	if len(r.MoveModel) != 2 {
		t.Fatalf("%d move models, want 2", len(r.MoveModel))
	}
	for k, m := range r.MoveModel {
		p := r.Prediction[2*k] // move 100 of the same setting
		if m.Setting != p.Setting || m.Positions != 3 || m.Beta == nil || m.StdErr == nil || m.LogLikelihood == nil ||
			p.LogLikelihood == nil || *p.LogLikelihood != *m.LogLikelihood || *p.Uniform != *m.Uniform {
			t.Errorf("move model %+v, prediction %+v", m, p)
			continue
		}
		// ML: the fitted β does at least as well as the uniform choice
		// (β = 0) on the positions it was fitted to.
		if *m.LogLikelihood < *m.Uniform || *m.Uniform > -math.Log(100) {
			t.Errorf("%s: %v nats per move, uniform %v", m.Setting, *m.LogLikelihood, *m.Uniform)
		}
	}
	// Without --predict there is no prediction field at all.
	code, out, _ := run(t, "", "eval", "--format", "json", "--cache", t.TempDir(), "--estimators", "propagate", records)
	if code != 0 || strings.Contains(out, `"prediction"`) {
		t.Errorf("without --predict: exit %d, prediction in the output: %v", code, strings.Contains(out, `"prediction"`))
	}
}

func TestEvalPlots(t *testing.T) {
	testenv.GnuGo(t)
	dir := filepath.Join(t.TempDir(), "plots")
	code, _, stderr := run(t, "", "eval", "--cache", t.TempDir(), "--predict", "--estimators", "propagate,seds", "--moves", "100,150", "--plots", dir, records)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		file, header string
		lines        int
	}{
		{"measures.csv", "setting,estimator,move,positions,points,decided_points,cross_entropy,accuracy,mae,score_error,score_bias", 1 + 2*2},
		{"positions.csv", "setting,estimator,move,file,cross_entropy,accuracy,mae,score_error,score_bias", 1 + 2*2*3},
		{"prediction.csv", "setting,estimator,move,positions,skipped,mean_percentile,beta,log_likelihood,uniform_log_likelihood", 1 + 2*2},
		{"survival.csv", "setting,estimator,move,x,count,survival", 1 + 2*2*100},
	} {
		b, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if lines[0] != tc.header || len(lines) != tc.lines {
			t.Errorf("%s: header %q and %d lines, want %q and %d", tc.file, lines[0], len(lines), tc.header, tc.lines)
		}
		if !strings.Contains(stderr, "wrote "+filepath.Join(dir, tc.file)) {
			t.Errorf("stderr does not name %s: %s", tc.file, stderr)
		}
	}
	for _, tc := range []struct {
		file string
		w, h int
	}{{"measures.png", 2 * 560, 2 * 420}, {"survival.png", 2 * 560, 420}} {
		f, err := os.Open(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != tc.w || cfg.Height != tc.h {
			t.Errorf("%s: %dx%d, %v; want %dx%d", tc.file, cfg.Width, cfg.Height, err, tc.w, tc.h)
		}
	}
}

// TestEvalSettings compares two settings of one estimator: rows, the
// JSON's settings and the text are keyed by the settings' labels.
func TestEvalSettings(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	r := evalJSON(t, "--cache", cache, "--estimators", "propagate,propagate:attenuation=3,cap=separate", "--moves", "150", records)
	if len(r.Estimators) != 2 || r.Estimators[1].Setting != "propagate:attenuation=3,cap=separate" ||
		r.Estimators[1].Name != "propagate" || r.Estimators[1].Params["attenuation"] != 3.0 || r.Estimators[1].Params["cap"] != "separate" {
		t.Fatalf("settings %+v", r.Estimators)
	}
	if len(r.Rows) != 2 || r.Rows[0].Setting != "propagate" || r.Rows[1].Setting != "propagate:attenuation=3,cap=separate" ||
		r.Rows[1].Estimator != "propagate" {
		t.Fatalf("rows %+v", r.Rows)
	}
	if *r.Rows[0].CrossEntropy == *r.Rows[1].CrossEntropy {
		t.Errorf("both settings have cross-entropy %v", *r.Rows[0].CrossEntropy)
	}
	// The same from a file, with labels of its own.
	file := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(file, []byte(`[{"label": "A2", "estimator": "propagate"}, {"label": "A3 separate", "estimator": "propagate", "params": {"attenuation": 3, "cap": "separate"}}]`), 0o644)
	f := evalJSON(t, "--cache", cache, "--estimators", file, "--moves", "150", records)
	if len(f.Rows) != 2 || f.Rows[1].Setting != "A3 separate" || *f.Rows[1].CrossEntropy != *r.Rows[1].CrossEntropy {
		t.Errorf("from %s: rows %+v", file, f.Rows)
	}
	code, text, stderr := run(t, "", "eval", "--cache", cache, "--estimators", file, "--moves", "150", records)
	if code != 0 || !strings.Contains(text, "\nA3 separate   150         3") {
		t.Errorf("text: exit %d, %s\n%s", code, stderr, text)
	}
	for _, tc := range []struct{ arg, want string }{
		{"propagate:atenuation=3", `--estimators: "propagate:atenuation=3": propagate has no parameter "atenuation"`},
		{"/nonexistent/s.json", "/nonexistent/s.json"},
	} {
		if code, _, stderr := run(t, "", "eval", "--estimators", tc.arg, records); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("--estimators %s: exit %d, %q; want 2 and %q", tc.arg, code, stderr, tc.want)
		}
	}
}

func TestEvalResume(t *testing.T) {
	testenv.GnuGo(t)
	cache, journal := t.TempDir(), filepath.Join(t.TempDir(), "journal")
	args := []string{"eval", "--format", "json", "--cache", cache, "--resume", journal, "--predict", "--estimators", "seds", "--moves", "150", records}
	first := runOK(t, "", args...)
	code, second, stderr := run(t, "", args...)
	if code != 0 || second != first {
		t.Errorf("resumed: exit %d, same output %v: %s", code, second == first, stderr)
	}
	if !strings.Contains(stderr, "holds 6 finished pieces") {
		t.Errorf("stderr %q does not count the journal's pieces (3 estimates, 3 rankings)", stderr)
	}
	if code, _, stderr := run(t, "", "eval", "--cache", cache, "--resume", t.TempDir(), records); code != 1 || !strings.Contains(stderr, "journal") {
		t.Errorf("a directory as journal: exit %d, %q", code, stderr)
	}
}
