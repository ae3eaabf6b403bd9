package preset

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"moyo/assets"
	"moyo/estimators"
)

func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"fit 2026", true},
		{"λ-0.3", true},
		{"", false},
		{"  ", false},
		{".hidden", false},
		{"..", false},
		{"a/b", false},
		{`a\b`, false},
		{"a\nb", false},
		{strings.Repeat("x", 101), false},
	} {
		if err := CheckName(tc.name); (err == nil) != tc.ok {
			t.Errorf("CheckName(%q) = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

func TestSaveLoadList(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "presets")
	sym := estimators.Symmetric{}.Info().Defaults
	sym.Lambda = 0.3
	model := estimators.SeedBoltzmann5()
	model.WSame = 2
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []Preset{
		{Name: "zeta", Estimator: "symmetric", Params: sym, Source: "moyo fit", Created: when},
		{Name: "alpha", Estimator: "symmetric", Params: sym},
		{Name: "ml", Estimator: "bp", Params: estimators.BP{}.Info().Defaults, Model: &model},
	} {
		if err := Save(dir, p); err != nil {
			t.Fatalf("Save(%s): %v", p.Name, err)
		}
	}
	got, err := Load(dir, "zeta")
	if err != nil {
		t.Fatal(err)
	}
	if got.Params != sym || got.Source != "moyo fit" || !got.Created.Equal(when) || got.Model != nil {
		t.Errorf("Load = %+v", got)
	}
	// A bad file is reported and does not hide the others.
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte("{"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a preset"), 0o644)
	ps, errs := List(dir)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "broken.json") {
		t.Errorf("List errors %v, want one naming broken.json", errs)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Estimator+"/"+p.Name)
	}
	if strings.Join(names, " ") != "bp/ml symmetric/alpha symmetric/zeta" {
		t.Errorf("List = %v", names)
	}
	if ml := For(ps, "bp"); len(ml) != 1 || ml[0].Model == nil || *ml[0].Model != model || ml[0].Created.IsZero() {
		t.Errorf("For(bp) = %+v", ml)
	}
	e, err := ps[0].Resolve()
	if err != nil || e.Info().Name != "bp" {
		t.Errorf("Resolve = %v, %v", e, err)
	}
	if ps, errs := List(filepath.Join(dir, "missing")); ps != nil || errs != nil {
		t.Errorf("List of a missing directory = %v, %v", ps, errs)
	}
}

func TestSaveRejects(t *testing.T) {
	dir := t.TempDir()
	model := estimators.SeedBoltzmann5()
	bad := estimators.Symmetric{}.Info().Defaults
	bad.Lambda = 5
	for _, tc := range []struct {
		p    Preset
		want string
	}{
		{Preset{Name: "a/x", Estimator: "symmetric", Params: estimators.Symmetric{}.Info().Defaults}, "separator"},
		{Preset{Name: "x", Estimator: "nope"}, "unknown estimator"},
		{Preset{Name: "x", Estimator: "symmetric", Params: bad}, "lambda"},
		{Preset{Name: "x", Estimator: "symmetric", Params: estimators.Symmetric{}.Info().Defaults, Model: &model}, "for bp"},
	} {
		if err := Save(dir, tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Save(%+v) = %v, want an error saying %q", tc.p, err, tc.want)
		}
	}
	if _, err := Load(dir, "a/b"); err == nil {
		t.Error("Load(a/b) succeeded")
	}
}

func TestDir(t *testing.T) {
	t.Setenv("MOYO_PRESETS", "/tmp/somewhere")
	if d, err := Dir(); err != nil || d != "/tmp/somewhere" {
		t.Errorf("Dir() = %q, %v with MOYO_PRESETS set", d, err)
	}
	t.Setenv("MOYO_PRESETS", "")
	t.Setenv("XDG_CONFIG_HOME", "/tmp/config")
	if d, err := Dir(); err != nil || d != filepath.Join("/tmp/config", "moyo", "presets") {
		t.Errorf("Dir() = %q, %v", d, err)
	}
}

// TestLoadMissing checks that a missing preset's error says which file was
// looked for, with its directory, although Load reads through os.DirFS,
// and that it is fs.ErrNotExist, which the GUI falls back on.
func TestLoadMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(dir, "gone")
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "gone.json")) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a missing preset = %v, want fs.ErrNotExist naming its path", err)
	}
	if _, err := LoadFS(fstest.MapFS{}, "gone"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFS of a missing preset = %v, want fs.ErrNotExist", err)
	}
}

