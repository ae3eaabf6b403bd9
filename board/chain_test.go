package board

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// chainsDiagram is the position of the tests of Find and FindRegions.
const chainsDiagram = `
	. X O .
	X X O .
	. O . .
	. . . .`

func TestChainsFind(t *testing.T) {
	p := mustDiagram(t, chainsDiagram)
	var cs Chains
	cs.Find(p)
	wantOf := []int32{-1, 0, 1, -1, 0, 0, 1, -1, -1, 2, -1, -1, -1, -1, -1, -1}
	if !slices.Equal(cs.Of, wantOf) {
		t.Errorf("Of = %v, want %v", cs.Of, wantOf)
	}
	if want := []Color{Black, White, White}; !slices.Equal(cs.Color, want) {
		t.Fatalf("Color = %v, want %v", cs.Color, want)
	}
	// Lists in flood-fill order: from the lowest stone, neighbours up,
	// left, right, down, the last stone found explored first.
	tests := []struct {
		name string
		got  *PointLists
		want [][]int32
	}{
		{"Stones", &cs.Stones, [][]int32{{1, 5, 4}, {2, 6}, {9}}},
		{"Adjacent", &cs.Adjacent, [][]int32{{0, 2, 6, 9, 8}, {1, 3, 5, 7, 10}, {5, 8, 10, 13}}},
		{"Liberties", &cs.Liberties, [][]int32{{0, 8}, {3, 7, 10}, {8, 10, 13}}},
	}
	for _, tt := range tests {
		if tt.got.Len() != len(tt.want) {
			t.Errorf("%s: %d lists, want %d", tt.name, tt.got.Len(), len(tt.want))
			continue
		}
		for k, want := range tt.want {
			if got := tt.got.At(k); !slices.Equal(got, want) {
				t.Errorf("%s of chain %d = %v, want %v", tt.name, k, got, want)
			}
		}
	}
}

func TestChainsFindRegions(t *testing.T) {
	p := mustDiagram(t, chainsDiagram)
	// Walls: the black stones and the white one at 9; the white chain at
	// 2 and 6 is lifted, as the count lifts dead stones.
	walls := make([]bool, p.Len())
	for _, i := range []int{1, 4, 5, 9} {
		walls[i] = true
	}
	var cs Chains
	cs.FindRegions(p, walls)
	wantOf := []int32{0, -1, 1, 1, -1, -1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1}
	if !slices.Equal(cs.Of, wantOf) {
		t.Errorf("Of = %v, want %v", cs.Of, wantOf)
	}
	if want := []Color{Empty, Empty}; !slices.Equal(cs.Color, want) {
		t.Fatalf("Color = %v, want %v", cs.Color, want)
	}
	for k, want := range [][2][]int32{
		{{0}, {1, 4}},
		{{2, 6, 10, 14, 15, 13, 12, 8, 11, 7, 3}, {1, 5, 9, 4}},
	} {
		if got := cs.Stones.At(k); !slices.Equal(got, want[0]) {
			t.Errorf("points of region %d = %v, want %v", k, got, want[0])
		}
		if got := cs.Adjacent.At(k); !slices.Equal(got, want[1]) {
			t.Errorf("walls of region %d = %v, want %v", k, got, want[1])
		}
	}
	if cs.Liberties.Len() != 0 {
		t.Errorf("%d lists of liberties, want none", cs.Liberties.Len())
	}
	// The regions of the walls made by one colour's stones are the regions
	// Benson's test floods.
	cs.FindRegions(p, make([]bool, p.Len()))
	if cs.Len() != 1 || len(cs.Stones.At(0)) != p.Len() || len(cs.Adjacent.At(0)) != 0 {
		t.Errorf("no walls: %d regions, %v bordered by %v; want one of every point", cs.Len(), cs.Stones.At(0), cs.Adjacent.At(0))
	}
}

