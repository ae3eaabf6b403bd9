package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// The histogram's size in units: as wide as the panel allows, and tall
// enough for bars that tell a peak from a tail and labels still legible.
const (
	histogramHeight   = 56
	histogramMinWidth = 160
	// histogramBars is the most bars drawn: a score range of 80 points,
	// common in the middle game, gets a bar per score.
	histogramBars = 40
)

// winPanel shows, for the Boltzmann estimators, what Swendsen–Wang
// samples of the final territory say of the position shown: P(Black
// wins) at the komi and the mean area score, each with its standard
// error; the spread of the scores, and why it is wide when it is; and a
// small histogram of the scores with the komi marked, drawn by
// render.DrawHistogram. They sharpen while the sampling runs. It is
// hidden for the other estimators.
type winPanel struct {
	u      *App
	box    *fyne.Container
	line   *widget.Label
	spread *widget.Label
	raster *canvas.Raster
	chart  render.Histogram // of the estimate shown
	charts bool             // chart holds one
}

// winChanges are the changes the panel shows.
const winChanges = workspace.ChangeScoreDist | workspace.ChangeResult | workspace.ChangeEstimator | workspace.ChangeParams

// build makes the line and the histogram, hidden.
func (p *winPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	p.line = widgets.Small("")
	p.line.Wrapping = fyne.TextWrapWord
	p.spread = widgets.Wrapped(widgets.Small(""))
	p.spread.Hide()
	p.raster = canvas.NewRaster(p.draw)
	p.raster.SetMinSize(fyne.NewSize(histogramMinWidth, histogramHeight))
	p.box = container.NewVBox(p.line, p.spread, p.raster)
	p.box.Hide()
	return p.box
}

// update shows the estimate so far.
func (p *winPanel) update(c workspace.Change) {
	if c&winChanges == 0 {
		return
	}
	// The panel keeps its place while the next run is under way, so that
	// stepping through a record does not make the panel jump.
	d := p.u.ws.ScoreDist()
	widgets.ShowIf(p.box, p.u.ws.Samples())
	text := workspace.MinusSigns(d.Line())
	if text == "" {
		text = "P(Black wins): waiting for the estimate…"
	}
	if p.line.Text != text {
		p.line.SetText(text)
	}
	widgets.SetLine(p.spread, workspace.MinusSigns(d.SpreadLine()))
	p.chart, p.charts = d.Chart(histogramBars)
	p.raster.Refresh()
}

// draw paints the histogram at the raster's size in pixels; nothing where
// there is none or no room for one.
func (p *winPanel) draw(w, h int) image.Image {
	if p.charts {
		if img, err := render.DrawHistogram(w, h, p.chart, render.Options{}); err == nil {
			return img
		}
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}
