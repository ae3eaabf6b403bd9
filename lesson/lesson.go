// Package lesson holds the corridor lessons: small positions from the
// endgame theory of seed 000 (§2.3–2.6), whose exact control values are
// known by miai counting, to set beside what an estimator makes of them.
//
// A lesson is data: a title, a few sentences, a position and the side to
// move, one text file per lesson (see Parse). The corridor in the position
// is not marked; Find locates it from the stones, and the exact values are
// computed by playing out its local game (see Corridor).
package lesson

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"moyo/assets"
	"moyo/board"
)

// Lesson is one position to study.
type Lesson struct {
	// Name is the file name without its extension, "16-two-ended-5"; the
	// lessons sort by it.
	Name string
	// Title is a one-line heading.
	Title string
	// Text explains the position in a few sentences: paragraphs separated
	// by blank lines, each on one line.
	Text string
	// Position is the board, with the side to move set.
	Position *board.Position
}

// Corridor finds the lesson's corridor and computes its exact values.
func (l *Lesson) Corridor() (Corridor, error) {
	c, err := Find(l.Position)
	if err != nil {
		return Corridor{}, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return c, nil
}

// Bundled returns the lessons shipped with moyo, in order.
func Bundled() ([]*Lesson, error) {
	return Load(assets.Lessons())
}

// Load parses every .txt file at the root of fsys as a lesson, in order of
// file name.
func Load(fsys fs.FS) ([]*Lesson, error) {
	names, err := fs.Glob(fsys, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("lessons: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("lessons: no .txt files")
	}
	// fs.Glob returns names in lexical order, which is the lessons' order.
	var out []*Lesson
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("lessons: %w", err)
		}
		l, err := Parse(name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// The fields of a lesson file.
const (
	fieldTitle  = "Title"
	fieldToMove = "To-Move"
	fieldText   = "Text"
	fieldBoard  = "Board"
)

// Parse reads a lesson from data; name is the file name, used in errors
// and, without its extension, as the lesson's Name. The format is a few
// fields, each starting a line with its name and a colon:
//
//	# A comment line starts with #.
//	Title: Open at one end: three points
//	To-Move: Black
//	Text:
//		Black's walls are alive, …
//
//		A second paragraph.
//	Board:
//		O O X X X X X . . .
//		…
//
// Title and To-Move (Black or White) hold their value on the same line.
// Text and Board hold an indented block on the lines that follow: every
// line of a block starts with a space or a tab, or is blank. Text is
// paragraphs separated by blank lines; Board is a diagram as
// board.ParseDiagram reads it (X Black, O White, . or + empty, spaces
// ignored), one row per line. Every field is required, once.
func Parse(name string, data []byte) (*Lesson, error) {
	p := parser{file: name, seen: make(map[string]int)}
	l := &Lesson{Name: strings.TrimSuffix(path.Base(name), path.Ext(name))}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var toMove board.Color
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, p.errorf(i, "indented line outside a Text or Board block")
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, p.errorf(i, "want a field such as %q, got %q", "Title: …", line)
		}
		value = strings.TrimSpace(value)
		if err := p.once(key, i); err != nil {
			return nil, err
		}
		switch key {
		case fieldTitle:
			if value == "" {
				return nil, p.errorf(i, "empty Title")
			}
			l.Title = value
		case fieldToMove:
			switch value {
			case "Black":
				toMove = board.Black
			case "White":
				toMove = board.White
			default:
				return nil, p.errorf(i, "To-Move %q is not Black or White", value)
			}
		case fieldText, fieldBoard:
			if value != "" {
				return nil, p.errorf(i, "%s: the block starts on the next line, indented", key)
			}
			start := i + 1
			end := start
			for end < len(lines) && (strings.TrimSpace(lines[end]) == "" || lines[end][0] == ' ' || lines[end][0] == '\t') {
				end++
			}
			i = end - 1
			var err error
			if key == fieldText {
				l.Text, err = p.text(lines[start:end], start)
			} else {
				l.Position, err = p.board(lines[start:end], start)
			}
			if err != nil {
				return nil, err
			}
		default:
			return nil, p.errorf(i, "unknown field %q (want %s, %s, %s or %s)", key, fieldTitle, fieldToMove, fieldText, fieldBoard)
		}
	}
	for _, f := range []string{fieldTitle, fieldToMove, fieldText, fieldBoard} {
		if _, ok := p.seen[f]; !ok {
			return nil, fmt.Errorf("%s: missing field %s", name, f)
		}
	}
	if err := l.Position.SetToMove(toMove); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, p.seen[fieldToMove]+1, err)
	}
	return l, nil
}

// parser carries a file's name and the fields seen so far, for errors.
type parser struct {
	file string
	seen map[string]int // field name → index of its line
}

// errorf reports a problem on the line with index i.
func (p *parser) errorf(i int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.file, i+1, fmt.Sprintf(format, args...))
}

// once records field key on line i and rejects a repeat.
func (p *parser) once(key string, i int) error {
	if j, ok := p.seen[key]; ok {
		return p.errorf(i, "second %s field (the first is on line %d)", key, j+1)
	}
	p.seen[key] = i
	return nil
}

// text joins the block's lines into paragraphs. first is the index of the
// block's first line.
func (p *parser) text(block []string, first int) (string, error) {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, line := range block {
		if s := strings.TrimSpace(line); s != "" {
			cur = append(cur, s)
		} else {
			flush()
		}
	}
	flush()
	if len(paras) == 0 {
		return "", p.errorf(first-1, "empty Text")
	}
	return strings.Join(paras, "\n\n"), nil
}

// board reads the block as a diagram. It checks every row itself first, so
// that a bad one is reported on its own line of the file; first is the
// index of the block's first line.
func (p *parser) board(block []string, first int) (*board.Position, error) {
	var rows []string
	var lineOf []int
	for k, line := range block {
		if strings.TrimSpace(line) == "" {
			continue
		}
		rows = append(rows, line)
		lineOf = append(lineOf, first+k)
	}
	if len(rows) == 0 {
		return nil, p.errorf(first-1, "empty Board")
	}
	if len(rows) < 2 || len(rows) > board.MaxSize {
		return nil, p.errorf(first-1, "Board is %d point%s high; a board is 2 to %d points wide", len(rows), plural(len(rows)), board.MaxSize)
	}
	for k, row := range rows {
		points := 0
		for col, r := range row {
			switch r {
			case ' ', '\t':
			case 'X', 'O', '.', '+':
				points++
			default:
				return nil, p.errorf(lineOf[k], "column %d: %q is not X, O, . or +", col+1, r)
			}
		}
		if points != len(rows) {
			return nil, p.errorf(lineOf[k], "board row %d has %d points, want %d (the board is square)", k+1, points, len(rows))
		}
	}
	pos, err := board.ParseDiagram(strings.Join(rows, "\n"))
	if err != nil {
		// The rows were checked above, so this is a disagreement with
		// ParseDiagram about the format.
		return nil, p.errorf(first-1, "Board: %v", err)
	}
	return pos, nil
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
