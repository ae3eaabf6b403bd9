package estimators

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"moyo/board"
)

// Cap is where Propagate clamps the influence to [−1, 1].
type Cap uint8

// The caps of Propagate.
const (
	// CapTotal clamps the sum of both colours' influence to [−1, 1].
	CapTotal Cap = iota
	// CapSeparate clamps each colour's influence to at most 1 before the
	// two are subtracted (the symmetry article §2.3).
	CapSeparate
	capCount
)

// String returns "total" or "separate", the cap's name on the command line.
func (c Cap) String() string {
	switch c {
	case CapTotal:
		return "total"
	case CapSeparate:
		return "separate"
	}
	return "Cap(" + strconv.Itoa(int(c)) + ")"
}

// propagateSlack bounds the influence Propagate drops at any point by not
// following sources beyond the distance where they could still matter.
const propagateSlack = 1e-13

// Propagate is the symmetry article's propagating function (§2.2): every stone is a
// source of ±1 whose influence spreads through empty points only and falls
// by the attenuation at each step. It is computed directly, so its trace has
// a single entry, 0: a second pass would change nothing.
type Propagate struct{}

// Info describes Propagate and its parameters.
func (Propagate) Info() Info {
	return Info{
		Name:   "propagate",
		Title:  "Propagating function: influence through empty points, attenuated per step",
		Source: "the symmetry article §2.2–2.3, Fig. 2",
		Paper:  symmetryArticle("§2.2–2.3"),
		Params: []ParamSpec{
			{Name: "attenuation", Doc: "factor by which influence falls per step", Min: 1.1, Max: 6, Default: Num(2)},
			{Name: "cap", Doc: "clamp the total or each colour separately", Kind: Choice,
				Choices: NamesOf(capCount), Default: Text(CapTotal.String()),
				ChoiceDocs: map[string]string{
					CapTotal.String():    "the two sides' influence is set against each other, then held within −1 to +1",
					CapSeparate.String(): "each side's influence is held to at most 1 before the two are set against each other",
				}},
		},
	}
}

// Check reports the first parameter in p that Propagate cannot run with.
func (e Propagate) Check(p Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	return checkAttenuation("propagate", p.Num("attenuation"))
}

// checkAttenuation reports an attenuation a that is not a finite number
// ≥ 1: below 1 influence would grow as it spreads.
func checkAttenuation(name string, a float64) error {
	if !(a >= 1) || math.IsInf(a, 1) {
		return fmt.Errorf("%s: attenuation %v is not a finite number ≥ 1", name, a)
	}
	return nil
}

// Estimate spreads the influence of every stone by a breadth-first search
// over the empty points.
func (Propagate) Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error) {
	p, err := Prepare(ctx, Propagate{}, pos, p)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	attenuation := p.Num("attenuation")
	separate := ChoiceOf(p.Text("cap"), capCount) == CapSeparate
	fb := newFlatBoard(pos)
	n := len(fb.cell)

	stones := 0
	for _, c := range fb.cell {
		if c != board.Empty {
			stones++
		}
	}
	// Each source adds one term to a point, and beyond maxD a term is at
	// most A^−(maxD+1): stopping there drops at most stones·A^−(maxD+1) ≤
	// propagateSlack at any point.
	maxD := n
	if attenuation > 1 && stones > 0 {
		d := math.Ceil(math.Log(float64(stones)/propagateSlack)/math.Log(attenuation)) - 1
		maxD = int(min(d, float64(n)))
	}
	weight := make([]float64, maxD+1)
	for d := range weight {
		weight[d] = math.Pow(attenuation, -float64(d))
	}

	// Black and white influence are summed apart, as magnitudes in the same
	// order, so that swapping colours swaps the two sums exactly.
	black := make([]float64, n)
	white := make([]float64, n)
	seen := make([]int32, n) // seen[j] == s+1: j reached from source s
	queue := make([]int32, 0, n)
	sources := 0
	for s, c := range fb.cell {
		if c == board.Empty {
			continue
		}
		if sources%32 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		sources++
		acc := black
		if c == board.White {
			acc = white
		}
		mark := int32(s + 1)
		queue = queue[:0]
		for _, j := range fb.neighbors(s) {
			if fb.cell[j] == board.Empty && seen[j] != mark {
				seen[j] = mark
				queue = append(queue, j)
			}
		}
		// queue[lo:hi] is the layer at distance d.
		for d, lo := 1, 0; d <= maxD && lo < len(queue); d++ {
			hi := len(queue)
			w := weight[d]
			for _, i := range queue[lo:hi] {
				acc[i] += w
				if d == maxD {
					continue
				}
				for _, j := range fb.neighbors(int(i)) {
					if fb.cell[j] == board.Empty && seen[j] != mark {
						seen[j] = mark
						queue = append(queue, j)
					}
				}
			}
			lo = hi
		}
	}

	values := make([]float64, n)
	for i, c := range fb.cell {
		switch {
		case c != board.Empty:
			values[i] = float64(c)
		case separate:
			values[i] = min(1, black[i]) - min(1, white[i])
		default:
			values[i] = max(-1, min(1, black[i]-white[i]))
		}
	}
	return OnePass(pos.Size(), values, start), nil
}
