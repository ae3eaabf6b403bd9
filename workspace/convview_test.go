package workspace

import (
	"errors"
	"strings"
	"testing"
	"time"

	"moyo/estimators"
)

// TestConvergenceView checks the convergence panel's lines and plot for a
// run, a failed run and before any run.
func TestConvergenceView(t *testing.T) {
	q := newQueue()
	est := &fakeEst{name: "fake"}
	ws := newTest(t, q, nil, []estimators.Estimator{est})
	if v := ws.ConvergenceView(); v.Score != "" || v.Iterations != "" || v.OK || ws.TimingLine(time.Millisecond) != "" {
		t.Errorf("before a run: %+v", v)
	}
	if err := ws.Open("test.sgf", []byte(small5)); err != nil {
		t.Fatal(err)
	}
	if v := ws.ConvergenceView(); !strings.HasPrefix(v.Score, "running…") {
		t.Errorf("while running: %q", v.Score)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	// Every value is λ = 0.5: 12.5 on 25 points, komi 6.5.
	v := ws.ConvergenceView()
	if want := "estimate B+6.0 (sum of control)\n(board +12.50, komi 6.5)"; v.Score != want {
		t.Errorf("score %q, want %q", v.Score, want)
	}
	if !v.OK || !strings.HasPrefix(v.Iterations, "converged in 2 iterations") || len(v.Trace) != 2 || v.Tol != 1e-4 || v.PlotMessage != "" {
		t.Errorf("run: %+v", v)
	}
	if got := ws.TimingLine(1500 * time.Microsecond); !strings.HasPrefix(got, "run ") || !strings.HasSuffix(got, "board drawn in 1.50 ms") {
		t.Errorf("timings %q", got)
	}

	o, _ := ws.Runs().Shown()
	o.Err = errors.New("no luck")
	ws.runs.shown = &o
	v = ws.ConvergenceView()
	if v.Score != "no estimate" || v.Iterations != "error: no luck" || v.PlotMessage != "no run" || v.OK || ws.TimingLine(0) != "" {
		t.Errorf("failed run: %+v", v)
	}
}

func TestMinusSigns(t *testing.T) {
	for in, want := range map[string]string{
		"-0.02 (-0.62), max 3":  "−0.02 (−0.62), max 3",
		"gauss-seidel at -1e-4": "gauss-seidel at −1e-4",
		"B-2 and x-1":           "B-2 and x-1",
		"ends in -":             "ends in -",
	} {
		if got := MinusSigns(in); got != want {
			t.Errorf("MinusSigns(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEstimateBesideResult checks that the record's result goes beside the
// estimate where the game ended, and nowhere else: not a move before, not
// on a variation.
func TestEstimateBesideResult(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, []estimators.Estimator{&fakeEst{name: "fake"}})
	if err := ws.Open("test.sgf", []byte("(;GM[1]SZ[5]KM[6.5]RE[W+2.5];B[cc];W[dd](;B[bb])(;B[bd]))")); err != nil {
		t.Fatal(err)
	}
	score := func() string {
		t.Helper()
		q.until(t, func() bool { return !ws.Runs().Running() })
		return ws.ConvergenceView().Score
	}
	if got, want := score(), "estimate B+6.0 (sum of control) · result W+2.5\n(board +12.50, komi 6.5)"; got != want {
		t.Errorf("at the end: %q, want %q", got, want)
	}
	ws.Record().Forward(-1)
	if got := score(); strings.Contains(got, "result") {
		t.Errorf("a move before the end: %q", got)
	}
	ws.Record().Forward(1)
	ws.Record().SwitchVariation(1)
	if got := score(); strings.Contains(got, "result") {
		t.Errorf("on a variation: %q", got)
	}
}
