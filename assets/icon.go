package assets

import (
	_ "embed"
	"slices"
)

// icon is the app's icon, which Fyne's packaging tool also puts in the
// bundle (FyneApp.toml).
//
//go:embed icon.png
var icon []byte

// Icon returns the app's icon, a PNG.
func Icon() []byte { return slices.Clone(icon) }
