package lesson

import (
	"fmt"
	"io/fs"

	"moyo/assets"
)

// CorridorLesson is a position with a corridor whose exact values miai
// counting knows.
type CorridorLesson struct {
	Page
}

// Corridor finds the lesson's corridor and computes its exact values.
func (l *CorridorLesson) Corridor() (Corridor, error) {
	c, err := Find(l.Position)
	if err != nil {
		return Corridor{}, fmt.Errorf("lesson %s: %w", l.Name, err)
	}
	return c, nil
}

// BundledCorridors returns the corridor lessons shipped with moyo, in
// order.
func BundledCorridors() ([]*CorridorLesson, error) {
	return LoadCorridors(assets.CorridorLessons())
}

// LoadCorridors parses every .txt file at the root of fsys as a corridor
// lesson, in order of file name.
func LoadCorridors(fsys fs.FS) ([]*CorridorLesson, error) {
	return load(fsys, "corridor lessons", ParseCorridor)
}

// ParseCorridor reads a corridor lesson from data; name is the file name,
// used in errors and, without its extension, as the lesson's Name. The
// format, which every lesson file shares, is a few fields, each starting a
// line with its name and a colon:
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
func ParseCorridor(name string, data []byte) (*CorridorLesson, error) {
	p, _, err := readPage(name, data)
	if err != nil {
		return nil, err
	}
	return &CorridorLesson{Page: p}, nil
}
