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
	"moyo/estimators/catalog"
	"moyo/randfield"
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
	ests := catalog.All()
	sym := estimators.Symmetric{}.Info().Defaults().WithNum("lambda", 0.3)
	model := randfield.SeedBoltzmann5()
	model.WSame = 2
	ml := model.Params(randfield.BP{}.Info().Defaults())
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []Preset{
		{Name: "zeta", Estimator: "symmetric", Params: sym, Source: "moyo fit", Created: when},
		{Name: "alpha", Estimator: "symmetric", Params: sym},
		{Name: "ml", Estimator: "bp", Params: ml},
	} {
		if err := Save(dir, p, ests); err != nil {
			t.Fatalf("Save(%s): %v", p.Name, err)
		}
	}
	got, err := Load(dir, "zeta", ests)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Params.Equal(sym) || got.Source != "moyo fit" || !got.Created.Equal(when) {
		t.Errorf("Load = %+v", got)
	}
	// The file holds the parameters by their command-line names.
	data, err := os.ReadFile(filepath.Join(dir, "zeta.json"))
	if err != nil || !strings.Contains(string(data), `"max-iter": 1000`) || strings.Contains(string(data), "MaxIter") {
		t.Errorf("zeta.json = %s, %v", data, err)
	}
	// A bad file is reported and does not hide the others.
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte("{"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a preset"), 0o644)
	ps, errs := List(dir, ests)
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
	if bp := For(ps, "bp"); len(bp) != 1 || randfield.Boltzmann5Of(bp[0].Params) != model || bp[0].Created.IsZero() {
		t.Errorf("For(bp) = %+v", bp)
	}
	e, err := ps[0].Resolve(ests)
	if err != nil || e.Info().Name != "bp" {
		t.Errorf("Resolve = %v, %v", e, err)
	}
	if ps, errs := List(filepath.Join(dir, "missing"), ests); ps != nil || errs != nil {
		t.Errorf("List of a missing directory = %v, %v", ps, errs)
	}
}

func TestSaveRejects(t *testing.T) {
	dir := t.TempDir()
	ests := catalog.All()
	bad := estimators.Symmetric{}.Info().Defaults().WithNum("lambda", 5)
	for _, tc := range []struct {
		p    Preset
		want string
	}{
		{Preset{Name: "a/x", Estimator: "symmetric", Params: estimators.Symmetric{}.Info().Defaults()}, "separator"},
		{Preset{Name: "x", Estimator: "nope"}, "unknown estimator"},
		{Preset{Name: "x", Estimator: "symmetric", Params: bad}, "lambda"},
		{Preset{Name: "x", Estimator: "symmetric", Params: randfield.BP{}.Info().Defaults()}, `symmetric has no parameter "damping"`},
	} {
		if err := Save(dir, tc.p, ests); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Save(%+v) = %v, want an error saying %q", tc.p, err, tc.want)
		}
	}
	if _, err := Load(dir, "a/b", ests); err == nil {
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
	_, err := Load(dir, "gone", catalog.All())
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "gone.json")) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a missing preset = %v, want fs.ErrNotExist naming its path", err)
	}
	if _, err := LoadFS(fstest.MapFS{}, "gone", catalog.All()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFS of a missing preset = %v, want fs.ErrNotExist", err)
	}
}

