package preset

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
