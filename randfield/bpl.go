package randfield

import (
	"context"
	"fmt"
	"math"

	"moyo/board"
	"moyo/estimators"
)

// BPLCount is the number of parameters of BoltzmannLiberties.
const BPLCount = 80

// The blocks of BoltzmannLiberties' parameters, in the order of Theta.
const (
	bplEE = 0  // 10 couplings w(e_l, e_m), l ≤ m
	bplES = 10 // 12 triples w(e_l, s_m), h(e_l | s_m), h(s_m | e_l), l ≤ 3
	bplSS = 46 // 4 pairs w(s_l, s_l), h(s_l | s_l)
	bplSO = 54 // 10 couplings w(s_l, o_m), l ≤ m
	bplHO = 64 // 16 fields h(s_l | o_m)
)

// BoltzmannLiberties is Stern et al.'s second model (§2, eq. 3): the factor of
// an edge depends on the contents and the liberty counts of both its ends,
//
//	ψ(s_i, s_j) = exp(w(c_i, c_j, s_i, s_j, l_i, l_j)),
//
// with a spin s = +1 (Black) or −1 (White) on every intersection as for
// Boltzmann5. Every point has a liberty class l ∈ {1, 2, 3, 4}:
// for a stone, the liberties of its chain (the empty
// points adjacent to it), 4 standing for 4 or more; for an empty point, as
// the paper gives every vertex a liberty count, its own liberties, the
// empty points among its neighbours, with 0 counted as 1. A point's class
// is its contents and its liberty class: twelve classes.
//
// The reduction. A general function of (s_i, s_j) is a 2×2 table, which,
// up to a constant that cancels in P(s|c), is a coupling w·s_i·s_j and a
// field on each end, h_i·s_i + h_j·s_j; the model is this, with w, h_i and
// h_j depending on the classes of the two ends. Three arguments cut the
// 12 × 12 × 3 numbers down:
//
//   - Direction: the factor of (i, j) is that of (j, i), so w is symmetric
//     and the field of an end depends on which end it is, not on the order.
//   - Colour (the paper: ψ(s_i, s_j, c_i, c_j) = ψ(−s_i, −s_j, −c_i, −c_j)):
//     swapping colours keeps w and negates every field. So a coupling
//     depends on the colours only through "empty", "same colour" and
//     "opposite colours"; the field of a stone end is written towards the
//     stone's colour, h·col(c)·s; the field of an empty end beside a stone
//     towards the stone's colour; and an empty point beside an empty point
//     has no field (it would have to equal its own negation).
//   - What occurs: two stones of one colour side by side are one chain, so
//     they have the same liberty count; an empty point beside a stone has
//     at most three empty neighbours. Parameters of pairs that never occur
//     could not be learnt, so there are none.
//
// What is left is 80 parameters, named as the command line names them
// (e1–e4: an empty point of that liberty class; s1–s4: a stone of that
// class; o1–o4: a stone of the other colour than s):
//
//   - w-eL-eM, L ≤ M: the coupling of two empty points (10).
//   - w-eL-sM, h-eL-sM, h-sM-eL, L ≤ 3: the coupling of an empty point and
//     a stone, the field of the empty point towards the stone's colour,
//     and the field of the stone towards its own colour (3 × 12 = 36).
//   - w-sL-sL, h-sL-sL: the coupling of two stones of one chain, and the
//     field of each towards its colour (2 × 4 = 8).
//   - w-sL-oM, L ≤ M: the coupling of a Black and a White stone (10).
//   - h-sL-oM: the field towards its colour of a stone of class L beside
//     an opponent stone of class M (16; on an edge between classes L and
//     M, h-sL-oM is the field of one end and h-sM-oL of the other).
//
// That is 10 + 36 + 8 + 10 + 16 = 80, not the paper's 78: the paper does not
// say how it counts, and no reduction by its two symmetries that we found
// gives 78 (without liberty counts for empty points the same arguments
// give 47; without the last argument, 110).
//
// Boltzmann5 is the special case where every coupling depends on the
// contents alone and every stone field is h(stone), the empty ones 0
// (BoltzmannLibertiesFrom), which is the estimator's default: untrained,
// bpl computes what bp computes, bit for bit.
type BoltzmannLiberties struct {
	// Theta holds the parameters in the order of BPLNames.
	Theta [BPLCount]float64
}

// bplEEIndex returns the index of w-eL-eM, L ≤ M.
func bplEEIndex(l, m int) int {
	// Rows of the upper triangle: L = 1 has 4 entries, 2 has 3, …
	return bplEE + (l-1)*(10-l)/2 + (m - l)
}

// bplESIndex returns the index of w-eL-sM; the two fields follow it.
func bplESIndex(l, m int) int { return bplES + 3*((l-1)*4+(m-1)) }

// bplSSIndex returns the index of w-sL-sL; its field follows it.
func bplSSIndex(l int) int { return bplSS + 2*(l-1) }

