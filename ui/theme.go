package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// compactTheme is Fyne's theme with tighter padding and larger captions,
// so that the board and every panel fit a 1280×800 screen with text still
// at body size.
type compactTheme struct{ fyne.Theme }

// NewTheme returns the app's theme: the default colours and fonts, spaced
// more tightly.
func NewTheme() fyne.Theme { return compactTheme{theme.DefaultTheme()} }

// Size shrinks the padding around widgets; text keeps its size.
func (t compactTheme) Size(name fyne.ThemeSizeName) float32 {
	switch name {
	case theme.SizeNamePadding:
		return 2
	case theme.SizeNameInnerPadding:
		return 4
	case theme.SizeNameCaptionText:
		return 12.5
	}
	return t.Theme.Size(name)
}
