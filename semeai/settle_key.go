package semeai

import (
	"slices"

	"moyo/board"
)

// classes finds the race's classes of interchangeable points: empty
// points each next to the same chains, of both colours, and to nothing
// else but the board's edge and other points of the class, where each
// chain is an essential block (whose capture ends the race) or one that
// cannot be captured (a liberty outside the moves, or alive by Benson's
// test). A stone on any point of a class joins the chains of its colour
// and takes a liberty of the others, whichever point it is on, so the
// positions with the same number of each colour's stones on a class are
// alike: the search plays only the first empty point of a class and keys
// a class by its counts. (A plain liberty of a block against the
// opponent's wall is such a point: filling the first of nine such
// liberties or the fifth gives the same race.)
func (s *settler) classes(chains []board.Chain, id []int) {
	pos := s.start
	s.classOf = make([]int, pos.Len())
	for i := range s.classOf {
		s.classOf[i] = -1
	}
	life := pos.UnconditionalLife()
	safe := func(c int) bool {
		ch := chains[c]
		i := ch.Stones[0]
		return id[i] == id[s.black] || id[i] == id[s.white] || s.outsideAt[i] || life[i] == ch.Color
	}
	// near[i] is the chains next to empty point i, in increasing order
	// and padded with −1, where they fit: all safe, both colours there.
	type chainSet [4]int
	near := make(map[int]chainSet)
	for _, i := range s.moves {
		if pos.Cell(i) != board.Empty {
			continue
		}
		set, n, ok := chainSet{-1, -1, -1, -1}, 0, true
		var black, white bool
		for _, j := range pos.Neighbors(i) {
			c := id[j]
			if c < 0 || slices.Contains(set[:n], c) {
				continue
			}
			if !safe(c) {
				ok = false
				break
			}
			set[n], n = c, n+1
			black = black || chains[c].Color == board.Black
			white = white || chains[c].Color == board.White
		}
		if ok && black && white {
			slices.Sort(set[:n])
			near[i] = set
		}
	}
	byChains := map[chainSet]int{}
	var count []int
	for _, i := range s.moves {
		p, ok := near[i]
		if !ok {
			continue
		}
		fits := true
		for _, j := range pos.Neighbors(i) {
			if pos.Cell(j) == board.Empty {
				if q, ok := near[j]; !ok || q != p {
					fits = false
					break
				}
			}
		}
		if !fits {
			continue
		}
		c, ok := byChains[p]
		if !ok {
			c = len(count)
			byChains[p] = c
			count = append(count, 0)
		}
		s.classOf[i] = c
		count[c]++
	}
	// A class of one point is no class; number the rest densely.
	renum := make([]int, len(count))
	n := 0
	for c, k := range count {
		renum[c] = -1
		if k >= 2 {
			renum[c] = n
			n++
		}
	}
	for i, c := range s.classOf {
		if c >= 0 {
			s.classOf[i] = renum[c]
		}
	}
	s.classStamp = make([]int32, n)
}

// maxHashClasses is the most classes of interchangeable points hash keys
// by their counts; the points of any further class are keyed one by one.
const maxHashClasses = 16

// hash returns the key of pos's stones on the key points and its ko
// point: what the ban on repeating a position compares. The searches
// compute it once, at the start of a line, and follow it move by move
// (rehash).
func (s *settler) hash(pos *board.Position) uint64 {
	var h uint64
	var counts [maxHashClasses][2]uint8
	for k, i := range s.keyPts {
		if c := s.hashClass[k]; c >= 0 {
			switch pos.Cell(i) {
			case board.Black:
				counts[c][0]++
			case board.White:
				counts[c][1]++
			}
			continue
		}
		h ^= s.zobAt(k, pos.Cell(i))
	}
	for c := range s.classKeys {
		h ^= s.zobClass[c][counts[c][0]][counts[c][1]]
	}
	if p, ok := pos.Ko(); ok {
		h ^= s.zobKo[pos.Index(p)]
	}
	return h
}

// zobAt is key point k's number with colour c on it (0 where empty).
func (s *settler) zobAt(k int, c board.Color) uint64 {
	switch c {
	case board.Black:
		return s.zob[k][0]
	case board.White:
		return s.zob[k][1]
	}
	return 0
}

// rehash returns hash(next) from h, hash(pos), where next is pos after
// one move played at i (i < 0: a pass): only the points the move changed,
// its own and those of the stones it took, and the ko are looked at, not
// every key point (hashing whole positions took a fifth of the time of a
// real game's race).
func (s *settler) rehash(h uint64, pos, next *board.Position, i int) uint64 {
	if p, ok := pos.Ko(); ok {
		h ^= s.zobKo[pos.Index(p)]
	}
	if p, ok := next.Ko(); ok {
		h ^= s.zobKo[next.Index(p)]
	}
	if i < 0 {
		return h
	}
	s.markStamp++
	stamp := s.markStamp
	s.dirty = s.dirty[:0]
	h = s.rekey(h, pos, next, i)
	// The stones taken: chains next to i that the move emptied.
	for _, j := range pos.Neighbors(i) {
		c := pos.Cell(j)
		if c == board.Empty || next.Cell(j) != board.Empty || s.mark[j] == stamp {
			continue
		}
		stack := append(s.flood[:0], j)
		s.mark[j] = stamp
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			h = s.rekey(h, pos, next, k)
			for _, n := range pos.Neighbors(k) {
				if pos.Cell(n) == c && s.mark[n] != stamp {
					s.mark[n] = stamp
					stack = append(stack, n)
				}
			}
		}
		s.flood = stack
	}
	// A class's number is of its counts: recounted where a point changed.
	for _, c := range s.dirty {
		var was, is [2]int
		for _, k := range s.classKeys[c] {
			p := s.keyPts[k]
			if v := pos.Cell(p); v != board.Empty {
				was[side(v)]++
			}
			if v := next.Cell(p); v != board.Empty {
				is[side(v)]++
			}
		}
		h ^= s.zobClass[c][was[0]][was[1]] ^ s.zobClass[c][is[0]][is[1]]
	}
	return h
}

// rekey is rehash's change to h of board point i, which the move changed
// from pos to next: a key point's own numbers, or its class marked for
// recounting.
func (s *settler) rekey(h uint64, pos, next *board.Position, i int) uint64 {
	k := s.keyOf[i]
	if k < 0 {
		return h
	}
	if c := s.hashClass[k]; c >= 0 {
		if s.classMark[c] != s.markStamp {
			s.classMark[c] = s.markStamp
			s.dirty = append(s.dirty, c)
		}
		return h
	}
	return h ^ s.zobAt(int(k), pos.Cell(i)) ^ s.zobAt(int(k), next.Cell(i))
}
