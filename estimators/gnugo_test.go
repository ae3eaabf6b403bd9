package estimators

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"moyo/board"
	"moyo/internal/testpos"
)

// gnugoSingleSource spreads one Black source of strength 100 from the centre
// of an empty size×size board with attenuation a and diagonal damping dd,
// and returns Black's influence per board point and the points in the order
// they were queued (as board indices).
func gnugoSingleSource(t *testing.T, size int, a, dd float64) (infl []float64, order []int) {
	t.Helper()
	pos, err := board.New(size)
	if err != nil {
		t.Fatal(err)
	}
	c := size / 2
	if err := pos.Set(board.Point{X: c, Y: c}, board.Black); err != nil {
		t.Fatal(err)
	}
	f := newGnugoField(pos)
	src := f.pad(c*size+c, size)
	reached := f.accumulate(int32(src), 0, gnugoStrength, 1/a, 1/dd)
	for _, p := range reached {
		order = append(order, gnugoUnpad(f, int(p)))
	}
	return gnugoBoardValues(f, f.infl[0]), order
}

// gnugoUnpad returns the board index of padded point t.
func gnugoUnpad(f *gnugoField, t int) int {
	size := f.stride - 2
	return (t/f.stride-1)*size + t%f.stride - 1
}

// gnugoBoardValues copies a padded array of f into board order.
func gnugoBoardValues(f *gnugoField, a []float64) []float64 {
	size := f.stride - 2
	out := make([]float64, size*size)
	for i := range out {
		out[i] = a[f.pad(i, size)]
	}
	return out
}

// gnugoEstimate runs GnuGo on a diagram with the default attenuation.
func gnugoEstimate(t *testing.T, pos *board.Position, view GnuGoView) Result {
	t.Helper()
	p := GnuGo{}.Info().Defaults()
	p = p.WithText("view", view.String())
	res, err := GnuGo{}.Estimate(context.Background(), pos, p)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestGnuGoSpecVector(t *testing.T) {
	// The GNU Go manual §13.6: strength 100, A = 3, diagonal
	// damping 2, on an empty 11×11 board.
	infl, _ := gnugoSingleSource(t, 11, 3, 2)
	at := func(dx, dy int) float64 { return infl[(5+dy)*11+5+dx] }
	tests := []struct {
		name   string
		dx, dy int
		want   float64
	}{
		{"orthogonal neighbour", 1, 0, 100.0 / 3},
		{"diagonal neighbour", 1, 1, 100.0 / 6},
		{"two steps along an axis", 0, -2, 100.0 / 9},
		{"knight's move", 2, 1, 100.0 / 18},
		{"knight's move, other way", -1, -2, 100.0 / 18},
	}
	for _, tt := range tests {
		if got := at(tt.dx, tt.dy); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s (%+d, %+d): %.4f, want %.4f", tt.name, tt.dx, tt.dy, got, tt.want)
		}
	}
	if got := at(0, 0); got != gnugoStrength {
		t.Errorf("source: %v, want %v", got, gnugoStrength)
	}
}

func TestGnuGoManualDiagrams(t *testing.T) {
	// The GNU Go manual's §13.6 diagrams for a single source of strength
	// 100 with attenuation 3: the field rounded down (the source marked
	// -1 here) and the order in which the breadth-first search visits the
	// 9×9 square around the source.
	const field = `
	  0  0  0  0  0  0  0  0  0  0  0
	  0  0  0  0  1  1  1  0  0  0  0
	  0  0  0  1  2  3  2  1  0  0  0
	  0  0  1  3  5 11  5  3  1  0  0
	  0  1  2  5 16 33 16  5  2  1  0
	  0  1  3 11 33 -1 33 11  3  1  0
	  0  1  2  5 16 33 16  5  2  1  0
	  0  0  1  3  5 11  5  3  1  0  0
	  0  0  0  1  2  3  2  1  0  0  0
	  0  0  0  0  1  1  1  0  0  0  0
	  0  0  0  0  0  0  0  0  0  0  0`
	const visits = `
	  78 68 66 64 63 65 67 69 79
	  62 46 38 36 35 37 39 47 75
	  60 34 22 16 15 17 23 43 73
	  58 32 14  6  3  7 19 41 71
	  56 30 12  2  0  4 18 40 70
	  57 31 13  5  1  8 20 42 72
	  59 33 21 10  9 11 24 44 74
	  61 45 28 26 25 27 29 48 76
	  77 54 52 50 49 51 53 55 80`
	infl, order := gnugoSingleSource(t, 11, 3, 2)
	for i, w := range gnugoInts(t, field, 11) {
		if w < 0 {
			continue
		}
		if got := math.Floor(infl[i]); got != float64(w) {
			t.Errorf("influence at (%d, %d) = %.3f, manual shows %d", i%11, i/11, infl[i], w)
		}
	}
	for k, w := range gnugoInts(t, visits, 9) {
		i := (k/9+1)*11 + k%9 + 1
		if w >= len(order) || order[w] != i {
			t.Errorf("(%d, %d) is not visited %dth", i%11, i/11, w)
		}
	}
}

