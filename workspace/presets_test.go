package workspace

import (
	"context"
	"slices"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/preset"
	"moyo/randfield"
)

func TestWorkspacePresets(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MOYO_PRESETS", dir)
	sym := estimators.Symmetric{}.Info().Defaults()
	sym = sym.WithNum("lambda", 0.2)
	model := randfield.SeedBoltzmann5()
	model.WSame, model.HStone = 1, 1.5
	for _, p := range []preset.Preset{
		{Name: "low λ", Estimator: "symmetric", Params: sym},
		{Name: "fitted", Estimator: "bp", Params: model.Params(randfield.BP{}.Info().Defaults())},
	} {
		if err := preset.Save(dir, p, catalog.All()); err != nil {
			t.Fatal(err)
		}
	}
	q := newQueue()
	store := memStore{}
	ws := newTest(t, q, store, nil)
	if err := ws.Open("test.sgf", []byte(variations)); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		ps, err := ws.Settings().Presets()
		if err != nil {
			t.Fatal(err)
		}
		var n []string
		for _, p := range ps {
			n = append(n, p.Name)
		}
		return n
	}
	if got := names(); !slices.Equal(got, []string{bundledName, "low λ"}) {
		t.Errorf("symmetric presets %q", got)
	}
	if err := ws.Settings().ApplyPreset("fitted"); err == nil || !strings.Contains(err.Error(), "for bp") {
		t.Errorf("applying bp's preset to symmetric: %v", err)
	}
	if err := ws.Settings().ApplyPreset("low λ"); err != nil || ws.Settings().Params().Num("lambda") != 0.2 || ws.Settings().Preset() != "low λ" {
		t.Fatalf("ApplyPreset: %v, λ %v, preset %q", err, ws.Settings().Params().Num("lambda"), ws.Settings().Preset())
	}

	// bp with a model: runs use the model.
	if err := ws.Settings().SetEstimator("bp"); err != nil {
		t.Fatal(err)
	}
	if got := names(); !slices.Equal(got, []string{"fitted"}) {
		t.Errorf("bp presets %q", got)
	}
	if err := ws.Settings().ApplyPreset("fitted"); err != nil {
		t.Fatal(err)
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	o, _ := ws.Runs().Shown()
	if got := randfield.Boltzmann5Of(ws.Settings().Params()); got != model {
		t.Errorf("bp's model %+v after the preset, want %+v", got, model)
	}
	want, err := randfield.BP{}.Estimate(context.Background(), ws.Position(), ws.Settings().Params())
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := randfield.BP{}.Estimate(context.Background(), ws.Position(), randfield.BP{}.Info().Defaults())
	if o.Err != nil || !slices.Equal(o.Result.Values, want.Values) || slices.Equal(want.Values, seed.Values) {
		t.Errorf("shown %v: the values are not those of the preset's model", o.Err)
	}

	// The preset and its model are kept between sessions.
	ws2 := newTest(t, q, store, nil)
	if b := randfield.Boltzmann5Of(ws2.Settings().Params()); ws2.Settings().Estimator().Info().Name != "bp" || b != model || ws2.Settings().Preset() != "fitted" {
		t.Errorf("restored %s with model %v, preset %q", ws2.Settings().Estimator().Info().Name, b, ws2.Settings().Preset())
	}

	// Defaults restore Stern et al.'s model as well as the default values.
	ws.Settings().ResetParams()
	if b := randfield.Boltzmann5Of(ws.Settings().Params()); b != randfield.SeedBoltzmann5() || ws.Settings().Preset() != "" {
		t.Error("ResetParams kept the preset's model")
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
	if o, _ := ws.Runs().Shown(); !slices.Equal(o.Result.Values, seed.Values) {
		t.Error("after ResetParams the run is not Stern et al.'s model's")
	}
	if err := ws.Settings().ApplyPreset("missing"); err == nil {
		t.Error("applying a missing preset succeeded")
	}
}

// bundledName names the presets moyo ships (assets/presets).
const bundledName = "fitted on AI games"

// TestWorkspaceBundledPresets checks that the shipped presets are offered and
// applied with or without a preset directory, and that a user's preset of
// the same name replaces the shipped one only for its own estimator.
func TestWorkspaceBundledPresets(t *testing.T) {
	prop := estimators.Propagate{}.Info().Defaults()
	prop = prop.WithNum("attenuation", 3.5)
	sym := estimators.Symmetric{}.Info().Defaults()
	sym = sym.WithNum("lambda", 0.2)
	for _, tc := range []struct {
		name  string
		noDir bool            // the model has no preset directory
		user  []preset.Preset // saved in the preset directory
		want  float64         // propagate's attenuation after applying
		src   string          // in the offered preset's Source
	}{
		{name: "empty directory", want: 2.75, src: "held-out"},
		{name: "no directory", noDir: true, want: 2.75, src: "held-out"},
		{name: "user's replaces", want: 3.5, src: "mine", user: []preset.Preset{
			{Name: bundledName, Estimator: "propagate", Params: prop, Source: "mine"},
		}},
		{name: "other estimator's does not", want: 2.75, src: "held-out", user: []preset.Preset{
			{Name: bundledName, Estimator: "symmetric", Params: sym, Source: "mine"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("MOYO_PRESETS", dir)
			for _, p := range tc.user {
				if err := preset.Save(dir, p, catalog.All()); err != nil {
					t.Fatal(err)
				}
			}
			q := newQueue()
			ws := newTest(t, q, memStore{}, nil)
			if tc.noDir {
				ws.settings.presetDir = ""
			}
			if err := ws.Open("test.sgf", []byte(variations)); err != nil {
				t.Fatal(err)
			}
			if err := ws.Settings().SetEstimator("propagate"); err != nil {
				t.Fatal(err)
			}
			ps, err := ws.Settings().Presets()
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != 1 || ps[0].Name != bundledName || ps[0].Params.Num("attenuation") != tc.want || !strings.Contains(ps[0].Source, tc.src) {
				t.Fatalf("propagate presets %+v, want only %q with attenuation %v from %q", ps, bundledName, tc.want, tc.src)
			}
			if err := ws.Settings().ApplyPreset(bundledName); err != nil {
				t.Fatal(err)
			}
			if got := ws.Settings().Params().Num("attenuation"); got != tc.want || ws.Settings().Preset() != bundledName {
				t.Errorf("after ApplyPreset: attenuation %v, preset %q; want %v, %q", got, ws.Settings().Preset(), tc.want, bundledName)
			}
			q.until(t, func() bool { return !ws.Runs().Running() })

			// Every estimator with a shipped preset offers it; the
			// others offer only the user's.
			for _, est := range []string{"symmetric", "gnugo", "bp"} {
				if err := ws.Settings().SetEstimator(est); err != nil {
					t.Fatal(err)
				}
				ps, err := ws.Settings().Presets()
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, p := range ps {
					names = append(names, p.Name)
				}
				want := []string{bundledName}
				if est == "bp" {
					want = nil
				}
				if !slices.Equal(names, want) {
					t.Errorf("%s presets %q, want %q", est, names, want)
				}
			}
			q.until(t, func() bool { return !ws.Runs().Running() })
		})
	}
}

// TestPublishedPreset checks that the settings of the paper an estimator
// follows are a preset away, named for the paper, beside the defaults;
// that the chooser shows them while they hold; and that estimators whose
// defaults are the paper's offer none.
func TestPublishedPreset(t *testing.T) {
	q := newQueue()
	ws := openWorkspace(t, q, variations)
	s := ws.Settings()
	for _, tc := range []struct {
		est, name string
	}{
		{"symmetric", "as published (the article on control from symmetry)"},
		{"seds", "as published (Wolf 2010)"},
		{"bp", "as published (Stern, Graepel & MacKay 2004)"},
		{"bpl", "as published (Stern, Graepel & MacKay 2004)"},
		{"propagate", ""},
		{"gnugo", ""},
	} {
		if err := s.SetEstimator(tc.est); err != nil {
			t.Fatal(err)
		}
		in := s.Estimator().Info()
		if got := PublishedPreset(in); got != tc.name {
			t.Errorf("%s: published preset %q, want %q", tc.est, got, tc.name)
		}
		choices, _ := s.PresetChoices()
		if choices[0] != DefaultsPreset || (tc.name != "") != slices.Contains(choices, tc.name) || s.PresetShown() != DefaultsPreset {
			t.Errorf("%s: choices %q, shown %q", tc.est, choices, s.PresetShown())
		}
		if tc.name == "" {
			continue
		}
		if err := s.ApplyPreset(tc.name); err != nil {
			t.Fatal(err)
		}
		if !s.Params().Equal(in.PublishedParams()) || s.PresetShown() != tc.name || s.Preset() != "" {
			t.Errorf("%s: after applying %q: %v, shown %q", tc.est, tc.name, s.Params(), s.PresetShown())
		}
		if err := s.ApplyPreset(DefaultsPreset); err != nil || !s.Params().Equal(in.Defaults()) {
			t.Errorf("%s: back to the defaults: %v, %v", tc.est, err, s.Params())
		}
	}
	q.until(t, func() bool { return !ws.Runs().Running() })
}
