package semeai

import (
	"testing"

	"moyo/cgt"
)

// TestPosMemo stores a distinct game under each of 70,000 positions of a
// 12-point region, more than the dense table's 2-byte slots can tell
// apart, and of a 14-point one, which is hashed from the start, and reads
// every one back.
func TestPosMemo(t *testing.T) {
	tb := cgt.NewTable()
	const n = 70_000
	// The first n positions of 12 points, Black's stones b and White's
	// w, each b with every w among its empty points: listed by subsets,
	// not by the table's base 3, so that the test shares no code with
	// what it checks.
	var pos [][2]uint32
	for b := uint32(0); len(pos) < n+1; b++ {
		free := 0xfff &^ b
		for w := free; ; w = (w - 1) & free {
			pos = append(pos, [2]uint32{b, w})
			if w == 0 {
				break
			}
		}
	}
	for _, points := range []int{12, 14} {
		m := newPosMemo(points)
		for x := range n {
			m.put(pos[x][0], pos[x][1], tb.Int(int64(x)))
		}
		if (m.dense != nil) != (points <= maxDense && n <= 65_535) {
			t.Errorf("%d points: dense table %v after %d games", points, m.dense != nil, n)
		}
		if m.len() != n {
			t.Errorf("%d points: %d positions stored, want %d", points, m.len(), n)
		}
		for x := range n {
			if v, ok := m.get(pos[x][0], pos[x][1]); !ok || v != tb.Int(int64(x)) {
				t.Fatalf("%d points: position %d gives %v, %v; want %d", points, x, v, ok, x)
			}
		}
		if v, ok := m.get(pos[n][0], pos[n][1]); ok {
			t.Errorf("%d points: an unstored position gives %v", points, v)
		}
	}
}