// gnugoInts reads a square of n×n whitespace-separated integers.
func gnugoInts(t *testing.T, s string, n int) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(s) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if len(out) != n*n {
		t.Fatalf("%d integers, want %d", len(out), n*n)
	}
	return out
}

func TestGnuGoCentral(t *testing.T) {
	tests := []struct {
		name           string
		size, row, col int
		want           int
	}{
		{"corner", 19, 0, 0, 0},
		{"other corner", 19, 18, 18, 0},
		{"3-3 point", 19, 2, 2, 8},
		{"4-4 point", 19, 3, 3, 12},
		{"4-4 point, far corner", 19, 15, 3, 12},
		{"tengen", 19, 9, 9, 21},
		{"edge, middle", 19, 0, 9, 4},
		{"edge, middle, transposed", 19, 9, 0, 4},
		{"third line, middle", 19, 2, 9, 2*2 + 2 + 4},
		{"3-4 point", 19, 2, 3, 2*2 + 2 + 3},
		{"4-3 point", 19, 3, 2, 2*2 + 3 + 2},
		{"11×11 centre", 11, 5, 5, 2*4 + 5 + 4},
		{"9×9 centre", 9, 4, 4, 2*4 + 4 + 4},
	}
	for _, tt := range tests {
		if got := gnugoCentral(tt.row, tt.col, tt.size); got != tt.want {
			t.Errorf("%s: central(%d, %d) on %d×%d = %d, want %d", tt.name, tt.row, tt.col, tt.size, tt.size, got, tt.want)
		}
	}
}

func TestGnuGoInterpolation(t *testing.T) {
	tests := []struct {
		name string
		f    func(float64) float64
		x    float64
		want float64
	}{
		{"min_infl corner", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 0, 6},
		{"min_infl half a section", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 2, 10.5},
		{"min_infl 3-3", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 8, 26},
		{"min_infl 4-4", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 12, 36},
		{"min_infl tengen", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 21, 51.25},
		{"min_infl top", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 24, 55},
		{"min_infl beyond", func(x float64) float64 { return gnugoMinInfluence(int(x)) }, 30, 55},
		{"corr 0", gnugoCorrection, 0, 0},
		{"corr 0.1", gnugoCorrection, 0.1, 0.125},
		{"corr 0.2", gnugoCorrection, 0.2, 0.25},
		{"corr 0.5", gnugoCorrection, 0.5, 0.55},
		{"corr 0.9", gnugoCorrection, 0.9, 0.925},
		{"corr 1", gnugoCorrection, 1, 1},
		{"corr beyond", gnugoCorrection, 7, 1},
	}
	for _, tt := range tests {
		if got := tt.f(tt.x); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: f(%v) = %v, want %v", tt.name, tt.x, got, tt.want)
		}
	}
}

func TestGnuGoPermeability(t *testing.T) {
	// Around a Black stone White's permeability is 0 on the stone, 0.25
	// beside it and 0.65 diagonally; points next to two stones multiply.
	// Black's own stays 1 except next to the White stone.
	pos := testpos.Diagram(t, `
		. . . . .
		. X . . .
		. . . X .
		. . . . O
		. . . . .`)
	f := newGnugoField(pos)
	white := gnugoBoardValues(f, f.perm[1])
	black := gnugoBoardValues(f, f.perm[0])
	const q, d = gnugoOrthogonalReduction, gnugoDiagonalReduction
	wantWhite := []float64{
		d, q, d, 1, 1,
		q, 0, q * d, q, d,
		d, q, d * q, 0, q,
		1, 1, d, q, 1,
		1, 1, 1, 1, 1,
	}
	wantBlack := []float64{
		1, 1, 1, 1, 1,
		1, 1, 1, 1, 1,
		1, 1, 1, 1, q,
		1, 1, 1, q, 0,
		1, 1, 1, d, q,
	}
	for i := range white {
		if math.Abs(white[i]-wantWhite[i]) > 1e-15 || math.Abs(black[i]-wantBlack[i]) > 1e-15 {
			t.Errorf("(%d, %d): permeability for White %v, Black %v; want %v, %v",
				i%5, i/5, white[i], black[i], wantWhite[i], wantBlack[i])
		}
	}
}

