package eval

import "math"

// Forecast is a probability forecast of a two-way outcome, such as P(Black
// wins), and what came of it.
type Forecast struct {
	// P is the probability forecast for the event.
	P float64
	// Outcome is 1 when the event happened, 0 when it did not, and ½ for
	// a draw, which counts as half of each.
	Outcome float64
}

// Brier returns the Brier score of fs, the mean of (P − Outcome)²: 0 for
// sure forecasts that are right, ¼ for always forecasting ½, 1 for sure
// ones that are wrong; NaN for none.
func Brier(fs []Forecast) float64 {
	if len(fs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, f := range fs {
		d := f.P - f.Outcome
		s += d * d
	}
	return s / float64(len(fs))
}

// ReliabilityBin is one bin of a reliability diagram: the forecasts in
// [Lo, Hi) (the last bin also holds 1), how many, their mean, and how often
// the event happened.
type ReliabilityBin struct {
	Lo, Hi float64
	N      int
	// MeanP is the mean forecast and Freq the mean outcome of the bin;
	// NaN for an empty bin.
	MeanP, Freq float64
}

// Reliability sorts fs into bins bins of equal width on [0, 1] and returns
// them, empty ones too: the points of a reliability diagram, which lie on
// the diagonal for calibrated forecasts (of those that say 70%, 70% come
// true).
func Reliability(fs []Forecast, bins int) []ReliabilityBin {
	out := make([]ReliabilityBin, bins)
	sumP := make([]float64, bins)
	sumO := make([]float64, bins)
	for _, f := range fs {
		b := min(max(int(f.P*float64(bins)), 0), bins-1)
		out[b].N++
		sumP[b] += f.P
		sumO[b] += f.Outcome
	}
	for b := range out {
		out[b].Lo, out[b].Hi = float64(b)/float64(bins), float64(b+1)/float64(bins)
		out[b].MeanP, out[b].Freq = math.NaN(), math.NaN()
		if n := float64(out[b].N); n > 0 {
			out[b].MeanP, out[b].Freq = sumP[b]/n, sumO[b]/n
		}
	}
	return out
}

// BrierParts are Murphy's terms of the Brier score over the bins of a
// reliability diagram: Brier = Reliability − Resolution + Uncertainty,
// exactly when the forecasts of each bin are equal and there are no draws,
// and otherwise to within the spread of the forecasts inside the bins
// (and a quarter of the share of draws).
type BrierParts struct {
	// Reliability is Σ n_b (p̄_b − ō_b)² / N: how far the diagram lies
	// from the diagonal, 0 for calibrated forecasts.
	Reliability float64
	// Resolution is Σ n_b (ō_b − ō)² / N: how much the outcomes differ
	// between forecasts, higher for sharper ones.
	Resolution float64
	// Uncertainty is ō (1 − ō), the Brier score of always forecasting
	// the base rate ō.
	Uncertainty float64
}

// Decompose returns the terms of the Brier score of fs over bins equal
// bins; NaN for no forecasts.
func Decompose(fs []Forecast, bins int) BrierParts {
	if len(fs) == 0 {
		return BrierParts{math.NaN(), math.NaN(), math.NaN()}
	}
	n := float64(len(fs))
	base := 0.0
	for _, f := range fs {
		base += f.Outcome
	}
	base /= n
	var p BrierParts
	for _, b := range Reliability(fs, bins) {
		if b.N == 0 {
			continue
		}
		w := float64(b.N) / n
		p.Reliability += w * (b.MeanP - b.Freq) * (b.MeanP - b.Freq)
		p.Resolution += w * (b.Freq - base) * (b.Freq - base)
	}
	p.Uncertainty = base * (1 - base)
	return p
}
