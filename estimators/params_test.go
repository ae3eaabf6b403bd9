package estimators

import (
	"fmt"
	"testing"
)

func TestParamsSetGet(t *testing.T) {
	tests := []struct {
		name  Param
		value string
		want  any
	}{
		{ParamMode, "alive", "alive"},
		{ParamCap, "separate", "separate"},
		{ParamLambda, "0.25", 0.25},
		{ParamKappa, "1", 1.0},
		{ParamAttenuation, "2.4", 2.4},
		{ParamDamping, "0.5", 0.5},
		{ParamTol, "1e-6", 1e-6},
		{ParamMaxIter, "300", 300},
		{ParamInference, "exact", "exact"},
		{ParamSamples, "2000", 2000},
		{ParamView, "regions", "regions"},
	}
	for _, tt := range tests {
		var p Params
		if err := p.Set(tt.name, tt.value); err != nil {
			t.Errorf("Set(%s, %q): %v", tt.name, tt.value, err)
			continue
		}
		if got := p.Get(tt.name); got != tt.want {
			t.Errorf("Get(%s) = %v (%T), want %v", tt.name, got, got, tt.want)
		}
		// Set touches only its own field.
		for _, other := range AllParams() {
			if other != tt.name && fmt.Sprint(p.Get(other)) != fmt.Sprint((Params{}).Get(other)) {
				t.Errorf("Set(%s) changed %s to %v", tt.name, other, p.Get(other))
			}
		}
	}
	var p Params
	for _, bad := range []struct {
		name  Param
		value string
	}{{ParamLambda, "x"}, {ParamMaxIter, "1.5"}, {"speed", "1"}} {
		if err := p.Set(bad.name, bad.value); err == nil {
			t.Errorf("Set(%s, %q) accepted", bad.name, bad.value)
		}
	}
	if len(AllParams()) != 11 {
		t.Errorf("AllParams lists %d parameters", len(AllParams()))
	}
}

// TestCheckChoice checks that every estimator's Check accepts exactly
// the choices its ParamSpec offers, and says which when it refuses.
func TestCheckChoice(t *testing.T) {
	for _, tc := range []struct {
		est   Estimator
		name  Param
		value string
		want  string // "" for no error
	}{
		{Propagate{}, ParamCap, CapSeparate, ""},
		{Propagate{}, ParamCap, "both", `propagate: cap "both" is not "total" or "separate"`},
		{Propagate{}, ParamCap, "", `propagate: cap "" is not "total" or "separate"`},
		{Symmetric{}, ParamMode, ModeAlive, ""},
		{Symmetric{}, ParamMode, "dead", `symmetric: mode "dead" is not "alive" or "judged"`},
		{GnuGo{}, ParamView, GnuGoViewRegions, ""},
		{GnuGo{}, ParamView, "", ""}, // the value view
		{GnuGo{}, ParamView, "moyo", `gnugo: view "moyo" is not "value" or "regions"`},
		{BP{}, ParamInference, InferenceSW, ""},
		{BP{}, ParamInference, "gibbs", `bp: inference "gibbs" is not "bp", "exact", "sw" or "bp-exact"`},
	} {
		p := tc.est.Info().Defaults
		if err := p.Set(tc.name, tc.value); err != nil {
			t.Fatal(err)
		}
		err := tc.est.Check(p)
		if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
			t.Errorf("%s with %s %q: %v, want %q", tc.est.Info().Name, tc.name, tc.value, err, tc.want)
		}
	}
	if err := (Propagate{}).Info().CheckChoice(ParamMode, ModeAlive); err == nil || err.Error() != "propagate: no parameter mode" {
		t.Errorf("a parameter propagate does not have: %v", err)
	}
}
