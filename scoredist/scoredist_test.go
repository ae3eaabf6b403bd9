package scoredist

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"

	"moyo/board"
	"moyo/internal/testpos"
	"moyo/randfield"
)

func TestDist(t *testing.T) {
	// A 3×3 board: scores −9, −7, …, 9 at Counts[0…9].
	d := NewDist(9)
	for _, spins := range [][]int8{
		{1, 1, 1, 1, 1, 1, 1, 1, 1},        // 9
		{1, 1, 1, 1, 1, -1, -1, -1, -1},    // 1
		{1, 1, 1, 1, 1, -1, -1, -1, -1},    // 1
		{-1, -1, -1, -1, 1, 1, 1, 1, -1},   // −1
		{-1, -1, -1, -1, -1, -1, -1, 1, 1}, // −5
	} {
		d.Add(spins)
	}
	if d.Samples != 5 || !reflect.DeepEqual(d.Counts, []int{0, 0, 1, 0, 1, 2, 0, 0, 0, 1}) {
		t.Fatalf("histogram %v of %d samples", d.Counts, d.Samples)
	}
	for _, tc := range []struct{ komi, want float64 }{
		{0.5, 3.0 / 5},
		{-0.5, 3.0 / 5},
		{-1.5, 4.0 / 5},
		{1, 1.0/5 + 0.5*2.0/5}, // two draws at 1
		{7.5, 1.0 / 5},
		{9, 0.5 / 5},
		{-100, 1},
		{100, 0},
	} {
		if got := d.PBlackWins(tc.komi); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("P(Black wins | komi %v) = %v, want %v", tc.komi, got, tc.want)
		}
	}
	// Mean (9 + 1 + 1 − 1 − 5)/5 = 1; variance (64 + 0 + 0 + 4 + 36)/5.
	if d.Mean() != 1 || math.Abs(d.StdDev()-math.Sqrt(104.0/5)) > 1e-12 {
		t.Errorf("mean %v, standard deviation %v; want 1, √(104/5)", d.Mean(), d.StdDev())
	}
	if lo, hi, ok := d.Range(); lo != -5 || hi != 9 || !ok {
		t.Errorf("range %d…%d, %v; want −5…9", lo, hi, ok)
	}
	for _, tc := range []struct {
		bins int
		want []Bin
	}{
		{100, []Bin{{-5, -5, 1}, {-3, -3, 0}, {-1, -1, 1}, {1, 1, 2}, {3, 3, 0}, {5, 5, 0}, {7, 7, 0}, {9, 9, 1}}},
		{3, []Bin{{-5, -1, 2}, {1, 5, 2}, {7, 9, 1}}},
		{1, []Bin{{-5, 9, 5}}},
	} {
		if got := d.Histogram(tc.bins); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Histogram(%d) = %v, want %v", tc.bins, got, tc.want)
		}
	}
	c := d.Clone()
	c.Counts[0]++
	if d.Counts[0] != 0 {
		t.Error("a clone shares its counts")
	}
	empty := NewDist(4)
	if _, _, ok := empty.Range(); ok || !math.IsNaN(empty.PBlackWins(0)) || !math.IsNaN(empty.Mean()) || empty.Histogram(5) != nil {
		t.Error("an empty histogram has a range, a probability, a mean or bars")
	}
}

func TestBatchStdErr(t *testing.T) {
	// Equal blocks: √(Σ(m − m̄)²/(k(k−1))); means 0.2, 0.4, 0.6 give
	// √(0.08/6).
	if got := batchStdErr([]float64{0.2, 0.4, 0.6}, []float64{5, 5, 5}); math.Abs(got-math.Sqrt(0.08/6)) > 1e-15 {
		t.Errorf("equal blocks: %v, want %v", got, math.Sqrt(0.08/6))
	}
	if !math.IsNaN(batchStdErr([]float64{0.3}, []float64{1})) {
		t.Error("one block has a standard error")
	}
}

// exactDist returns the exact distribution of the area score of the
// Boltzmann5 model m on pos, by summing exp(Σ_edges w s_i s_j + h_i s_i +
// h_j s_j) over all 2^n states (the model as SPEC §5 defines it): P[k] is
// the probability of score 2k − n.
func exactDist(m randfield.Boltzmann5, pos *board.Position) []float64 {
	n := pos.Len()
	p := make([]float64, n+1)
	s := make([]float64, n)
	z := 0.0
	for state := range 1 << n {
		score := 0
		for i := range s {
			s[i] = float64(1 - 2*(state>>i&1))
			score += int(s[i])
		}
		e := 0.0
		for i := range n {
			for _, j := range pos.Neighbors(i) {
				if j < i {
					continue
				}
				ci, cj := pos.Cell(i), pos.Cell(j)
				e += m.Coupling(ci, cj)*s[i]*s[j] + m.Field(ci)*s[i] + m.Field(cj)*s[j]
			}
		}
		w := math.Exp(e)
		p[(score+n)/2] += w
		z += w
	}
	for k := range p {
		p[k] /= z
	}
	return p
}

