package semeai

import (
	"context"
	"testing"

	"moyo/board"
)

// TestCheckMove takes the race of Gu Li v Master after move 150, Black's
// M11 against White's N12 (in ../testdata/records). The count says Black
// moving first captures, as the search does. Its tedomari for Black was
// M13, after which White's stone connects by M12: the search finds that
// M13 does not reach the capture and that M12 does. Now that a block in
// atari is taken at once (Analysis.captureAtOnce), the count's move is
// M12 itself, and the search agrees with it. White's tedomari, M12,
// reaches White's end (neither block captured).
func TestCheckMove(t *testing.T) {
	r, a := recordAnalysis(t, "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf", 150, "M11", "N12")
	v := a.Verdict
	if v.BlackMove == nil || v.BlackMove.Point != vertex(t, "M12") || !v.BlackMove.Wins || v.WhiteMove == nil || v.WhiteMove.Point != vertex(t, "M12") {
		t.Fatalf("tedomari %v and %v; want M12 for both, Black's capturing", v.BlackMove, v.WhiteMove)
	}
	c, err := CheckMove(context.Background(), r, *v.BlackMove, BlackCaptures, r.CheckNodes())
	if err != nil || !c.Reaches || c.After != BlackCaptures {
		t.Errorf("Black's M12: %+v, %v; want the capture", c, err)
	}
	m13 := Move{Color: board.Black, Point: vertex(t, "M13"), Region: v.BlackMove.Region}
	c, err = CheckMove(context.Background(), r, m13, BlackCaptures, r.CheckNodes())
	if err != nil || c.Reaches || c.After != Neither || c.Better == nil || *c.Better != vertex(t, "M12") {
		t.Errorf("Black's M13: %+v (better %v), %v; want no capture after it, M12 instead", c, c.Better, err)
	}
	c, err = CheckMove(context.Background(), r, *v.WhiteMove, Neither, r.CheckNodes())
	if err != nil || !c.Reaches || c.After != Neither || c.Better != nil {
		t.Errorf("White's M12: %+v, %v; want it to reach neither captured", c, err)
	}
	// A move the rules forbid is an error, not a verdict.
	if _, err := CheckMove(context.Background(), r, Move{Color: board.Black, Point: vertex(t, "N12")}, BlackCaptures, 0); err == nil {
		t.Error("a move on a stone checked without an error")
	}
}
