package estimators

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestParamsValue checks that Params is a value: With leaves the receiver
// as it was, and the copies do not share their values.
func TestParamsValue(t *testing.T) {
	p := Symmetric{}.Info().Defaults()
	q := p.WithNum("lambda", 0.25)
	if p.Num("lambda") != 0.44 || q.Num("lambda") != 0.25 {
		t.Errorf("lambda %v and %v after With, want 0.44 and 0.25", p.Num("lambda"), q.Num("lambda"))
	}
	if p.Equal(q) || !p.Equal(Symmetric{}.Info().Defaults()) {
		t.Error("Equal does not compare values")
	}
	r := q.WithText("mode", ModeAlive.String())
	if q.Text("mode") != "judged" || r.Text("mode") != "alive" {
		t.Errorf("mode %q and %q, want judged and alive", q.Text("mode"), r.Text("mode"))
	}
	if got := p.String(); got != "kappa=0.8 lambda=0.44 max-iter=1000 mode=judged solver=jacobi tol=0.0001" {
		t.Errorf("String() = %q", got)
	}
}

// TestInfoSet checks that every parameter of every estimator is set by
// name from its command-line text, touching nothing else, and that bad
// text is refused naming the parameter.
func TestInfoSet(t *testing.T) {
	tests := []struct {
		est         Estimator
		name, value string
		want        Value
	}{
		{Symmetric{}, "mode", "alive", Text("alive")},
		{Propagate{}, "cap", "separate", Text("separate")},
		{Symmetric{}, "lambda", "0.25", Num(0.25)},
		{Symmetric{}, "kappa", "1", Num(1)},
		{GnuGo{}, "attenuation", "2.4", Num(2.4)},
		{BP{}, "damping", "0.5", Num(0.5)},
		{Seds{}, "tol", "1e-6", Num(1e-6)},
		{Symmetric{}, "max-iter", "300", Num(300)},
		{BP{}, "inference", "exact", Text("exact")},
		{BP{}, "samples", "2000", Num(2000)},
		{GnuGo{}, "view", "regions", Text("regions")},
		{BP{}, "view", "minus-exact", Text("minus-exact")},
		{BP{}, "w-same", "1.5", Num(1.5)},
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
		est         Estimator
		name, value string
		want        string
	}{
		{Symmetric{}, "lambda", "x", `symmetric: lambda "x" is not a number`},
		{Symmetric{}, "max-iter", "1.5", `symmetric: max-iter "1.5" is not a whole number`},
		{Symmetric{}, "speed", "1", `symmetric has no parameter "speed"`},
		{Symmetric{}, "damping", "0.5", `symmetric has no parameter "damping"`},
		{Propagate{}, "cap", "both", `propagate: cap "both" is not "total" or "separate"`},
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
		est   Estimator
		name  string
		value string
		want  string // "" for no error
	}{
		{Propagate{}, "cap", CapSeparate.String(), ""},
		{Propagate{}, "cap", "both", `propagate: cap "both" is not "total" or "separate"`},
		{Propagate{}, "cap", "", `propagate: cap "" is not "total" or "separate"`},
		{Symmetric{}, "mode", ModeAlive.String(), ""},
		{Symmetric{}, "mode", "dead", `symmetric: mode "dead" is not "alive" or "judged"`},
		{GnuGo{}, "view", GnuGoViewRegions.String(), ""},
		{GnuGo{}, "view", "moyo", `gnugo: view "moyo" is not "value" or "regions"`},
		{BP{}, "inference", InferenceSW.String(), ""},
		{BP{}, "inference", "gibbs", `bp: inference "gibbs" is not "bp", "exact" or "sw"`},
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
		p    Params
		want string
	}{
		{Symmetric{}.Info().Defaults().WithNum("mode", 1), `symmetric: mode "" is not "alive" or "judged"`},
		{Symmetric{}.Info().Defaults().WithText("lambda", "high"), `symmetric: lambda "high" is not a number`},
		{Symmetric{}.Info().Defaults().WithNum("max-iter", 2.5), `symmetric: max-iter 2.5 is not a whole number`},
	} {
		if err := (Symmetric{}).Check(tc.p); err == nil || err.Error() != tc.want {
			t.Errorf("Check(%v): %v, want %q", tc.p, err, tc.want)
		}
	}
}

