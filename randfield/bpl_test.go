package randfield

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/testpos"
)

// bplRandomModel returns a BoltzmannLiberties model with every parameter
// drawn uniformly from [−scale, scale], couplings shifted up by scale/2 so
// that most are ferromagnetic, as fitted ones are.
func bplRandomModel(r *rand.Rand, scale float64) BoltzmannLiberties {
	var m BoltzmannLiberties
	names := BPLNames()
	for k := range m.Theta {
		m.Theta[k] = scale * (2*r.Float64() - 1)
		if names[k][0] == 'w' {
			m.Theta[k] += scale / 2
		}
	}
	return m
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// bplMirror returns the class of a point of class c with the colours
// swapped.
func bplMirror(c uint8) uint8 { return (2-c/4)*4 + c%4 }

// TestBPLReduction counts the parameters and checks the symmetry
// arguments of the reduction on the forms of every pair of classes: the
// direction (the form of (b, a) is that of (a, b) turned round), the
// colours (a mirrored pair has the same parameters with negated signs, so
// an empty–empty edge has no field), and that every parameter is the
// coupling or a field of some pair that occurs on a board.
func TestBPLReduction(t *testing.T) {
	names := BPLNames()
	if len(names) != 80 || BPLCount != 80 {
		t.Fatalf("%d parameters, want 80", len(names))
	}
	seen := map[string]bool{}
	for _, n := range names {
		if n == "" || seen[n] {
			t.Errorf("parameter name %q empty or repeated", n)
		}
		seen[n] = true
	}
	// The blocks of the package doc.
	count := map[string]int{}
	for _, n := range names {
		count[n[:1]+"-"+n[2:3]+n[5:6]]++
	}
	want := map[string]int{"w-ee": 10, "w-es": 12, "h-es": 12, "h-se": 12, "w-ss": 4, "h-ss": 4, "w-so": 10, "h-so": 16}
	for k, v := range want {
		if count[k] != v {
			t.Errorf("%d parameters of kind %s, want %d", count[k], k, v)
		}
	}
	m := BoltzmannLiberties{}
	used := map[int16]bool{}
	for a := range uint8(12) {
		for b := range uint8(12) {
			f, g := m.form(a, b), m.form(b, a)
			if g.w != f.w || g.ha != f.hb || g.hb != f.ha || g.sa != f.sb || g.sb != f.sa {
				t.Errorf("classes %d, %d: form %+v, turned round %+v", a, b, f, g)
			}
			mf := m.form(bplMirror(a), bplMirror(b))
			if mf.w != f.w || mf.ha != f.ha || mf.hb != f.hb || mf.sa != -f.sa || mf.sb != -f.sb {
				t.Errorf("classes %d, %d: form %+v, colours swapped %+v", a, b, f, mf)
			}
			if a/4 == 1 && b/4 == 1 && (f.ha >= 0 || f.hb >= 0) {
				t.Errorf("empty classes %d, %d have a field: %+v", a, b, f)
			}
		}
	}
	// Every parameter occurs on random boards.
	r := rand.New(rand.NewPCG(1, 80))
	for range 300 {
		pos := testpos.Random(t, r, 2+r.IntN(8), r.Float64())
		class := make([]uint8, pos.Len())
		m.classify(pos, class)
		for i := range class {
			for _, j := range pos.Neighbors(i) {
				f := m.form(class[i], class[j])
				used[f.w] = true
				if f.sa != 0 {
					used[f.ha] = true
				}
			}
		}
	}
	for k, n := range names {
		if !used[int16(k)] {
			t.Errorf("%s never occurs", n)
		}
	}
}

func TestLibertyClass(t *testing.T) {
	pos := testpos.Diagram(t, "XO...\nXO.X.\n.OOX.\nX..XX\n.XX..")
	// Stones: their chain's liberties (the O chain has 5, the X chain on
	// the right 7); empty points: their empty neighbours, none counting as
	// 1 (C3 and A5).
	want := []uint8{
		1, 4, 2, 2, 2,
		1, 4, 1, 4, 2,
		1, 4, 4, 4, 1,
		3, 1, 1, 4, 4,
		1, 4, 4, 1, 1,
	}
	got := LibertyClass(pos)
	if !slices.Equal(got, want) {
		t.Errorf("liberty classes\n%v, want\n%v", got, want)
	}
}

// Untrained, bpl is bp: its defaults are the paper's Boltzmann5 mapped into
// the 80 parameters, and every inference gives the same values bit for
// bit.
func TestBPLDefaultsAreBP(t *testing.T) {
	if got := BoltzmannLibertiesOf(BPL{}.Info().Defaults()); got != SeedBoltzmannLiberties() {
		t.Errorf("default model %v, want Stern et al.'s Boltzmann5 mapped", got)
	}
	r := rand.New(rand.NewPCG(5, 3))
	positions := []*board.Position{testpos.Records(t)[1].Pos}
	for range 4 {
		positions = append(positions, testpos.Random(t, r, 3+r.IntN(7), 0.5))
	}
	for _, pos := range positions {
		for _, inf := range []string{"bp", "exact", "sw"} {
			if inf == "exact" && pos.Size() > 13 {
				continue
			}
			a := bpRun(t, pos, bpDefaults(inf).WithNum("samples", 300))
			p := BPL{}.Info().Defaults().WithText("inference", inf).WithNum("samples", 300)
			b, err := BPL{}.Estimate(context.Background(), pos, p)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Values, b.Values) || !slices.Equal(a.Trace, b.Trace) {
				t.Errorf("%s on\n%v: bpl %v, bp %v", inf, pos, b.Values, a.Values)
			}
		}
	}
}

