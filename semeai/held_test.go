package semeai

import (
	"math/rand/v2"
	"testing"
)

// TestHeldKeys: the filter holds every key added, through its growth
// from the smallest size to the largest, and says "not held" of most
// keys never added (at least 80 %, its bits eight times the keys or
// more).
func TestHeldKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var h heldKeys
	table := map[uint64]bool{}
	each := func(put func(uint64)) {
		for k := range table {
			put(k)
		}
	}
	for _, n := range []int{1, 100, 10_000, 300_000} {
		for len(table) < n {
			k := rng.Uint64()
			table[k] = true
			h.add(k, len(table), each)
		}
		for k := range table {
			if !h.mayHold(k) {
				t.Fatalf("%d keys: key %#x added, not held", n, k)
			}
		}
		absent := 0
		for range 10_000 {
			if k := rng.Uint64(); !table[k] && !h.mayHold(k) {
				absent++
			}
		}
		if absent < 8_000 {
			t.Errorf("%d keys in %d bits: %d of 10,000 other keys found not held, want 8,000 or more", n, len(h.bits)*64, absent)
		}
	}
	if empty := (heldKeys{}); !empty.mayHold(42) {
		t.Error("an empty filter says a key is not held before any was added")
	}
}
