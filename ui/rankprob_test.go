package ui

import (
	"fmt"
	"moyo/workspace"
	"strings"
	"testing"
)

// TestRankColumnPMove checks that the ranking's column gives each move
// its P(move) under the move model beside the change in board score, and
// says which β.
func TestRankColumnPMove(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	ws.Ranking().SetOn(true)
	q.Until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	probs, beta, ok := ws.MoveProbs()
	if !ok {
		t.Fatal("no P(move) for symmetric")
	}
	r, _ := ws.Ranking().Shown()
	lines := strings.Split(u.rank.list.Text, "\n")
	if len(lines) != 26 || u.rank.head.Text != "   move    gain  P(move)" {
		t.Fatalf("%d lines, heads %q", len(lines), u.rank.head.Text)
	}
	for i, line := range lines {
		mv := r.Moves[i]
		want := fmt.Sprintf("%c  %-4s %7s  %7s", 'A'+i, mv.Label, workspace.Minus(fmt.Sprintf("%+.2f", mv.Gain)), workspace.FormatProb(probs[i]))
		if line != want {
			t.Errorf("line %d %q, want %q", i+1, line, want)
		}
	}
	if want := "P(move) ∝ exp(" + workspace.Minus(fmt.Sprintf("%.2f", beta)) + "·gain)"; !strings.HasSuffix(u.rank.summary.Text, want) || !strings.Contains(want, "−0.01") {
		t.Errorf("summary %q, want it to end %q", u.rank.summary.Text, want)
	}
}
