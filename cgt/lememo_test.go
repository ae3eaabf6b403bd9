package cgt

import (
	"math/rand/v2"
	"testing"
)

// TestLeMemo checks the comparison table against a map through its
// growths, with IDs up to the largest an int32 holds, so that a result
// bit clashing with an ID's would show.
func TestLeMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var m leMemo
	want := map[uint64]bool{}
	for range 20_000 {
		g, h := rng.Int32N(1<<31-1), rng.Int32N(300)
		if rng.IntN(2) == 0 {
			g = rng.Int32N(300)
		}
		if g == h {
			continue
		}
		k := pairKey(g, h)
		if _, ok := want[k]; ok {
			continue
		}
		le := rng.IntN(2) == 0
		want[k] = le
		m.put(k, le)
	}
	if m.len() != len(want) {
		t.Errorf("len %d, want %d", m.len(), len(want))
	}
	for k, le := range want {
		if got, ok := m.get(k); !ok || got != le {
			t.Fatalf("pair %x: got %v, %v; want %v", k, got, ok, le)
		}
	}
	for range 1000 {
		k := pairKey(rng.Int32N(1<<31-1), rng.Int32N(1<<31-1))
		if _, in := want[k]; in {
			continue
		}
		if _, ok := m.get(k); ok {
			t.Fatalf("pair %x found, never put", k)
		}
	}
}

// TestLeMemoFull checks the comparison table past its most slots: it is
// emptied, not grown, so it never holds more than half of them, and what
// it answers is always what was put; the last result put is always held.
func TestLeMemoFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := leMemo{max: leMemoMin}
	want := map[uint64]bool{}
	for range 5 * leMemoMin {
		k := pairKey(rng.Int32N(1<<31-1), rng.Int32N(1<<31-1))
		if _, ok := want[k]; ok {
			continue
		}
		le := rng.IntN(2) == 0
		want[k] = le
		m.put(k, le)
		if got, ok := m.get(k); !ok || got != le {
			t.Fatalf("pair %x just put: got %v, %v; want %v", k, got, ok, le)
		}
		if len(m.slots) > leMemoMin || m.len() > leMemoMin/2 {
			t.Fatalf("%d results in %d slots, past the most, %d", m.len(), len(m.slots), leMemoMin)
		}
	}
	held := 0
	for k, le := range want {
		if got, ok := m.get(k); ok {
			held++
			if got != le {
				t.Fatalf("pair %x: got %v, want %v", k, got, le)
			}
		}
	}
	if held != m.len() {
		t.Errorf("%d pairs found, the table holds %d", held, m.len())
	}
}
