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

func TestKataGoFromEnvironment(t *testing.T) {
	d := t.TempDir()
	for _, name := range []string{"katago", "gtp_example.cfg", "analysis_example.cfg", kataGoModel} {
		if err := os.WriteFile(filepath.Join(d, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MOYO_KATAGO_DIR", d)
	f := KataGo(t)
	if f.Dir != d || f.Program != filepath.Join(d, "katago") || f.Model != filepath.Join(d, kataGoModel) {
		t.Errorf("KataGo = %+v, want the files of %s", f, d)
	}
}

func TestKataGoWalksUp(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "shared", "engines", "katago")
	deep := filepath.Join(root, "main", "pkg")
	for _, d := range []string{dir, deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"katago", "gtp_example.cfg", "analysis_example.cfg", kataGoModel} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MOYO_KATAGO_DIR", "")
	t.Chdir(deep)
	if got := KataGo(t); got.Dir != dir {
		t.Errorf("KataGo found %q, want %q", got.Dir, dir)
	}
}
