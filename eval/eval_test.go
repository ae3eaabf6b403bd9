package eval

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/game"
	"moyo/internal/testenv"
	"moyo/ownership"
	"moyo/rank"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*max(1, math.Abs(b)) }

func TestCompare(t *testing.T) {
	const eps = 1e-3
	ln := math.Log
	for _, tc := range []struct {
		name   string
		values []float64
		owner  []int8
		want   Measures
	}{
		{
			// Sure and right, sure and wrong, undecided on a decided
			// point, and a lean on a neutral point.
			name:   "mixed",
			values: []float64{1, -1, 0, 0.5},
			owner:  []int8{1, 1, -1, 0},
			want: Measures{
				CrossEntropy: (-ln(1-eps) - ln(eps) - ln(0.5) - 0.5*ln(0.75) - 0.5*ln(0.25)) / 4,
				Accuracy:     1.5 / 3,
				MAE:          (0 + 2 + 1 + 0.5) / 4,
				ScoreError:   0.5,
				ScoreBias:    -0.5,
			},
		},
		{
			name:   "seed formula at a lean",
			values: []float64{0.2, -0.6},
			owner:  []int8{1, -1},
			want: Measures{
				CrossEntropy: (-ln(0.6) - ln(0.8)) / 2,
				Accuracy:     1,
				MAE:          (0.8 + 0.4) / 2,
				ScoreError:   0.4,
				ScoreBias:    -0.4,
			},
		},
	} {
		var s Sums
		s.Compare(tc.values, tc.owner, eps)
		got := s.Measures()
		if !near(got.CrossEntropy, tc.want.CrossEntropy) || !near(got.Accuracy, tc.want.Accuracy) ||
			!near(got.MAE, tc.want.MAE) || !near(got.ScoreError, tc.want.ScoreError) || !near(got.ScoreBias, tc.want.ScoreBias) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestSumsAdd(t *testing.T) {
	var a, b, both Sums
	a.Compare([]float64{0.5, -0.5}, []int8{1, 1}, DefaultEpsilon)
	b.Compare([]float64{1, 0}, []int8{-1, 0}, DefaultEpsilon)
	both.Compare([]float64{0.5, -0.5}, []int8{1, 1}, DefaultEpsilon)
	both.Compare([]float64{1, 0}, []int8{-1, 0}, DefaultEpsilon)
	a.Add(b)
	if a != both {
		t.Errorf("Add: %+v, want %+v", a, both)
	}
	if m := (Sums{}).Measures(); !math.IsNaN(m.CrossEntropy) || !math.IsNaN(m.ScoreError) {
		t.Errorf("empty sums: %+v, want NaN", m)
	}
}

// madeUpGames returns the bundled records with a made-up final ownership
// (no stone dead), for tests that do not need GNU Go.
func madeUpGames(t *testing.T) []Game {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no records: %v", err)
	}
	sort.Strings(files)
	var games []Game
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		if err != nil {
			t.Fatal(err)
		}
		pos := rec.AfterMove(rec.Moves()).Position
		owner, err := ownership.Assign(pos, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, Game{File: f, Key: ownership.Key(data, 0), Record: rec, Final: &ownership.Final{Size: pos.Size(), Owner: owner}})
	}
	return games
}

func allCandidates() []Candidate {
	var cs []Candidate
	for _, e := range catalog.All() {
		cs = append(cs, Candidate{Estimator: e, Params: e.Info().Defaults()})
	}
	return cs
}

