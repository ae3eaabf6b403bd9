package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDirFromEnvironment(t *testing.T) {
	d := t.TempDir()
	if err := os.Mkdir(filepath.Join(d, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MOYO_DATA", d)
	if got := Dir(t); got != d {
		t.Errorf("Dir = %q, want %q", got, d)
	}
}

func TestDirWalksUp(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "shared", "data")
	deep := filepath.Join(root, "main", "pkg")
	for _, d := range []string{filepath.Join(data, "games"), deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MOYO_DATA", "")
	t.Chdir(deep)
	if got := Dir(t); got != data {
		t.Errorf("Dir = %q, want %q", got, data)
	}
}
