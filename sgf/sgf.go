// Package sgf reads and writes game records in the Smart Game Format (SGF),
// file formats FF[1] to FF[4], for the game of Go.
//
// Parse turns a file into a collection of game trees: one root Node per game,
// each node holding its properties in file order and its children, where
// Children[0] continues the main line and further children are variations.
// Property values are stored decoded: the text is UTF-8, escapes are
// resolved and soft line breaks removed. Typed accessors on Node (Size, Komi,
// Move, Setup, Info, ...) interpret the properties a Go program needs and
// report bad values as a *ValueError carrying the line and column of the
// property in the source.
//
// The reader is lenient where real files need it:
//
//   - Property identifiers follow the FF[3] rule that lowercase letters are
//     ignored, so "AddBlack" is read as AB. Identifiers are stored in this
//     uppercase short form.
//   - Text before the first "(;" and between or after game trees is ignored.
//   - The character set is taken from the CA property and converted to UTF-8
//     before tokenising (see Parse); when CA is missing or wrong it is guessed.
//   - Two tab-separated game list formats that archives of online games keep
//     next to their SGF files are read as collections too (see Parse).
//
// Write produces text in FF[4] syntax, in UTF-8, and marks every game with
// CA[UTF-8]; Parse of its output gives back the same trees.
package sgf

import (
	"strings"
	"time"
)

// Board sizes. SGF allows up to 52, but this package accepts square boards of
// MinSize to MaxSize lines only, because that is what the program can show
// and analyse.
const (
	DefaultSize = 19 // board size when a game has no SZ property
	MinSize     = 2
	MaxSize     = 25
)

// Node is one node of a game tree.
type Node struct {
	Props    []Property // in file order
	Parent   *Node      // nil for the root of a game
	Children []*Node    // Children[0] is the main line, the others are variations
}

// Property is one property of a node, such as B[dd] or AB[aa][bb].
type Property struct {
	// ID is the identifier in its uppercase short form: "B", "AB", "KM".
	ID string
	// Values holds at least one value. Escapes are resolved (`\]` is "]"),
	// soft line breaks (backslash-newline) are removed and line breaks are
	// "\n". Because escapes are resolved, the two halves of a composed value
	// such as "aa:cc" cannot be told from a value with an escaped colon.
	Values []string
	// Line and Col locate the first letter of the identifier in the decoded
	// source text, 1-based, Col counting runes. Both are 0 for properties
	// that were not read from text.
	Line, Col int
}

// Get returns the first property of n with the given identifier, which must
// be in uppercase short form ("AB", not "AddBlack").
func (n *Node) Get(id string) (Property, bool) {
	for _, p := range n.Props {
		if p.ID == id {
			return p, true
		}
	}
	return Property{}, false
}

// Value returns the first value of the first property of n with the given
// identifier, or "" when there is none.
func (n *Node) Value(id string) string {
	p, ok := n.Get(id)
	if !ok || len(p.Values) == 0 {
		return ""
	}
	return p.Values[0]
}

// SetComment sets the comment of n (C) to text, in place of any comment it
// has; "" removes it. Write escapes what the text needs, so any text can
// be a comment.
func (n *Node) SetComment(text string) {
	i := 0
	for _, p := range n.Props {
		if p.ID != "C" {
			n.Props[i] = p
			i++
		}
	}
	n.Props = n.Props[:i]
	if text != "" {
		n.Props = append(n.Props, Property{ID: "C", Values: []string{text}})
	}
}

// GameInfo holds the game information properties of a root node as plain
// text, with line breaks turned into spaces and surrounding space trimmed.
type GameInfo struct {
	Black, White         string // PB, PW: player names
	BlackRank, WhiteRank string // BR, WR
	Date                 string // DT, e.g. "2016-03-09"
	Event                string // EV
	Name                 string // GN
	Result               string // RE, e.g. "B+R", "W+2.5", "0" for a draw
}

// Day returns the date to show a reader: Date as written, but an RFC
// 3339 timestamp (which some programs write in DT, where the SGF
// standard asks for YYYY-MM-DD) cut to its day. Date keeps the
// timestamp, so that a record written again is unchanged.
func (g GameInfo) Day() string {
	t, err := time.Parse(time.RFC3339Nano, g.Date)
	if err != nil {
		return g.Date
	}
	return t.Format(time.DateOnly)
}

// Info returns the game information stored in n, normally a root node.
func (n *Node) Info() GameInfo {
	text := func(id string) string {
		return strings.TrimSpace(strings.ReplaceAll(n.Value(id), "\n", " "))
	}
	return GameInfo{
		Black:     text("PB"),
		White:     text("PW"),
		BlackRank: text("BR"),
		WhiteRank: text("WR"),
		Date:      text("DT"),
		Event:     text("EV"),
		Name:      text("GN"),
		Result:    text("RE"),
	}
}