// testPositions returns every position of the records in ../testdata,
// random boards of every size filled point by point, and random games
// played to the end, where groups live: the positions on which the chain
// finder and Benson's algorithm are held to their references.
func testPositions(t *testing.T) []*Position {
	t.Helper()
	var out []*Position
	for _, file := range []string{
		"60-2017.01.04-Master-Gu_Li.sgf",
		"48-2017.01.03-Master-Park_Jung-hwan.sgf",
		"29-2016.12.31-Master-Mi_Yuting.sgf",
	} {
		start, _ := New(19)
		positions, err := Replay(start, readRecord(t, "../testdata/records/"+file))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, positions...)
	}
	rng := rand.New(rand.NewPCG(1976, 3))
	for size := MinSize; size <= MaxSize; size++ {
		for range 10 {
			p, err := New(size)
			if err != nil {
				t.Fatal(err)
			}
			empty := rng.Float64()
			for i := range p.cells {
				switch u := rng.Float64(); {
				case u < empty:
				case u < (1+empty)/2:
					p.cells[i] = Black
				default:
					p.cells[i] = White
				}
			}
			out = append(out, p)
		}
	}
	for g := range 60 {
		out = append(out, playout(t, rng, 5+g%9))
	}
	return out
}

func TestChainsMatchReference(t *testing.T) {
	var cs Chains // reused across sizes, as callers do
	for n, p := range testPositions(t) {
		for _, q := range []*Position{p, p.Swapped()} {
			chains, id := q.Chains()
			wantChains, wantID := refChains(q)
			if !reflect.DeepEqual(chains, wantChains) || !slices.Equal(id, wantID) {
				t.Fatalf("position %d: Chains differs from the reference on\n%s", n, q)
			}
			// The lists have fixed bounds; a list outgrowing its share of
			// the array would allocate on every call. Ten calls, since
			// AllocsPerRun counts the whole process's allocations: one
			// the runtime makes meanwhile (seen under -race) is not Find's.
			if allocs := testing.AllocsPerRun(10, func() { cs.Find(q) }); allocs != 0 {
				t.Fatalf("position %d: Find allocates %v times once warm on\n%s", n, allocs, q)
			}
			want := refFlatAdjacent(q)
			if cs.Len() != len(want) {
				t.Fatalf("position %d: %d chains, want %d", n, cs.Len(), len(want))
			}
			for k := range want {
				if !slices.Equal(cs.Adjacent.At(k), want[k]) {
					t.Fatalf("position %d: chain %d adjacent %v, want %v in this order", n, k, cs.Adjacent.At(k), want[k])
				}
			}
		}
	}
}

// TestChainsColourSwap checks the property the estimators rely on: the
// lists of a position and of its colour-swapped image are the same, in the
// same order, and only the colours change.
func TestChainsColourSwap(t *testing.T) {
	var a, b Chains
	for n, p := range testPositions(t) {
		a.Find(p)
		b.Find(p.Swapped())
		same := slices.Equal(a.Of, b.Of) && a.Len() == b.Len()
		for _, l := range [][2]*PointLists{{&a.Stones, &b.Stones}, {&a.Liberties, &b.Liberties}, {&a.Adjacent, &b.Adjacent}} {
			same = same && slices.Equal(l[0].Start, l[1].Start) && slices.Equal(l[0].Points, l[1].Points)
		}
		for k := range min(a.Len(), b.Len()) {
			same = same && b.Color[k] == -a.Color[k]
		}
		if !same {
			t.Fatalf("position %d: chains change when the colours are swapped:\n%s", n, p)
		}
	}
}

func TestLifeMatchesReference(t *testing.T) {
	var l Life // reused across sizes, as callers do
	var owners []Color
	alive := 0
	for n, p := range testPositions(t) {
		for _, q := range []*Position{p, p.Swapped()} {
			want := refUnconditionalLife(q)
			if allocs := testing.AllocsPerRun(10, func() { owners = l.Owners(owners, q) }); allocs != 0 {
				t.Fatalf("position %d: Owners allocates %v times once warm on\n%s", n, allocs, q)
			}
			if !slices.Equal(owners, want) {
				t.Fatalf("position %d: Life.Owners differs from the reference on\n%s", n, q)
			}
			if got := q.UnconditionalLife(); !slices.Equal(got, want) {
				t.Fatalf("position %d: UnconditionalLife differs from the reference on\n%s", n, q)
			}
			for _, x := range want {
				if x != Empty {
					alive++
				}
			}
		}
	}
	// Positions without any owned point would prove little.
	t.Logf("%d owned points", alive)
	if alive < 10000 {
		t.Errorf("only %d owned points in all positions", alive)
	}
}

