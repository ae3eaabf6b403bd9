package lesson

import (
	"strings"
	"testing"
	"testing/fstest"

	"moyo/board"
)

// minimal is a valid lesson on a 3×3 board: a corridor of two points open
// at one end.
const minimal = `# a comment
Title: Two points
To-Move: White
Text:
	First paragraph,
	on two lines.

	Second paragraph.
Board:
	X X X
	. . X
	O X X
`

func TestParse(t *testing.T) {
	l, err := ParseCorridor("dir/07-two.txt", []byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "07-two" || l.Title != "Two points" {
		t.Errorf("Name %q, Title %q; want 07-two, Two points", l.Name, l.Title)
	}
	if want := "First paragraph, on two lines.\n\nSecond paragraph."; l.Text != want {
		t.Errorf("Text %q, want %q", l.Text, want)
	}
	if l.Position.Size() != 3 || l.Position.ToMove() != board.White {
		t.Errorf("size %d, to move %v; want 3, W", l.Position.Size(), l.Position.ToMove())
	}
	if got := l.Position.At(board.Point{X: 0, Y: 2}); got != board.White {
		t.Errorf("a3 is %v, want W", got)
	}
	// Windows line ends read the same.
	if _, err := ParseCorridor("crlf.txt", []byte(strings.ReplaceAll(minimal, "\n", "\r\n"))); err != nil {
		t.Errorf("CRLF: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, edit, with, want string
	}{
		{"unknown field", "To-Move: White", "To-Play: White", `x.txt:3: unknown field "To-Play"`},
		{"not a field", "To-Move: White", "To move White", `x.txt:3: want a field`},
		{"bad colour", "To-Move: White", "To-Move: Red", `x.txt:3: To-Move "Red" is not Black or White`},
		{"repeated field", "To-Move: White", "Title: Again\nTo-Move: White", `x.txt:3: second Title field (the first is on line 2)`},
		{"empty title", "Title: Two points", "Title:", `x.txt:2: empty Title`},
		{"missing field", "To-Move: White\n", "", `x.txt: missing field To-Move`},
		{"value after block field", "Text:\n", "Text: inline\n", `x.txt:4: Text: the block starts on the next line`},
		{"stray indented line", "# a comment\n", "\tstray\n", `x.txt:1: indented line outside`},
		{"empty text", "Text:\n\tFirst paragraph,\n\ton two lines.\n\n\tSecond paragraph.\n", "Text:\n\n", `x.txt:4: empty Text`},
		{"short row", "\t. . X\n", "\t. X\n", `x.txt:11: board row 2 has 2 points, want 3`},
		{"bad point", "\tO X X\n", "\tO X #\n", `x.txt:12: column 6: '#' is not X, O, . or +`},
		{"empty board", "\tX X X\n\t. . X\n\tO X X\n", "", `x.txt:9: empty Board`},
		{"one row", "\tX X X\n\t. . X\n\tO X X\n", "\tX\n", `x.txt:9: Board is 1 point high`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(minimal, tt.edit) {
				t.Fatalf("test edit %q not in the lesson", tt.edit)
			}
			_, err := ParseCorridor("x.txt", []byte(strings.Replace(minimal, tt.edit, tt.with, 1)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	fsys := fstest.MapFS{
		"b.txt":     {Data: []byte(minimal)},
		"a.txt":     {Data: []byte(minimal)},
		"README.md": {Data: []byte("not a lesson")},
		"sub/c.txt": {Data: []byte("not read: lessons are at the root")},
	}
	ls, err := LoadCorridors(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].Name != "a" || ls[1].Name != "b" {
		t.Errorf("loaded %d lessons, want a and b in that order", len(ls))
	}
	fsys["c.txt"] = &fstest.MapFile{Data: []byte("Title: broken\n")}
	if _, err := LoadCorridors(fsys); err == nil || !strings.Contains(err.Error(), "c.txt: missing field") {
		t.Errorf("a broken lesson: error %v, want one naming c.txt", err)
	}
	if _, err := LoadCorridors(fstest.MapFS{}); err == nil {
		t.Error("no lessons: no error")
	}
}