func TestGnuGoPullTowardsNeighbours(t *testing.T) {
	// On an empty 3×3 board with hand-set influence, every point's first
	// guess is ±1 (the correction is 1 when the influence is well above
	// the minimum). The centre is White's; its north neighbour is Black's.
	// The centre is pulled to P·(−1) + (1 − P)·1 with P Black's
	// permeability at the north point, and never past 0.
	tests := []struct {
		name  string
		perm  float64
		want  float64
		north float64
	}{
		{"open", 1, 0, -1},
		{"Black hindered", 0.25, 0.5, -1},
		{"Black blocked", 0, 1, -1},
	}
	for _, tt := range tests {
		f := newGnugoField(testpos.Diagram(t, ". . .\n. . .\n. . ."))
		for i := range 9 {
			tp := f.pad(i, 3)
			f.infl[1][tp] = 100
		}
		north := f.pad(1, 3)
		f.infl[0][north], f.infl[1][north] = 100, 0
		f.perm[0][north] = tt.perm
		f.valueTerritory()
		terr := gnugoBoardValues(f, f.terr)
		if got := terr[4]; math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("%s: centre %v, want %v", tt.name, got, tt.want)
		}
		// The north point is Black's; its White neighbours pull it to 0,
		// White's permeability being 1 there.
		if got := terr[1]; got != 0 {
			t.Errorf("%s: north point %v, want 0", tt.name, got)
		}
		// A corner next to the north point is pulled the same way as the
		// centre.
		if got := terr[0]; math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("%s: corner %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestGnuGoSurroundedStone(t *testing.T) {
	// A White stone with all four neighbours Black sends no influence
	// anywhere: orthogonal steps hit stones and every diagonal step
	// squeezes between two Black stones, which White cannot pass.
	pos := testpos.Diagram(t, `
		. . . . . . .
		. . . . . . .
		. . . X . . .
		. . X O X . .
		. . . X . . .
		. . . . . . .
		. . . . . . .`)
	f := newGnugoField(pos)
	if err := f.spread(context.Background(), 1/2.4, 1/gnugoDiagonalDamping); err != nil {
		t.Fatal(err)
	}
	white := gnugoBoardValues(f, f.infl[1])
	res := gnugoEstimate(t, pos, GnuGoViewValue)
	for i, w := range white {
		if i == 3*7+3 {
			if w != gnugoStrength {
				t.Errorf("White's own point has influence %v", w)
			}
			continue
		}
		if w != 0 {
			t.Errorf("White influence %v at (%d, %d)", w, i%7, i/7)
		}
		if pos.Cell(i) == board.Empty && !(res.Values[i] > 0) {
			t.Errorf("(%d, %d) = %v, want Black's", i%7, i/7, res.Values[i])
		}
	}
	if res.At(3, 3) != -1 {
		t.Errorf("the living White stone holds %v", res.At(3, 3))
	}
}

func TestGnuGoWallBlocks(t *testing.T) {
	// A solid Black wall, straight or diagonal, keeps White's influence
	// out of everything beyond it: a diagonal step across the diagonal
	// wall squeezes between two of its stones.
	tests := []struct {
		name    string
		diagram string
		beyond  func(x, y int) bool
	}{
		{
			name: "straight",
			diagram: `
				. . . . X . . . .
				. . . . X . . . .
				. O . . X . . . .
				. . . . X . . . .
				. . . . X . . . .
				. . . . X . . . .
				. . . . X . . . .
				. . . . X . . . .
				. . . . X . . . .`,
			beyond: func(x, y int) bool { return x > 4 },
		},
		{
			name: "diagonal",
			diagram: `
				. . . . . . . . X
				. . . . . . . X .
				. . . . . . X . .
				. . . O . X . . .
				. . . . X . . . .
				. . . X . . . . .
				. . X . . . . . .
				. X . . . . . . .
				X . . . . . . . .`,
			beyond: func(x, y int) bool { return x+y > 8 },
		},
	}
	for _, tt := range tests {
		pos := testpos.Diagram(t, tt.diagram)
		f := newGnugoField(pos)
		if err := f.spread(context.Background(), 1/2.4, 1/gnugoDiagonalDamping); err != nil {
			t.Fatal(err)
		}
		white := gnugoBoardValues(f, f.infl[1])
		res := gnugoEstimate(t, pos, GnuGoViewValue)
		regions := gnugoEstimate(t, pos, GnuGoViewRegions)
		for i := range white {
			x, y := i%9, i/9
			if !tt.beyond(x, y) || pos.Cell(i) != board.Empty {
				continue
			}
			if white[i] != 0 {
				t.Errorf("%s: White influence %v at (%d, %d) beyond the wall", tt.name, white[i], x, y)
			}
			if !(res.Values[i] > 0) || !(regions.Values[i] > 0) {
				t.Errorf("%s: (%d, %d) beyond the wall: value %v, region %v; want Black's",
					tt.name, x, y, res.Values[i], regions.Values[i])
			}
		}
	}
}

func TestGnuGoRegions(t *testing.T) {
	// A Black corner enclosure on 9×9, with White far away: the corner is
	// Black's territory (only Black's influence reaches it and its value
	// is beyond 0.95), the open side weaker regions.
	pos := testpos.Diagram(t, `
		. . . X . . . . .
		. . . X . . . . .
		. . . X . . . . .
		X X X X . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . O . .
		. . . . . . . . .
		. . . . . . . . .`)
	res := gnugoEstimate(t, pos, GnuGoViewRegions)
	val := gnugoEstimate(t, pos, GnuGoViewValue)
	for _, pt := range []board.Point{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 2, Y: 2}, {X: 2, Y: 0}} {
		if got := res.At(pt.X, pt.Y); got != gnugoRegionTerritory {
			t.Errorf("%v: region %v (value %v), want Black territory", pt, got, val.At(pt.X, pt.Y))
		}
	}
	if got := res.At(6, 6); got != -1 {
		t.Errorf("White stone: %v", got)
	}
	// Next to the White stone only White's influence is strong.
	if got := res.At(6, 7); got >= 0 {
		t.Errorf("below the White stone: region %v, want White's", got)
	}
	// Every region value is one of the classes, and territory is where the
	// value view is beyond ±0.95.
	for i, v := range res.Values {
		switch math.Abs(v) {
		case 0, gnugoRegionArea, gnugoRegionMoyo, gnugoRegionTerritory:
		default:
			t.Errorf("region %v at %v", v, pos.PointOf(i))
		}
		if pos.Cell(i) == board.Empty && math.Abs(v) == gnugoRegionTerritory && !(math.Abs(val.Values[i]) > 0.95) {
			t.Errorf("%v: territory with value %v", pos.PointOf(i), val.Values[i])
		}
	}
}

