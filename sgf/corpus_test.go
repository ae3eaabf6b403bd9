package sgf

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"moyo/internal/testenv"
)

// corpusFiles lists the game records of the shared data folder.
func corpusFiles(t *testing.T, data string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(data, "games"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	gnugo, err := filepath.Glob(filepath.Join(data, "scoring-gnugo", "games", "scoring", "*.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	return append(files, gnugo...)
}

// TestCorpus parses every record of the shared corpus, checks the values
// the program uses and that Write and Parse give the same trees back.
func TestCorpus(t *testing.T) {
	data := testenv.Corpus(t)
	files := corpusFiles(t, data)
	if len(files) < 7301 {
		t.Errorf("found %d files in %s, want at least 7301", len(files), data)
	}
	start := time.Now()
	var (
		mu                    sync.Mutex
		failures              []string
		games, nodes, moves   int
		listFiles, collection int
	)
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for path := range work {
				st, err := checkRecord(path)
				mu.Lock()
				if err != "" {
					rel, _ := filepath.Rel(data, path)
					failures = append(failures, rel+": "+err)
				}
				games += st.games
				nodes += st.nodes
				moves += st.moves
				if st.list {
					listFiles++
				}
				if st.games > 1 && !st.list {
					collection++
				}
				mu.Unlock()
			}
		})
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	for i, f := range failures {
		if i == 20 {
			t.Errorf("... and %d more", len(failures)-i)
			break
		}
		t.Error(f)
	}
	if listFiles != 42 {
		t.Errorf("%d files read as game lists, want 42", listFiles)
	}
	t.Logf("%d files (%d game lists, %d other collections), %d games, %d nodes, %d moves in %v",
		len(files), listFiles, collection, games, nodes, moves, time.Since(start).Round(time.Millisecond))
}

type recordStats struct {
	games, nodes, moves int
	list                bool // a kifu list or game index, not SGF
}

// checkRecord checks one file and returns a description of the first
// problem, or "".
func checkRecord(path string) (recordStats, string) {
	var st recordStats
	data, err := os.ReadFile(path)
	if err != nil {
		return st, err.Error()
	}
	games, err := Parse(data)
	if err != nil {
		return st, err.Error()
	}
	st.games = len(games)
	st.list = !bytes.HasPrefix(bytes.TrimLeft(data, "\xEF\xBB\xBF \t\r\n"), []byte("("))
	for _, root := range games {
		size, err := root.Size()
		if err != nil {
			return st, err.Error()
		}
		if size < 2 || size > 25 {
			return st, "size out of range"
		}
		if _, err := root.Komi(); err != nil {
			return st, err.Error()
		}
		for stack := []*Node{root}; len(stack) > 0; {
			n := stack[len(stack)-1]
			stack = append(stack[:len(stack)-1], n.Children...)
			st.nodes++
			_, ok, err := n.Move(size)
			if err != nil {
				return st, err.Error()
			}
			if ok {
				st.moves++
			}
			if _, _, _, err := n.Setup(size); err != nil {
				return st, err.Error()
			}
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		return st, err.Error()
	}
	again, err := Parse(buf.Bytes())
	if err != nil {
		return st, "parsing the written SGF: " + err.Error()
	}
	if d := sameTrees(games, again); d != "" {
		return st, "round trip: " + d
	}
	return st, ""
}

// TestCorpusNotUTF8 checks the records that are not valid UTF-8. Their
// file names are, and name the players: "2016.10.04 dongfangmz vs 天下无狗20
// (73262537).SGF". Some names in the records are cut off in the middle of a
// character, so at least one of them must be found whole.
func TestCorpusNotUTF8(t *testing.T) {
	data := testenv.Corpus(t)
	players := regexp.MustCompile(`^[0-9.]+ (.+) (?:vs|VS) (.+) \([0-9]+\)\.SGF$`)
	found := 0
	for _, path := range corpusFiles(t, data) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if utf8.Valid(b) {
			continue
		}
		found++
		m := players.FindStringSubmatch(filepath.Base(path))
		if m == nil {
			t.Errorf("%s: unexpected file name", path)
			continue
		}
		games, err := Parse(b)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		info := games[0].Info()
		pb, pw := info.Black, info.White
		if !strings.Contains(pb, m[1]) && !strings.Contains(pw, m[2]) &&
			!strings.Contains(pb, m[2]) && !strings.Contains(pw, m[1]) {
			t.Errorf("%s: PB %q, PW %q name neither %q nor %q", filepath.Base(path), pb, pw, m[1], m[2])
		}
		if info.BlackRank != "9段" {
			t.Errorf("%s: BR %q, want 9段", filepath.Base(path), info.BlackRank)
		}
	}
	if found != 16 {
		t.Errorf("found %d records that are not UTF-8, want 16", found)
	}
}
