package widgets

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/theme"
)

// Capture renders the content of w, at its current size and scale, with
// Fyne's software painter. Window.Canvas().Capture reads the OpenGL frame
// buffer, which is blank under a virtual X server such as Xvfb; the
// software painter draws the same widgets without a GPU. The content
// moves to the software canvas, so w is not usable afterwards: capture
// just before quitting. Call it on the UI goroutine.
func Capture(w fyne.Window) image.Image {
	content := w.Content()
	size := content.Size()
	pad := theme.Padding()
	c := software.NewCanvas()
	c.SetScale(w.Canvas().Scale())
	c.SetPadded(true)
	c.SetContent(content)
	c.Resize(size.Add(fyne.NewSize(2*pad, 2*pad)))
	// A second layout, as a window's canvas makes when an object's least
	// size changes with its size (the legend's height with its width).
	content.Refresh()
	hideOverflow(content, fyne.Position{}, nil)
	return c.Capture()
}

// hideOverflow hides the scrollable widgets under o, at pos in the
// window, that reach outside the view of the scroll container holding
// them (view, nil for none). Fyne 2.7.1's software painter clips each
// scrollable object to its own bounds instead of within its container's
// view (internal/driver.walkObjectTree), so the record's tree view, when
// scrolled out of the side panel's view, was drawn over the status bar;
// the OpenGL painter clips it right.
func hideOverflow(o fyne.CanvasObject, pos fyne.Position, view *[2]fyne.Position) {
	if !o.Visible() {
		return
	}
	at := pos.Add(o.Position())
	end := at.Add(fyne.NewPos(o.Size().Width, o.Size().Height))
	switch c := o.(type) {
	case *container.Scroll:
		v := [2]fyne.Position{at, end}
		if view != nil {
			v[0] = fyne.NewPos(max(v[0].X, view[0].X), max(v[0].Y, view[0].Y))
			v[1] = fyne.NewPos(min(v[1].X, view[1].X), min(v[1].Y, view[1].Y))
		}
		if c.Content != nil {
			hideOverflow(c.Content, at, &v) // the content is moved by the offset
		}
	case *fyne.Container:
		for _, child := range c.Objects {
			hideOverflow(child, at, view)
		}
	case fyne.Scrollable:
		if view != nil && (at.X < view[0].X || at.Y < view[0].Y || end.X > view[1].X || end.Y > view[1].Y) {
			o.Hide()
		}
	}
}
