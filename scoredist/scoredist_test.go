package scoredist

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"reflect"
	"testing"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/internal/testpos"
	"moyo/preset"
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
// h_j s_j) over all 2^n states (the model as Stern, Graepel and MacKay
// define it): P[k] is the probability of score 2k − n; and the mean spin
// of every point.
func exactDist(m randfield.Boltzmann5, pos *board.Position) (p, means []float64) {
	n := pos.Len()
	p = make([]float64, n+1)
	means = make([]float64, n)
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
		for i, v := range s {
			means[i] += w * v
		}
		z += w
	}
	for k := range p {
		p[k] /= z
	}
	for i := range means {
		means[i] /= z
	}
	return p, means
}

// TestSampleExact compares the sampled score distribution of Stern et al.'s
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
		exact, means := exactDist(m, pos)
		est, err := Sample(context.Background(), m, pos, Options{Komi: 0.5, Sweeps: 20000, Sampler: randfield.SamplerOptions{Seed: 1, BurnIn: 100}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if est.Dist.Samples != 40000 || est.Sweeps != 20000 || !est.Done {
			t.Fatalf("%d samples after %d sweeps, done %v", est.Dist.Samples, est.Sweeps, est.Done)
		}
		tv, pWin, mean, indep := 0.0, 0.0, 0.0, 0.0
		for k, p := range exact {
			tv += math.Abs(float64(est.Dist.Counts[k])/float64(est.Dist.Samples)-p) / 2
			if est.Dist.Score(k) > 0 {
				pWin += p
			}
			mean += p * float64(est.Dist.Score(k))
		}
		for _, v := range means {
			indep += 1 - v*v
		}
		indep = math.Sqrt(indep)
		t.Logf("%q: mean score %.3f ± %.3f, exact %.3f; independent spread %.3f, exact %.3f", diagram, est.Dist.Mean(), est.MeanStdErr, mean, est.Independent, indep)
		if d := math.Abs(est.Dist.Mean() - mean); d > 0.1 || d > 5*est.MeanStdErr {
			t.Errorf("%q: mean score %.3f ± %.3f, exact %.3f", diagram, est.Dist.Mean(), est.MeanStdErr, mean)
		}
		if math.Abs(est.Independent-indep) > 0.02*indep {
			t.Errorf("%q: independent spread %.3f, exact %.3f", diagram, est.Independent, indep)
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

// TestSpreadIsTheModels records why the sampled score of a middle game
// spreads so wide (docs/convergence.md): at move 100 of the app's sample
// game both fields' scores spread several times as far as independent
// points with the same means would, the shipped BoltzmannLiberties model
// (couplings of empty points with two or three empty neighbours 0.59–0.67,
// above the critical coupling of the square-lattice Ising model, ½ ln(1 +
// √2) ≈ 0.4407) further than Boltzmann5 (0.427, just below it); halving
// every coupling cuts the spread to 0.4–0.6 of it; and on an empty board
// Boltzmann5, 3% short of criticality, spreads over a third of the board. The sampler
// itself draws the exact distribution (randfield's TestSamplerScores).
//
//	go test -run TestSpreadIsTheModels -v ./scoredist/
func TestSpreadIsTheModels(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: samples 19×19 boards for seconds")
	}
	rec, err := game.Parse(assets.Sample(), 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := rec.AfterMove(assets.SampleMove).Position
	sub, err := fs.Sub(assets.Presets(), "bpl")
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := preset.LoadFS(sub, "fitted on AI games", []estimators.Estimator{randfield.BPL{}})
	if err != nil {
		t.Fatal(err)
	}
	bpl, b5 := randfield.BoltzmannLibertiesOf(shipped.Params), randfield.SeedBoltzmann5()
	sample := func(m randfield.RandomField, pos *board.Position) Estimate {
		est, err := Sample(context.Background(), m, pos, Options{Komi: rec.Info.Komi, Sweeps: 4000, Blocks: 40,
			Sampler: randfield.SamplerOptions{Seed: 1, BurnIn: randfield.DefaultBurnIn}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return est
	}
	// halved returns the model with every coupling halved, its fields kept.
	halved := func(m randfield.RandomField) randfield.RandomField {
		switch m := m.(type) {
		case randfield.Boltzmann5:
			m.WEmpty, m.WStoneEmpty, m.WSame, m.WOpp = m.WEmpty/2, m.WStoneEmpty/2, m.WSame/2, m.WOpp/2
			return m
		case randfield.BoltzmannLiberties:
			for k, name := range randfield.BPLNames() {
				if name[0] == 'w' {
					m.Theta[k] /= 2
				}
			}
			return m
		}
		panic(m)
	}
	spread := map[string]float64{}
	for _, c := range []struct {
		name string
		m    randfield.RandomField
	}{{"Boltzmann5", b5}, {"BoltzmannLiberties (shipped)", bpl}} {
		est, half := sample(c.m, pos), sample(halved(c.m), pos)
		sd := est.Dist.StdDev()
		lo, hi, _ := est.Dist.Range()
		t.Logf("%s, move %d: mean score %+.1f ± %.1f standard error, spread (sd) %.1f (scores %d…%d), independent points %.1f (%.1f×); couplings halved: spread %.1f",
			c.name, assets.SampleMove, est.Dist.Mean(), est.MeanStdErr, sd, lo, hi, est.Independent, sd/est.Independent, half.Dist.StdDev())
		if sd < 2.5*est.Independent || half.Dist.StdDev() > 0.7*sd {
			t.Errorf("%s: spread %.1f, independent points %.1f, couplings halved %.1f: the couplings do not make the spread",
				c.name, sd, est.Independent, half.Dist.StdDev())
		}
		spread[c.name] = sd
	}
	if spread["BoltzmannLiberties (shipped)"] < 1.5*spread["Boltzmann5"] {
		t.Errorf("spreads %v: the shipped model's is not the wider", spread)
	}
	empty, err := board.New(19)
	if err != nil {
		t.Fatal(err)
	}
	est := sample(b5, empty)
	t.Logf("Boltzmann5, empty 19×19: spread (sd) %.1f, independent points %.1f", est.Dist.StdDev(), est.Independent)
	if est.Dist.StdDev() < 361/3 {
		t.Errorf("Boltzmann5 on the empty board spreads %.1f", est.Dist.StdDev())
	}
}
