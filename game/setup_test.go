package game

import (
	"bytes"
	"strings"
	"testing"

	"moyo/board"
	"moyo/sgf"
)

func TestSetupRootRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		komi    float64
		info    sgf.GameInfo
		want    []string // in the SGF text
	}{
		{
			name:    "empty board",
			diagram: "...\n...\n...\n",
			want:    []string{"SZ[3]", "KM[0]", "PL[B]"},
		},
		{
			name:    "stones, White to move, game info",
			diagram: "X.O..\n.XO..\n.....\n..X..\n....O\nW to move\n",
			komi:    6.5,
			info:    sgf.GameInfo{Black: "Gu Li", White: "Master", BlackRank: "9p", Event: "60 games]"},
			want:    []string{"SZ[5]", "KM[6.5]", "PL[W]", "AB[aa][bb][cd]", "AW[ca][cb][ee]", "PB[Gu Li]", `EV[60 games\]]`},
		},
		{
			name:    "negative komi",
			diagram: "X.\n..\n",
			komi:    -3.5,
			want:    []string{"KM[-3.5]", "AB[aa]"},
		},
		{
			name:    "komi of 100 is not read in hundredths",
			diagram: "..\n.O\n",
			komi:    100,
			want:    []string{"KM[100.0]", "AW[bb]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := board.ParseDiagram(tt.diagram)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := sgf.Write(&buf, []*sgf.Node{SetupRoot(pos, tt.komi, tt.info)}); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("%s lacks %s", text, w)
				}
			}
			rec, err := Parse(buf.Bytes(), 0)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if rec.Err != nil || len(rec.Warnings) > 0 || len(rec.Steps) != 1 {
				t.Fatalf("%s: error %v, warnings %v, %d steps", text, rec.Err, rec.Warnings, len(rec.Steps))
			}
			if got := rec.Steps[0].Position; !got.Equal(pos) {
				t.Errorf("read back\n%s%v to move, want\n%s%v to move", got, got.ToMove(), pos, pos.ToMove())
			}
			if rec.Info.Komi != tt.komi || rec.Info.GameInfo != tt.info {
				t.Errorf("read back komi %g, info %+v", rec.Info.Komi, rec.Info.GameInfo)
			}
		})
	}
}

// TestSetupWithoutLiberty checks that setup stones leaving a chain without
// a liberty are kept and warned about, with the place of the first setup
// property and the chains named, once per node that does it.
func TestSetupWithoutLiberty(t *testing.T) {
	tests := []struct {
		name, sgf string
		want      []string // the warnings
	}{
		{"legal", "(;SZ[5]AB[aa][ba]AW[ab][bb])", nil},
		{"a Black stone in White's eye", "(;SZ[5]\nAW[ba][ab][cb][bc]AB[bb])",
			[]string{"2:1: the setup leaves Black B4 without a liberty, which no game can reach; the position is kept as set"}},
		{"both, named in board order", "(;SZ[3]AB[aa][ca]AW[ba][ab][cb])",
			[]string{"1:8: the setup leaves Black A3, Black C3 without a liberty, which no game can reach; the position is kept as set"}},
		{"a later node", "(;SZ[5];B[cc];AE[cc]AB[aa]AW[ba][ab])",
			[]string{"1:15: the setup leaves Black A5 without a liberty, which no game can reach; the position is kept as set"}},
	}
	for _, tt := range tests {
		rec, err := Parse([]byte(tt.sgf), 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, w := range rec.Warnings {
			got = append(got, w.Error())
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") || rec.Err != nil {
			t.Errorf("%s: warnings %q (error %v), want %q", tt.name, got, rec.Err, tt.want)
		}
	}
}
