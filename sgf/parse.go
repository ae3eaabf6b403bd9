package sgf

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SyntaxError reports input that is not well-formed SGF.
type SyntaxError struct {
	Line, Col int // 1-based; Col counts runes of the decoded text
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// Parse reads a collection of games and returns the root node of each.
//
// The data is converted to UTF-8 before it is tokenised, because in
// Shift_JIS, Big5 and GBK the second byte of a character can be `\` or `]`.
// A UTF-8 or UTF-16 byte order mark decides the encoding; otherwise the
// first CA property found in the raw bytes does, if it names a known
// encoding. When CA is missing, unknown or UTF-8 and the data is not valid
// UTF-8, the encoding is guessed among UTF-8 (with bad bytes replaced by
// U+FFFD), GB18030, Big5, Shift_JIS, EUC-KR and Latin-1 by how much the
// decoded text looks like real text. Data that is valid UTF-8 despite
// naming another charset is taken as UTF-8 when that reads better, since
// editors re-save files in UTF-8 without fixing CA.
//
// Besides SGF, Parse reads two tab-separated game lists that archives of
// online games keep next to their SGF files, recognised by their content:
//
//   - a kifu list, one game per line: an ID, a tab and the moves as an SGF
//     sequence (";B[dd];W[dp]..."). Each game has GN set to the ID and the
//     moves as its main line.
//   - a game index, one game per line of eleven fields: ID, date, Black's
//     name, nick and rank digit, White's name, nick and rank digit, result
//     ("B+Resign"), number of moves and time control. Each game is a root
//     node with GN, DT, PB, PW and RE and no moves.
//
// Errors are a *SyntaxError. Its position, like those of properties, is in
// the decoded text.
func Parse(data []byte) ([]*Node, error) {
	text := decode(data)
	if games, ok, err := parseLists(text); ok {
		return games, err
	}
	return parseSGF(text)
}

// scanner reads decoded SGF text and tracks the line and column of the
// next rune.
type scanner struct {
	src       string
	pos       int // byte offset of the next rune
	line, col int
}

func newScanner(src string) *scanner {
	return &scanner{src: src, line: 1, col: 1}
}

func (s *scanner) errorf(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// peek returns the next byte, or 0 at the end of the input. Every byte that
// matters to the syntax is ASCII.
func (s *scanner) peek() byte {
	if s.pos < len(s.src) {
		return s.src[s.pos]
	}
	return 0
}

func (s *scanner) eof() bool { return s.pos >= len(s.src) }

// next moves past one rune. "\r\n", "\n" and a lone "\r" each end a line.
func (s *scanner) next() {
	if s.pos >= len(s.src) {
		return
	}
	c := s.src[s.pos]
	if c < utf8.RuneSelf {
		s.pos++
		switch {
		case c == '\n':
			s.line, s.col = s.line+1, 1
		case c == '\r' && s.peek() != '\n':
			s.line, s.col = s.line+1, 1
		default:
			s.col++
		}
		return
	}
	_, size := utf8.DecodeRuneInString(s.src[s.pos:])
	s.pos += size
	s.col++
}

// unexpected describes the next rune for an error message.
func (s *scanner) unexpected() string {
	if s.eof() {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(s.src[s.pos:])
	return fmt.Sprintf("%q", r)
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c < utf8.RuneSelf {
			if c != ' ' && (c < '\t' || c > '\r') {
				return
			}
		} else if r, _ := utf8.DecodeRuneInString(s.src[s.pos:]); !unicode.IsSpace(r) {
			return
		}
		s.next()
	}
}

// skipToTree moves to the next "(" that is followed by optional space and
// ";", skipping anything else, and reports whether it found one.
func (s *scanner) skipToTree() bool {
	for {
		i := strings.IndexByte(s.src[s.pos:], '(')
		if i < 0 {
			return false
		}
		for end := s.pos + i; s.pos < end; {
			s.next()
		}
		j := s.pos + 1
		for j < len(s.src) && strings.IndexByte(" \t\n\r\v\f", s.src[j]) >= 0 {
			j++
		}
		if j < len(s.src) && s.src[j] == ';' {
			return true
		}
		s.next()
	}
}

func parseSGF(text string) ([]*Node, error) {
	s := newScanner(text)
	var games []*Node
	for s.skipToTree() {
		root, err := s.gameTree()
		if err != nil {
			return nil, err
		}
		games = append(games, root)
	}
	if games == nil {
		return nil, s.errorf(1, 1, `no SGF game tree found (expected "(;")`)
	}
	return games, nil
}

// gameTree parses a game tree starting at "(" and returns its root. It keeps
// its own stack instead of recursing, so that deeply nested variations
// cannot exhaust the goroutine stack.
func (s *scanner) gameTree() (*Node, error) {
	type open struct {
		last      *Node // last node of the tree's sequence: the parent of its variations
		line, col int   // of the "("
	}
	var root *Node
	var stack []open
	for {
		// At "(".
		o := open{line: s.line, col: s.col}
		s.next()
		var parent *Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1].last
		}
		first, last, err := s.sequence(parent)
		if err != nil {
			return nil, err
		}
		if root == nil {
			root = first
		}
		o.last = last
		stack = append(stack, o)
		for {
			s.skipSpace()
			if c := s.peek(); c == '(' {
				break
			} else if c == ')' {
				s.next()
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					return root, nil
				}
				continue
			}
			if s.eof() {
				top := stack[len(stack)-1]
				return nil, s.errorf(s.line, s.col, "unexpected end of input: game tree opened at %d:%d is not closed with ')'", top.line, top.col)
			}
			if s.peek() == ';' {
				return nil, s.errorf(s.line, s.col, "unexpected ';': a node cannot follow variations")
			}
			return nil, s.errorf(s.line, s.col, "unexpected %s, expected a property, ';', '(' or ')'", s.unexpected())
		}
	}
}

