package estimators

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"moyo/board"
)

// namedPosition is a position read from testdata/positions.
type namedPosition struct {
	name string
	pos  *board.Position
}

// recordPositions reads every diagram in testdata/positions: positions from
// professional and AlphaGo Master records at moves 50, 150 and 250.
func recordPositions(tb testing.TB) []namedPosition {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "positions", "*.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatal("no positions in testdata/positions/*.txt")
	}
	sort.Strings(files)
	var out []namedPosition
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		pos, err := board.ParseDiagram(string(b))
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		out = append(out, namedPosition{name: filepath.Base(f[:len(f)-len(".txt")]), pos: pos})
	}
	return out
}

// mustDiagram parses a diagram written in a test.
func mustDiagram(tb testing.TB, s string) *board.Position {
	tb.Helper()
	pos, err := board.ParseDiagram(s)
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}

// swapColors returns pos with Black and White exchanged.
func swapColors(tb testing.TB, pos *board.Position) *board.Position {
	tb.Helper()
	q, err := board.New(pos.Size())
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < pos.Len(); i++ {
		if err := q.Set(pos.PointOf(i), -pos.Cell(i)); err != nil {
			tb.Fatal(err)
		}
	}
	return q
}

// randomPosition fills a size×size board with stones of either colour at
// the given density, without regard to legality: the estimators must cope
// with any array of stones.
func randomPosition(tb testing.TB, r *rand.Rand, size int, density float64) *board.Position {
	tb.Helper()
	pos, err := board.New(size)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < pos.Len(); i++ {
		if r.Float64() >= density {
			continue
		}
		c := board.Black
		if r.IntN(2) == 0 {
			c = board.White
		}
		if err := pos.Set(pos.PointOf(i), c); err != nil {
			tb.Fatal(err)
		}
	}
	return pos
}
