// Package board holds the rules of Go: positions on an N×N board, chains and
// their liberties, captures, simple ko, legal moves, the replay of a sequence
// of moves, and Benson's test for unconditionally alive chains.
//
// Points are addressed in SGF coordinates (x = column from the left, y = row
// from the top, both from 0). Inside a Position every point also has a flat
// index i = y*size + x, which is what the estimators iterate over.
package board

import (
	"errors"
	"fmt"
	"strconv"
)

// MinSize and MaxSize bound the board sizes a Position accepts.
const (
	MinSize = 2
	MaxSize = 25
)

// Color is the content of an intersection or the colour of a player.
// Black is +1 and White is −1, so that a colour is also the sign of the
// control value it owns.
type Color int8

// The three contents of an intersection.
const (
	Empty Color = 0
	Black Color = 1
	White Color = -1
)

// Opponent returns the other player's colour; the opponent of Empty is Empty.
func (c Color) Opponent() Color { return -c }

// String returns "B", "W" or "." for Empty.
func (c Color) String() string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	case Empty:
		return "."
	}
	return fmt.Sprintf("Color(%d)", int8(c))
}

// Name returns the colour's name as the players say it: "Black", "White",
// or "empty" for Empty.
func (c Color) Name() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	case Empty:
		return "empty"
	}
	return c.String()
}

// Point is an intersection in SGF coordinates.
type Point struct {
	X, Y int
}

// String returns the point in SGF letters, "dd" for {3, 3}. Coordinates
// outside a..z and A..Z are written as "(x,y)".
func (p Point) String() string {
	l := func(v int) (byte, bool) {
		switch {
		case v >= 0 && v < 26:
			return byte('a' + v), true
		case v >= 26 && v < 52:
			return byte('A' + v - 26), true
		}
		return 0, false
	}
	x, okx := l(p.X)
	y, oky := l(p.Y)
	if !okx || !oky {
		return fmt.Sprintf("(%d,%d)", p.X, p.Y)
	}
	return string([]byte{x, y})
}

// Label returns the point in the letter-and-number notation used by GTP and
// most Go programs on a board of the given size: columns A–T skipping I,
// rows counted from the bottom, so {3, 3} on 19×19 is "D16".
func (p Point) Label(size int) string {
	if p.X < 0 || p.X >= size || p.Y < 0 || p.Y >= size || size > MaxSize {
		return p.String()
	}
	col := byte('A' + p.X)
	if col >= 'I' {
		col++
	}
	return fmt.Sprintf("%c%d", col, size-p.Y)
}

// ParsePoint reads a point on a size×size board as Label or String writes
// it: "D16" (a column letter A–Z without I, in either case, and a row
// counted from the bottom) or the SGF letters "dd" (two lower-case letters,
// column then row from the top).
func ParsePoint(s string, size int) (Point, error) {
	if size < MinSize || size > MaxSize {
		return Point{}, fmt.Errorf("%q: a %d×%d board is not one of %d×%d to %d×%d", s, size, size, MinSize, MinSize, MaxSize, MaxSize)
	}
	var p Point
	switch {
	case len(s) == 2 && isLower(s[0]) && isLower(s[1]):
		p = Point{X: int(s[0] - 'a'), Y: int(s[1] - 'a')}
	case len(s) >= 2 && isDigit(s[1]):
		c := s[0]
		if isLower(c) {
			c -= 'a' - 'A'
		}
		row, err := strconv.Atoi(s[1:])
		if c < 'A' || c > 'Z' || c == 'I' || err != nil {
			return Point{}, fmt.Errorf("%q is not a point such as D16 or dd", s)
		}
		p = Point{X: int(c - 'A'), Y: size - row}
		if c > 'I' {
			p.X--
		}
	default:
		return Point{}, fmt.Errorf("%q is not a point such as D16 or dd", s)
	}
	if p.X >= size || p.Y < 0 || p.Y >= size {
		return Point{}, fmt.Errorf("%q is off the %d×%d board", s, size, size)
	}
	return p, nil
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Move is a play by one colour: a stone on Point, or a pass.
type Move struct {
	Color Color
	Point Point
	Pass  bool
}

// String returns "B dd", "W pass" and so on.
func (m Move) String() string {
	if m.Pass {
		return m.Color.String() + " pass"
	}
	return m.Color.String() + " " + m.Point.String()
}

// Errors returned by Play and Legal. They are wrapped with the point, so
// test for them with errors.Is.
var (
	ErrOccupied   = errors.New("point is occupied")
	ErrSuicide    = errors.New("suicide")
	ErrKo         = errors.New("retakes a ko")
	ErrOffBoard   = errors.New("point is off the board")
	ErrNotAPlayer = errors.New("colour is not Black or White")
)

// Position is the state of a board: the stones, the player to move, the
// point (if any) that simple ko forbids, and the prisoners taken so far.
// The zero value is not usable; make one with New.
type Position struct {
	size     int
	cells    []Color
	adj      *adjacency
	toMove   Color
	ko       int    // flat index forbidden to toMove by simple ko, or −1
	captured [2]int // stones captured by Black [0] and by White [1]
}

// adjacency is the neighbour table of one board size. It never changes after
// it is built, so every copy of a Position shares it.
type adjacency struct {
	// nbr[start[i]:start[i+1]] are the on-board 4-neighbours of point i.
	nbr   []int
	start []int
}

func newAdjacency(n int) *adjacency {
	a := &adjacency{start: make([]int, n*n+1)}
	a.nbr = make([]int, 0, 4*n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*n + x
			a.start[i] = len(a.nbr)
			if y > 0 {
				a.nbr = append(a.nbr, i-n)
			}
			if x > 0 {
				a.nbr = append(a.nbr, i-1)
			}
			if x < n-1 {
				a.nbr = append(a.nbr, i+1)
			}
			if y < n-1 {
				a.nbr = append(a.nbr, i+n)
			}
		}
	}
	a.start[n*n] = len(a.nbr)
	return a
}

