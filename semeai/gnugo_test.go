package semeai

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"moyo/board"
	"moyo/gtp"
	"moyo/internal/testenv"
)

// TestSettleGnuGo checks Settle against an outside reader of races, GNU
// Go's analyze_semeai (its owl code's semeai reading), on the tests'
// races of at most 30 empty points a region that Settle settles within
// 1 s, each side moving first. GNU Go's answer with dragon1's side
// moving first is "1 1" when that side captures, "1 0" when neither is
// captured (seki, or both live), "0 0" when it is captured, and 2 or 3
// for a ko; a race Settle finds a ko, or GNU Go does, is counted apart:
// both find a ko, or GNU Go's answer is one of the two ends of Settle's
// ko (who wins it decides), or neither. It logs the agreement and every
// difference. The two do not ask quite the
// same question: GNU Go reads dragons (chains joined with the stones
// they are sure to connect to) and whether they live on the whole
// board, Settle the capture of the two blocks with every chain around
// the race that cannot be captured taken as safe; and GNU Go's reading
// is heuristic (its owl code prunes moves), not a proof. So the test
// fails only below 88 %, under the agreement measured (300 of 333): where
// they differ, Settle finds both blocks living where GNU Go's dragon of
// one dies on the whole board, or one block captured that belongs to a
// dragon GNU Go finds dead anyway, and on one race of the table
// ("pocket {{6|3}|1} v 5", Black first) GNU Go is wrong, as the count,
// plain minimax and Settle agree.
//
//	go test ./semeai -run TestSettleGnuGo -v
func TestSettleGnuGo(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP GNU Go race check in -short mode")
	}
	e, err := gtp.Start(testenv.GnuGo(t), []string{"--mode", "gtp", "--level", "10"}, gtp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	names, rs := testRaces(t)
	compared, agree, kos, bothKo, koEnd := 0, 0, 0, 0, 0
	var diffs, koDiffs []string
	for k, r := range rs {
		if r.MostEmpty() > 30 {
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, time.Second)
		st, err := SettleBoth(sctx, r, SettleLimits{Nodes: 50_000_000})
		cancel()
		if err != nil {
			continue
		}
		if err := setUp(ctx, e, r.Pos); err != nil {
			t.Fatalf("%s: %v", names[k], err)
		}
		for i, c := range []board.Color{board.Black, board.White} {
			mine, theirs := r.Black.Anchor(), r.White.Anchor()
			if c == board.White {
				mine, theirs = theirs, mine
			}
			cmd := fmt.Sprintf("analyze_semeai %s %s", gtp.Vertex(r.Pos.PointOf(mine), r.Pos.Size()), gtp.Vertex(r.Pos.PointOf(theirs), r.Pos.Size()))
			out, err := e.Send(ctx, cmd)
			if err != nil {
				t.Fatalf("%s: %s: %v", names[k], cmd, err)
			}
			f := strings.Fields(out)
			if len(f) < 2 {
				t.Fatalf("%s: %s: %q", names[k], cmd, out)
			}
			var gnu Result
			switch f[0] + " " + f[1] {
			case "1 1":
				gnu = Result(c)
			case "0 0":
				gnu = Result(c.Opponent())
			default: // "1 0" (and the "0 1" GNU Go's suite says it may give)
				gnu = Neither
			}
			// 2 and 3 are GNU Go's wins by ko. Where Settle alone finds
			// a ko, GNU Go's answer should be one of its two ends.
			if mineKo, gnuKo := st[i].Kind == Ko, strings.ContainsAny(f[0]+f[1], "23"); mineKo || gnuKo {
				kos++
				switch {
				case mineKo && gnuKo:
					bothKo++
				case mineKo && (gnu == st[i].IfBlackWinsKo || gnu == st[i].IfWhiteWinsKo):
					koEnd++
				default:
					koDiffs = append(koDiffs, fmt.Sprintf("%s, %s first: Settle %v (%v), GNU Go %s", names[k], c.Name(), st[i].Result, st[i].Kind, out))
				}
				continue
			}
			compared++
			if gnu == st[i].Result {
				agree++
			} else {
				diffs = append(diffs, fmt.Sprintf("%s, %s first: Settle %v (%v), GNU Go %v (%s)", names[k], c.Name(), st[i].Result, st[i].Kind, gnu, out))
			}
		}
	}
	t.Logf("GNU Go's analyze_semeai agrees with Settle on %d of %d (race, first mover); %d kos left out: a ko to both on %d, to Settle alone with GNU Go's answer one of its ends on %d", agree, compared, kos, bothKo, koEnd)
	for _, d := range diffs {
		t.Log("  " + d)
	}
	for _, d := range koDiffs {
		t.Log("  ko to one: " + d)
	}
	if compared < 200 || 100*agree < 88*compared {
		t.Errorf("GNU Go agrees on %d of %d; measured 300 of 333", agree, compared)
	}
}

// setUp puts pos on e's board, stone by stone: adding the stones of a
// legal position never captures.
func setUp(ctx context.Context, e *gtp.Engine, pos *board.Position) error {
	for _, cmd := range []string{fmt.Sprintf("boardsize %d", pos.Size()), "clear_board"} {
		if _, err := e.Send(ctx, cmd); err != nil {
			return err
		}
	}
	for i := range pos.Len() {
		c := pos.Cell(i)
		if c == board.Empty {
			continue
		}
		if _, err := e.Send(ctx, fmt.Sprintf("play %s %s", strings.ToLower(c.Name()), gtp.Vertex(pos.PointOf(i), pos.Size()))); err != nil {
			return err
		}
	}
	return nil
}
