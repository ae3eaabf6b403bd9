package eval

import (
	"fmt"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/estimators/catalog"
)

func TestParseSettings(t *testing.T) {
	type want struct {
		label, est string
		params     map[string]string // beyond the defaults
	}
	for _, tc := range []struct {
		text string
		want []want
	}{
		{"symmetric", []want{{"symmetric", "symmetric", nil}}},
		{"bp:inference=sw,bp:inference=bp,symmetric:lambda=0.3", []want{
			{"bp:inference=sw", "bp", map[string]string{"inference": "sw"}},
			{"bp:inference=bp", "bp", map[string]string{"inference": "bp"}},
			{"symmetric:lambda=0.3", "symmetric", map[string]string{"lambda": "0.3"}},
		}},
		{" bp : inference=sw , samples=2000,seds,symmetric:mode=alive,lambda=0", []want{
			{"bp : inference=sw,samples=2000", "bp", map[string]string{"inference": "sw", "samples": "2000"}},
			{"seds", "seds", nil},
			{"symmetric:mode=alive,lambda=0", "symmetric", map[string]string{"mode": "alive", "lambda": "0"}},
		}},
		// The same estimator at its defaults and with them written out
		// are two settings of different labels.
		{"bp,bp:inference=bp", []want{{"bp", "bp", nil}, {"bp:inference=bp", "bp", nil}}},
	} {
		got, err := ParseSettings(tc.text, catalog.All(), nil)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: %d settings, want %d", tc.text, len(got), len(tc.want))
			continue
		}
		for k, w := range tc.want {
			c := got[k]
			in := c.Estimator.Info()
			p := in.Defaults()
			for name, v := range w.params {
				var err error
				if p, err = in.Set(p, name, v); err != nil {
					t.Fatal(err)
				}
			}
			if c.Name() != w.label || in.Name != w.est || !c.Params.Equal(p) {
				t.Errorf("%q, setting %d: %q %s {%v}, want %q %s {%v}", tc.text, k, c.Name(), in.Name, c.Params, w.label, w.est, p)
			}
		}
	}
}

func TestParseSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // each in the message
	}{
		{"nope", []string{`"nope"`, "unknown estimator", "valid: propagate"}},
		{"samples=20,bp", []string{`"samples=20" comes before any estimator`}},
		{"bp:infrence=sw", []string{`"bp:infrence=sw"`, `bp has no parameter "infrence"`}},
		{"bp:inference=sw,smaples=20", []string{`"bp:inference=sw,smaples=20"`, `no parameter "smaples"`}},
		{"bp:inference=gibbs", []string{`"bp:inference=gibbs"`, `inference "gibbs" is not "bp", "exact" or "sw"`}},
		{"bp:inference=sw,samples=1", []string{`"bp:inference=sw,samples=1"`, "samples 1 is less than 2"}},
		{"bp:inference", []string{`"inference" is not name=value`}},
		{"bp:inference=sw,inference=bp", []string{"inference given twice"}},
		{"symmetric:lambda=x", []string{`"symmetric:lambda=x"`, `lambda "x" is not a number`}},
		{"bp,,seds", []string{"empty setting"}},
		{"seds,", []string{"empty setting"}},
		{"seds,seds", []string{`"seds" twice`}},
	} {
		_, err := ParseSettings(tc.text, catalog.All(), nil)
		if err == nil {
			t.Errorf("%q: no error", tc.text)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %q does not say %q", tc.text, err, w)
			}
		}
	}
}

func TestReadSettings(t *testing.T) {
	got, err := ReadSettings([]byte(`[
		{"label": "B5 SW", "estimator": "bp", "params": {"inference": "sw", "samples": 2000}},
		{"estimator": "symmetric", "params": {"lambda": 0.3, "mode": "alive"}},
		{"estimator": "seds"}
	]`), catalog.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	labels := []string{"B5 SW", "symmetric:lambda=0.3,mode=alive", "seds"}
	if len(got) != 3 {
		t.Fatalf("%d settings, want 3", len(got))
	}
	for k, c := range got {
		if c.Name() != labels[k] {
			t.Errorf("setting %d labelled %q, want %q", k+1, c.Name(), labels[k])
		}
	}
	if p := got[0].Params; p.Text("inference") != "sw" || p.Int("samples") != 2000 {
		t.Errorf("B5 SW: %v", p)
	}
	if p := got[1].Params; p.Num("lambda") != 0.3 || p.Text("mode") != "alive" {
		t.Errorf("symmetric: %v", p)
	}
	for _, tc := range []struct{ json, want string }{
		{`[]`, "empty list"},
		{`{"estimator": "bp"}`, "cannot unmarshal"},
		{`[{"estimator": "bp", "parms": {}}]`, `unknown field "parms"`},
		{`[{"estimator": "nope"}]`, `setting 1: unknown estimator "nope"`},
		{`[{"label": "x", "estimator": "bp", "params": {"samples": 2.5}}]`, `setting 1 ("x"): bp: samples "2.5" is not a whole number`},
		{`[{"estimator": "bp", "params": {"inference": true}}]`, "inference: true is neither a number nor a string"},
		{`[{"estimator": "seds"}, {"estimator": "seds"}]`, `setting 2: "seds" twice`},
	} {
		_, err := ReadSettings([]byte(tc.json), catalog.All(), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.json, err, tc.want)
		}
	}
}

// TestSettingsPreset starts settings from presets, which a PresetFunc
// looks up.
func TestSettingsPreset(t *testing.T) {
	presets := func(e estimators.Estimator, name string) (estimators.Params, error) {
		if e.Info().Name == "symmetric" && name == "wide" {
			return estimators.Params{}.WithNum("lambda", 0.3).WithText("mode", "alive"), nil
		}
		return estimators.Params{}, fmt.Errorf("no preset %q of %s", name, e.Info().Name)
	}
	got, err := ParseSettings("symmetric:preset=wide,symmetric:preset=wide,lambda=0.2", catalog.All(), presets)
	if err != nil {
		t.Fatal(err)
	}
	if p := got[0].Params; p.Num("lambda") != 0.3 || p.Text("mode") != "alive" || p.Num("kappa") != 0.8 || got[0].Name() != "symmetric:preset=wide" {
		t.Errorf("%s: %v", got[0].Name(), p)
	}
	if p := got[1].Params; p.Num("lambda") != 0.2 || p.Text("mode") != "alive" {
		t.Errorf("%s: %v", got[1].Name(), p)
	}
	for text, want := range map[string]string{
		"symmetric:lambda=0.2,preset=wide": "preset after lambda",
		"symmetric:preset=narrow":          `no preset "narrow" of symmetric`,
		"bp:preset=wide":                   `no preset "wide" of bp`,
	} {
		if _, err := ParseSettings(text, catalog.All(), presets); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", text, err, want)
		}
	}
	if _, err := ParseSettings("symmetric:preset=wide", catalog.All(), nil); err == nil || !strings.Contains(err.Error(), "no presets") {
		t.Errorf("without presets: %v", err)
	}
	got, err = ReadSettings([]byte(`[{"estimator": "symmetric", "preset": "wide", "params": {"kappa": 0.5}}]`), catalog.All(), presets)
	if err != nil {
		t.Fatal(err)
	}
	if p := got[0].Params; got[0].Name() != "symmetric:preset=wide,kappa=0.5" || p.Num("lambda") != 0.3 || p.Num("kappa") != 0.5 {
		t.Errorf("%s: %v", got[0].Name(), p)
	}
}
