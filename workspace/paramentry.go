package workspace

import (
	"fmt"
	"strings"

	"moyo/estimators"
)

// EnterParam sets the numeric parameter name of the chosen estimator to
// the value typed in text, as a slider's entry box takes it: a number
// (with a point or a comma for the decimal mark; a whole number for a
// whole-number parameter) within the slider's range. A value outside the
// range is brought to its nearer end, and the returned note says so
// ("1.5 is outside λ's range, 0 to 1: 1 is used"); text that is not such a number, or a
// value the estimator refuses with its other settings, is an error that
// names the control as the app labels it, and changes nothing.
func (s *Settings) EnterParam(name, text string) (note string, err error) {
	spec, ok := s.Spec(name)
	if !ok || spec.Kind == estimators.Choice {
		return "", fmt.Errorf("%s has no numeric parameter %s", s.est.Info().Name, name)
	}
	label := spec.DisplayName()
	if !s.Uses(name) {
		return "", fmt.Errorf("%s is not read with the other settings", label)
	}
	// The parser of the command line, naming the control as it is
	// labelled.
	named := spec
	named.Name = label
	val, err := named.Parse(strings.Replace(strings.TrimSpace(text), ",", ".", 1))
	if err != nil {
		return "", err
	}
	v := max(spec.Min, min(val.Num, spec.Max))
	if v != val.Num {
		note = fmt.Sprintf("%s is outside %s's range, %s to %s: %s is used", FormatParam(spec, val.Num), label,
			FormatParam(spec, spec.Min), FormatParam(spec, spec.Max), FormatParam(spec, v))
	}
	p := s.Params().WithNum(name, v)
	if err := s.est.Check(p); err != nil {
		return "", fmt.Errorf("%s %s: %w", label, FormatParam(spec, v), err)
	}
	s.setParams(p)
	return note, nil
}
