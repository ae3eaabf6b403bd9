package display

import (
	"bytes"
	"encoding/binary"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
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
		c, err := Check()
		if err == nil {
			c.Close()
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("DISPLAY=%q: %v", tt.display, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("DISPLAY=%q: error %v, want %q", tt.display, err, tt.want)
		}
	}
}

// fakeXServer accepts one connection on a unix socket at path, reads the
// connection setup and answers with reply; it sends the request it read
// to got.
func fakeXServer(t *testing.T, path string, reply []byte, got chan<- []byte) {
	t.Helper()
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Skipf("SKIP: cannot listen on a unix socket: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 256)
		n, _ := c.Read(buf)
		got <- buf[:n]
		c.Write(reply)
	}()
}

// TestXHandshake checks the connection setup against servers that accept,
// refuse with a reason, and ask to authenticate, and that the cookie is
// sent as the protocol lays it out.
func TestXHandshake(t *testing.T) {
	refuse := append([]byte{0, 21, 11, 0, 0, 0, 6, 0}, []byte("No protocol specified\x00\x00\x00")...)
	auth := append([]byte{2, 0, 0, 0, 0, 0, 4, 0}, []byte("Authorization required\x00\x00\x00\x00\x00\x00")[:16]...)
	setup := setupReply([4]uint16{1024, 640, 271, 169})
	accepts := append([]byte{1, 0, 11, 0, 0, 0, byte(len(setup) / 4), byte(len(setup) / 1024)}, setup...)
	for _, tc := range []struct {
		name  string
		reply []byte
		want  string // "" for success
	}{
		{"accepts", append([]byte{1, 0, 11, 0, 0, 0, 0, 0}, make([]byte, 8)...), ""},
		{"accepts with a screen", accepts, ""},
		{"refuses", refuse, "the X server refused the connection: No protocol specified"},
		{"authenticate", auth, "the X server refused the connection: Authorization re"},
		{"hangs up", nil, "did not answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "X")
			got := make(chan []byte, 1)
			fakeXServer(t, path, tc.reply, got)
			c, err := net.Dial("unix", path)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(5 * time.Second))
			answer, err := xHandshake(c, "MIT-MAGIC-COOKIE-1", []byte("0123456789abcdef"))
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("err %v, want %q", err, tc.want)
			}
			if want := (Screen{1024, 640, 271, 169}); tc.name == "accepts with a screen" && screenOf(answer, 0) != want {
				t.Errorf("screen %+v, want %+v", screenOf(answer, 0), want)
			}
			req := <-got
			want := append([]byte{'l', 0, 11, 0, 0, 0, 18, 0, 16, 0, 0, 0}, "MIT-MAGIC-COOKIE-1\x00\x000123456789abcdef"...)
			if !bytes.Equal(req, want) {
				t.Errorf("request %q, want %q", req, want)
			}
		})
	}
}

// setupReply returns the additional data of a successful connection
// setup as an X server sends it: a vendor's name of odd length, two
// pixmap formats, then the screens of the given sizes (pixels, then
// millimetres), each with two depths of one and two visuals.
func setupReply(screens ...[4]uint16) []byte {
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	vendor := "The X.Org Foundation" + "!" // 21 bytes, padded to 24
	le([4]uint32{12101011, 0x200000, 0x1fffff, 256})
	le([2]uint16{uint16(len(vendor)), 65535})
	le([8]uint8{uint8(len(screens)), 2, 0, 0, 32, 32, 8, 255})
	le(uint32(0))
	b.WriteString(vendor)
	b.Write(make([]byte, 3))
	b.Write(make([]byte, 2*8))
	for _, sc := range screens {
		le([5]uint32{0x1ea, 0x20, 0xffffff, 0, 0})
		le(sc)
		le([2]uint16{1, 1})
		le(uint32(0x21))
		le([4]uint8{0, 0, 24, 2})
		for visuals := range 2 {
			le([2]uint8{24, 0})
			le(uint16(visuals + 1))
			le(uint32(0))
			b.Write(make([]byte, 24*(visuals+1)))
		}
	}
	return b.Bytes()
}

// TestScreenOf reads the screens' sizes from a constructed setup, and
// nothing from one cut short.
func TestScreenOf(t *testing.T) {
	setup := setupReply([4]uint16{1920, 1080, 508, 286}, [4]uint16{1024, 640, 271, 169})
	for _, tc := range []struct {
		setup []byte
		n     int
		want  Screen
	}{
		{setup, 0, Screen{1920, 1080, 508, 286}},
		{setup, 1, Screen{1024, 640, 271, 169}},
		{setup, 2, Screen{}},
		{setup[:len(setup)-300], 1, Screen{}}, // the second screen cut off
		{setup[:20], 0, Screen{}},
		{nil, 0, Screen{}},
	} {
		if got := screenOf(tc.setup, tc.n); got != tc.want {
			t.Errorf("screen %d of %d bytes: %+v, want %+v", tc.n, len(tc.setup), got, tc.want)
		}
	}
}

// TestCheckReadsScreen checks, where a local X display answers (as under
// xvfb-run), that Check reads its screen's size.
func TestCheckReadsScreen(t *testing.T) {
	if os.Getenv("DISPLAY") == "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		t.Skip("SKIP: no X display to read a screen from")
	}
	p, err := Check()
	if err != nil {
		t.Skipf("SKIP: the X display does not answer: %v", err)
	}
	defer p.Close()
	if !p.Screen.Known() || p.Screen.WidthMM <= 0 {
		t.Errorf("DISPLAY=%s: screen %+v", os.Getenv("DISPLAY"), p.Screen)
	}
	t.Logf("DISPLAY=%s: screen %+v", os.Getenv("DISPLAY"), p.Screen)
}

// TestFindXauth reads a constructed Xauthority file: the entry for another
// display and another host are passed over.
func TestFindXauth(t *testing.T) {
	entry := func(family uint16, addr, num, name, data string) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.BigEndian, family)
		for _, s := range []string{addr, num, name, data} {
			binary.Write(&b, binary.BigEndian, uint16(len(s)))
			b.WriteString(s)
		}
		return b.Bytes()
	}
	file := slices.Concat(
		entry(familyLocal, "box", "0", "MIT-MAGIC-COOKIE-1", "zero"),
		entry(familyLocal, "other", "99", "MIT-MAGIC-COOKIE-1", "elsewhere"),
		entry(familyLocal, "box", "99", "MIT-MAGIC-COOKIE-1", "ours"),
		entry(familyWild, "", "99", "MIT-MAGIC-COOKIE-1", "wild"),
	)
	for _, tc := range []struct{ host, num, want string }{
		{"box", "99", "ours"},
		{"box", "0", "zero"},
		{"elsewhere", "99", "wild"},
		{"box", "7", ""},
	} {
		name, data := findXauth(bytes.NewReader(file), tc.host, tc.num)
		if string(data) != tc.want || (tc.want != "" && name != "MIT-MAGIC-COOKIE-1") {
			t.Errorf("host %s display %s: %q %q, want %q", tc.host, tc.num, name, data, tc.want)
		}
	}
}
