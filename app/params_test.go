package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHelpFitsOneScreen checks the usage of moyo, of the desktop app and
// of every command: at most 80 lines, every flag that takes a value naming
// it (N, FILE, a number's type) rather than "string" or "value", and no
// word of the project's own (seed texts) where a paper should be named.
func TestHelpFitsOneScreen(t *testing.T) {
	cmds := [][]string{{"-h"}, {"--screenshot", "x.png", "-h"}}
	for _, c := range commands() {
		cmds = append(cmds, []string{c.name, "-h"})
	}
	untyped := regexp.MustCompile(`(?m)^  -\S+ (string|value)$`)
	for _, args := range cmds {
		code, stdout, stderr := run(t, "", args...)
		out := stdout + stderr
		if code != 0 || !strings.Contains(out, "usage: moyo") {
			t.Errorf("moyo %q: exit %d, %q; want 0 and the usage", args, code, out)
			continue
		}
		if n := strings.Count(out, "\n"); n > 80 {
			t.Errorf("moyo %q: %d lines of usage, want at most 80", args, n)
		}
		if m := untyped.FindAllString(out, -1); m != nil {
			t.Errorf("moyo %q: flags without a named value: %q", args, m)
		}
		for _, jargon := range []string{"seed 0", "seed's", "SPEC", "1 liberties"} {
			if strings.Contains(out, jargon) {
				t.Errorf("moyo %q: the usage says %q", args, jargon)
			}
		}
	}
}

