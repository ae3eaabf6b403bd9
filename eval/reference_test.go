package eval

import (
	"math"
	"moyo/internal/testutil"
	"testing"
)

func TestMeasureAgainst(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name        string
		v, r        []float64
		mae         float64
		decided     int
		agree, corr float64
		diff        float64
	}{
		// Identical maps agree everywhere.
		{"same", []float64{1, -0.5, 0.2, 0}, []float64{1, -0.5, 0.2, 0}, 0, 2, 1, 1, 0},
		// Opposite maps: every decided sign wrong, correlation −1.
		{"opposite", []float64{0.8, -0.6, 0.1}, []float64{-0.8, 0.6, -0.1}, (1.6 + 1.2 + 0.2) / 3, 2, 0, -1, 0.6},
		// Only |r| ≥ 0.5 is decided (−0.49 is not); v = 0 on a decided
		// point counts half. Σv = 1, Σr = 0.21.
		{"decided", []float64{0, 0.9, -0.2, 0.3}, []float64{0.5, 0.9, -0.49, -0.7},
			(0.5 + 0 + 0.29 + 1.0) / 4, 3, (0.5 + 1 + 0) / 3, nan, 1 - 0.21},
		// A constant reference has no correlation.
		{"constant", []float64{0.5, 0.2}, []float64{1, 1}, 0.65, 2, 1, nan, -1.3},
		{"empty", nil, nil, nan, 0, nan, nan, 0},
	} {
		m := MeasureAgainst(tc.v, tc.r)
		if tc.name == "decided" {
			tc.corr = testutil.Pearson(tc.v, tc.r)
		}
		if !nearNaN(m.MAE, tc.mae) || m.Decided != tc.decided || !nearNaN(m.SignAgreement, tc.agree) ||
			!nearNaN(m.Correlation, tc.corr) || !nearNaN(m.ScoreDiff, tc.diff) || m.Points != len(tc.v) {
			t.Errorf("%s: %+v, want MAE %g, %d decided, agreement %g, r %g, score difference %g",
				tc.name, m, tc.mae, tc.decided, tc.agree, tc.corr, tc.diff)
		}
	}
}

// TestMeasureAgainstFinal: against a final ownership, the measures are
// those of Sums.
func TestMeasureAgainstFinal(t *testing.T) {
	values := []float64{0.9, -0.3, 0, 0.4, -1, 0.2}
	owner := []int8{1, 1, -1, 0, -1, -1}
	ref := make([]float64, len(owner))
	for i, o := range owner {
		ref[i] = float64(o)
	}
	var s Sums
	s.Compare(values, owner, DefaultEpsilon)
	want := s.Measures()
	m := MeasureAgainst(values, ref)
	if !nearNaN(m.MAE, want.MAE) || !nearNaN(m.SignAgreement, want.Accuracy) || !nearNaN(m.ScoreDiff, want.ScoreBias) || m.Decided != s.Decided {
		t.Errorf("%+v, want the measures of Sums %+v", m, want)
	}
	// 2.5 right of 5 decided (the 0 counts half).
	if !nearNaN(m.SignAgreement, 0.5) {
		t.Errorf("agreement %g, want 0.5", m.SignAgreement)
	}
}

// nearNaN reports whether a and b are near, NaN agreeing with NaN.
func nearNaN(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return near(a, b)
}
