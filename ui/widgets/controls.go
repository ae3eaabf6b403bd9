package widgets

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// KeySlider is a slider that leaves the keyboard to the app. A slider
// takes the focus when it is clicked, and a focused slider would take the
// arrow keys that step through the record; this one hands every key to
// typed instead, since its value is set with the mouse.
type KeySlider struct {
	widget.Slider
	typed func(*fyne.KeyEvent)
}

// NewKeySlider returns a slider from min to max in steps of 1 that hands
// the keys to typed.
func NewKeySlider(min, max float64, typed func(*fyne.KeyEvent)) *KeySlider {
	s := &KeySlider{typed: typed}
	s.Min, s.Max, s.Step = min, max, 1
	s.Orientation = widget.Horizontal
	s.Value = min
	s.ExtendBaseWidget(s)
	return s
}

// Set shows v without calling OnChanged: the program showing what the
// workspace holds is not the user moving the slider, and must not be
// taken for a change.
func (s *KeySlider) Set(v float64) {
	quietly(&s.OnChanged, func() { s.SetValue(v) })
}

// quietly calls set with *onChanged unset, so that the program showing
// a value is not taken for the user changing it.
func quietly[T any](onChanged *func(T), set func()) {
	f := *onChanged
	*onChanged = nil
	set()
	*onChanged = f
}

// TypedKey passes the key to the app.
func (s *KeySlider) TypedKey(e *fyne.KeyEvent) {
	if s.typed != nil {
		s.typed(e)
	}
}

// KeySelect is a drop-down list that leaves the arrow keys to the app: a
// focused widget.Select changes its value on ← and →, which would switch
// estimators while the user means to step through the record. Space still
// opens the list.
type KeySelect struct {
	widget.Select
	typed func(*fyne.KeyEvent)
}

// NewKeySelect returns a list of options that calls changed when the
// user chooses one and hands the keys but space to typed.
func NewKeySelect(options []string, changed func(string), typed func(*fyne.KeyEvent)) *KeySelect {
	s := &KeySelect{typed: typed}
	s.Options, s.OnChanged = options, changed
	s.PlaceHolder = "—"
	s.ExtendBaseWidget(s)
	return s
}

// Set shows the option text, or none for "", without calling OnChanged,
// which widget.Select calls on every SetSelected: the program showing
// what the workspace holds is not the user choosing. An option that is
// not in the list leaves the list as it was.
func (s *KeySelect) Set(text string) {
	quietly(&s.OnChanged, func() {
		if text == "" {
			s.ClearSelected()
		} else {
			s.SetSelected(text)
		}
	})
}

// SetOptions lists options, unless it lists them already: a new list
// refreshes the widget.
func (s *KeySelect) SetOptions(options []string) {
	if !slices.Equal(options, s.Options) {
		s.Select.SetOptions(options)
	}
}

// TypedKey opens the list on space and passes other keys to the app.
func (s *KeySelect) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeySpace || s.typed == nil {
		s.Select.TypedKey(e)
		return
	}
	s.typed(e)
}

// KeyCheck is a check box that passes the keys to the app: a clicked check
// box keeps the focus, and widget.Check swallows every key.
type KeyCheck struct {
	widget.Check
	typed func(*fyne.KeyEvent)
}

// NewKeyCheck returns a check box labelled label that calls changed when
// the user ticks it and hands the keys to typed.
func NewKeyCheck(label string, changed func(bool), typed func(*fyne.KeyEvent)) *KeyCheck {
	c := &KeyCheck{typed: typed}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// Set shows checked without calling OnChanged.
func (c *KeyCheck) Set(checked bool) {
	quietly(&c.OnChanged, func() { c.SetChecked(checked) })
}

// TypedKey passes the key to the app; space reaches the box as a rune.
func (c *KeyCheck) TypedKey(e *fyne.KeyEvent) {
	if c.typed != nil {
		c.typed(e)
	}
}

// Segmented is a row of buttons of which one is chosen, like a radio group
// but made of buttons, which do not take the keyboard focus when clicked.
type Segmented struct {
	Buttons []*widget.Button // in the order of the labels
	Row     *fyne.Container  // the buttons, as laid out
}

// NewSegmented returns the buttons, laid out by l (nil for a row of
// buttons as wide as their labels), with icons if icons is not nil.
func NewSegmented(l fyne.Layout, labels []string, icons []fyne.Resource, chosen func(i int)) *Segmented {
	if l == nil {
		l = layout.NewHBoxLayout()
	}
	s := &Segmented{Row: container.New(l)}
	for i, label := range labels {
		b := widget.NewButton(label, func() { chosen(i) })
		if icons != nil {
			b.SetIcon(icons[i])
		}
		s.Buttons = append(s.Buttons, b)
		s.Row.Add(b)
	}
	return s
}

// Set marks button i as the chosen one; i = −1 marks none.
func (s *Segmented) Set(i int) {
	for j, b := range s.Buttons {
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

// Spinner is a number with buttons that step it down and up, and an entry
// to type it in. Buttons rather than a slider, since a board size or a
// komi is usually near the one shown; the arrow keys ↑ and ↓ in the entry
// step it too.
type Spinner struct {
	Entry    *NumEntry         // where the value is typed
	Down, Up *widget.Button    // step the value down and up
	Object   fyne.CanvasObject // the buttons and the entry, to place in a panel
	step     float64
	value    float64       // the value shown, as the model has it
	set      func(float64) // asks for a value; the model may refuse it
	unfocus  func()        // gives the keys back to the app
}

// NewSpinner returns a Spinner stepping by step, whose entry is width
// wide. set is called with the value the user asks for; Set shows the
// value the model then holds.
func NewSpinner(step float64, width float32, set func(float64), unfocus func()) *Spinner {
	s := &Spinner{step: step, set: set, unfocus: unfocus}
	s.Entry = &NumEntry{s: s}
	s.Entry.ExtendBaseWidget(s.Entry)
	s.Down = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.spin(-1) })
	s.Up = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.spin(1) })
	s.Object = container.NewHBox(s.Down, container.New(FixedWidth(width), s.Entry), s.Up)
	return s
}

