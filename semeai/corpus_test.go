package semeai

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"moyo/game"
	"moyo/internal/testenv"
)

// TestCorpusRaces finds races in real game records (../shared/data) with
// Candidates, every 30th move from move 60 of the first 12 records
// (testenv.GameRecords), and analyses each: the code must never panic or
// hang on them, whatever the positions hold. A region that opens onto
// the board or is too large is a refusal, not a failure; everything else
// that is analysed must give a verdict. Each analysis runs under a
// deadline, so a hang shows as a failure rather than a stuck test.
func TestCorpusRaces(t *testing.T) {
	files := testenv.GameRecords(t, 12)
	var races, analysed, refused, slow int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		if err != nil {
			continue
		}
		for n := 60; n <= rec.Moves(); n += 30 {
			pos := rec.AfterMove(n).Position
			cs := Candidates(pos)
			if len(cs) > 3 {
				cs = cs[:3]
			}
			for _, c := range cs {
				r, err := NewRace(pos, c[0], c[1])
				if err != nil {
					t.Errorf("%s move %d: a candidate is refused: %v", f, n, err)
					continue
				}
				races++
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				a, err := Analyze(ctx, r, Limits{MaxEmpty: 10, MaxPoints: 16, MaxNodes: 100_000})
				if err == nil {
					_, err = a.Territory(ctx, pos.ToMove())
				}
				cancel()
				switch {
				case errors.Is(err, ErrTooLarge), RefusalCodeOf(err) == RefusedOpenRegion:
					refused++
				case errors.Is(err, context.DeadlineExceeded):
					slow++
				case err != nil:
					t.Errorf("%s move %d %v: %v", f, n, c, err)
				default:
					analysed++
				}
			}
		}
	}
	t.Logf("%d files, %d candidate races: %d analysed, %d refused as opening onto the board or too large, %d stopped at the deadline", len(files), races, analysed, refused, slow)
	if analysed == 0 {
		t.Error("no race of the corpus could be analysed")
	}
}
