package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"moyo/internal/testenv"
)

// fitMoveJSON runs 'moyo fit --move-model --format json' and decodes its
// output.
func fitMoveJSON(t *testing.T, args ...string) jsonMoveFit {
	t.Helper()
	out := runOK(t, "", append([]string{"fit", "--move-model", "--format", "json"}, args...)...)
	var r jsonMoveFit
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return r
}

// TestFitMoveModel fits β to the moves played after moves 100 and 150 of
// the bundled records: the same β as 'moyo eval --predict' finds on the
// same positions, and with --holdout the held-out games measured at it.
func TestFitMoveModel(t *testing.T) {
	testenv.GnuGo(t)
	cache := t.TempDir()
	settings := "seds,propagate:attenuation=3"
	r := fitMoveJSON(t, "--cache", cache, "--estimator", settings, "--moves", "100,150", records)
	if r.Games != 3 || r.TrainGames != 3 || r.HeldGames != 0 || len(r.Settings) != 2 {
		t.Fatalf("%d games, %d training, %d held out, %d settings", r.Games, r.TrainGames, r.HeldGames, len(r.Settings))
	}
	e := evalJSON(t, "--cache", cache, "--estimators", settings, "--moves", "100,150", "--predict", records)
	for k, s := range r.Settings {
		m := e.MoveModel[k]
		if s.Setting != m.Setting || s.Positions != 6 || s.Beta == nil || *s.Beta != *m.Beta || *s.LogLikelihood != *m.LogLikelihood ||
			*s.Uniform != *m.Uniform || s.Held != 0 || s.HeldLL != nil {
			t.Errorf("fit %+v, eval's move model %+v", s, m)
		}
	}
	if s := r.Settings[1]; s.Estimator != "propagate" || s.Params["attenuation"] != 3.0 {
		t.Errorf("setting %+v", s)
	}

	h := fitMoveJSON(t, "--cache", cache, "--estimator", "seds", "--moves", "100,150", "--holdout", "0.4", records)
	s := h.Settings[0]
	if h.TrainGames+h.HeldGames != 3 || h.HeldGames == 0 || s.Positions != 2*h.TrainGames || s.Held != 2*h.HeldGames ||
		s.HeldLL == nil || s.HeldUniform == nil || *s.HeldUniform > -5 {
		t.Errorf("held out: %+v, %+v", h, s)
	}

	// With the journal of an eval --predict run: nothing ranked again.
	journal := filepath.Join(t.TempDir(), "journal")
	if code, _, stderr := run(t, "", "eval", "--cache", cache, "--estimators", "seds", "--moves", "100,150", "--predict", "--resume", journal, records); code != 0 {
		t.Fatalf("eval: exit %d: %s", code, stderr)
	}
	code, out, stderr := run(t, "", "fit", "--move-model", "--format", "json", "--cache", cache, "--estimator", "seds", "--moves", "100,150", "--resume", journal, records)
	var j jsonMoveFit
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, stderr)
	}
	// 6 estimates and 6 rankings.
	if *j.Settings[0].Beta != *r.Settings[0].Beta || !strings.Contains(stderr, "holds 12 finished pieces") {
		t.Errorf("from the journal: β %v, want %v; stderr %q", *j.Settings[0].Beta, *r.Settings[0].Beta, stderr)
	}

	// Every estimator without --estimator; text output.
	text := runOK(t, "", "fit", "--move-model", "--cache", cache, "--moves", "150", records)
	wantAll(t, "text output", text, "setting   positions", "\npropagate         3 ", "\nseds              3 ", "\nbp                3 ")
}

func TestFitMoveModelUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--grid", "lambda=0:1:0.5"}, "--move-model and --grid"},
		{[]string{"--ml"}, "--move-model and --ml"},
		{[]string{"--save", "x"}, "--move-model and --save"},
		{[]string{"--estimator", "bp:inference=gibbs"}, `--estimator: "bp:inference=gibbs"`},
		{[]string{"--holdout", "1"}, "--holdout 1 is outside"},
		{[]string{"--moves", "x"}, "--moves"},
	} {
		if tc.want == "--moves" {
			// Without --move-model, --resume is refused.
			if code, _, stderr := run(t, "", "fit", "--grid", "lambda=0,1", "--resume", "j", records); code != 2 || !strings.Contains(stderr, "--resume keeps") {
				t.Errorf("--resume without --move-model: exit %d, %q", code, stderr)
			}
		}
		args := append(append([]string{"fit", "--move-model"}, tc.args...), records)
		if code, _, stderr := run(t, "", args...); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", args, code, stderr, tc.want)
		}
	}
}
