package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The side panel beside the board is a header, which says what position
// is shown and how to move through it, then sections one under the other
// in a scrolling column: the edited position's tools, the estimator, the
// convergence, the ranking, a lesson. Each section has a title bar that
// opens and closes it and, while it is closed, sums it up in a line, so a
// small window keeps every section within reach without taking height
// from the board. The package doc says how a panel adds one.

// section is one part of the side panel: a title bar and a body. It is
// shown while its body is visible, so a panel shows and hides its section
// as it always showed and hid its widgets (showIf(body, …)); it is open or
// closed as the user leaves it, kept in the preferences.
type section struct {
	name    string
	header  *sectionHeader
	body    fyne.CanvasObject
	holder  *fyne.Container // holds body; hidden while the section is closed
	box     *fyne.Container // the header and holder, laid out by sectionLayout
	stretch bool
	open    bool
	side    *sidePanel
}

// SetSummary sets the line the title bar shows beside the title while the
// section is closed: "symmetric · SPEC defaults".
func (s *section) SetSummary(text string) { s.header.setSummary(text) }

// SetOpen opens or closes the section, as a click on its title bar does.
func (s *section) SetOpen(open bool) {
	if open == s.open {
		return
	}
	s.open = open
	s.side.prefs().SetBool(keySectionOpen+s.name, open)
	showIf(s.holder, open && s.shown())
	s.header.setOpen(open)
	s.box.Refresh()
	s.side.list.Refresh()
}

// Open reports whether the section is open.
func (s *section) Open() bool { return s.open }

// shown reports whether the section has a place in the panel: its body
// is visible.
func (s *section) shown() bool { return s.body.Visible() }

// keySectionOpen + a section's name is the preference keeping whether the
// section is open.
const keySectionOpen = "section.open."

// sidePanel is the column of sections under the side panel's header.
type sidePanel struct {
	u         *App
	sections  []*section
	list      *fyne.Container // the sections' boxes
	scroll    *container.Scroll
	revealing *section // to scroll into view once laid out
}

// newSidePanel returns an empty column of sections.
func newSidePanel(u *App) *sidePanel {
	s := &sidePanel{u: u}
	s.list = container.New(&sectionsLayout{side: s})
	s.scroll = container.NewVScroll(s.list)
	return s
}

func (s *sidePanel) prefs() fyne.Preferences { return s.u.app.Preferences() }

// add puts a section titled title with body at the end of the column and
// returns it. name keys its state in the preferences. A stretching section
// (a plot, a list) takes a share of the height the others leave; the
// others are as tall as their bodies' least height. A section starts open
// unless the user closed it in an earlier session.
func (s *sidePanel) add(name, title string, body fyne.CanvasObject, stretch bool) *section {
	sec := &section{name: name, body: body, stretch: stretch, side: s}
	sec.open = s.prefs().BoolWithFallback(keySectionOpen+name, true)
	sec.header = newSectionHeader(title, func() { sec.SetOpen(!sec.open) })
	sec.header.setOpen(sec.open)
	sec.holder = container.NewStack(body)
	showIf(sec.holder, sec.open)
	sec.box = container.New(&sectionLayout{sec}, sec.header, sec.holder)
	s.sections = append(s.sections, sec)
	s.list.Add(sec.box)
	return sec
}

// reveal scrolls the column so that sec is in view, once the column has
// been laid out with it: a section the user just asked for (the ranking,
// with R) must not appear out of sight.
func (s *sidePanel) reveal(sec *section) {
	s.revealing = sec
	s.list.Refresh()
}

// scrollTo scrolls the column as little as brings sec into view, its top
// first when it is taller than the view.
func (s *sidePanel) scrollTo(sec *section) {
	view := s.scroll.Size().Height
	top := sec.box.Position().Y
	bottom := top + sec.box.Size().Height
	off := s.scroll.Offset.Y
	switch {
	case top < off:
		off = top
	case bottom > off+view:
		off = min(top, bottom-view)
	default:
		return
	}
	s.scroll.ScrollToOffset(fyne.NewPos(0, off))
}

