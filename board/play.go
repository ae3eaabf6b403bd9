package board

import "fmt"

// marks is a set of flat indices on any board up to MaxSize×MaxSize. It is a
// value small enough to live on the stack, so that Play and Legal need no
// scratch state in the Position and stay safe for concurrent readers.
type marks [(MaxSize*MaxSize + 63) / 64]uint64

func (m *marks) has(i int) bool { return m[i>>6]&(1<<(uint(i)&63)) != 0 }
func (m *marks) add(i int)      { m[i>>6] |= 1 << (uint(i) & 63) }

// fillStack is the starting capacity of the flood-fill stacks: enough for
// the frontier of almost every chain, so that append rarely reaches the heap.
const fillStack = 48

// player returns the index of c in captured.
func player(c Color) int {
	if c == White {
		return 1
	}
	return 0
}

// libertyBeyond reports whether the chain holding start has a liberty other
// than the point except. It stops at the first such liberty found.
func (p *Position) libertyBeyond(start, except int) bool {
	c := p.cells[start]
	nbr, first := p.adj.nbr, p.adj.start
	var seen marks
	var buf [fillStack]int
	stack := append(buf[:0], start)
	seen.add(start)
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range nbr[first[s]:first[s+1]] {
			switch p.cells[j] {
			case Empty:
				if j != except {
					return true
				}
			case c:
				if !seen.has(j) {
					seen.add(j)
					stack = append(stack, j)
				}
			}
		}
	}
	return false
}

// CapturesAt reports whether a stone of c at flat index i would capture:
// whether i is the last liberty of a chain of c's opponent next to it. It
// says nothing of whether the move is legal (an occupied point, a ko).
func (p *Position) CapturesAt(c Color, i int) bool {
	opp := c.Opponent()
	for _, j := range p.adj.nbr[p.adj.start[i]:p.adj.start[i+1]] {
		if p.cells[j] == opp && !p.libertyBeyond(j, i) {
			return true
		}
	}
	return false
}

// removeChain empties the chain holding start and returns its size.
func (p *Position) removeChain(start int) int {
	c := p.cells[start]
	nbr, first := p.adj.nbr, p.adj.start
	var buf [fillStack]int
	stack := append(buf[:0], start)
	p.cells[start] = Empty
	n := 0
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		for _, j := range nbr[first[s]:first[s+1]] {
			if p.cells[j] == c {
				p.cells[j] = Empty
				stack = append(stack, j)
			}
		}
	}
	return n
}

// legal decides whether c may play at flat index i and returns the sentinel
// error if not. When it is legal, bit k of captures is set if the chain at
// the k-th neighbour of i would be captured; with needCaptures false the
// scan may stop as soon as legality is settled, and captures is incomplete.
func (p *Position) legal(c Color, i int, needCaptures bool) (captures uint8, err error) {
	if p.cells[i] != Empty {
		return 0, ErrOccupied
	}
	if c == p.toMove && i == p.ko {
		return 0, ErrKo
	}
	nbrs := p.adj.nbr[p.adj.start[i]:p.adj.start[i+1]]
	free := false
	for _, j := range nbrs {
		if p.cells[j] == Empty {
			free = true
			break
		}
	}
	if free && !needCaptures {
		return 0, nil
	}
	opp := c.Opponent()
	for k, j := range nbrs {
		switch p.cells[j] {
		case opp:
			if !p.libertyBeyond(j, i) {
				captures |= 1 << k
			}
		case c:
			if !free && p.libertyBeyond(j, i) {
				free = true
			}
		}
	}
	if !free && captures == 0 {
		return 0, ErrSuicide
	}
	return captures, nil
}

// Legal reports whether c may play a stone at pt now: nil if so, otherwise
// an error wrapping ErrOffBoard, ErrOccupied, ErrKo, ErrSuicide or
// ErrNotAPlayer. Ko binds c only if c is the player to move.
func (p *Position) Legal(c Color, pt Point) error {
	var err error
	switch {
	case c != Black && c != White:
		err = ErrNotAPlayer
	case !p.OnBoard(pt):
		err = ErrOffBoard
	default:
		_, err = p.legal(c, p.Index(pt), false)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", pt.Label(p.size), err)
	}
	return nil
}

// LegalMoves returns every point where c may play a stone now, in flat
// index order. Passing is always legal and is not listed.
func (p *Position) LegalMoves(c Color) []Point {
	if c != Black && c != White {
		return nil
	}
	empty := 0
	for _, v := range p.cells {
		if v == Empty {
			empty++
		}
	}
	pts := make([]Point, 0, empty)
	for i, v := range p.cells {
		if v != Empty {
			continue
		}
		if _, err := p.legal(c, i, false); err == nil {
			pts = append(pts, p.PointOf(i))
		}
	}
	return pts
}