// bplSOIndex returns the index of w-sL-oM, L ≤ M.
func bplSOIndex(l, m int) int { return bplSO + (l-1)*(10-l)/2 + (m - l) }

// bplHOIndex returns the index of h-sL-oM.
func bplHOIndex(l, m int) int { return bplHO + 4*(l-1) + (m - 1) }

// BPLNames returns the names of the parameters, in the order of Theta.
func BPLNames() [BPLCount]string {
	var n [BPLCount]string
	for l := 1; l <= 4; l++ {
		for m := l; m <= 4; m++ {
			n[bplEEIndex(l, m)] = fmt.Sprintf("w-e%d-e%d", l, m)
			n[bplSOIndex(l, m)] = fmt.Sprintf("w-s%d-o%d", l, m)
		}
		for m := 1; m <= 4; m++ {
			if l <= 3 {
				k := bplESIndex(l, m)
				n[k] = fmt.Sprintf("w-e%d-s%d", l, m)
				n[k+1] = fmt.Sprintf("h-e%d-s%d", l, m)
				n[k+2] = fmt.Sprintf("h-s%d-e%d", m, l)
			}
			n[bplHOIndex(l, m)] = fmt.Sprintf("h-s%d-o%d", l, m)
		}
		n[bplSSIndex(l)] = fmt.Sprintf("w-s%d-s%d", l, l)
		n[bplSSIndex(l)+1] = fmt.Sprintf("h-s%d-s%d", l, l)
	}
	return n
}

// bplDoc returns the label and the description of the parameter called
// name.
func bplDoc(name string) (label, doc string) {
	// name is k-aL-bM: kind, two classes.
	kind, a, b := name[:1], name[2:4], name[5:7]
	point := func(c string) string {
		libs := map[string]string{"1": "1 liberty", "2": "2 liberties", "3": "3 liberties", "4": "4 or more liberties"}[c[1:]]
		switch c[0] {
		case 'e':
			n := map[string]string{"1": "at most 1 empty neighbour", "2": "2 empty neighbours", "3": "3 empty neighbours", "4": "4 empty neighbours"}[c[1:]]
			return "an empty point with " + n
		case 's':
			return "a stone of a chain with " + libs
		}
		return "an opponent stone of a chain with " + libs
	}
	label = kind + "(" + a + ", " + b + ")"
	if kind == "w" {
		return label, "coupling of " + point(a) + " and " + point(b)
	}
	label = "h(" + a + " | " + b + ")"
	towards := "its own colour"
	if a[0] == 'e' {
		towards = "the stone's colour"
	}
	return label, "field of " + point(a) + " beside " + point(b) + ", towards " + towards
}

// BoltzmannLibertiesFrom returns the BoltzmannLiberties model that is m:
// every coupling the one of Boltzmann5 for the same contents, every stone
// field h(stone), the fields of empty points 0.
func BoltzmannLibertiesFrom(m Boltzmann5) BoltzmannLiberties {
	var b BoltzmannLiberties
	t := &b.Theta
	for l := 1; l <= 4; l++ {
		for mm := l; mm <= 4; mm++ {
			t[bplEEIndex(l, mm)] = m.WEmpty
			t[bplSOIndex(l, mm)] = m.WOpp
		}
		for mm := 1; mm <= 4; mm++ {
			if l <= 3 {
				k := bplESIndex(l, mm)
				t[k], t[k+1], t[k+2] = m.WStoneEmpty, 0, m.HStone
			}
			t[bplHOIndex(l, mm)] = m.HStone
		}
		t[bplSSIndex(l)], t[bplSSIndex(l)+1] = m.WSame, m.HStone
	}
	return b
}

// SeedBoltzmannLiberties returns the paper's Boltzmann5 parameters as a
// BoltzmannLiberties model: the estimator's untrained default.
func SeedBoltzmannLiberties() BoltzmannLiberties { return BoltzmannLibertiesFrom(SeedBoltzmann5()) }

// Validate reports whether every parameter is a number of magnitude at most
// 10, as for Boltzmann5.
func (m BoltzmannLiberties) Validate() error {
	names := BPLNames()
	for k, v := range m.Theta {
		if !(math.Abs(v) <= boltzmann5Limit) {
			return fmt.Errorf("BoltzmannLiberties: %s = %v is not in [−%d, %d]", names[k], v, boltzmann5Limit, boltzmann5Limit)
		}
	}
	return nil
}

// BoltzmannLibertiesOf returns the model of bpl's parameters p.
func BoltzmannLibertiesOf(p estimators.Params) BoltzmannLiberties {
	var m BoltzmannLiberties
	for k, name := range BPLNames() {
		m.Theta[k] = p.Num(name)
	}
	return m
}

// Params returns bpl's parameters p with the model's parameters set to m.
func (m BoltzmannLiberties) Params(p estimators.Params) estimators.Params {
	for k, name := range BPLNames() {
		p = p.WithNum(name, m.Theta[k])
	}
	return p
}

