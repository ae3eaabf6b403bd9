package semeai

import (
	"context"
	"testing"

	"moyo/board"
)

// benchRace analyses the race of diag b.N times.
func benchRace(b *testing.B, diag string, blocks [2]board.Point) {
	pos, err := board.ParseDiagram(diag)
	if err != nil {
		b.Fatal(err)
	}
	r, err := NewRace(pos, blocks[0], blocks[1])
	if err != nil {
		b.Fatal(err)
	}
	most := 0
	for _, g := range r.Regions {
		most = max(most, g.Empty)
	}
	b.ReportMetric(float64(most), "empty/region")
	for b.Loop() {
		if _, err := Analyze(context.Background(), r, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRace12Open is the speed goal: a race whose largest
// region has 12 empty points, here a 2×6 open area above Black's block
// (its liberties on one row, the points it could extend to on the next),
// against six plain White liberties. Goal: under 50 ms.
func BenchmarkRace12Open(b *testing.B) {
	benchRace(b, frame("......O", "......O", T0, "......X", X7), frameBlocks)
}

// BenchmarkRace12Eyes: a race with an eye on each side, a three-point eye
// space, a ko-free approach pocket and shared liberties, every region up
// to 12 empty points in all.
func BenchmarkRaceEyes(b *testing.B) {
	benchRace(b, frame("OXXXXXO", "OX...XO", "XX..OOO", ".O.OXXX", "XXOOXXX"), frameBlocks)
}

// BenchmarkRacePocket: a pocket with captures inside (the seed's {4|0}).
func BenchmarkRacePocket(b *testing.B) {
	benchRace(b, pocket([3]string{"X.XOX", "XXO..", "OOXOX"}, "..XXX"), pocketBlocks)
}

// BenchmarkSolvePocket is the brute-force solver on the same race.
func BenchmarkSolvePocket(b *testing.B) {
	pos, _ := board.ParseDiagram(pocket([3]string{"X.XOX", "XXO..", "OOXOX"}, "..XXX"))
	r, _ := NewRace(pos, pocketBlocks[0], pocketBlocks[1])
	for b.Loop() {
		if _, err := Solve(context.Background(), r, board.Black, 0); err != nil {
			b.Fatal(err)
		}
	}
}
