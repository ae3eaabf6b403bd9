// Package testpos holds the positions the estimators' tests share, and the
// few helpers that build and check them, so that each package's tests do
// not carry their own copy: the record positions of the benchmarks, a
// position from any record in the repository's testdata/records, a
// diagram, a random array of stones, the colour swap and its check.
//
// It imports only board and game, so that the tests of every package
// above them can use it.
package testpos

import (
	"context"
	"embed"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"moyo/board"
	"moyo/game"
)

// positions holds the record positions as diagrams, one file each named
// after the record and the move: AlphaGo Master v Park Jung-hwan
// (master48) at moves 50, 150 and 250, and v Gu Li (master60) at moves 50
// and 150, from testdata/records. game's tests check that replaying the
// records gives exactly these positions.
//
//go:embed positions/*.txt
var positions embed.FS

// twoCycle is AlphaGo 2.0 v AlphaGo 2.0, game 11, after move 100 (from
// github.com/yenw/computer-go-dataset, AI/AlphaGo 2.0/). The empty point
// Q14 is surrounded by four single White stones, one of which, R14, is in
// atari against the Black stone S14 with two liberties: a fight of the
// kind where Wolf's dynamical system takes hundreds or thousands of
// iterations (Thomas Wolf, "A Dynamical Systems Approach for Static
// Evaluation in Go", 2010, §V.A), and where its plain sweeps fall into a cycle of
// period two.
//
//go:embed twocycle.txt
var twoCycle string

// Named is a position with a name to report it by.
type Named struct {
	Name string
	Pos  *board.Position
}

// Records returns the record positions, sorted by name: master48-050,
// master48-150, master48-250, master60-050, master60-150.
func Records(tb testing.TB) []Named {
	tb.Helper()
	files, err := positions.ReadDir("positions")
	if err != nil {
		tb.Fatal(err)
	}
	var out []Named
	for _, f := range files {
		b, err := positions.ReadFile(path.Join("positions", f.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, Named{Name: strings.TrimSuffix(f.Name(), ".txt"), Pos: Diagram(tb, string(b))})
	}
	slices.SortFunc(out, func(a, b Named) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// TwoCycle returns AlphaGo 2.0 v AlphaGo 2.0, game 11, after move 100,
// where the plain sweeps of Wolf's dynamical system cycle.
func TwoCycle(tb testing.TB) *board.Position {
	tb.Helper()
	return Diagram(tb, twoCycle)
}

// Diagram parses a diagram (board.ParseDiagram), failing tb on an error.
func Diagram(tb testing.TB, s string) *board.Position {
	tb.Helper()
	pos, err := board.ParseDiagram(s)
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}

// Game returns the record called name in the repository's
// testdata/records, which must replay.
func Game(tb testing.TB, name string) *game.Record {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(root(tb), "testdata", "records", name))
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := game.Parse(data, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return rec
}

// RecordNames returns the names of the records in the repository's
// testdata/records, sorted.
func RecordNames(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(root(tb), "testdata", "records", "*.sgf"))
	if err != nil {
		tb.Fatal(err)
	}
	for i, f := range files {
		files[i] = filepath.Base(f)
	}
	slices.Sort(files)
	return files
}

// Record returns the position after move n of the record called name in
// the repository's testdata/records.
func Record(tb testing.TB, name string, n int) *board.Position {
	tb.Helper()
	rec := Game(tb, name)
	if rec.Moves() < n {
		tb.Fatalf("%s has %d moves, not %d", name, rec.Moves(), n)
	}
	return rec.AfterMove(n).Position
}

// Tengen is an empty 19×19 board but for one Black stone at tengen, where
// the symmetric estimate's published stopping rule stops 2.4 points short
// of its fixed point.
func Tengen(tb testing.TB) *board.Position {
	tb.Helper()
	pos, err := board.New(19)
	if err != nil {
		tb.Fatal(err)
	}
	if err := pos.Set(board.Point{X: 9, Y: 9}, board.Black); err != nil {
		tb.Fatal(err)
	}
	return pos
}

// Solving returns the positions the solvers are compared on: the tengen
// board and the record positions.
func Solving(tb testing.TB) []Named {
	tb.Helper()
	return append([]Named{{Name: "tengen", Pos: Tengen(tb)}}, Records(tb)...)
}

// Symmetry returns the positions the solvers' colour symmetry is checked
// on: the two-cycle, Park260, the records and ten random boards of 5×5 to
// 19×19 at densities from 0.2 to 0.7.
func Symmetry(tb testing.TB) []*board.Position {
	tb.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	positions := []*board.Position{TwoCycle(tb), Park260(tb)}
	for _, np := range Records(tb) {
		positions = append(positions, np.Pos)
	}
	for range 10 {
		positions = append(positions, Random(tb, r, 5+r.IntN(15), 0.2+0.5*r.Float64()))
	}
	return positions
}

// Park260 is AlphaGo Master v Park Jung-hwan after move 260, where the
// plain sweeps of Wolf's dynamical system fall into a two-cycle on the
// left edge.
func Park260(tb testing.TB) *board.Position {
	tb.Helper()
	return Record(tb, "48-2017.01.03-Master-Park_Jung-hwan.sgf", 260)
}

// root returns the repository's root: the folder holding go.mod, found
// walking up from the working directory, which is the package's folder
// when a test runs.
func root(tb testing.TB) string {
	tb.Helper()
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		if filepath.Dir(dir) == dir {
			tb.Fatalf("no go.mod above %s", wd)
		}
	}
}

// Random fills a size×size board with stones of either colour at the
// given density, without regard to legality: the estimators must cope with
// any array of stones.
func Random(tb testing.TB, r *rand.Rand, size int, density float64) *board.Position {
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

// Swap returns pos with Black and White exchanged, and nothing else: no
// side to move, captures or ko.
func Swap(tb testing.TB, pos *board.Position) *board.Position {
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

// MaxAbsDiff returns the largest |a_i − b_i|.
func MaxAbsDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// Run is what CheckColorSymmetry compares of an estimator's run.
type Run struct {
	Values     []float64
	Trace      []float64
	Iterations int
}

// CheckColorSymmetry asserts that swapping the colours of pos negates
// every value that run computes exactly and leaves its iterations and its
// trace unchanged; name says what run is in the errors.
func CheckColorSymmetry(t *testing.T, name string, pos *board.Position, run func(*board.Position) (Run, error)) {
	t.Helper()
	a, err := run(pos)
	if err != nil {
		t.Fatal(err)
	}
	b, err := run(Swap(t, pos))
	if err != nil {
		t.Fatal(err)
	}
	if a.Iterations != b.Iterations {
		t.Errorf("%s: %d iterations, %d with colours swapped", name, a.Iterations, b.Iterations)
	}
	for i, v := range a.Values {
		if b.Values[i] != -v {
			t.Errorf("%s on\n%v: point %v is %.17g, %.17g with colours swapped", name, pos, pos.PointOf(i), v, b.Values[i])
			return
		}
	}
	for i, r := range a.Trace {
		if b.Trace[i] != r {
			t.Errorf("%s: trace differs at %d with colours swapped", name, i)
			return
		}
	}
}

// Countdown is a context that reports cancellation from the N-th call of
// Err on, to cancel a run in its middle at a known point.
type Countdown struct {
	context.Context
	N int
}

// Err counts the call and returns context.Canceled once N calls are made.
func (c *Countdown) Err() error {
	c.N--
	if c.N <= 0 {
		return context.Canceled
	}
	return nil
}
