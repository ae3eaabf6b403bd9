package semeai

// heldKeys is a filter of the keys the settler's tables hold (memo and
// pn): one bit a key, set by its top bits. A clear bit says the tables
// do not hold the key, without a lookup. The proof-number search looks up
// every move of a position it expands, and on real games' races some 95 %
// of those moves were met nowhere before: two map lookups each, missing
// the processor's caches, were a quarter of the search's time. A set bit
// may be another key's, and the tables are then looked up as before.
type heldKeys struct {
	bits  []uint64
	shift uint // 64 − log2(the number of bits)
}

// The filter's sizes: it starts small (a small race's search takes less
// than zeroing a large one) and grows to keep its bits at least
// heldPerKey times the keys held, up to 2^heldMaxLog bits (8 MB).
const (
	heldMinLog = 15
	heldMaxLog = 26
	heldPerKey = 8
)

// mayHold reports whether key may be in the tables: false only where it
// is not.
func (h *heldKeys) mayHold(key uint64) bool {
	if h.bits == nil {
		return true
	}
	i := key >> h.shift
	return h.bits[i>>6]&(1<<(i&63)) != 0
}

// add notes key, now in the tables, which hold n keys: where n has
// outgrown the filter, it is made anew, large enough again, from the keys
// each calls put with.
func (h *heldKeys) add(key uint64, n int, each func(put func(uint64))) {
	log := 64 - int(h.shift)
	if h.bits == nil || n*heldPerKey > 1<<log && log < heldMaxLog {
		log = heldMinLog
		for n*heldPerKey > 1<<log && log < heldMaxLog {
			log += 2
		}
		log = min(log, heldMaxLog)
		h.bits, h.shift = make([]uint64, 1<<(log-6)), uint(64-log)
		each(h.set)
	}
	h.set(key)
}

// set sets key's bit.
func (h *heldKeys) set(key uint64) {
	i := key >> h.shift
	h.bits[i>>6] |= 1 << (i & 63)
}
