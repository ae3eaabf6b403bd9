package testenv

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"moyo/board"
)

// OGSPosition is a final position of online-go.com's score-estimator
// tests: the stones, and those the players removed as dead.
type OGSPosition struct {
	// Name is the file's folder (its difficulty: easy, mid, …) and name.
	Name string
	// Folder is the difficulty folder alone.
	Folder string
	Pos    *board.Position
	// Removed are the stones the players removed, sorted by row, then
	// column (ComparePoints).
	Removed []board.Point
}

// OGSPositions reads the 54 final positions of the shared collection's
// final-positions-ogs folder, sorted by name. It skips tb when the
// collection is absent (Corpus) and fails it when a file does not read
// or the count is not 54.
func OGSPositions(tb testing.TB) []OGSPosition {
	tb.Helper()
	dir := filepath.Join(Corpus(tb), "final-positions-ogs", "test_games")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.game"))
	if len(files) != 54 {
		tb.Fatalf("%d positions in %s, want 54", len(files), dir)
	}
	slices.Sort(files)
	var out []OGSPosition
	for _, f := range files {
		o, err := ReadOGS(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// ReadOGS reads a .game file: "height", "width" and "player_to_move"
// lines, a grid of 1 (Black), -1 (White) and 0, a blank line, and a grid
// with 1 where the players removed something. Marks on empty points
// (dame the players settled) are not stones and are dropped.
func ReadOGS(path string) (OGSPosition, error) {
	f, err := os.Open(path)
	if err != nil {
		return OGSPosition{}, err
	}
	defer f.Close()
	var (
		h, w  int
		grids [2][][]int
		at    int
	)
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		fields := strings.Fields(text)
		switch {
		case strings.HasPrefix(text, "#"):
		case len(fields) == 2 && fields[0] == "height":
			h, err = strconv.Atoi(fields[1])
		case len(fields) == 2 && fields[0] == "width":
			w, err = strconv.Atoi(fields[1])
		case len(fields) == 2 && fields[0] == "player_to_move":
		case text == "":
			if len(grids[at]) > 0 {
				at = 1
			}
		default:
			row := make([]int, len(fields))
			for k, s := range fields {
				if row[k], err = strconv.Atoi(s); err != nil {
					break
				}
			}
			if at < 2 {
				grids[at] = append(grids[at], row)
			}
		}
		if err != nil {
			return OGSPosition{}, fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if h != w || len(grids[0]) != h || len(grids[1]) != h {
		return OGSPosition{}, fmt.Errorf("%s: %d×%d board with grids of %d and %d rows", path, w, h, len(grids[0]), len(grids[1]))
	}
	var diagram strings.Builder
	out := OGSPosition{
		Name:   filepath.Join(filepath.Base(filepath.Dir(path)), filepath.Base(path)),
		Folder: filepath.Base(filepath.Dir(path)),
	}
	for y, row := range grids[0] {
		if len(row) != w || len(grids[1][y]) != w {
			return OGSPosition{}, fmt.Errorf("%s: row %d is not %d wide", path, y+1, w)
		}
		for x, v := range row {
			switch v {
			case 1:
				diagram.WriteByte('X')
			case -1:
				diagram.WriteByte('O')
			default:
				diagram.WriteByte('.')
			}
			if v != 0 && grids[1][y][x] == 1 {
				out.Removed = append(out.Removed, board.Point{X: x, Y: y})
			}
		}
		diagram.WriteByte('\n')
	}
	if out.Pos, err = board.ParseDiagram(diagram.String()); err != nil {
		return OGSPosition{}, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// ComparePoints orders points by row, then column.
func ComparePoints(a, b board.Point) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}
