package render

import (
	"bytes"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"moyo/board"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// A 9×9 game near its end: Black holds the left, White the right. The
// black stone on G6 and the white stone on B2 are dead.
const diagram9 = `
. . . . . . . . .
. . X . X O . . .
. X . X O . O O .
. . X O O . X O .
. X X O . O O . .
. X O O . . . . .
. X X O . . . O .
. O X X O . . . .
. . . X O . . . .
`

// A 19×19 middle game with frameworks, an invasion and a few dead stones
// (the white stones on D16 and Q16, and the black one on C3).
const diagram19 = `
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . X . . . . . X . . . . . X . . .
. . X O X . . . . . . . . X X O X . .
. . . O . . . . . . . . . . O X . . .
. . O . . . . . . . . . . . . X . . .
. . . . . . . . . . . . . . . . . . .
. . O . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . X . .
. . . . . . . . . O . . . . . . . . .
. . O . . . . . . . . . . . . . X . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . O . . .
. . X . . . . . . . . . . . . . X . .
. . O X . . . . . . . . . . O . . . .
. . O X X . . . . . . . . . . X O . .
. O X O X . . O . . . X . . . X O . .
. . O O . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
`

// parse reads a diagram or fails the test.
func parse(t testing.TB, s string) *board.Position {
	t.Helper()
	p, err := board.ParseDiagram(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// influence returns made-up control values: every stone radiates its
// colour with a weight falling with Manhattan distance, and the sum is
// divided by scale and clamped to [−1, 1]. It is all integer arithmetic
// until one exact division, so the golden images do not depend on the
// machine. dead lists points whose value is overridden.
func influence(p *board.Position, scale int, dead map[board.Point]float64) []float64 {
	n := p.Size()
	v := make([]float64, p.Len())
	for i := range v {
		a := p.PointOf(i)
		s := 0
		for j := range v {
			c := p.Cell(j)
			if c == board.Empty {
				continue
			}
			b := p.PointOf(j)
			d := abs(a.X-b.X) + abs(a.Y-b.Y)
			if w := 5 - d; w > 0 {
				s += int(c) * w * w
			}
		}
		s = max(-scale, min(s, scale))
		v[i] = float64(s) / float64(scale)
	}
	for pt, x := range dead {
		v[pt.Y*n+pt.X] = x
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// point returns the point of a label such as "G6" on a board of size n.
func point(t testing.TB, n int, label string) board.Point {
	t.Helper()
	for i := range n * n {
		pt := board.Point{X: i % n, Y: i / n}
		if pt.Label(n) == label {
			return pt
		}
	}
	t.Fatalf("no point %s on %d×%d", label, n, n)
	return board.Point{}
}

type goldenCase struct {
	name   string
	pos    *board.Position
	values []float64
	opt    Options
}

func goldenCases(t testing.TB) []goldenCase {
	p9 := parse(t, diagram9)
	v9 := influence(p9, 45, map[board.Point]float64{
		point(t, 9, "G6"): -0.8,
		point(t, 9, "B2"): 0.55,
	})
	p19 := parse(t, diagram19)
	v19 := influence(p19, 30, map[board.Point]float64{
		point(t, 19, "Q16"): 0.9,
		point(t, 19, "C3"):  -0.35,
	})
	p13 := parse(t, `
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . O . . . . . . X . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . X . . . . . . . O . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
`)
	last9 := point(t, 9, "E8")
	// Letters and crosses on every kind of ground: black, white and grey
	// shades, both colours of stone, a dead stone, and the edge.
	var marks9 []Mark
	for _, m := range []struct{ at, label string }{
		{"B7", "A"}, {"H8", "B"}, {"E4", "C"}, {"J1", "D"}, {"D5", "E"}, {"F7", "F"}, {"A9", "Z"}, {"E9", "AB"},
		{"B1", ""}, {"H5", ""}, {"E5", ""}, {"D7", ""}, {"F4", ""},
	} {
		marks9 = append(marks9, Mark{Point: point(t, 9, m.at), Label: m.label})
	}
	last19 := point(t, 19, "R3")
	return []goldenCase{
		{"9x9-shading", p9, v9, Options{LastMove: &last9}},
		{"9x9-shading-plain-nocoords", p9, v9, Options{Background: Plain, NoCoordinates: true}},
		{"9x9-shading-numbers", p9, v9, Options{Numbers: true}},
		{"9x9-squares", p9, v9, Options{Overlay: Squares}},
		{"9x9-squares-plain", p9, v9, Options{Overlay: Squares, Background: Plain}},
		{"9x9-deadmarks-only", p9, v9, Options{Overlay: NoOverlay, LastMove: &last9}},
		{"9x9-no-deadmarks", p9, v9, Options{NoDeadMarks: true}},
		{"9x9-no-values", p9, nil, Options{}},
		{"9x9-marks", p9, v9, Options{Marks: marks9, LastMove: &last9}},
		{"13x13-plain", p13, nil, Options{Background: Plain, CellSize: 22}},
		{"19x19-shading", p19, v19, Options{CellSize: 24, LastMove: &last19}},
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Image(tc.pos, tc.values, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", tc.name+".png")
			if *update {
				var b bytes.Buffer
				if err := EncodePNG(&b, got); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run go test ./render/ -update to create it)", err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("decoding %s: %v", path, err)
			}
			want := image.NewRGBA(img.Bounds())
			draw.Draw(want, want.Rect, img, img.Bounds().Min, draw.Src)
			if want.Rect != got.Rect {
				t.Fatalf("image is %v, golden %s is %v", got.Rect, path, want.Rect)
			}
			if !bytes.Equal(want.Pix, got.Pix) {
				diff := 0
				var first image.Point
				for i := 0; i < len(got.Pix); i += 4 {
					if !bytes.Equal(got.Pix[i:i+4], want.Pix[i:i+4]) {
						if diff == 0 {
							first = image.Pt(i/4%got.Rect.Dx(), i/4/got.Rect.Dx())
						}
						diff++
					}
				}
				out := filepath.Join(t.TempDir(), tc.name+".png")
				var b bytes.Buffer
				if err := EncodePNG(&b, got); err == nil {
					os.WriteFile(out, b.Bytes(), 0o666)
				}
				t.Errorf("%d pixels differ from %s, the first at %v; got %s", diff, path, first, out)
			}
		})
	}
}
