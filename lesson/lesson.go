// Package lesson holds moyo's two curricula and reads their files.
//
// The corridor lessons (CorridorLesson) are small endgame positions whose
// exact control values are known by miai counting, to set beside what an
// estimator makes of them; they follow §2.3–2.6 of the article on control
// estimates from symmetry (its author and title are not known). The
// corridor in a position is not marked: Find locates it from the stones,
// and the exact values are computed by playing out its local game (see
// Corridor).
//
// The capturing-race lessons (RaceLesson) are races to study, each with its
// two blocks, the sequence that wins and one that loses; package semeai
// analyses them by Teigo Nakamura's liberty counting games ("Evaluating
// territories of Go positions with capturing races", 2008), and
// RaceLesson.Check holds every lesson to that analysis and to a
// brute-force solver.
//
// A lesson is data: a title, a few sentences, a position and the side to
// move, one text file per lesson in the format ParseCorridor describes, a
// race lesson with four fields more (ParseRace).
package lesson

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"moyo/board"
)

// Page is what every lesson shows, read from the fields every lesson file
// has.
type Page struct {
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

// load parses every .txt file at the root of fsys with parse, in order of
// file name; what names the lessons in errors.
func load[L any](fsys fs.FS, what string, parse func(name string, data []byte) (L, error)) ([]L, error) {
	names, err := fs.Glob(fsys, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no .txt files", what)
	}
	// fs.Glob returns names in lexical order, which is the lessons' order.
	var out []L
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		l, err := parse(name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// The fields every lesson file has.
const (
	fieldTitle  = "Title"
	fieldToMove = "To-Move"
	fieldText   = "Text"
	fieldBoard  = "Board"
)

// file is a lesson file read into its fields, for the parsers of its
// kinds of lesson.
type file struct {
	name  string
	value map[string]string // the value of a field on its line
	block map[string][]string
	line  map[string]int // field name → index of its line
}

// errorf reports a problem on the line with index i.
func (f *file) errorf(i int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", f.name, i+1, fmt.Sprintf(format, args...))
}

// readPage reads data, the lesson file name, whose fields are those of
// every lesson and extra, each of which holds its value on its line. It
// returns the Page and the file, for the extra fields.
func readPage(name string, data []byte, extra ...string) (Page, *file, error) {
	f := &file{name: name, value: map[string]string{}, block: map[string][]string{}, line: map[string]int{}}
	fields := append([]string{fieldTitle, fieldToMove, fieldText, fieldBoard}, extra...)
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return Page{}, nil, f.errorf(i, "indented line outside a Text or Board block")
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return Page{}, nil, f.errorf(i, "want a field such as %q, got %q", "Title: …", line)
		}
		value = strings.TrimSpace(value)
		if j, ok := f.line[key]; ok {
			return Page{}, nil, f.errorf(i, "second %s field (the first is on line %d)", key, j+1)
		}
		switch {
		case key == fieldText || key == fieldBoard:
			if value != "" {
				return Page{}, nil, f.errorf(i, "%s: the block starts on the next line, indented", key)
			}
			end := i + 1
			for end < len(lines) && (strings.TrimSpace(lines[end]) == "" || lines[end][0] == ' ' || lines[end][0] == '\t') {
				end++
			}
			f.block[key] = lines[i+1 : end]
			f.line[key] = i
			i = end - 1
		case slices.Contains(fields, key):
			f.value[key] = value
			f.line[key] = i
		default:
			return Page{}, nil, f.errorf(i, "unknown field %q (want %s or %s)", key, strings.Join(fields[:len(fields)-1], ", "), fields[len(fields)-1])
		}
	}
	for _, k := range fields {
		if _, ok := f.line[k]; !ok {
			return Page{}, nil, fmt.Errorf("%s: missing field %s", name, k)
		}
	}
	p := Page{Name: strings.TrimSuffix(path.Base(name), path.Ext(name)), Title: f.value[fieldTitle]}
	if p.Title == "" {
		return Page{}, nil, f.errorf(f.line[fieldTitle], "empty Title")
	}
	var toMove board.Color
	switch v := f.value[fieldToMove]; v {
	case "Black":
		toMove = board.Black
	case "White":
		toMove = board.White
	default:
		return Page{}, nil, f.errorf(f.line[fieldToMove], "To-Move %q is not Black or White", v)
	}
	var err error
	if p.Text, err = f.text(); err != nil {
		return Page{}, nil, err
	}
	if p.Position, err = f.board(); err != nil {
		return Page{}, nil, err
	}
	if err := p.Position.SetToMove(toMove); err != nil {
		return Page{}, nil, f.errorf(f.line[fieldToMove], "%v", err)
	}
	return p, f, nil
}

// text joins the Text block's lines into paragraphs.
func (f *file) text() (string, error) {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, line := range f.block[fieldText] {
		if s := strings.TrimSpace(line); s != "" {
			cur = append(cur, s)
		} else {
			flush()
		}
	}
	flush()
	if len(paras) == 0 {
		return "", f.errorf(f.line[fieldText], "empty Text")
	}
	return strings.Join(paras, "\n\n"), nil
}

// board reads the Board block as a diagram. It checks every row itself
// first, so that a bad one is reported on its own line of the file.
func (f *file) board() (*board.Position, error) {
	at := f.line[fieldBoard]
	var rows []string
	var lineOf []int
	for k, line := range f.block[fieldBoard] {
		if strings.TrimSpace(line) == "" {
			continue
		}
		rows = append(rows, line)
		lineOf = append(lineOf, at+1+k)
	}
	if len(rows) == 0 {
		return nil, f.errorf(at, "empty Board")
	}
	if len(rows) < 2 || len(rows) > board.MaxSize {
		return nil, f.errorf(at, "Board is %d point%s high; a board is 2 to %d points wide", len(rows), plural(len(rows)), board.MaxSize)
	}
	for k, row := range rows {
		points := 0
		for col, r := range row {
			switch r {
			case ' ', '\t':
			case 'X', 'O', '.', '+':
				points++
			default:
				return nil, f.errorf(lineOf[k], "column %d: %q is not X, O, . or +", col+1, r)
			}
		}
		if points != len(rows) {
			return nil, f.errorf(lineOf[k], "board row %d has %d points, want %d (the board is square)", k+1, points, len(rows))
		}
	}
	pos, err := board.ParseDiagram(strings.Join(rows, "\n"))
	if err != nil {
		// The rows were checked above, so this is a disagreement with
		// ParseDiagram about the format.
		return nil, f.errorf(at, "Board: %v", err)
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
