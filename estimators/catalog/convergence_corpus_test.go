package catalog

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/internal/race"
	"moyo/internal/testenv"
	"moyo/randfield"
)

// middleGames samples n positions after a move from 100 to 200 of the 19×19
// records in the shared collection of AI games, deterministically: a file
// at random, then a move at random, until n are found.
func middleGames(tb testing.TB, n int) []*board.Position {
	tb.Helper()
	dir := filepath.Join(testenv.Corpus(tb), "games", "AI")
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(files)
	r := rand.New(rand.NewPCG(14, 1))
	var out []*board.Position
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		data, err := os.ReadFile(files[r.IntN(len(files))])
		if err != nil {
			tb.Fatal(err)
		}
		rec, err := game.Parse(data, 0)
		move := 100 + r.IntN(101)
		if err != nil || rec.Moves() < move || rec.Steps[0].Position.Size() != 19 {
			continue
		}
		out = append(out, rec.AfterMove(move).Position)
	}
	if len(out) < n {
		tb.Fatalf("only %d middle-game positions in %d records", len(out), len(files))
	}
	return out
}

// convergenceSetting is one way of running an estimator, measured on the
// corpus.
type convergenceSetting struct {
	name string
	est  estimators.Estimator
	p    estimators.Params
}

// convergenceTally counts what the runs of one setting did.
type convergenceTally struct {
	runs, converged, cycles, fallbacks, sweeps int
}

