package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"moyo/render"
)

// BenchmarkBoardDraw is the drawing of a new 19×19 overlay into the
// board's reused image at the size it has in a 1200×760 window.
func BenchmarkBoardDraw(b *testing.B) {
	for _, bc := range []struct {
		name string
		opt  render.Options
	}{
		{"shading", render.Options{Overlay: render.Shading}},
		{"squares", render.Options{Overlay: render.Squares}},
		{"numbers", render.Options{Overlay: render.Shading, Numbers: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			u, _, _ := newTestApp(b)
			o, _ := u.ws.Runs().Shown()
			u.board.Set(u.ws.Position(), o.Result.Values, bc.opt)
			u.board.draw(700, 700)
			b.ResetTimer()
			for b.Loop() {
				u.board.draw(700, 700)
			}
		})
	}
}

// BenchmarkSliderToOverlay is the whole update after a slider moves, with
// symmetric on 19×19 at its defaults: the model asks the runner for a run,
// the worker runs it, the outcome comes back through the posted function,
// the board is handed the new values and refreshed, and the raster is
// drawn as the next frame would.
func BenchmarkSliderToOverlay(b *testing.B) {
	u, _, q := newTestApp(b)
	lambda := u.est.control("lambda")
	positions := []float64{430, 440}
	i := 0
	for b.Loop() {
		i++
		lambda.slider.SetValue(positions[i%2])
		q.Until(b, func() bool { return !u.ws.Runs().Running() })
		u.board.draw(700, 700)
	}
	if o, _ := u.ws.Runs().Shown(); o.Est.Info().Name != "symmetric" {
		b.Fatalf("ran %s", o.Est.Info().Name)
	}
}

// BenchmarkRelayout is the side panel laid out again after a change, as
// every change of the workspace does (App.relayout), in a 1400×900
// window.
func BenchmarkRelayout(b *testing.B) {
	u, w, _ := newTestApp(b)
	w.Resize(fyne.NewSize(1400, 900-menuBarHeight))
	for b.Loop() {
		u.relayout(0)
	}
}
