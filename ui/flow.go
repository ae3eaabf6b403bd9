package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// flowLayout lays its objects out as text flows: left to right, each as
// wide as its least width and as high as its row, a new row when the next
// would pass the container's right edge. So a row of buttons wraps
// rather than widen the side panel and shrink the board. Its least width
// is its widest object's; its least height is that of the rows at the
// width it was last laid out at (one row before the first layout).
type flowLayout struct {
	width float32 // of the last layout; 0 before the first
}

// rows splits objs, visible ones only, into rows no wider than width
// (one object a row at least), and returns each row's objects and height.
func (l *flowLayout) rows(objs []fyne.CanvasObject, width float32) (rows [][]fyne.CanvasObject, heights []float32) {
	gap := theme.Padding()
	x := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if len(rows) == 0 || x > 0 && x+gap+m.Width > width {
			rows = append(rows, nil)
			heights = append(heights, 0)
			x = 0
		} else if x > 0 {
			x += gap
		}
		k := len(rows) - 1
		rows[k] = append(rows[k], o)
		heights[k] = max(heights[k], m.Height)
		x += m.Width
	}
	return rows, heights
}

func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	gap := theme.Padding()
	rows, heights := l.rows(objs, size.Width)
	y := float32(0)
	for k, row := range rows {
		x := float32(0)
		for _, o := range row {
			w := o.MinSize().Width
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, heights[k]))
			x += w + gap
		}
		y += heights[k] + gap
	}
}

func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var widest float32
	for _, o := range objs {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	width := l.width
	if width == 0 {
		// Before the first layout, one row: a guess of many rows would
		// make the window taller than it needs to be, and a window
		// does not shrink back.
		width = float32(1 << 20)
	}
	_, heights := l.rows(objs, max(width, widest))
	h := float32(0)
	for k, rh := range heights {
		if k > 0 {
			h += theme.Padding()
		}
		h += rh
	}
	return fyne.NewSize(widest, h)
}

// shareLayout puts its objects in a row that fills the container, each
// as wide as its least width plus an equal share of the width left over:
// a row of buttons easy to aim at, no wider at least than its labels
// need, where a grid would make every button as wide as the widest.
type shareLayout struct{}

func (shareLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	gap := theme.Padding()
	need, n := float32(0), 0
	for _, o := range objs {
		if o.Visible() {
			need += o.MinSize().Width
			n++
		}
	}
	if n == 0 {
		return
	}
	extra := max(0, size.Width-need-gap*float32(n-1)) / float32(n)
	x := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		w := o.MinSize().Width + extra
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + gap
	}
}

func (shareLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	n := 0
	for _, o := range objs {
		if o.Visible() {
			s := o.MinSize()
			m.Width += s.Width
			m.Height = max(m.Height, s.Height)
			n++
		}
	}
	if n > 1 {
		m.Width += theme.Padding() * float32(n-1)
	}
	return m
}
