package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/randfield"
)

// TestInfoSet checks that every parameter of every estimator is set by
// name from its command-line text, touching nothing else, and that bad
// text is refused naming the parameter.
func TestInfoSet(t *testing.T) {
	tests := []struct {
		est         estimators.Estimator
		name, value string
		want        estimators.Value
	}{
		{estimators.Symmetric{}, "mode", "alive", estimators.Text("alive")},
		{estimators.Propagate{}, "cap", "separate", estimators.Text("separate")},
		{estimators.Symmetric{}, "lambda", "0.25", estimators.Num(0.25)},
		{estimators.Symmetric{}, "kappa", "1", estimators.Num(1)},
		{estimators.GnuGo{}, "attenuation", "2.4", estimators.Num(2.4)},
		{randfield.BP{}, "damping", "0.5", estimators.Num(0.5)},
		{estimators.Seds{}, "tol", "1e-6", estimators.Num(1e-6)},
		{estimators.Symmetric{}, "max-iter", "300", estimators.Num(300)},
		{randfield.BP{}, "inference", "exact", estimators.Text("exact")},
		{randfield.BP{}, "samples", "2000", estimators.Num(2000)},
		{estimators.GnuGo{}, "view", "regions", estimators.Text("regions")},
		{randfield.BP{}, "view", "minus-exact", estimators.Text("minus-exact")},
		{randfield.BP{}, "w-same", "1.5", estimators.Num(1.5)},
	}
	for _, tt := range tests {
		in := tt.est.Info()
		def := in.Defaults()
		p, err := in.Set(def, tt.name, tt.value)
		if err != nil {
			t.Errorf("%s: Set(%s, %q): %v", in.Name, tt.name, tt.value, err)
			continue
		}
		if got, _ := p.Get(tt.name); got != tt.want {
			t.Errorf("%s: Get(%s) = %+v, want %+v", in.Name, tt.name, got, tt.want)
		}
		for _, other := range def.Names() {
			a, _ := p.Get(other)
			b, _ := def.Get(other)
			if other != tt.name && a != b {
				t.Errorf("%s: Set(%s) changed %s to %+v", in.Name, tt.name, other, a)
			}
		}
		if err := tt.est.Check(p); err != nil {
			t.Errorf("%s: %s=%s refused: %v", in.Name, tt.name, tt.value, err)
		}
	}
	for _, bad := range []struct {
		est         estimators.Estimator
		name, value string
		want        string
	}{
		{estimators.Symmetric{}, "lambda", "x", `symmetric: lambda "x" is not a number`},
		{estimators.Symmetric{}, "max-iter", "1.5", `symmetric: max-iter "1.5" is not a whole number`},
		{estimators.Symmetric{}, "speed", "1", `symmetric has no parameter "speed"`},
		{estimators.Symmetric{}, "damping", "0.5", `symmetric has no parameter "damping"`},
		{estimators.Propagate{}, "cap", "both", `propagate: cap "both" is not "total" or "separate"`},
	} {
		in := bad.est.Info()
		if _, err := in.Set(in.Defaults(), bad.name, bad.value); err == nil || err.Error() != bad.want {
			t.Errorf("Set(%s, %q): %v, want %q", bad.name, bad.value, err, bad.want)
		}
	}
}

// TestCheckChoice checks that every estimator's Check accepts exactly
// the choices its ParamSpec offers, and says which when it refuses.
func TestCheckChoice(t *testing.T) {
	for _, tc := range []struct {
		est   estimators.Estimator
		name  string
		value string
		want  string // "" for no error
	}{
		{estimators.Propagate{}, "cap", estimators.CapSeparate.String(), ""},
		{estimators.Propagate{}, "cap", "both", `propagate: cap "both" is not "total" or "separate"`},
		{estimators.Propagate{}, "cap", "", `propagate: cap "" is not "total" or "separate"`},
		{estimators.Symmetric{}, "mode", estimators.ModeAlive.String(), ""},
		{estimators.Symmetric{}, "mode", "dead", `symmetric: mode "dead" is not "alive" or "judged"`},
		{estimators.GnuGo{}, "view", estimators.GnuGoViewRegions.String(), ""},
		{estimators.GnuGo{}, "view", "moyo", `gnugo: view "moyo" is not "value" or "regions"`},
		{randfield.BP{}, "inference", randfield.InferenceSW.String(), ""},
		{randfield.BP{}, "inference", "gibbs", `bp: inference "gibbs" is not "bp", "exact" or "sw"`},
	} {
		p := tc.est.Info().Defaults().WithText(tc.name, tc.value)
		err := tc.est.Check(p)
		if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
			t.Errorf("%s with %s %q: %v, want %q", tc.est.Info().Name, tc.name, tc.value, err, tc.want)
		}
	}
	// A number where a choice belongs, a name where a number does, and a
	// parameter left out.
	for _, tc := range []struct {
		p    estimators.Params
		want string
	}{
		{estimators.Symmetric{}.Info().Defaults().WithNum("mode", 1), `symmetric: mode "" is not "alive" or "judged"`},
		{estimators.Symmetric{}.Info().Defaults().WithText("lambda", "high"), `symmetric: lambda "high" is not a number`},
		{estimators.Symmetric{}.Info().Defaults().WithNum("max-iter", 2.5), `symmetric: max-iter 2.5 is not a whole number`},
	} {
		if err := (estimators.Symmetric{}).Check(tc.p); err == nil || err.Error() != tc.want {
			t.Errorf("Check(%v): %v, want %q", tc.p, err, tc.want)
		}
	}
}

