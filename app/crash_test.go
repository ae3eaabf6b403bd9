package app

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGuardTurnsPanicIntoOneLine panics in a guarded function, as a bug
// in an event handler would on the GUI's main goroutine: one line on
// standard error naming the crash file, exit 1, and the stack in the
// file.
func TestGuardTurnsPanicIntoOneLine(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	var stderr bytes.Buffer
	env := Env{Stderr: &stderr}
	code := guard(env, func() int { panic("index out of range [3] with length 3") })
	line := stderr.String()
	m := regexp.MustCompile(`^moyo: internal error: index out of range \[3\] with length 3 \(details in (.+)\)\n$`).FindStringSubmatch(line)
	if code != 1 || m == nil {
		t.Fatalf("exit %d, stderr %q", code, line)
	}
	if dir := filepath.Dir(m[1]); dir != filepath.Join(cache, "moyo") {
		t.Errorf("crash file in %s, want the user's cache", dir)
	}
	b, err := os.ReadFile(m[1])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "index out of range") || !strings.Contains(string(b), "TestGuardTurnsPanicIntoOneLine") {
		t.Errorf("the crash file has no stack:\n%s", b)
	}

	// Without a panic the status passes through, and nothing is said.
	stderr.Reset()
	if code := guard(env, func() int { return 2 }); code != 2 || stderr.Len() != 0 {
		t.Errorf("no panic: exit %d, stderr %q", code, stderr.String())
	}
}
