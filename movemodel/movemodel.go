// Package movemodel is Stern et al. 2004 §4's model of move selection: the side to
// move picks each legal move with probability
//
//	P(move | model, β) = exp(β·u(move)) / Z,
//
// u the evaluation of the position after the move from the mover's side
// (the board score of a control estimator, negated when White moves), and
// β an inverse temperature: 0 picks uniformly, large β the best move. How
// well a model predicts play is the log-likelihood it gives the moves
// played (Stern et al. 2004, eq. 4), set against ln 1/n of the uniform choice
// among the n legal moves. β is fitted by maximum likelihood.
//
// Utilities enter only through their differences within a position, so
// rank.Move.Gain (the change of the board score for the mover) serves as
// well as the board score itself and keeps the exponents small.
package movemodel

import (
	"errors"
	"fmt"
	"math"

	"moyo/board"
	"moyo/rank"
)

// Choice is one decision: the utility of every legal move of a position
// and which of them was played.
type Choice struct {
	// U holds each legal move's utility for the mover, up to a constant
	// of the position (rank.Move.Gain).
	U []float64
	// Played is the index in U of the move played.
	Played int
}

// Utilities returns the utility of each move of a ranking, in its order:
// the gain in board score for the mover.
func Utilities(moves []rank.Move) []float64 {
	u := make([]float64, len(moves))
	for i, m := range moves {
		u[i] = m.Gain
	}
	return u
}

// ChoiceOf returns the choice made when played was played in the position
// ranked by moves (rank.Rank). ok is false when played is not among the
// moves (a pass) or there is only one legal move, which is no choice.
func ChoiceOf(moves []rank.Move, played board.Point) (c Choice, ok bool) {
	if len(moves) < 2 {
		return Choice{}, false
	}
	for i, m := range moves {
		if m.Point == played {
			return Choice{U: Utilities(moves), Played: i}, true
		}
	}
	return Choice{}, false
}

// Probabilities returns P(move) at β for moves of utilities u: the
// softmax of β·u, computed from the largest exponent down so that no
// term overflows.
func Probabilities(u []float64, beta float64) []float64 {
	p := make([]float64, len(u))
	if len(u) == 0 {
		return p
	}
	top := maxExponent(u, beta)
	z := 0.0
	for i, x := range u {
		p[i] = math.Exp(beta*x - top)
		z += p[i]
	}
	for i := range p {
		p[i] /= z
	}
	return p
}

// maxExponent returns the largest of β·u.
func maxExponent(u []float64, beta float64) float64 {
	top := math.Inf(-1)
	for _, x := range u {
		top = max(top, beta*x)
	}
	return top
}

// LogProb returns ln P(played move) at β.
func (c Choice) LogProb(beta float64) float64 {
	ll, _, _ := c.derivs(beta)
	return ll
}

// Uniform returns ln 1/n, the log-probability of the played move when
// each of the n legal moves is as likely: the baseline of LogProb.
func (c Choice) Uniform() float64 { return -math.Log(float64(len(c.U))) }

// derivs returns ln P(played) at β and its first two derivatives in β:
// u_played − E[u] and −Var[u], the moments taken under P(·|β).
func (c Choice) derivs(beta float64) (ll, d1, d2 float64) {
	top := maxExponent(c.U, beta)
	// Moments about the played move's utility, which is in the range of
	// the others, so that Var does not cancel a large mean.
	up := c.U[c.Played]
	var z, m1, m2 float64
	for _, x := range c.U {
		w := math.Exp(beta*x - top)
		d := x - up
		z += w
		m1 += w * d
		m2 += w * d * d
	}
	m1 /= z
	m2 /= z
	return beta*up - top - math.Log(z), -m1, -max(0, m2-m1*m1)
}

// LogLikelihood returns Σ ln P(played) over choices at β (Stern et al. 2004 eq. 4)
// and its first two derivatives in β. It is concave in β: the second
// derivative is minus the sum of the utilities' variances.
func LogLikelihood(choices []Choice, beta float64) (ll, d1, d2 float64) {
	for _, c := range choices {
		l, a, b := c.derivs(beta)
		ll += l
		d1 += a
		d2 += b
	}
	return ll, d1, d2
}

// UniformLogLikelihood returns Σ ln 1/n over choices.
func UniformLogLikelihood(choices []Choice) float64 {
	s := 0.0
	for _, c := range choices {
		s += c.Uniform()
	}
	return s
}

