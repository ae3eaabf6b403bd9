package estimators

import (
	"context"
	"strconv"
	"time"

	"moyo/board"
)

// GnuGoView is what GnuGo shows of GNU Go's influence.
type GnuGoView uint8

// The views of GnuGo.
const (
	// GnuGoViewValue is GNU Go's territory value of each point.
	GnuGoViewValue GnuGoView = iota
	// GnuGoViewRegions is GNU Go's classification of each point as
	// territory (±1), moyo (±0.66) or area (±0.33) of either colour, or
	// none (0).
	GnuGoViewRegions
	gnugoViewCount
)

// String returns "value" or "regions", the view's name on the command line.
func (v GnuGoView) String() string {
	switch v {
	case GnuGoViewValue:
		return "value"
	case GnuGoViewRegions:
		return "regions"
	}
	return "GnuGoView(" + strconv.Itoa(int(v)) + ")"
}

// The values the regions view gives a Black point; White's are negated.
const (
	gnugoRegionTerritory = 1
	gnugoRegionMoyo      = 0.66
	gnugoRegionArea      = 0.33
)

// The constants of GNU Go 3.8 (engine/influence.h and influence.c) for the
// territorial influence, without the "cosmic" style.
const (
	// gnugoStrength is the strength of the influence source at a living
	// stone (DEFAULT_STRENGTH).
	gnugoStrength = 100
	// gnugoDiagonalDamping is the extra damping of a diagonal step
	// (TERR_DIAGONAL_DAMPING).
	gnugoDiagonalDamping = 1.7
	// gnugoCutoff is the smallest contribution that is spread
	// (INFLUENCE_CUTOFF).
	gnugoCutoff = 0.02
	// gnugoOrthogonalReduction and gnugoDiagonalReduction multiply the
	// opponent's permeability of the empty points next to a living stone.
	gnugoOrthogonalReduction = 0.25
	gnugoDiagonalReduction   = 0.65
	// gnugoTerritoryThreshold is how sure a territory value must be for
	// whose_territory.
	gnugoTerritoryThreshold = 0.95
)

// GnuGo is GNU Go 3.8's influence function and territory valuation
// (the GNU Go manual §13.5–13.8), without the pattern databases: no barriers,
// intrusions, invasions or non-territory patterns, and every stone alive.
//
// Every stone is a source of strength 100 whose influence spreads outwards
// breadth first over the 8 neighbours, falling by the attenuation per step
// and by the permeability of the points it passes, which living stones
// lower for their opponent. The territory value of an empty point follows
// from the two colours' influence there; the regions view gives GNU Go's
// territory/moyo/area classification instead. Stones hold ±1 in both
// views: there is no input for dead stones yet. It is computed directly,
// so its trace has a single entry, 0.
//
// Given GNU Go's own sources and permeabilities, the spread and the
// valuation reproduce GNU Go 3.8's numbers to the precision it prints
// (gnugo_gtp_test.go); the differences from GNU Go's own estimate come
// from what it adds: dragon strengths, dead stones and patterns.
//
// Swapping the colours of a position negates every value exactly: the two
// colours go through the same code with their arrays exchanged.
type GnuGo struct{}

// Info describes GnuGo and its parameters.
func (GnuGo) Info() Info {
	return Info{
		Name:   "gnugo",
		Title:  "GNU Go's influence function and territory valuation, without patterns",
		Source: "the GNU Go manual §13.5–13.8 (GNU Go 3.8 engine/influence.c)",
		Paper:  gnuGoManual("§13.5–13.8"),
		Params: []ParamSpec{
			{Name: "attenuation", Doc: "factor by which influence falls per step", Min: 1.5, Max: 6, Default: Num(2.4)},
			{Name: "view", Doc: "GNU Go's territory value, or its territory/moyo/area classes", Kind: Choice,
				Choices: NamesOf(gnugoViewCount), Default: Text(GnuGoViewValue.String())},
		},
	}
}

// Check reports the first parameter in p that GnuGo cannot run with.
func (e GnuGo) Check(p Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	return checkAttenuation("gnugo", p.Num("attenuation"))
}