// TestReads checks the When conditions: BP reads damping only under loopy
// BP, samples only under Swendsen–Wang, and symmetric κ only when stones
// are judged.
func TestReads(t *testing.T) {
	bp := randfield.BP{}.Info()
	for _, tc := range []struct {
		in    estimators.Info
		p     estimators.Params
		name  string
		reads bool
	}{
		{bp, bp.Defaults(), "damping", true},
		{bp, bp.Defaults(), "samples", false},
		{bp, bp.Defaults().WithText("inference", "sw"), "samples", true},
		{bp, bp.Defaults().WithText("inference", "exact"), "damping", false},
		{bp, bp.Defaults().WithText("inference", "exact"), "max-iter", false},
		{bp, bp.Defaults().WithText("inference", "exact"), "w-same", true},
		{bp, bp.Defaults(), "lambda", false},
		{estimators.Symmetric{}.Info(), estimators.Symmetric{}.Info().Defaults(), "kappa", true},
		{estimators.Symmetric{}.Info(), estimators.Symmetric{}.Info().Defaults().WithText("mode", "alive"), "kappa", false},
	} {
		if got := tc.in.Reads(tc.name, tc.p); got != tc.reads {
			t.Errorf("%s with %v reads %s: %v, want %v", tc.in.Name, tc.p, tc.name, got, tc.reads)
		}
	}
}

// TestDecode reads parameters as this version stores them and as older
// versions did: every estimator's fields under Go names, zero where unused,
// and bp's difference view as an inference method.
func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		est  estimators.Estimator
		json string
		want estimators.Params
	}{
		// This version: names as on the command line; missing ones keep
		// their defaults.
		{estimators.Symmetric{}, `{"lambda": 0.3, "mode": "alive"}`, estimators.Symmetric{}.Info().Defaults().WithNum("lambda", 0.3).WithText("mode", "alive")},
		// The presets moyo shipped before parameters belonged to their
		// estimator (assets/presets/*/fitted on AI games.json, 2026-11-22).
		{estimators.GnuGo{}, `{"Mode": "", "Lambda": 0, "Kappa": 0, "Attenuation": 1.6, "Cap": "", "Damping": 0, "Tol": 0, "MaxIter": 0, "Inference": "", "Samples": 0, "View": "value"}`,
			estimators.GnuGo{}.Info().Defaults().WithNum("attenuation", 1.6)},
		{estimators.Propagate{}, `{"Mode": "", "Lambda": 0, "Kappa": 0, "Attenuation": 2.75, "Cap": "total", "Damping": 0, "Tol": 0, "MaxIter": 0, "Inference": "", "Samples": 0, "View": ""}`,
			estimators.Propagate{}.Info().Defaults().WithNum("attenuation", 2.75)},
		{estimators.Symmetric{}, `{"Mode": "judged", "Lambda": 0.44, "Kappa": 0.85, "Attenuation": 0, "Cap": "", "Damping": 0, "Tol": 0.0001, "MaxIter": 1000, "Inference": "", "Samples": 0, "View": ""}`,
			estimators.Symmetric{}.Info().Defaults().WithNum("kappa", 0.85).WithNum("tol", 1e-4)},
		// gnugo's value view was "" too.
		{estimators.GnuGo{}, `{"Attenuation": 2, "View": ""}`, estimators.GnuGo{}.Info().Defaults().WithNum("attenuation", 2)},
		{randfield.BP{}, `{"Inference": "bp-exact", "Damping": 0.7, "Tol": 1e-6, "MaxIter": 50, "Samples": 10000}`,
			randfield.BP{}.Info().Defaults().WithText("view", "minus-exact").WithNum("damping", 0.7).WithNum("max-iter", 50)},
	} {
		got, err := tc.est.Info().Decode([]byte(tc.json))
		if err != nil {
			t.Errorf("%s: Decode(%s): %v", tc.est.Info().Name, tc.json, err)
			continue
		}
		if !got.Equal(tc.want) {
			t.Errorf("%s: Decode(%s) = %v, want %v", tc.est.Info().Name, tc.json, got, tc.want)
		}
		if err := tc.est.Check(got); err != nil {
			t.Errorf("%s: decoded %v refused: %v", tc.est.Info().Name, got, err)
		}
		// What Decode returns is stored the new way and reads back the same.
		data, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := tc.est.Info().Decode(data); err != nil || !again.Equal(got) {
			t.Errorf("%s: %s decodes to %v, %v", tc.est.Info().Name, data, again, err)
		}
	}
	for _, tc := range []struct {
		est        estimators.Estimator
		json, want string
	}{
		{estimators.Symmetric{}, `{"speed": 2}`, `symmetric has no parameter "speed"`},
		{estimators.Symmetric{}, `{"lambda": "high"}`, `symmetric: lambda "high" is not a number`},
		{estimators.Symmetric{}, `{"mode": "dead"}`, `symmetric: mode "dead" is not "alive" or "judged"`},
		{estimators.Symmetric{}, `{"lambda": [1]}`, `is neither a number nor a name`},
		{estimators.Symmetric{}, `[`, `symmetric parameters:`},
	} {
		if _, err := tc.est.Info().Decode([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s): %v, want %q", tc.json, err, tc.want)
		}
	}
}
