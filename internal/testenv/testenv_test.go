package testenv

import (
	"os"
	"path/filepath"
	"slices"
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

func TestGameRecords(t *testing.T) {
	d := t.TempDir()
	for _, f := range []string{"games/b/2.sgf", "games/a.sgf", "games/b/1.sgf", "games/notes.txt"} {
		p := filepath.Join(d, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("MOYO_DATA", d)
	rel := func(files []string) []string {
		out := make([]string, len(files))
		for i, f := range files {
			out[i], _ = filepath.Rel(filepath.Join(d, "games"), f)
		}
		return out
	}
	for _, tc := range []struct {
		scan string
		n    int
		want []string
	}{
		{"", 2, []string{"a.sgf", "b/1.sgf"}},
		{"", 20, []string{"a.sgf", "b/1.sgf", "b/2.sgf"}},
		{"1", 20, []string{"a.sgf"}},
	} {
		t.Setenv("MOYO_SCAN_FILES", tc.scan)
		if got := rel(GameRecords(t, tc.n)); !slices.Equal(got, tc.want) {
			t.Errorf("MOYO_SCAN_FILES=%q, n %d: %v, want %v", tc.scan, tc.n, got, tc.want)
		}
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
