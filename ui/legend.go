package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// legendHeight is the height of the legend in units: render.Legend's
// smallest with text still legible.
const legendHeight = 40

// maxLegendHeight is the height the legend grows to in a wide panel.
const maxLegendHeight = 56

// legend is the key to the overlay, drawn by render.Legend: the grey scale
// from −1 (White's) to +1 (Black's) on the board's wood, named for the
// estimator whose values the board shows, or from 0 to 1 where the board
// shows how far a cycle swings. It is hidden with the overlay.
type legend struct {
	widget.BaseWidget
	u      *App
	title  string
	scale  render.Scale
	raster *canvas.Raster
}

// legendChanges are the changes the legend shows.
const legendChanges = workspace.ChangeEstimator | workspace.ChangeOverlay | workspace.ChangeReference |
	workspace.ChangeResult | workspace.ChangeMode // a cycle; the count mode

func newLegend(u *App) *legend {
	l := &legend{u: u}
	l.raster = canvas.NewRaster(l.draw)
	l.ExtendBaseWidget(l)
	return l
}

// Title returns what the legend is titled with: the name of what the
// board's values are, the estimator's, the reference's or their
// difference's.
func (l *legend) Title() string { return l.title }

// update names what the board shows and hides the legend with the
// overlay.
func (l *legend) update(workspace.Change) {
	ws := l.u.ws
	o := ws.Overlay()
	// The count mode shows its count, not the values the key is for.
	counting := ws.Mode().Kind() == workspace.KindCount
	widgets.ShowIf(l, !o.Hidden && o.Style != render.NoOverlay && !counting)
	scale := render.ValueScale()
	if ws.ShowsCycle() {
		scale = render.SwingScale() // the swing over the largest: "1 = 0.0049" in the title
	}
	if title := ws.ValuesName(); title != l.title || scale != l.scale {
		l.title, l.scale = title, scale
		l.raster.Refresh()
	}
}

// Scale returns the scale the legend's bar spans.
func (l *legend) Scale() render.Scale { return l.scale }

// draw paints the legend as wide as the raster allows at its height
// (render.LegendIn).
func (l *legend) draw(w, h int) image.Image {
	return render.LegendIn(w, h, l.title, render.Options{Scale: l.scale})
}

func (l *legend) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(l.raster)
}

// MinSize is as narrow as a key can be, and as tall as render.Legend
// draws a key of the legend's width, from legendHeight to
// maxLegendHeight: so the key spans a wider panel too.
func (l *legend) MinSize() fyne.Size {
	h := min(max(l.Size().Width/12, legendHeight), maxLegendHeight)
	return fyne.NewSize(8*legendHeight, h)
}