func TestRunDeterministic(t *testing.T) {
	games := madeUpGames(t)
	moves := []int{20, 150, 300}
	cfg := Config{Moves: moves, Candidates: allCandidates()}
	var first []Row
	for _, workers := range []int{1, 3} {
		cfg.Workers = workers
		rows, err := Run(context.Background(), games, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != len(cfg.Candidates)*len(moves) {
			t.Fatalf("%d rows, want %d", len(rows), len(cfg.Candidates)*len(moves))
		}
		if first == nil {
			first = rows
			continue
		}
		if !reflect.DeepEqual(rows, first) {
			t.Errorf("%d workers: rows differ from 1 worker's", workers)
		}
	}
	for k, r := range first {
		c, m := k/len(moves), k%len(moves)
		if r.Estimator != cfg.Candidates[c].Estimator.Info().Name || r.Move != moves[m] {
			t.Errorf("row %d is %s at %d, want %s at %d", k, r.Estimator, r.Move, cfg.Candidates[c].Estimator.Info().Name, moves[m])
		}
		// Every record is longer than 150 moves; one of them reaches 300.
		want := len(games)
		if r.Move == 300 {
			want = 1
		}
		if r.Positions != want || r.Points != want*19*19 {
			t.Errorf("%s at move %d: %d positions, %d points; want %d positions", r.Estimator, r.Move, r.Positions, r.Points, want)
		}
		// Every board has 361 points, so the row's cross-entropy and
		// score error are the means of its positions'.
		if len(r.Each) != want {
			t.Fatalf("%s at move %d: %d samples, want %d", r.Estimator, r.Move, len(r.Each), want)
		}
		var ce, se float64
		for _, s := range r.Each {
			ce += s.CrossEntropy / float64(want)
			se += s.ScoreError / float64(want)
		}
		rm := r.Measures()
		if math.Abs(ce-rm.CrossEntropy) > 1e-12 || math.Abs(se-rm.ScoreError) > 1e-9 {
			t.Errorf("%s at move %d: samples' means %v, %v; row's %v, %v", r.Estimator, r.Move, ce, se, rm.CrossEntropy, rm.ScoreError)
		}
	}
}

// failing is an estimator that always fails.
type failing struct{ estimators.Symmetric }

func (failing) Estimate(context.Context, *board.Position, estimators.Params) (estimators.Result, error) {
	return estimators.Result{}, errors.New("no luck")
}

func TestRunErrors(t *testing.T) {
	games := madeUpGames(t)
	_, err := Run(context.Background(), games, Config{Moves: []int{20}, Candidates: []Candidate{{Estimator: failing{}}}})
	if err == nil || !strings.Contains(err.Error(), "move 20") || !strings.Contains(err.Error(), "no luck") {
		t.Errorf("failing estimator: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, games, Config{Moves: []int{20}, Candidates: allCandidates()}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := Run(context.Background(), games, Config{Moves: []int{20}, Candidates: allCandidates(), Epsilon: 0.5}); err == nil {
		t.Error("epsilon 0.5 accepted")
	}
}

// TestCollectBundled collects the bundled records with GNU Go: the three
// Master games count to their results; GNU Go's score1 has none.
func TestCollectBundled(t *testing.T) {
	bin := testenv.GnuGo(t)
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	sort.Strings(files)
	files = append(files, filepath.Join("..", "testdata", "records", "missing.sgf"))
	calls := 0
	c, err := Collect(context.Background(), files, CollectOptions{
		GnuGo: bin, Cache: t.TempDir(),
		Progress: func(done, total int) {
			calls++
			if done != calls || total != len(files) {
				t.Errorf("progress(%d, %d) at call %d", done, total, calls)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Games) != 3 || c.Files != 5 || c.NotCounted != 1 || len(c.Disagreements) != 0 || len(c.Errors) != 1 {
		t.Errorf("collected %d games of %d files, %d not counted, %d disagreements, errors %v; want 3 of 5, 1, 0, the missing file",
			len(c.Games), c.Files, c.NotCounted, len(c.Disagreements), c.Errors)
	}
	for k, g := range c.Games {
		if g.File != files[k] {
			t.Errorf("game %d is %s, want %s (the files' order)", k, g.File, files[k])
		}
	}
}

func TestPercentile(t *testing.T) {
	// Gains of five moves, best first, as rank.Rank returns them.
	mk := func(gains ...float64) []rank.Move {
		var ms []rank.Move
		for i, g := range gains {
			ms = append(ms, rank.Move{Point: board.Point{X: i}, Gain: g})
		}
		return ms
	}
	for _, tc := range []struct {
		name   string
		moves  []rank.Move
		played board.Point
		want   float64
		ok     bool
	}{
		{"best", mk(5, 4, 3, 2, 1), board.Point{X: 0}, 100, true},
		{"worst", mk(5, 4, 3, 2, 1), board.Point{X: 4}, 0, true},
		{"middle", mk(5, 4, 3, 2, 1), board.Point{X: 2}, 50, true},
		{"second", mk(5, 4, 3, 2, 1), board.Point{X: 1}, 75, true},
		{"tied with two", mk(5, 3, 3, 3, 1), board.Point{X: 2}, 50, true},
		{"tied best", mk(3, 3, 1), board.Point{X: 1}, 75, true},
		{"all tied", mk(2, 2, 2), board.Point{X: 0}, 50, true},
		{"not legal", mk(5, 4), board.Point{X: 9}, 0, false},
		{"no choice", mk(5), board.Point{X: 0}, 0, false},
	} {
		got, ok := Percentile(tc.moves, tc.played)
		if ok != tc.ok || !near(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestSurvival(t *testing.T) {
	p := Prediction{Positions: 4}
	p.Histogram[0] = 1
	p.Histogram[50] = 1
	p.Histogram[99] = 2
	r := p.Survival()
	for _, tc := range []struct {
		x    int
		want float64
	}{{0, 1}, {1, 0.75}, {50, 0.75}, {51, 0.5}, {99, 0.5}} {
		if r[tc.x] != tc.want {
			t.Errorf("R(%d) = %v, want %v", tc.x, r[tc.x], tc.want)
		}
	}
}

func TestPredict(t *testing.T) {
	games := madeUpGames(t)
	est, _ := catalog.ByName("symmetric")
	calls := 0
	cfg := Config{
		Moves:      []int{150, 400},
		Candidates: []Candidate{{Estimator: est, Params: est.Info().Defaults()}},
		Progress: func(done, total int) {
			calls++
			if done != calls || total != 2*len(games) {
				t.Errorf("progress(%d, %d) at call %d", done, total, calls)
			}
		},
	}
	preds, err := Predict(context.Background(), games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(preds) != 2 || preds[0].Move != 150 || preds[1].Move != 400 {
		t.Fatalf("predictions %+v", preds)
	}
	p := preds[0]
	n := 0
	for _, c := range p.Histogram {
		n += c
	}
	if p.Positions != len(games) || n != p.Positions || p.Skipped != 0 {
		t.Errorf("move 150: %d positions, %d in the histogram, %d skipped; want %d, all, 0", p.Positions, n, p.Skipped, len(games))
	}
	t.Logf("symmetric, move 151 of %d games: mean percentile %.1f", len(games), p.MeanPercentile())
	if m := p.MeanPercentile(); m < 0 || m > 100 {
		t.Errorf("mean percentile %v", m)
	}
	if preds[1].Positions != 0 {
		t.Errorf("move 400: %d positions, want none", preds[1].Positions)
	}
	// The choices kept for the move model place the played moves as the
	// percentiles do.
	if len(p.Choices) != p.Positions {
		t.Fatalf("%d choices for %d positions", len(p.Choices), p.Positions)
	}
	sum := 0.0
	for _, c := range p.Choices {
		below := 0.0
		for i, u := range c.U {
			switch {
			case i == c.Played:
			case u < c.U[c.Played]:
				below++
			case u == c.U[c.Played]:
				below += 0.5
			}
		}
		sum += 100 * below / float64(len(c.U)-1)
	}
	if !near(sum, p.PercentileSum) {
		t.Errorf("the choices' percentiles add up to %v, the prediction's to %v", sum, p.PercentileSum)
	}
	// At β = 0 the move model is the uniform choice.
	if ll, uni := p.LogLikelihood(0); !near(ll, uni) || uni >= -math.Log(50) {
		t.Errorf("at β = 0: %v nats per move, uniform %v", ll, uni)
	}
	if ll, uni := preds[1].LogLikelihood(0); !math.IsNaN(ll) || !math.IsNaN(uni) {
		t.Errorf("no positions: %v, %v; want NaN", ll, uni)
	}
	f, err := FitMoveModel(preds, "symmetric")
	if err != nil {
		t.Fatal(err)
	}
	if ll, _ := p.LogLikelihood(f.Beta); f.Choices != p.Positions || !near(ll, f.PerMove()) {
		t.Errorf("fit on %d choices, %v nats per move; want %d and %v", f.Choices, f.PerMove(), p.Positions, ll)
	}
	if _, err := FitMoveModel(preds, "nope"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("a setting without predictions: %v", err)
	}
}

func TestPlayedAfter(t *testing.T) {
	rec, err := game.Parse([]byte("(;SZ[9];B[ee];W[];B[cc])"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		n    int
		want string
		ok   bool
	}{{0, "B ee", true}, {1, "W pass", true}, {2, "B cc", true}, {3, "", false}} {
		m, ok := playedAfter(rec, tc.n)
		if ok != tc.ok || (ok && m.String() != tc.want) {
			t.Errorf("after %d: %v, %v; want %s, %v", tc.n, m, ok, tc.want, tc.ok)
		}
	}
}