// TestParamFlags checks that --param NAME=V, --params FILE in both its
// forms and the hidden flag --NAME V set the same parameter, the last
// given winning, and that a misspelt name, a malformed setting and a bad
// value in a file are misuses that say where.
func TestParamFlags(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	jsonFile := write("p.json", `{"lambda": 0.3, "mode": "alive"}`)
	lines := write("p.txt", "# symmetric, as in the docs\nlambda = 0.3\n\nmode=alive\n")
	analyze := func(args ...string) (map[string]any, string) {
		t.Helper()
		code, out, stderr := run(t, "(;SZ[9]AB[cc][cd]AW[gg])", append(append([]string{"analyze", "--format", "json"}, args...), "-")...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		var r jsonReport
		decodeJSON(t, out, &r)
		return r.Params, stderr
	}
	for _, args := range [][]string{
		{"--param", "lambda=0.3", "--param", "mode=alive"},
		{"--lambda", "0.3", "--mode", "alive"},
		{"--params", jsonFile},
		{"--params", lines},
		{"--param", "lambda=0.1", "--params", lines},                       // the file's later
		{"--params", jsonFile, "--lambda", "0.9", "--param", "lambda=0.3"}, // the last
	} {
		p, stderr := analyze(args...)
		if p["lambda"] != 0.3 || p["mode"] != "alive" || p["kappa"] != 0.8 {
			t.Errorf("%q: params %v, want lambda 0.3, mode alive and kappa's default 0.8", args, p)
		}
		if stderr != "" {
			t.Errorf("%q: stderr %q", args, stderr)
		}
	}
	if _, stderr := analyze("--param", "attenuation=3"); stderr != "moyo: warning: symmetric does not read attenuation (--param)\n" {
		t.Errorf("a parameter of another estimator: stderr %q", stderr)
	}

	bad := write("bad.txt", "lambda=0.3\nkappa\n")
	badValue := write("badvalue.txt", "\nlambda=much\n")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--param", "lamda=0.3"}, `moyo analyze: invalid value "lamda=0.3" for flag -param: no estimator has a parameter "lamda" ('moyo params ESTIMATOR' lists them)`},
		{[]string{"--param", "lambda"}, `moyo analyze: invalid value "lambda" for flag -param: want NAME=V, such as lambda=0.3`},
		{[]string{"--params", bad}, "moyo analyze: invalid value " + `"` + bad + `"` + " for flag -params: " + bad + `:2: want NAME=V, got "kappa"`},
		{[]string{"--params", badValue}, "moyo analyze: " + badValue + `:2: symmetric: lambda "much" is not a number`},
		{[]string{"--param", "lambda=2"}, "moyo analyze: symmetric: lambda 2 is outside"},
	} {
		code, _, stderr := run(t, "(;SZ[9])", append(append([]string{"analyze"}, tt.args...), "-")...)
		if code != 2 || !strings.HasPrefix(stderr, tt.want) || strings.Count(stderr, "\n") != 2 {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestParamsCommand checks 'moyo params': the list of estimators, and an
// estimator's table of parameters, row by row.
func TestParamsCommand(t *testing.T) {
	code, out, stderr := run(t, "", "params")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantAll(t, "moyo params", out, "symmetric     6 ", "bpl           87 ", "gnugo-engine  1 ")

	fields := func(out, name string) []string {
		for line := range strings.Lines(out) {
			if f := strings.Fields(line); len(f) > 0 && f[0] == name {
				return f
			}
		}
		return nil
	}
	for _, tt := range []struct {
		est, param string
		want       string // its row's fields up to the meaning's first word
	}{
		{"symmetric", "lambda", "lambda float 0.44 0 … 1 weight"},
		{"symmetric", "max-iter", "max-iter int 1000 1 … 100000 (log) iteration"},
		{"symmetric", "mode", "mode choice judged alive|judged how"},
		{"bp", "w-same", "w-same float 2.74 -3 … 3 coupling"},
		{"bpl", "w-s1-o1", "w-s1-o1 float 0.521 -5 … 5 coupling"},
	} {
		code, out, stderr := run(t, "", "params", tt.est)
		if code != 0 {
			t.Fatalf("params %s: exit %d: %s", tt.est, code, stderr)
		}
		n := len(strings.Fields(tt.want))
		if f := fields(out, tt.param); len(f) < n || strings.Join(f[:n], " ") != tt.want {
			t.Errorf("params %s: row %q, want it to start %q", tt.est, f, tt.want)
		}
	}
	_, out, _ = run(t, "", "params", "bpl")
	if !strings.Contains(out, "a chain with 1 liberty and") || strings.Contains(out, "1 liberties") {
		t.Errorf("params bpl: want \"1 liberty\":\n%s", out)
	}
	code, out, stderr = run(t, "", "params", "--format", "json", "symmetric")
	var est jsonParamsEstimator
	if err := json.Unmarshal([]byte(out), &est); code != 0 || err != nil {
		t.Fatalf("params --format json symmetric: exit %d, %v: %s", code, err, stderr)
	}
	if est.Name != "symmetric" || est.Count != 6 || len(est.Params) != 6 {
		t.Fatalf("params --format json symmetric: %+v", est)
	}
	if p := est.Params[2]; p.Name != "kappa" || p.Type != "float" || p.Default != 0.8 || *p.Min != 0 || *p.Max != 1 ||
		fmt.Sprint(p.When) != "map[mode:[judged]]" {
		t.Errorf("kappa in JSON: %+v", p)
	}
	if p := est.Params[0]; p.Name != "mode" || p.Default != "judged" || fmt.Sprint(p.Choices) != "[alive judged]" || p.Min != nil {
		t.Errorf("mode in JSON: %+v", p)
	}
	if code, _, stderr := run(t, "", "params", "symmetrc"); code != 2 || !strings.HasPrefix(stderr, `moyo params: unknown estimator "symmetrc" (valid: `) {
		t.Errorf("params symmetrc: exit %d, %q", code, stderr)
	}
}

// TestMixingOffersRandomFields: 'moyo mixing' offers the estimators it can
// sample, and refuses the others as unknown.
func TestMixingOffersRandomFields(t *testing.T) {
	_, _, usage := run(t, "", "mixing", "-h")
	if !strings.Contains(usage, "estimator: bp|bpl (default \"bp\")") || strings.Contains(usage, "gnugo-engine") || strings.Contains(usage, "-katago") {
		t.Errorf("mixing -h offers more than bp and bpl:\n%s", usage)
	}
	code, _, stderr := run(t, "", "mixing", "--estimator", "gnugo-engine", "--out", filepath.Join(t.TempDir(), "f.png"), guLi)
	if code != 2 || !strings.HasPrefix(stderr, `moyo mixing: unknown estimator "gnugo-engine" (valid: bp, bpl)`) {
		t.Errorf("mixing --estimator gnugo-engine: exit %d, %q", code, stderr)
	}
}
