package reference

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"moyo/board"
	"moyo/engines"
	"moyo/game"
	"moyo/internal/testenv"
	"moyo/internal/testutil"
)

func TestMain(m *testing.M) {
	testutil.FakeMain(fakeEnv, fakeKataGo)
	os.Exit(m.Run())
}

// record reads a record of ../testdata/records.
func record(t *testing.T, name string) *game.Record {
	t.Helper()
	return testutil.ReadRecord(t, filepath.Join("..", "testdata", "records", name))
}

// parse reads an SGF text.
var parse = testutil.ParseRecord

const (
	guLi    = "60-2017.01.04-Master-Gu_Li.sgf"
	miYutin = "29-2016.12.31-Master-Mi_Yuting.sgf"
)

func TestQueryKomi(t *testing.T) {
	for _, tc := range []struct {
		sgf  string
		komi float64
	}{
		{"(;SZ[19]KM[6.5];B[pd])", 6.5},
		{"(;SZ[19]KM[750];B[pd])", 7.5}, // Fox's notation
		{"(;SZ[19]KM[0];B[pd])", engines.DefaultKomi},
		{"(;SZ[19]KM[0]HA[0];B[pd])", engines.DefaultKomi},
		{"(;SZ[19];B[pd])", engines.DefaultKomi},
		{"(;SZ[19]HA[2]AB[dd][pp]KM[0];W[pd])", 0},
		{"(;SZ[19]HA[2]AB[dd][pp];W[pd])", 0.5},
		{"(;SZ[19]KM[-3.5];B[pd])", -3.5},
	} {
		if got := Query(parse(t, tc.sgf), 1).Komi; got != tc.komi {
			t.Errorf("%s: komi %g, want %g", tc.sgf, got, tc.komi)
		}
	}
}

