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
		m := newPosMemo(points, nil, nil)
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

// TestPosMemoCaptive stores a distinct game under each of 70,000
// positions of a 10-point region beside two captive chains, Black's on
// bit 10 and White's on bits 11–12, in all four sets of them on the
// board: the same colouring with other captive chains is another
// position. Past 65,535 games the table moves to hashing, which must
// decode the captive chains from the dense slots.
func TestPosMemoCaptive(t *testing.T) {
	tb := cgt.NewTable()
	const n = 70_000
	captive := []uint32{1 << 10, 1<<11 | 1<<12}
	var pos [][2]uint32
	for b := uint32(0); len(pos) < n+1; b++ {
		free := 0x3ff &^ b
		for w := free; len(pos) < n+1; w = (w - 1) & free {
			for set := range 4 {
				var cb, cw uint32
				if set&1 != 0 {
					cb = captive[0]
				}
				if set&2 != 0 {
					cw = captive[1]
				}
				pos = append(pos, [2]uint32{b | cb, w | cw})
			}
			if w == 0 {
				break
			}
		}
	}
	pos = pos[:n+1]
	m := newPosMemo(10, captive, []bool{true, false})
	if m.dense == nil {
		t.Fatal("no dense table for 10 points and two captive chains")
	}
	for x := range n {
		m.put(pos[x][0], pos[x][1], tb.Int(int64(x)))
		if x == 65_000 {
			for y := range x + 1 {
				if v, ok := m.get(pos[y][0], pos[y][1]); !ok || v != tb.Int(int64(y)) {
					t.Fatalf("dense: position %d gives %v, %v", y, v, ok)
				}
			}
		}
	}
	if m.dense != nil || m.len() != n {
		t.Errorf("after %d games: dense %v, %d positions", n, m.dense != nil, m.len())
	}
	for x := range n {
		if v, ok := m.get(pos[x][0], pos[x][1]); !ok || v != tb.Int(int64(x)) {
			t.Fatalf("hashed: position %d gives %v, %v; want %d", x, v, ok, x)
		}
	}
	if v, ok := m.get(pos[n][0], pos[n][1]); ok {
		t.Errorf("an unstored position gives %v", v)
	}
}
