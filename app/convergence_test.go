package app

import (
	"math"
	"strings"
	"testing"
)

// TestAnalyzeFixedPoint checks that moyo analyze says how far the
// stopping rule left the estimate from the fixed point: on the issue's
// board, one Black stone at tengen, symmetric with the article's Jacobi
// sweeps to 1e-4 stops at 8.02 where the fixed point is 10.42, and the
// report says so and that it is far; the defaults stop at it.
func TestAnalyzeFixedPoint(t *testing.T) {
	tengen := "(;GM[1]SZ[19];B[jj])"
	published := []string{"--solver", "jacobi", "--tol", "1e-4"}
	out := runOK(t, tengen, append(append([]string{"analyze", "--format", "json"}, published...), "-")...)
	var r jsonReport
	decodeJSON(t, out, &r)
	f := r.FixedPoint
	if f == nil || !f.Found || !f.Far || math.Abs(f.BoardScore-10.42) > 0.005 || math.Abs(f.ScoreDelta-2.40) > 0.005 || r.Solver != "jacobi" {
		t.Errorf("fixed point %+v, solver %q; want found and far at 10.42, +2.40 from the estimate, by jacobi", f, r.Solver)
	}
	_, text, _ := run(t, tengen, append(append([]string{"analyze"}, published...), "-")...)
	if !strings.Contains(text, "fixed point: board +10.42, 2.40 more for Black than shown") || !strings.Contains(text, "stopped far from it") {
		t.Errorf("text report does not say how far the fixed point is:\n%s", text)
	}
	_, text, _ = run(t, tengen, "analyze", "-")
	if !strings.Contains(text, "fixed point: board +10.42, as shown") || strings.Contains(text, "far") {
		t.Errorf("at the defaults:\n%s", text)
	}
	// Estimators that do not iterate have no fixed point to report.
	_, out, _ = run(t, tengen, "analyze", "--format", "json", "--estimator", "propagate", "-")
	if strings.Contains(out, "fixed_point") {
		t.Errorf("propagate reports a fixed point: %s", out)
	}
}

// TestAnalyzeCycle checks that the seds two-cycle of move 260 of Master v
// Park Jung-hwan is named, and that the solver the report suggests
// converges there.
func TestAnalyzeCycle(t *testing.T) {
	rec := "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf"
	_, text, stderr := run(t, "", "analyze", "--move", "260", "--estimator", "seds", "--solver", "jacobi", rec)
	if !strings.Contains(text, "cycle:      two-cycle, amplitude 0.0049 at A13") {
		t.Errorf("the two-cycle is not named:\n%s%s", text, stderr)
	}
	_, text, _ = run(t, "", "analyze", "--move", "260", "--estimator", "seds", "--solver", "anderson", rec)
	if !strings.Contains(text, ", converged,") || strings.Contains(text, "cycle:") {
		t.Errorf("anderson does not converge:\n%s", text)
	}
}

// TestAnalyzeCappedField checks the command: bpl stopped at its
// cap of 5 iterations is reported away from its fixed point, as bp is,
// not as its own fixed point.
func TestAnalyzeCappedField(t *testing.T) {
	rec := "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf"
	for _, est := range []string{"bp", "bpl"} {
		code, out, stderr := run(t, "", "analyze", "--move", "100", "--estimator", est, "--max-iter", "5", "--format", "json", rec)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", est, code, stderr)
		}
		var r jsonReport
		decodeJSON(t, out, &r)
		if f := r.FixedPoint; f == nil || f.Exact || !f.Found || !(f.MaxDelta > 0) || r.Converged || !strings.HasPrefix(f.Text, "fixed point: board ") {
			t.Errorf("%s --max-iter 5: converged %v, fixed point %+v", est, r.Converged, f)
		}
	}
}
