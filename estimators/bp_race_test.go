//go:build race

package estimators

// bpRace reports whether the race detector is on: it makes the exact sweep
// on 19×19 some twenty times slower, so the tests that need it there skip.
const bpRace = true
