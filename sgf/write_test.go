package sgf

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	in := "(;FF[4]CA[Big5]SZ[9]C[a]\n;B[cc]C[x \\] y \\\\ z\nnext];W[gg]\n(;B[gc];W[cg])(;B[tt]CA[Big5]))" +
		"(;GM[1];B[ee])"
	want := "(;FF[4]CA[UTF-8]SZ[9]C[a]\n" +
		";B[cc]C[x \\] y \\\\ z\nnext];W[gg]\n" +
		"(;B[gc];W[cg])\n" +
		"(;B[tt]CA[Big5]))\n" +
		"(;CA[UTF-8]GM[1]\n" +
		";B[ee])\n"
	games := mustParse(t, in)
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
	roundTrip(t, games)
}

func TestWriteLongLines(t *testing.T) {
	games := mustParse(t, "("+strings.Repeat(";B[aa];W[bb]", 100)+")")
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(buf.String(), "\n") {
		if len(l) > lineWidth+10 {
			t.Errorf("line of %d bytes: %s", len(l), l)
		}
	}
	roundTrip(t, games)
}

func TestWriteBuiltTree(t *testing.T) {
	root := &Node{Props: []Property{
		{ID: "SZ", Values: []string{"19"}},
		{ID: "CA", Values: []string{"GB2312"}},
		{ID: "CA", Values: []string{"Big5"}},
		{ID: "C", Values: []string{`\]\`}},
		{ID: "GN"},
	}}
	var buf bytes.Buffer
	if err := Write(&buf, []*Node{root}); err != nil {
		t.Fatal(err)
	}
	if want := `(;SZ[19]CA[UTF-8]C[\\\]\\]GN[])` + "\n"; buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	child := &Node{Props: []Property{{ID: "B", Values: []string{"aa"}}}}
	tests := []struct {
		name  string
		games []*Node
		want  string
	}{
		{"nil game", []*Node{{}, nil}, "sgf: game 2 is nil"},
		{"nil child", []*Node{{Children: []*Node{nil}}}, "sgf: game 1: nil child node"},
		{"nil variation", []*Node{{Children: []*Node{child, nil}}}, "sgf: game 1: nil child node"},
		{"empty ID", []*Node{{Props: []Property{{Values: []string{"x"}}}}}, `sgf: game 1: invalid property identifier ""`},
		{"lowercase ID", []*Node{{Children: []*Node{{Props: []Property{{ID: "AddBlack"}}}}}}, `sgf: game 1: invalid property identifier "AddBlack"`},
	}
	for _, tt := range tests {
		err := Write(&bytes.Buffer{}, tt.games)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := Write(failingWriter{}, []*Node{child}); err == nil || err.Error() != "disk full" {
		t.Errorf("error %v, want disk full", err)
	}
}

// TestSetComment checks that a comment set on a node, whatever its text,
// is written so that it reads back as set, and replaces the one before.
func TestSetComment(t *testing.T) {
	for _, tt := range []struct {
		name, text, want string
	}{
		{"plain", "Edited from move 100.", ";GM[1]SZ[9]C[Edited from move 100.]"},
		{"escapes", `a ] b \ c`, `;GM[1]SZ[9]C[a \] b \\ c]`},
		{"line breaks", "one\ntwo", ";GM[1]SZ[9]C[one\ntwo]"},
		{"removed", "", ";GM[1]SZ[9]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := mustParse(t, "(;GM[1]C[old]SZ[9])")[0]
			root.SetComment(tt.text)
			var buf bytes.Buffer
			if err := Write(&buf, []*Node{root}); err != nil {
				t.Fatal(err)
			}
			if got := strings.Replace(buf.String(), "CA[UTF-8]", "", 1); got != "("+tt.want+")\n" {
				t.Errorf("wrote %q, want %q", got, "("+tt.want+")\n")
			}
			back := mustParse(t, buf.String())[0]
			if got := back.Value("C"); got != tt.text {
				t.Errorf("read back %q, want %q", got, tt.text)
			}
		})
	}
}
