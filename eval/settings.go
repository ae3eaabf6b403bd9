package eval

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"moyo/estimators"
)

// PresetFunc returns the parameters of estimator e's preset called name,
// for a setting that starts from a preset rather than the defaults.
type PresetFunc func(e estimators.Estimator, name string) (estimators.Params, error)

// ParseSettings reads a list of named settings, each an estimator with
// parameters, as the command line writes them:
//
//	bp:inference=sw,samples=2000,bp:inference=bp,symmetric:lambda=0.3,seds
//
// The list is split at commas. A part that names an estimator, alone
// ("seds") or followed by a colon and its first parameter
// ("bp:inference=sw"), starts a setting; a part name=value without a
// colon ("samples=2000") sets one more parameter of the setting before.
// Parameters not given keep the estimator's defaults, or with a first
// parameter preset=NAME the values of that preset, which presets looks up
// (nil allows none). Values are read by the estimator's Info.Set, and the
// whole setting is checked by its Check. Each setting is labelled by its
// text as written, spaces trimmed ("bp:inference=sw,samples=2000"), and
// no two may be alike. ests are the estimators that may be named.
//
// An error names the part of the list at fault and what is wrong with it.
func ParseSettings(text string, ests []estimators.Estimator, presets PresetFunc) ([]Candidate, error) {
	type draft struct {
		est   estimators.Estimator
		parts []string // the text of the setting, part by part
		set   []string // the names of the parameters given
		p     estimators.Params
	}
	var drafts []*draft
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("empty setting in %q (settings are separated by single commas)", text)
		}
		name, pair, hasColon := strings.Cut(part, ":")
		if !hasColon && strings.Contains(part, "=") {
			// A further parameter of the setting before.
			if len(drafts) == 0 {
				return nil, fmt.Errorf("%q comes before any estimator: write estimator:%s", part, part)
			}
			d := drafts[len(drafts)-1]
			d.parts = append(d.parts, part)
			if err := setPair(d.est, &d.p, &d.set, part, presets); err != nil {
				return nil, fmt.Errorf("%q: %w", strings.Join(d.parts, ","), err)
			}
			continue
		}
		est, err := estimators.Find(ests, strings.TrimSpace(name))
		if err != nil {
			return nil, fmt.Errorf("%q: %w", part, err)
		}
		d := &draft{est: est, parts: []string{part}, p: est.Info().Defaults()}
		if hasColon {
			if err := setPair(est, &d.p, &d.set, pair, presets); err != nil {
				return nil, fmt.Errorf("%q: %w", part, err)
			}
		}
		drafts = append(drafts, d)
	}
	out := make([]Candidate, 0, len(drafts))
	for _, d := range drafts {
		c := Candidate{Estimator: d.est, Params: d.p, Label: strings.Join(d.parts, ",")}
		if err := addSetting(&out, c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// setPair sets the parameter of "name=value" in p, adding name to set; a
// name already in set is an error. The name "preset", first in a setting,
// replaces p by the preset's parameters.
func setPair(e estimators.Estimator, p *estimators.Params, set *[]string, pair string, presets PresetFunc) error {
	name, value, ok := strings.Cut(pair, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" {
		return fmt.Errorf("%q is not name=value", pair)
	}
	if slices.Contains(*set, name) {
		return fmt.Errorf("%s given twice", name)
	}
	if name == "preset" {
		if len(*set) > 0 {
			return fmt.Errorf("preset after %s: a preset comes first, as the parameters after it change it", (*set)[0])
		}
		q, err := presetParams(e, value, presets)
		if err != nil {
			return err
		}
		*p = q
		*set = append(*set, name)
		return nil
	}
	q, err := e.Info().Set(*p, name, value)
	if err != nil {
		return err
	}
	*p = q
	*set = append(*set, name)
	return nil
}

// presetParams returns the parameters of e's preset called name, over its
// defaults.
func presetParams(e estimators.Estimator, name string, presets PresetFunc) (estimators.Params, error) {
	if presets == nil {
		return estimators.Params{}, fmt.Errorf("preset %q: no presets here", name)
	}
	q, err := presets(e, name)
	if err != nil {
		return estimators.Params{}, err
	}
	return e.Info().Complete(q), nil
}

// addSetting checks c and appends it to list, unless its label is taken.
func addSetting(list *[]Candidate, c Candidate) error {
	if err := c.Estimator.Check(c.Params); err != nil {
		return fmt.Errorf("%q: %w", c.Label, err)
	}
	for _, o := range *list {
		if o.Label == c.Label {
			return fmt.Errorf("%q twice", c.Label)
		}
	}
	*list = append(*list, c)
	return nil
}

// jsonSetting is one setting of a settings file.
type jsonSetting struct {
	Label     string                     `json:"label"`
	Estimator string                     `json:"estimator"`
	Preset    string                     `json:"preset"`
	Params    map[string]json.RawMessage `json:"params"`
}

// ReadSettings reads named settings from JSON: a list of objects with the
// estimator's name, its parameters (numbers, or strings for choices; those
// left out keep their defaults, or the values of a preset that presets
// looks up) and, optionally, a label for tables and charts:
//
//	[{"label": "B5 SW", "estimator": "bp", "params": {"inference": "sw", "samples": 2000}},
//	 {"estimator": "symmetric", "preset": "fitted on AI games"}]
//
// A setting without a label is labelled as ParseSettings would write it,
// the preset first and then its parameters sorted by name. Errors name the
// setting by its place in the list.
func ReadSettings(data []byte, ests []estimators.Estimator, presets PresetFunc) ([]Candidate, error) {
	var list []jsonSetting
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("settings: an empty list")
	}
	var out []Candidate
	for k, s := range list {
		where := fmt.Sprintf("setting %d", k+1)
		if s.Label != "" {
			where += fmt.Sprintf(" (%q)", s.Label)
		}
		est, err := estimators.Find(ests, s.Estimator)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		in := est.Info()
		p := in.Defaults()
		names := make([]string, 0, len(s.Params))
		for name := range s.Params {
			names = append(names, name)
		}
		slices.Sort(names)
		label := s.Estimator
		if s.Preset != "" {
			if p, err = presetParams(est, s.Preset, presets); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			label += ":preset=" + s.Preset
		}
		for k, name := range names {
			text, err := jsonValue(s.Params[name])
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", where, name, err)
			}
			if p, err = in.Set(p, name, text); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			sep := ","
			if k == 0 && s.Preset == "" {
				sep = ":"
			}
			label += sep + name + "=" + text
		}
		if s.Label != "" {
			label = s.Label
		}
		if err := addSetting(&out, Candidate{Estimator: est, Params: p, Label: label}); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
	}
	return out, nil
}

// jsonValue returns a JSON number or string as the command line writes
// it.
func jsonValue(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return "", fmt.Errorf("%s is neither a number nor a string", raw)
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}
