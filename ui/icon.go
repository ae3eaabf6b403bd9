package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"fyne.io/fyne/v2"
	"golang.org/x/image/draw"

	"moyo/assets"
)

// windowIconSize is the side in pixels of the window's icon. The 512-pixel
// icon of the bundle is too large for a window: X11 takes the icon as one
// property of 4 bytes a pixel, and under Xvfb the 512-pixel one (1 MB)
// came out empty where a 128-pixel one (64 kB) is shown. Desktops draw
// window icons at 16 to 128 pixels.
const windowIconSize = 128

// appIcon returns the icon of the app and its windows, the bundle's icon
// (assets.Icon) scaled to windowIconSize: the packaged app has its icon
// from its bundle, and a program run from the source (make run) from
// here, so that the desktop shows it in the task bar and the switcher
// rather than a generic one.
func appIcon() (fyne.Resource, error) {
	src, err := png.Decode(bytes.NewReader(assets.Icon()))
	if err != nil {
		return nil, fmt.Errorf("the app's icon: %w", err)
	}
	dst := image.NewRGBA(image.Rect(0, 0, windowIconSize, windowIconSize))
	draw.CatmullRom.Scale(dst, dst.Rect, src, src.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if err := png.Encode(&buf, dst); err != nil {
		return nil, fmt.Errorf("the app's icon: %w", err)
	}
	return fyne.NewStaticResource("icon.png", buf.Bytes()), nil
}
