package eval

import (
	"math"
	"testing"
)

// forecasts returns n forecasts of p, of which k came true.
func forecasts(p float64, n, k int) []Forecast {
	fs := make([]Forecast, n)
	for i := range fs {
		fs[i].P = p
		if i < k {
			fs[i].Outcome = 1
		}
	}
	return fs
}

func TestBrier(t *testing.T) {
	for _, tc := range []struct {
		name string
		fs   []Forecast
		want float64
	}{
		{"sure and right", []Forecast{{1, 1}, {0, 0}}, 0},
		{"sure and wrong", []Forecast{{1, 0}, {0, 1}}, 1},
		{"always a half", []Forecast{{0.5, 1}, {0.5, 0}, {0.5, 0}}, 0.25},
		{"a draw", []Forecast{{0.5, 0.5}, {0.9, 0.5}}, 0.16 / 2},
		// (0.1² + 0.3² + 0.4²)/3.
		{"mixed", []Forecast{{0.9, 1}, {0.3, 0}, {0.6, 1}}, (0.01 + 0.09 + 0.16) / 3},
	} {
		if got := Brier(tc.fs); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: Brier %v, want %v", tc.name, got, tc.want)
		}
	}
	if !math.IsNaN(Brier(nil)) {
		t.Error("Brier of no forecasts is a number")
	}
}

// TestReliabilityCalibrated builds forecasts that come true exactly as
// often as they say: every bin lies on the diagonal, the reliability term
// is 0, and the Brier score is the uncertainty less the resolution.
func TestReliabilityCalibrated(t *testing.T) {
	var fs []Forecast
	for _, c := range []struct {
		p    float64
		n, k int
	}{{0.1, 10, 1}, {0.3, 20, 6}, {0.7, 10, 7}, {0.95, 20, 19}} {
		fs = append(fs, forecasts(c.p, c.n, c.k)...)
	}
	bins := Reliability(fs, 10)
	if len(bins) != 10 || bins[0].Lo != 0 || bins[9].Hi != 1 {
		t.Fatalf("bins %+v", bins)
	}
	for b, want := range map[int]int{1: 10, 3: 20, 7: 10, 9: 20} {
		if bins[b].N != want || math.Abs(bins[b].MeanP-bins[b].Freq) > 1e-15 {
			t.Errorf("bin %d: %+v, want %d forecasts on the diagonal", b, bins[b], want)
		}
	}
	if bins[5].N != 0 || !math.IsNaN(bins[5].MeanP) || !math.IsNaN(bins[5].Freq) {
		t.Errorf("empty bin %+v", bins[5])
	}
	p := Decompose(fs, 10)
	// ō = (1 + 6 + 7 + 19)/60 = 0.55.
	if p.Reliability > 1e-15 || math.Abs(p.Uncertainty-0.55*0.45) > 1e-15 {
		t.Errorf("parts %+v; want reliability 0, uncertainty 0.2475", p)
	}
	wantRes := (10*0.45*0.45 + 20*0.25*0.25 + 10*0.15*0.15 + 20*0.4*0.4) / 60
	if math.Abs(p.Resolution-wantRes) > 1e-15 {
		t.Errorf("resolution %v, want %v", p.Resolution, wantRes)
	}
	if b := Brier(fs); math.Abs(b-(p.Reliability-p.Resolution+p.Uncertainty)) > 1e-15 {
		t.Errorf("Brier %v, parts give %v", b, p.Reliability-p.Resolution+p.Uncertainty)
	}
}

// TestReliabilityOverconfident: forecasts of 90% and 10% that come true 60%
// and 40% of the time lie off the diagonal by 0.3, so the reliability term
// is 0.09.
func TestReliabilityOverconfident(t *testing.T) {
	fs := append(forecasts(0.9, 10, 6), forecasts(0.1, 10, 4)...)
	fs = append(fs, Forecast{P: 1, Outcome: 1}) // 1 falls in the last bin
	bins := Reliability(fs, 5)
	if bins[4].N != 11 || bins[0].N != 10 || math.Abs(bins[4].Freq-7.0/11) > 1e-15 || math.Abs(bins[0].Freq-0.4) > 1e-15 {
		t.Errorf("bins %+v", bins)
	}
	fs = fs[:20]
	p := Decompose(fs, 5)
	if math.Abs(p.Reliability-0.09) > 1e-15 || math.Abs(p.Resolution-0.01) > 1e-15 || p.Uncertainty != 0.25 {
		t.Errorf("parts %+v, want reliability 0.09, resolution 0.01, uncertainty 0.25", p)
	}
	if b := Brier(fs); math.Abs(b-0.33) > 1e-15 {
		t.Errorf("Brier %v, want 0.09 − 0.01 + 0.25", b)
	}
}
