package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/estimators"
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

func newSegmented(labels []string, chosen func(i int)) *segmented {
	s := &segmented{row: container.NewHBox()}
	for i, l := range labels {
		b := widget.NewButton(l, func() { chosen(i) })
		s.buttons = append(s.buttons, b)
		s.row.Add(b)
	}
	return s
}

// Set marks button i as the chosen one.
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

// paramControl is the control of one parameter: a slider with its value,
// or a drop-down list of choices. It is disabled, not hidden, when the chosen
// estimator does not read the parameter, so the panel does not jump.
type paramControl struct {
	spec   estimators.ParamSpec // range from paramOrder or the first reader
	label  *widget.Label
	slider *keySlider
	value  *widget.Label
	choice *keySelect
	object fyne.CanvasObject
}

// newParamControl makes the control; set is called with the new slider
// position or choice when the user changes it.
func newParamControl(spec estimators.ParamSpec, typed func(*fyne.KeyEvent), setValue func(float64), setChoice func(string)) *paramControl {
	c := &paramControl{spec: spec, label: widget.NewLabel(paramLabel(spec.Name))}
	if isChoice(spec) {
		c.choice = newKeySelect(spec.Choices, setChoice, typed)
		c.object = c.choice
		return c
	}
	c.slider = newKeySlider(0, sliderSteps, typed)
	c.slider.OnChanged = setValue
	c.value = widget.NewLabel("")
	c.value.Alignment = fyne.TextAlignTrailing
	// The value column is as wide as its widest value, so the slider
	// does not jump as the value changes.
	width := widget.NewLabel("0.0001")
	c.object = container.NewBorder(nil, nil, nil, container.NewStack(invisible(width), c.value), c.slider)
	return c
}

// showUsed greys the label of a parameter the chosen estimator does not read.
func (c *paramControl) showUsed(used bool) {
	imp := widget.MediumImportance
	if !used {
		imp = widget.LowImportance
	}
	if c.label.Importance != imp {
		c.label.Importance = imp
		c.label.Refresh()
	}
}

// invisible keeps o's size in a layout without drawing it.
func invisible(o fyne.CanvasObject) fyne.CanvasObject {
	o.Hide()
	return container.New(&minSizeOf{o}, o)
}

// minSizeOf is a layout that is as large as a hidden object would be.
type minSizeOf struct{ o fyne.CanvasObject }

func (l *minSizeOf) Layout([]fyne.CanvasObject, fyne.Size) {}

func (l *minSizeOf) MinSize([]fyne.CanvasObject) fyne.Size { return l.o.MinSize() }
