package semeai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"moyo/board"
)

// TestSettleRandomFinds: positions of random play (as in
// TestSettleRandomPositions) where Settle once found an end that minimax
// refutes, each for a rule its knowledge had wrong. A move in the other block's own
// regions is no mere threat where it captures, since the stones it takes
// give liberties outside those regions: White's F3 takes Black's F4–F5,
// which gives White's G5 block the liberties it needs to fill H3; Black's
// D2 takes White's D3, a second liberty for Black's block in atari
// (White's block lives by Benson's test on its own regions there, so
// their search never played D2). Nor is it where those regions hold a
// liberty of the mover's block: Black's D3 joins a chain that lives
// outside, which Black's block, whose liberties C3 and D4 lie beside it
// in White's own region, can then join. And a block's own search must
// let the attacker's block gain liberties elsewhere: Black's G3 has one
// liberty, G4, so that G4 is suicide for Black in White's own regions,
// until Black's G1 takes White's G2 and F1.
func TestSettleRandomFinds(t *testing.T) {
	for _, tc := range []struct {
		name         string
		diag         string
		black, white string
		first        board.Color
		want         Result // minimax's end
	}{
		{"capture of a wall", `
OO.OX.X.X
OOO.OXXX.
OOX.OXXXO
...OOOXXO
..OOOXOXX
OO.OOXOOX
OXOOO.X.O
.XXXOXXXX
OOXXOXX.X`, "G3", "G5", board.White, Neither},
		{"capture beside a block in atari", `
X..OXXXOO
..OO.OXXO
.OXXOOXXO
O.O.OX.OO
.OXXOO.O.
OOOXOXOOO
.OXOX.XXO
XOX.XOOXO
XOOXX.XXX`, "C5", "B5", board.Black, Neither},
		{"a join beside the mover's liberties", `
OOX.X.X
.OOO.OO
XOXOX.X
OXX.OOX
O...OX.
OOOX.XX
.XOXX..`, "C5", "A4", board.Black, Neither},
		{"the attacker's block gains liberties", `
OXXXOXX
..XOOO.
XOXXOOO
XXOXXO.
.X.XXOX
OXXXXXO
OXXXXO.`, "G3", "E7", board.Black, BlackCaptures},
	} {
		size := len(strings.Fields(tc.diag)) // a row a line
		b, errB := board.ParsePoint(tc.black, size)
		w, errW := board.ParsePoint(tc.white, size)
		if errB != nil || errW != nil {
			t.Fatal(errB, errW)
		}
		r := mustRace(t, tc.diag, b, w)
		st, err := Settle(context.Background(), r, tc.first, SettleLimits{Nodes: 300_000})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, ok := minimax(r, tc.first)
		if !ok || want != tc.want {
			t.Fatalf("%s: minimax %v (finished %v), want %v", tc.name, want, ok, tc.want)
		}
		if st.Result != want {
			t.Errorf("%s, %s first: Settle %v (%v), minimax %v", tc.name, tc.first.Name(), st.Result, st.Kind, want)
		}
	}
}

// TestSettleRandomPositions checks Settle against plain minimax on the
// races of positions no one composed: random legal play on 7×7 and 9×9
// boards (a fixed seed), every candidate race whose regions hold at most
// 8 empty points, each side moving first. Random play leaves what
// composed races lack: loose stones in atari beside the blocks, walls
// that a move in an eye captures, eyes shared with dead stones.
func TestSettleRandomPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP random positions against minimax in -short mode")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	positions, checked, kos := 120, 0, 0
	for n := range positions {
		size := 7 + 2*rng.IntN(2)
		pos, err := board.New(size)
		if err != nil {
			t.Fatal(err)
		}
		moves := 20 + rng.IntN(size*size)
		for m := range moves {
			c := board.Black
			if m%2 == 1 {
				c = board.White
			}
			for range 10 {
				if pos.PlayIndex(c, rng.IntN(size*size)) == nil {
					break
				}
			}
		}
		pos.SetToMove(board.Black)
		for _, r := range CandidateRaces(pos) {
			if emptyPoints(r) > 8 {
				continue
			}
			st, err := SettleBoth(context.Background(), r, SettleLimits{Nodes: 300_000})
			if err != nil {
				continue // unsettled within the limit: nothing to compare
			}
			name := fmt.Sprintf("position %d, %s v %s", n, label(r.Pos, r.Black.Anchor()), label(r.Pos, r.White.Anchor()))
			c, k, _ := oracleCheck(t, name, r, st)
			checked, kos = checked+c, kos+k
		}
	}
	t.Logf("%d random positions: %d races × first mover checked against minimax, %d of them kos", positions, checked, kos)
	if checked < 30 {
		t.Errorf("only %d checked", checked)
	}
}
