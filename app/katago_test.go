package app

import (
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"strings"
	"testing"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/internal/testenv"
	"moyo/render"
)

// fakeKata stands in for KataGo as an estimator: Judge gives its raw
// network's judgement, a lead of 2 points for Black at the komi it is told
// and a win rate of 0.7 for Black, over an ownership of −0.25 everywhere.
// It keeps the query it was asked.
type fakeKata struct{ asked *engines.Query }

func (f *fakeKata) Info() estimators.Info {
	return estimators.Info{Name: "katago", Title: "KataGo's ownership", Sum: engines.KataGoSum}
}
func (f *fakeKata) Check(estimators.Params) error { return nil }
func (f *fakeKata) Estimate(context.Context, *board.Position, estimators.Params) (estimators.Result, error) {
	return estimators.Result{}, errors.New("KataGo is asked about the record, not the bare position")
}
func (f *fakeKata) Judge(ctx context.Context, q engines.Query) (engines.Analysis, *engines.Analysis, error) {
	f.asked = &q
	n := q.Size() * q.Size()
	a := engines.Analysis{Size: q.Size(), Ownership: make([]float64, n), ScoreLead: 2, Winrate: 0.7}
	for i := range a.Ownership {
		a.Ownership[i] = -0.25
	}
	return a, nil, nil
}

// TestAnalyzeKataGo checks that 'moyo analyze --estimator katago' gives
// KataGo's own lead and win rate, asked with the record's moves and komi,
// and names the sum of its ownership as the estimate it is.
func TestAnalyzeKataGo(t *testing.T) {
	kata := &fakeKata{}
	env := func(out *strings.Builder) Env {
		return Env{Stdin: strings.NewReader(""), Stdout: out, Stderr: out, Estimators: append(catalog.All(), kata)}
	}
	var out strings.Builder
	if code := Main(env(&out), []string{"analyze", "--estimator", "katago", "--move", "100", "--format", "json", guLi}); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	if q := kata.asked; q == nil || q.Komi != 6.5 || len(q.Moves) != 100 {
		t.Fatalf("KataGo was asked %+v; want the record's 100 moves at komi 6.5", q)
	}
	var r jsonReport
	if err := json.Unmarshal([]byte(out.String()), &r); err != nil {
		t.Fatal(err)
	}
	// 361 × −0.25 = −90.25, komi 6.5.
	if r.ScoreLead == nil || *r.ScoreLead != 2 || r.Winrate == nil || *r.Winrate != 0.7 || r.Visits == nil || *r.Visits != 0 ||
		r.NetworkScoreLead != nil || r.BoardScore != -90.25 || r.Estimate != "W+96.8" || r.EstimateOf != engines.KataGoSum {
		t.Errorf("lead %v, win rate %v, visits %v, network lead %v, board %g, estimate %q of %q",
			r.ScoreLead, r.Winrate, r.Visits, r.NetworkScoreLead, r.BoardScore, r.Estimate, r.EstimateOf)
	}
	out.Reset()
	if code := Main(env(&out), []string{"analyze", "--estimator", "katago", "--move", "100", guLi}); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	wantAll(t, "text", out.String(),
		"\nkatago:     lead B+2.0, Black wins 70.0% (network only)\n",
		"\n            estimate W+96.8 (sum of KataGo's ownership)\n",
	)
	// The PNG's caption: KataGo's lead on the estimator's line, the sum
	// of its ownership under it.
	out.Reset()
	if code := Main(env(&out), []string{"analyze", "--estimator", "katago", "--move", "100", "--format", "png", "--pixels", "400", guLi}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	img, err := png.Decode(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dy() != 400+render.CaptionHeight(400, 3) {
		t.Errorf("picture %v, want 400×%d: a caption of three lines", b, 400+render.CaptionHeight(400, 3))
	}
}

// TestAnalyzeRealKataGo runs 'moyo analyze --estimator katago' on the real
// KataGo of ../shared/engines/katago (testenv.KataGo: a SKIP line without
// it, a failure in CI): its lead and win rate agree with each other and
// with the game, which White won by 2.5 at komi 6.5.
func TestAnalyzeRealKataGo(t *testing.T) {
	f := testenv.KataGo(t)
	args := []string{"analyze", "--estimator", "katago", "--katago", f.Program, "--katago-model", f.Model, "--katago-config", f.GTPConfig,
		"--move", "200", "--format", "json", guLi}
	out := runOK(t, "", args...)
	var r jsonReport
	decodeJSON(t, out, &r)
	if r.ScoreLead == nil || r.Winrate == nil || r.EstimateOf != engines.KataGoSum {
		t.Fatalf("lead %v, win rate %v, estimate of %q", r.ScoreLead, r.Winrate, r.EstimateOf)
	}
	lead, win := *r.ScoreLead, *r.Winrate
	t.Logf("move 200: KataGo's lead %+.2f, Black wins %.3f; its ownership sums to %s", lead, win, r.Estimate)
	if win < 0 || win > 1 || (lead > 0) != (win > 0.5) {
		t.Errorf("lead %g and win rate %g disagree", lead, win)
	}
}