// Set shows v.
func (s *Spinner) Set(v float64) {
	s.value = v
	if t := strconv.FormatFloat(v, 'f', -1, 64); s.Entry.Text != t {
		s.Entry.SetText(t)
	}
}

func (s *Spinner) spin(dir float64) { s.set(s.value + dir*s.step) }

// submit asks for the value typed, then shows the value the model holds:
// the typed one if it was taken, else the one before.
func (s *Spinner) submit() {
	text := strings.Replace(strings.TrimSpace(s.Entry.Text), ",", ".", 1)
	if v, err := strconv.ParseFloat(text, 64); err == nil && v != s.value {
		s.set(v)
	}
	s.Set(s.value)
}

// NumEntry is the entry of a Spinner: it takes only what a number is
// written with, so that letter keys meant for the app do nothing in it,
// and it submits its value on Return and when it loses the focus.
type NumEntry struct {
	widget.Entry
	s *Spinner
}

// TypedRune keeps digits, signs and decimal marks.
func (e *NumEntry) TypedRune(r rune) {
	if unicode.IsDigit(r) || strings.ContainsRune("+-.,", r) {
		e.Entry.TypedRune(r)
	}
}

// TypedKey steps the value on ↑ and ↓, submits it on Return and gives
// up on Escape, handing the keys back to the app.
func (e *NumEntry) TypedKey(k *fyne.KeyEvent) {
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
func (e *NumEntry) FocusLost() {
	e.s.submit()
	e.Entry.FocusLost()
}

// ValueEntry is the box beside a slider that shows its value and takes
// one typed: a slider's value cannot be set exactly, and reading 5.956
// where 6 was meant is no help. It takes only what a number is written
// with, so that letter keys meant for the app do nothing in it; it
// submits the text on Return and when it loses the focus, and shows the
// value held again on Escape. While it has the focus the value shown is
// left alone, so that an update does not overwrite the typing.
type ValueEntry struct {
	widget.Entry
	// OnSubmit is called with the text typed, when it differs from the
	// value shown; Set then shows the value the model holds.
	OnSubmit func(text string)
	shown    string // the value the model holds
	focused  bool
	unfocus  func()
}

// NewValueEntry returns an empty entry; unfocus gives the keys back to
// the app after Return or Escape.
func NewValueEntry(unfocus func()) *ValueEntry {
	e := &ValueEntry{unfocus: unfocus}
	e.ExtendBaseWidget(e)
	return e
}

// Set shows text, the value the model holds, unless the user is typing.
func (e *ValueEntry) Set(text string) {
	e.shown = text
	if !e.focused && e.Text != text {
		e.SetText(text)
	}
}

// submit hands the text typed to OnSubmit, unless it is the value shown,
// and shows the value held.
func (e *ValueEntry) submit() {
	if t := e.Text; t != e.shown && e.OnSubmit != nil {
		e.OnSubmit(t)
	}
	if e.Text != e.shown {
		e.SetText(e.shown)
	}
}

// TypedRune keeps digits, signs, decimal marks and exponents.
func (e *ValueEntry) TypedRune(r rune) {
	if unicode.IsDigit(r) || strings.ContainsRune("+-.,eE", r) {
		e.Entry.TypedRune(r)
	}
}

// TypedKey submits on Return and gives up on Escape, handing the keys
// back to the app; other keys edit the text.
func (e *ValueEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		e.focused = false
		e.submit()
		if e.unfocus != nil {
			e.unfocus()
		}
	case fyne.KeyEscape:
		e.focused = false
		e.SetText(e.shown)
		if e.unfocus != nil {
			e.unfocus()
		}
	default:
		e.Entry.TypedKey(k)
	}
}

// FocusGained notes that the user is typing.
func (e *ValueEntry) FocusGained() {
	e.focused = true
	e.Entry.FocusGained()
}

// FocusLost submits the text typed.
func (e *ValueEntry) FocusLost() {
	if e.focused {
		e.focused = false
		e.submit()
	}
	e.Entry.FocusLost()
}
