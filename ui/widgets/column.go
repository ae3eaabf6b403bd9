package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Column is a scrolling column of sections one under the other, each with
// a title bar that opens and closes it and, while it is closed, sums it
// up in a line: so a small window keeps every section within reach
// without taking height from what is beside the column.
type Column struct {
	prefs     fyne.Preferences
	sections  []*Section
	list      *fyne.Container // the sections' boxes
	scroll    *container.Scroll
	revealing *Section // to scroll into view once laid out
}

// SectionOpenKey + a section's name is the preference keeping whether the
// section is open.
const SectionOpenKey = "section.open."

// NewColumn returns an empty column that keeps which sections are open in
// prefs.
func NewColumn(prefs fyne.Preferences) *Column {
	c := &Column{prefs: prefs}
	c.list = container.New(&sectionsLayout{c})
	c.scroll = container.NewVScroll(c.list)
	return c
}

// Scroll returns the column, scrolling, to place in a window.
func (c *Column) Scroll() *container.Scroll { return c.scroll }

// Sections returns the column's sections in order.
func (c *Column) Sections() []*Section { return c.sections }

// Add puts a section titled title with body at the end of the column and
// returns it. name keys its state in the preferences. A stretching section
// (a plot, a list) takes a share of the height the others leave; the
// others are as tall as their bodies' least height. A section starts open
// unless the user closed it in an earlier session.
func (c *Column) Add(name, title string, body fyne.CanvasObject, stretch bool) *Section {
	s := &Section{name: name, body: body, stretch: stretch, column: c}
	s.open = c.prefs.BoolWithFallback(SectionOpenKey+name, true)
	s.header = newSectionHeader(title, func() { s.SetOpen(!s.open) })
	s.header.setOpen(s.open)
	s.holder = container.NewStack(body)
	ShowIf(s.holder, s.open)
	s.box = container.New(&sectionLayout{s}, s.header, s.holder)
	c.sections = append(c.sections, s)
	c.list.Add(s.box)
	return s
}

// Relayout lays the column out again, each container in it, at the sizes
// its sections need now. A panel that shows or hides rows calls it after:
// Fyne lays a container out again when its least size changes, but its
// canvas notes one container to lay out at a time as it walks the tree
// (Canvas.EnsureMinSize in Fyne 2.7.1), so when a section gains rows and
// a line of another changes in the same frame, the first is not laid out
// and its new rows are drawn over the section below until the next
// resize.
func (c *Column) Relayout() {
	// The scroll's renderer sizes the column to its least size and sets
	// the bars; a refresh of the scroll itself would refresh every widget
	// in the column.
	c.scroll.Base.Refresh()
	Relayout(c.list)
	if end := max(0, c.list.Size().Height-c.scroll.Size().Height); c.scroll.Offset.Y > end {
		c.scroll.ScrollToOffset(fyne.NewPos(c.scroll.Offset.X, end))
	}
}

// Relayout lays o out again, if it is a visible container, and every
// visible container in it, from the top down, at the sizes they have: so
// objects shown or hidden in a container that kept its size are placed
// for what is visible now. Widgets lay themselves out.
func Relayout(o fyne.CanvasObject) {
	c, ok := o.(*fyne.Container)
	if !ok || !c.Visible() {
		return
	}
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
	for _, child := range c.Objects {
		Relayout(child)
	}
}

// Reveal scrolls the column so that s is in view, once the column has been
// laid out with it: a section the user just asked for must not appear out
// of sight.
func (c *Column) Reveal(s *Section) {
	c.revealing = s
	c.list.Refresh()
}

// scrollTo scrolls the column as little as brings s into view, its top
// first when it is taller than the view.
func (c *Column) scrollTo(s *Section) {
	view := c.scroll.Size().Height
	top := s.box.Position().Y
	bottom := top + s.box.Size().Height
	off := c.scroll.Offset.Y
	switch {
	case top < off:
		off = top
	case bottom > off+view:
		off = min(top, bottom-view)
	default:
		return
	}
	c.scroll.ScrollToOffset(fyne.NewPos(0, off))
}

// Section is one part of a Column: a title bar and a body. It is shown
// while its body is visible, so a panel shows and hides its section as it
// shows and hides its widgets (ShowIf(body, …)); it is open or closed as
// the user leaves it, kept in the preferences.
type Section struct {
	name    string
	header  *sectionHeader
	body    fyne.CanvasObject
	holder  *fyne.Container // holds body; hidden while the section is closed
	box     *fyne.Container // the header and holder, laid out by sectionLayout
	stretch bool
	open    bool
	column  *Column
	// OnToggle, if not nil, is called after the user opens or closes the
	// section, with whether it is open: a section whose work is costly
	// stops it while closed.
	OnToggle func(open bool)
}