// Estimate spreads the influence of every stone, then values the territory
// (or classifies the points, in the regions view).
func (GnuGo) Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error) {
	p, err := Prepare(ctx, GnuGo{}, pos, p)
	if err != nil {
		return Result{}, err
	}
	start := time.Now()
	f := newGnugoField(pos)
	if err := f.spread(ctx, 1/p.Num("attenuation"), 1/gnugoDiagonalDamping); err != nil {
		return Result{}, err
	}
	f.valueTerritory()

	regions := ChoiceOf(p.Text("view"), gnugoViewCount) == GnuGoViewRegions
	values := make([]float64, pos.Len())
	size := pos.Size()
	for i := range values {
		t := f.pad(i, size)
		switch {
		case f.cell[t] != board.Empty:
			values[i] = float64(f.cell[t])
		case regions:
			values[i] = f.region(t)
		default:
			// GNU Go counts White positive. 0 − v rather than −v, so
			// that no point shows as −0.
			values[i] = 0 - f.terr[t]
		}
	}
	return OnePass(size, values, start), nil
}

// gnugoField holds GNU Go's influence data for one position. The board is
// laid out with a border of off-board points, stride = size + 2, so that
// every step from an on-board point lands in the arrays; a target is
// checked only against blocked.
type gnugoField struct {
	stride   int
	cell     []board.Color
	blocked  []bool  // off the board or a living stone: never a target
	row, col []int32 // coordinates of each padded point

	// perm[0] and perm[1] are the permeabilities for Black's and White's
	// influence, infl[0] and infl[1] the accumulated influence.
	perm [2][]float64
	infl [2][]float64

	working []float64 // one source's influence, zero between sources
	queue   []int32   // the points one source has reached, in order

	// step is the offset of each of the 8 directions in GNU Go's order:
	// south, west, north, east, then south-west, north-west, north-east,
	// south-east; di, dj are its row and column steps. For a diagonal,
	// squeeze holds the offsets of the two orthogonal points squeezed
	// between (di, 0) and (0, dj).
	step    [8]int32
	di, dj  [8]int32
	squeeze [8][2]int32

	first, terr []float64 // territory values, White positive as in GNU Go
}

// newGnugoField lays out pos and sets the permeabilities: 1 everywhere,
// 0 at a living stone for its opponent, and at each empty point the
// opponent's permeability multiplied by 0.25 for every 4-adjacent living
// stone and 0.65 for every diagonal one (find_influence_patterns).
func newGnugoField(pos *board.Position) *gnugoField {
	size := pos.Size()
	stride := size + 2
	np := stride * stride
	floats := make([]float64, 7*np)
	ints := make([]int32, 2*np+size*size)
	f := &gnugoField{
		stride:  stride,
		cell:    make([]board.Color, np),
		blocked: make([]bool, np),
		row:     ints[:np:np],
		col:     ints[np : 2*np : 2*np],
		queue:   ints[2*np : 2*np : len(ints)],
		perm:    [2][]float64{floats[:np:np], floats[np : 2*np : 2*np]},
		infl:    [2][]float64{floats[2*np : 3*np : 3*np], floats[3*np : 4*np : 4*np]},
		working: floats[4*np : 5*np : 5*np],
		first:   floats[5*np : 6*np : 6*np],
		terr:    floats[6*np:],
	}
	dirs := [8][2]int32{{1, 0}, {0, -1}, {-1, 0}, {0, 1}, {1, -1}, {-1, -1}, {-1, 1}, {1, 1}}
	s := int32(stride)
	for k, d := range dirs {
		f.di[k], f.dj[k] = d[0], d[1]
		f.step[k] = d[0]*s + d[1]
		f.squeeze[k] = [2]int32{d[0] * s, d[1]}
	}
	for t := range np {
		f.row[t], f.col[t] = int32(t/stride), int32(t%stride)
		f.blocked[t] = true
	}
	for i := range pos.Len() {
		t := f.pad(i, size)
		c := pos.Cell(i)
		f.cell[t] = c
		f.blocked[t] = c != board.Empty
		f.perm[0][t], f.perm[1][t] = 1, 1
		if c != board.Empty {
			f.perm[gnugoOpp(c)][t] = 0
		}
	}
	for i := range pos.Len() {
		t := f.pad(i, size)
		if f.cell[t] != board.Empty {
			continue
		}
		red := [2]float64{1, 1}
		for k, st := range f.step {
			if c := f.cell[t+int(st)]; c != board.Empty {
				r := gnugoOrthogonalReduction
				if k >= 4 {
					r = gnugoDiagonalReduction
				}
				red[gnugoOpp(c)] *= r
			}
		}
		f.perm[0][t] *= red[0]
		f.perm[1][t] *= red[1]
	}
	return f
}

// pad returns the padded index of board point i.
func (f *gnugoField) pad(i, size int) int {
	return (i/size+1)*f.stride + i%size + 1
}

