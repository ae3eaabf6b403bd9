package workspace

import (
	"context"
	"os"
	"strings"
	"testing"

	"moyo/board"
	"moyo/count"
	"moyo/estimators"
)

// settledNine is issue 33's settled 9×9, B+2 by area and by territory.
const settledNine = "(;GM[1]FF[4]SZ[9]KM[7]RE[B+2]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])"

// countOf returns the count mode shown.
func countModeOf(t *testing.T, ws *Workspace) *CountMode {
	t.Helper()
	c, ok := ws.Mode().(*CountMode)
	if !ok {
		t.Fatalf("mode %v, want count", ws.Mode().Kind())
	}
	return c
}

func TestCountMode(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, settledNine)
	if _, ok := ws.Count(); ok {
		t.Error("a count outside the count mode")
	}
	if err := ws.ToggleCount(); err != nil {
		t.Fatal(err)
	}
	c := countModeOf(t, ws)
	if v := c.View(); v.Status != "judging the dead stones…" || ws.Title() != "moyo — counting — test.sgf, move 0" {
		t.Errorf("while judging: %+v, title %q", v, ws.Title())
	}
	q.until(t, func() bool { return c.Marking() != nil })
	v := c.View()
	if v.Result != "B+2" || v.Status != "" || !strings.HasPrefix(v.Judge, "0 dead stones, judged by moyo") || v.Record != "the record says B+2" {
		t.Errorf("view %+v", v)
	}
	if r, ok := ws.Count(); !ok || r != "B+2" {
		t.Errorf("Count() = %q, %v; want B+2", r, ok)
	}
	c.SetRules(count.Territory)
	if v := c.View(); v.Result != "B+2" || !strings.HasPrefix(v.Lines[0], "Black 36 (36 territory") {
		t.Errorf("by territory: %+v", v)
	}
	// The board shows the count: Black's columns A–E, White's F–J.
	vals := ws.Values()
	if len(vals) != 81 || vals[0] != 1 || vals[8] != -1 || ws.BoardOptions().Overlay != 1 {
		t.Errorf("values %v, options %+v", vals, ws.BoardOptions())
	}
	var pt Pointer
	if line := pt.Line(ws, bp(t, "H5", 9), true); !strings.Contains(line, "a point for White") {
		t.Errorf("pointing at H5: %q", line)
	}
	if line := pt.Line(ws, bp(t, "E5", 9), true); !strings.Contains(line, "a living stone (not counted by territory)") {
		t.Errorf("pointing at E5: %q", line)
	}
	// A click on the White wall marks it dead: White's points become Black's.
	if err := ws.TapPoint(bp(t, "F5", 9), false); err != nil {
		t.Fatal(err)
	}
	v = c.View()
	if v.Result != "B+74" || !strings.Contains(v.Judge, "9 dead stones") || !strings.Contains(v.Judge, "by hand") {
		t.Errorf("after a click: %+v", v)
	}
	if m := c.Marks(); len(m) != 9 {
		t.Errorf("%d marks, want 9 crosses", len(m))
	}
	if line := pt.Line(ws, bp(t, "F5", 9), true); !strings.Contains(line, "dead, a point for Black") {
		t.Errorf("pointing at F5: %q", line)
	}
	// Twice more: seki, then alive again.
	ws.TapPoint(bp(t, "F5", 9), false)
	if got := c.Marking()[ws.Position().Index(bp(t, "F5", 9))]; got != count.Seki {
		t.Errorf("second click: %v, want seki", got)
	}
	ws.TapPoint(bp(t, "F5", 9), false)
	if r, _ := ws.Count(); r != "B+2" {
		t.Errorf("third click: %s, want B+2", r)
	}
	ws.ToggleCount()
	if ws.Mode().Kind() != KindRecord {
		t.Errorf("S left to %v, want the record", ws.Mode().Kind())
	}
	// The rules chosen stay for the next count.
	ws.StartCount()
	if countModeOf(t, ws).Rules() != count.Territory {
		t.Error("the rules were not kept")
	}
}

