package board

import (
	"fmt"
	"strings"
)

// ParseDiagram reads a position from an ASCII diagram, the form String
// writes: one line per row from the top, X for Black, O for White, and . or
// + for an empty point. Spaces between points are ignored, lines starting
// with # are comments, and a line "B to move" or "W to move" sets the player
// to move (Black by default). The diagram must be square.
func ParseDiagram(s string) (*Position, error) {
	var rows [][]Color
	toMove := Black
	for n, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case line == "B to move":
			toMove = Black
			continue
		case line == "W to move":
			toMove = White
			continue
		}
		var row []Color
		for _, r := range line {
			switch r {
			case ' ', '\t':
			case 'X':
				row = append(row, Black)
			case 'O':
				row = append(row, White)
			case '.', '+':
				row = append(row, Empty)
			default:
				return nil, fmt.Errorf("diagram line %d: unexpected %q", n+1, r)
			}
		}
		rows = append(rows, row)
	}
	p, err := New(len(rows))
	if err != nil {
		return nil, fmt.Errorf("diagram: %w", err)
	}
	for y, row := range rows {
		if len(row) != len(rows) {
			return nil, fmt.Errorf("diagram row %d has %d points, want %d", y+1, len(row), len(rows))
		}
		copy(p.cells[y*p.size:], row)
	}
	p.toMove = toMove
	return p, nil
}
