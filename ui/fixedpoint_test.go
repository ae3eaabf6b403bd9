package ui

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// TestFixedPointLine checks the convergence panel's fixed point line on
// the tengen board, where symmetric's published stopping rule stops 2.40
// points short of the fixed point: the line says so, in the warning
// style, and the closed section's summary too; a tight tolerance clears
// the warning.
func TestFixedPointLine(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	if err := ws.Open("tengen.sgf", []byte("(;GM[1]SZ[19]KM[7.5];B[jj])")); err != nil {
		t.Fatal(err)
	}
	if err := ws.Settings().ApplyPreset(workspace.PublishedPreset(ws.Settings().Estimator().Info())); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	l := u.fixed.point
	if !l.Visible() || !strings.HasPrefix(l.Text, "fixed point: board +10.42, 2.40 more for Black than shown; largest change 0.011 at T19 — stopped far from it") ||
		l.Importance != widget.WarningImportance {
		t.Errorf("fixed point line %q (shown %v, importance %v)", l.Text, l.Visible(), l.Importance)
	}
	if u.fixed.cycleRow.Visible() || u.fixed.fallback.Visible() || u.winning.box.Visible() {
		t.Error("a cycle, a fallback or P(Black wins) shown for symmetric's converged run")
	}
	if got := u.sections.convergence.Summary(); !strings.HasSuffix(got, " · far from the fixed point") {
		t.Errorf("summary %q", got)
	}

	ws.Settings().SetParam("tol", 1e-10)
	q.Until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	if !l.Visible() || !strings.HasPrefix(l.Text, "fixed point: board ") || strings.Contains(l.Text, "far") || l.Importance == widget.WarningImportance {
		t.Errorf("at tol 1e-10: %q, importance %v", l.Text, l.Importance)
	}

	// gnugo does not iterate: no line.
	if err := ws.Settings().SetEstimator("gnugo"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { return !ws.Runs().Running() })
	if l.Visible() {
		t.Errorf("gnugo: %q", l.Text)
	}
}

// TestCycleLine runs seds's plain sweep on move 260 of Master v Park
// Jung-hwan, which falls into a two-cycle: the panel names it with what
// resolves it, and its check draws the cycle's swing on the board, without
// dead marks, with a legend that says so.
func TestCycleLine(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	openFile(t, ws, "../testdata/records/48-2017.01.03-Master-Park_Jung-hwan.sgf")
	if err := ws.Settings().SetEstimator("seds"); err != nil {
		t.Fatal(err)
	}
	ws.Settings().SetChoice("solver", "jacobi") // Wolf's sweep, which cycles there
	ws.Record().SetMove(260)
	q.Until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	o, _ := ws.Runs().Shown()
	if !u.fixed.cycleRow.Visible() || !strings.HasPrefix(u.fixed.cycle.Text, "two-cycle, amplitude ") ||
		!strings.Contains(u.fixed.cycle.Text, "the anderson solver resolves it") {
		t.Fatalf("cycle line %q (shown %v)", u.fixed.cycle.Text, u.fixed.cycleRow.Visible())
	}
	if u.board.opt.NoDeadMarks {
		t.Error("no dead marks before the cycle is shown")
	}
	toggle(u.fixed.showCycle)
	if !ws.Overlay().Cycle || !ws.ShowsCycle() || !u.board.opt.NoDeadMarks {
		t.Fatalf("the check does not show the cycle: overlay %+v, dead marks off %v", ws.Overlay(), u.board.opt.NoDeadMarks)
	}
	if got := u.legend.Title(); !strings.HasPrefix(got, "seds cycle swing, 1 = ") || u.legend.Scale() != render.SwingScale() {
		t.Errorf("legend %q on %+v, want the swing's scale", got, u.legend.Scale())
	}
	top := 0.0
	for _, v := range u.board.values {
		top = max(top, v)
	}
	if top != 1 || u.board.values[o.Result.Cycle.At] != 1 {
		t.Errorf("the board's largest value %v, at the cycle's point %v; want 1", top, u.board.values[o.Result.Cycle.At])
	}

	ws.Settings().SetChoice("solver", "anderson")
	q.Until(t, func() bool { _, ok := ws.FixedPoint().Shown(); return ok })
	if u.fixed.cycleRow.Visible() || ws.ShowsCycle() || u.board.opt.NoDeadMarks || u.legend.Title() != "seds" || u.legend.Scale() != render.ValueScale() {
		t.Errorf("anderson: cycle line %q shown %v, legend %q", u.fixed.cycle.Text, u.fixed.cycleRow.Visible(), u.legend.Title())
	}
}

