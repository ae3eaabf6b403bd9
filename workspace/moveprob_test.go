package workspace

import (
	"math"
	"testing"

	"moyo/assets"
	"moyo/estimators/catalog"
)

// TestFittedBetas reads the shipped move model, 'moyo fit --move-model'
// on the AI games: a β for every estimator, seds's and propagate's as
// the report gives them; and none for a setting other than an
// estimator's defaults.
func TestFittedBetas(t *testing.T) {
	betas, err := fittedBetas(assets.MoveModel())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range catalog.All() {
		if _, ok := betas[e.Info().Name]; !ok {
			t.Errorf("no β for %s", e.Info().Name)
		}
	}
	if b := betas["seds"]; math.Abs(b-0.9144) > 5e-5 {
		t.Errorf("seds: β %v, want 0.9144", b)
	}
	if b := betas["propagate"]; math.Abs(b+0.1129) > 5e-5 {
		t.Errorf("propagate: β %v, want -0.1129", b)
	}
	got, err := fittedBetas([]byte(`{"settings": [
		{"setting": "symmetric", "estimator": "symmetric", "beta": 0.5},
		{"setting": "symmetric:lambda=0.3", "estimator": "symmetric", "beta": 9},
		{"setting": "seds", "estimator": "seds", "beta": null, "error": "unbounded"}]}`))
	if err != nil || len(got) != 1 || got["symmetric"] != 0.5 {
		t.Errorf("%v, %v; want symmetric's 0.5 alone", got, err)
	}
	if _, err := fittedBetas([]byte("{")); err == nil {
		t.Error("a broken report: no error")
	}
}

// TestMoveProbs checks P(move) of a ranking: the softmax of β times the
// gains, over every legal move, in the ranking's order.
func TestMoveProbs(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, "(;GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc])")
	// seds's gains predict play: β > 0, the best move the likeliest.
	if err := ws.Settings().SetEstimator("seds"); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := ws.MoveProbs(); ok {
		t.Error("P(move) without a ranking")
	}
	ws.Ranking().SetOn(true)
	q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	r, _ := ws.Ranking().Shown()
	probs, beta, ok := ws.MoveProbs()
	want, _ := ws.MoveBeta("seds")
	if !ok || beta != want || len(probs) != len(r.Moves) {
		t.Fatalf("%d probabilities at β %v (%v) for %d moves; want β %v", len(probs), beta, ok, len(r.Moves), want)
	}
	sum := 0.0
	for i, p := range probs {
		sum += p
		if i > 0 && p > probs[i-1] {
			t.Errorf("move %d more likely than move %d, which ranks above it", i, i-1)
		}
		// The ratio to the best move's is exp(β·(gain − best gain)).
		if w := probs[0] * math.Exp(beta*(r.Moves[i].Gain-r.Moves[0].Gain)); math.Abs(p-w) > 1e-12 {
			t.Errorf("move %d: P %v, want %v", i, p, w)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
}
