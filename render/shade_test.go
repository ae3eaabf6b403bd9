package render

import (
	"math"
	"testing"
)

// lightness is the CIE L* of an 8-bit sRGB grey, computed directly.
func lightness(g uint8) float64 {
	c := float64(g) / 255
	var y float64
	if c <= 0.04045 {
		y = c / 12.92
	} else {
		y = math.Pow((c+0.055)/1.055, 2.4)
	}
	if y > 216.0/24389 {
		return 116*math.Cbrt(y) - 16
	}
	return y * 24389 / 27
}

func TestShadeTable(t *testing.T) {
	for g := range lstarMid {
		want := (lightness(uint8(g)) + lightness(uint8(g+1))) / 2
		if math.Abs(lstarMid[g]-want) > 1e-9 {
			t.Fatalf("lstarMid[%d] = %v, want %v; run go generate", g, lstarMid[g], want)
		}
	}
}

func TestShade(t *testing.T) {
	tests := []struct {
		v     float64
		wantL float64
	}{
		{1, 0},
		{0, 50},
		{-1, 100},
		{0.5, 25},
		{-0.5, 75},
		{2, 0},
		{-7, 100},
		{math.Inf(1), 0},
		{math.Inf(-1), 100},
		{math.NaN(), 50},
	}
	for _, tt := range tests {
		got := lightness(Shade(tt.v).Y)
		if math.Abs(got-tt.wantL) > 0.5 {
			t.Errorf("Shade(%v) = %v with L* %.3f, want L* %v ± 0.5", tt.v, Shade(tt.v), got, tt.wantL)
		}
	}
	if g := Shade(1).Y; g != 0 {
		t.Errorf("Shade(1) = %d, want 0", g)
	}
	if g := Shade(-1).Y; g != 255 {
		t.Errorf("Shade(-1) = %d, want 255", g)
	}
}

func TestShadeSymmetricAndMonotone(t *testing.T) {
	const steps = 2000
	prev := 256
	for i := 0; i <= steps; i++ {
		v := 2*float64(i)/steps - 1
		g := int(Shade(v).Y)
		if g > prev {
			t.Fatalf("Shade(%v) = %d, lighter than for a smaller v (%d)", v, g, prev)
		}
		prev = g
		dark := 50 - lightness(Shade(v).Y)
		light := lightness(Shade(-v).Y) - 50
		// Each side is within half a grey step (< 0.41 L*) of its target.
		if math.Abs(dark-light) > 0.8 {
			t.Errorf("Shade(%v) is %.3f L* below 50 but Shade(%v) is %.3f above", v, dark, -v, light)
		}
		if want := 50 * v; math.Abs(dark-want) > 0.41 {
			t.Errorf("Shade(%v) has L* %.3f, want %.3f", v, 50-dark, 50-want)
		}
	}
}
