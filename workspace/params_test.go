package workspace

import (
	"testing"

	"moyo/estimators"
	"moyo/estimators/catalog"
)

func TestParamSlider(t *testing.T) {
	sym, _ := catalog.ByName("symmetric")
	for _, s := range sym.Info().Params {
		if s.Kind == estimators.Choice {
			continue
		}
		v := sym.Info().Defaults().Num(s.Name)
		if got := FromSlider(s, ToSlider(s, v)); got != v {
			t.Errorf("%s: default %g comes back from the slider as %g", s.Name, v, got)
		}
		if lo, hi := FromSlider(s, 0), FromSlider(s, SliderSteps); lo != s.Min || hi != s.Max {
			t.Errorf("%s: slider spans %g–%g, want %g–%g", s.Name, lo, hi, s.Min, s.Max)
		}
	}
	tol := estimators.ParamSpec{Name: "tol", Min: 1e-10, Max: 1e-1, Log: true}
	if got := FormatParam(tol, 1e-4); got != "0.0001" {
		t.Errorf("tol shows as %q", got)
	}
}
