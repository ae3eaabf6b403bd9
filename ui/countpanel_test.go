package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/count"
	"moyo/workspace"
)

// TestAppCount drives the count mode: S enters it at the end of AlphaGo
// Master v Gu Li, the panel shows moyo's count beside the record's
// result, Territory recounts, a click on a dead stone changes its chain's
// status and the count, and S goes back to the record.
func TestAppCount(t *testing.T) {
	u, w, q := newTestApp(t)
	ws := u.ws
	openFile(t, ws, "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	key := func(name fyne.KeyName) { w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	key(fyne.KeyS)
	c, ok := ws.Mode().(*workspace.CountMode)
	if !ok {
		t.Fatalf("S: mode %v, want count", ws.Mode().Kind())
	}
	p := &u.count
	if !p.top.Visible() || !p.body.Visible() || u.legend.Visible() {
		t.Error("the count panel is hidden, or the estimator's key shown")
	}
	if !u.bar.style.Buttons[0].Disabled() || !u.bar.numbers.Disabled() {
		t.Error("the overlay's styles and numbers are offered in the count mode")
	}
	q.Until(t, func() bool { return c.Marking() != nil })
	test.Tap(p.rules.Buttons[1]) // Territory
	if p.result.Text != "Count: W+2.5" || p.record.Text != "the record says W+2.5" || !strings.Contains(p.judged.Text, "6 dead stones, judged by moyo") {
		t.Errorf("panel: %q, %q, %q", p.result.Text, p.record.Text, p.judged.Text)
	}
	if c.Rules() != count.Territory || !strings.Contains(p.lines.Text, "Black 82 (68 territory, 14 prisoners)") {
		t.Errorf("rules %v, lines %q", c.Rules(), p.lines.Text)
	}
	// R18, judged dead, turned to seki by a click: the result changes.
	u.board.OnTap(point(t, "R18", 19), false)
	if p.result.Text == "Count: W+2.5" || !strings.Contains(p.judged.Text, "by hand") {
		t.Errorf("after a click: %q, %q", p.result.Text, p.judged.Text)
	}
	if r, ok := ws.Count(); !ok || "Count: "+r != p.result.Text {
		t.Errorf("ws.Count() = %q, %v; the panel says %q", r, ok, p.result.Text)
	}
	key(fyne.KeyS)
	if ws.Mode().Kind() != workspace.KindRecord || p.body.Visible() || !u.legend.Visible() || u.bar.style.Buttons[0].Disabled() {
		t.Errorf("S again: mode %v, panel shown %v", ws.Mode().Kind(), p.body.Visible())
	}
}