// TestComplete checks that a parameter left out among others set takes
// its default (catalog's tests check every estimator with none set).
func TestComplete(t *testing.T) {
	// One left out among others set.
	p := Symmetric{}.Info().Complete(params("mode", "alive"))
	if p.Text("mode") != "alive" || p.Num("lambda") != 0.44 {
		t.Errorf("Complete(mode=alive) = %v", p)
	}
}

// TestReads checks the When conditions: BP reads damping only under loopy
// BP, samples only under Swendsen–Wang, and symmetric κ only when stones
// are judged.
func TestReads(t *testing.T) {
	bp := BP{}.Info()
	for _, tc := range []struct {
		in    Info
		p     Params
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
		{Symmetric{}.Info(), Symmetric{}.Info().Defaults(), "kappa", true},
		{Symmetric{}.Info(), Symmetric{}.Info().Defaults().WithText("mode", "alive"), "kappa", false},
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
		est  Estimator
		json string
		want Params
	}{
		// This version: names as on the command line; missing ones keep
		// their defaults.
		{Symmetric{}, `{"lambda": 0.3, "mode": "alive"}`, Symmetric{}.Info().Defaults().WithNum("lambda", 0.3).WithText("mode", "alive")},
		// The presets moyo shipped before parameters belonged to their
		// estimator (assets/presets/*/fitted on AI games.json, 2026-11-22).
		{GnuGo{}, `{"Mode": "", "Lambda": 0, "Kappa": 0, "Attenuation": 1.6, "Cap": "", "Damping": 0, "Tol": 0, "MaxIter": 0, "Inference": "", "Samples": 0, "View": "value"}`,
			GnuGo{}.Info().Defaults().WithNum("attenuation", 1.6)},
		{Propagate{}, `{"Mode": "", "Lambda": 0, "Kappa": 0, "Attenuation": 2.75, "Cap": "total", "Damping": 0, "Tol": 0, "MaxIter": 0, "Inference": "", "Samples": 0, "View": ""}`,
			Propagate{}.Info().Defaults().WithNum("attenuation", 2.75)},
		{Symmetric{}, `{"Mode": "judged", "Lambda": 0.44, "Kappa": 0.85, "Attenuation": 0, "Cap": "", "Damping": 0, "Tol": 0.0001, "MaxIter": 1000, "Inference": "", "Samples": 0, "View": ""}`,
			Symmetric{}.Info().Defaults().WithNum("kappa", 0.85)},
		// gnugo's value view was "" too.
		{GnuGo{}, `{"Attenuation": 2, "View": ""}`, GnuGo{}.Info().Defaults().WithNum("attenuation", 2)},
		{BP{}, `{"Inference": "bp-exact", "Damping": 0.7, "Tol": 1e-6, "MaxIter": 50, "Samples": 10000}`,
			BP{}.Info().Defaults().WithText("view", "minus-exact").WithNum("damping", 0.7)},
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
		est        Estimator
		json, want string
	}{
		{Symmetric{}, `{"speed": 2}`, `symmetric has no parameter "speed"`},
		{Symmetric{}, `{"lambda": "high"}`, `symmetric: lambda "high" is not a number`},
		{Symmetric{}, `{"mode": "dead"}`, `symmetric: mode "dead" is not "alive" or "judged"`},
		{Symmetric{}, `{"lambda": [1]}`, `is neither a number nor a name`},
		{Symmetric{}, `[`, `symmetric parameters:`},
	} {
		if _, err := tc.est.Info().Decode([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s): %v, want %q", tc.json, err, tc.want)
		}
	}
}

// params builds a Params from name, value pairs: a value is a number
// (float64 or int), a choice (string) or an enumeration (its String).
func params(kv ...any) Params {
	var p Params
	for i := 0; i+1 < len(kv); i += 2 {
		name := kv[i].(string)
		switch v := kv[i+1].(type) {
		case string:
			p = p.WithText(name, v)
		case fmt.Stringer:
			p = p.WithText(name, v.String())
		case int:
			p = p.WithNum(name, float64(v))
		case float64:
			p = p.WithNum(name, v)
		default:
			panic(fmt.Sprintf("params: %s = %v (%T)", name, v, v))
		}
	}
	return p
}
