package estimators

import "testing"

// TestEstimateLine checks how a board score is worded: an estimate after
// komi to one decimal, named for what it sums, with a count beside it
// only when there is one.
func TestEstimateLine(t *testing.T) {
	for _, tt := range []struct {
		score, komi float64
		of, count   string
		want        string
	}{
		{-8.65, 6.5, SumOfControl, "", "estimate W+15.2 (sum of control)"},
		{-8.08, 6.5, SumOfControl, "result W+2.5", "estimate W+14.6 (sum of control) · result W+2.5"},
		{12.5, 6.5, "sum of KataGo's ownership", "", "estimate B+6.0 (sum of KataGo's ownership)"},
		{7.04, 7, SumOfControl, "", "estimate 0 (sum of control)"}, // a tie, as Go writes one
		{7.06, 7, SumOfControl, "", "estimate B+0.1 (sum of control)"},
	} {
		if got := EstimateLine(tt.score, tt.komi, tt.of, tt.count); got != tt.want {
			t.Errorf("EstimateLine(%g, %g, %q, %q) = %q, want %q", tt.score, tt.komi, tt.of, tt.count, got, tt.want)
		}
	}
	if got := (Info{}).SumName(); got != SumOfControl {
		t.Errorf("an estimator's sum %q", got)
	}
	if got := (Info{Sum: "sum of GNU Go's judgement"}).SumName(); got != "sum of GNU Go's judgement" {
		t.Errorf("an engine's sum %q", got)
	}
}
