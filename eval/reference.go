package eval

import "math"

// DecidedAt is how sure a reference must be of a point for the point to
// count as decided when an estimate is compared with a reference map
// (MeasureAgainst): |r| ≥ 0.5, that is P(Black) ≥ 75% or ≤ 25% read as
// (1 + r)/2. A final outcome (±1, 0 for seki and dame) decides every point
// but its neutral ones, as Sums counts them.
const DecidedAt = 0.5

// RefMeasures compare an estimate with a reference map of the same
// position, such as KataGo's ownership or another estimator's values,
// both Black-positive in [−1, 1].
type RefMeasures struct {
	// Points is the number of points compared.
	Points int
	// MAE is the mean |v − r| over the points.
	MAE float64
	// Decided counts the points the reference is sure of (|r| ≥
	// DecidedAt), and SignAgreement is the share of them where the
	// estimate has the reference's sign, a value of exactly 0 counting
	// half, as Sums counts accuracy; NaN when none is decided.
	Decided       int
	SignAgreement float64
	// Correlation is Pearson's correlation of v and r over the points;
	// NaN when either map is constant.
	Correlation float64
	// ScoreDiff is the estimate's board score minus the reference's,
	// Σv − Σr: positive when the estimate gives Black more.
	ScoreDiff float64
}

// MeasureAgainst compares values with ref point for point. The slices
// must have the same length. Against a final ownership it gives the MAE,
// accuracy and score bias of Sums.
func MeasureAgainst(values, ref []float64) RefMeasures {
	m := RefMeasures{Points: len(values)}
	if len(values) == 0 {
		nan := math.NaN()
		m.MAE, m.SignAgreement, m.Correlation = nan, nan, nan
		return m
	}
	var abs, correct, sv, sr float64
	for i, v := range values {
		r := ref[i]
		abs += math.Abs(v - r)
		sv += v
		sr += r
		if math.Abs(r) >= DecidedAt {
			m.Decided++
			switch {
			case v*r > 0:
				correct++
			case v == 0:
				correct += 0.5
			}
		}
	}
	n := float64(len(values))
	m.MAE = abs / n
	m.ScoreDiff = sv - sr
	m.SignAgreement = math.NaN()
	if m.Decided > 0 {
		m.SignAgreement = correct / float64(m.Decided)
	}
	// Two passes: the deviations from the means, not the raw sums of
	// squares, which cancel badly on maps that are nearly constant.
	mv, mr := sv/n, sr/n
	var cov, vv, rr float64
	for i, v := range values {
		dv, dr := v-mv, ref[i]-mr
		cov += dv * dr
		vv += dv * dv
		rr += dr * dr
	}
	m.Correlation = math.NaN()
	if vv > 0 && rr > 0 {
		m.Correlation = cov / math.Sqrt(vv*rr)
	}
	return m
}
