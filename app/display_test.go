package app

import (
	"strings"
	"testing"
)

func TestCheckDisplay(t *testing.T) {
	tests := []struct {
		display, want string
	}{
		{"", "no display"},
		{":987", "cannot open display :987"},
		{":987.0", "cannot open display :987.0"},
		{"remote.example:0", ""},
	}
	for _, tt := range tests {
		t.Setenv("WAYLAND_DISPLAY", "")
		t.Setenv("DISPLAY", tt.display)
		err := checkDisplay()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("DISPLAY=%q: %v", tt.display, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("DISPLAY=%q: error %v, want %q", tt.display, err, tt.want)
		}
	}
}