// gnugoSide returns the index of colour c in perm and infl: 0 Black, 1 White.
func gnugoSide(c board.Color) int {
	if c == board.White {
		return 1
	}
	return 0
}

// gnugoOpp returns the index of the opponent of colour c in perm and infl.
func gnugoOpp(c board.Color) int { return 1 - gnugoSide(c) }

// spread accumulates the influence of every stone, in board order as GNU
// Go does (the order matters only through the 1.01 × cutoff rule of
// accumulate).
func (f *gnugoField) spread(ctx context.Context, invAtt, invDiag float64) error {
	sources := 0
	for t, c := range f.cell {
		if c == board.Empty {
			continue
		}
		if sources%32 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		sources++
		f.accumulate(int32(t), gnugoSide(c), gnugoStrength, invAtt, invDiag)
	}
	return nil
}

// accumulate spreads the influence of one source at src for colour index
// c (accumulate_influence). Points leave a FIFO queue in GNU Go's order;
// each spreads, in the 8 directions pointing away from the source (all 8
// at the source), working/A × P × D to every target that is on the board
// and not a living stone, where P is the permeability of the point spread
// from, times on a diagonal step the larger permeability of the two points
// squeezed between, and D is cos² of the angle between the step and the
// offset from the source (1 at the source), including the extra diagonal
// damping. A contribution ≤ the cutoff is dropped and a point is queued
// when it first receives one, so each point spreads once. It returns the
// points reached in the order they were queued, valid until the next call.
func (f *gnugoField) accumulate(src int32, c int, strength, invAtt, invDiag float64) []int32 {
	perm, infl, working := f.perm[c], f.infl[c], f.working
	q := append(f.queue[:0], src)
	working[src] = strength
	r0, c0 := f.row[src], f.col[src]
	for head := 0; head < len(q); head++ {
		ii := q[head]
		p := perm[ii]
		if p == 0 {
			continue
		}
		oi, oj := f.row[ii]-r0, f.col[ii]-c0
		atSource := head == 0
		b := 1.0 // 1/|offset|², for cos² = (step·offset)²/(|step|²|offset|²)
		if !atSource {
			b = 1 / float64(oi*oi+oj*oj)
		}
		s := working[ii] * invAtt
		for k := range 8 {
			t := ii + f.step[k]
			if f.blocked[t] {
				continue
			}
			a := f.di[k]*oi + f.dj[k]*oj
			if !atSource && a <= 0 {
				continue
			}
			var contrib float64
			if k < 4 {
				contrib = s * p
				if !atSource {
					contrib *= float64(a*a) * b
				}
			} else {
				pd := p * max(perm[ii+f.squeeze[k][0]], perm[ii+f.squeeze[k][1]])
				contrib = s * invDiag * pd
				if !atSource {
					contrib *= float64(a*a) * b * 0.5
				}
			}
			if contrib <= gnugoCutoff {
				continue
			}
			if working[t] == 0 {
				q = append(q, t)
			}
			working[t] += contrib
		}
	}
	// GNU Go adds a point's total only if it exceeds 1.01 × the cutoff or
	// the point has no influence of this colour yet.
	for _, t := range q {
		if working[t] > 1.01*gnugoCutoff || infl[t] == 0 {
			infl[t] += working[t]
		}
		working[t] = 0
	}
	f.queue = q[:0]
	return q
}

