// Package testenv says what the tests may count on beyond the repository:
// the project's shared collection of real game records (../shared/data:
// see its README), GNU Go, and the KataGo beside the repository
// (../shared/engines/katago). A test that needs one skips, with a line
// saying why, when it is missing; in CI, which installs GNU Go and has the
// shared folder, a missing GNU Go or KataGo fails the test instead.
package testenv

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"moyo/gtp"
)

// Corpus returns the shared data folder: $MOYO_DATA, or the first shared/data
// holding a games folder found walking up from the working directory. When
// there is none it skips tb, naming where it looked.
func Corpus(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("MOYO_DATA"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "games")); err != nil {
			tb.Skipf("SKIP corpus test: MOYO_DATA=%s has no games folder: %v", d, err)
		}
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	var looked []string
	for dir := wd; ; dir = filepath.Dir(dir) {
		d := filepath.Join(dir, "shared", "data")
		if _, err := os.Stat(filepath.Join(d, "games")); err == nil {
			return d
		}
		looked = append(looked, d)
		if filepath.Dir(dir) == dir {
			break
		}
	}
	tb.Skipf("SKIP corpus test: no shared data; set MOYO_DATA or provide shared/data/games (looked in %s)", strings.Join(looked, ", "))
	return ""
}

// GameRecords returns the .sgf files under the shared collection's games
// folder (Corpus), sorted by path: the first $MOYO_SCAN_FILES of them
// when that is a positive number, else the first n. The scans of real
// games that share it read the same records. It skips tb when there are
// none.
func GameRecords(tb testing.TB, n int) []string {
	tb.Helper()
	dir := filepath.Join(Corpus(tb), "games")
	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sgf") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		tb.Skipf("SKIP corpus test: no .sgf files under %s", dir)
	}
	slices.Sort(files)
	if s := os.Getenv("MOYO_SCAN_FILES"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			tb.Fatalf("MOYO_SCAN_FILES=%q: want a positive number of records", s)
		}
		n = v
	}
	return files[:min(n, len(files))]
}

// GnuGo returns the GNU Go program (gtp.LookGnuGo). Without one it skips
// tb, or fails it when the environment variable CI is set: CI installs
// the Debian package, so a missing GNU Go there is a broken setup, not a
// reason to pass.
func GnuGo(tb testing.TB) string {
	tb.Helper()
	p, err := gtp.LookGnuGo()
	if err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("%v; CI must install it", err)
		}
		tb.Skipf("SKIP GNU Go test: %v", err)
	}
	return p
}

// KataGoFiles are the files of the KataGo the tests run.
type KataGoFiles struct {
	// Dir is the folder holding them.
	Dir string
	// Program is the KataGo executable.
	Program string
	// GTPConfig and AnalysisConfig are KataGo's example configurations of
	// its GTP and JSON analysis engines. Their logDir is relative: a test
	// must override it, or its log folder lands in the working directory.
	GTPConfig, AnalysisConfig string
	// Model is the network.
	Model string
}

// kataGoModel is the network in the shared folder: KataGo's small test net.
const kataGoModel = "g170-b6c96-s175395328-d26788732.bin.gz"

// KataGo returns the shared KataGo: $MOYO_KATAGO_DIR, or the first
// shared/engines/katago holding a katago program found walking up from the
// working directory. When there is none, or its files are incomplete, it
// skips tb, naming where it looked; in CI (the environment variable CI
// set) it fails tb instead, as a missing engine there is a broken setup.
func KataGo(tb testing.TB) KataGoFiles {
	tb.Helper()
	missing := func(format string, args ...any) {
		tb.Helper()
		msg := fmt.Sprintf(format, args...)
		if os.Getenv("CI") != "" {
			tb.Fatalf("%s; CI must provide it", msg)
		}
		tb.Skipf("SKIP KataGo test: %s", msg)
	}
	dir := os.Getenv("MOYO_KATAGO_DIR")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			tb.Fatal(err)
		}
		var looked []string
		for d := wd; ; d = filepath.Dir(d) {
			k := filepath.Join(d, "shared", "engines", "katago")
			if _, err := os.Stat(filepath.Join(k, "katago")); err == nil {
				dir = k
				break
			}
			looked = append(looked, k)
			if filepath.Dir(d) == d {
				missing("no shared KataGo; set MOYO_KATAGO_DIR or provide shared/engines/katago (looked in %s)", strings.Join(looked, ", "))
				return KataGoFiles{}
			}
		}
	}
	f := KataGoFiles{
		Dir:            dir,
		Program:        filepath.Join(dir, "katago"),
		GTPConfig:      filepath.Join(dir, "gtp_example.cfg"),
		AnalysisConfig: filepath.Join(dir, "analysis_example.cfg"),
		Model:          filepath.Join(dir, kataGoModel),
	}
	for _, p := range []string{f.Program, f.GTPConfig, f.AnalysisConfig, f.Model} {
		if _, err := os.Stat(p); err != nil {
			missing("KataGo folder %s is incomplete: %v", dir, err)
			return KataGoFiles{}
		}
	}
	return f
}