// Name returns the name the section was added with.
func (s *Section) Name() string { return s.name }

// SetSummary sets the line the title bar shows beside the title while the
// section is closed: "symmetric · defaults".
func (s *Section) SetSummary(text string) { s.header.setSummary(text) }

// Summary returns the summary last set, which the title bar shows while
// the section is closed.
func (s *Section) Summary() string { return s.header.text }

// SetOpen opens or closes the section, as a click on its title bar does.
func (s *Section) SetOpen(open bool) {
	if open == s.open {
		return
	}
	s.open = open
	s.column.prefs.SetBool(SectionOpenKey+s.name, open)
	ShowIf(s.holder, open && s.Shown())
	s.header.setOpen(open)
	s.box.Refresh()
	s.column.list.Refresh()
	if s.OnToggle != nil {
		s.OnToggle(open)
	}
}

// Open reports whether the section is open.
func (s *Section) Open() bool { return s.open }

// Shown reports whether the section has a place in the column: its body
// is visible.
func (s *Section) Shown() bool { return s.body.Visible() }

// Header returns the section's title bar, which opens and closes it when
// tapped.
func (s *Section) Header() fyne.CanvasObject { return s.header }

// Box returns the title bar and the body as laid out in the column: no
// size at all while the section is not shown.
func (s *Section) Box() fyne.CanvasObject { return s.box }

// sectionLayout lays out a section: the title bar on top and, when the
// section is open, the body under it. A section whose body is hidden
// takes no room.
type sectionLayout struct{ s *Section }

func (l *sectionLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	s := l.s
	// The box stays visible, so that the canvas goes on asking its least
	// size, which changes as the body is shown; what it holds is hidden.
	ShowIf(s.header, s.Shown())
	ShowIf(s.holder, s.Shown() && s.open)
	if !s.Shown() {
		return
	}
	hh := s.header.MinSize().Height
	s.header.Move(fyne.NewPos(0, 0))
	s.header.Resize(fyne.NewSize(size.Width, hh))
	pad := theme.Padding()
	s.holder.Move(fyne.NewPos(0, hh+pad))
	s.holder.Resize(fyne.NewSize(size.Width, max(0, size.Height-hh-pad)))
}

func (l *sectionLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	s := l.s
	if !s.Shown() {
		return fyne.Size{}
	}
	m := s.header.MinSize()
	if s.open {
		b := s.body.MinSize()
		m = fyne.NewSize(max(m.Width, b.Width), m.Height+theme.Padding()+b.Height)
	}
	return m
}

// sectionsLayout stacks the sections shown, each as tall as it needs, and
// shares the height left among the open sections that stretch. It leaves
// a gutter on the right for the scroll bar, which Fyne draws over the
// content: without it the bar covered the right end of the widest rows,
// the Defaults button's among them.
type sectionsLayout struct{ c *Column }

// gutter is the width the scroll bar takes at rest.
func gutter() float32 { return 2 * theme.ScrollBarSmallSize() }

func (l *sectionsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	size.Width = max(0, size.Width-gutter())
	gap := theme.Padding()
	need, stretching := float32(0), 0
	for _, s := range l.c.sections {
		if !s.Shown() {
			continue
		}
		need += s.box.MinSize().Height + gap
		if s.open && s.stretch {
			stretching++
		}
	}
	extra := float32(0)
	if stretching > 0 {
		extra = max(0, size.Height-need) / float32(stretching)
	}
	y := float32(0)
	for _, s := range l.c.sections {
		if !s.Shown() {
			// Out of the way, but where it would be: a hidden section
			// keeps no place it had in an earlier, taller layout.
			s.box.Move(fyne.NewPos(0, y))
			s.box.Resize(fyne.Size{})
			continue
		}
		h := s.box.MinSize().Height
		if s.open && s.stretch {
			h += extra
		}
		s.box.Move(fyne.NewPos(0, y))
		s.box.Resize(fyne.NewSize(size.Width, h))
		y += h + gap
	}
	// The column may be laid out at its old height first.
	if s := l.c.revealing; s != nil && size.Height >= need-gap-0.5 {
		l.c.revealing = nil
		if s.Shown() {
			l.c.scrollTo(s)
		}
	}
}

