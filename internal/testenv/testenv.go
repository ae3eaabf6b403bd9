// Package testenv says what the tests may count on beyond the repository:
// the project's shared collection of real game records (../shared/data:
// see its README) and GNU Go. A test that needs one skips, with a line
// saying why, when it is missing; in CI, which installs GNU Go, a missing
// GNU Go fails the test instead.
package testenv

import (
	"os"
	"path/filepath"
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