// toggle clicks a check box as the user does.
func toggle(c *widgets.KeyCheck) { c.SetChecked(!c.Checked) }

// TestWinPanel checks P(Black wins) and its histogram for bp, and that
// symmetric has none.
func TestWinPanel(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	if u.winning.box.Visible() {
		t.Error("P(Black wins) shown for symmetric")
	}
	if err := ws.Settings().SetEstimator("bp"); err != nil {
		t.Fatal(err)
	}
	q.Until(t, func() bool { est, ok := ws.ScoreDist().Estimate(); return ok && est.Done })
	est, _ := ws.ScoreDist().Estimate()
	if !u.winning.box.Visible() || !strings.HasPrefix(u.winning.line.Text, "P(Black wins) ") || !strings.Contains(u.winning.line.Text, "at komi 6.5") {
		t.Errorf("line %q (shown %v)", u.winning.line.Text, u.winning.box.Visible())
	}
	if strings.Contains(u.winning.line.Text, "-") {
		t.Errorf("line %q has a hyphen for a minus", u.winning.line.Text)
	}
	// The spread is said apart from the standard errors, and why it is
	// wide: the sample game's move 100 spreads 3× as far as independent
	// points would.
	if !strings.Contains(u.winning.line.Text, " standard error") || !u.winning.spread.Visible() ||
		!strings.HasPrefix(u.winning.spread.Text, "spread (sd) ") || !strings.Contains(u.winning.spread.Text, "whole regions change hands together") {
		t.Errorf("line %q, spread %q (shown %v)", u.winning.line.Text, u.winning.spread.Text, u.winning.spread.Visible())
	}
	// The raster draws the chart of the estimate shown.
	img, ok := u.winning.draw(200, 56).(*image.RGBA)
	want, err := render.DrawHistogram(200, 56, u.winning.chart, render.Options{})
	if err != nil || !u.winning.charts || !ok || !bytes.Equal(img.Pix, want.Pix) {
		t.Fatalf("the raster does not draw the chart (%v, charts %v)", err, u.winning.charts)
	}
	total := 0
	for _, b := range u.winning.chart.Bars {
		total += b.Count
	}
	if total != est.Dist.Samples || u.winning.chart.Mark != 6.5 {
		t.Errorf("chart of %d samples at mark %v; the estimate has %d at komi 6.5", total, u.winning.chart.Mark, est.Dist.Samples)
	}

	// A step drops the estimate; the panel keeps its place until the
	// next one.
	ws.Record().Step(1)
	if _, ok := ws.ScoreDist().Estimate(); ok || !u.winning.box.Visible() || u.winning.line.Text != "P(Black wins): waiting for the estimate…" || u.winning.charts {
		t.Errorf("after a step: %q, chart %v, shown %v", u.winning.line.Text, u.winning.charts, u.winning.box.Visible())
	}
	q.Until(t, func() bool { est, ok := ws.ScoreDist().Estimate(); return ok && est.Done })
	if err := ws.Settings().SetEstimator("symmetric"); err != nil {
		t.Fatal(err)
	}
	if u.winning.box.Visible() {
		t.Error("P(Black wins) shown for symmetric")
	}
}
