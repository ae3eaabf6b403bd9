package display

import (
	"bytes"
	"encoding/binary"
	"net"
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
	for _, tc := range []struct {
		name  string
		reply []byte
		want  string // "" for success
	}{
		{"accepts", append([]byte{1, 0, 11, 0, 0, 0, 0, 0}, make([]byte, 8)...), ""},
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
			err = xHandshake(c, "MIT-MAGIC-COOKIE-1", []byte("0123456789abcdef"))
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("err %v, want %q", err, tc.want)
			}
			req := <-got
			want := append([]byte{'l', 0, 11, 0, 0, 0, 18, 0, 16, 0, 0, 0}, "MIT-MAGIC-COOKIE-1\x00\x000123456789abcdef"...)
			if !bytes.Equal(req, want) {
				t.Errorf("request %q, want %q", req, want)
			}
		})
	}
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
