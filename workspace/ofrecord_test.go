package workspace

import (
	"strings"
	"testing"

	"moyo/board"
)

// TestFinalOutcomeOnlyOfTheRecord checks that an edited position is not
// measured against the record's final outcome, nor compared with it on
// the board, and that going back to the record brings both back.
func TestFinalOutcomeOnlyOfTheRecord(t *testing.T) {
	q := newQueue()
	ws := finalWorkspace(t, q, &fakeScorer{}, counted)
	q.until(t, func() bool { return settled(ws) })
	if !strings.HasPrefix(ws.FinalSummary(), "vs final outcome B+81") {
		t.Fatalf("record: %q", ws.FinalSummary())
	}
	ws.SetOverlay(OverlayOptions{Show: ShowDifference})
	ws.StartEdit()
	ws.Mode().(*EditMode).Place(board.Point{X: 4, Y: 4}, board.White)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if s := ws.FinalSummary(); s != "" {
		t.Errorf("edited position: %q", s)
	}
	if _, ok := ws.FinalMeasures(); ok {
		t.Error("edited position measured against the record's outcome")
	}
	if ws.View() != ShowEstimate {
		t.Errorf("edited position shows %v", ws.View())
	}
	if s := ws.Reference().Status(); s != "final outcome: none for an edited position" {
		t.Errorf("reference: %q", s)
	}
	ws.StopEdit()
	q.until(t, func() bool { return !ws.Runs().Running() })
	if !strings.HasPrefix(ws.FinalSummary(), "vs final outcome B+81") || ws.View() != ShowDifference {
		t.Errorf("back to the record: %q, view %v", ws.FinalSummary(), ws.View())
	}
}

// TestOutcomeLine: the convergence panel's outcome line is left out while
// the Reference section measures against the final outcome itself, and
// kept while it measures against something else.
func TestOutcomeLine(t *testing.T) {
	q := newQueue()
	ws := finalWorkspace(t, q, &fakeScorer{}, counted)
	q.until(t, func() bool { return settled(ws) })
	if s := ws.OutcomeLine(); s != "" {
		t.Errorf("reference the final outcome: outcome line %q", s)
	}
	ws.Reference().SetKind(RefEstimator)
	q.until(t, func() bool { return !ws.Runs().Running() })
	if s := ws.OutcomeLine(); !strings.HasPrefix(s, "vs final outcome B+81") {
		t.Errorf("reference another estimator: outcome line %q", s)
	}
}
