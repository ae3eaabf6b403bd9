package ui

import (
	"image"

	"fyne.io/fyne/v2"
)

// Geometry returns where the main parts of the window are, in pixels of
// the window's canvas: "board", "move" (the move counter), "panel" (the
// side panel), "column" (its scrolling column of sections, as much of it
// as is in view), "plot" (the convergence plot, which may lie outside the
// column's view), "legend", "section.NAME" (the title bar of each section
// shown: "section.estimator") and one entry per parameter control, its
// slider or its list of choices, named as the parameter ("lambda"). Tools that drive the app from outside, such as the
// end-to-end test, aim with it instead of guessing a layout that changes
// with fonts and themes.
func (u *App) Geometry() map[string]image.Rectangle {
	d := u.app.Driver()
	scale := u.win.Canvas().Scale()
	rect := func(o fyne.CanvasObject) image.Rectangle {
		p := d.AbsolutePositionForObject(o)
		s := o.Size()
		return image.Rect(int(p.X*scale), int(p.Y*scale), int((p.X+s.Width)*scale), int((p.Y+s.Height)*scale))
	}
	g := map[string]image.Rectangle{
		"board":  rect(u.board),
		"move":   rect(u.game.moveLine),
		"panel":  rect(u.main.Objects[1]),
		"column": rect(u.side.Scroll()),
		"plot":   rect(u.conv.plot),
	}
	if u.legend.Visible() {
		g["legend"] = rect(u.legend)
	}
	for _, s := range u.side.Sections() {
		if s.Shown() {
			g["section."+s.Name()] = rect(s.Header())
		}
	}
	for _, c := range u.est.controls {
		if c.slider != nil {
			g[c.spec.Name] = rect(c.slider)
		} else {
			g[c.spec.Name] = rect(c.choice)
		}
	}
	return g
}
