package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// showIn returns a test window showing o at size, closed when the test
// ends.
func showIn(t *testing.T, o fyne.CanvasObject, size fyne.Size) fyne.Window {
	t.Helper()
	w := test.NewWindow(o)
	t.Cleanup(w.Close)
	w.Resize(size)
	return w
}
