package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFyneLog checks that Fyne's report of the folders a file dialog
// lists is left out, and every other line passed on.
func TestFyneLog(t *testing.T) {
	var out strings.Builder
	l := &fyneLog{w: &out}
	for _, line := range []string{
		"2026/12/02 07:34:10 Fyne error:  Getting favorite locations\n",
		"2026/12/02 07:34:10   Cause: this computer does not define a VIDEOS folder\n",
		"2026/12/02 07:34:10   At: /fyne/dialog/file.go:396\n",
		"2026/12/02 07:34:11 Fyne error:  Failed to load image\n",
		"2026/12/02 07:34:11   Cause: bad\n",
		"2026/12/02 07:34:11   At: /fyne/canvas/image.go:1\n",
		"something else\n",
	} {
		if n, err := l.Write([]byte(line)); n != len(line) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	want := "2026/12/02 07:34:11 Fyne error:  Failed to load image\n2026/12/02 07:34:11   Cause: bad\n2026/12/02 07:34:11   At: /fyne/canvas/image.go:1\nsomething else\n"
	if out.String() != want {
		t.Errorf("passed on:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestDropEmptyPreferences checks that an empty preferences file, which
// Fyne reports at every start, is removed, and one with settings kept.
func TestDropEmptyPreferences(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		content string
		kept    bool
	}{
		{"", false},
		{" \n", false},
		{`{"estimator":"bp"}`, true},
		{`{"estim`, true}, // cut short: Fyne says what is wrong with it
	} {
		path := filepath.Join(dir, "preferences.json")
		if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := dropEmptyPreferences(path); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); (err == nil) != tt.kept {
			t.Errorf("%q: kept %v, want %v", tt.content, err == nil, tt.kept)
		}
	}
	if err := dropEmptyPreferences(filepath.Join(dir, "none.json")); err != nil {
		t.Errorf("no file: %v", err)
	}
	// Where Fyne keeps them on Linux: under the configuration folder.
	if runtime.GOOS == "linux" {
		t.Setenv("XDG_CONFIG_HOME", dir)
		if p, err := preferencesPath("io.moyo.app"); err != nil || p != filepath.Join(dir, "fyne", "io.moyo.app", "preferences.json") {
			t.Errorf("preferencesPath = %q, %v", p, err)
		}
	}
}
