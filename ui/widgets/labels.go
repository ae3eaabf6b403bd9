package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Heading returns a label in bold: a title.
func Heading(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// Small returns a label in caption-sized text.
func Small(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// Wrapped makes l wrap its text at its container's edge, and returns it.
func Wrapped(l *widget.Label) *widget.Label {
	l.Wrapping = fyne.TextWrapWord
	return l
}

// Cut makes l end in an ellipsis where its container is too narrow for
// it, and returns it.
func Cut(l *widget.Label) *widget.Label {
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

// SetLine shows text in l, and l only while text is not empty: a line
// that shows only when it has something to say.
func SetLine(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
	ShowIf(l, text != "")
}

// SetImportance gives l the importance imp, refreshing it only if that
// changes it.
func SetImportance(l *widget.Label, imp widget.Importance) {
	if l.Importance != imp {
		l.Importance = imp
		l.Refresh()
	}
}

// SetText shows s in t, in colour c, refreshing t only if that changes it.
func SetText(t *canvas.Text, s string, c color.Color) {
	if t.Text != s || t.Color != c {
		t.Text, t.Color = s, c
		t.Refresh()
	}
}

// ShowIf shows o, or hides it, unless it already is: Show and Hide
// refresh, and most updates change nothing.
func ShowIf(o fyne.CanvasObject, show bool) {
	if show && !o.Visible() {
		o.Show()
	} else if !show && o.Visible() {
		o.Hide()
	}
}

// EnableIf enables w, or disables it, unless it already is.
func EnableIf(w fyne.Disableable, enable bool) {
	if enable && w.Disabled() {
		w.Enable()
	} else if !enable && !w.Disabled() {
		w.Disable()
	}
}