func (l *sectionsLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, s := range l.c.sections {
		if !s.Shown() {
			continue
		}
		b := s.box.MinSize()
		m.Width = max(m.Width, b.Width)
		m.Height += b.Height + theme.Padding()
	}
	m.Width += gutter()
	return m
}

// sectionHeader is a section's title bar: an arrow that points down while
// the section is open, the title in bold and, while it is closed, the
// section's summary. A click anywhere on it opens or closes the section.
type sectionHeader struct {
	Tappable
	icon    *widget.Icon
	title   *widget.Label
	summary *widget.Label
	rule    *widget.Separator // the line above the title
	open    bool
	text    string
}

func newSectionHeader(title string, toggle func()) *sectionHeader {
	h := &sectionHeader{icon: widget.NewIcon(theme.MenuDropDownIcon()), title: Heading(title), rule: widget.NewSeparator()}
	// In the text's own colour: the low importance's grey was too faint
	// to read on the dark theme. The bold title sets it apart.
	h.summary = Cut(Small(""))
	bg := canvas.NewRectangle(color.Transparent) // the hover highlight
	h.Tappable = Tappable{content: container.New(headerLayout{h}, bg, h.rule, h.icon, h.title, h.summary), hover: bg, onTap: toggle}
	h.ExtendBaseWidget(h)
	return h
}

// setOpen turns the arrow, and shows the summary only while closed.
func (h *sectionHeader) setOpen(open bool) {
	h.open = open
	if open {
		h.icon.SetResource(theme.MenuDropDownIcon())
	} else {
		h.icon.SetResource(theme.MenuExpandIcon())
	}
	h.showSummary()
}

func (h *sectionHeader) setSummary(text string) {
	h.text = text
	h.showSummary()
}

func (h *sectionHeader) showSummary() {
	t := h.text
	if h.open {
		t = ""
	}
	if h.summary.Text != t {
		h.summary.SetText(t)
	}
}

// headerLayout lays out a title bar: the highlight under everything, the
// rule along the top, the arrow, the title as wide as it needs and the
// summary in the rest.
type headerLayout struct{ h *sectionHeader }

func (l headerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	h := l.h
	objs[0].Resize(size)
	h.rule.Move(fyne.NewPos(0, 0))
	h.rule.Resize(fyne.NewSize(size.Width, theme.SeparatorThicknessSize()))
	is := theme.IconInlineSize()
	h.icon.Move(fyne.NewPos(0, (size.Height-is)/2))
	h.icon.Resize(fyne.NewSquareSize(is))
	tw := h.title.MinSize().Width
	h.title.Move(fyne.NewPos(is, 0))
	h.title.Resize(fyne.NewSize(tw, size.Height))
	h.summary.Move(fyne.NewPos(is+tw, 0))
	h.summary.Resize(fyne.NewSize(max(0, size.Width-is-tw), size.Height))
}

func (l headerLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	t := l.h.title.MinSize()
	return fyne.NewSize(theme.IconInlineSize()+t.Width, t.Height)
}

// Tappable shows content and calls onTap when clicked: a section's title
// bar, a row of a list. With a hover rectangle it is a button: the pointer
// is a hand over it, and hover is highlighted.
type Tappable struct {
	widget.BaseWidget
	content fyne.CanvasObject
	hover   *canvas.Rectangle
	onTap   func()
}

// NewTappable returns content that calls onTap when clicked; hover, if not
// nil, is the rectangle under content that lights up under the pointer.
func NewTappable(content fyne.CanvasObject, hover *canvas.Rectangle, onTap func()) *Tappable {
	t := &Tappable{content: content, hover: hover, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls onTap.
func (t *Tappable) Tapped(*fyne.PointEvent) { t.onTap() }

// Cursor is a pointing hand over a button.
func (t *Tappable) Cursor() desktop.Cursor {
	if t.hover == nil {
		return desktop.DefaultCursor
	}
	return desktop.PointerCursor
}

// MouseIn highlights a button.
func (t *Tappable) MouseIn(*desktop.MouseEvent) { t.highlight(theme.Color(theme.ColorNameHover)) }

// MouseMoved does nothing: the highlight is set on entering.
func (t *Tappable) MouseMoved(*desktop.MouseEvent) {}

// MouseOut takes the highlight off.
func (t *Tappable) MouseOut() { t.highlight(color.Transparent) }

func (t *Tappable) highlight(c color.Color) {
	if t.hover != nil {
		t.hover.FillColor = c
		t.hover.Refresh()
	}
}

// CreateRenderer shows the content.
func (t *Tappable) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
