package semeai

import (
	"fmt"

	"moyo/board"
)

// pnInf is the proof or disproof number of a question answered: no
// amount of work proves what is disproved.
const pnInf = 1 << 30

// pnEntry is what the proof-number table keeps of a position and a
// question: its proof and disproof numbers as last found.
type pnEntry struct{ pn, dn uint32 }

// pnChild is a move of a position in the proof-number search: the
// position after it, and its proof and disproof numbers.
type pnChild struct {
	pos    *board.Position
	stones uint64 // pos's hash
	passed bool   // the move is a pass
	pn, dn uint32
}

// prove answers the question search answers (does Black reach an end of
// at least t from pos) by depth-first proof-number search (Nagai's
// df-pn): rather than settle each move in turn, it expands the move whose
// subtree looks nearest to an answer, measured by proof numbers (the
// fewest positions still to prove) and disproof numbers, and turns from
// it to the next best once its numbers pass that one's. The leaves, the
// rules and the table of answers are search's: an answer found without a
// ban on repetition shaping it is remembered in s.memo for both
// searches.
func (s *settler) prove(pos *board.Position, passed bool, t Result) (bool, error) {
	s.depth, s.lowRep = 0, 1<<30
	if s.pn == nil {
		s.pn = map[uint64]pnEntry{}
	}
	pn, _, err := s.mid(pos, s.hash(pos), passed, t, pnInf-1, pnInf-1)
	if err != nil {
		return false, err
	}
	return pn == 0, nil
}

// pnKey is the key in the tables of pos, whose stones hash to stones
// (to move, after a pass or not).
func (s *settler) pnKey(pos *board.Position, stones uint64, passed bool) uint64 {
	key := stones
	if pos.ToMove() == board.White {
		key ^= s.zobWhite
	}
	if passed {
		key ^= s.zobPass
	}
	return key
}

// mid expands pos until its proof number reaches thpn or its disproof
// number thdn, or it is answered, and returns the two numbers.
func (s *settler) mid(pos *board.Position, stones uint64, passed bool, t Result, thpn, thdn uint32) (pn, dn uint32, err error) {
	answer := func(yes bool) (uint32, uint32, error) {
		if yes {
			return 0, pnInf, nil
		}
		return pnInf, 0, nil
	}
	if pos.Cell(s.black) == board.Empty {
		return answer(WhiteCaptures >= t)
	}
	if pos.Cell(s.white) == board.Empty {
		return answer(true)
	}
	s.nodes++
	if s.nodes > s.limit {
		return 0, 0, fmt.Errorf("the search visited more than %d positions: %w", s.limit, ErrSearchLimit)
	}
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return 0, 0, err
		}
	}
	key := s.pnKey(pos, stones, passed)
	q := question(t)
	if yes, known, ko := s.memo[key].answer(q); known {
		s.koMet = s.koMet || ko
		return answer(yes)
	}
	// As in search, koMet from here on is this position's: whether a ko
	// was met in this call's expansion of it, or an answer of its moves'
	// that may depend on the kos was used. A position proved in this
	// call stands on its moves' answers as this call found them.
	outer := s.koMet
	s.koMet = false
	defer func() { s.koMet = s.koMet || outer }()
	remember := func(yes bool) {
		e := s.memo[key]
		e.known[q], e.yes[q], e.ko[q] = true, yes, s.koMet
		s.remember(key, e)
	}
	s.fillBlocks(pos)
	if lo, hi := s.bounds(pos, s.depth); lo >= t || hi < t {
		remember(lo >= t)
		return answer(lo >= t)
	}
	me := pos.ToMove()
	or := me == board.Black // Black moving wants a yes: any move will do
	// The mover who defends at this question's threshold ends the line
	// by passing after the opponent's pass.
	if passed && (Neither >= t) == or {
		remember(or)
		return answer(or)
	}
	depth, entry := s.enter(stones)
	defer s.leave(entry)
	for len(s.pnKids) <= depth {
		s.pnKids = append(s.pnKids, nil)
	}
	kids := s.pnKids[depth][:0]
	// The blocks' liberties before the move, for the numbers of a move
	// not met before: a block with fewer is nearer its capture.
	var libs [2]uint32
	for _, i := range s.moves {
		for k := range libs {
			if s.blocks[k].Liberty(i, s.stamp[k]) {
				libs[k]++
			}
		}
	}
	order := s.ordered(pos, depth, -1, (me == board.Black) == (q == 0))
	for _, i := range order {
		after := libs
		if k := side(me.Opponent()); s.blocks[k].Liberty(i, s.stamp[k]) {
			after[k]--
		}
		next := s.kidPos(depth, len(kids), pos)
		if !s.play(next, me, i) {
			continue
		}
		h := s.rehash(stones, pos, next, i)
		if d := s.path[h]; d > 0 {
			s.lowRep = min(s.lowRep, d-1)
			continue // a position may not repeat
		}
		kids = append(kids, s.newKid(next, h, false, t, after))
	}
	// The pass: after the opponent's pass it ends the line with neither
	// block captured.
	if passed {
		if Neither >= t {
			kids = append(kids, pnChild{pn: 0, dn: pnInf})
		} else {
			kids = append(kids, pnChild{pn: pnInf, dn: 0})
		}
	} else {
		next := s.kidPos(depth, len(kids), pos)
		next.Play(board.Move{Color: me, Pass: true})
		kids = append(kids, s.newKid(next, s.rehash(stones, pos, next, -1), true, t, libs))
	}
	s.pnKids[depth] = kids
	for {
		pn, dn = sumMin(kids, or)
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
			break
		}
		best, second := bestKids(kids, or)
		c := &kids[best]
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, second+1)
			cthdn = sat(thdn - dn + c.dn)
		} else {
			cthdn = min(thdn, second+1)
			cthpn = sat(thpn - pn + c.pn)
		}
		if c.pn, c.dn, err = s.mid(c.pos, c.stones, c.passed, t, cthpn, cthdn); err != nil {
			return 0, 0, err
		}
	}
	if (pn == 0 || dn == 0) && s.lowRep >= depth {
		remember(pn == 0)
	} else if pn != 0 && dn != 0 {
		s.pn[key^pnQuestion[q]] = pnEntry{pn, dn}
		s.hold(key ^ pnQuestion[q])
	}
	return pn, dn, nil
}

