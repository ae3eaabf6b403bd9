package sgf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ValueError reports a property whose value is not valid for it, such as
// SZ[19:13] or B[zz] on a 19×19 board.
type ValueError struct {
	Line, Col int // position of the property identifier; 0 if unknown
	ID        string
	Value     string
	Msg       string
}

func (e *ValueError) Error() string {
	v := e.Value
	if utf8.RuneCountInString(v) > 32 {
		v = string([]rune(v)[:32]) + "…"
	}
	msg := fmt.Sprintf("%s[%s]: %s", e.ID, v, e.Msg)
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, msg)
	}
	return msg
}

// value returns the first value of p, or "" if it has none (which only
// properties not read by Parse can lack).
func (p Property) value() string {
	if len(p.Values) == 0 {
		return ""
	}
	return p.Values[0]
}

func valueError(p Property, v, format string, args ...any) *ValueError {
	return &ValueError{Line: p.Line, Col: p.Col, ID: p.ID, Value: v, Msg: fmt.Sprintf(format, args...)}
}

// Color is the colour of a player or stone.
type Color int8

// The colours. The zero Color means none.
const (
	Black Color = 1
	White Color = 2
)

// String returns "B" or "W", as in SGF.
func (c Color) String() string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Point is an intersection of the board. X counts columns from the left and
// Y rows from the top, both from 0, as SGF's letters do: "cd" is {2, 3}.
type Point struct{ X, Y int }

// String returns the point in SGF notation, such as "cd".
func (p Point) String() string {
	return string([]byte{coordLetter(p.X), coordLetter(p.Y)})
}

func coordLetter(i int) byte {
	switch {
	case i >= 0 && i < 26:
		return 'a' + byte(i)
	case i >= 26 && i < 52:
		return 'A' + byte(i-26)
	}
	return '?'
}

func coordIndex(c byte) int {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 26
	}
	return -1
}

// parsePoint parses a point on a size×size board; the error is a message
// for a ValueError.
func parsePoint(v string, size int) (Point, string) {
	if len(v) != 2 || coordIndex(v[0]) < 0 || coordIndex(v[1]) < 0 {
		return Point{}, fmt.Sprintf("%q is not a point", v)
	}
	p := Point{coordIndex(v[0]), coordIndex(v[1])}
	if p.X >= size || p.Y >= size {
		return Point{}, fmt.Sprintf("point %s is outside the %d×%d board", v, size, size)
	}
	return p, ""
}

// Move is the move of a node: a stone played or a pass.
type Move struct {
	Color Color
	Point Point // meaningless when Pass is set
	Pass  bool
}

// trimmed returns n's property id and its value without the spaces
// around it; ok is false when n has none or its value is empty, which the
// number properties read as absent.
func (n *Node) trimmed(id string) (p Property, v string, ok bool) {
	p, ok = n.Get(id)
	if !ok {
		return p, "", false
	}
	v = strings.TrimSpace(p.value())
	return p, v, v != ""
}

// Size returns the board size given by the SZ property of n, which should be
// a root node, or DefaultSize when there is none. Rectangular boards and
// sizes outside MinSize to MaxSize are errors.
func (n *Node) Size() (int, error) {
	p, v, ok := n.trimmed("SZ")
	if !ok {
		return DefaultSize, nil
	}
	cols, rows, rect := strings.Cut(v, ":")
	size, err := strconv.Atoi(strings.TrimSpace(cols))
	if err != nil {
		return 0, valueError(p, v, "board size is not a number")
	}
	if rect {
		r, err := strconv.Atoi(strings.TrimSpace(rows))
		if err != nil {
			return 0, valueError(p, v, "board size is not a number")
		}
		if r != size {
			return 0, valueError(p, v, "rectangular boards (%d×%d) are not supported", size, r)
		}
	}
	if size < MinSize || size > MaxSize {
		return 0, valueError(p, v, "board size %d is not supported (must be %d to %d)", size, MinSize, MaxSize)
	}
	return size, nil
}

