package semeai

import (
	"math"
	"math/bits"

	"moyo/cgt"
)

// posMemo maps a region position without a ko point, given by its Black
// and White stones, to its game. A region of 12 empty points has some
// 200,000 positions, each looked up a dozen times, and these lookups were
// most of bitGame's work, missing the processor's caches. So a region of
// at most maxDense points gets a dense table, one 2-byte slot per
// colouring of its points (3^n slots, 1 MB for 12 points, which stays in
// a core's second-level cache beside the rest of the search; indexed by
// the position read as a number in base 3), holding an index into the
// few distinct games met; a larger region, or one whose positions have
// more than 65,535 distinct games, gets an open-addressing hash table.
type posMemo struct {
	games []*cgt.Game // games[0] is unused: slot 0 means unknown
	// index[g.ID()] is the slot of game g, or 0: IDs are dense, and a
	// map lookup per store cost a tenth of a large region's time.
	index []uint32

	// The dense table, when not nil, and the base-3 value of each byte
	// of a mask at its place; points is the region's number of points.
	dense  []uint16
	points int
	pow3   [2][256]uint32
	digit  [maxDense]uint32 // digit[i] = 3^i
	// captive are the masks of the captive chains, which follow the
	// region's points in a position's masks, and captiveBlack whether
	// each is Black's. A position is its region's colouring and which of
	// them are on the board: the dense slot is the colouring's, plus
	// 3^points times that set read as a binary number.
	captive      []uint32
	captiveBlack []bool
	region       uint32 // the region's points
	colourings   uint32 // 3^points
	// capSlot[s] is the slot offset of the captive stones s on the board
	// (the position's bits past the region's, when there are at most
	// maxCapSlot of them), found once rather than chain by chain.
	capSlot []uint32

	// The hash table: keys are Black's stones in the low half, White's
	// in the high; a zero slot is free.
	keys  []uint64
	slots []uint32
	n     int
	mask  uint64
	shift uint // 64 − log2(len(keys))
}

// maxDense is the most points a region may have for a dense table: 3^12
// slots are 1 MB, and zeroing more costs a small region's game more than
// hashing.
const maxDense = 12

// maxCapSlot is the most captive stones posMemo.capSlot is made for.
const maxCapSlot = 10

// maxDenseSlots bounds the dense table with its captive chains' sets:
// four times a 12-point region's colourings (two captive chains), 4 MB.
const maxDenseSlots = 4 * 531_441

// minHash is the initial size of the hash table, a power of two.
const minHash = 1 << 10

// newPosMemo returns an empty table for a region of n points, whose
// positions' masks hold after them the captive chains captive (Black's
// where black is set).
func newPosMemo(n int, captive []uint32, black []bool) posMemo {
	m := posMemo{games: []*cgt.Game{nil}, points: n, captive: captive, captiveBlack: black}
	m.region = uint32(1)<<n - 1
	if n >= 32 {
		m.region = ^uint32(0)
	}
	size := uint64(1)
	for range n {
		size *= 3
	}
	m.colourings = uint32(min(size, math.MaxUint32))
	size <<= len(captive)
	if n <= maxDense && size <= maxDenseSlots {
		m.dense = make([]uint16, size)
		var stones uint32
		for _, c := range captive {
			stones |= c
		}
		if c := 32 - bits.LeadingZeros32(stones>>n); len(captive) > 0 && c <= maxCapSlot {
			m.capSlot = make([]uint32, 1<<c)
			for on := range m.capSlot {
				for k, mask := range captive {
					if uint32(on)<<n&mask != 0 {
						m.capSlot[on] += m.colourings << k
					}
				}
			}
		}
		for i, p := 0, uint32(1); i < n; i, p = i+1, 3*p {
			m.digit[i] = p
		}
		for b := range 2 {
			for v := range 256 {
				var x, p uint32 = 0, 1
				for range 8 * b {
					p *= 3
				}
				for j := range 8 {
					if v&(1<<j) != 0 {
						x += p
					}
					p *= 3
				}
				m.pow3[b][v] = x
			}
		}
		return m
	}
	m.initHash()
	return m
}

// initHash makes the hash table empty.
func (m *posMemo) initHash() {
	m.keys, m.slots = make([]uint64, minHash), make([]uint32, minHash)
	m.mask, m.shift, m.n = minHash-1, 64-10, 0
}