// pnQuestion sets the two questions' entries apart in the table of
// proof numbers.
var pnQuestion = [2]uint64{0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f}

// kidPos returns the scratch position for the k-th move at depth, a copy
// of pos.
func (s *settler) kidPos(depth, k int, pos *board.Position) *board.Position {
	for len(s.pnPos) <= depth {
		s.pnPos = append(s.pnPos, nil)
	}
	for len(s.pnPos[depth]) <= k {
		s.pnPos[depth] = append(s.pnPos[depth], pos.Clone())
	}
	p := s.pnPos[depth][k]
	p.CopyFrom(pos)
	return p
}

// newKid is the move to next, with the numbers the tables know of it,
// or where they know nothing numbers from the blocks' liberties after
// it (Black's, White's): Black's capture, which proves either question,
// is as far as White's liberties, White's as far as Black's.
func (s *settler) newKid(next *board.Position, stones uint64, passed bool, t Result, libs [2]uint32) pnChild {
	c := pnChild{pos: next, stones: stones, passed: passed, pn: max(1, libs[1]), dn: max(1, libs[0])}
	switch {
	case next.Cell(s.black) == board.Empty:
		c.pn, c.dn = pnInf, 0
		if WhiteCaptures >= t {
			c.pn, c.dn = 0, pnInf
		}
		return c
	case next.Cell(s.white) == board.Empty:
		c.pn, c.dn = 0, pnInf
		return c
	}
	key := s.pnKey(next, stones, passed)
	q := question(t)
	if e, ok := s.answerAt(key); ok {
		if yes, known, ko := e.answer(q); known {
			s.koMet = s.koMet || ko
			c.pn, c.dn = pnInf, 0
			if yes {
				c.pn, c.dn = 0, pnInf
			}
			return c
		}
	}
	if k := key ^ pnQuestion[q]; s.held.mayHold(k) {
		if e, ok := s.pn[k]; ok {
			c.pn, c.dn = e.pn, e.dn
		}
	}
	return c
}

// sumMin returns the numbers of a position from its moves': at a mover
// who needs one move (or), the least proof number and the sum of the
// disproof numbers; else the sum of the proof numbers and the least
// disproof number.
func sumMin(kids []pnChild, or bool) (pn, dn uint32) {
	lo, sum := uint32(pnInf), uint32(0)
	for _, c := range kids {
		a, b := c.pn, c.dn
		if !or {
			a, b = b, a
		}
		lo = min(lo, a)
		sum = sat(sum + b)
	}
	if or {
		return lo, sum
	}
	return sum, lo
}

// bestKids returns the move to expand (least proof number for or, least
// disproof number else) and the second least number.
func bestKids(kids []pnChild, or bool) (best int, second uint32) {
	lo, second := uint32(pnInf+1), uint32(pnInf)
	for k, c := range kids {
		v := c.dn
		if or {
			v = c.pn
		}
		switch {
		case v < lo:
			second, lo, best = lo, v, k
		case v < second:
			second = v
		}
	}
	return best, min(second, pnInf)
}

// sat caps a sum of numbers at pnInf.
func sat(x uint32) uint32 { return min(x, pnInf) }
