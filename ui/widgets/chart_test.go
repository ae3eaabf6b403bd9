package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/render"
)

func TestPlot(t *testing.T) {
	test.NewApp()
	p := NewPlot()
	w := showIn(t, p, fyne.NewSize(400, 160))
	p.SetTrace([]float64{3, 1, 0.2, 0.01, 1e-3, 9e-5}, 1e-4)
	s, ok := p.spec.(render.TraceChart).Axis()
	if !ok || s.Lo != -5 || s.Hi != 1 {
		t.Errorf("axis %v %v, want decades −5…1", s, ok)
	}
	img := w.Canvas().Capture()
	if img.Bounds().Dx() < 400 {
		t.Errorf("capture %v", img.Bounds())
	}
	p.SetTrace([]float64{0}, 0)
	if _, ok := p.spec.(render.TraceChart).Axis(); ok {
		t.Error("an axis for a trace of zeros")
	}
	if got := render.PowerOfTen(-12); got != "10⁻¹²" {
		t.Errorf("PowerOfTen(-12) = %q", got)
	}
	if got := render.TraceTicks(80); len(got) < 3 || got[0] != 1 || got[len(got)-1] > 80 {
		t.Errorf("ticks for 80 iterations: %v", got)
	}
}

// TestPlotMessage shows a message in place of the plot, and a trace
// again after it.
func TestPlotMessage(t *testing.T) {
	test.NewApp()
	p := NewPlot()
	w := test.NewWindow(p)
	defer w.Close()
	p.SetMessage("no iteration")
	if p.Message() != "no iteration" || p.spec != nil {
		t.Errorf("message %q, chart %v", p.Message(), p.spec)
	}
	p.SetTrace([]float64{1, 0.1}, 0)
	if p.Message() != "" || p.spec == nil {
		t.Errorf("after a trace: message %q, chart %v", p.Message(), p.spec)
	}
}

// TestThermograph keeps the thermograph drawn until a message replaces
// it.
func TestThermograph(t *testing.T) {
	test.NewApp()
	g := NewThermograph()
	w := showIn(t, g, fyne.NewSize(300, 200))
	// {4|0}: walls from 4 and 0 at t = 0 meeting at 2 at t = 2.
	th := render.Thermo{
		Left:  []render.ThermoPoint{{T: -1, V: 4}, {T: 0, V: 4}, {T: 2, V: 2}},
		Right: []render.ThermoPoint{{T: -1, V: 0}, {T: 0, V: 0}, {T: 2, V: 2}},
		Mast:  2, Temperature: 2,
	}
	g.Set(th, 2)
	w.Canvas().Capture()
	if got, ok := g.Thermo(); !ok || got.Temperature != 2 {
		t.Errorf("drawn %+v, %v", got, ok)
	}
	g.SetMessage("too large")
	if _, ok := g.Thermo(); ok || g.Message() != "too large" {
		t.Errorf("after a message: shown %v, message %q", ok, g.Message())
	}
}
