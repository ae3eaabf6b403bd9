package wholefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite writes a file into a directory that is not there yet, then
// over it, and checks that only the file is left.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "f.json")
	for _, want := range []string{"first\n", "second, longer\n"} {
		if err := Write(path, []byte(want)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("read back %q, %v; want %q", got, err, want)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("directory holds %v, %v; want the file alone", entries, err)
	}
	// A directory where the file should go: an error, and nothing left.
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "d", "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "d"), []byte("x")); err == nil {
		t.Error("no error writing over a directory that is not empty")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("directory holds %v after the failed write; want the file and d", entries)
	}
}
