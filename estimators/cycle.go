package estimators

import (
	"fmt"
	"math"

	"moyo/board"
)

// Cycle describes an iteration that oscillates instead of settling: the
// Jacobi sweeps of seds fall into a cycle of period two on a quarter of
// middle-game positions (26% of 1,200 from the AI collection), where the
// seed's plain sweep runs to its iteration cap. An estimator that stops at
// the cap looks for one, and names it in Result.Cycle.
type Cycle struct {
	// Period is the number of sweeps after which the states repeat: 2 for
	// the two-cycle of seds.
	Period int
	// Amplitude is the largest swing of a control value over the period:
	// the largest, over the points, of the highest minus the lowest value
	// the point takes in the cycle's states.
	Amplitude float64
	// At is the flat index (y·size + x) of the point with that swing.
	At int
	// Decay is how much the swing shrinks over one more period: 1 for a
	// cycle that stays, less for an oscillation that is dying out, too
	// slowly for the iteration cap.
	Decay float64
	// States holds the control values of the Period states of the cycle,
	// starting with the values the run ended on (Result.Values).
	States [][]float64
}

// Spread returns, for every point, the highest minus the lowest value it
// takes in the cycle's states: 0 where the states agree. It is what the
// overlay shows of a cycle on request; for a two-cycle it is |v₁ − v₀|.
func (c *Cycle) Spread() []float64 {
	if c == nil || len(c.States) == 0 {
		return nil
	}
	out := make([]float64, len(c.States[0]))
	for i := range out {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, st := range c.States {
			lo, hi = min(lo, st[i]), max(hi, st[i])
		}
		out[i] = hi - lo
	}
	return out
}

// Describe names the cycle for the convergence panel, the point in GTP
// notation on a board of the given size: "two-cycle, amplitude 0.003 at
// K10", with ", dying out (×0.95 per period)" when the swing shrinks.
func (c *Cycle) Describe(size int) string {
	if c == nil {
		return ""
	}
	names := map[int]string{2: "two-cycle", 3: "three-cycle", 4: "four-cycle"}
	name, ok := names[c.Period]
	if !ok {
		name = fmt.Sprintf("cycle of period %d", c.Period)
	}
	at := board.Point{X: c.At % size, Y: c.At / size}.Label(size)
	s := fmt.Sprintf("%s, amplitude %.2g at %s", name, c.Amplitude, at)
	if c.Decay < cycleSteady {
		s += fmt.Sprintf(", dying out (×%.3g per period)", c.Decay)
	}
	return s
}

// The cycle detector's settings. A state that comes back, after p sweeps,
// to within cycleReturn of the largest swing on the way has period p: a
// settled cycle comes back to rounding error, a slow monotone convergence
// never comes back at all, and an oscillation that decays by less than
// 1 − cycleReturn per period is, at the cap, indistinguishable from a
// cycle, and reported as one with its Decay. Swings below cycleFloor are
// the rounding of a run that has converged as far as float64 allows.
// cycleSteady is the Decay below which Describe calls it dying out.
const (
	maxCyclePeriod = 8
	cycleReturn    = 0.05
	cycleFloor     = 1e-9
	cycleSteady    = 0.99
)

// findCycle looks for a cycle through the state x, the state a run ended
// on without converging, of the solver's plain sweep: Jacobi, or
// Gauss–Seidel in place. It returns nil when the sweeps do not come back.
func findCycle(sys System, x []float64, inPlace bool, points int) *Cycle {
	n := len(x)
	const sweeps = 2 * maxCyclePeriod
	states := make([][]float64, sweeps+1)
	vals := make([][]float64, sweeps+1)
	buf := make([]float64, (sweeps+1)*n)
	vbuf := make([]float64, (sweeps+1)*points)
	for j := range states {
		states[j] = buf[j*n : (j+1)*n]
		vals[j] = vbuf[j*points : (j+1)*points]
	}
	copy(states[0], x)
	sys.Values(states[0], vals[0])
	for j := 1; j <= sweeps; j++ {
		copy(states[j], states[j-1])
		if inPlace {
			sys.Sweep(states[j], states[j])
		} else {
			sys.Sweep(states[j-1], states[j])
		}
		sys.Values(states[j], vals[j])
	}
	// swing returns the largest |vals[a] − vals[b]| over the points.
	swing := func(a, b int) float64 {
		d := 0.0
		for i, v := range vals[a] {
			d = max(d, math.Abs(v-vals[b][i]))
		}
		return d
	}
	far := 0.0
	for p := 1; p <= maxCyclePeriod; p++ {
		back := swing(p, 0)
		if p > 1 && far > cycleFloor && back <= cycleReturn*far {
			return newCycle(vals, p)
		}
		far = max(far, back)
	}
	return nil
}

// newCycle describes the cycle of period p whose states' values start at
// vals[0]; vals holds at least 2p states.
func newCycle(vals [][]float64, p int) *Cycle {
	c := &Cycle{Period: p, States: make([][]float64, p)}
	for j := range p {
		c.States[j] = append([]float64(nil), vals[j]...)
	}
	// amplitude returns the largest swing over states from..from+p−1, and
	// where it is.
	amplitude := func(from int) (float64, int) {
		amp, at := 0.0, 0
		for i := range vals[from] {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, st := range vals[from : from+p] {
				lo, hi = min(lo, st[i]), max(hi, st[i])
			}
			if hi-lo > amp {
				amp, at = hi-lo, i
			}
		}
		return amp, at
	}
	c.Amplitude, c.At = amplitude(0)
	c.Decay = 1
	if later, _ := amplitude(p); c.Amplitude > 0 {
		c.Decay = later / c.Amplitude
	}
	return c
}