// presetJSON returns p as a preset file holds it.
func presetJSON(t *testing.T, p Preset) []byte {
	t.Helper()
	params, err := json.Marshal(p.Params)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(file{Name: p.Name, Estimator: p.Estimator, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadListFS(t *testing.T) {
	ests := catalog.All()
	sym := estimators.Symmetric{}.Info().Defaults().WithNum("lambda", 0.3)
	bad := sym.WithNum("lambda", 5)
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
		p, err := LoadFS(fsys, tc.name, ests)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("LoadFS(%q): %v", tc.name, err)
		case tc.want == "" && (p.Name != good.Name || !p.Params.Equal(sym)):
			t.Errorf("LoadFS(%q) = %+v", tc.name, p)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("LoadFS(%q) = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}

	// Each bad file is reported once; the good one is listed; other
	// files, hidden ones and folders are skipped.
	ps, errs := ListFS(fsys, ests)
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
	if ps, errs := ListFS(fstest.MapFS{}, ests); ps != nil || errs != nil {
		t.Errorf("ListFS of an empty file system = %v, %v", ps, errs)
	}
}

// TestBundled checks the presets moyo ships: each estimator's folder holds
// its own presets, all load, and their estimators accept their values.
// testdata/v1 holds the same presets as moyo first shipped them, with
// every estimator's parameters under Go names: they load to the same
// values.
func TestBundled(t *testing.T) {
	ests := catalog.All()
	fsys := assets.Presets()
	v1, err := fs.Sub(os.DirFS("testdata"), "v1")
	if err != nil {
		t.Fatal(err)
	}
	// The first versions stored every parameter, the stopping rule of the
	// day included; the shipped symmetric preset now leaves it to the
	// defaults, which reach the fixed point.
	for _, tc := range []struct {
		est      string
		want, v1 estimators.Params
	}{
		{"propagate", estimators.Propagate{}.Info().Defaults().WithNum("attenuation", 2.75), estimators.Params{}},
		{"gnugo", estimators.GnuGo{}.Info().Defaults().WithNum("attenuation", 1.6), estimators.Params{}},
		{"symmetric", estimators.Symmetric{}.Info().Defaults().WithNum("kappa", 0.85),
			estimators.Symmetric{}.Info().Defaults().WithNum("kappa", 0.85).WithNum("tol", 1e-4)},
	} {
		t.Run(tc.est, func(t *testing.T) {
			sub, err := fs.Sub(fsys, tc.est)
			if err != nil {
				t.Fatal(err)
			}
			ps, errs := ListFS(sub, ests)
			if len(errs) != 0 || len(ps) != 1 {
				t.Fatalf("ListFS = %+v, %v; want one preset", ps, errs)
			}
			p, err := LoadFS(sub, ps[0].Name, ests)
			if err != nil {
				t.Fatal(err)
			}
			if p.Estimator != tc.est || p.Source == "" || p.Created.IsZero() || !p.Params.Equal(tc.want) {
				t.Errorf("shipped preset %+v, want params %v", p, tc.want)
			}
			e, err := p.Resolve(ests)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Check(p.Params); err != nil {
				t.Errorf("%s rejects its shipped preset: %v", tc.est, err)
			}
			data, err := fs.ReadFile(v1, tc.est+".json")
			if err != nil {
				t.Fatal(err)
			}
			old, err := decode(data, ests)
			if err != nil {
				t.Fatalf("the first version's preset: %v", err)
			}
			v1 := tc.v1
			if v1.Len() == 0 {
				v1 = p.Params
			}
			if !old.Params.Equal(v1) || old.Source != p.Source || !old.Created.Equal(p.Created) || old.Name != p.Name {
				t.Errorf("the first version's preset reads as %+v, want %v; the shipped one is %+v", old, v1, p)
			}
		})
	}
	// bpl's preset holds the BoltzmannLiberties model 'moyo fit --ml'
	// trained (README: BoltzmannLiberties); it has no first version.
	t.Run("bpl", func(t *testing.T) {
		sub, err := fs.Sub(fsys, "bpl")
		if err != nil {
			t.Fatal(err)
		}
		p, err := LoadFS(sub, "fitted on AI games", ests)
		if err != nil {
			t.Fatal(err)
		}
		if err := (randfield.BPL{}).Check(p.Params); err != nil || p.Source == "" || p.Created.IsZero() {
			t.Errorf("shipped bpl preset %+v: %v", p, err)
		}
		if m := randfield.BoltzmannLibertiesOf(p.Params); m == randfield.SeedBoltzmannLiberties() || len(p.Params.Names()) < randfield.BPLCount {
			t.Errorf("shipped bpl preset holds %d parameters, the untrained model: %v", len(p.Params.Names()), p.Params)
		}
	})
	// No other folder: a new shipped preset should get a test above.
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil || len(entries) != 4 {
		t.Errorf("shipped preset folders %v, %v; want 4", entries, err)
	}
}

// TestLegacyModel checks that a bp preset of the version before the
// Boltzmann5 parameters were bp's own, with its model beside the
// parameters, loads with the model in the parameters.
func TestLegacyModel(t *testing.T) {
	data := []byte(`{"name": "ml", "estimator": "bp",
		"params": {"Mode": "", "Lambda": 0, "Kappa": 0, "Attenuation": 0, "Cap": "", "Damping": 0.8, "Tol": 1e-6, "MaxIter": 50, "Inference": "bp", "Samples": 10000, "View": ""},
		"model": {"HStone": 0.3, "WEmpty": 0.4, "WStoneEmpty": 0.45, "WSame": 2.5, "WOpp": 0.6},
		"created": "2026-11-22T00:00:00Z"}`)
	p, err := decode(data, catalog.All())
	if err != nil {
		t.Fatal(err)
	}
	want := randfield.Boltzmann5{HStone: 0.3, WEmpty: 0.4, WStoneEmpty: 0.45, WSame: 2.5, WOpp: 0.6}
	if got := randfield.Boltzmann5Of(p.Params); got != want || p.Params.Num("damping") != 0.8 {
		t.Errorf("model %+v, damping %v; want %+v, 0.8", got, p.Params.Num("damping"), want)
	}
}
