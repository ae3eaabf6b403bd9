package app

import (
	"image"
	"image/png"
	"os"
	"strings"
	"testing"
)

// readPNG decodes the PNG file at path, failing the test if it cannot.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// checkFailure checks what `moyo cmd` wrote to stderr when it failed
// with code: for 1, one line, the whole of want when want ends in a
// newline and starting with want otherwise; for 2 (bad usage), a line
// starting with want and then how to see the flags.
func checkFailure(t *testing.T, cmd string, code int, stderr, want string) {
	t.Helper()
	switch code {
	case 1:
		if strings.HasSuffix(want, "\n") && stderr != want {
			t.Errorf("stderr %q, want %q", stderr, want)
		}
		if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("stderr %q, want one line starting %q", stderr, want)
		}
	case 2:
		// One line, and how to see the flags.
		if !strings.HasPrefix(stderr, want) || !strings.HasSuffix(stderr, "\nRun 'moyo "+cmd+" -h' for the flags.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("stderr %q, want %q and how to see the flags", stderr, want)
		}
	}
}
