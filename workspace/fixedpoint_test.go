package workspace

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/render"
)

// tengen is a 19×19 board with one Black stone at tengen, where
// symmetric's published stopping rule stops after 31 sweeps at a board
// score of 8.02 and the fixed point scores 10.42 (estimators.FixedPoint's
// example).
const tengen = "(;GM[1]SZ[19]KM[7.5];B[jj];W[aa])"

// TestFixedPointAfterRun checks that the fixed point of each run shown is
// computed in the background and says how far the run is from it, and
// that a step drops it until the next run's is found.
func TestFixedPointAfterRun(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, tengen)
	if err := ws.Settings().ApplyPreset(PublishedPreset(estimators.Symmetric{}.Info())); err != nil {
		t.Fatal(err)
	}
	ws.Record().GoTo(1) // after B[jj]
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	o, _ := ws.Runs().Shown()
	fp, _ := ws.FixedPoint().Shown()
	if fp.Err != nil || fp.Run != o.Seq || !fp.Point.Found {
		t.Fatalf("fixed point of run %d, err %v, found %v; want of run %d", fp.Run, fp.Err, fp.Point.Found, o.Seq)
	}
	if got := o.Result.BoardScore(); math.Abs(got-8.02) > 0.01 {
		t.Errorf("run's board score %.3f, want 8.02", got)
	}
	if d := fp.Point.ScoreDelta; math.Abs(d-2.40) > 0.01 {
		t.Errorf("score delta %.3f, want +2.40", d)
	}
	text, warn := ws.FixedPoint().Line()
	if !warn || !strings.HasPrefix(text, "fixed point: board +10.42, 2.40 more for Black than shown; largest change ") || !strings.Contains(text, "stopped far from it") {
		t.Errorf("line %q, warn %v", text, warn)
	}

	// A step asks for a run: the fixed point shown was of the run before.
	ws.Record().Step(1)
	if _, ok := ws.FixedPoint().Shown(); ok || ws.FixedPoint().Running() {
		t.Fatal("the fixed point of the last run is still shown after a step")
	}
	if text, _ := ws.FixedPoint().Line(); text != "" {
		t.Errorf("line %q while the next run is under way", text)
	}
	// Until the next run's fixed point is in, the workspace never shows
	// one of another run.
	ws.Subscribe(ChangeFixedPoint, func(Change) {
		if fp, ok := ws.FixedPoint().Shown(); ok {
			if o, _ := ws.Runs().Shown(); fp.Run != o.Seq {
				t.Errorf("fixed point of run %d shown with run %d", fp.Run, o.Seq)
			}
		}
	})
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	if fp, _ := ws.FixedPoint().Shown(); !fp.Point.Found || fp.Err != nil {
		t.Errorf("after W[aa]: found %v, %v", fp.Point.Found, fp.Err)
	}

	// A tight tolerance stops near the fixed point: no warning.
	ws.Settings().SetParam("tol", 1e-10)
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	fp, _ = ws.FixedPoint().Shown()
	if text, warn := ws.FixedPoint().Line(); warn || math.Abs(fp.Point.ScoreDelta) > 1e-4 || !strings.HasPrefix(text, "fixed point: board ") {
		t.Errorf("at tol 1e-10: %q, warn %v", text, warn)
	}
}

// TestFixedPointNothingToShow checks the estimates that have no fixed
// point to compare with: one computed directly, and bp's sampling.
func TestFixedPointNothingToShow(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, "(;GM[1]SZ[9]KM[7];B[ee];W[cc])")
	if err := ws.Settings().SetEstimator("gnugo"); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if ws.FixedPoint().Running() {
		t.Error("a fixed point is searched for gnugo, which does not iterate")
	}
	if text, _ := ws.FixedPoint().Line(); text != "" {
		t.Errorf("gnugo: line %q", text)
	}

	if err := ws.Settings().SetEstimator("bp"); err != nil {
		t.Fatal(err)
	}
	ws.Settings().SetChoice("inference", "sw")
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	fp, _ := ws.FixedPoint().Shown()
	if o, _ := ws.Runs().Shown(); o.Params.Text("inference") != "sw" || !errors.Is(fp.Err, estimators.ErrNotRefinable) {
		t.Fatalf("bp %s: %v, want ErrNotRefinable", o.Params.Text("inference"), fp.Err)
	}
	if text, _ := ws.FixedPoint().Line(); text != "" {
		t.Errorf("bp sampling: line %q", text)
	}
}