// New returns an empty size×size board with Black to move.
func New(size int) (*Position, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("board size %d is outside %d–%d", size, MinSize, MaxSize)
	}
	return &Position{
		size:   size,
		cells:  make([]Color, size*size),
		adj:    newAdjacency(size),
		toMove: Black,
		ko:     -1,
	}, nil
}

// Size returns the number of lines on each side of the board.
func (p *Position) Size() int { return p.size }

// Len returns the number of intersections, Size()².
func (p *Position) Len() int { return len(p.cells) }

// Index returns the flat index of pt. It does not check that pt is on the board.
func (p *Position) Index(pt Point) int { return pt.Y*p.size + pt.X }

// PointOf returns the point with flat index i.
func (p *Position) PointOf(i int) Point { return Point{X: i % p.size, Y: i / p.size} }

// OnBoard reports whether pt lies on the board.
func (p *Position) OnBoard(pt Point) bool {
	return pt.X >= 0 && pt.Y >= 0 && pt.X < p.size && pt.Y < p.size
}

// At returns the content of pt, or Empty if pt is off the board.
func (p *Position) At(pt Point) Color {
	if !p.OnBoard(pt) {
		return Empty
	}
	return p.cells[p.Index(pt)]
}

// Cell returns the content of the point with flat index i.
func (p *Position) Cell(i int) Color { return p.cells[i] }

// Neighbors returns the flat indices of the on-board 4-neighbours of point i,
// in the order up, left, right, down. The slice is shared: do not modify it.
func (p *Position) Neighbors(i int) []int {
	return p.adj.nbr[p.adj.start[i]:p.adj.start[i+1]:p.adj.start[i+1]]
}

// ToMove returns the player whose turn it is.
func (p *Position) ToMove() Color { return p.toMove }

// SetToMove sets the player whose turn it is (SGF PL). It clears the ko,
// which only binds the player who was to move after the capture.
func (p *Position) SetToMove(c Color) error {
	if c != Black && c != White {
		return ErrNotAPlayer
	}
	if c != p.toMove {
		p.ko = -1
	}
	p.toMove = c
	return nil
}

// Captures returns the number of stones that c has captured so far.
func (p *Position) Captures(c Color) int {
	switch c {
	case Black:
		return p.captured[0]
	case White:
		return p.captured[1]
	}
	return 0
}

// Ko returns the point that simple ko forbids to the player to move.
func (p *Position) Ko() (Point, bool) {
	if p.ko < 0 {
		return Point{}, false
	}
	return p.PointOf(p.ko), true
}

// Set puts c (or Empty) on pt without captures or legality checks, as SGF
// setup properties (AB, AW, AE) do. It clears the ko.
func (p *Position) Set(pt Point, c Color) error {
	if !p.OnBoard(pt) {
		return fmt.Errorf("%v: %w", pt, ErrOffBoard)
	}
	if c != Black && c != White && c != Empty {
		return ErrNotAPlayer
	}
	p.cells[p.Index(pt)] = c
	p.ko = -1
	return nil
}

// Clone returns an independent copy of p.
func (p *Position) Clone() *Position {
	q := *p
	q.cells = append([]Color(nil), p.cells...)
	return &q
}

// CopyFrom makes p an independent copy of q, as Clone does, but reuses
// p's storage when it is large enough: a caller that tries many moves from
// one position can then do so without allocating.
func (p *Position) CopyFrom(q *Position) {
	cells := append(p.cells[:0], q.cells...)
	*p = *q
	p.cells = cells
}

// Equal reports whether p and q have the same size, stones, player to move and ko.
func (p *Position) Equal(q *Position) bool {
	if p.size != q.size || p.toMove != q.toMove || p.ko != q.ko {
		return false
	}
	for i, c := range p.cells {
		if q.cells[i] != c {
			return false
		}
	}
	return true
}

// String draws the board in ASCII, row 0 at the top: X for Black, O for
// White, . for empty.
func (p *Position) String() string {
	b := make([]byte, 0, (p.size+1)*p.size)
	for y := 0; y < p.size; y++ {
		for x := 0; x < p.size; x++ {
			switch p.cells[y*p.size+x] {
			case Black:
				b = append(b, 'X')
			case White:
				b = append(b, 'O')
			default:
				b = append(b, '.')
			}
		}
		b = append(b, '\n')
	}
	return string(b)
}