// TestPassAlive checks Life.PassAlive against Owners: for each colour,
// x exactly on the stones of x that Owners gives x, and allocation-free
// once warm.
func TestPassAlive(t *testing.T) {
	var l, m Life
	var owners, alive []Color
	n := 0
	for k, p := range testPositions(t) {
		owners = m.Owners(owners, p)
		for _, x := range []Color{Black, White} {
			if allocs := testing.AllocsPerRun(10, func() { alive = l.PassAlive(alive, p, x) }); allocs != 0 {
				t.Fatalf("position %d: PassAlive allocates %v times once warm", k, allocs)
			}
			for i, c := range p.cells {
				want := Empty
				if c == x && owners[i] == x {
					want = x
					n++
				}
				if alive[i] != want {
					t.Fatalf("position %d, %v: point %d is %v, want %v on\n%s", k, x, i, alive[i], want, p)
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d pass-alive stones in all positions", n)
	}
	t.Logf("%d pass-alive stones", n)
}

func TestLifeAllocs(t *testing.T) {
	var l Life
	var owners []Color
	small := mustDiagram(t, koPosition)
	big := mustDiagram(t, master60At150)
	owners = l.Owners(owners, big)
	for _, p := range []*Position{big, small, big} {
		if allocs := testing.AllocsPerRun(10, func() { owners = l.Owners(owners, p) }); allocs != 0 {
			t.Errorf("Owners on a %d×%d board allocates %v times", p.Size(), p.Size(), allocs)
		}
	}
}

// recordPositions returns the positions of the first two records in
// ../testdata after 50, 150 and 250 moves (the second record is shorter),
// the positions the estimators' benchmarks use too.
func recordPositions(tb testing.TB) []namedPosition {
	tb.Helper()
	var out []namedPosition
	for _, r := range []struct{ name, file string }{
		{"master48", "48-2017.01.03-Master-Park_Jung-hwan.sgf"},
		{"master60", "60-2017.01.04-Master-Gu_Li.sgf"},
	} {
		start, _ := New(19)
		positions, err := Replay(start, readRecord(tb, "../testdata/records/"+r.file))
		if err != nil {
			tb.Fatal(err)
		}
		for _, k := range []int{50, 150, 250} {
			if k < len(positions) {
				out = append(out, namedPosition{fmt.Sprintf("%s-%03d", r.name, k), positions[k]})
			}
		}
	}
	return out
}

// namedPosition is a position and the name its benchmarks run under.
type namedPosition struct {
	name string
	pos  *Position
}

func BenchmarkChains(b *testing.B) {
	for _, np := range recordPositions(b) {
		b.Run(np.name, func(b *testing.B) {
			var cs Chains
			b.ReportAllocs()
			for b.Loop() {
				cs.Find(np.pos)
			}
		})
	}
}

// BenchmarkPositionChains times the convenience form, which allocates
// its sorted lists.
func BenchmarkPositionChains(b *testing.B) {
	for _, np := range recordPositions(b) {
		b.Run(np.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				np.pos.Chains()
			}
		})
	}
}

// BenchmarkUnconditionalLife times Benson's algorithm for both colours,
// chains included, with a reused Life: it must not allocate.
func BenchmarkUnconditionalLife(b *testing.B) {
	for _, np := range recordPositions(b) {
		b.Run(np.name, func(b *testing.B) {
			var l Life
			owners := l.Owners(nil, np.pos)
			b.ReportAllocs()
			for b.Loop() {
				owners = l.Owners(owners, np.pos)
			}
		})
	}
}

// BenchmarkChainPassAlive asks ChainPassAlive after every chain of the
// record positions, one op all of them: against UnconditionalLife, the
// cost of asking after each chain alone rather than the whole board once.
func BenchmarkChainPassAlive(b *testing.B) {
	for _, np := range recordPositions(b) {
		b.Run(np.name, func(b *testing.B) {
			var cs Chains
			cs.Find(np.pos)
			var first []int
			for k := range cs.Len() {
				first = append(first, int(cs.Stones.At(k)[0]))
			}
			var l Life
			b.ReportAllocs()
			for b.Loop() {
				for _, i := range first {
					l.ChainPassAlive(np.pos, i)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(first)), "ns/chain")
		})
	}
}
