package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCorpusFromEnvironment(t *testing.T) {
	d := t.TempDir()
	if err := os.Mkdir(filepath.Join(d, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MOYO_DATA", d)
	if got := Corpus(t); got != d {
		t.Errorf("Corpus = %q, want %q", got, d)
	}
}

func TestCorpusWalksUp(t *testing.T) {
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
	if got := Corpus(t); got != data {
		t.Errorf("Corpus = %q, want %q", got, data)
	}
}
