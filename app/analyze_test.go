package app

import (
	"bytes"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/render"
)

const guLi = "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf"

// run calls Main as the shell would and returns the exit status and output.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestAnalyzeJSON(t *testing.T) {
	out := runOK(t, "", "analyze", "--move", "150", "--format", "json", guLi)
	var r jsonReport
	decodeJSON(t, out, &r)
	if r.Size != 19 || r.Move != 150 || r.ToMove != "B" || r.Komi != 6.5 || r.Estimator != "symmetric" {
		t.Errorf("header: size %d move %d to_move %s komi %g estimator %s", r.Size, r.Move, r.ToMove, r.Komi, r.Estimator)
	}
	for _, k := range []string{"mode", "lambda", "kappa", "tol", "max-iter"} {
		if _, ok := r.Params[k]; !ok {
			t.Errorf("params lacks %q: %v", k, r.Params)
		}
	}
	if r.Params["lambda"] != 0.44 || r.Params["mode"] != "judged" {
		t.Errorf("params are not the defaults: %v", r.Params)
	}
	if len(r.Values) != 19 {
		t.Fatalf("%d rows of values", len(r.Values))
	}
	sum := 0.0
	for _, row := range r.Values {
		if len(row) != 19 {
			t.Fatalf("a row of %d values", len(row))
		}
		for _, v := range row {
			if !(v >= -1 && v <= 1) {
				t.Errorf("value %g outside [-1, 1]", v)
			}
			sum += v
		}
	}
	if math.Abs(sum-r.BoardScore) > 1e-9 {
		t.Errorf("board_score %g, values add up to %g", r.BoardScore, sum)
	}
	if r.Estimate != estimators.FormatEstimate(r.BoardScore, r.Komi) || r.EstimateOf != "sum of control" || r.RecordResult != "" {
		t.Errorf("estimate %q of %q, record result %q, for board score %g and komi %g: want the estimate, and no result before the end",
			r.Estimate, r.EstimateOf, r.RecordResult, r.BoardScore, r.Komi)
	}
	if r.Iterations != len(r.Residuals) || r.Iterations < 2 {
		t.Errorf("%d iterations, %d residuals", r.Iterations, len(r.Residuals))
	}
	if !r.Converged || r.Residuals[len(r.Residuals)-1] >= 1e-4 {
		t.Errorf("converged %v, last residual %g", r.Converged, r.Residuals[len(r.Residuals)-1])
	}
}

// TestAnalyzeOrientation checks values[y][x] in SGF coordinates: the
// propagating function holds stones at exactly ±1.
func TestAnalyzeOrientation(t *testing.T) {
	out := runOK(t, "", "analyze", "--estimator", "propagate", "--move", "2", "--format", "json", guLi)
	var r jsonReport
	decodeJSON(t, out, &r)
	// B[pd] is x = 15, y = 3; W[pp] is x = 15, y = 15.
	if r.Values[3][15] != 1 || r.Values[15][15] != -1 {
		t.Errorf("values[3][15] = %g, values[15][15] = %g, want +1 and −1", r.Values[3][15], r.Values[15][15])
	}
	if r.Params["attenuation"] != 2.0 || r.Params["cap"] != "total" {
		t.Errorf("params %v", r.Params)
	}
	if r.Iterations != 1 || len(r.Residuals) != 1 {
		t.Errorf("propagate ran %d iterations", r.Iterations)
	}
}

