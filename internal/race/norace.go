//go:build !race

// Package race reports whether the race detector is on, for the tests
// that do less under it: it makes the random fields' exact sweep on 19×19
// some twenty times slower, and the corpus scans ten times.
package race

// Enabled reports whether the race detector is on.
const Enabled = false
