package ui

import "fyne.io/fyne/v2"

// splitLayout puts the board area, the first object, on the left, as
// large as the window allows once the panel, the second, has its least
// width (panelMin at least), and gives the panel the rest of the width:
// the board has the priority at every size. The board area is square
// unless aspect (its width over its height) says otherwise, as for two
// boards side by side.
type splitLayout struct {
	panelMin float32
	aspect   float32 // 0 or 1: square
}

// boardSize returns the size of the board area in a window's content of
// the given size beside a panel at least panelMin wide.
func (l *splitLayout) boardSize(size fyne.Size, panelMin float32, least fyne.Size) fyne.Size {
	a := l.aspect
	if a <= 0 {
		a = 1
	}
	w := max(min(size.Height*a, size.Width-panelMin), least.Width)
	return fyne.NewSize(w, size.Height)
}

func (l *splitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	panelMin := max(l.panelMin, objs[1].MinSize().Width)
	b := l.boardSize(size, panelMin, objs[0].MinSize())
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(b)
	objs[1].Move(fyne.NewPos(b.Width, 0))
	objs[1].Resize(fyne.NewSize(size.Width-b.Width, size.Height))
}

func (l *splitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	b, p := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(b.Width+max(l.panelMin, p.Width), max(b.Height, p.Height))
}

// setBoardAspect makes the board area aspect times as wide as it is high
// (1 for one board, 2 for two side by side) and lays the window out again.
func (u *App) setBoardAspect(aspect float32) {
	if u.split.aspect == aspect {
		return
	}
	u.split.aspect = aspect
	u.main.Refresh()
}
