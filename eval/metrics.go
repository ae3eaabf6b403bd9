// Package eval measures how well the control estimators predict the end of
// a game: for positions of counted games it compares each estimator's
// values with the final ownership (package ownership), as Stern et al. 2004 does
// for its Figure 4 (cross-entropy at moves 20, 80 and 150), and with
// simpler measures: the share of points whose side is right, the mean
// absolute error, and the error of the board score. The same measures
// compare them with a reference map of each position instead, such as
// KataGo's ownership (package reference), which any game has, counted or
// not.
package eval

import "math"

// DefaultEpsilon is the default clamp of the probabilities in the
// cross-entropy. Estimators give exactly ±1 (stones, captured regions),
// and a sure prediction that is wrong would cost log 0 = ∞; clamped to
// [ε, 1 − ε] it costs at most −ln ε ≈ 6.9 nats, as if no estimate were
// trusted beyond 99.9%. A right sure prediction then costs −ln(1 − ε) ≈
// 0.001 nats rather than 0.
const DefaultEpsilon = 1e-3

// Sums accumulates the comparisons of predictions with outcomes; the
// measures are its means. Sums of different positions add up with Add.
type Sums struct {
	// Positions and Points count what was compared.
	Positions, Points int
	// CrossEntropy is the sum over points of
	// −[s′ ln s + (1 − s′) ln(1 − s)], s the predicted probability that
	// the point is Black's and s′ the outcome (1, 0, or ½ for a point
	// that is neither's).
	CrossEntropy float64
	// Decided counts the points that end as one side's, and Correct those
	// of them whose prediction has the same sign (half for a prediction
	// of exactly 0).
	Decided int
	Correct float64
	// AbsError is the sum of |v − o| over points.
	AbsError float64
	// ScoreError and ScoreBias sum |board score − final area| and
	// board score − final area over positions.
	ScoreError, ScoreBias float64
}

// Compare adds one position: values are an estimator's control values and
// owner the final ownership (+1, −1, 0), point for point; eps clamps the
// probabilities (see DefaultEpsilon).
func (s *Sums) Compare(values []float64, owner []int8, eps float64) {
	compare(s, values, owner, eps)
}

// CompareRef adds one position measured against a reference map ref in
// [−1, 1], such as KataGo's ownership, rather than an outcome. The
// reference is a soft target: the cross-entropy takes (1 + r)/2 as the
// probability s′ that the point is Black's, so it is the cross-entropy
// of two distributions, which includes the reference's own entropy
// (RefEntropy) and is least where the estimate's probability equals the
// reference's; accuracy counts the points the reference is sure of, |r| ≥
// DecidedAt, as MeasureAgainst does; the score error is against Σr. For
// r = ±1 or 0 these are Compare's measures, exactly.
func (s *Sums) CompareRef(values, ref []float64, eps float64) {
	compare(s, values, ref, eps)
}

// compare is Compare and CompareRef.
func compare[T int8 | float64](s *Sums, values []float64, ref []T, eps float64) {
	score, area := 0.0, 0.0
	for i, v := range values {
		o := float64(ref[i])
		score += v
		area += o
		p := min(max((1+v)/2, eps), 1-eps)
		q := (1 + o) / 2
		s.CrossEntropy -= q*math.Log(p) + (1-q)*math.Log(1-p)
		s.AbsError += math.Abs(v - o)
		if math.Abs(o) >= DecidedAt {
			s.Decided++
			switch {
			case v*o > 0:
				s.Correct++
			case v == 0:
				s.Correct += 0.5
			}
		}
	}
	s.Positions++
	s.Points += len(values)
	s.ScoreError += math.Abs(score - area)
	s.ScoreBias += score - area
}

// RefEntropy returns the entropy of a reference map as a prediction, in
// nats summed over its points: −[s′ ln s′ + (1 − s′) ln(1 − s′)] with s′ =
// (1 + r)/2. It is the least cross-entropy any estimate can have against
// the map, reached by the map itself; the cross-entropy beyond it is the
// Kullback–Leibler divergence of the estimate from the reference. A final
// ownership has ln 2 at each point that is neither's and 0 elsewhere.
func RefEntropy(ref []float64) float64 {
	h := 0.0
	for _, r := range ref {
		q := (1 + r) / 2
		if q > 0 && q < 1 {
			h -= q*math.Log(q) + (1-q)*math.Log(1-q)
		}
	}
	return h
}

// Add adds the sums of t to s.
func (s *Sums) Add(t Sums) {
	s.Positions += t.Positions
	s.Points += t.Points
	s.CrossEntropy += t.CrossEntropy
	s.Decided += t.Decided
	s.Correct += t.Correct
	s.AbsError += t.AbsError
	s.ScoreError += t.ScoreError
	s.ScoreBias += t.ScoreBias
}

// Measures are the means of Sums.
type Measures struct {
	// CrossEntropy is the mean cross-entropy per point, in nats.
	CrossEntropy float64
	// Accuracy is the share of decided points whose sign is right.
	Accuracy float64
	// MAE is the mean |v − o| per point.
	MAE float64
	// ScoreError is the mean |board score − final area| per position, and
	// ScoreBias the mean of board score − final area (positive: the
	// estimator favours Black).
	ScoreError, ScoreBias float64
}

// Measures returns the means; NaN where nothing was counted.
func (s Sums) Measures() Measures {
	div := func(a float64, n int) float64 {
		if n == 0 {
			return math.NaN()
		}
		return a / float64(n)
	}
	return Measures{
		CrossEntropy: div(s.CrossEntropy, s.Points),
		Accuracy:     div(s.Correct, s.Decided),
		MAE:          div(s.AbsError, s.Points),
		ScoreError:   div(s.ScoreError, s.Positions),
		ScoreBias:    div(s.ScoreBias, s.Positions),
	}
}
