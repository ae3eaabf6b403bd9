//go:build !race

package estimators

// bpRace reports whether the race detector is on (see bp_race_test.go).
const bpRace = false
