package app

import (
	"strings"
	"testing"
)

// TestRecordWarnings checks that what the record gets wrong without
// stopping the replay is said, not passed over: a komi that is not a
// number is read as 0, with a warning naming its place.
func TestRecordWarnings(t *testing.T) {
	rec := "(;GM[1]SZ[9]KM[abc];B[ee];W[cc])"
	code, out, stderr := run(t, rec, "analyze", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "moyo: warning: stdin:1:13: KM[abc]: komi is not a number, so komi 0 is used\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if !strings.Contains(out, `"komi":0`) {
		t.Errorf("output %s, want komi 0", out)
	}
}
