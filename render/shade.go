package render

import (
	"image/color"
	"sort"
)

//go:generate go run gen_shade.go

// Shade returns the grey that shows the control value v: +1 (Black's for
// sure) is black, −1 (White's) is white and 0 is the grey of CIE lightness
// L* 50. In between, L* = 50·(1 − v), so that equal values for either player
// look equally far from neutral: L* is perceptually uniform where raw sRGB
// levels are not (sRGB level 128 is L* 54, and the steps near black look far
// smaller than those near white). v outside [−1, 1] is clamped, and NaN is
// treated as 0.
//
// The result is the 8-bit sRGB grey nearest in L* to the target.
func Shade(v float64) color.Gray {
	return color.Gray{Y: shadeLevel(v)}
}

// shadeLevel is Shade's grey level.
func shadeLevel(v float64) uint8 {
	switch {
	case v != v: // NaN
		v = 0
	case v > 1:
		v = 1
	case v < -1:
		v = -1
	}
	l := 50 * (1 - v)
	// Only comparisons with precomputed constants: see gen_shade.go.
	return uint8(sort.SearchFloat64s(lstarMid[:], l))
}
