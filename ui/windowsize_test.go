package ui

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"moyo/assets"
	"moyo/internal/display"
)

func TestFirstWindowSize(t *testing.T) {
	sz := fyne.NewSize
	none := fyne.Size{}
	for _, tc := range []struct {
		name                 string
		screen, saved, asked fyne.Size
		want                 fyne.Size
	}{
		{"nothing known", none, none, none, DefaultWindowSize()},
		{"the issue's small screen", sz(1024, 640), none, none, sz(900, 563)},
		{"a laptop", sz(1366, 768), none, none, sz(1080, 675)},
		{"full HD", sz(1920, 1080), none, none, sz(1520, 950)},
		{"two screens side by side", sz(3840, 1080), none, none, sz(1520, 950)},
		{"a tall screen", sz(1080, 1920), none, none, sz(972, 1689)},
		{"saved", sz(1920, 1080), sz(1300, 800), none, sz(1300, 800)},
		{"saved on a larger screen than now", sz(1024, 640), sz(1800, 1000), none, sz(1024, 640)},
		{"saved, screen unknown", none, sz(1800, 1000), none, sz(1800, 1000)},
		{"asked over saved", sz(1920, 1080), sz(1300, 800), sz(1400, 900), sz(1400, 900)},
		{"asked the whole screen", sz(1920, 1080), none, sz(1920, 1080), sz(1920, 1080)},
		{"asked more than the screen", sz(1024, 640), none, sz(1400, 900), sz(1024, 640)},
		{"asked, screen unknown", none, none, sz(2400, 1500), sz(2400, 1500)},
	} {
		if got := FirstWindowSize(tc.screen, tc.saved, tc.asked); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestScreenUnits converts screens to Fyne's units as its driver scales
// them: by their density over 120 dpi, and by the user's scale.
func TestScreenUnits(t *testing.T) {
	t.Setenv("FYNE_SCALE", "")
	t.Setenv("FYNE_DISABLE_DPI_DETECTION", "")
	for _, tc := range []struct {
		name     string
		s        display.Screen
		settings float32
		env      string
		want     fyne.Size
	}{
		{"unknown", display.Screen{}, 1, "", fyne.Size{}},
		{"Xvfb, 100 dpi", display.Screen{Width: 1024, Height: 640, WidthMM: 260, HeightMM: 163}, 1, "", fyne.NewSize(1024, 640)},
		{"no millimetres", display.Screen{Width: 1024, Height: 640}, 1, "", fyne.NewSize(1024, 640)},
		// 3840 pixels on 600 mm: 162.6 dpi, scale 1.355, rounded to 1.4.
		{"a 4K monitor", display.Screen{Width: 3840, Height: 2160, WidthMM: 600, HeightMM: 340}, 1, "", fyne.NewSize(2742, 1542)},
		// 1.355 × 1.5 = 2.03, rounded to 2.
		{"a 4K monitor at the user's 1.5", display.Screen{Width: 3840, Height: 2160, WidthMM: 600, HeightMM: 340}, 1.5, "", fyne.NewSize(1920, 1080)},
		{"FYNE_SCALE=2", display.Screen{Width: 1920, Height: 1080, WidthMM: 508, HeightMM: 286}, 1, "2", fyne.NewSize(960, 540)},
		{"settings unset", display.Screen{Width: 1920, Height: 1080, WidthMM: 508, HeightMM: 286}, -1, "", fyne.NewSize(1920, 1080)},
	} {
		t.Setenv("FYNE_SCALE", tc.env)
		if got := screenUnits(tc.s, tc.settings); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestKeepWindowSize resizes a window kept in the preferences: the next
// launch finds its last size.
func TestKeepWindowSize(t *testing.T) {
	a := test.NewApp()
	t.Cleanup(a.Quit)
	w := test.NewWindow(fyne.NewContainer())
	t.Cleanup(w.Close)
	prefs := a.Preferences()
	if got := savedWindowSize(prefs); got != (fyne.Size{}) {
		t.Fatalf("a first launch finds %v", got)
	}
	keepWindowSize(w, prefs)
	for _, s := range []fyne.Size{{Width: 1100, Height: 700}, {Width: 1300, Height: 820}} {
		w.Resize(s)
		if got := savedWindowSize(prefs); got != s {
			t.Errorf("resized to %v, kept %v", s, got)
		}
	}
}

// TestAppIcon checks the icon the app sets on its windows: the packaged
// app's, scaled to windowIconSize, its colours kept.
func TestAppIcon(t *testing.T) {
	r, err := appIcon()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(r.Content()))
	if err != nil {
		t.Fatalf("the window's icon is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != windowIconSize || b.Dy() != windowIconSize {
		t.Errorf("the window's icon is %v, want %d square", b, windowIconSize)
	}
	src, err := png.Decode(bytes.NewReader(assets.Icon()))
	if err != nil {
		t.Fatal(err)
	}
	// The mean colour of the scaled icon is the bundle's, within rounding.
	mean := func(m image.Image) (rgb [3]float64) {
		b := m.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := m.At(x, y).RGBA()
				rgb[0], rgb[1], rgb[2] = rgb[0]+float64(r), rgb[1]+float64(g), rgb[2]+float64(bl)
			}
		}
		n := float64(b.Dx()*b.Dy()) * 257
		return [3]float64{rgb[0] / n, rgb[1] / n, rgb[2] / n}
	}
	a, b := mean(img), mean(src)
	for k := range a {
		if math.Abs(a[k]-b[k]) > 2 {
			t.Errorf("channel %d: the window's icon averages %.1f, the bundle's %.1f", k, a[k], b[k])
		}
	}
	toml, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(toml), `Icon = "assets/icon.png"`) {
		t.Error("FyneApp.toml packages another icon than the one the app sets")
	}
}
