package ownership

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"moyo/internal/testenv"
)

// corpusCache is the cache the corpus tests use: the user's, so that GNU
// Go judges each game once per machine rather than once per test run (the
// grid is still recomputed from the cached judgement every time), or a
// temporary one when there is no user cache.
func corpusCache(t *testing.T) string {
	if d, err := DefaultCacheDir(); err == nil {
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

// gnugoExpected reads score.tst of GNU Go's regression suite: for each
// game file name, GNU Go's expected final_score ("W+100.5"). Entries that
// are commented out (unfinished games) are left out.
func gnugoExpected(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	load := regexp.MustCompile(`^loadsgf games/scoring/(\S+\.sgf)\s*$`)
	want := regexp.MustCompile(`^#\? \[([BW])\\\+([0-9.]+)\]`)
	out := map[string]string{}
	file := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := load.FindStringSubmatch(sc.Text()); m != nil {
			file = m[1]
		} else if m := want.FindStringSubmatch(sc.Text()); m != nil && file != "" {
			out[file] = m[1] + "+" + m[2]
			file = ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// finalAll computes the final ownership of every file, on all cores.
func finalAll(t *testing.T, files []string) []*Final {
	t.Helper()
	bin := testenv.GnuGo(t)
	cache := corpusCache(t)
	out := make([]*Final, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			s := &Scorer{GnuGo: bin, Cache: cache}
			defer s.Close()
			for k := range next {
				rec, key := readRecord(t, files[k])
				f, err := s.Final(context.Background(), rec, key)
				if err != nil {
					t.Errorf("%s: %v", files[k], err)
					continue
				}
				out[k] = f
			}
		})
	}
	for k := range files {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// TestCorpusGnuGoScoring judges the 58 finished games of GNU Go's scoring
// regression suite and compares each count with the game's own result
// (RE, games 31–57) or else with the score GNU Go's suite expects
// (score.tst, games 2–30). Those are territory counts, so the territory
// count is compared too.
func TestCorpusGnuGoScoring(t *testing.T) {
	dir := filepath.Join(testenv.Corpus(t), "scoring-gnugo")
	files, _ := filepath.Glob(filepath.Join(dir, "games", "scoring", "*.sgf"))
	if len(files) != 58 {
		t.Fatalf("found %d games in %s, want 58", len(files), dir)
	}
	sort.Strings(files)
	expected := gnugoExpected(t, filepath.Join(dir, "score.tst"))
	finals := finalAll(t, files)
	var compared, byArea, byTerritory, byEither int
	var lines []string
	for k, f := range finals {
		if f == nil {
			continue
		}
		name := filepath.Base(files[k])
		ref, from := f.Result, "RE"
		if _, err := ParseResult(ref); err != nil {
			ref, from = expected[name], "score.tst"
		}
		want, err := ParseResult(ref)
		if err != nil {
			lines = append(lines, fmt.Sprintf("%-12s no result to compare with", name))
			continue
		}
		compared++
		area := math.Abs(f.Counted()-want) <= Tolerance
		terr := math.Abs(f.Territory-f.Komi-want) <= Tolerance
		if area {
			byArea++
		}
		if terr {
			byTerritory++
		}
		if area || terr {
			byEither++
		}
		lines = append(lines, fmt.Sprintf("%-12s %-9s %-8s area %-8s territory %-8s %2d dead %d seki",
			name, from, ref, formatScore(f.Counted()), formatScore(f.Territory-f.Komi), len(f.Dead), len(f.Seki)))
	}
	t.Logf("GNU Go scoring games:\n%s", strings.Join(lines, "\n"))
	t.Logf("%d of 58 games have a result to compare with; within %g point: %d by area, %d by territory, %d by either",
		compared, Tolerance, byArea, byTerritory, byEither)
	// Measured with GNU Go 3.8: 56 compared; 41 agree by area, 53 by
	// territory. The results are territory counts (NNGS, and GNU Go's
	// Japanese-rule final_score), which area counting misses by the
	// dame parity and by the eyes of seki (score7, 47, 49, 52). Of the
	// three that disagree, score14 is one GNU Go's suite marks as a known
	// failure of its own scoring; score48 and score57 are off by 5 and 12
	// points (not looked into).
	if compared != 56 || byTerritory < 52 || byArea < 38 {
		t.Errorf("%d games compared (want 56), %d agree by territory (want at least 52), %d by area (want at least 38)",
			compared, byTerritory, byArea)
	}
}