// TestCountModeSample counts the end of the sample game's record (AlphaGo
// Master v Gu Li, W+2.5) by territory as the record's result says.
func TestCountModeSample(t *testing.T) {
	data, err := os.ReadFile("../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue()
	ws := openWorkspace(t, q, string(data))
	ws.StartCount()
	c := countModeOf(t, ws)
	c.SetRules(count.Territory)
	q.until(t, func() bool { return c.Marking() != nil })
	if v := c.View(); v.Result != "W+2.5" || v.Record != "the record says W+2.5" {
		t.Errorf("view %+v", v)
	}
	// The estimate is set beside the count, not beside the record's result.
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, ok := ws.Runs().Shown(); !ok || !strings.HasSuffix(ws.EstimateLine(o), "· count W+2.5") {
		t.Errorf("estimate line in the count mode: %q", ws.EstimateLine(o))
	}
	// Not at the end: the record's result is said to be of its end.
	ws.StopCount()
	ws.Record().SetMove(100)
	ws.StartCount()
	if v := countModeOf(t, ws).View(); !strings.Contains(v.Record, "not its last position") {
		t.Errorf("at move 100: %q", v.Record)
	}
}

// TestCountModeNewestWins asks for two judgements, the first held up, and
// checks that only the second is shown; and that leaving the mode drops
// what was under way.
func TestCountModeNewestWins(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, settledNine)
	reached, release := make(chan struct{}, 1), make(chan struct{})
	calls := 0
	ws.count.mark = func(ctx context.Context, pos *board.Position, komi float64, m count.Method, e estimators.Estimator) (count.Marking, error) {
		calls++ // on the worker, one call at a time
		if calls == 1 {
			reached <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
			}
			mk := make(count.Marking, pos.Len())
			mk[pos.Index(board.Point{X: 5, Y: 0})] = count.Dead // a wrong judgement
			return mk, nil
		}
		return count.Auto(ctx, pos)
	}
	ws.StartCount()
	c := countModeOf(t, ws)
	<-reached
	c.Rejudge()
	close(release)
	q.until(t, func() bool { return c.Marking() != nil })
	if v := c.View(); v.Result != "B+2" {
		t.Errorf("shown %+v, want the second judgement's B+2", v)
	}
}

func TestCountModeNoEngine(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, settledNine)
	ws.StartCount()
	c := countModeOf(t, ws)
	c.SetMethod(count.MethodKataGo)
	if v := c.View(); !strings.Contains(v.Status, "not installed") {
		t.Errorf("KataGo absent: %+v", v)
	}
	if _, ok := ws.Count(); ok {
		t.Error("a count without a judgement")
	}
	c.SetMethod(count.MethodAuto)
	q.until(t, func() bool { return c.Marking() != nil })
}

func TestCountModeFromEdit(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, settledNine)
	ws.StartEdit()
	ws.Mode().(*EditMode).Erase(bp(t, "E5", 9))
	ws.StartCount()
	c := countModeOf(t, ws)
	if c.From().Kind() != KindEdit || !ws.HasEdits() || !strings.Contains(c.Hint(), "back to editing") {
		t.Errorf("from %v, edits %v, hint %q", c.From().Kind(), ws.HasEdits(), c.Hint())
	}
	q.until(t, func() bool { return c.Marking() != nil })
	ws.StopCount()
	if ws.Mode().Kind() != KindEdit {
		t.Errorf("back to %v, want edit", ws.Mode().Kind())
	}
}

func TestCountModeNotFromRace(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, settledNine)
	ws.StartRace()
	if err := ws.StartCount(); err == nil || ws.Mode().Kind() != KindRace {
		t.Errorf("S in the race mode: %v, mode %v", err, ws.Mode().Kind())
	}
}
