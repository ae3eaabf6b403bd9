package workspace

import (
	"math"
	"slices"
	"strconv"

	"moyo/estimators"
)

// The parameters' controls: which parameters the app shows a control for,
// and how a slider's position maps to a parameter's value and back. They
// hold no Fyne, so that what a slider sets is tested without a window.

// ParamControls lists the parameters the app shows a control for: every
// parameter an estimator of ests has, by name, in the order the
// estimators list them, except a fitted model's (ParamSpec.Model), which
// presets set. A parameter two estimators share has one control, with the
// chosen estimator's range (see Settings.Spec). Each spec is the first
// estimator's that has the parameter.
func ParamControls(ests []estimators.Estimator) []estimators.ParamSpec {
	var specs []estimators.ParamSpec
	seen := map[string]bool{}
	for _, e := range ests {
		for _, s := range e.Info().Params {
			if !seen[s.Name] && !s.Model {
				specs = append(specs, s)
				seen[s.Name] = true
			}
		}
	}
	// Choices first, as before: they share rows two by two above the
	// sliders; the stopping rule last.
	slices.SortStableFunc(specs, func(a, b estimators.ParamSpec) int {
		return paramRank(a) - paramRank(b)
	})
	return specs
}

// paramRank orders the controls: choices, then the estimators' own
// numbers, then the stopping rule of the iterative ones.
func paramRank(s estimators.ParamSpec) int {
	switch {
	case s.Kind == estimators.Choice:
		return 0
	case s.Name == "tol" || s.Name == "max-iter":
		return 2
	}
	return 1
}

// SliderSteps is the number of steps of a parameter slider: fine enough
// for two decimals of λ, coarse enough that every step changes the value.
const SliderSteps = 1000

// logScale reports whether a parameter's slider is logarithmic: when its
// spec asks, and when its range spans three decades or more, as max-iter
// does, where a linear slider could not pick 10 or 100.
func logScale(s estimators.ParamSpec) bool {
	return s.Min > 0 && (s.Log || s.Max/s.Min >= 1000)
}

// ToSlider maps a parameter value to a slider position in 0…SliderSteps,
// on a logarithmic scale for Log parameters.
func ToSlider(s estimators.ParamSpec, v float64) float64 {
	var t float64
	if logScale(s) && v > 0 {
		t = math.Log(v/s.Min) / math.Log(s.Max/s.Min)
	} else if s.Max > s.Min {
		t = (v - s.Min) / (s.Max - s.Min)
	}
	return math.Round(max(0, min(1, t)) * SliderSteps)
}

// FromSlider maps a slider position back to a parameter value, rounded to
// what the value label shows (FormatParam), so that the value used is the
// value read.
func FromSlider(s estimators.ParamSpec, pos float64) float64 {
	t := max(0, min(1, pos/SliderSteps))
	var v float64
	if logScale(s) {
		v = s.Min * math.Pow(s.Max/s.Min, t)
	} else {
		v = s.Min + t*(s.Max-s.Min)
	}
	if s.Kind == estimators.Integer {
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
	case s.Kind == estimators.Integer:
		return strconv.Itoa(int(math.Round(v)))
	case s.Log:
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
