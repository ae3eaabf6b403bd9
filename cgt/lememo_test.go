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