func TestAnalyzeMoves(t *testing.T) {
	tests := []struct {
		args []string
		move int
	}{
		{nil, 235},
		{[]string{"--move", "0"}, 0},
		{[]string{"--move=-10"}, 225},
		{[]string{"--move", "235"}, 235},
	}
	for _, tt := range tests {
		args := append([]string{"analyze", "--format", "json"}, tt.args...)
		code, out, stderr := run(t, "", append(args, guLi)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		var r jsonReport
		decodeJSON(t, out, &r)
		if r.Move != tt.move {
			t.Errorf("%v: move %d, want %d", tt.args, r.Move, tt.move)
		}
		if tt.move == 0 && r.BoardScore != 0 {
			t.Errorf("the empty board scores %g", r.BoardScore)
		}
		// The record's result goes beside the estimate where the game
		// ended, and nowhere else.
		if want := map[bool]string{true: "W+2.5"}[tt.move == 235]; r.RecordResult != want {
			t.Errorf("%v: record_result %q, want %q", tt.args, r.RecordResult, want)
		}
	}
}

func TestAnalyzeText(t *testing.T) {
	out := runOK(t, "", "analyze", "--move", "100", guLi, "--lambda", "0")
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(strings.TrimSpace(lines[1]), "19 ") || !strings.HasPrefix(strings.TrimSpace(lines[19]), "1 ") {
		t.Errorf("board rows not numbered 19 to 1:\n%s", out)
	}
	wantAll(t, "text output", out, "move:       100 of 235, Black to move", "lambda=0 ", "komi:       6.5", "iterations: ", " (sum of control)\n")
	// The score is named an estimate, never written as a bare result.
	if strings.Contains(out, "result:") || !regexp.MustCompile(`\n {12}estimate [BW]\+[0-9]+\.[0-9] \(sum of control\)\n`).MatchString(out) {
		t.Errorf("the score is not named an estimate:\n%s", out)
	}
	// At the last move, the record's result beside it.
	code, out, stderr := run(t, "", "analyze", guLi)
	if code != 0 || !regexp.MustCompile(`estimate [BW]\+[0-9.]+ \(sum of control\) · result W\+2\.5\n`).MatchString(out) {
		t.Errorf("exit %d, %s: the last move's estimate lacks the record's result:\n%s", code, stderr, out)
	}
}

func TestAnalyzePNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.png")
	runOK(t, "", "analyze", "--format", "png", "--pixels", "300", "--out", out, guLi)
	img := readPNG(t, out)
	// The board, and under it the caption's two lines: the game and
	// the move, the estimator and its estimate.
	if b := img.Bounds(); b.Dx() != 300 || b.Dy() != 300+render.CaptionHeight(300, 2) {
		t.Errorf("image is %v, want 300×%d", b, 300+render.CaptionHeight(300, 2))
	}
}

func TestAnalyzeStdin(t *testing.T) {
	out := runOK(t, "(;SZ[9]KM[7];B[ee])", "analyze", "--format", "json", "-")
	var r jsonReport
	decodeJSON(t, out, &r)
	if r.Size != 9 || r.Move != 1 || r.ToMove != "W" || r.BoardScore <= 0 {
		t.Errorf("size %d move %d to move %s score %g", r.Size, r.Move, r.ToMove, r.BoardScore)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	checkFailures(t, "analyze", []cliFailure{
		{"syntax error", "(;SZ[19]\n;B[dd]W[", []string{"-"}, 1, "moyo: stdin:2:8: value is not closed with ']'\n"},
		{"illegal move", "(;SZ[9];B[ee]\n;W[ee])", []string{"-"}, 1, "moyo: stdin:2:2: move 2 (W E5): point is occupied\n"},
		{"rectangular board", "(;SZ[19:13])", []string{"-"}, 1, "moyo: stdin:1:3: "},
		{"move past the end", "(;SZ[9];B[ee])", []string{"--move", "5", "-"}, 1, "moyo: stdin: --move 5 is outside the record, which has 1 moves\n"},
		{"missing file", "", []string{"no-such.sgf"}, 1, "moyo: open no-such.sgf: no such file or directory\n"},
		{"unknown estimator", "", []string{"--estimator", "katago", guLi}, 2, "moyo analyze: unknown estimator \"katago\" (valid: "},
		{"bad format", "", []string{"--format", "svg", guLi}, 2, "moyo analyze: unknown format"},
		{"lambda out of range", "", []string{"--lambda", "2", guLi}, 2, "moyo analyze: symmetric: lambda 2 is outside"},
		{"unknown flag", "", []string{"--lamda", "0.3", guLi}, 2, "moyo analyze: flag provided but not defined: -lamda"},
		{"no file", "", nil, 2, "moyo analyze: want one FILE, got 0"},
	})
}

// TestAnalyzeBeforeAnIllegalMove: the moves before an illegal one stay
// available, with a warning.
func TestAnalyzeBeforeAnIllegalMove(t *testing.T) {
	code, out, stderr := run(t, "(;SZ[9];B[ee];W[dd]\n;B[dd])", "analyze", "--move", "2", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "warning: stdin:2:2: move 3 (B D6): point is occupied") {
		t.Errorf("stderr %q lacks the warning", stderr)
	}
	if !strings.Contains(out, `"move":2`) {
		t.Errorf("output %s", out)
	}
}

func TestMainUsage(t *testing.T) {
	if code, out, _ := run(t, "", "help"); code != 0 || !strings.Contains(out, "analyze") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	if code, _, stderr := run(t, "", "frobnicate"); code != 2 || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d, %q", code, stderr)
	}
}
