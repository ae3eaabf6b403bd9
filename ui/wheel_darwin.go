package ui

// wheelNotch is how far one notch of a mouse wheel scrolls in a Fyne
// ScrollEvent on macOS, where the desktop driver multiplies the notches
// by 10 (see wheel.go).
const wheelNotch = 10
