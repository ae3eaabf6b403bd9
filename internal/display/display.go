// Package display checks, before a window opens, that the desktop can be
// reached: a GUI toolkit that cannot open the display panics with a stack
// trace instead of returning an error.
package display

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Probe is what Check learned of the display, and the connection it
// opened, which its Close closes.
type Probe struct {
	conn io.Closer // nil when Check opened none
	// Screen is the display's screen, when Check could read it: for a
	// local X display, the screen DISPLAY names.
	Screen Screen
}

// Screen is the size of a screen.
type Screen struct {
	Width, Height     int // in pixels; 0 when not known
	WidthMM, HeightMM int // in millimetres, as the server reports them; 0 when not known
}

// Known reports whether the screen's size in pixels is known.
func (s Screen) Known() bool { return s.Width > 0 && s.Height > 0 }

// Close closes the connection Check opened, if any.
func (p *Probe) Close() error {
	if p.conn == nil {
		return nil
	}
	return p.conn.Close()
}

// Check reports why the desktop app could not open a window, before Fyne
// tries: when GLFW cannot open the display it panics with a stack trace
// instead of returning an error. On Linux it checks that a display is
// named and, for a local X display, that the server accepts a connection
// with the user's credentials, as Xlib will; the server's answer gives
// the size of the screen, which the first window should fit.
//
// The connection it opened must stay open until the app's own is (the
// caller closes the Probe when the app ends): an X server such as Xvfb,
// started without -noreset, resets when its last client leaves, and a
// connection that arrives during the reset is refused. The probe that
// closed at once made GLFW fail in 2 or 3 launches of 10 under xvfb-run.
func Check() (*Probe, error) {
	if runtime.GOOS != "linux" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return &Probe{}, nil
	}
	d := os.Getenv("DISPLAY")
	if d == "" {
		return nil, errors.New("no display (DISPLAY is not set); 'moyo analyze' and 'moyo rank' work without one")
	}
	host, num, ok := strings.Cut(d, ":")
	if !ok || (host != "" && host != "unix") {
		return &Probe{}, nil // a remote or unusual display: let the driver judge
	}
	num, scr, _ := strings.Cut(num, ".")
	screen, err := strconv.Atoi(scr)
	if err != nil {
		screen = 0 // none named, or unreadable: Xlib's default
	}
	path := "/tmp/.X11-unix/X" + num
	var conn net.Conn
	for _, addr := range []string{"@" + path, path} { // abstract socket first, as Xlib does
		if c, err := net.DialTimeout("unix", addr, 2*time.Second); err == nil {
			conn = c
			break
		}
	}
	if conn == nil {
		return nil, fmt.Errorf("cannot open display %s: no X server answers at %s", d, path)
	}
	name, data := xauthCookie(num)
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	setup, err := xHandshake(conn, name, data)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("cannot open display %s: %w", d, err)
	}
	conn.SetDeadline(time.Time{})
	return &Probe{conn: conn, Screen: screenOf(setup, screen)}, nil
}

// xHandshake sends the X11 connection setup on conn with the authorization
// name and data (both empty for none) and reads whether the server accepts
// it, returning its reason when it does not, and the setup it sends when
// it does (the additional data of its reply).
func xHandshake(conn io.ReadWriter, name string, data []byte) ([]byte, error) {
	pad := func(n int) int { return (4 - n%4) % 4 }
	var req bytes.Buffer
	req.Write([]byte{'l', 0}) // little-endian
	binary.Write(&req, binary.LittleEndian, [5]uint16{11, 0, uint16(len(name)), uint16(len(data)), 0})
	req.WriteString(name)
	req.Write(make([]byte, pad(len(name))))
	req.Write(data)
	req.Write(make([]byte, pad(len(data))))
	if _, err := conn.Write(req.Bytes()); err != nil {
		return nil, fmt.Errorf("the X server closed the connection: %w", err)
	}
	var head [8]byte
	if _, err := io.ReadFull(conn, head[:]); err != nil {
		return nil, fmt.Errorf("the X server did not answer the connection setup: %w", err)
	}
	// Every answer gives the length of its additional data in 4-byte
	// units at bytes 6–7: the setup on success (1); the reason on
	// failure (0), whose length is byte 1, or on Authenticate (2).
	extra := make([]byte, 4*int(binary.LittleEndian.Uint16(head[6:8])))
	n, _ := io.ReadFull(conn, extra)
	extra = extra[:n]
	status := head[0]
	if status == 1 {
		return extra, nil
	}
	reason := extra
	if status == 0 && int(head[1]) <= len(extra) {
		reason = extra[:head[1]]
	}
	text := strings.TrimSpace(strings.TrimRight(string(reason), "\x00"))
	if text == "" {
		text = "no reason given"
	}
	return nil, fmt.Errorf("the X server refused the connection: %s", text)
}

