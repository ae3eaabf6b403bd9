//go:build !darwin

package ui

// wheelNotch is how far one notch of a mouse wheel scrolls in a Fyne
// ScrollEvent: the desktop driver multiplies the notches the system
// reports by 25 units (by 10 on macOS, wheel_darwin.go). A wheel step
// must take one notch, or a notch steps two or three moves.
const wheelNotch = 25