// presetJSON returns p as a preset file holds it.
func presetJSON(t *testing.T, p Preset) []byte {
	t.Helper()
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadListFS(t *testing.T) {
	sym := estimators.Symmetric{}.Info().Defaults
	sym.Lambda = 0.3
	bad := sym
	bad.Lambda = 5
	good := Preset{Name: "good", Estimator: "symmetric", Params: sym}
	fsys := fstest.MapFS{
		"good.json":     {Data: presetJSON(t, good)},
		"broken.json":   {Data: []byte("{")},
		"renamed.json":  {Data: presetJSON(t, Preset{Name: "other", Estimator: "symmetric", Params: sym})},
		"bad λ.json":    {Data: presetJSON(t, Preset{Name: "bad λ", Estimator: "symmetric", Params: bad})},
		"unknown.json":  {Data: presetJSON(t, Preset{Name: "unknown", Estimator: "nope", Params: sym})},
		"notes.txt":     {Data: []byte("not a preset")},
		".hidden.json":  {Data: []byte("{")},
		"sub/deep.json": {Data: presetJSON(t, Preset{Name: "deep", Estimator: "symmetric", Params: sym})},
	}
	for _, tc := range []struct {
		name string
		want string // in the error; "" for none
	}{
		{"good", ""},
		{"broken", "broken.json"},
		{"renamed", `named "other" inside`},
		{"bad λ", "lambda"},
		{"unknown", "unknown estimator"},
		{"missing", "missing.json"},
		{"sub/deep", "separator"},
		{".hidden", "dot"},
	} {
		p, err := LoadFS(fsys, tc.name)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("LoadFS(%q): %v", tc.name, err)
		case tc.want == "" && (p.Name != good.Name || p.Params != sym):
			t.Errorf("LoadFS(%q) = %+v", tc.name, p)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("LoadFS(%q) = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}

	// Each bad file is reported once; the good one is listed; other
	// files, hidden ones and folders are skipped.
	ps, errs := ListFS(fsys)
	if len(ps) != 1 || ps[0].Name != "good" {
		t.Errorf("ListFS = %+v, want only good", ps)
	}
	if len(errs) != 4 {
		t.Errorf("ListFS errors %v, want 4", errs)
	}
	for _, file := range []string{"broken.json", "renamed.json", "bad λ.json", "unknown.json"} {
		if !strings.Contains(errors.Join(errs...).Error(), file) {
			t.Errorf("ListFS errors %v do not name %s", errs, file)
		}
	}
	if ps, errs := ListFS(fstest.MapFS{}); ps != nil || errs != nil {
		t.Errorf("ListFS of an empty file system = %v, %v", ps, errs)
	}
}

// TestBundled checks the presets moyo ships: each estimator's folder holds
// its own presets, all load, and their estimators accept their values.
func TestBundled(t *testing.T) {
	fsys := assets.Presets()
	for _, tc := range []struct {
		est  string
		want func(estimators.Params) bool
	}{
		{"propagate", func(p estimators.Params) bool { return p.Attenuation == 2.75 && p.Cap == "total" }},
		{"gnugo", func(p estimators.Params) bool { return p.Attenuation == 1.6 && p.View == estimators.GnuGoViewValue }},
		{"symmetric", func(p estimators.Params) bool { return p.Lambda == 0.44 && p.Kappa == 0.85 && p.Mode == "judged" }},
	} {
		t.Run(tc.est, func(t *testing.T) {
			sub, err := fs.Sub(fsys, tc.est)
			if err != nil {
				t.Fatal(err)
			}
			ps, errs := ListFS(sub)
			if len(errs) != 0 || len(ps) != 1 {
				t.Fatalf("ListFS = %+v, %v; want one preset", ps, errs)
			}
			p, err := LoadFS(sub, ps[0].Name)
			if err != nil {
				t.Fatal(err)
			}
			if p.Estimator != tc.est || p.Source == "" || p.Created.IsZero() || !tc.want(p.Params) {
				t.Errorf("shipped preset %+v", p)
			}
			e, err := p.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Check(p.Params); err != nil {
				t.Errorf("%s rejects its shipped preset: %v", tc.est, err)
			}
		})
	}
	// No other folder: a new shipped preset should get a test above.
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil || len(entries) != 3 {
		t.Errorf("shipped preset folders %v, %v; want 3", entries, err)
	}
}
