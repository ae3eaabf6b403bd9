package gamescore

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/game"
	"moyo/internal/testutil"
	"moyo/randfield"
	"moyo/scoredist"
)

// The records of ../testdata/records, with the number of moves of each.
var records = []struct {
	file  string
	moves int
}{
	{"60-2017.01.04-Master-Gu_Li.sgf", 235},
	{"48-2017.01.03-Master-Park_Jung-hwan.sgf", 270},
	{"29-2016.12.31-Master-Mi_Yuting.sgf", 311},
}

// readRecord reads a record of the repository's testdata.
func readRecord(tb testing.TB, file string) *game.Record {
	tb.Helper()
	return testutil.ReadRecord(tb, "../testdata/records/"+file)
}

func TestPositions(t *testing.T) {
	for _, r := range records {
		rec := readRecord(t, r.file)
		ps := Positions(rec)
		if len(ps) != r.moves+1 {
			t.Fatalf("%s: %d positions, want %d", r.file, len(ps), r.moves+1)
		}
		for n, pos := range ps {
			if !pos.Equal(rec.AfterMove(n).Position) {
				t.Fatalf("%s: position %d is not the one after move %d", r.file, n, n)
			}
		}
		if stones := count(ps[0]); stones != 0 {
			t.Errorf("%s: %d stones before the first move", r.file, stones)
		}
	}
}

func count(pos *board.Position) int {
	n := 0
	for i := range pos.Len() {
		if pos.Cell(i) != board.Empty {
			n++
		}
	}
	return n
}

// TestComputeIsEstimate checks that every estimator's score at every move
// is exactly that of its own Estimate on the position, whatever the
// number of workers: what 'moyo analyze --move N' prints. The slower
// estimators are checked on every seventh move (with -short every
// twenty-first, and the others every third).
func TestComputeIsEstimate(t *testing.T) {
	rec := readRecord(t, records[0].file)
	all := Positions(rec)
	for _, est := range catalog.All() {
		name := est.Info().Name
		step := 1
		if name != "symmetric" && name != "seds" {
			step = 7
		}
		if testing.Short() {
			step *= 3
		}
		var ps []*board.Position
		for n := 0; n < len(all); n += step {
			ps = append(ps, all[n])
		}
		p := est.Info().Defaults()
		want := make([]estimators.Result, len(ps))
		for i, pos := range ps {
			res, err := est.Estimate(context.Background(), pos, p)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = res
		}
		for _, workers := range []int{1, 2, 3} {
			var reported []int
			got, err := Compute(context.Background(), est, p, ps, Options{Workers: workers, Values: true}, func(s Score) {
				reported = append(reported, s.Move)
			})
			if err != nil {
				t.Fatalf("%s, %d workers: %v", name, workers, err)
			}
			if len(reported) != len(ps) {
				t.Errorf("%s, %d workers: %d reports for %d positions", name, workers, len(reported), len(ps))
			}
			for i, s := range got {
				w := want[i]
				if s.Move != i || s.BoardScore != w.BoardScore() || s.Iterations != w.Iterations || s.Converged != w.Converged {
					t.Fatalf("%s, %d workers, position %d: move %d, score %v in %d iterations (converged %v); Estimate: %v in %d (%v)",
						name, workers, i, s.Move, s.BoardScore, s.Iterations, s.Converged, w.BoardScore(), w.Iterations, w.Converged)
				}
				for k, v := range s.Values {
					if v != w.Values[k] {
						t.Fatalf("%s, position %d: value %d is %v, Estimate's %v", name, i, k, v, w.Values[k])
					}
				}
			}
		}
	}
}