// bplBruteForce returns the marginals of m on pos from bplDistribution.
func bplBruteForce(m BoltzmannLiberties, pos *board.Position) []float64 {
	v := make([]float64, pos.Len())
	for cfg, w := range bplDistribution(m, pos) {
		for i := range v {
			v[i] += w * float64(1-2*(cfg>>i&1))
		}
	}
	return v
}

func TestBPLExactMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 12))
	for trial := range 30 {
		pos := testpos.Random(t, r, 2+trial%3, r.Float64())
		m := bplRandomModel(r, 1.5)
		if trial%3 == 0 {
			m = SeedBoltzmannLiberties()
		}
		want := bplBruteForce(m, pos)
		p := m.Params(BPL{}.Info().Defaults()).WithText("inference", InferenceExact.String())
		got, err := BPL{}.Estimate(context.Background(), pos, p)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			if math.Abs(got.Values[i]-w) > 1e-12 {
				t.Errorf("on\n%v: exact %v, brute force %v", pos, got.Values, want)
				break
			}
		}
	}
}

func TestBPLColorSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	for trial := range 12 {
		pos := testpos.Random(t, r, 2+r.IntN(10), r.Float64()*0.7)
		p := bplRandomModel(r, 1).Params(BPL{}.Info().Defaults())
		p = p.WithNum("damping", []float64{0, 0.5, 0.9}[trial%3])
		checkColorSymmetry(t, BPL{}, pos, p)
		checkColorSymmetry(t, BPL{}, pos, p.WithText("inference", InferenceExact.String()))
		checkColorSymmetry(t, BPL{}, pos, p.WithText("inference", InferenceSW.String()).WithNum("samples", 300))
		checkColorSymmetry(t, BPL{}, pos, p.WithText("view", BPViewMinusExact.String()))
	}
	for _, np := range testpos.Records(t) {
		checkColorSymmetry(t, BPL{}, np.Pos, bplRandomModel(r, 1).Params(BPL{}.Info().Defaults()))
	}
}

// BP, exact and Swendsen–Wang agree where they should: BP reaches a fixed
// point of its update and is close to exact where the couplings are weak,
// and the sampler is within its standard errors of the exact marginals.
func TestBPLInferenceAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for trial := range 8 {
		pos := testpos.Random(t, r, 3+trial%3, 0.4)
		m := bplRandomModel(r, 0.3)
		ex, err := fieldExact(context.Background(), "bpl", m, pos, 1)
		if err != nil {
			t.Fatal(err)
		}
		g := newFieldBPGraph(m, pos)
		msg, _, converged, err := g.run(context.Background(), 0.5, estimators.StopRule{Tol: 1e-14, MaxIter: 100000})
		if err != nil || !converged {
			t.Fatalf("BP: converged %v, err %v", converged, err)
		}
		checkBPFixedPoint(t, g, msg, 1e-13)
		bp := make([]float64, pos.Len())
		g.beliefs(msg, bp)
		sw, err := fieldSW(context.Background(), m, pos, 20000)
		if err != nil {
			t.Fatal(err)
		}
		worstBP, worstZ := 0.0, 0.0
		for i, v := range ex.values {
			worstBP = max(worstBP, math.Abs(bp[i]-v))
			worstZ = max(worstZ, math.Abs(sw.values[i]-v)/sw.se[i])
		}
		t.Logf("%d×%d: largest |bp − exact| %.4f, |sw − exact|/se %.2f", pos.Size(), pos.Size(), worstBP, worstZ)
		if worstBP > 0.05 || worstZ > 4.5 {
			t.Errorf("on\n%v: largest |bp − exact| %.4f, |sw − exact|/se %.2f", pos, worstBP, worstZ)
		}
	}
}