// TestCorpusConvergence measures how often each solver setting converges on
// middle-game positions (moves 100–200) of the AI collection: 120 by
// default, MOYO_CONVERGENCE=N for N (the figures in docs/convergence.md are N = 1200).
// It pins the facts the docs state: seds's plain sweep fails on some,
// named as cycles; the damped sweep and Anderson mixing converge more
// often; symmetric always converges; at the defaults every estimator
// reaches its fixed point, never far from it.
func TestCorpusConvergence(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP corpus convergence: -short")
	}
	n := 120
	if race.Enabled {
		n = 20 // the race detector makes it ten times slower
	}
	if s := os.Getenv("MOYO_CONVERGENCE"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("MOYO_CONVERGENCE=%q is not a positive number", s)
		}
		n = v
	}
	positions := middleGames(t, n)
	// The papers' settings, and the solvers and damping on top of them.
	symP := estimators.Symmetric{}.Info().PublishedParams()
	sedsP := estimators.Seds{}.Info().PublishedParams()
	bpP := randfield.BP{}.Info().PublishedParams().WithNum("max-iter", 1000)
	settings := []convergenceSetting{
		{"symmetric jacobi", estimators.Symmetric{}, symP},
		{"symmetric anderson", estimators.Symmetric{}, symP.WithText("solver", "anderson")},
		{"seds jacobi", estimators.Seds{}, sedsP},
		{"seds jacobi, damping 0.3", estimators.Seds{}, sedsP.WithNum("damping", 0.3)},
		{"seds jacobi, damping 0.5", estimators.Seds{}, sedsP.WithNum("damping", 0.5)},
		{"seds gauss-seidel", estimators.Seds{}, sedsP.WithText("solver", "gauss-seidel")},
		{"seds anderson", estimators.Seds{}, sedsP.WithText("solver", "anderson")},
		{"seds anderson, damping 0.5", estimators.Seds{}, sedsP.WithText("solver", "anderson").WithNum("damping", 0.5)},
		{"bp jacobi (cap 1000)", randfield.BP{}, bpP},
		{"bp gauss-seidel (cap 1000)", randfield.BP{}, bpP.WithText("solver", "gauss-seidel")},
		{"symmetric defaults", estimators.Symmetric{}, estimators.Symmetric{}.Info().Defaults()},
		{"seds defaults", estimators.Seds{}, estimators.Seds{}.Info().Defaults()},
		{"bp defaults", randfield.BP{}, randfield.BP{}.Info().Defaults()},
		{"bp published (50 iterations)", randfield.BP{}, randfield.BP{}.Info().PublishedParams()},
	}
	tallies := make([]convergenceTally, len(settings))
	// The distance from the estimate to the fixed point, as the
	// convergence panel reports it, at the papers' settings and at the
	// defaults.
	var refined []convergenceSetting
	for _, s := range settings {
		if s.name == "symmetric jacobi" || s.name == "seds jacobi" || strings.Contains(s.name, "defaults") || strings.Contains(s.name, "published") {
			refined = append(refined, s)
		}
	}
	distances := make([][]estimators.FixedPoint, len(refined))
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		next = make(chan *board.Position)
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var sc estimators.Scratch
			for pos := range next {
				for k, s := range settings {
					var res estimators.Result
					var err error
					if w, ok := s.est.(estimators.WarmStarter); ok {
						res, err = w.EstimateFrom(context.Background(), pos, s.p, nil, &sc)
					} else {
						res, err = s.est.Estimate(context.Background(), pos, s.p)
					}
					if err != nil {
						t.Error(err)
						return
					}
					if res.Converged && res.Cycle != nil {
						t.Errorf("%s: a cycle in a converged run", s.name)
					}
					mu.Lock()
					tl := &tallies[k]
					tl.runs++
					if res.Converged {
						tl.converged++
						tl.sweeps += res.Iterations
					}
					if res.Cycle != nil {
						tl.cycles++
					}
					if res.Fallback != "" {
						tl.fallbacks++
					}
					mu.Unlock()
					for j, r := range refined {
						if r.name != s.name {
							continue
						}
						fp, err := estimators.Refine(context.Background(), s.est, pos, s.p, res)
						if err != nil {
							t.Error(err)
							return
						}
						fp.Result = estimators.Result{} // only the distances are kept
						mu.Lock()
						distances[j] = append(distances[j], fp)
						mu.Unlock()
					}
				}
			}
		})
	}
	for _, pos := range positions {
		next <- pos
	}
	close(next)
	wg.Wait()

	var b strings.Builder
	fmt.Fprintf(&b, "%d middle-game positions (moves 100–200) of the AI collection:\n", len(positions))
	fmt.Fprintf(&b, "| setting | converged | cycles named | fallbacks | mean sweeps when converged |\n| --- | --- | --- | --- | --- |\n")
	for k, s := range settings {
		tl := tallies[k]
		mean := 0.0
		if tl.converged > 0 {
			mean = float64(tl.sweeps) / float64(tl.converged)
		}
		fmt.Fprintf(&b, "| %s | %.1f%% | %.1f%% | %.1f%% | %.0f |\n", s.name, pct(tl.converged, tl.runs), pct(tl.cycles, tl.runs), pct(tl.fallbacks, tl.runs), mean)
	}
	fmt.Fprintf(&b, "\nDistance of the estimate from the fixed point (Refine):\n")
	fmt.Fprintf(&b, "| setting | fixed point found | far (≥ %g points or ≥ %g in a value) | median, 90th percentile, largest |Δscore| |\n| --- | --- | --- | --- |\n", estimators.FarScore, estimators.FarValue)
	for j, r := range refined {
		found, far := 0, 0
		var ds []float64
		for _, fp := range distances[j] {
			if fp.Found {
				found++
				ds = append(ds, math.Abs(fp.ScoreDelta))
			}
			if fp.Found && fp.Far() {
				far++
			}
		}
		slices.Sort(ds)
		quantile := func(q float64) float64 {
			if len(ds) == 0 {
				return math.NaN()
			}
			return ds[min(len(ds)-1, int(q*float64(len(ds))))]
		}
		fmt.Fprintf(&b, "| %s | %.1f%% | %.1f%% | %.2f, %.2f, %.2f |\n", strings.Replace(r.name, " jacobi", " published", 1), pct(found, len(distances[j])), pct(far, len(distances[j])),
			quantile(0.5), quantile(0.9), quantile(1))
		if strings.Contains(r.name, "defaults") && (found != len(distances[j]) || far != 0) {
			defer t.Errorf("%s: fixed point found on %d of %d, far on %d; want found everywhere and never far", r.name, found, len(distances[j]), far)
		}
	}
	t.Log(b.String())

	tally := func(name string) convergenceTally {
		return tallies[slices.IndexFunc(settings, func(s convergenceSetting) bool { return s.name == name })]
	}
	if tl := tally("symmetric jacobi"); tl.converged != tl.runs {
		t.Errorf("symmetric: %d of %d converged", tl.converged, tl.runs)
	}
	jac, damped, and := tally("seds jacobi"), tally("seds jacobi, damping 0.5"), tally("seds anderson")
	if jac.converged == jac.runs || jac.cycles == 0 {
		t.Errorf("seds's plain sweep converged on %d of %d, with %d cycles named; want some failures, named", jac.converged, jac.runs, jac.cycles)
	}
	if damped.converged <= jac.converged || and.converged <= jac.converged {
		t.Errorf("seds converged on %d (plain), %d (damped), %d (Anderson) of %d", jac.converged, damped.converged, and.converged, jac.runs)
	}
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(max(n, 1)) }
