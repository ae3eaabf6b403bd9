package sgf

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// FuzzParse checks that Parse never panics, that its errors are
// *SyntaxError with a position, that the accessors never panic on what it
// returns, and that Write followed by Parse gives the same trees back.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[750]HA[0]PB[柯洁]BR[9段]PW[古力]RE[W+R]\n;B[pd];W[dd];B[tt];W[])",
		"(;GM[1]FF[4]SZ[19]\n;B[qf];W[pr]\n(;B[nf]C[Operator error. See variation.];W[qc])\n(;B[ol]C[AlphaGo recommended this move.]))",
		"(;FF[4]C[Zen19L [9d\\]: GTP Engine\n]RE[B+Resign]\n;B[pd]BL[1789.647]C[a \\\\ b\\\nc])",
		"(;GaMe[1]FileFormat[3]SiZe[9]AddBlack[aa:cc][ee]AddWhite[gg]PL[W];White[tt];Black[])",
		"(;FF[4]SZ[21]AB[tt]AE[aa:bb];B[tt])(;SZ[19:13])(;SZ[26];W[zz])",
		"965341040\t;B[dd];W[dp];B[pc];W[qp]\n965344441\t;B[pd];W[dd]\n",
		"948521704\tC2017.05.08 16:04\t快活三\tkkangle\t2\t돌바람(P)\tDolBaram\t0\tB+Resign\t139\t20/3 10m\n",
		"(;CA[UTF-8]AP[YuanYu]GM[1]FF[4]\nPB[东方明\xE7\x8F]BR[9段]\nPW[天下无狗20]WR[9段]\nKM[0];B[qd])",
		"\xEF\xBB\xBF(;C[bom])",
		"junk (;B[aa] ) (;W[bb]",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	for _, s := range []string{"(;CA[GB2312]PB[嘰刔]C[黑中盘胜];B[aa])", "(;PB[表ソ十];W[bb])"} {
		gbk, _ := simplifiedchinese.GBK.NewEncoder().Bytes([]byte(s))
		f.Add(gbk)
		sjis, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte(s))
		f.Add(sjis)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil && len(data) < 4000 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Col < 1 {
				t.Fatalf("error %#v, want a *SyntaxError with a position", err)
			}
			return
		}
		if len(games) == 0 {
			t.Fatal("no games and no error")
		}
		for _, root := range games {
			size, err := root.Size()
			if err != nil {
				size = DefaultSize
			}
			root.Komi()
			root.Handicap()
			root.Info()
			for stack := []*Node{root}; len(stack) > 0; {
				n := stack[len(stack)-1]
				stack = append(stack[:len(stack)-1], n.Children...)
				n.PlayerToMove()
				if m, ok, err := n.Move(size); err == nil && ok && !m.Pass && (m.Point.X >= size || m.Point.Y >= size) {
					t.Fatalf("move %+v outside a board of %d", m, size)
				}
				n.Setup(size)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, games); err != nil {
			t.Fatalf("Write: %v", err)
		}
		again, err := Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("Parse of written SGF: %v\n%q", err, buf.Bytes())
		}
		if d := sameTrees(games, again); d != "" {
			t.Fatalf("round trip changed the tree: %s\ninput %q\nwritten %q", d, data, buf.Bytes())
		}
		var buf2 bytes.Buffer
		if err := Write(&buf2, again); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Fatalf("writing again gave %q, %v, want %q", buf2.Bytes(), err, buf.Bytes())
		}
	})
}
