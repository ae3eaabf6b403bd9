package estimators

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"moyo/board"
	"moyo/internal/testpos"
)

func runPropagate(t *testing.T, pos *board.Position, attenuation float64, cap Cap) Result {
	t.Helper()
	res, err := Propagate{}.Estimate(context.Background(), pos, params("attenuation", attenuation, "cap", cap))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestPropagateDiagrams(t *testing.T) {
	tests := []struct {
		name        string
		diagram     string
		attenuation float64
		cap         Cap
		want        []float64 // values[y*size+x]
	}{
		{
			// Influence goes round the White wall, not through it: Black's
			// stone reaches (2,0) in six steps, White's (1,0) in one.
			name: "stones block", attenuation: 2, cap: CapTotal,
			diagram: "X O .\n. O .\n. . .",
			want: []float64{
				1, -1, 1.0/64 - (1.0/2 + 1.0/4),
				1.0/2 - (1.0/64 + 1.0/2), -1, 1.0/32 - (1.0/4 + 1.0/2),
				1.0/4 - (1.0/32 + 1.0/4), 1.0/8 - (1.0/16 + 1.0/2), 1.0/16 - (1.0/8 + 1.0/4),
			},
		},
		{
			// The centre sees three Black stones and one White at distance 1:
			// total clamps 3/2 − 1/2 to 1.
			name: "cap total", attenuation: 2, cap: CapTotal,
			diagram: ". X .\nX . O\n. X .",
			want:    []float64{1, 1, 0, 1, 1, -1, 1, 1, 0},
		},
		{
			// Separate caps Black's 3/2 to 1 before subtracting White's 1/2.
			name: "cap separate", attenuation: 2, cap: CapSeparate,
			diagram: ". X .\nX . O\n. X .",
			want:    []float64{1, 1, 0, 1, 0.5, -1, 1, 1, 0},
		},
		{
			// Two White sources sum to more than 1 before the cap.
			name: "cap separate, white", attenuation: 2, cap: CapSeparate,
			diagram: ". O .\nO . X\n. O .",
			want:    []float64{-1, -1, 0, -1, -0.5, 1, -1, -1, 0},
		},
	}
	for _, tt := range tests {
		res := runPropagate(t, testpos.Diagram(t, tt.diagram), tt.attenuation, tt.cap)
		for i, w := range tt.want {
			if res.Values[i] != w {
				t.Errorf("%s: values = %v, want %v", tt.name, res.Values, tt.want)
				break
			}
		}
		if res.Iterations != 1 || !res.Converged || len(res.Trace) != 1 || res.Trace[0] != 0 {
			t.Errorf("%s: iterations %d converged %v trace %v, want 1, true, [0]", tt.name, res.Iterations, res.Converged, res.Trace)
		}
	}
}

func TestPropagateSingleStone(t *testing.T) {
	// On an empty board a stone's influence is A^−d at Manhattan distance d.
	for _, a := range []float64{2, 3, 1.1} {
		for _, cap := range []Cap{CapTotal, CapSeparate} {
			pos, err := board.New(7)
			if err != nil {
				t.Fatal(err)
			}
			if err := pos.Set(board.Point{X: 1, Y: 2}, board.White); err != nil {
				t.Fatal(err)
			}
			res := runPropagate(t, pos, a, cap)
			for y := 0; y < 7; y++ {
				for x := 0; x < 7; x++ {
					d := math.Abs(float64(x-1)) + math.Abs(float64(y-2))
					want := -math.Pow(a, -d)
					if got := res.At(x, y); math.Abs(got-want) > 1e-15 {
						t.Errorf("A=%v cap=%s: (%d,%d) = %v, want %v", a, cap, x, y, got, want)
					}
				}
			}
		}
	}
}

// propagateReference computes the propagating function without breadth-first search: shortest
// empty-path distances by relaxing until nothing changes, then the sums.
func propagateReference(pos *board.Position, a float64, cap Cap) []float64 {
	n := pos.Len()
	black := make([]float64, n)
	white := make([]float64, n)
	dist := make([]int, n)
	for s := 0; s < n; s++ {
		c := pos.Cell(s)
		if c == board.Empty {
			continue
		}
		for i := range dist {
			dist[i] = math.MaxInt
		}
		for _, j := range pos.Neighbors(s) {
			if pos.Cell(j) == board.Empty {
				dist[j] = 1
			}
		}
		for changed := true; changed; {
			changed = false
			for i := 0; i < n; i++ {
				if pos.Cell(i) != board.Empty || dist[i] == math.MaxInt {
					continue
				}
				for _, j := range pos.Neighbors(i) {
					if pos.Cell(j) == board.Empty && dist[i]+1 < dist[j] {
						dist[j] = dist[i] + 1
						changed = true
					}
				}
			}
		}
		for i, d := range dist {
			if d == math.MaxInt {
				continue
			}
			if c == board.Black {
				black[i] += math.Pow(a, -float64(d))
			} else {
				white[i] += math.Pow(a, -float64(d))
			}
		}
	}
	v := make([]float64, n)
	for i := range v {
		switch {
		case pos.Cell(i) != board.Empty:
			v[i] = float64(pos.Cell(i))
		case cap == CapSeparate:
			v[i] = math.Min(1, black[i]) - math.Min(1, white[i])
		default:
			v[i] = math.Max(-1, math.Min(1, black[i]-white[i]))
		}
	}
	return v
}

func TestPropagateMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 80; trial++ {
		size := 2 + r.IntN(18)
		pos := testpos.Random(t, r, size, 0.05+0.6*r.Float64())
		a := []float64{1, 1.1, 1.5, 2, 3, 6}[trial%6]
		cap := []Cap{CapTotal, CapSeparate}[trial/6%2]
		got := runPropagate(t, pos, a, cap).Values
		want := propagateReference(pos, a, cap)
		for i := range want {
			// The search stops where the dropped influence is below 1e-13.
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Fatalf("A=%v cap=%s on\n%v: %v is %.17g, reference %.17g", a, cap, pos, pos.PointOf(i), got[i], want[i])
			}
		}
	}
}

func TestPropagateColorSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 60; trial++ {
		pos := testpos.Random(t, r, 2+r.IntN(24), 0.7*r.Float64())
		p := params("attenuation", []float64{2, 1.3, 4.5}[trial%3], "cap", []Cap{CapTotal, CapSeparate}[trial/3%2])
		checkColorSymmetry(t, Propagate{}, pos, p)
	}
	for _, np := range testpos.Records(t) {
		for _, cap := range []Cap{CapTotal, CapSeparate} {
			checkColorSymmetry(t, Propagate{}, np.Pos, params("attenuation", 2, "cap", cap))
		}
	}
}

func TestPropagateParamErrors(t *testing.T) {
	pos := testpos.Diagram(t, "X.\n..")
	tests := []struct {
		name string
		p    Params
		want string
	}{
		{"attenuation below 1", params("attenuation", 0.5, "cap", CapTotal), "attenuation"},
		{"attenuation NaN", params("attenuation", math.NaN(), "cap", CapTotal), "attenuation"},
		{"attenuation Inf", params("attenuation", math.Inf(1), "cap", CapTotal), "attenuation"},
		{"cap", params("attenuation", 2, "cap", "both"), "cap"},
		{"empty cap", params("attenuation", 2, "cap", ""), "cap"},
	}
	for _, tt := range tests {
		_, err := Propagate{}.Estimate(context.Background(), pos, tt.p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one naming %q", tt.name, err, tt.want)
		}
	}
}
