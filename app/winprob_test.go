package app

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"moyo/internal/testenv"
)

// TestEvalWinProb measures the calibration of bp's P(Black wins) on the
// bundled records (White won all three), with symmetric beside it, which
// is not a random field and is left out.
func TestEvalWinProb(t *testing.T) {
	testenv.GnuGo(t)
	cache, dir := t.TempDir(), filepath.Join(t.TempDir(), "plots")
	r := evalJSON(t, "--cache", cache, "--win-prob", "--win-sweeps", "200", "--estimators", "bp,symmetric", "--moves", "150,400", "--plots", dir, records)
	if len(r.WinProb) != 2 {
		t.Fatalf("%d calibrations, want bp at moves 150 and 400", len(r.WinProb))
	}
	w := r.WinProb[0]
	if w.Setting != "bp" || w.Move != 150 || w.Positions != 3 || w.Brier == nil || *w.BlackWon != 0 || len(w.Bins) != 10 {
		t.Fatalf("%+v", w)
	}
	n, brier := 0, 0.0
	for _, b := range w.Bins {
		n += b.N
		if b.N > 0 {
			// Black won none: each bin's Brier is its mean p², whose
			// mean over the bins is at least (mean p)².
			brier += float64(b.N) * *b.MeanP * *b.MeanP
			if *b.Freq != 0 || *b.MeanP < b.Lo || *b.MeanP > b.Hi {
				t.Errorf("bin %+v", b)
			}
		}
	}
	if n != 3 || *w.Brier < brier/3-1e-12 || *w.Reliability > *w.Brier+1e-12 || *w.Uncertainty != 0 {
		t.Errorf("%d forecasts in the bins; Brier %v, reliability %v, uncertainty %v", n, *w.Brier, *w.Reliability, *w.Uncertainty)
	}
	if r.WinProb[1].Positions != 0 || r.WinProb[1].Brier != nil {
		t.Errorf("move 400, after every game: %+v", r.WinProb[1])
	}
	for file, header := range map[string]string{
		"winprob.csv":     "setting,estimator,move,file,p_black_wins,black_won",
		"reliability.csv": "setting,estimator,move,lo,hi,n,mean_p,freq",
	} {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); lines[0] != header || len(lines) != map[string]int{"winprob.csv": 4, "reliability.csv": 21}[file] {
			t.Errorf("%s: %q, %d lines", file, lines[0], len(lines))
		}
	}
	f, err := os.Open(filepath.Join(dir, "reliability.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 2*560 || cfg.Height != 420 {
		t.Errorf("reliability.png: %dx%d, %v", cfg.Width, cfg.Height, err)
	}

	code, text, stderr := run(t, "", "eval", "--cache", cache, "--win-prob", "--win-sweeps", "200", "--estimators", "bp,symmetric", "--moves", "150", records)
	if code != 0 || !strings.Contains(text, "\nbp          150         3  0.") || !strings.Contains(text, "not sampled: symmetric") {
		t.Errorf("text: exit %d, %s\n%s", code, stderr, text)
	}
	if code, _, stderr := run(t, "", "eval", "--win-prob", "--win-sweeps", "5", records); code != 2 || !strings.Contains(stderr, "--win-sweeps 5") {
		t.Errorf("--win-sweeps 5: exit %d, %q", code, stderr)
	}
}
