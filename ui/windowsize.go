package ui

import (
	"math"
	"os"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"moyo/internal/display"
)

// The window's first size: as the command line asks, else as the user
// left it, else from the screen; never larger than the screen.

// The preferences keeping the size the user left the window at, in Fyne's
// units.
const (
	windowWidthKey  = "window.width"
	windowHeightKey = "window.height"
)

// The share of the screen a first window takes when there is no size to
// go by but the screen's, leaving room for the desktop's panels and the
// window's frame, and the widest it is for its height: the board, a
// square as high as the window, and a side panel of about half that.
const (
	screenShareWidth  = 0.9
	screenShareHeight = 0.88
	widestAspect      = 1.6
)

// FirstWindowSize returns the size the window opens at, in Fyne's units:
// asked if it is not zero (the command line's --size), else saved if it
// is not zero (the size the user left the window at), else a share of
// the screen (screenShareWidth, screenShareHeight) no wider than
// widestAspect times its height, else DefaultWindowSize; in every case
// no larger than the screen, when it is known (not zero). A screen
// smaller than the window's least size gets a window of that size, which
// Fyne does not shrink below.
func FirstWindowSize(screen, saved, asked fyne.Size) fyne.Size {
	known := func(s fyne.Size) bool { return s.Width > 0 && s.Height > 0 }
	size := DefaultWindowSize()
	switch {
	case known(asked):
		size = asked
	case known(saved):
		size = saved
	case known(screen):
		h := float32(math.Floor(float64(screen.Height * screenShareHeight)))
		w := float32(math.Floor(float64(min(screen.Width*screenShareWidth, h*widestAspect))))
		size = fyne.NewSize(w, h)
	}
	if known(screen) {
		size = size.Min(screen)
	}
	return size
}

// screenUnits returns the size of s in Fyne's units, as the window will
// be scaled on it: by the user's scale (FYNE_SCALE, else the scale set in
// Fyne's settings, settings) times the scale Fyne's driver gives a screen
// of that density, rounded to a tenth as the driver rounds it (Fyne
// 2.7.1, internal/driver/glfw/scale.go). It is zero when s is not known.
func screenUnits(s display.Screen, settings float32) fyne.Size {
	if !s.Known() {
		return fyne.Size{}
	}
	user := settings
	if env := os.Getenv("FYNE_SCALE"); env != "" && env != "auto" {
		if v, err := strconv.ParseFloat(env, 32); err == nil && v > 0 {
			user = float32(v)
		}
	}
	if user <= 0 {
		user = 1
	}
	scale := float64(user) * detectedScale(s)
	scale = math.Round(scale*10) / 10
	if scale <= 0 {
		scale = 1
	}
	return fyne.NewSize(float32(math.Floor(float64(s.Width)/scale)), float32(math.Floor(float64(s.Height)/scale)))
}

// detectedScale is the scale Fyne's driver gives a screen of s's density
// on X11: its dots per inch over 120, at least 1; a density it takes for
// nonsense (over 1000 or under 10 dpi, or no size in millimetres) or
// FYNE_DISABLE_DPI_DETECTION gives 1.
func detectedScale(s display.Screen) float64 {
	switch env := os.Getenv("FYNE_DISABLE_DPI_DETECTION"); {
	case strings.EqualFold(env, "true"), strings.EqualFold(env, "t"), env == "1":
		return 1
	}
	if s.WidthMM <= 0 {
		return 1
	}
	dpi := float64(s.Width) / (float64(s.WidthMM) / 25.4)
	if dpi > 1000 || dpi < 10 {
		return 1
	}
	return max(1, dpi/120)
}

// savedWindowSize returns the size the user left the window at, kept in
// prefs by keepWindowSize, or zero.
func savedWindowSize(prefs fyne.Preferences) fyne.Size {
	return fyne.NewSize(float32(prefs.Float(windowWidthKey)), float32(prefs.Float(windowHeightKey)))
}

// keepWindowSize makes w keep its size in prefs each time it changes, for
// savedWindowSize at the next launch: its content is laid out by a
// layout that notes the canvas's size, which is the window's. Fyne has no
// event for a window resized, and a size kept as it changes survives an
// app that does not end cleanly.
func keepWindowSize(w fyne.Window, prefs fyne.Preferences) {
	w.SetContent(container.New(&sizeKeeper{prefs: prefs, canvas: w.Canvas()}, w.Content()))
}

// sizeKeeper stacks its objects and writes the canvas's size to prefs
// when it has changed since the last layout.
type sizeKeeper struct {
	prefs  fyne.Preferences
	canvas fyne.Canvas
	last   fyne.Size
}

// Layout stacks the objects in size, and notes the canvas's size.
func (k *sizeKeeper) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if s := k.canvas.Size(); s != k.last && s.Width > 0 && s.Height > 0 {
		k.last = s
		k.prefs.SetFloat(windowWidthKey, float64(s.Width))
		k.prefs.SetFloat(windowHeightKey, float64(s.Height))
	}
}

// MinSize is the largest least size of the objects.
func (k *sizeKeeper) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
