package app

import (
	"strings"
	"testing"

	"moyo/estimators/catalog"
	"moyo/preset"
)

// TestParseSettingsPresets starts settings from presets: a saved one, a
// shipped one, and a saved one of the same name as a shipped one of
// another estimator, which does not hide the shipped one.
func TestParseSettingsPresets(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MOYO_PRESETS", dir)
	ests := catalog.All()
	prop, _ := catalog.ByName("propagate")
	for _, p := range []preset.Preset{
		{Name: "mine", Estimator: "propagate", Params: prop.Info().Defaults().WithNum("attenuation", 3.5)},
		{Name: "fitted on AI games", Estimator: "propagate", Params: prop.Info().Defaults().WithNum("attenuation", 1.5)},
	} {
		if err := preset.Save(dir, p, ests); err != nil {
			t.Fatal(err)
		}
	}
	cands, err := parseSettings("propagate:preset=mine,symmetric:preset=fitted on AI games,propagate:preset=fitted on AI games,cap=separate", ests)
	if err != nil {
		t.Fatal(err)
	}
	// assets/presets/symmetric: λ 0.44, κ 0.85.
	if a := cands[0].Params.Num("attenuation"); a != 3.5 {
		t.Errorf("saved preset: attenuation %v, want 3.5", a)
	}
	if p := cands[1].Params; p.Num("kappa") != 0.85 || p.Num("lambda") != 0.44 {
		t.Errorf("shipped preset: %v, want κ 0.85, λ 0.44", p)
	}
	if p := cands[2].Params; p.Num("attenuation") != 1.5 || p.Text("cap") != "separate" {
		t.Errorf("saved preset over a shipped name: %v", p)
	}
	if _, err := parseSettings("gnugo:preset=mine", ests); err == nil || !strings.Contains(err.Error(), `gnugo has no preset "mine", saved or shipped`) {
		t.Errorf("another estimator's preset: %v", err)
	}
}
