package count

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"moyo/board"
	"moyo/estimators/catalog"
	"moyo/internal/testenv"
)

func diag(p *board.Position, removed, dead []board.Point, st []Status) string {
	var b strings.Builder
	n := p.Size()
	for y := range n {
		for x := range n {
			pt := board.Point{X: x, Y: y}
			r := slices.Contains(removed, pt)
			d := slices.Contains(dead, pt)
			ch := map[board.Color]string{board.Black: "X", board.White: "O", board.Empty: "."}[p.At(pt)]
			switch {
			case r && d:
				ch = strings.ToLower(ch)
			case r:
				ch = map[string]string{"X": "R", "O": "r"}[ch]
			case d:
				ch = map[string]string{"X": "D", "O": "d"}[ch]
			case st[y*n+x] == Seki:
				ch = map[string]string{"X": "S", "O": "s"}[ch]
			}
			b.WriteString(ch)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestExperiment(t *testing.T) {
	ps := testenv.OGSPositions(t)
	for _, en := range []string{""} {
	for _, doubt := range []float64{0.2, 0.3} {
		jp := defaultJudge
		jp.doubt = doubt
		var est = func() interface{ } { return nil }()
		_ = est
		e, _ := catalog.ByName(en)
		same := 0
		var fails []string
		for _, o := range ps {
			st, err := judge(context.Background(), o.Pos, e, jp)
			if err != nil {
				t.Fatal(err)
			}
			var dead []board.Point
			for i, s := range st {
				if s == Dead {
					dead = append(dead, o.Pos.PointOf(i))
				}
			}
			slices.SortFunc(dead, testenv.ComparePoints)
			if slices.Equal(dead, o.Removed) {
				same++
			} else {
				fails = append(fails, o.Name)
				if en == "" && doubt == 0.3 {
				fmt.Println(o.Name, len(o.Removed), len(dead))
				fmt.Println(diag(o.Pos, o.Removed, dead, st))
				}
			}
		}
		t.Logf("%s doubt %g: %d %v", en, doubt, same, fails)
	}
	}
}
