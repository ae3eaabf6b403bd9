package ui

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"moyo/estimators"
)

// paramOrder returns the order of the parameter controls. It also gives a
// control, with its SPEC range, to parameters that no estimator reads yet:
// SPEC names BP damping, so its slider is there, disabled, until bp arrives.
func paramOrder() []estimators.ParamSpec {
	return []estimators.ParamSpec{
		{Name: estimators.ParamMode},
		{Name: estimators.ParamLambda, Min: 0, Max: 1},
		{Name: estimators.ParamKappa, Min: 0, Max: 1},
		{Name: estimators.ParamAttenuation, Min: 1.1, Max: 6},
		{Name: estimators.ParamCap},
		{Name: estimators.ParamDamping, Min: 0, Max: 0.95},
		{Name: estimators.ParamTol, Min: 1e-10, Max: 1e-1, Log: true},
		{Name: estimators.ParamMaxIter, Min: 1, Max: 100000, Log: true},
	}
}

// ParamControls lists the parameters the GUI shows a control for: those in
// paramOrder, then any other that an estimator in ests reads, so that a new
// estimator's parameters appear without changes to the UI. Each spec is
// taken from the first estimator that reads the parameter, else from
// paramOrder.
func ParamControls(ests []estimators.Estimator) []estimators.ParamSpec {
	var specs []estimators.ParamSpec
	seen := map[estimators.Param]bool{}
	for _, s := range paramOrder() {
		if d, ok := declaredSpec(ests, s.Name); ok {
			s = d
		}
		specs = append(specs, s)
		seen[s.Name] = true
	}
	for _, e := range ests {
		for _, s := range e.Info().Params {
			if !seen[s.Name] {
				specs = append(specs, s)
				seen[s.Name] = true
			}
		}
	}
	return specs
}

// declaredSpec returns the spec of parameter name from the first estimator
// in ests that reads it.
func declaredSpec(ests []estimators.Estimator, name estimators.Param) (estimators.ParamSpec, bool) {
	for _, e := range ests {
		if s, ok := specOf(e.Info(), name); ok {
			return s, true
		}
	}
	return estimators.ParamSpec{}, false
}

// specOf returns the spec of parameter name in info, if the estimator reads it.
func specOf(info estimators.Info, name estimators.Param) (estimators.ParamSpec, bool) {
	i := slices.IndexFunc(info.Params, func(s estimators.ParamSpec) bool { return s.Name == name })
	if i < 0 {
		return estimators.ParamSpec{}, false
	}
	return info.Params[i], true
}

// field returns the field of p that holds parameter name: its name in
// CamelCase ("max-iter" is MaxIter). Going by name rather than through a
// switch gives a parameter added to estimators.Params its control with no
// change here.
func field(p *estimators.Params, name estimators.Param) (reflect.Value, bool) {
	var b strings.Builder
	for _, part := range strings.Split(string(name), "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	f := reflect.ValueOf(p).Elem().FieldByName(b.String())
	return f, f.IsValid() && f.CanSet()
}

// isInt reports whether a parameter takes whole numbers.
func isInt(name estimators.Param) bool {
	f, ok := field(&estimators.Params{}, name)
	return ok && f.CanInt()
}

// isChoice reports whether a parameter is chosen from a list.
func isChoice(s estimators.ParamSpec) bool { return len(s.Choices) > 0 }

// ParamValue returns the numeric parameter name of p, or NaN when p has
// no such number.
func ParamValue(p estimators.Params, name estimators.Param) float64 {
	f, ok := field(&p, name)
	switch {
	case ok && f.CanFloat():
		return f.Float()
	case ok && f.CanInt():
		return float64(f.Int())
	}
	return math.NaN()
}

// setParamValue sets the numeric parameter name of p, rounding whole-number
// parameters, and reports whether name is numeric.
func setParamValue(p *estimators.Params, name estimators.Param, v float64) bool {
	f, ok := field(p, name)
	switch {
	case ok && f.CanFloat():
		f.SetFloat(v)
	case ok && f.CanInt():
		f.SetInt(int64(math.Round(v)))
	default:
		return false
	}
	return true
}

// ParamChoice returns the string parameter name of p.
func ParamChoice(p estimators.Params, name estimators.Param) string {
	if f, ok := field(&p, name); ok && f.Kind() == reflect.String {
		return f.String()
	}
	return ""
}

// setParamChoice sets the string parameter name of p and reports whether
// name is a string parameter.
func setParamChoice(p *estimators.Params, name estimators.Param, v string) bool {
	f, ok := field(p, name)
	if !ok || f.Kind() != reflect.String {
		return false
	}
	f.SetString(v)
	return true
}

// sliderSteps is the number of steps of a parameter slider: fine enough
// for two decimals of λ, coarse enough that every step changes the value.
const sliderSteps = 1000

// logScale reports whether a parameter's slider is logarithmic: when its
// spec asks, and when its range spans three decades or more, as max-iter
// does, where a linear slider could not pick 10 or 100.
func logScale(s estimators.ParamSpec) bool {
	return s.Min > 0 && (s.Log || s.Max/s.Min >= 1000)
}

// toSlider maps a parameter value to a slider position in 0…sliderSteps,
// on a logarithmic scale for Log parameters.
func toSlider(s estimators.ParamSpec, v float64) float64 {
	var t float64
	if logScale(s) && v > 0 {
		t = math.Log(v/s.Min) / math.Log(s.Max/s.Min)
	} else if s.Max > s.Min {
		t = (v - s.Min) / (s.Max - s.Min)
	}
	return math.Round(max(0, min(1, t)) * sliderSteps)
}

// fromSlider maps a slider position back to a parameter value, rounded to
// what the value label shows, so that the value used is the value read.
func fromSlider(s estimators.ParamSpec, pos float64) float64 {
	t := max(0, min(1, pos/sliderSteps))
	var v float64
	if logScale(s) {
		v = s.Min * math.Pow(s.Max/s.Min, t)
	} else {
		v = s.Min + t*(s.Max-s.Min)
	}
	if isInt(s.Name) {
		return math.Round(v)
	}
	if s.Log {
		// Two significant digits: 1e-4, 2.5e-4.
		f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'e', 1, 64), 64)
		return f
	}
	return math.Round(v*1000) / 1000
}

// FormatParam writes a parameter value as its control shows it.
func FormatParam(s estimators.ParamSpec, v float64) string {
	switch {
	case isInt(s.Name):
		return strconv.Itoa(int(math.Round(v)))
	case s.Log:
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// paramLabel is the name a control is labelled with.
func paramLabel(name estimators.Param) string {
	switch name {
	case estimators.ParamMode:
		return "mode"
	case estimators.ParamLambda:
		return "λ"
	case estimators.ParamKappa:
		return "κ"
	case estimators.ParamAttenuation:
		return "attenuation"
	case estimators.ParamCap:
		return "cap"
	case estimators.ParamDamping:
		return "BP damping"
	case estimators.ParamTol:
		return "tolerance"
	case estimators.ParamMaxIter:
		return "max iterations"
	}
	if name == "" {
		return ""
	}
	return string(name)
}