// TestWarm measures what Options.Warm says: at the defaults, which solve
// to the fixed point, symmetric's warm starts land within 0.1 points of
// the cold runs (its equations have one fixed point), while seds's can
// land on another of its fixed points, points away; neither saves half
// the sweeps.
func TestWarm(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the three records twice, cold and warm")
	}
	for _, tc := range []struct {
		name     string
		min, max float64 // the largest difference from the cold runs
	}{
		{"symmetric", 0, 0.1},
		{"seds", 0.5, 10},
	} {
		est, err := catalog.ByName(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		p := est.Info().Defaults()
		worst, coldSweeps, warmSweeps := 0.0, 0, 0
		for _, r := range records {
			ps := Positions(readRecord(t, r.file))
			cold, err := Compute(context.Background(), est, p, ps, Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			warm, err := Compute(context.Background(), est, p, ps, Options{Warm: true, Workers: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range cold {
				worst = max(worst, math.Abs(warm[i].BoardScore-cold[i].BoardScore))
				coldSweeps += cold[i].Iterations
				warmSweeps += warm[i].Iterations
			}
		}
		t.Logf("%s: warm starts differ from cold ones by up to %.2f points, in %d sweeps against %d", tc.name, worst, warmSweeps, coldSweeps)
		if worst < tc.min || worst > tc.max {
			t.Errorf("%s: warm starts differ from cold ones by up to %.2f points; want %g to %g", tc.name, worst, tc.min, tc.max)
		}
		if warmSweeps*2 <= coldSweeps {
			t.Errorf("%s: warm starts take %d sweeps, cold ones %d: half or less, which the docs deny", tc.name, warmSweeps, coldSweeps)
		}
	}
}

// TestWarmChunks checks that warm starts with several workers begin each
// worker's run of moves cold: its first move is the cold estimate.
func TestWarmChunks(t *testing.T) {
	ps := Positions(readRecord(t, records[0].file))[:40]
	est := estimators.Symmetric{}
	p := est.Info().Defaults()
	warm, err := Compute(context.Background(), est, p, ps, Options{Warm: true, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 20} {
		cold, err := est.Estimate(context.Background(), ps[i], p)
		if err != nil {
			t.Fatal(err)
		}
		if warm[i].BoardScore != cold.BoardScore() {
			t.Errorf("move %d starts a worker's run: %v, cold %v", i, warm[i].BoardScore, cold.BoardScore())
		}
	}
	cold, _ := est.Estimate(context.Background(), ps[30], p)
	if warm[30].Iterations >= cold.Iterations {
		t.Errorf("move 30 from move 29: %d sweeps, cold %d", warm[30].Iterations, cold.Iterations)
	}
}

// failing fails, or panics, on the position with the given number of
// stones, and otherwise scores the stones.
type failing struct {
	at    int
	panic bool
}

func (failing) Info() estimators.Info         { return estimators.Info{Name: "failing"} }
func (failing) Check(estimators.Params) error { return nil }
func (f failing) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	if count(pos) == f.at {
		if f.panic {
			panic("index out of range")
		}
		return estimators.Result{}, errors.New("no luck")
	}
	v := make([]float64, pos.Len())
	for i := range v {
		v[i] = float64(pos.Cell(i))
	}
	return estimators.Result{Size: pos.Size(), Values: v}, ctx.Err()
}

func TestComputeErrors(t *testing.T) {
	ps := Positions(readRecord(t, records[0].file))[:30]
	for _, tt := range []struct {
		est  failing
		want string
	}{
		{failing{at: 12}, "move 12: no luck"},
		{failing{at: 7, panic: true}, "move 7: internal error: index out of range"},
	} {
		for _, workers := range []int{1, 2} {
			_, err := Compute(context.Background(), tt.est, estimators.Params{}, ps, Options{Workers: workers}, nil)
			if err == nil || err.Error() != tt.want {
				t.Errorf("%d workers: error %v, want %q", workers, err, tt.want)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, failing{at: -1}, estimators.Params{}, ps, Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	_, err := Compute(context.Background(), estimators.Symmetric{}, estimators.Params{}.WithNum("lambda", 2), ps, Options{}, nil)
	if err == nil || !strings.Contains(err.Error(), "lambda") {
		t.Errorf("lambda 2: %v", err)
	}
	if s, err := Compute(context.Background(), failing{}, estimators.Params{}, nil, Options{}, nil); err != nil || len(s) != 0 {
		t.Errorf("no positions: %v, %v", s, err)
	}
}

func TestSwings(t *testing.T) {
	for _, tt := range []struct {
		name         string
		scores, want []float64
	}{
		// The side to move alone: no swing.
		{"alternating", []float64{0, 10, 0, 10, 0, 10}, []float64{0, 0, 0, 0, 0, 0}},
		// A capture at move 3 worth 20 on top of the alternation: half
		// of it shows on the moves on either side.
		{"capture", []float64{0, 10, 0, 30, 20, 30, 20}, []float64{0, 0, 10, 20, 10, 0, 0}},
		{"one", []float64{7}, []float64{0}},
	} {
		got := Swings(tt.scores)
		for i := range got {
			if math.Abs(got[i]-tt.want[i]) > 1e-12 {
				t.Errorf("%s: swings %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}

func TestTrend(t *testing.T) {
	got := Trend([]float64{0, 10, 0, 30, 20, 30, 20})
	want := []float64{5, 5, 10, 20, 25, 25, 25}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("trend %v, want %v", got, want)
		}
	}
}

func TestTurningPoints(t *testing.T) {
	// Alternation, one capture at 9 and one White answer at 20, and a
	// shadow of the capture at 10 that spacing drops.
	s := make([]float64, 30)
	for n := range s {
		if n%2 == 1 {
			s[n] = 8
		}
		if n >= 9 {
			s[n] += 30
		}
		if n >= 10 {
			s[n] += 3
		}
		if n >= 20 {
			s[n] -= 12
		}
	}
	got := TurningPoints(s, 5)
	want := []Turn{{9, 31.5}, {20, -12}}
	if len(got) != len(want) {
		t.Fatalf("turning points %v, want %v", got, want)
	}
	for i := range got {
		if got[i].Move != want[i].Move || math.Abs(got[i].Swing-want[i].Swing) > 1e-12 {
			t.Errorf("turning points %v, want %v", got, want)
		}
	}
	if got := TurningPoints(s, 1); len(got) != 1 || got[0].Move != 9 {
		t.Errorf("the first: %v", got)
	}
	if got := TurningPoints([]float64{0, 8, 0.2, 8.1, 0.1}, 3); len(got) != 0 {
		t.Errorf("no swing beyond the alternation: %v", got)
	}
}

// TestTurningPointsRecord checks the turning points symmetric finds in
// Master v Gu Li: White's invasion around move 32, and Black's capture at
// 131, the largest.
func TestTurningPointsRecord(t *testing.T) {
	ps := Positions(readRecord(t, records[0].file))
	scores, err := Compute(context.Background(), estimators.Symmetric{}, estimators.Symmetric{}.Info().Defaults(), ps, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	turns := TurningPoints(BoardScores(scores), 5)
	t.Log(turns)
	if len(turns) != 5 || turns[0].Move != 131 || math.Abs(turns[0].Swing-12.99) > 0.02 {
		t.Fatalf("turning points %v; want 131 first, by +12.99", turns)
	}
	for _, tp := range turns[1:] {
		if math.Abs(tp.Swing) > math.Abs(turns[0].Swing) {
			t.Errorf("%v after %v", tp, turns[0])
		}
	}
}

// TestWinProbs checks P(Black wins) against scoredist's own sampling of
// the same positions, and that a Black lead larger than any komi wins.
func TestWinProbs(t *testing.T) {
	est := randfield.BP{}
	p := est.Info().Defaults()
	m, err := randfield.FieldOf(est, p)
	if err != nil {
		t.Fatal(err)
	}
	all := Positions(readRecord(t, records[0].file))
	ps := []*board.Position{all[0], all[120], all[235]}
	o := WinProbOptions{Komi: 7.5, Sweeps: 100, Seed: 3}
	got, err := WinProbs(context.Background(), m, ps, o, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, pos := range ps {
		want, err := scoredist.Sample(context.Background(), m, pos, scoredist.Options{Komi: 7.5, Sweeps: 100,
			Sampler: randfield.SamplerOptions{Method: randfield.SampleSW, Seed: 3, BurnIn: randfield.DefaultBurnIn}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got[i].Move != i || got[i].P != want.PBlackWins || got[i].StdErr != want.StdErr {
			t.Errorf("position %d: %+v, scoredist %v ± %v", i, got[i], want.PBlackWins, want.StdErr)
		}
	}
	// Move 235 of a game White won by 2.5 at komi 6.5: with komi −50
	// Black wins, with komi 50 White.
	for komi, want := range map[float64]float64{-50: 1, 50: 0} {
		w, err := WinProbs(context.Background(), m, ps[2:], WinProbOptions{Komi: komi, Sweeps: 50, Seed: 1}, nil)
		if err != nil || w[0].P != want {
			t.Errorf("komi %v: %+v, %v; want P %v", komi, w, err, want)
		}
	}
}