// LibertyClass returns the liberty class of every point of pos, 1 to 4,
// as BoltzmannLiberties counts it.
func LibertyClass(pos *board.Position) []uint8 {
	class := make([]uint8, pos.Len())
	BoltzmannLiberties{}.classify(pos, class)
	for i, c := range class {
		class[i] = c%4 + 1
	}
	return class
}

// BoltzmannLiberties as a pairModel: the class of a point is
// 4·(col(c) + 1) + l − 1, so 0–3 are White stones, 4–7 empty points and
// 8–11 Black stones, by liberty class.

func (m BoltzmannLiberties) theta() []float64 { return m.Theta[:] }

func (BoltzmannLiberties) numClasses() int { return 12 }

func (BoltzmannLiberties) classify(pos *board.Position, class []uint8) {
	var cs board.Chains
	cs.Find(pos)
	for i := range class {
		c := pos.Cell(i)
		var libs int
		if c == board.Empty {
			for _, j := range pos.Neighbors(i) {
				if pos.Cell(j) == board.Empty {
					libs++
				}
			}
		} else {
			libs = len(cs.Liberties.At(int(cs.Of[i])))
		}
		class[i] = uint8(4*(int(c)+1) + min(max(libs, 1), 4) - 1)
	}
}

func (BoltzmannLiberties) form(a, b uint8) edgeForm {
	ca, cb := board.Color(a/4)-1, board.Color(b/4)-1
	la, lb := int(a%4)+1, int(b%4)+1
	none := int16(-1)
	switch {
	case ca == board.Empty && cb == board.Empty:
		return edgeForm{w: int16(bplEEIndex(min(la, lb), max(la, lb))), ha: none, hb: none}
	case ca == board.Empty:
		k := int16(bplESIndex(min(la, 3), lb))
		return edgeForm{w: k, ha: k + 1, hb: k + 2, sa: float64(cb), sb: float64(cb)}
	case cb == board.Empty:
		k := int16(bplESIndex(min(lb, 3), la))
		return edgeForm{w: k, ha: k + 2, hb: k + 1, sa: float64(ca), sb: float64(ca)}
	case ca == cb:
		return edgeForm{w: int16(bplSSIndex(min(la, lb))), ha: int16(bplSSIndex(la) + 1), hb: int16(bplSSIndex(lb) + 1),
			sa: float64(ca), sb: float64(cb)}
	}
	return edgeForm{w: int16(bplSOIndex(min(la, lb), max(la, lb))), ha: int16(bplHOIndex(la, lb)), hb: int16(bplHOIndex(lb, la)),
		sa: float64(ca), sb: float64(cb)}
}

// BPL is the BoltzmannLiberties random field of Stern et al. (2004, §2, eq. 3) with
// the same inference methods, views and settings as BP (loopy BP with
// damping, exact marginals, Swendsen–Wang), and its 80 model parameters
// (see BoltzmannLiberties) as parameters of the estimator. Its defaults
// are the paper's Boltzmann5 values mapped into the 80, so that untrained
// it agrees with bp bit for bit; the preset "fitted on AI games" holds
// the parameters 'moyo fit --estimator bpl --ml' learnt.
type BPL struct{}

// Info describes BPL and its parameters.
func (BPL) Info() estimators.Info {
	var specs []estimators.ParamSpec
	for _, s := range (BP{}).Info().Params {
		if !s.Model {
			specs = append(specs, s)
		}
	}
	seed := SeedBoltzmannLiberties()
	for k, name := range BPLNames() {
		label, doc := bplDoc(name)
		specs = append(specs, estimators.ParamSpec{Name: name, Label: label, Doc: doc, Min: -5, Max: 5, Default: estimators.Num(seed.Theta[k]), Model: true})
	}
	return estimators.Info{
		Name:      "bpl",
		Title:     "BoltzmannLiberties random field: couplings by liberty count; loopy BP, exact marginals or Swendsen–Wang",
		Source:    "Stern et al. 2004 §2 eq. 3, §3",
		Paper:     sternGraepelMacKay("§2 eq. 3, §3"),
		Iterative: true,
		Params:    specs,
		Published: published(),
	}
}

// Check reports the first parameter in p that BPL cannot run with. Only
// the parameters the chosen inference reads are checked.
func (e BPL) Check(p estimators.Params) error {
	p = e.Info().Complete(p)
	if err := e.Info().CheckKinds(p); err != nil {
		return err
	}
	if err := BoltzmannLibertiesOf(p).Validate(); err != nil {
		return fmt.Errorf("bpl: %w", err)
	}
	return checkInference("bpl", readBP(p))
}

// Estimate computes the marginals of the BoltzmannLiberties model of p.
func (BPL) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	return estimate(ctx, BPL{}, pos, p, func(p estimators.Params) pairModel { return BoltzmannLibertiesOf(p) })
}

// RefineParams is refineParams: BPL's fixed-point check, as BP's.
func (BPL) RefineParams(p estimators.Params) (estimators.Params, bool, error) { return refineParams(p) }
