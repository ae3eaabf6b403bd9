// Package corpus finds the project's shared collection of real game
// records (../shared/data: see its README) for the tests that run over all
// of it. The repository tests on its own without it: those tests are
// skipped with a line that says where the collection was looked for.
package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the shared data folder: $MOYO_DATA, or the first shared/data
// holding a games folder found walking up from the working directory. When
// there is none it skips tb, naming where it looked.
func Dir(tb testing.TB) string {
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