// valueTerritory sets the territory value of every point that is not a
// living stone, White positive as in GNU Go (value_territory without its
// non-territory patterns).
//
// The first guess g = ((w − b)/(w + b))³ (0 where both are 0) is multiplied
// by the small-influence correction corr(max(w, b)/min_infl(central)). Then
// each point is pulled towards its 4-neighbours, reading only first
// guesses: for every on-board neighbour m that is not a living stone, with
// P the permeability at m for the opponent of the point's apparent owner
// (Black's when g > 0, White's when g < 0),
//
//	n_m = P·g(m) + (1 − P)·g(point),
//
// and the value is max(0, min(g, min_m n_m)) when g > 0 and
// min(0, max(g, max_m n_m)) when g < 0 (0 stays 0). So a point is lowered
// to its weakest neighbour's first guess, less so where the opponent's
// influence could not pass that neighbour, and never changes sign.
//
// Estimate treats every stone as alive, so only empty points are valued.
// A dead stone (a stone that is not blocked) is valued as GNU Go does: its
// first guess is ±1 for its opponent, and a prisoner's point is added at
// the end, giving ±2.
func (f *gnugoField) valueTerritory() {
	size := f.stride - 2
	for t, c := range f.cell {
		if f.blocked[t] {
			continue
		}
		if c != board.Empty {
			f.first[t] = float64(c) // a dead Black stone is White's
			continue
		}
		b, w := f.infl[0][t], f.infl[1][t]
		var d float64
		if w+b > 0 {
			d = (w - b) / (w + b)
		}
		ratio := max(b, w) / gnugoMinInfluence(gnugoCentral(int(f.row[t])-1, int(f.col[t])-1, size))
		f.first[t] = d * d * d * gnugoCorrection(ratio)
	}
	for t, c := range f.cell {
		if f.blocked[t] {
			continue
		}
		g := f.first[t]
		v := g
		for k := range 4 {
			m := t + int(f.step[k])
			if f.blocked[m] {
				continue
			}
			switch {
			case g > 0:
				pb := f.perm[0][m]
				v = min(v, pb*f.first[m]+(1-pb)*g)
			case g < 0:
				pw := f.perm[1][m]
				v = max(v, pw*f.first[m]+(1-pw)*g)
			}
		}
		switch {
		case g > 0:
			v = max(0, v)
		case g < 0:
			v = min(0, v)
		}
		f.terr[t] = v + float64(c)
	}
}

// region classifies empty point t as GNU Go's whose_territory, whose_moyo
// and whose_area do, each including the one before: territory when only
// the owner has influence and the territory value is beyond 0.95; moyo
// when the owner's influence is more than 7 times the opponent's, above 5,
// and the opponent's below 10; area when more than 3 times, above 1, and
// the opponent's below 40. Black's regions are positive.
func (f *gnugoField) region(t int) float64 {
	b, w, v := f.infl[0][t], f.infl[1][t], f.terr[t]
	switch {
	case b > 0 && w == 0 && v < -gnugoTerritoryThreshold:
		return gnugoRegionTerritory
	case w > 0 && b == 0 && v > gnugoTerritoryThreshold:
		return -gnugoRegionTerritory
	case b > 7*w && b > 5 && w < 10:
		return gnugoRegionMoyo
	case w > 7*b && w > 5 && b < 10:
		return -gnugoRegionMoyo
	case b > 3*w && b > 1 && w < 40:
		return gnugoRegionArea
	case w > 3*b && w > 1 && b < 40:
		return -gnugoRegionArea
	}
	return 0
}

// gnugoCentral is GNU Go's measure of how central point (row, col) lies:
// with di, dj its distances to the nearest horizontal and vertical edge,
// the larger of the two (dj on ties) is clipped to 4, and central =
// 2·min(di, dj) + di + dj. The corner is 0, the 3-3 point 8, the 4-4 point
// 12 and 19×19 tengen 21.
func gnugoCentral(row, col, size int) int {
	di := min(row, size-1-row)
	dj := min(col, size-1-col)
	if di > dj {
		di = min(4, di)
	} else {
		dj = min(4, dj)
	}
	return 2*min(di, dj) + di + dj
}

// gnugoMinInfluence is the influence needed to claim territory at a point
// of the given centrality (min_infl_for_territory): 6, 15, 26, 36, 45, 50,
// 55 over central = 0, 4, …, 24, linearly interpolated.
func gnugoMinInfluence(central int) float64 {
	return gnugoInterpolate([]float64{6, 15, 26, 36, 45, 50, 55}, 0, 24, float64(central))
}

// gnugoCorrection is the factor applied to the first guess of a point
// whose stronger influence is ratio times the minimum for territory
// (territory_correction): 0, .25, .45, .65, .85, 1 over ratio 0, .2, …, 1,
// linearly interpolated, 1 beyond.
func gnugoCorrection(ratio float64) float64 {
	return gnugoInterpolate([]float64{0, 0.25, 0.45, 0.65, 0.85, 1}, 0, 1, ratio)
}

// gnugoInterpolate interpolates linearly between values given at equal
// steps from lo to hi, holding the end values outside (gg_interpolate).
func gnugoInterpolate(values []float64, lo, hi, x float64) float64 {
	last := len(values) - 1
	switch {
	case x < lo:
		return values[0]
	case x >= hi:
		return values[last]
	}
	r := float64(last) * (x - lo) / (hi - lo)
	i := int(r)
	d := r - float64(i)
	return (1-d)*values[i] + d*values[i+1]
}
