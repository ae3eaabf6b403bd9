package app

import (
	"strings"
	"testing"
)

// TestUsageErrorsAreOneLine checks every command and the desktop app's
// flags: a bad flag value is one line and how to see the flags, exit 2;
// -h is the whole usage, exit 0.
func TestUsageErrorsAreOneLine(t *testing.T) {
	for _, tt := range []struct {
		cmd  []string // the command's words before its flags
		name string   // as the usage and the hint write it
		bad  []string // a flag with a bad value
	}{
		{[]string{"analyze"}, "moyo analyze", []string{"--move", "x", guLi}},
		{[]string{"rank"}, "moyo rank", []string{"--top", "many", guLi}},
		{[]string{"eval"}, "moyo eval", []string{"--epsilon", "tiny", "."}},
		{[]string{"fit"}, "moyo fit", []string{"--top", "all", "."}},
		{[]string{"cgt"}, "moyo cgt", []string{"--ascii=maybe", "*"}},
		{[]string{"semeai"}, "moyo semeai", []string{"--pixels", "wide", guLi}},
		{[]string{"mixing"}, "moyo mixing", []string{"--move", "x", guLi}},
		{nil, "moyo", []string{"--move", "x"}},
	} {
		code, stdout, stderr := run(t, "", append(tt.cmd, tt.bad...)...)
		hint := "Run '" + tt.name + " -h' for the flags.\n"
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, tt.name+": invalid ") ||
			!strings.HasSuffix(stderr, "\n"+hint) || strings.Count(stderr, "\n") != 2 {
			t.Errorf("%s %q: exit %d, stderr %q; want 2, one line and %q", tt.name, tt.bad, code, stderr, hint)
		}
		code, stdout, stderr = run(t, "", append(tt.cmd, "-h")...)
		if out := stdout + stderr; code != 0 || !strings.Contains(out, "usage: "+tt.name) || strings.Contains(out, hint) {
			t.Errorf("%s -h: exit %d, %d lines of usage; want 0 and the usage", tt.name, code, strings.Count(out, "\n"))
		}
	}
}