func TestGnuGoEmptyBoard(t *testing.T) {
	// No stones, no influence: every value is 0 in both views.
	for _, view := range []GnuGoView{GnuGoViewValue, GnuGoViewRegions} {
		res := gnugoEstimate(t, testpos.Diagram(t, ". . .\n. . .\n. . ."), view)
		for i, v := range res.Values {
			if v != 0 {
				t.Errorf("view %q: %v at %d", view, v, i)
			}
		}
		if res.Iterations != 1 || !res.Converged || len(res.Trace) != 1 {
			t.Errorf("view %q: iterations %d converged %v trace %v", view, res.Iterations, res.Converged, res.Trace)
		}
	}
}

func TestGnuGoColorSymmetryAndRange(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	views := []GnuGoView{GnuGoViewValue, GnuGoViewRegions}
	for trial := range 60 {
		pos := testpos.Random(t, r, 2+r.IntN(24), 0.6*r.Float64())
		p := params("attenuation", []float64{2.4, 1.5, 6, 1}[trial%4], "view", views[trial%2])
		checkColorSymmetry(t, GnuGo{}, pos, p)
		gnugoCheckRange(t, pos, p)
	}
	for _, np := range testpos.Records(t) {
		for _, view := range views {
			p := GnuGo{}.Info().Defaults()
			p = p.WithText("view", view.String())
			checkColorSymmetry(t, GnuGo{}, np.Pos, p)
			gnugoCheckRange(t, np.Pos, p)
		}
	}
}