// Play makes the move m: it places a stone of m.Color, removes the opponent
// chains left without liberties and credits them to m.Color's captures, or
// passes. m.Color need not be the player to move, since records sometimes
// hold two moves in a row by one colour; simple ko binds only the player to
// move. Afterwards the opponent of m.Color is to move, and the ko point is
// set if the move took a ko.
//
// An illegal move returns an error wrapping ErrOffBoard, ErrOccupied, ErrKo,
// ErrSuicide or ErrNotAPlayer, prefixed with the point in GTP notation, and
// leaves p unchanged.
func (p *Position) Play(m Move) error {
	if err := p.play(m); err != nil {
		where := "pass"
		if !m.Pass {
			where = m.Point.Label(p.size)
		}
		return fmt.Errorf("%s: %w", where, err)
	}
	return nil
}

// PlayIndex plays a stone of c at flat index i (see Index) as Play does,
// but returns the bare sentinel errors: a search that tries moves by the
// million meets illegal ones often, and Play's message, naming the point,
// costs more than the move.
func (p *Position) PlayIndex(c Color, i int) error {
	if i < 0 || i >= len(p.cells) {
		return ErrOffBoard
	}
	return p.play(Move{Color: c, Point: p.PointOf(i)})
}

// play is Play returning the bare sentinel errors, so that Replay can
// describe the move its own way.
func (p *Position) play(m Move) error {
	c := m.Color
	if c != Black && c != White {
		return ErrNotAPlayer
	}
	if m.Pass {
		p.ko = -1
		p.toMove = c.Opponent()
		return nil
	}
	if !p.OnBoard(m.Point) {
		return ErrOffBoard
	}
	i := p.Index(m.Point)
	captures, err := p.legal(c, i, true)
	if err != nil {
		return err
	}
	p.cells[i] = c
	p.ko = -1
	p.toMove = c.Opponent()
	if captures == 0 {
		return nil
	}
	nbrs := p.adj.nbr[p.adj.start[i]:p.adj.start[i+1]]
	taken, last := 0, -1
	for k, j := range nbrs {
		// Two neighbours may belong to one captured chain: the second
		// finds its point already emptied.
		if captures&(1<<k) != 0 && p.cells[j] != Empty {
			taken += p.removeChain(j)
			last = j
		}
	}
	p.captured[player(c)] += taken
	if taken == 1 && p.isKoShape(i) {
		p.ko = last
	}
	return nil
}

// isKoShape reports whether the stone at i stands alone with a single
// liberty, so that the one stone it just captured could be retaken at once,
// repeating the position.
func (p *Position) isKoShape(i int) bool {
	c := p.cells[i]
	libs := 0
	for _, j := range p.adj.nbr[p.adj.start[i]:p.adj.start[i+1]] {
		switch p.cells[j] {
		case c:
			return false
		case Empty:
			libs++
		}
	}
	return libs == 1
}

// MoveError reports an illegal move in a sequence given to Replay.
type MoveError struct {
	Number int   // 1-based number of the move in the sequence
	Move   Move  // the move itself
	Size   int   // board size, for writing the point in GTP notation
	Err    error // the reason: ErrOccupied, ErrSuicide, ErrKo, ErrOffBoard or ErrNotAPlayer
}

// Error returns a message like "move 57 (W D16): point is occupied".
func (e *MoveError) Error() string {
	where := "pass"
	if !e.Move.Pass {
		where = e.Move.Point.Label(e.Size)
	}
	return fmt.Sprintf("move %d (%v %s): %v", e.Number, e.Move.Color, where, e.Err)
}

// Unwrap returns the reason, so that errors.Is matches the sentinel errors.
func (e *MoveError) Unwrap() error { return e.Err }

// Replay plays moves from start, which it does not modify. positions[0] is a
// copy of start and positions[k] the position after the first k moves. If
// move k (counting from 1) is illegal, Replay returns positions 0..k−1, the
// ones that could be reached, together with a *MoveError.
func Replay(start *Position, moves []Move) ([]*Position, error) {
	positions := make([]*Position, 1, len(moves)+1)
	positions[0] = start.Clone()
	for k, m := range moves {
		next := positions[k].Clone()
		if err := next.play(m); err != nil {
			return positions, &MoveError{Number: k + 1, Move: m, Size: start.size, Err: err}
		}
		positions = append(positions, next)
	}
	return positions, nil
}

// Swapped returns a copy of p with the colours exchanged: every stone, the
// player to move and the captures. The ko point stays, since it binds the
// player to move, who is swapped too.
func (p *Position) Swapped() *Position {
	q := p.Clone()
	for i, c := range q.cells {
		q.cells[i] = -c
	}
	q.toMove = p.toMove.Opponent()
	q.captured[0], q.captured[1] = p.captured[1], p.captured[0]
	return q
}