func TestCache(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	values := []float64{1, -1, 0.1 + 0.2, -math.SmallestNonzeroFloat64, 1.0 / 3}
	if _, ok := c.Get("katago", "a", len(values)); ok {
		t.Fatal("an empty cache holds a map")
	}
	if err := c.Put("katago", "a", values); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get("katago", "a", len(values))
	if !ok {
		t.Fatal("the map put is not there")
	}
	for i := range values {
		if got[i] != values[i] {
			t.Errorf("value %d: %v, want %v exactly", i, got[i], values[i])
		}
	}
	for _, miss := range []struct {
		kind, key string
		n         int
	}{{"gnugo-engine", "a", len(values)}, {"katago", "b", len(values)}, {"katago", "a", len(values) + 1}} {
		if _, ok := c.Get(miss.kind, miss.key, miss.n); ok {
			t.Errorf("Get(%q, %q, %d) finds the map of (katago, a, %d)", miss.kind, miss.key, miss.n, len(values))
		}
	}
	// A file of another version, or another key under the same name, is
	// no map of this key.
	for _, e := range []cacheEntry{{Version: cacheVersion + 1, Key: "a", Values: values}, {Version: cacheVersion, Key: "z", Values: values}} {
		b, _ := json.Marshal(e)
		if err := os.WriteFile(c.path("katago", "a"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, ok := c.Get("katago", "a", len(values)); ok {
			t.Errorf("a file of version %d, key %q is taken for key a", e.Version, e.Key)
		}
	}
	if err := (Cache{}).Put("katago", "a", values); err != nil {
		t.Fatal(err)
	}
	if _, ok := (Cache{}).Get("katago", "a", len(values)); ok {
		t.Error("the zero Cache keeps a map")
	}
	if err := (Cache{Dir: filepath.Join(c.path("katago", "a"), "x")}).Put("katago", "a", values); err == nil {
		t.Error("a cache below a file accepts a map")
	}
}

// stonesAgree returns the share of the stones of pos whose value in m has
// the stone's colour.
func stonesAgree(pos *board.Position, m []float64) float64 {
	agree, stones := 0, 0
	for i := range pos.Len() {
		if c := pos.Cell(i); c != board.Empty {
			stones++
			if m[i]*float64(c) > 0 {
				agree++
			}
		}
	}
	return float64(agree) / float64(stones)
}

// tamper overwrites every cached map of kind with v everywhere, so that
// a map read from the cache is told from one computed again.
func tamper(t *testing.T, c Cache, kind string, v float64) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(c.Dir, kind, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cached maps of %s (%v)", kind, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var e cacheEntry
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatal(err)
		}
		for i := range e.Values {
			e.Values[i] = v
		}
		b, _ = json.Marshal(e)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKataGoMaps runs the real KataGo on positions of the test records:
// the maps are the analysis engine's own, Black's, one per distinct
// position, cached, and a second run reads them from the cache without
// starting KataGo.
func TestKataGoMaps(t *testing.T) {
	f := testenv.KataGo(t)
	cache := Cache{Dir: t.TempDir()}
	gl, my := record(t, guLi), record(t, miYutin)
	ps := []Position{{gl, 20}, {gl, 150}, {my, 150}, {gl, 150}, {my, 0}}
	k := NewKataGo(f.Program, f.AnalysisConfig, f.Model, 0, cache)
	k.Batch.LogDir = t.TempDir()
	k.Chunk = 2 // three chunks for the four distinct positions
	var calls []int
	maps, errs, err := k.Maps(context.Background(), ps, func(done, total int) {
		if total != len(ps) {
			t.Errorf("progress total %d, want %d", total, len(ps))
		}
		calls = append(calls, done)
	})
	if err := k.Close(); err != nil {
		t.Error(err)
	}
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	if len(calls) == 0 || calls[len(calls)-1] != len(ps) {
		t.Errorf("progress %v, want it to end at %d", calls, len(ps))
	}
	// The same analyses asked of the engine directly.
	b := engines.NewKataGoBatch(f.Program, f.AnalysisConfig, f.Model)
	b.LogDir = t.TempDir()
	defer b.Close()
	var qs []engines.Query
	for _, p := range ps {
		qs = append(qs, Query(p.Record, p.Move))
	}
	direct, err := b.Analyze(context.Background(), qs, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if len(maps[i]) != 361 {
			t.Fatalf("position %d: %d values", i, len(maps[i]))
		}
		worst := 0.0
		for j, v := range maps[i] {
			if v < -1 || v > 1 {
				t.Fatalf("position %d, point %d: %v", i, j, v)
			}
			worst = max(worst, math.Abs(v-direct[i].Ownership[j]))
		}
		// KataGo writes 6 decimals, and the 8 symmetries' average may
		// round the other way on another run.
		if worst > 2e-6 {
			t.Errorf("position %d: differs from the engine's own analysis by %.2g", i, worst)
		}
		// Black-positive: nearly every stone of a professional game is
		// alive and owned by its colour.
		if p.Move > 0 {
			if a := stonesAgree(p.Record.AfterMove(p.Move).Position, maps[i]); a < 0.9 {
				t.Errorf("position %d: %.0f%% of the stones have their colour's sign", i, 100*a)
			}
		}
	}
	if &maps[1][0] != &maps[3][0] {
		t.Error("the position asked twice was analysed twice")
	}
	if s := sum(maps[4]); math.Abs(s) > 20 {
		t.Errorf("the empty board: ownership sums to %.1f", s)
	}

	// From the cache: KataGo is not even found.
	tamper(t, cache, "katago", 0.5)
	gone := NewKataGo(filepath.Join(t.TempDir(), "no-katago"), f.AnalysisConfig, f.Model, 1, cache)
	again, errs, err := gone.Maps(context.Background(), ps, nil)
	if err != nil || len(errs) > 0 {
		t.Fatalf("from the cache: %v %v", err, errs)
	}
	for i := range ps {
		if again[i][0] != 0.5 {
			t.Errorf("position %d was not read from the cache", i)
		}
	}
	// A search, or another network, is another map.
	for _, other := range []*KataGo{
		NewKataGo(gone.Batch.Path, f.AnalysisConfig, f.Model, 2, cache),
		NewKataGo(gone.Batch.Path, f.AnalysisConfig, f.AnalysisConfig, 0, cache),
	} {
		if _, _, err := other.Maps(context.Background(), ps[:1], nil); err == nil {
			t.Errorf("%s: a missing KataGo answered from the cache", other.Describe())
		}
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// TestGnuGoMaps runs the real GNU Go: its maps are GnuGoEngine's, and a
// second run reads them from the cache.
func TestGnuGoMaps(t *testing.T) {
	path := testenv.GnuGo(t)
	cache := Cache{Dir: t.TempDir()}
	gl := record(t, guLi)
	ps := []Position{{gl, 80}, {gl, 150}, {gl, 80}}
	g := NewGnuGo(path, "", cache)
	g.Workers = 2
	maps, errs, err := g.Maps(context.Background(), ps, nil)
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	e := engines.NewGnuGoEngine(path)
	defer e.Close()
	for i, p := range ps {
		pos := p.Record.AfterMove(p.Move).Position
		want, err := e.Estimate(context.Background(), pos, e.Info().Defaults())
		if err != nil {
			t.Fatal(err)
		}
		for j := range want.Values {
			if maps[i][j] != want.Values[j] {
				t.Fatalf("position %d, point %d: %v, GNU Go says %v", i, j, maps[i][j], want.Values[j])
			}
		}
		if a := stonesAgree(pos, maps[i]); a != 1 {
			t.Errorf("position %d: the value view gives %.0f%% of the stones their colour", i, 100*a)
		}
	}
	tamper(t, cache, "gnugo-engine", 0.25)
	again, _, err := NewGnuGo(path, engines.GnuGoEngineViewValue, cache).Maps(context.Background(), ps, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if again[i][0] != 0.25 {
			t.Errorf("position %d was not read from the cache", i)
		}
	}
	if _, _, err := NewGnuGo(path, "board", cache).Maps(context.Background(), ps, nil); err == nil {
		t.Error("an unknown view is accepted")
	}
	if _, _, err := NewGnuGo(filepath.Join(t.TempDir(), "gnugo"), "", cache).Maps(context.Background(), ps, nil); err == nil {
		t.Error("a missing GNU Go is accepted")
	}
}
