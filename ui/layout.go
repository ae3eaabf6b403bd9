package ui

import "fyne.io/fyne/v2"

// splitLayout puts the board, the first object, on the left as the
// largest square that leaves the panel, the second, at least panelMin
// wide, and gives the panel the rest of the width.
type splitLayout struct {
	panelMin float32
}

func (l *splitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	panelMin := max(l.panelMin, objs[1].MinSize().Width)
	side := max(min(size.Height, size.Width-panelMin), objs[0].MinSize().Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(side, size.Height))
	objs[1].Move(fyne.NewPos(side, 0))
	objs[1].Resize(fyne.NewSize(size.Width-side, size.Height))
}

func (l *splitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	b, p := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(b.Width+max(l.panelMin, p.Width), max(b.Height, p.Height))
}