// sectionLayout lays out a section: the title bar on top and, when the
// section is open, the body under it. A section whose body is hidden
// takes no room.
type sectionLayout struct{ s *section }

func (l *sectionLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	s := l.s
	// The box stays visible, so that the canvas goes on asking its least
	// size, which changes as the body is shown; what it holds is hidden.
	showIf(s.header, s.shown())
	showIf(s.holder, s.shown() && s.open)
	if !s.shown() {
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
	if !s.shown() {
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
// shares the height left among the open sections that stretch.
type sectionsLayout struct{ side *sidePanel }

func (l *sectionsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	gap := theme.Padding()
	need, stretching := float32(0), 0
	for _, s := range l.side.sections {
		if !s.shown() {
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
	for _, s := range l.side.sections {
		if !s.shown() {
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
	if sec := l.side.revealing; sec != nil && size.Height >= need-gap-0.5 {
		l.side.revealing = nil
		if sec.shown() {
			l.side.scrollTo(sec)
		}
	}
}

func (l *sectionsLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, s := range l.side.sections {
		if !s.shown() {
			continue
		}
		b := s.box.MinSize()
		m.Width = max(m.Width, b.Width)
		m.Height += b.Height + theme.Padding()
	}
	return m
}

// sectionHeader is a section's title bar: an arrow that points down while
// the section is open, the title in bold and, while it is closed, the
// section's summary. A click anywhere on it opens or closes the section.
type sectionHeader struct {
	tappable
	icon    *widget.Icon
	title   *widget.Label
	summary *widget.Label
	rule    *widget.Separator // the line above the title
	open    bool
	text    string
}

func newSectionHeader(title string, toggle func()) *sectionHeader {
	h := &sectionHeader{icon: widget.NewIcon(theme.MenuDropDownIcon()), title: heading(title), rule: widget.NewSeparator()}
	h.summary = cut(small(""))
	h.summary.Importance = widget.LowImportance
	bg := canvas.NewRectangle(color.Transparent) // the hover highlight
	h.tappable = tappable{content: container.New(headerLayout{h}, bg, h.rule, h.icon, h.title, h.summary), hover: bg, onTap: toggle}
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

// tappable shows content and calls onTap when clicked: a section's title
// bar, a row of the race's regions. With a hover rectangle it is a
// button: the pointer is a hand over it, and hover is highlighted.
type tappable struct {
	widget.BaseWidget
	content fyne.CanvasObject
	hover   *canvas.Rectangle
	onTap   func()
}

func newTappable(content fyne.CanvasObject, hover *canvas.Rectangle, onTap func()) *tappable {
	t := &tappable{content: content, hover: hover, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls onTap.
func (t *tappable) Tapped(*fyne.PointEvent) { t.onTap() }

// Cursor is a pointing hand over a button.
func (t *tappable) Cursor() desktop.Cursor {
	if t.hover == nil {
		return desktop.DefaultCursor
	}
	return desktop.PointerCursor
}

// MouseIn highlights a button.
func (t *tappable) MouseIn(*desktop.MouseEvent) { t.highlight(theme.Color(theme.ColorNameHover)) }

// MouseMoved does nothing: the highlight is set on entering.
func (t *tappable) MouseMoved(*desktop.MouseEvent) {}

// MouseOut takes the highlight off.
func (t *tappable) MouseOut() { t.highlight(color.Transparent) }

func (t *tappable) highlight(c color.Color) {
	if t.hover != nil {
		t.hover.FillColor = c
		t.hover.Refresh()
	}
}

func (t *tappable) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }

// atLeast is a layout that stacks its objects and is at least as large as
// it says: a plot in a stretching section keeps a legible height when the
// column is short, and the column scrolls instead.
type atLeast fyne.Size

func (a atLeast) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is nothing while every object is hidden, as a lesson hides the
// plot.
func (a atLeast) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(fyne.Size(a)).Max(o.MinSize())
		}
	}
	return m
}
