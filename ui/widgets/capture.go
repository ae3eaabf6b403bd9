package widgets

import (
	"image"

	"fyne.io/fyne/v2"
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
	return c.Capture()
}
