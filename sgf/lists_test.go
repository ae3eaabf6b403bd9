package sgf

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestKifuListAndIndex(t *testing.T) {
	kifu, err := Parse(readTestdata(t, "DolBaram-kifu-2017-07"))
	if err != nil {
		t.Fatal(err)
	}
	index, err := Parse(readTestdata(t, "DolBaram-kifu.index"))
	if err != nil {
		t.Fatal(err)
	}
	if len(kifu) != 16 || len(index) != 26 {
		t.Fatalf("%d games in the kifu list, %d in the index, want 16 and 26", len(kifu), len(index))
	}

	first := index[0]
	want := GameInfo{Name: "948521704", Date: "2017-05-08", Black: "快活三", White: "돌바람(P)", Result: "B+Resign"}
	if got := first.Info(); got != want || len(first.Children) != 0 {
		t.Errorf("index game 1: %+v, %d children, want %+v", got, len(first.Children), want)
	}
	if p, _ := first.Get("PB"); p.Line != 1 || p.Col != 29 {
		t.Errorf("PB at %d:%d, want 1:29", p.Line, p.Col)
	}

	// The index gives the number of moves of each game in the kifu list.
	lengths := map[string]int{}
	for _, g := range index {
		src := strings.Split(string(readTestdata(t, "DolBaram-kifu.index")), "\n")
		p, _ := g.Get("GN")
		n, err := strconv.Atoi(strings.Split(src[p.Line-1], "\t")[9])
		if err != nil {
			t.Fatal(err)
		}
		lengths[g.Value("GN")] = n
	}
	for _, g := range kifu {
		moves := mainLine(t, g)
		id := g.Value("GN")
		if n, ok := lengths[id]; !ok || n != len(moves) {
			t.Errorf("game %s: %d moves, index says %d (%v)", id, len(moves), n, ok)
		}
	}
	if m := mainLine(t, kifu[0]); m[0] != "B[dd]" || m[1] != "W[dp]" {
		t.Errorf("first moves %q", m[:2])
	}
	if p, _ := kifu[0].Children[0].Get("B"); p.Line != 1 || p.Col != 12 {
		t.Errorf("B[dd] at %d:%d, want 1:12", p.Line, p.Col)
	}
	roundTrip(t, kifu)
	roundTrip(t, index)
}

func TestLists(t *testing.T) {
	tests := []struct {
		name, in string
		games    int
		err      string // prefix of the error of Parse or of the first move
	}{
		{"kifu CRLF and blank lines", "1\t;B[aa];W[bb]\r\n\r\n 2 \t ;B[cc] \r\n", 2, ""},
		{"kifu trailing junk", "1\t;B[aa]\n22\t;B[aa];W[bb]1\n", 0, "2:16: unexpected '1', expected ';'"},
		{"kifu bad value", "1\t;B[aa]\n2\t;B[aa];W[zz]\n", 2, "2:10: W[zz]: point zz is outside the 19×19 board"},
		{"kifu unclosed value", "1\t;B[aa\n", 0, "1:5: value is not closed"},
		{"index", "1\tC2017.07.30 08:45\tA\ta\t0\tB\tb\t0\tW+Resign\t148\t20/3 1m\n", 1, ""},
		{"index odd date", "1\tyesterday\tA\ta\t0\tB\tb\t0\tW+Resign\t148\t20/3 1m\n", 1, ""},
		{"neither", "1\t;B[aa]\nhello\n", 0, "1:1: no SGF game tree found"},
		{"mixed", "1\t;B[aa]\n1\tC2017.07.30 08:45\tA\ta\t0\tB\tb\t0\tW+Resign\t148\t20/3 1m\n", 0, "1:1: no SGF game tree found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse([]byte(tt.in))
			for _, g := range games {
				for n := g; err == nil && n != nil; n = firstChild(n) {
					_, _, err = n.Move(19)
				}
			}
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
			var se *SyntaxError
			var ve *ValueError
			if err != nil && !errors.As(err, &se) && !errors.As(err, &ve) {
				t.Errorf("error %T, want *SyntaxError or *ValueError", err)
			}
			if len(games) != tt.games {
				t.Errorf("%d games, want %d", len(games), tt.games)
			}
			if tt.games > 0 && tt.err == "" {
				roundTrip(t, games)
			}
		})
	}
	games := mustParse(t, "1\tyesterday\tA\ta\t0\tB\tb\t0\tW+Resign\t148\t20/3 1m\n")
	if dt := games[0].Value("DT"); dt != "yesterday" {
		t.Errorf("DT %q", dt)
	}
	games = mustParse(t, "1\t;B[aa];W[bb]\r\n\r\n 2 \t ;B[cc] \r\n")
	if gn, m := games[1].Value("GN"), mainLine(t, games[1]); gn != "2" || len(m) != 1 || m[0] != "B[cc]" {
		t.Errorf("second game %q %q", gn, m)
	}
}

func firstChild(n *Node) *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}
