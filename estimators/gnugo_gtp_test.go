package estimators

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"moyo/board"
	"moyo/gtp"
	"moyo/internal/testenv"
)

// This file compares GnuGo with GNU Go 3.8 itself, driven over GTP by
// package gtp.

// gnugoGTP is a GNU Go process in GTP mode.
type gnugoGTP struct {
	e *gtp.Engine
}

// startGnugoGTP starts GNU Go in GTP mode (testenv.GnuGo); it is closed
// when the test ends.
func startGnugoGTP(t *testing.T) *gnugoGTP {
	t.Helper()
	e, err := gtp.Start(testenv.GnuGo(t), []string{"--mode", "gtp"}, gtp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	return &gnugoGTP{e: e}
}

// send runs one GTP command and returns its answer.
func (g *gnugoGTP) send(command string) (string, error) {
	// No command of these tests takes GNU Go more than a few seconds.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return g.e.Send(ctx, command)
}

// must is send that fails the test on an error.
func (g *gnugoGTP) must(t *testing.T, command string) string {
	t.Helper()
	ans, err := g.send(command)
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

// position reads GNU Go's current position: the board size and the stones
// of list_stones.
func (g *gnugoGTP) position(t *testing.T) *board.Position {
	t.Helper()
	size, err := strconv.Atoi(g.must(t, "query_boardsize"))
	if err != nil {
		t.Fatal(err)
	}
	pos, err := board.New(size)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []board.Color{board.Black, board.White} {
		pts, err := gtp.ParseVertices(g.must(t, "list_stones "+gtp.Color(c)), size)
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range pts {
			if err := pos.Set(pt, c); err != nil {
				t.Fatalf("%v: %v", pt, err)
			}
		}
	}
	return pos
}

// grid reads an initial_influence answer: size² numbers, top row first.
func (g *gnugoGTP) grid(t *testing.T, command string, size int) []float64 {
	t.Helper()
	fields := strings.Fields(g.must(t, command))
	if len(fields) != size*size {
		t.Fatalf("%s: %d numbers, want %d", command, len(fields), size*size)
	}
	out := make([]float64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("%s: %v", command, err)
		}
		out[i] = v
	}
	return out
}

// gnugoAgreement summarises how two control estimates of the same empty
// points agree, both with Black positive.
type gnugoAgreement struct {
	points int
	// corr is Pearson's correlation, mad the mean absolute difference.
	corr, mad float64
	// sign is the share of points where both have the same sign, counting
	// |v| < gnugoDecided as 0; decided is the share of points where both
	// are beyond ±gnugoDecided that have the same sign, of decidedN points.
	sign, decided float64
	decidedN      int
	// regions is the share of points in the same class of the regions
	// views (territory, moyo, area or none, with colour).
	regions float64
}

// gnugoDecided is the magnitude from which a territory value is counted as
// one side's: below it GNU Go's value is mostly rounding noise of its
// corrections.
const gnugoDecided = 0.1

func (a gnugoAgreement) String() string {
	return fmt.Sprintf("%3d empty points: correlation %.2f, mean |Δ| %.2f, sign %.0f%%, decided sign %.0f%% of %d, regions %.0f%%",
		a.points, a.corr, a.mad, 100*a.sign, 100*a.decided, a.decidedN, 100*a.regions)
}

// gnugoCompare compares ours with theirs on the empty points of pos, and
// our regions with theirs (both as −3…3 classes, Black positive).
func gnugoCompare(pos *board.Position, ours, theirs []float64, ourRegions, theirRegions []int) gnugoAgreement {
	var a gnugoAgreement
	var sx, sy, sxx, syy, sxy float64
	var same, dSame, rSame int
	class := func(v float64) int {
		switch {
		case v >= gnugoDecided:
			return 1
		case v <= -gnugoDecided:
			return -1
		}
		return 0
	}
	for i, x := range ours {
		if pos.Cell(i) != board.Empty {
			continue
		}
		y := theirs[i]
		a.points++
		sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
		a.mad += math.Abs(x - y)
		cx, cy := class(x), class(y)
		if cx == cy {
			same++
		}
		if cx != 0 && cy != 0 {
			a.decidedN++
			if cx == cy {
				dSame++
			}
		}
		if ourRegions[i] == theirRegions[i] {
			rSame++
		}
	}
	n := float64(a.points)
	a.corr = (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
	a.mad /= n
	a.sign = float64(same) / n
	a.decided = float64(dSame) / float64(a.decidedN)
	a.regions = float64(rSame) / n
	return a
}

// gnugoRegionClass maps our regions view to GNU Go's classes: ±3
// territory, ±2 moyo, ±1 area, 0 none (Black positive here).
func gnugoRegionClass(v float64) int {
	switch math.Abs(v) {
	case gnugoRegionTerritory:
		return 3 * int(math.Copysign(1, v))
	case gnugoRegionMoyo:
		return 2 * int(math.Copysign(1, v))
	case gnugoRegionArea:
		return int(math.Copysign(1, v))
	}
	return 0
}

// gnugoRecordPositions loads, in GNU Go, the positions after moves 50, 150
// and 250 of the 19×19 records in ../testdata/records that are that long,
// and calls fn with each position as GNU Go has it.
func gnugoRecordPositions(t *testing.T, g *gnugoGTP, fn func(name string, move int, pos *board.Position)) {
	t.Helper()
	records, err := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	if err != nil || len(records) == 0 {
		t.Fatalf("no records in ../testdata/records: %v", err)
	}
	sort.Strings(records)
	for _, rec := range records {
		g.must(t, "loadsgf "+rec)
		if size := g.must(t, "query_boardsize"); size != "19" {
			continue
		}
		moves := len(strings.Split(g.must(t, "move_history"), "\n"))
		for _, m := range []int{50, 150, 250} {
			if m > moves {
				continue
			}
			// loadsgf FILE N stops before move N.
			g.must(t, fmt.Sprintf("loadsgf %s %d", rec, m+1))
			fn(filepath.Base(rec), m, g.position(t))
		}
	}
}

func TestGnuGoAgainstGnuGo38(t *testing.T) {
	g := startGnugoGTP(t)
	if v := g.must(t, "version"); !strings.HasPrefix(v, "3.8") {
		t.Logf("GNU Go version %s, not 3.8: the bounds were measured with 3.8", v)
	}
	var all []gnugoAgreement
	gnugoRecordPositions(t, g, func(name string, move int, pos *board.Position) {
		all = append(all, gnugoCheckAgreement(t, g, name, move, pos))
		gnugoCheckCore(t, g, name, move, pos)
	})
	if len(all) < 6 {
		t.Fatalf("only %d positions compared", len(all))
	}
	var mean gnugoAgreement
	for _, a := range all {
		mean.corr += a.corr / float64(len(all))
		mean.mad += a.mad / float64(len(all))
		mean.sign += a.sign / float64(len(all))
		mean.decided += a.decided / float64(len(all))
		mean.regions += a.regions / float64(len(all))
		mean.points += a.points
		mean.decidedN += a.decidedN
	}
	t.Logf("mean over %d positions: %v", len(all), mean)
	// Measured: correlation 0.81, mean |Δ| 0.24, sign 76%, decided sign
	// 98%. For comparison symmetric scores 0.85, 0.29, 67%, 97% and
	// propagate 0.75, 0.32, 66%, 96%: the sign agreement, which counts the
	// points both leave undecided, and the mean difference are where
	// GNU Go's valuation shows.
	if mean.corr < 0.75 || mean.mad > 0.28 || mean.sign < 0.72 || mean.decided < 0.95 {
		t.Errorf("mean agreement with GNU Go below correlation 0.75, mean |Δ| 0.28, sign 72%%, decided sign 95%%")
	}
}

// gnugoCheckAgreement compares GnuGo with GNU Go's territory values and
// regions on its current position, pos.
func gnugoCheckAgreement(t *testing.T, g *gnugoGTP, name string, move int, pos *board.Position) gnugoAgreement {
	t.Helper()
	ours := gnugoEstimate(t, pos, GnuGoViewValue)
	regions := gnugoEstimate(t, pos, GnuGoViewRegions)
	// GNU Go answers White positive; its influence_regions are ±4 on
	// stones, ±3 territory, ±2 moyo, ±1 area.
	theirs := g.grid(t, "initial_influence black territory_value", 19)
	theirClass := g.grid(t, "initial_influence black influence_regions", 19)
	ourRegions := make([]int, len(theirs))
	theirRegions := make([]int, len(theirs))
	for i := range theirs {
		theirs[i] = -theirs[i]
		theirRegions[i] = -int(theirClass[i])
		ourRegions[i] = gnugoRegionClass(regions.Values[i])
	}
	a := gnugoCompare(pos, ours.Values, theirs, ourRegions, theirRegions)
	t.Logf("%-40s move %3d: %v", name, move, a)
	// Measured with GNU Go 3.8: correlation ≥ 0.68, sign ≥ 66%, decided
	// sign ≥ 95% on every position. Our values transposed (the board read
	// the wrong way round) give correlation ≤ 0.49, sign ≤ 51% and decided
	// sign ≤ 86%; negated they would give a negative correlation and a
	// decided sign near 0.
	if a.corr < 0.6 || a.sign < 0.6 || a.decided < 0.9 {
		t.Errorf("%s move %d: agreement with GNU Go below correlation 0.6, sign 60%%, decided sign 90%%", name, move)
	}
	return a
}

// gnugoCheckCore checks the spread and the territory valuation against
// GNU Go itself on its current position: given GNU Go's own influence
// sources (its dragon strengths and pattern-made intrusions), its living
// stones and its permeabilities (where its barrier patterns changed them),
// accumulate and valueTerritory must reproduce GNU Go's influence and
// territory values to the precision GNU Go prints.
func gnugoCheckCore(t *testing.T, g *gnugoGTP, name string, move int, pos *board.Position) {
	t.Helper()
	read := func(what string) []float64 {
		return g.grid(t, "initial_influence black "+what, 19)
	}
	strength := [2][]float64{read("black_strength"), read("white_strength")}
	atten := [2][]float64{read("black_attenuation"), read("white_attenuation")}
	perm := [2][]float64{read("black_permeability"), read("white_permeability")}
	infl := [2][]float64{read("black_influence"), read("white_influence")}
	terr := read("territory_value")
	nonTerr := read("non_territory")

	f := newGnugoField(pos)
	changed := 0
	for i := range pos.Len() {
		tp := f.pad(i, 19)
		// A stone is alive for GNU Go when it is a source.
		if c := pos.Cell(i); c != board.Empty {
			f.blocked[tp] = strength[gnugoSide(c)][i] > 0
		}
		for c := range 2 {
			// GNU Go prints two decimals: keep our own value unless
			// a pattern or a dead stone changed it.
			if math.Abs(f.perm[c][tp]-perm[c][i]) > 0.006 {
				f.perm[c][tp] = perm[c][i]
				changed++
			}
		}
	}
	for i := range pos.Len() {
		for c := range 2 {
			if strength[c][i] > 0 {
				f.accumulate(int32(f.pad(i, 19)), c, strength[c][i], 1/atten[c][i], 1/gnugoDiagonalDamping)
			}
		}
	}
	f.valueTerritory()

	worstInfl, worstTerr, compared, inflSame := 0.0, 0.0, 0, 0
	// GNU Go prints two decimals of single-precision sums.
	for i := range pos.Len() {
		tp := f.pad(i, 19)
		for c := range 2 {
			e := math.Abs(f.infl[c][tp] - infl[c][i])
			worstInfl = max(worstInfl, e)
			if e <= 0.006+1e-4*infl[c][i] {
				inflSame++
			}
		}
		// Non-territory patterns and GNU Go's break-in reading reset
		// the points they mark.
		if f.blocked[tp] || nonTerr[i] != 0 {
			continue
		}
		compared++
		worstTerr = max(worstTerr, math.Abs(f.terr[tp]-terr[i]))
	}
	same := float64(inflSame) / float64(2*pos.Len())
	t.Logf("%-40s move %3d: %3d permeabilities from GNU Go; influence the same on %.1f%% (worst |Δ| %.3f); territory value within %.4f on %d points",
		name, move, changed, 100*same, worstInfl, worstTerr, compared)
	// Measured: the influence is the same to GNU Go's printed
	// precision on 95.4–100% of the points (on all of them in the
	// endgame positions), and the territory value within 0.0051 on
	// 25–215 points. The other points lie next to barrier patterns: GNU
	// Go prints their permeability rounded, and (most likely) reopens
	// some blocks after spreading (remove_double_blocks).
	if same < 0.9 || worstTerr > 0.01 || compared < 20 {
		t.Errorf("%s move %d: influence the same on %.1f%% of points (want ≥ 90%%), territory value off by %.4f (want ≤ 0.01) on %d points (want ≥ 20)",
			name, move, 100*same, worstTerr, compared)
	}
}