// Fit is a maximum-likelihood fit of β.
type Fit struct {
	// Beta is the fitted inverse temperature, in 1/points when the
	// utilities are board scores.
	Beta float64
	// StdErr is β's standard error from the curvature, 1/√(−ℓ″(β)).
	StdErr float64
	// Choices counts the choices fitted to.
	Choices int
	// LogLik is Σ ln P(played) at Beta, and Uniform Σ ln 1/n.
	LogLik, Uniform float64
	// Iterations counts the evaluations of the log-likelihood.
	Iterations int
}

// PerMove returns the mean log-likelihood per move at Beta, in nats.
func (f Fit) PerMove() float64 { return f.LogLik / float64(f.Choices) }

// UniformPerMove returns the mean of ln 1/n.
func (f Fit) UniformPerMove() float64 { return f.Uniform / float64(f.Choices) }

// ErrUnbounded is wrapped by FitBeta's error when the likelihood has no
// maximum at a finite β: the played move is always a best move (or always
// a worst), or no position has moves of different utility.
var ErrUnbounded = errors.New("the likelihood has no maximum at a finite β")

// maxBeta bounds the search for a bracket of the maximum. A utility
// difference of a thousandth of a point then weighs e^1000: a β beyond it
// is the sign of separable data that the checks missed by rounding.
const maxBeta = 1e6

// FitBeta finds the β of the largest Σ ln P(played) over choices. The
// log-likelihood is concave in β, so its maximum is where the derivative
// changes sign: FitBeta brackets it by doubling from 0 and closes in by
// Newton's method, falling back to bisection when a step leaves the
// bracket. Choices of fewer than two moves, or whose Played is out of
// range, are an error.
func FitBeta(choices []Choice) (Fit, error) {
	f := Fit{Choices: len(choices)}
	if len(choices) == 0 {
		return f, errors.New("movemodel: no choices to fit β to")
	}
	best, worst, flat := true, true, true
	for k, c := range choices {
		if len(c.U) < 2 || c.Played < 0 || c.Played >= len(c.U) {
			return f, fmt.Errorf("movemodel: choice %d: %d moves, played %d", k, len(c.U), c.Played)
		}
		up := c.U[c.Played]
		for _, x := range c.U {
			best = best && x <= up
			worst = worst && x >= up
			flat = flat && x == up
		}
	}
	switch {
	case flat:
		return f, fmt.Errorf("movemodel: %w: every move of every position has the same utility", ErrUnbounded)
	case best:
		return f, fmt.Errorf("movemodel: %w: the played move is always a best move", ErrUnbounded)
	case worst:
		return f, fmt.Errorf("movemodel: %w: the played move is always a worst move", ErrUnbounded)
	}
	f.Uniform = UniformLogLikelihood(choices)
	eval := func(beta float64) (ll, d1, d2 float64) {
		f.Iterations++
		return LogLikelihood(choices, beta)
	}
	// Bracket the root of the derivative: lo where it is positive, hi
	// where it is negative.
	_, d0, _ := eval(0)
	lo, hi := 0.0, 0.0
	switch {
	case d0 > 0:
		for hi = 1; ; hi *= 2 {
			if _, d, _ := eval(hi); d <= 0 {
				break
			}
			if lo = hi; hi > maxBeta {
				return f, fmt.Errorf("movemodel: %w: β beyond %g", ErrUnbounded, maxBeta)
			}
		}
	case d0 < 0:
		for lo = -1; ; lo *= 2 {
			if _, d, _ := eval(lo); d >= 0 {
				break
			}
			if hi = lo; lo < -maxBeta {
				return f, fmt.Errorf("movemodel: %w: β below %g", ErrUnbounded, -maxBeta)
			}
		}
	}
	beta := (lo + hi) / 2
	if d0 == 0 {
		beta = 0
	}
	for range 200 {
		_, d1, d2 := eval(beta)
		if d1 > 0 {
			lo = beta
		} else {
			hi = beta
		}
		step := -d1 / d2
		if d2 < 0 && math.Abs(step) <= 1e-12*(1+math.Abs(beta)) {
			beta += step
			break
		}
		next := beta + step
		if !(next > lo && next < hi) || d2 == 0 {
			// Newton left the bracket: bisect.
			next = (lo + hi) / 2
		}
		if hi-lo <= 1e-15*(1+math.Abs(beta)) {
			break
		}
		beta = next
	}
	ll, _, d2 := eval(beta)
	f.Beta, f.LogLik = beta, ll
	f.StdErr = math.Inf(1)
	if d2 < 0 {
		f.StdErr = 1 / math.Sqrt(-d2)
	}
	return f, nil
}
