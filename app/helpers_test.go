package app

import (
	"encoding/json"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"
)

// runOK is run for a command that must succeed: it returns stdout, and
// fails the test with stderr on any other exit status than 0.
func runOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, stderr := run(t, stdin, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	return out
}

// decodeJSON decodes the JSON out into v, failing the test on an error.
func decodeJSON(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatal(err)
	}
}

// wantAll checks that text, which what names in a failure, holds each of
// wants.
func wantAll(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, text)
		}
	}
}

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

// cliFailure is a command line that fails: the standard input and
// arguments, the exit status and stderr as checkFailure reads them.
type cliFailure struct {
	name   string
	stdin  string
	args   []string
	code   int
	stderr string // the whole of stderr when code is 1 and it ends in a newline, else a prefix
}

// checkFailures runs `moyo cmd` on each of tests and checks its exit
// status, its stderr, and that it wrote nothing to stdout.
func checkFailures(t *testing.T, cmd string, tests []cliFailure) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.stdin, append([]string{cmd}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q", stdout)
			}
			checkFailure(t, cmd, tt.code, stderr, tt.stderr)
		})
	}
}
