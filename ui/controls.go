package ui

import (
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keySlider is a slider that leaves the keyboard to the app. A slider
// takes the focus when it is clicked, and a focused slider would take the
// arrow keys that step through the record; this one hands every key to
// typed instead, since its value is set with the mouse.
type keySlider struct {
	widget.Slider
	typed func(*fyne.KeyEvent)
}

func newKeySlider(min, max float64, typed func(*fyne.KeyEvent)) *keySlider {
	s := &keySlider{typed: typed}
	s.Min, s.Max, s.Step = min, max, 1
	s.Orientation = widget.Horizontal
	s.Value = min
	s.ExtendBaseWidget(s)
	return s
}

// Set shows v without calling OnChanged: the program showing what the
// workspace holds is not the user moving the slider, and must not be
// taken for a change.
func (s *keySlider) Set(v float64) {
	f := s.OnChanged
	s.OnChanged = nil
	s.SetValue(v)
	s.OnChanged = f
}

// TypedKey passes the key to the app.
func (s *keySlider) TypedKey(e *fyne.KeyEvent) {
	if s.typed != nil {
		s.typed(e)
	}
}

// keySelect is a drop-down list that leaves the arrow keys to the app: a
// focused widget.Select changes its value on ← and →, which would switch
// estimators while the user means to step through the record. Space still
// opens the list.
type keySelect struct {
	widget.Select
	typed func(*fyne.KeyEvent)
}

func newKeySelect(options []string, changed func(string), typed func(*fyne.KeyEvent)) *keySelect {
	s := &keySelect{typed: typed}
	s.Options, s.OnChanged = options, changed
	s.PlaceHolder = "—"
	s.ExtendBaseWidget(s)
	return s
}

// Set shows the option text, or none for "", without calling OnChanged,
// which widget.Select calls on every SetSelected: the program showing
// what the workspace holds is not the user choosing. An option that is
// not in the list leaves the list as it was.
func (s *keySelect) Set(text string) {
	f := s.OnChanged
	s.OnChanged = nil
	if text == "" {
		s.ClearSelected()
	} else {
		s.SetSelected(text)
	}
	s.OnChanged = f
}

// TypedKey opens the list on space and passes other keys to the app.
func (s *keySelect) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeySpace || s.typed == nil {
		s.Select.TypedKey(e)
		return
	}
	s.typed(e)
}

// keyCheck is a check box that passes the keys to the app: a clicked check
// box keeps the focus, and widget.Check swallows every key.
type keyCheck struct {
	widget.Check
	typed func(*fyne.KeyEvent)
}

func newKeyCheck(label string, changed func(bool), typed func(*fyne.KeyEvent)) *keyCheck {
	c := &keyCheck{typed: typed}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// Set shows checked without calling OnChanged.
func (c *keyCheck) Set(checked bool) {
	f := c.OnChanged
	c.OnChanged = nil
	c.SetChecked(checked)
	c.OnChanged = f
}

// TypedKey passes the key to the app; space reaches the box as a rune.
func (c *keyCheck) TypedKey(e *fyne.KeyEvent) {
	if c.typed != nil {
		c.typed(e)
	}
}

// segmented is a row of buttons of which one is chosen, like a radio group
// but made of buttons, which do not take the keyboard focus when clicked.
type segmented struct {
	buttons []*widget.Button
	row     *fyne.Container
}

// newSegmented returns the buttons, laid out by l (nil for a row of
// buttons as wide as their labels), with icons if icons is not nil.
func newSegmented(l fyne.Layout, labels []string, icons []fyne.Resource, chosen func(i int)) *segmented {
	if l == nil {
		l = layout.NewHBoxLayout()
	}
	s := &segmented{row: container.New(l)}
	for i, label := range labels {
		b := widget.NewButton(label, func() { chosen(i) })
		if icons != nil {
			b.SetIcon(icons[i])
		}
		s.buttons = append(s.buttons, b)
		s.row.Add(b)
	}
	return s
}

// Set marks button i as the chosen one; i = −1 marks none.
func (s *segmented) Set(i int) {
	for j, b := range s.buttons {
		imp := widget.LowImportance
		if j == i {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
}

// spinner is a number with buttons that step it down and up, and an entry
// to type it in. Buttons rather than a slider, since a board size or a
// komi is usually near the one shown; the arrow keys ↑ and ↓ in the entry
// step it too.
type spinner struct {
	entry    *numEntry
	down, up *widget.Button
	object   fyne.CanvasObject
	step     float64
	value    float64       // the value shown, as the model has it
	set      func(float64) // asks for a value; the model may refuse it
	unfocus  func()        // gives the keys back to the app
}

// newSpinner returns a spinner stepping by step, whose entry is width
// wide. set is called with the value the user asks for; Set shows the
// value the model then holds.
func newSpinner(step float64, width float32, set func(float64), unfocus func()) *spinner {
	s := &spinner{step: step, set: set, unfocus: unfocus}
	s.entry = &numEntry{s: s}
	s.entry.ExtendBaseWidget(s.entry)
	s.down = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.spin(-1) })
	s.up = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.spin(1) })
	s.object = container.NewHBox(s.down, container.New(fixedWidth(width), s.entry), s.up)
	return s
}

// Set shows v.
func (s *spinner) Set(v float64) {
	s.value = v
	if t := strconv.FormatFloat(v, 'f', -1, 64); s.entry.Text != t {
		s.entry.SetText(t)
	}
}

func (s *spinner) spin(dir float64) { s.set(s.value + dir*s.step) }

// submit asks for the value typed, then shows the value the model holds:
// the typed one if it was taken, else the one before.
func (s *spinner) submit() {
	text := strings.Replace(strings.TrimSpace(s.entry.Text), ",", ".", 1)
	if v, err := strconv.ParseFloat(text, 64); err == nil && v != s.value {
		s.set(v)
	}
	s.Set(s.value)
}

// numEntry is the entry of a spinner: it takes only what a number is
// written with, so that letter keys meant for the app do nothing in it,
// and it submits its value on Return and when it loses the focus.
type numEntry struct {
	widget.Entry
	s *spinner
}

// TypedRune keeps digits, signs and decimal marks.
func (e *numEntry) TypedRune(r rune) {
	if unicode.IsDigit(r) || strings.ContainsRune("+-.,", r) {
		e.Entry.TypedRune(r)
	}
}

// TypedKey steps the value on ↑ and ↓, submits it on Return and gives
// up on Escape, handing the keys back to the app.
func (e *numEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyUp:
		e.s.spin(1)
	case fyne.KeyDown:
		e.s.spin(-1)
	case fyne.KeyReturn, fyne.KeyEnter:
		e.s.submit()
		e.s.unfocus()
	case fyne.KeyEscape:
		e.s.Set(e.s.value)
		e.s.unfocus()
	default:
		e.Entry.TypedKey(k)
	}
}

// FocusLost submits the value typed.
func (e *numEntry) FocusLost() {
	e.s.submit()
	e.Entry.FocusLost()
}

// fixedWidth is a layout that is as wide as it says and as high as its
// tallest object, and stacks its objects in that size.
type fixedWidth float32

func (w fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (w fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(float32(w), h)
}
