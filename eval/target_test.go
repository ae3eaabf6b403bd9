package eval

import (
	"context"
	"math"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"moyo/estimators"
)

func TestCompareRef(t *testing.T) {
	const eps = 1e-3
	ln := math.Log
	var s Sums
	// A lean on a lean, sure and wrong where the reference leans the
	// other way, undecided where the reference is not sure either.
	s.CompareRef([]float64{0.5, -1, 0}, []float64{0.5, 0.6, -0.2}, eps)
	got := s.Measures()
	want := Measures{
		CrossEntropy: (-(0.75*ln(0.75) + 0.25*ln(0.25)) - (0.8*ln(eps) + 0.2*ln(1-eps)) - (0.4*ln(0.5) + 0.6*ln(0.5))) / 3,
		Accuracy:     0.5, // |r| ≥ 0.5 at the first two points; right at the first
		MAE:          (0 + 1.6 + 0.2) / 3,
		ScoreError:   1.4, // Σv = −0.5 against Σr = 0.9
		ScoreBias:    -1.4,
	}
	if !near(got.CrossEntropy, want.CrossEntropy) || !near(got.Accuracy, want.Accuracy) ||
		!near(got.MAE, want.MAE) || !near(got.ScoreError, want.ScoreError) || !near(got.ScoreBias, want.ScoreBias) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if s.Decided != 2 {
		t.Errorf("%d decided points, want 2", s.Decided)
	}
}

// TestCompareRefFinal: against a final ownership read as a map, CompareRef
// adds exactly what Compare adds.
func TestCompareRefFinal(t *testing.T) {
	for _, g := range madeUpGames(t) {
		pos := g.Record.AfterMove(150).Position
		res, err := estimators.Symmetric{}.Estimate(context.Background(), pos, estimators.Symmetric{}.Info().Defaults())
		if err != nil {
			t.Fatal(err)
		}
		ref, ok := g.Target(150)
		if !ok {
			t.Fatal("no target at move 150")
		}
		var a, b Sums
		a.Compare(res.Values, g.Final.Owner, DefaultEpsilon)
		b.CompareRef(res.Values, ref, DefaultEpsilon)
		if a != b {
			t.Errorf("%s: Compare %+v, CompareRef %+v", g.File, a, b)
		}
	}
}

func TestRefEntropy(t *testing.T) {
	got := RefEntropy([]float64{1, -1, 0, 0.5})
	want := math.Log(2) - (0.75*math.Log(0.75) + 0.25*math.Log(0.25))
	if !near(got, want) {
		t.Errorf("RefEntropy = %v, want %v", got, want)
	}
}

// referenceGames returns the bundled games with the symmetric estimate as
// their reference at moves 20 and 150, and none at 80.
func referenceGames(t *testing.T) []Game {
	t.Helper()
	games := madeUpGames(t)
	e := estimators.Symmetric{}
	for k := range games {
		games[k].Reference = map[int][]float64{80: nil}
		for _, move := range []int{20, 150} {
			res, err := e.Estimate(context.Background(), games[k].Record.AfterMove(move).Position, e.Info().Defaults())
			if err != nil {
				t.Fatal(err)
			}
			games[k].Reference[move] = res.Values
		}
	}
	return games
}

// TestRunReference measures against reference maps: the symmetric
// estimate against itself has no error and the least cross-entropy; a
// move without maps has no positions.
func TestRunReference(t *testing.T) {
	games := referenceGames(t)
	rows, err := Run(context.Background(), games, Config{Moves: []int{20, 80, 150}, Candidates: allCandidates()})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		m := r.Measures()
		if r.Move == 80 {
			if r.Positions != 0 {
				t.Errorf("%s at move 80: %d positions without a reference", r.Setting, r.Positions)
			}
			continue
		}
		if r.Positions != len(games) {
			t.Errorf("%s at move %d: %d positions, want %d", r.Setting, r.Move, r.Positions, len(games))
		}
		h := TargetEntropy(games, r.Move)
		if m.CrossEntropy < h-1e-12 {
			t.Errorf("%s at move %d: cross-entropy %.4f below the reference's entropy %.4f", r.Setting, r.Move, m.CrossEntropy, h)
		}
		if r.Setting != "symmetric" {
			continue
		}
		// Only the clamp to [ε, 1 − ε] at the stones, which are ±1,
		// separates the cross-entropy from its floor.
		if m.MAE != 0 || m.ScoreError != 0 || m.Accuracy != 1 || m.CrossEntropy-h > 1.001e-3 {
			t.Errorf("symmetric against itself at move %d: %+v, reference entropy %.4f", r.Move, m, h)
		}
	}
	if h := TargetEntropy(games, 80); !math.IsNaN(h) {
		t.Errorf("entropy at a move without maps: %v", h)
	}
}

// TestJournalReference: a journal answers for a reference map only, not
// for another map of the same position or for the final ownership.
func TestJournalReference(t *testing.T) {
	j, err := OpenJournal(filepath.Join(t.TempDir(), "journal"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cands := []Candidate{{Estimator: estimators.Propagate{}, Params: estimators.Propagate{}.Info().Defaults()}}
	run := func(games []Game) Sums {
		t.Helper()
		rows, err := Run(context.Background(), games, Config{Moves: []int{150}, Candidates: cands, Journal: j})
		if err != nil {
			t.Fatal(err)
		}
		return rows[0].Sums
	}
	final := run(madeUpGames(t))
	ref := referenceGames(t)
	self := run(ref)
	if self == final {
		t.Error("the journal answered for the reference with the final ownership's measures")
	}
	for k := range ref {
		for i, v := range ref[k].Reference[150] {
			ref[k].Reference[150][i] = -v
		}
	}
	if flipped := run(ref); flipped == self {
		t.Error("the journal answered for another reference map")
	}
	if again := run(referenceGames(t)); again != self {
		t.Errorf("the same reference again: %+v, want %+v", again, self)
	}
}

// TestCollectAny collects the bundled records without judging them: every
// game that replays, counted or not, and no GNU Go is needed.
func TestCollectAny(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	sort.Strings(files)
	files = append(files, filepath.Join("..", "testdata", "records", "missing.sgf"))
	c, err := Collect(context.Background(), files, CollectOptions{GnuGo: "/no/gnugo", Any: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Games) != 4 || c.NotCounted != 0 || len(c.Errors) != 1 {
		t.Fatalf("%d games, %d not counted, errors %v; want the 4 records and the missing file", len(c.Games), c.NotCounted, c.Errors)
	}
	var got []string
	for _, g := range c.Games {
		if g.Final != nil {
			t.Errorf("%s was judged", g.File)
		}
		got = append(got, g.File)
	}
	if !reflect.DeepEqual(got, files[:4]) {
		t.Errorf("games %v, want %v", got, files[:4])
	}
}
