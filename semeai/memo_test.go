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
	for _, points := range []int{12, 14} {
		m := newPosMemo(points)
		// Position x: the points of x's base-3 digits, 1 for Black, 2 for
		// White; every position is a different one.
		pos := func(x int) (b, w uint32) {
			for i := 0; x > 0; i++ {
				switch x % 3 {
				case 1:
					b |= 1 << i
				case 2:
					w |= 1 << i
				}
				x /= 3
			}
			return b, w
		}
		for x := range n {
			b, w := pos(x)
			m.put(b, w, tb.Int(int64(x)))
		}
		if (m.dense != nil) != (points <= maxDense && n <= 65_535) {
			t.Errorf("%d points: dense table %v after %d games", points, m.dense != nil, n)
		}
		if m.len() != n {
			t.Errorf("%d points: %d positions stored, want %d", points, m.len(), n)
		}
		for x := range n {
			b, w := pos(x)
			if v, ok := m.get(b, w); !ok || v != tb.Int(int64(x)) {
				t.Fatalf("%d points: position %d gives %v, %v; want %d", points, x, v, ok, x)
			}
		}
		b, w := pos(n)
		if v, ok := m.get(b, w); ok {
			t.Errorf("%d points: an unstored position gives %v", points, v)
		}
	}
}