// screenOf reads the size of screen number n from setup, the additional
// data of a successful connection setup reply as the X11 protocol lays
// it out (little-endian, as xHandshake asks): 32 bytes of fixed fields,
// the vendor's name padded to 4 bytes, 8 bytes per pixmap format, then
// the screens, each 40 bytes of fixed fields, the width and height in
// pixels and in millimetres at bytes 20–27, followed by its depths,
// each 8 bytes and 24 per visual. A setup too short to hold the screen
// gives no screen.
func screenOf(setup []byte, n int) Screen {
	u16 := func(at int) int { return int(binary.LittleEndian.Uint16(setup[at:])) }
	if len(setup) < 32 || n < 0 {
		return Screen{}
	}
	vendor, screens, formats := u16(16), int(setup[20]), int(setup[21])
	if n >= screens {
		return Screen{}
	}
	at := 32 + vendor + (4-vendor%4)%4 + 8*formats
	for k := 0; ; k++ {
		if at+40 > len(setup) {
			return Screen{}
		}
		if k == n {
			return Screen{Width: u16(at + 20), Height: u16(at + 22), WidthMM: u16(at + 24), HeightMM: u16(at + 26)}
		}
		depths := int(setup[at+39])
		at += 40
		for range depths {
			if at+8 > len(setup) {
				return Screen{}
			}
			at += 8 + 24*u16(at+2)
		}
	}
}

// xauthCookie returns the authorization Xlib would send to local display
// number num: the first entry of $XAUTHORITY (or ~/.Xauthority) for this
// host or any host and that display, or none.
func xauthCookie(num string) (name string, data []byte) {
	path := os.Getenv("XAUTHORITY")
	if path == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", nil
		}
		path = filepath.Join(home, ".Xauthority")
	}
	f, err := os.Open(path)
	if err != nil {
		return "", nil
	}
	defer f.Close()
	host, _ := os.Hostname()
	return findXauth(bufio.NewReader(f), host, num)
}

// The address families of Xauthority entries that match a local display.
const (
	familyLocal = 256
	familyWild  = 65535
)

// findXauth reads Xauthority entries from r, each a family (2 bytes, big
// endian) then four counted strings (address, display number, name,
// data), and returns the name and data of the first for a local display
// of host, or of any host, with display number num.
func findXauth(r io.Reader, host, num string) (string, []byte) {
	field := func() ([]byte, error) {
		var n uint16
		if err := binary.Read(r, binary.BigEndian, &n); err != nil {
			return nil, err
		}
		b := make([]byte, n)
		_, err := io.ReadFull(r, b)
		return b, err
	}
	for {
		var family uint16
		if err := binary.Read(r, binary.BigEndian, &family); err != nil {
			return "", nil
		}
		var f [4][]byte
		for i := range f {
			b, err := field()
			if err != nil {
				return "", nil
			}
			f[i] = b
		}
		addr, number, name, data := string(f[0]), string(f[1]), string(f[2]), f[3]
		if (family == familyWild || (family == familyLocal && addr == host)) && (number == num || number == "") {
			return name, data
		}
	}
}
