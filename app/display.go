package app

import (
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"strings"
	"time"
)

// checkDisplay reports why the desktop app could not open a window, before
// Fyne tries: without an X server GLFW panics instead of returning an error.
// It checks only what it can see cheaply on Linux: that a display is named,
// and that a local X display's socket answers.
func checkDisplay() error {
	if runtime.GOOS != "linux" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return nil
	}
	d := os.Getenv("DISPLAY")
	if d == "" {
		return errors.New("no display (DISPLAY is not set); 'moyo analyze' and 'moyo rank' work without one")
	}
	host, num, ok := strings.Cut(d, ":")
	if !ok || (host != "" && host != "unix") {
		return nil // a remote or unusual display: let the driver judge
	}
	num, _, _ = strings.Cut(num, ".")
	path := "/tmp/.X11-unix/X" + num
	for _, addr := range []string{"@" + path, path} { // abstract socket first, as Xlib does
		if c, err := net.DialTimeout("unix", addr, 2*time.Second); err == nil {
			c.Close()
			return nil
		}
	}
	return fmt.Errorf("cannot open display %s: no X server answers at %s", d, path)
}
