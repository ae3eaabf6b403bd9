package ui

import (
	"image"
	"image/color"
	"testing"

	"moyo/render"
)

// BenchmarkSliderToGraph is the game graph's redraw after a slider moves,
// with symmetric at its defaults on the 235 moves of the sample: the
// board's run, then every position's, and the chart drawn at the size it
// has at 1400×900. Each value of λ is new, so that no curve comes from
// the cache: the time is that of a frame of the graph while the slider
// is dragged.
func BenchmarkSliderToGraph(b *testing.B) {
	u, _, q := newTestApp(b)
	lambda := u.est.control("lambda")
	q.Until(b, func() bool { return graphComplete(u) })
	measure := func(s string) (float32, float32) { return 7 * float32(len([]rune(s))), 14 }
	colors := render.ChartColors{Fg: color.White, Primary: color.RGBA{0x20, 0x60, 0xff, 0xff}, Accent: color.RGBA{0xff, 0x20, 0x20, 0xff}}
	i := 0
	for b.Loop() {
		i++
		lambda.slider.SetValue(300 + float64(i%100))
		q.Until(b, func() bool { return !u.ws.Runs().Running() && graphComplete(u) })
		v, _ := u.ws.GraphView()
		l := v.Chart.Layout(540, 140, 4, measure)
		img := image.NewRGBA(image.Rect(0, 0, int(l.Frame.W), int(l.Frame.H)))
		l.Paint(img, colors, 1)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}
