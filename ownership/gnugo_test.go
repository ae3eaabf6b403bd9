package ownership

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"moyo/board"
	"moyo/game"
	"moyo/gtp"
	"moyo/internal/testenv"
	"moyo/internal/testutil"
)

// readRecord reads and replays game 1 of an SGF file, and returns it with
// its cache key.
func readRecord(t *testing.T, path string) (*game.Record, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return testutil.ParseRecord(t, string(data)), Key(data, 0)
}

// TestBundledRecords judges the final positions of the records in
// testdata: the three AlphaGo Master games, counted by area, must agree
// with their results; GNU Go's score1 has no result. A second Scorer with
// no GNU Go at all must then find every answer in the cache.
func TestBundledRecords(t *testing.T) {
	bin := testenv.GnuGo(t)
	files, err := filepath.Glob(filepath.Join("..", "testdata", "records", "*.sgf"))
	if err != nil || len(files) != 4 {
		t.Fatalf("records in ../testdata/records: %v, %v; want 4", files, err)
	}
	sort.Strings(files)
	cache := t.TempDir()
	s := &Scorer{GnuGo: bin, Cache: cache}
	defer s.Close()
	first := map[string]*Final{}
	for _, f := range files {
		rec, key := readRecord(t, f)
		fin, err := s.Final(context.Background(), rec, key)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		first[f] = fin
		err = fin.Check()
		t.Logf("%s: %d moves, %d dead, %d in seki; area %+g, komi %g, count %s, record %q: %v",
			filepath.Base(f), fin.Moves, len(fin.Dead), len(fin.Seki), fin.Area, fin.Komi, formatScore(fin.Counted()), fin.Result, err)
		switch {
		case fin.Result == "" && !errors.Is(err, ErrNotCounted):
			t.Errorf("%s has no result, but Check says %v", f, err)
		case fin.Result != "" && err != nil:
			t.Errorf("%s: %v", f, err)
		}
		if _, err := os.Stat(filepath.Join(cache, key+".json")); err != nil {
			t.Errorf("%s: not cached: %v", f, err)
		}
	}
	// The final position of Master v Gu Li, as GNU Go's own loadsgf and
	// final_status_list dead give it.
	gu := first[filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf")]
	wantDead := points(t, 19, "R18", "P13", "E7", "M7", "M6", "K5")
	if got := sortedPoints(gu.Dead); !slices.Equal(got, sortedPoints(wantDead)) {
		t.Errorf("Master v Gu Li: dead %v, want %v", got, sortedPoints(wantDead))
	}

	cached := &Scorer{GnuGo: "/nonexistent/gnugo", Cache: cache}
	defer cached.Close()
	for _, f := range files {
		rec, key := readRecord(t, f)
		fin, err := cached.Final(context.Background(), rec, key)
		if err != nil {
			t.Fatalf("%s from the cache: %v", f, err)
		}
		if want := first[f]; !slices.Equal(fin.Owner, want.Owner) || fin.Area != want.Area || fin.Engine != want.Engine {
			t.Errorf("%s: the cached answer differs", f)
		}
	}
}

// sortedPoints sorts points by row, then column.
func sortedPoints(pts []board.Point) []board.Point {
	out := slices.Clone(pts)
	slices.SortFunc(out, testenv.ComparePoints)
	return out
}

// TestCacheStale checks that an unusable cache entry is not trusted, and
// that the Scorer judges the record again and replaces it.
func TestCacheStale(t *testing.T) {
	rec, key := readRecord(t, filepath.Join("..", "testdata", "records", "60-2017.01.04-Master-Gu_Li.sgf"))
	pos := rec.AfterMove(rec.Moves()).Position
	empty := ""
	for i := range pos.Len() {
		if pos.Cell(i) == board.Empty {
			empty = gtp.Vertex(pos.PointOf(i), 19)
			break
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, key+".json")
	for _, tc := range []struct {
		name, content string
	}{
		{"garbage", "not json"},
		{"old version", `{"version": 0, "size": 19, "moves": 235, "dead": []}`},
		{"another record", `{"version": 1, "size": 19, "moves": 100, "dead": []}`},
		{"empty point", `{"version": 1, "size": 19, "moves": 235, "dead": ["` + empty + `"]}`},
		{"bad vertex", `{"version": 1, "size": 19, "moves": 235, "dead": ["I9"]}`},
	} {
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if load(dir, key, rec) != nil {
			t.Errorf("%s: the entry was used", tc.name)
		}
	}
	s := &Scorer{GnuGo: testenv.GnuGo(t), Cache: dir}
	defer s.Close()
	fin, err := s.Final(context.Background(), rec, key)
	if err != nil {
		t.Fatal(err)
	}
	if len(fin.Dead) != 6 {
		t.Errorf("%d dead stones, want 6", len(fin.Dead))
	}
	if load(dir, key, rec) == nil {
		t.Error("the stale entry was not replaced")
	}
}

func TestCacheRoundTrip(t *testing.T) {
	// No GNU Go here: a made-up judgement is stored and read back.
	rec, key := readRecord(t, filepath.Join("..", "testdata", "records", "48-2017.01.03-Master-Park_Jung-hwan.sgf"))
	pos := rec.AfterMove(rec.Moves()).Position
	var dead []board.Point
	for i := range pos.Len() {
		if pos.Cell(i) == board.White && len(dead) < 3 {
			dead = append(dead, pos.PointOf(i))
		}
	}
	want, err := newFinal(pos, dead, nil, rec.Moves(), rec.Info.Komi, rec.Info.Result, "made up")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "new", "dir")
	if err := store(dir, key, want); err != nil {
		t.Fatal(err)
	}
	got := load(dir, key, rec)
	if got == nil {
		t.Fatal("not read back")
	}
	if !slices.Equal(got.Owner, want.Owner) || !slices.Equal(got.Dead, want.Dead) || got.Area != want.Area ||
		got.Territory != want.Territory || got.Engine != want.Engine || got.Result != want.Result {
		t.Errorf("read back %+v, want %+v", got, want)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// Another game of the same file has another key.
	if k2 := Key([]byte("x"), 1); k2 == Key([]byte("x"), 0) || k2[len(k2)-2:] != "-2" {
		t.Errorf("Key of game 2: %q", k2)
	}
}

func TestFinalErrors(t *testing.T) {
	// An illegal move: no final position to judge.
	data := []byte("(;SZ[9];B[ee];W[ee])")
	rec, err := game.Parse(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &Scorer{GnuGo: "/nonexistent/gnugo"}
	if _, err := s.Final(context.Background(), rec, Key(data, 0)); err == nil {
		t.Error("no error for a record that breaks off")
	}
	// A legal record but no GNU Go.
	data = []byte("(;SZ[9]RE[B+3];B[ee];W[cc])")
	if rec, err = game.Parse(data, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Final(context.Background(), rec, Key(data, 0)); err == nil {
		t.Error("no error without GNU Go")
	}
}

func TestBoardTooLarge(t *testing.T) {
	bin := testenv.GnuGo(t)
	data := []byte("(;SZ[21]KM[7.5]RE[B+0.5];B[kk];W[aa])")
	rec, err := game.Parse(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &Scorer{GnuGo: bin}
	defer s.Close()
	_, err = s.Final(context.Background(), rec, Key(data, 0))
	var refused *gtp.Error
	if !errors.As(err, &refused) {
		t.Fatalf("21×21: %v, want GNU Go's refusal", err)
	}
	// The engine survives a refusal and judges the next record.
	data = []byte("(;SZ[9]KM[0]RE[B+81];B[ee])")
	if rec, err = game.Parse(data, 0); err != nil {
		t.Fatal(err)
	}
	fin, err := s.Final(context.Background(), rec, Key(data, 0))
	if err != nil {
		t.Fatal(err)
	}
	if fin.Area != 81 || fin.Check() != nil {
		t.Errorf("one stone on 9×9: area %v, check %v; want 81 and agreement", fin.Area, fin.Check())
	}
}