// TestSampleExact compares the sampled score distribution of the seed's
// Boltzmann5 model with the exact one on small boards, enumerated.
func TestSampleExact(t *testing.T) {
	for _, diagram := range []string{
		". . . .\n. X . .\n. . O .\n. . . .",
		"X X . O\n. X O .\n. X O .\nX . . O",
		". . . .\n. . . .\n. . . .\n. . . O",
	} {
		pos, err := board.ParseDiagram(diagram)
		if err != nil {
			t.Fatal(err)
		}
		m := randfield.SeedBoltzmann5()
		exact := exactDist(m, pos)
		est, err := Sample(context.Background(), m, pos, Options{Komi: 0.5, Sweeps: 20000, Sampler: randfield.SamplerOptions{Seed: 1, BurnIn: 100}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if est.Dist.Samples != 40000 || est.Sweeps != 20000 || !est.Done {
			t.Fatalf("%d samples after %d sweeps, done %v", est.Dist.Samples, est.Sweeps, est.Done)
		}
		tv, pWin := 0.0, 0.0
		for k, p := range exact {
			tv += math.Abs(float64(est.Dist.Counts[k])/float64(est.Dist.Samples)-p) / 2
			if est.Dist.Score(k) > 0 {
				pWin += p
			}
		}
		t.Logf("%q: total variation %.4f; P(Black wins) %.4f ± %.4f, exact %.4f", diagram, tv, est.PBlackWins, est.StdErr, pWin)
		if tv > 0.02 {
			t.Errorf("%q: total variation %.4f from the exact distribution", diagram, tv)
		}
		if math.Abs(est.PBlackWins-pWin) > 0.01 || math.Abs(est.PBlackWins-pWin) > 5*est.StdErr {
			t.Errorf("%q: P(Black wins) %.4f ± %.4f, exact %.4f", diagram, est.PBlackWins, est.StdErr, pWin)
		}
	}
}

// recordPosition returns the position after move 150 of AlphaGo Master v
// Gu Li.
func recordPosition(tb testing.TB) *board.Position {
	tb.Helper()
	return testpos.Records(tb)[4].Pos
}

// TestSampleProgress checks the reports of a run on a real position: one
// per block, each with more samples, the last the result; the same seed
// gives the same result; a cancelled run stops with the blocks it
// finished.
func TestSampleProgress(t *testing.T) {
	pos := recordPosition(t)
	m := randfield.SeedBoltzmann5()
	o := Options{Komi: 7.5, Sweeps: 400, Blocks: 8, Sampler: randfield.SamplerOptions{Seed: 5, BurnIn: 50}}
	var reports []Estimate
	est, err := Sample(context.Background(), m, pos, o, func(e Estimate) { reports = append(reports, e) })
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 8 {
		t.Fatalf("%d reports, want 8", len(reports))
	}
	for k, r := range reports {
		if r.Sweeps != 50*(k+1) || r.Dist.Samples != 2*r.Sweeps || r.Done != (k == 7) || (k > 0) == math.IsNaN(r.StdErr) {
			t.Errorf("report %d: %d sweeps, %d samples, done %v, standard error %v", k, r.Sweeps, r.Dist.Samples, r.Done, r.StdErr)
		}
	}
	if !reflect.DeepEqual(reports[7], est) {
		t.Error("the last report is not the result")
	}
	t.Logf("master60-150, komi 7.5: P(Black wins) %.3f ± %.3f, mean score %.1f ± %.1f", est.PBlackWins, est.StdErr, est.Dist.Mean(), est.Dist.StdDev())
	if est.PBlackWins != est.Dist.PBlackWins(7.5) {
		t.Errorf("P(Black wins) %v, the histogram's %v", est.PBlackWins, est.Dist.PBlackWins(7.5))
	}
	again, err := Sample(context.Background(), m, pos, o, nil)
	if err != nil || !reflect.DeepEqual(again, est) {
		t.Errorf("the same seed: %v, the same result %v", err, reflect.DeepEqual(again, est))
	}

	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	part, err := Sample(ctx, m, pos, o, func(Estimate) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || part.Sweeps != 150 || !reflect.DeepEqual(part, reports[2]) {
		t.Errorf("cancelled after 3 blocks: %v, %d sweeps", err, part.Sweeps)
	}
	for _, bad := range []Options{{Sweeps: 0}, {Sweeps: 5, Blocks: 6}, {Sweeps: 5, Komi: math.NaN()}} {
		if _, err := Sample(context.Background(), m, pos, bad, nil); err == nil {
			t.Errorf("options %+v: no error", bad)
		}
	}
}

// BenchmarkSample draws 1000 sweeps of SW samples of move 150 of Master v
// Gu Li: what 'moyo eval --win-prob' does per position by default.
func BenchmarkSample(b *testing.B) {
	pos := recordPosition(b)
	m := randfield.SeedBoltzmann5()
	for b.Loop() {
		if _, err := Sample(context.Background(), m, pos, Options{Komi: 7.5, Sweeps: 1000, Sampler: randfield.SamplerOptions{Seed: 1, BurnIn: randfield.DefaultBurnIn}}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
