package cgt

import "cmp"

// leMemo remembers the results of comparisons g ≤ h by the pair of the
// games' IDs. A region of a capturing race where a block can live asks
// millions of comparisons of some tens of thousands of games, and a Go
// map spent two thirds of each comparison's time hashing, probing and
// growing. This is an open-addressing table of one word per entry: the
// pair (g's ID in the high half, h's in the low) with the result in the
// top bit, which an ID, not negative, never sets. A zero word is free: no
// pair is (0, 0), as le answers g ≤ g before it looks.
//
// The table is a cache: past half of leMemoMax slots it is emptied rather
// than grown, and a result asked again is computed again. Most results
// are asked once (a game's options are compared when it is made), and a
// region where a block can live asks tens of millions: kept, they took
// more memory than all the games, and stopped the count of 13 empty
// points that needs 330,000 games at the table's limit.
type leMemo struct {
	slots []uint64
	n     int
	shift uint // 64 − log2(len(slots))
	max   int  // the most slots (0: leMemoMax)
}

// leMemoMin is the initial number of slots, a power of two.
const leMemoMin = 1 << 10

// leMemoMax is the most slots a leMemo grows to, a power of two: 64 MB.
const leMemoMax = 1 << 23

// leResult is the bit of a slot that holds the result.
const leResult = 1 << 63

// pairKey returns the key of the pair of IDs (g, h).
func pairKey(g, h int32) uint64 { return uint64(uint32(g))<<32 | uint64(uint32(h)) }

// slot returns the first slot to probe for k: Fibonacci hashing, the
// high bits of k times 2^64/φ.
func (m *leMemo) slot(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> m.shift }

// get returns the result remembered for the pair k, if any.
func (m *leMemo) get(k uint64) (le, ok bool) {
	if m.slots == nil {
		return false, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := m.slot(k); ; i = (i + 1) & mask {
		s := m.slots[i]
		if s == 0 {
			return false, false
		}
		if s&^leResult == k {
			return s&leResult != 0, true
		}
	}
}

// put remembers le for the pair k, which it does not hold yet.
func (m *leMemo) put(k uint64, le bool) {
	if 2*(m.n+1) > len(m.slots) {
		if len(m.slots) >= cmp.Or(m.max, leMemoMax) {
			clear(m.slots)
			m.n = 0
		} else {
			m.grow()
		}
	}
	s := k
	if le {
		s |= leResult
	}
	m.insert(s)
}

// insert places the slot word s in the first free slot of its probe.
func (m *leMemo) insert(s uint64) {
	mask := uint64(len(m.slots) - 1)
	i := m.slot(s &^ leResult)
	for m.slots[i] != 0 {
		i = (i + 1) & mask
	}
	m.slots[i] = s
	m.n++
}

// grow doubles the table (or makes its first slots).
func (m *leMemo) grow() {
	old := m.slots
	if old == nil {
		m.slots, m.shift = make([]uint64, leMemoMin), 64-10
		return
	}
	m.slots, m.shift, m.n = make([]uint64, 2*len(old)), m.shift-1, 0
	for _, s := range old {
		if s != 0 {
			m.insert(s)
		}
	}
}

// len returns the number of results remembered.
func (m *leMemo) len() int { return m.n }