// sequence parses one or more nodes, appending the first to parent's
// children if parent is not nil.
func (s *scanner) sequence(parent *Node) (first, last *Node, err error) {
	for {
		s.skipSpace()
		if s.peek() != ';' {
			break
		}
		s.next()
		n := &Node{Parent: parent}
		if parent != nil {
			parent.Children = append(parent.Children, n)
		}
		for {
			s.skipSpace()
			if !isLetter(s.peek()) {
				break
			}
			p, err := s.property()
			if err != nil {
				return nil, nil, err
			}
			n.Props = append(n.Props, p)
		}
		if first == nil {
			first = n
		}
		parent, last = n, n
	}
	if first == nil {
		return nil, nil, s.errorf(s.line, s.col, "unexpected %s, expected ';' to start a node", s.unexpected())
	}
	return first, last, nil
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// property parses an identifier and its values.
func (s *scanner) property() (Property, error) {
	p := Property{Line: s.line, Col: s.col}
	start, upper := s.pos, true
	for isLetter(s.peek()) {
		upper = upper && s.peek() <= 'Z'
		s.next()
	}
	raw := s.src[start:s.pos]
	if upper {
		p.ID = raw
	} else {
		// FF[3]: lowercase letters in an identifier are ignored.
		p.ID = strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return -1
			}
			return r
		}, raw)
		if p.ID == "" {
			return p, s.errorf(p.Line, p.Col, "property identifier %q has no uppercase letter", raw)
		}
	}
	s.skipSpace()
	if s.peek() != '[' {
		return p, s.errorf(s.line, s.col, "unexpected %s, expected '[' to start a value of %s", s.unexpected(), raw)
	}
	for s.peek() == '[' {
		v, err := s.value()
		if err != nil {
			return p, err
		}
		p.Values = append(p.Values, v)
		s.skipSpace()
	}
	return p, nil
}

// value parses a bracketed value: it resolves escapes, removes soft line
// breaks and turns every line break into "\n".
func (s *scanner) value() (string, error) {
	line, col := s.line, s.col
	s.next() // '['
	start := s.pos
	var b strings.Builder
	plain := true // no escapes or '\r' so far: the value is src[start:s.pos]
	for {
		if s.eof() {
			return "", s.errorf(line, col, "value is not closed with ']'")
		}
		switch c := s.src[s.pos]; c {
		case ']':
			v := s.src[start:s.pos]
			if !plain {
				v = b.String()
			}
			s.next()
			return v, nil
		case '\\', '\r':
			if plain {
				b.WriteString(s.src[start:s.pos])
				plain = false
			}
			s.next()
			if c == '\r' {
				b.WriteByte('\n')
				if s.peek() == '\n' {
					s.next()
				}
				continue
			}
			if s.eof() {
				return "", s.errorf(line, col, "value is not closed with ']'")
			}
			switch e := s.peek(); e {
			case '\n':
				s.next()
			case '\r':
				s.next()
				if s.peek() == '\n' {
					s.next()
				}
			default:
				_, size := utf8.DecodeRuneInString(s.src[s.pos:])
				b.WriteString(s.src[s.pos : s.pos+size])
				s.next()
			}
		default:
			from := s.pos
			s.next()
			if !plain {
				b.WriteString(s.src[from:s.pos])
			}
		}
	}
}
