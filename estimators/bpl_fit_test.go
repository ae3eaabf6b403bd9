package estimators

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"moyo/board"
)

// TestFieldGradientMatchesBoltzmann5 checks the generic gradient with BP
// beliefs against Boltzmann5's own on the same examples: the statistics of
// the pairModel forms must add up to the five of B5Gradient.
func TestFieldGradientMatchesBoltzmann5(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var examples []B5Example
	for range 6 {
		pos := b5RandomPosition(t, r, 5, 0.5)
		owner := make([]int8, pos.Len())
		for i := range owner {
			owner[i] = int8(r.IntN(3) - 1)
		}
		examples = append(examples, B5Example{pos, owner})
	}
	m := SeedBoltzmann5()
	p := BP{}.Info().Defaults().WithNum("max-iter", 500).WithNum("tol", 1e-12)
	want, err := m.Gradient(context.Background(), examples, p, 1)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := fieldGradient(context.Background(), m, examples, FieldFitOptions{}, readBP(p), nil)
	if err != nil {
		t.Fatal(err)
	}
	close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*(1+math.Abs(b)) }
	for k, name := range B5Names() {
		if !close(got.Data[k], want.Data[k]) || !close(got.Model[k], want.Model[k]) || !close(got.Curvature[k], want.Curvature[k]) {
			t.Errorf("%s: data, model, curvature %v %v %v; Boltzmann5's %v %v %v", name,
				got.Data[k], got.Model[k], got.Curvature[k], want.Data[k], want.Model[k], want.Curvature[k])
		}
	}
	if !close(got.LogLikelihood, want.LogLikelihood) || !close(got.CrossEntropy, want.CrossEntropy) || got.Points != want.Points {
		t.Errorf("log-likelihood %v, cross-entropy %v, %d points; Boltzmann5's %v, %v, %d",
			got.LogLikelihood, got.CrossEntropy, got.Points, want.LogLikelihood, want.CrossEntropy, want.Points)
	}
}

// bplDistribution returns the probabilities of every configuration of pos
// under m by brute force (bit i set: point i is White), with the factors
// written out from the reduction's definition rather than from the
// pairModel tables.
func bplDistribution(m BoltzmannLiberties, pos *board.Position) []float64 {
	n := pos.Len()
	libs := LibertyClass(pos)
	type edge struct {
		i, j      int
		w, hi, hj float64
	}
	var edges []edge
	for i := range n {
		for _, j := range pos.Neighbors(i) {
			if j > i {
				w, hi, hj := bplTerms(m, pos.Cell(i), pos.Cell(j), int(libs[i]), int(libs[j]))
				edges = append(edges, edge{i, j, w, hi, hj})
			}
		}
	}
	logw := make([]float64, 1<<n)
	top := math.Inf(-1)
	for cfg := range logw {
		s := func(i int) float64 { return float64(1 - 2*(cfg>>i&1)) }
		e := 0.0
		for _, ed := range edges {
			e += ed.w*s(ed.i)*s(ed.j) + ed.hi*s(ed.i) + ed.hj*s(ed.j)
		}
		logw[cfg] = e
		top = max(top, e)
	}
	z := 0.0
	for cfg, e := range logw {
		logw[cfg] = math.Exp(e - top)
		z += logw[cfg]
	}
	for cfg := range logw {
		logw[cfg] /= z
	}
	return logw
}

// bplTerms returns the coupling and the fields of an edge between points
// of contents a, b and liberty classes la, lb, by the parameter names of
// the reduction.
func bplTerms(m BoltzmannLiberties, a, b board.Color, la, lb int) (w, ha, hb float64) {
	names := BPLNames()
	get := func(format string, args ...any) float64 {
		name := sprintf(format, args...)
		i := slices.Index(names[:], name)
		if i < 0 {
			panic("no parameter " + name)
		}
		return m.Theta[i]
	}
	col := func(c board.Color) float64 { return float64(c) }
	switch {
	case a == board.Empty && b == board.Empty:
		return get("w-e%d-e%d", min(la, lb), max(la, lb)), 0, 0
	case a == board.Empty:
		return get("w-e%d-s%d", la, lb), col(b) * get("h-e%d-s%d", la, lb), col(b) * get("h-s%d-e%d", lb, la)
	case b == board.Empty:
		w, hb, ha := bplTerms(m, b, a, lb, la)
		return w, ha, hb
	case a == b:
		return get("w-s%d-s%d", la, lb), col(a) * get("h-s%d-s%d", la, la), col(b) * get("h-s%d-s%d", lb, lb)
	}
	return get("w-s%d-o%d", min(la, lb), max(la, lb)), col(a) * get("h-s%d-o%d", la, lb), col(b) * get("h-s%d-o%d", lb, la)
}

// bplSample draws count final ownerships of pos from dist.
func bplSample(r *rand.Rand, pos *board.Position, dist []float64, count int) []B5Example {
	cum := make([]float64, len(dist))
	acc := 0.0
	for k, w := range dist {
		acc += w
		cum[k] = acc
	}
	var out []B5Example
	for range count {
		cfg, _ := slices.BinarySearch(cum, r.Float64()*acc)
		out = append(out, B5Example{pos, b5Owner(min(cfg, len(cum)-1), pos.Len())})
	}
	return out
}