// gnugoCheckRange asserts that every value is in [−1, 1] and that stones
// hold ±1.
func gnugoCheckRange(t *testing.T, pos *board.Position, p Params) {
	t.Helper()
	res, err := GnuGo{}.Estimate(context.Background(), pos, p)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res.Values {
		if c := pos.Cell(i); c != board.Empty && v != float64(c) {
			t.Errorf("%+v: stone at %v holds %v", p, pos.PointOf(i), v)
		}
		if !(v >= -1 && v <= 1) {
			t.Errorf("%+v: value %v at %v", p, v, pos.PointOf(i))
		}
	}
}

func TestGnuGoInfo(t *testing.T) {
	in := GnuGo{}.Info()
	if in.Name != "gnugo" || in.Iterative {
		t.Errorf("name %q, iterative %v", in.Name, in.Iterative)
	}
	if want := (params("attenuation", 2.4, "view", GnuGoViewValue)); !in.Defaults().Equal(want) {
		t.Errorf("defaults %+v, want %+v", in.Defaults(), want)
	}
	if len(in.Params) != 2 || !in.Uses("attenuation") || !in.Uses("view") {
		t.Errorf("params %+v, want attenuation and view", in.Params)
	}
	for _, s := range in.Params {
		switch s.Name {
		case "attenuation":
			if s.Min != 1.5 || s.Max != 6 {
				t.Errorf("attenuation slider %v–%v, want 1.5–6", s.Min, s.Max)
			}
		case "view":
			if strings.Join(s.Choices, ",") != "value,regions" {
				t.Errorf("view choices %v", s.Choices)
			}
		}
	}
	if err := (GnuGo{}).Check(in.Defaults()); err != nil {
		t.Errorf("defaults rejected: %v", err)
	}
}

func TestGnuGoParamErrors(t *testing.T) {
	pos := testpos.Diagram(t, "X.\n..")
	def := GnuGo{}.Info().Defaults()
	tests := []struct {
		name string
		p    Params
		want string
	}{
		{"attenuation below 1", def.WithNum("attenuation", 0.5), "attenuation"},
		{"attenuation zero", def.WithNum("attenuation", 0), "attenuation"},
		{"attenuation NaN", def.WithNum("attenuation", math.NaN()), "attenuation"},
		{"attenuation Inf", def.WithNum("attenuation", math.Inf(1)), "attenuation"},
		{"view", def.WithText("view", "moyo"), "view"},
		{"empty view", params("view", ""), "view"},
	}
	for _, tt := range tests {
		_, err := GnuGo{}.Estimate(context.Background(), pos, tt.p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one naming %q", tt.name, err, tt.want)
		}
	}
	// Parameters GnuGo does not have are not checked.
	a, err := GnuGo{}.Estimate(context.Background(), pos, def.WithNum("lambda", -3).WithText("cap", "x"))
	if err != nil {
		t.Fatal(err)
	}
	b := gnugoEstimate(t, pos, GnuGoViewValue)
	for i := range a.Values {
		if a.Values[i] != b.Values[i] {
			t.Fatalf("view \"\" and \"value\" differ at %d: %v, %v", i, a.Values[i], b.Values[i])
		}
	}
}

func TestGnuGoCancel(t *testing.T) {
	pos := testpos.Records(t)[0].Pos
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (GnuGo{}).Estimate(ctx, pos, GnuGo{}.Info().Defaults()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
	// Cancelled between sources.
	ctx2 := &testpos.Countdown{Context: context.Background(), N: 3}
	if _, err := (GnuGo{}).Estimate(ctx2, pos, GnuGo{}.Info().Defaults()); !errors.Is(err, context.Canceled) {
		t.Errorf("context cancelled during the run: err = %v", err)
	}
}

func BenchmarkGnuGo(b *testing.B) {
	for _, np := range testpos.Records(b) {
		b.Run(np.Name, func(b *testing.B) {
			p := GnuGo{}.Info().Defaults()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (GnuGo{}).Estimate(context.Background(), np.Pos, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