// at returns the dense slot of the position (b, w): the region's points
// read as base-3 digits, 1 for Black and 2 for White, and the captive
// chains on the board (see posMemo).
func (m *posMemo) at(b, w uint32) uint32 {
	on := b | w
	b, w = b&m.region, w&m.region
	x := m.pow3[0][b&0xff] + m.pow3[1][b>>8&0xff] + 2*(m.pow3[0][w&0xff]+m.pow3[1][w>>8&0xff])
	if m.capSlot != nil {
		return x + m.capSlot[on>>m.points&uint32(len(m.capSlot)-1)]
	}
	if m.captive != nil {
		for k, c := range m.captive {
			if on&c != 0 {
				x += m.colourings << k
			}
		}
	}
	return x
}

// children reads into pre[0][i] and pre[1][i] the dense slots of the
// positions (b, w) with a Black or a White stone added at each region
// point i of empty: a stone on the region adds its point's digit to the
// slot, once for Black and twice for White, and leaves the captive
// chains' part as it is.
func (m *posMemo) children(b, w, empty uint32, pre *[2][32]uint16) {
	x := m.at(b, w)
	for e := empty; e != 0; e &= e - 1 {
		i := bits.TrailingZeros32(e)
		d := m.digit[i]
		pre[0][i], pre[1][i] = m.dense[x+d], m.dense[x+2*d]
	}
}

// slot returns the first hash slot to probe for key k: Fibonacci hashing,
// the high bits of k times 2^64/φ.
func (m *posMemo) slot(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> m.shift }

// get returns the game stored for the position (b, w).
func (m *posMemo) get(b, w uint32) (*cgt.Game, bool) {
	if m.dense != nil {
		s := m.dense[m.at(b, w)]
		return m.games[s], s != 0
	}
	k := uint64(b) | uint64(w)<<32
	for i := m.slot(k); ; i = (i + 1) & m.mask {
		s := m.slots[i]
		if s == 0 {
			return nil, false
		}
		if m.keys[i] == k {
			return m.games[s], true
		}
	}
}

// put stores v (not nil) for the position (b, w).
func (m *posMemo) put(b, w uint32, v *cgt.Game) {
	id := v.ID()
	if id >= len(m.index) {
		m.index = append(m.index, make([]uint32, id+1-len(m.index))...)
	}
	s := m.index[id]
	if s == 0 {
		s = uint32(len(m.games))
		m.games = append(m.games, v)
		m.index[id] = s
		if m.dense != nil && s > math.MaxUint16 {
			m.undense()
		}
	}
	if m.dense != nil {
		if m.dense[m.at(b, w)] == 0 {
			m.n++
		}
		m.dense[m.at(b, w)] = uint16(s)
		return
	}
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	m.putHash(uint64(b)|uint64(w)<<32, s)
}

func (m *posMemo) putHash(k uint64, s uint32) {
	for i := m.slot(k); ; i = (i + 1) & m.mask {
		if m.slots[i] == 0 {
			m.keys[i], m.slots[i] = k, s
			m.n++
			return
		}
		if m.keys[i] == k {
			m.slots[i] = s
			return
		}
	}
}

// undense moves the dense table's positions to the hash table.
func (m *posMemo) undense() {
	dense := m.dense
	m.dense = nil
	m.initHash()
	for x, s := range dense {
		if s == 0 {
			continue
		}
		var b, w uint32
		for k, c := range m.captive {
			if uint32(x)/m.colourings&(1<<k) == 0 {
				continue
			}
			if m.captiveBlack[k] {
				b |= c
			} else {
				w |= c
			}
		}
		x %= int(m.colourings)
		for i := range m.points {
			switch x % 3 {
			case 1:
				b |= 1 << i
			case 2:
				w |= 1 << i
			}
			x /= 3
		}
		if 2*(m.n+1) > len(m.keys) {
			m.grow()
		}
		m.putHash(uint64(b)|uint64(w)<<32, uint32(s))
	}
}

// len returns the number of positions stored.
func (m *posMemo) len() int { return m.n }

// grow doubles the hash table.
func (m *posMemo) grow() {
	keys, slots := m.keys, m.slots
	size := 2 * len(keys)
	m.keys, m.slots = make([]uint64, size), make([]uint32, size)
	m.mask, m.shift, m.n = uint64(size-1), m.shift-1, 0
	for i, s := range slots {
		if s != 0 {
			m.putHash(keys[i], s)
		}
	}
}
