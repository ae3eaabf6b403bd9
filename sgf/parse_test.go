package sgf

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseValues(t *testing.T) {
	tests := []struct {
		name, in string
		id       string
		values   []string
	}{
		{"plain", `(;C[hello])`, "C", []string{"hello"}},
		{"empty", `(;B[])`, "B", []string{""}},
		{"escaped bracket and backslash", `(;C[a\]b\\c])`, "C", []string{`a]b\c`}},
		{"other escapes drop the backslash", `(;AP[x\:1\n])`, "AP", []string{"x:1n"}},
		{"escaped backslash before bracket", `(;C[a\\])`, "C", []string{`a\`}},
		{"soft break LF", "(;C[ab\\\ncd])", "C", []string{"abcd"}},
		{"soft break CRLF", "(;C[ab\\\r\ncd])", "C", []string{"abcd"}},
		{"soft break CR", "(;C[ab\\\rcd])", "C", []string{"abcd"}},
		{"hard breaks become LF", "(;C[a\r\nb\rc\nd])", "C", []string{"a\nb\nc\nd"}},
		{"unicode", `(;PB[李世乭]`, "PB", []string{"李世乭"}},
		{"several values", "(;AB[aa] [bb]\n\t[cc])", "AB", []string{"aa", "bb", "cc"}},
		{"space before value", `(;B [dd])`, "B", []string{"dd"}},
		{"FF3 long name", `(;AddBlack[aa][bb])`, "AB", []string{"aa", "bb"}},
		{"FF3 mixed case", `(;GaMe[1])`, "GM", []string{"1"}},
		{"FF3 file format", `(;FileFormat[3])`, "FF", []string{"3"}},
		{"long uppercase ID", `(;MULTIGOGM[1])`, "MULTIGOGM", []string{"1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			if !strings.HasSuffix(in, ")") {
				in += ")"
			}
			root := mustParse(t, in)[0]
			if len(root.Props) != 1 {
				t.Fatalf("properties %+v, want one", root.Props)
			}
			p := root.Props[0]
			if p.ID != tt.id || !slices.Equal(p.Values, tt.values) {
				t.Errorf("got %s%q, want %s%q", p.ID, p.Values, tt.id, tt.values)
			}
			if p.Line != 1 || p.Col != 3 {
				t.Errorf("position %d:%d, want 1:3", p.Line, p.Col)
			}
			roundTrip(t, []*Node{root})
		})
	}
}

// TestFileFormats reads a small game in the style of each file format.
func TestFileFormats(t *testing.T) {
	tests := []struct {
		name, in string
		size     int
		moves    []string
	}{
		{"FF1", "(;GaMe[1]FileFormat[1]SiZe[9]\nAddBlack[cc][gc]\n;White[ee];Black[tt];White[])", 9,
			[]string{"W[ee]", "B[]", "W[]"}},
		{"FF3", "(;GM[1]FF[3]SZ[13]HA[2]AB[dj][jd]\nPL[W]\n;W[dd];B[tt];W[jj])", 13,
			[]string{"W[dd]", "B[]", "W[jj]"}},
		{"FF4", "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]\n;B[pd];W[dp];B[tt];W[])", 19,
			[]string{"B[pd]", "W[dp]", "B[]", "W[]"}},
		{"FF4 21x21 tt is a point", "(;FF[4]SZ[21];B[tt];W[aa];B[])", 21,
			[]string{"B[tt]", "W[aa]", "B[]"}},
		{"no FF", "(;SZ[19];B[aa])", 19, []string{"B[aa]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := mustParse(t, tt.in)[0]
			if size, err := root.Size(); err != nil || size != tt.size {
				t.Errorf("Size() = %d, %v, want %d", size, err, tt.size)
			}
			if got := mainLine(t, root); !slices.Equal(got, tt.moves) {
				t.Errorf("moves %q, want %q", got, tt.moves)
			}
			roundTrip(t, []*Node{root})
		})
	}
}

func TestParseTree(t *testing.T) {
	in := `junk before (the game) (;GM[1]
;B[aa]
(;W[bb];B[cc]
  (;W[dd])
  (;W[ee]C[two]))
(;W[ff]))
between (; GN[second] ) trailing )) junk`
	games := mustParse(t, in)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	root := games[0]
	if root.Parent != nil || root.Value("GM") != "1" {
		t.Fatalf("root %+v", root)
	}
	b := root.Children[0]
	if len(root.Children) != 1 || b.Value("B") != "aa" || b.Parent != root {
		t.Fatalf("first move %+v", b)
	}
	if len(b.Children) != 2 || b.Children[0].Value("W") != "bb" || b.Children[1].Value("W") != "ff" {
		t.Fatalf("variations of B[aa]: %d", len(b.Children))
	}
	c := b.Children[0].Children[0]
	if c.Value("B") != "cc" || len(c.Children) != 2 || c.Children[1].Value("C") != "two" {
		t.Fatalf("B[cc] %+v", c)
	}
	if p, _ := c.Children[1].Get("W"); p.Line != 5 || p.Col != 5 {
		t.Errorf("W[ee] at %d:%d, want 5:5", p.Line, p.Col)
	}
	if len(c.Children[0].Children) != 0 || c.Children[0].Parent != c {
		t.Errorf("W[dd] %+v", c.Children[0])
	}
	if games[1].Value("GN") != "second" || len(games[1].Children) != 0 {
		t.Errorf("second game %+v", games[1])
	}
	roundTrip(t, games)
}

func TestParseTestdataVariations(t *testing.T) {
	games, err := Parse(readTestdata(t, "39-2017.01.02-Iyama_Yuta-Master.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	root := games[0]
	if got := mainLine(t, root); len(got) != 135 || slices.Index(got, "W[pr]") != 97 || got[98] != "B[nf]" {
		t.Errorf("main line: %d moves, %q", len(got), got)
	}
	n := root
	for len(n.Children) == 1 {
		n = n.Children[0]
	}
	if n.Value("W") != "pr" || len(n.Children) != 2 {
		t.Fatalf("branch at %+v", n.Props)
	}
	if v := n.Children[1]; v.Value("B") != "ol" || v.Value("C") != "AlphaGo recommended this move." {
		t.Errorf("variation %+v", v.Props)
	}
	roundTrip(t, games)
}

func TestParseTestdataEscapes(t *testing.T) {
	games, err := Parse(readTestdata(t, "Zen19L-GodMoves 2.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	root := games[0]
	if c := root.Value("C"); c != "Zen19L [9d]: GTP Engine for Zen19L (white): Zen version 13.1\n" {
		t.Errorf("root comment %q", c)
	}
	if km, err := root.Komi(); km != 6.5 || err != nil {
		t.Errorf("Komi() = %v, %v", km, err)
	}
	roundTrip(t, games)
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `1:1: no SGF game tree found (expected "(;")`},
		{"hello (B[aa])", `1:1: no SGF game tree found`},
		{"(;B[aa]", "1:8: unexpected end of input: game tree opened at 1:1 is not closed with ')'"},
		{"(;GM[1]\n(;B[aa]\n", "3:1: unexpected end of input: game tree opened at 2:1 is not closed"},
		{"(;B[aa", "1:4: value is not closed with ']'"},
		{"(;C[a\\]", "1:4: value is not closed with ']'"},
		{"(;C[a\\", "1:4: value is not closed with ']'"},
		{"(;GM[1]\n;B[aa]\n;W[bb]1[cc])", "3:7: unexpected '1', expected a property, ';', '(' or ')'"},
		{"(;B)", "1:4: unexpected ')', expected '[' to start a value of B"},
		{"(;Black;)", "1:8: unexpected ';', expected '[' to start a value of Black"},
		{"(;bb[aa])", `1:3: property identifier "bb" has no uppercase letter`},
		{"(;B[aa](;W[bb]);B[cc])", "1:16: unexpected ';': a node cannot follow variations"},
		{"(;B[aa]())", "1:9: unexpected ')', expected ';' to start a node"},
		{"(;C[天下]B", "1:9: unexpected end of input, expected '[' to start a value of B"},
		{"(;GM[1]\r\n;B[aa]\r\n;W)", "3:3: unexpected ')', expected '['"},
		{"(;GM[1]\r;W)", "2:3: unexpected ')', expected '['"},
		{"(;C[two\nlines]\n;W)", "3:3: unexpected ')', expected '['"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error\n%s\nwant\n%s", tt.in, err, tt.want)
		}
	}
}

// TestDeepTrees checks that neither deep nesting nor long lines exhaust the
// stack of the parser or the writer.
func TestDeepTrees(t *testing.T) {
	const depth = 200000
	nested := strings.Repeat("(;B[aa]", depth) + strings.Repeat(")", depth)
	long := "(" + strings.Repeat(";B[aa]", depth) + ")"
	for _, in := range []string{nested, long} {
		games := mustParse(t, in)
		n, count := games[0], 1
		for len(n.Children) > 0 {
			n, count = n.Children[0], count+1
		}
		if count != depth {
			t.Errorf("%d nodes, want %d", count, depth)
		}
		roundTrip(t, games)
	}
}
