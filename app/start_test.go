package app

import (
	"strings"
	"testing"
)

func TestIsGUIArgs(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--screenshot", "out.png"}, true},
		{[]string{"game.sgf"}, true},
		{[]string{"GAME.SGF"}, true},
		{[]string{guLi}, true},
		{[]string{"analyze", guLi}, false},
		{[]string{"nonesuch"}, false},
		{[]string{"."}, false}, // a directory is not a record
	} {
		if got := isGUIArgs(tt.args); got != tt.want {
			t.Errorf("isGUIArgs(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestGUIFlagErrors checks the usage errors that are reported before any
// window opens.
func TestGUIFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--estimator", "katago"}, 2, `unknown estimator "katago"`},
		{[]string{"--move", "x"}, 2, "invalid value"},
		{[]string{"a.sgf", "b.sgf"}, 2, "want at most one FILE"},
		{[]string{"--nonesuch"}, 2, "flag provided but not defined"},
		{[]string{"--help"}, 0, "moyo [--screenshot OUT.png]"},
		{[]string{"--help"}, 0, "[--katago PATH]"},
		{[]string{"--help"}, 0, "[--game N]"},
		{[]string{"--katago", "/nonexistent/katago"}, 2, "katago: KataGo not found at /nonexistent/katago (no such file)"},
		{[]string{"--gnugo", "/nonexistent/gnugo"}, 2, "gnugo-engine: GNU Go not found at /nonexistent/gnugo (no such file)"},
		{[]string{"--game", "2"}, 2, "--game needs a FILE"},
		{[]string{"--game", "-1", "a.sgf"}, 2, "--game -1: games are counted from 1"},
	} {
		code, stdout, stderr := run(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
			t.Errorf("%q: exit %d, output %q; want %d and %q", tt.args, code, stdout+stderr, tt.code, tt.want)
		}
	}
	code, _, stderr := run(t, "", "nonesuch")
	if code != 2 || !strings.Contains(stderr, `unknown command "nonesuch"`) {
		t.Errorf("nonesuch: exit %d, %q", code, stderr)
	}
}
