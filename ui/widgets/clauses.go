package widgets

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// StatusLine is a line of text along the bottom of a window. A hint, a
// list of clauses such as "← → step, Shift for 10, ↑ ↓ variations",
// leaves out its last clauses whole where the line is too narrow and
// says where the rest is, rather than cut a word in two ("variatio…");
// other text ends in an ellipsis.
type StatusLine struct {
	Label  *widget.Label
	Object fyne.CanvasObject // the line, to place in a window
	text   string            // as set: the hint whole
	more   string            // what ends a hint with clauses left out
	hint   bool
	width  float32 // laid out at
}

// NewStatusLine returns an empty line. more ends a hint that is cut,
// after an ellipsis: "more in Help ▸ Keys".
func NewStatusLine(more string) *StatusLine {
	l := &StatusLine{Label: Cut(widget.NewLabel("")), more: more}
	l.Object = container.New(statusLayout{l}, l.Label)
	return l
}

// SetText shows text, cut with an ellipsis where it does not fit.
func (l *StatusLine) SetText(text string) { l.set(text, false) }

// SetHint shows a hint: clauses separated by "  ·  " or ", ", the last
// left out where they do not fit.
func (l *StatusLine) SetHint(text string) { l.set(text, true) }

// Text returns the text last set, whole.
func (l *StatusLine) Text() string { return l.text }

func (l *StatusLine) set(text string, hint bool) {
	l.text, l.hint = text, hint
	l.show()
}

// show puts the text, or as much of the hint as fits, in the label.
func (l *StatusLine) show() {
	t := l.text
	if l.hint && l.width > 0 {
		pad := 2 * theme.InnerPadding()
		t = FitClauses(l.text, l.more, func(s string) float32 {
			return fyne.MeasureText(s, theme.TextSize(), l.Label.TextStyle).Width + pad
		}, l.width)
	}
	if l.Label.Text != t {
		l.Label.SetText(t)
	}
}

// statusLayout gives the label the line's size and picks the text for its
// width.
type statusLayout struct{ l *StatusLine }

func (s statusLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if s.l.width != size.Width {
		s.l.width = size.Width
		s.l.show()
	}
	stack(objs, size)
}

func (s statusLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// The separators of a hint's clauses, the larger first.
var clauseSeparators = []string{"  ·  ", ", "}

// FitClauses returns hint if it is no wider than width by measure, else
// the most of its leading clauses that fit followed by "… " and more, or
// the first clause alone when not even that fits: the label cuts it. A
// hint's clauses are separated by "  ·  " or ", ".
func FitClauses(hint, more string, measure func(string) float32, width float32) string {
	if measure(hint) <= width {
		return hint
	}
	// The ends of the clauses: every separator's start.
	var ends []int
	for i := 0; i < len(hint); {
		next, sep := -1, ""
		for _, s := range clauseSeparators {
			if k := strings.Index(hint[i:], s); k >= 0 && (next < 0 || k < next) {
				next, sep = k, s
			}
		}
		if next < 0 {
			break
		}
		ends = append(ends, i+next)
		i += next + len(sep)
	}
	suffix := "  …  " + more
	for k := len(ends) - 1; k >= 0; k-- {
		if t := hint[:ends[k]] + suffix; measure(t) <= width {
			return t
		}
	}
	if len(ends) > 0 {
		return hint[:ends[0]]
	}
	return hint
}
