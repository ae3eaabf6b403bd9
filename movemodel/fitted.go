package movemodel

// Fitted is a β fitted for one estimator setting, for callers that show
// P(move) without fitting β themselves (the app's ranking column).
type Fitted struct {
	// Estimator names the estimator, and Preset the shipped preset its
	// parameters come from ("" for its defaults).
	Estimator, Preset string
	// Beta is the fitted β per point of gain, and StdErr its standard
	// error.
	Beta, StdErr float64
}

// fitted are the β of 'moyo eval --predict' on the AI collection of the
// shared data: the 634 counted games whose count agrees with their result,
// the moves played after moves 20, 80 and 150 pooled (1901 positions),
// each estimator at its defaults. bpl's defaults are Boltzmann5's, which
// it ranks bit for bit as bp does, so it shares bp's β. On the 178 games
// 'moyo fit --move-model --holdout 0.3' holds out, β fitted on the other
// 456 is within two standard errors of these and gains as much over the
// uniform choice.
var fitted = []Fitted{
	{Estimator: "propagate", Beta: -0.1369, StdErr: 0.0115},
	{Estimator: "symmetric", Beta: -0.0193, StdErr: 0.0067},
	{Estimator: "gnugo", Beta: -0.0797, StdErr: 0.0060},
	{Estimator: "seds", Beta: 0.8976, StdErr: 0.0249},
	{Estimator: "bp", Beta: -0.0024, StdErr: 0.0012},
	{Estimator: "bpl", Beta: -0.0024, StdErr: 0.0012},
	{Estimator: "bpl", Preset: "fitted on AI games", Beta: 0.0558, StdErr: 0.0018},
}

// FittedBeta returns the β fitted for estimator at its defaults (preset
// "") or with the shipped preset called preset, and whether there is one.
// β depends on the parameters, since they scale the estimator's board
// scores: for other parameters it is a guess, and 'moyo fit --move-model'
// fits it.
func FittedBeta(estimator, preset string) (Fitted, bool) {
	for _, f := range fitted {
		if f.Estimator == estimator && f.Preset == preset {
			return f, true
		}
	}
	return Fitted{}, false
}
