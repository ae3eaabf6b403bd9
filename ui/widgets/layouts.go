package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Flow lays its objects out as text flows: left to right, each as
// wide as its least width and as high as its row, a new row when the next
// would pass the container's right edge. So a row of buttons wraps
// rather than widen the side panel and shrink the board. Its least width
// is its widest object's; its least height is that of the rows at the
// width it was last laid out at (one row before the first layout).
type Flow struct {
	width float32 // of the last layout; 0 before the first
}

// rows splits objs, visible ones only, into rows no wider than width
// (one object a row at least), and returns each row's objects and height.
func (l *Flow) rows(objs []fyne.CanvasObject, width float32) (rows [][]fyne.CanvasObject, heights []float32) {
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

// Layout places the objects in rows.
func (l *Flow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
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

// MinSize is the widest object's width and the rows' height at the last
// width laid out.
func (l *Flow) MinSize(objs []fyne.CanvasObject) fyne.Size {
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

// Share puts its objects in a row that fills the container, each
// as wide as its least width plus an equal share of the width left over:
// a row of buttons easy to aim at, no wider at least than its labels
// need, where a grid would make every button as wide as the widest.
type Share struct{}

// Layout shares the width.
func (Share) Layout(objs []fyne.CanvasObject, size fyne.Size) {
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

// MinSize is the objects' least widths side by side.
func (Share) MinSize(objs []fyne.CanvasObject) fyne.Size {
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

// Split puts a board area, the first of its two objects, on the left, as
// large as the container allows once the panel, the second, has its least
// width (PanelMin at least), and gives the panel the rest of the width:
// the board has the priority at every size. The board area is square
// unless Aspect (its width over its height) says otherwise, as for two
// boards side by side.
type Split struct {
	PanelMin float32
	Aspect   float32 // 0 or 1: square
}

// Layout gives the board area its width and the panel the rest.
func (l *Split) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	a := l.Aspect
	if a <= 0 {
		a = 1
	}
	panelMin := max(l.PanelMin, objs[1].MinSize().Width)
	w := max(min(size.Height*a, size.Width-panelMin), objs[0].MinSize().Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(w, size.Height))
	objs[1].Move(fyne.NewPos(w, 0))
	objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
}

// MinSize is the board area's least width and the panel's side by side.
func (l *Split) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	b, p := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(b.Width+max(l.PanelMin, p.Width), max(b.Height, p.Height))
}

// stack lays each of objs over the whole of size.
func stack(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// FixedWidth is a layout that is as wide as it says and as high as its
// tallest object, and stacks its objects in that size.
type FixedWidth float32

// Layout stacks the objects in size.
func (w FixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	stack(objs, size)
}

// MinSize is the width w and the tallest object's height.
func (w FixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(float32(w), h)
}

// AtLeast is a layout that stacks its objects and is at least as large as
// it says: a plot in a stretching section keeps a legible height when the
// column is short, and the column scrolls instead.
type AtLeast fyne.Size

// Layout stacks the objects in size.
func (a AtLeast) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	stack(objs, size)
}

// MinSize is nothing while every object is hidden, as a lesson hides the
// plot.
func (a AtLeast) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(fyne.Size(a)).Max(o.MinSize())
		}
	}
	return m
}