// Komi returns the komi given by the KM property of n, or 0 when there is
// none. An integer of magnitude 100 or more is read in hundredths, as the Fox
// server writes it: KM[750] is 7.5 and KM[375] is 3.75.
func (n *Node) Komi() (float64, error) {
	p, v, ok := n.trimmed("KM")
	if !ok {
		return 0, nil
	}
	// Some editors write a decimal comma.
	s := strings.Replace(v, ",", ".", 1)
	if !isDecimal(s) {
		return 0, valueError(p, v, "komi is not a number")
	}
	k, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, valueError(p, v, "komi is not a number")
	}
	if !strings.Contains(s, ".") && math.Abs(k) >= 100 {
		k /= 100
	}
	// No board has more than MaxSize² points, so a larger komi is garbage.
	if math.Abs(k) > MaxSize*MaxSize {
		return 0, valueError(p, v, "komi %g is too large", k)
	}
	return k, nil
}

// isDecimal reports whether s is an optionally signed decimal number such as
// "-6.5", "7" or "7.". It excludes what strconv.ParseFloat also accepts but
// no SGF writer means: "Inf", "NaN", exponents, hexadecimal, underscores.
func isDecimal(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// Handicap returns the number of handicap stones given by the HA property of
// n, or 0 when there is none. The stones themselves are AB properties.
func (n *Node) Handicap() (int, error) {
	p, v, ok := n.trimmed("HA")
	if !ok {
		return 0, nil
	}
	h, err := strconv.Atoi(v)
	if err != nil {
		return 0, valueError(p, v, "handicap is not a whole number")
	}
	if h < 0 || h > MaxSize*MaxSize {
		return 0, valueError(p, v, "handicap %d is out of range", h)
	}
	return h, nil
}

// PlayerToMove returns the colour given by the PL property of n; ok is false
// when n has none.
func (n *Node) PlayerToMove() (c Color, ok bool, err error) {
	p, ok := n.Get("PL")
	if !ok {
		return 0, false, nil
	}
	v := strings.TrimSpace(p.value())
	switch strings.ToUpper(v) {
	case "B", "BLACK", "1":
		return Black, true, nil
	case "W", "WHITE", "2":
		return White, true, nil
	}
	return 0, false, valueError(p, v, "player must be B or W")
}

// Move returns the move of n, from its B or W property; ok is false when n
// has neither. B[] is a pass, and so is B[tt] on boards up to 19×19; on
// larger boards tt is a point. A node with both B and W, or with a move of
// several values, is an error.
func (n *Node) Move(size int) (m Move, ok bool, err error) {
	var found *Property
	for i, p := range n.Props {
		var c Color
		switch p.ID {
		case "B":
			c = Black
		case "W":
			c = White
		default:
			continue
		}
		if found != nil {
			return Move{}, false, valueError(p, p.value(), "node already has the move %s[%s]", found.ID, found.value())
		}
		found, m.Color = &n.Props[i], c
	}
	if found == nil {
		return Move{}, false, nil
	}
	if len(found.Values) != 1 {
		return Move{}, false, valueError(*found, strings.Join(found.Values, "]["), "a move has exactly one value")
	}
	v := strings.TrimSpace(found.value())
	if v == "" || v == "tt" && size <= 19 {
		m.Pass = true
		return m, true, nil
	}
	pt, msg := parsePoint(v, size)
	if msg != "" {
		return Move{}, false, valueError(*found, v, "%s", msg)
	}
	m.Point = pt
	return m, true, nil
}

// Setup returns the stones that n adds (AB, AW) and removes (AE), in file
// order. Compressed lists are expanded: AB[aa:cc] is the nine points of the
// rectangle with corners aa and cc. Empty values are ignored.
func (n *Node) Setup(size int) (black, white, empty []Point, err error) {
	for _, p := range n.Props {
		var dst *[]Point
		switch p.ID {
		case "AB":
			dst = &black
		case "AW":
			dst = &white
		case "AE":
			dst = &empty
		default:
			continue
		}
		for _, v := range p.Values {
			v = strings.TrimSpace(v)
			if v == "" {
				continue
			}
			from, to, rect := strings.Cut(v, ":")
			a, msg := parsePoint(from, size)
			if msg != "" {
				return nil, nil, nil, valueError(p, v, "%s", msg)
			}
			b := a
			if rect {
				if b, msg = parsePoint(to, size); msg != "" {
					return nil, nil, nil, valueError(p, v, "%s", msg)
				}
			}
			// The corners should be upper left and lower right; accept
			// any two opposite corners.
			for y := min(a.Y, b.Y); y <= max(a.Y, b.Y); y++ {
				for x := min(a.X, b.X); x <= max(a.X, b.X); x++ {
					*dst = append(*dst, Point{x, y})
				}
			}
		}
	}
	return black, white, empty, nil
}
