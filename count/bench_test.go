package count

import (
	"context"
	"moyo/internal/testutil"
	"testing"
)

// BenchmarkAuto judges the dead stones at the end of AlphaGo Master v Gu
// Li (19×19, 235 moves): 500 playouts and the races of the chains in
// doubt.
func BenchmarkAuto(b *testing.B) {
	rec := testutil.ReadRecord(b, "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	pos := rec.AfterMove(rec.Moves()).Position
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Auto(context.Background(), pos); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNew counts the same position once judged.
func BenchmarkNew(b *testing.B) {
	rec := testutil.ReadRecord(b, "../testdata/records/60-2017.01.04-Master-Gu_Li.sgf")
	pos := rec.AfterMove(rec.Moves()).Position
	m, err := Auto(context.Background(), pos)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(pos, m, Territory, 6.5); err != nil {
			b.Fatal(err)
		}
	}
}
