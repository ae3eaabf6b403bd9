package eval

import (
	"context"
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"moyo/estimators/catalog"
	"moyo/ownership"
)

// countedGames returns the bundled records that give a result, with a
// made-up final ownership and the record's result and komi.
func countedGames(t *testing.T) []Game {
	t.Helper()
	var out []Game
	for _, g := range madeUpGames(t) {
		if g.Record.Info.Result == "" {
			continue
		}
		f := *g.Final
		f.Result, f.Komi = g.Record.Info.Result, g.Record.Info.Komi
		g.Final, g.Agreement = &f, ownership.Agreement{Komi: f.Komi}
		out = append(out, g)
	}
	return out
}

func TestWinner(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want float64
		bad  bool
	}{{"B+3.5", 1, false}, {"W+0.5", 0, false}, {"Draw", 0.5, false}, {"B+R", 0, true}} {
		got, err := Winner(&ownership.Final{Result: tc.re})
		if got != tc.want || (err != nil) != tc.bad {
			t.Errorf("Winner(%q) = %v, %v", tc.re, got, err)
		}
	}
}

// TestWinProbs forecasts the winner of the three Master games (White won
// them all) after moves 150 and 400 with the random fields among the
// candidates: bp's model twice (its inference does not matter to the
// samples, so the forecasts agree) and bpl's; symmetric is left out.
func TestWinProbs(t *testing.T) {
	games := countedGames(t)
	if len(games) != 3 {
		t.Fatalf("%d counted games, want 3", len(games))
	}
	cands, err := ParseSettings("bp,symmetric,bp:inference=sw,bpl", catalog.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(t.TempDir(), "journal")
	j, err := OpenJournal(journal)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Moves: []int{150, 400}, Candidates: cands, Journal: j}
	o := WinProbOptions{Sweeps: 200, Seed: 1}
	wps, err := WinProbs(context.Background(), games, cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(wps) != 3*2 || wps[0].Setting != "bp" || wps[2].Setting != "bp:inference=sw" || wps[4].Estimator != "bpl" {
		t.Fatalf("%d forecasts: %+v", len(wps), wps)
	}
	for _, w := range wps {
		switch w.Move {
		case 150:
			if len(w.Forecasts) != 3 || len(w.Files) != 3 {
				t.Errorf("%s, move 150: %d forecasts", w.Setting, len(w.Forecasts))
				continue
			}
			for _, f := range w.Forecasts {
				if !(f.P >= 0 && f.P <= 1) || f.Outcome != 0 {
					t.Errorf("%s: forecast %+v", w.Setting, f)
				}
			}
			t.Logf("%s, move 150: P(Black wins) %.3f %.3f %.3f, Brier %.3f", w.Setting, w.Forecasts[0].P, w.Forecasts[1].P, w.Forecasts[2].P, Brier(w.Forecasts))
		case 400:
			if len(w.Forecasts) != 0 {
				t.Errorf("%s, move 400, after every game: %d forecasts", w.Setting, len(w.Forecasts))
			}
		}
	}
	if !reflect.DeepEqual(wps[0].Forecasts, wps[2].Forecasts) {
		t.Error("bp's model gives other forecasts under another inference")
	}
	// bp's model is sampled once for both its settings; bpl's untrained
	// model is Boltzmann5's, but another estimator's.
	if n := j.Len(); n != 2*3 {
		t.Errorf("journal holds %d pieces, want 6 (2 fields × 3 games at move 150)", n)
	}
	j.Close()

	// One worker, from the journal: the same.
	if j, err = OpenJournal(journal); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg.Workers, cfg.Journal = 1, j
	again, err := WinProbs(context.Background(), games, cfg, o)
	if err != nil || !reflect.DeepEqual(again, wps) {
		t.Errorf("from the journal: %v, same %v", err, reflect.DeepEqual(again, wps))
	}
	// One worker, no journal: the same.
	cfg.Journal = nil
	again, err = WinProbs(context.Background(), games, cfg, o)
	if err != nil || !reflect.DeepEqual(again, wps) {
		t.Errorf("one worker: %v, same %v", err, reflect.DeepEqual(again, wps))
	}
	// Another seed samples otherwise.
	other, err := WinProbs(context.Background(), games, cfg, WinProbOptions{Sweeps: 200, Seed: 2})
	if err != nil || reflect.DeepEqual(other, wps) {
		t.Errorf("another seed: %v, same forecasts %v", err, reflect.DeepEqual(other, wps))
	}
	if _, err := WinProbs(context.Background(), games, cfg, WinProbOptions{Sweeps: 5}); err == nil {
		t.Error("5 sweeps: no error")
	}
	for _, w := range wps[:1] {
		if b := Brier(w.Forecasts); math.IsNaN(b) || b > 1 {
			t.Errorf("Brier %v", b)
		}
	}
}
