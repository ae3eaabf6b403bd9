package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/test"
)

// TestHideOverflow lays two tree views in a scrolling column, one in its
// view and one below it: the capture hides the one the software painter
// would draw outside the column, and keeps the other.
func TestHideOverflow(t *testing.T) {
	a := test.NewApp()
	defer a.Quit()
	in, out := NewTreeView(9, 3), NewTreeView(9, 3)
	spacer := layout.NewSpacer()
	col := container.New(AtLeast{Height: 400}, container.NewVBox(in, container.New(AtLeast{Height: 300}, spacer), out))
	scroll := container.NewVScroll(col)
	w := showIn(t, container.NewBorder(nil, NewTreeView(9, 3), nil, nil, scroll), fyne.NewSize(300, 200))
	hideOverflow(w.Content(), fyne.Position{}, nil)
	if !in.Visible() || out.Visible() {
		t.Errorf("in view: shown %v; below the view: shown %v", in.Visible(), out.Visible())
	}
	// Scrolled to the end, the other way round.
	scroll.ScrollToBottom()
	in.Show()
	out.Show()
	hideOverflow(w.Content(), fyne.Position{}, nil)
	if in.Visible() || !out.Visible() {
		t.Errorf("scrolled down: above the view shown %v; in view shown %v", in.Visible(), out.Visible())
	}
}
