package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"
)

// TestLegendIn checks that the key drawn into a panel's area is the widest
// whose height fits, centred vertically at the left, and that an area too
// low or too narrow for a key stays blank.
func TestLegendIn(t *testing.T) {
	for _, tt := range []struct{ w, h, keyWidth int }{
		{400, 40, 400},   // 400/12 = 33 < 34: the least height fits
		{800, 40, 491},   // 12·40 + 11: the widest 40 pixels high
		{900, 56, 683},   //
		{1200, 80, 1200}, // the most height, 64, fits
		{400, 33, 0},     // lower than any key
		{200, 40, 0},     // narrower than any key
	} {
		img := LegendIn(tt.w, tt.h, "symmetric", Options{})
		if img.Rect != image.Rect(0, 0, tt.w, tt.h) {
			t.Fatalf("%d×%d: drew %v", tt.w, tt.h, img.Rect)
		}
		// The widest key that fits, found one width at a time.
		want := tt.w
		for want > 0 && LegendHeight(want) > tt.h {
			want--
		}
		if tt.keyWidth != 0 && want != tt.keyWidth {
			t.Fatalf("%d×%d: the test expects a key %d wide, the search finds %d", tt.w, tt.h, tt.keyWidth, want)
		}
		key, err := Legend(tt.keyWidth, "symmetric", Options{})
		if tt.keyWidth == 0 {
			if !bytes.Equal(img.Pix, make([]byte, len(img.Pix))) {
				t.Errorf("%d×%d: something drawn where no key fits", tt.w, tt.h)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		y := (tt.h - key.Rect.Dy()) / 2
		for _, q := range []image.Point{{1, 1}, {key.Rect.Dx() / 2, key.Rect.Dy() / 2}, {key.Rect.Dx() - 2, key.Rect.Dy() - 2}} {
			if img.At(q.X, q.Y+y) != key.At(q.X, q.Y) {
				t.Errorf("%d×%d: at %v the image is not the key's", tt.w, tt.h, q)
			}
		}
		if tt.keyWidth < tt.w && img.RGBAAt(tt.keyWidth, tt.h/2).A != 0 {
			t.Errorf("%d×%d: drawn right of the key", tt.w, tt.h)
		}
	}
}

// TestLegendScale draws the swing's scale, 0 to 1: its bar starts at the
// bare background, as a point of value 0 is shaded, where the value's
// scale starts at White's lightest shade, and both end at Black's.
func TestLegendScale(t *testing.T) {
	const w = 600
	h := LegendHeight(w)
	y := h / 3 // through the bar
	ends := func(sc Scale) (left, right color.RGBA) {
		img, err := Legend(w, "seds cycle swing, 1 = 0.0049", Options{Background: Plain, Scale: sc})
		if err != nil {
			t.Fatal(err)
		}
		// The bar's ends: the first and last pixels inside its frame.
		var xs []int
		edge := img.RGBAAt(w-h/5, y) // the frame's right side
		for x := range w {
			if img.RGBAAt(x, y) == edge {
				xs = append(xs, x)
			}
		}
		if len(xs) < 2 {
			t.Fatalf("%+v: no frame found", sc)
		}
		return img.RGBAAt(xs[0]+1, y), img.RGBAAt(xs[len(xs)-1]-1, y)
	}
	p := &painter{opt: Options{Background: Plain}}
	ground := p.backgroundAt(0)
	for _, tc := range []struct {
		name        string
		sc          Scale
		left, right color.RGBA
	}{
		{"values", ValueScale(), ShadeOver(ground, -1), ShadeOver(ground, 1)},
		{"zero", Scale{}, ShadeOver(ground, -1), ShadeOver(ground, 1)},
		{"swing", SwingScale(), ShadeOver(ground, 0), ShadeOver(ground, 1)},
	} {
		left, right := ends(tc.sc)
		if left != tc.left || right != tc.right {
			t.Errorf("%s: the bar runs from %v to %v, want %v to %v", tc.name, left, right, tc.left, tc.right)
		}
	}
}
