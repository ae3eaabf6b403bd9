package game

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"testing"

	"moyo/internal/testenv"
)

// defective lists records of the corpus whose main line really is illegal,
// with the error replay must report. GNU Go 3.8 agrees on each
// ("Move off board or on occupied position found in sgf-file").
func defective() map[string]string {
	return map[string]string{
		"2016.09.04 扫地僧2016 vs syknyk (43772425).SGF": "29:62: move 242 (W G16): point is occupied",
	}
}

// replayAll replays every file and reports the ones whose main line does
// not replay to the end, except the known defective ones, which must fail
// exactly as listed.
func replayAll(t *testing.T, files []string, want func([]byte) bool) int {
	known := defective()
	t.Helper()
	var (
		mu    sync.Mutex
		n     int
		wg    sync.WaitGroup
		paths = make(chan string)
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range paths {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Error(err)
					continue
				}
				if !want(data) {
					continue
				}
				r, err := Parse(data, 0)
				if err == nil {
					err = r.Err
				}
				mu.Lock()
				n++
				switch msg, bad := known[filepath.Base(f)]; {
				case bad && (err == nil || err.Error() != msg):
					t.Errorf("%s: error %v, want the known defect %q", f, err, msg)
				case !bad && err != nil:
					t.Errorf("%s: %v", f, err)
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		paths <- f
	}
	close(paths)
	wg.Wait()
	return n
}

func TestCorpusGnuGoScoring(t *testing.T) {
	dir := filepath.Join(testenv.Corpus(t), "scoring-gnugo", "games", "scoring")
	files, _ := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if len(files) != 58 {
		t.Fatalf("found %d games in %s, want 58", len(files), dir)
	}
	n := replayAll(t, files, func([]byte) bool { return true })
	t.Logf("replayed %d GNU Go scoring games", n)
}

func TestCorpusCountedGames(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP corpus test in -short mode")
	}
	dir := filepath.Join(testenv.Corpus(t), "games")
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	// A result with a number: the game was counted to the end.
	counted := regexp.MustCompile(`RE\[\s*[BW]\+\d`)
	n := replayAll(t, files, counted.Match)
	if n < 800 {
		t.Errorf("replayed %d counted games, want the ~825 the data README lists", n)
	}
	t.Logf("replayed %d counted games of %d files", n, len(files))
}