// TestCycleNamed runs seds's plain sweep on move 260 of Master v Park
// Jung-hwan, where it falls into a two-cycle, and checks that the cycle
// is named with what resolves it, that the overlay draws its spread on
// request, and that anderson and damping 0.3 both resolve it.
func TestCycleNamed(t *testing.T) {
	data, err := os.ReadFile("../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf")
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	if err := ws.Open("48.sgf", data); err != nil {
		t.Fatal(err)
	}
	if err := ws.Settings().SetEstimator("seds"); err != nil {
		t.Fatal(err)
	}
	ws.Settings().SetChoice("solver", "jacobi") // Wolf's sweep, which cycles there
	ws.Record().SetMove(260)
	q.until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	o, _ := ws.Runs().Shown()
	c := o.Result.Cycle
	if o.Result.Converged || c == nil || c.Period != 2 {
		t.Fatalf("seds jacobi at move 260: converged %v, cycle %+v", o.Result.Converged, c)
	}
	line := ws.CycleLine()
	if !strings.HasPrefix(line, "two-cycle, amplitude ") ||
		!strings.HasSuffix(line, ": the anderson solver resolves it; damping ≥ 0.3 breaks it, slowly (raise max iterations)") {
		t.Errorf("cycle line %q", line)
	}
	if text, warn := ws.FixedPoint().Line(); !strings.HasPrefix(text, "fixed point: board ") || !warn && c.Amplitude >= estimators.FarValue {
		t.Errorf("fixed point line %q, warn %v, for a cycle of amplitude %v", text, warn, c.Amplitude)
	}

	// The overlay draws the spread relative to the largest.
	plain := ws.Values()
	ov := ws.Overlay()
	ov.Cycle = true
	ws.SetOverlay(ov)
	if !ws.ShowsCycle() {
		t.Fatal("the overlay does not show the cycle")
	}
	if pic, err := ws.Picture(); err != nil || pic.Options.Scale != render.SwingScale() {
		t.Errorf("the exported picture of the cycle has the scale %+v (%v), want the swing's 0 to 1", pic.Options.Scale, err)
	}
	spread, v := c.Spread(), ws.Values()
	top := 0.0
	for i, s := range spread {
		top = max(top, s)
		if v[i] < 0 || v[i] > 1 {
			t.Fatalf("value %v at %d outside [0, 1]", v[i], i)
		}
	}
	if v[c.At] != 1 || math.Abs(top-c.Amplitude) > 1e-12 {
		t.Errorf("largest swing at %d drawn as %v, want 1 (top %v, amplitude %v)", c.At, v[c.At], top, c.Amplitude)
	}
	for i := range v {
		if math.Abs(v[i]-spread[i]/top) > 1e-12 {
			t.Fatalf("point %d: %v, want %v", i, v[i], spread[i]/top)
		}
	}

	// Each suggestion resolves it; the overlay then shows the values.
	for _, fix := range []func(){
		func() { ws.Settings().SetChoice("solver", "anderson") },
		func() {
			ws.Settings().SetChoice("solver", "jacobi")
			ws.Settings().SetParam("damping", 0.3)
			ws.Settings().SetParam("max-iter", 3000)
		},
	} {
		fix()
		q.until(t, func() bool { return !ws.Runs().Running() })
		o, _ := ws.Runs().Shown()
		if !o.Result.Converged || o.Result.Cycle != nil || ws.CycleLine() != "" || ws.ShowsCycle() {
			t.Errorf("%s: converged %v in %d, cycle %v", o.Params, o.Result.Converged, o.Result.Iterations, o.Result.Cycle)
		}
		if v := ws.Values(); len(v) != len(plain) || &v[0] != &o.Result.Values[0] {
			t.Errorf("%s: the overlay does not show the run's values", o.Params)
		}
	}
}
