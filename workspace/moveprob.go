package workspace

import (
	"encoding/json"
	"fmt"
	"math"

	"moyo/movemodel"
)

// fittedBetas reads the β of each estimator at its defaults from a report
// of 'moyo fit --move-model --format json' (assets.MoveModel): the
// settings named as their estimator alone, with a fit.
func fittedBetas(report []byte) (map[string]float64, error) {
	var r struct {
		Settings []struct {
			Setting   string   `json:"setting"`
			Estimator string   `json:"estimator"`
			Beta      *float64 `json:"beta"`
		} `json:"settings"`
	}
	if err := json.Unmarshal(report, &r); err != nil {
		return nil, fmt.Errorf("move model: %w", err)
	}
	betas := map[string]float64{}
	for _, s := range r.Settings {
		if s.Setting == s.Estimator && s.Beta != nil && !math.IsNaN(*s.Beta) && !math.IsInf(*s.Beta, 0) {
			betas[s.Estimator] = *s.Beta
		}
	}
	return betas, nil
}

// MoveBeta returns the inverse temperature β of Stern et al.'s move model,
// P(move) ∝ exp(β·gain), fitted for the estimator called name at its
// defaults on the AI collection's counted games (assets.MoveModel); ok is
// false for an estimator it was not fitted for. With other parameters
// the gains, and so the best β, differ somewhat: it is the β that was
// fitted, not one for the parameters set.
func (ws *Workspace) MoveBeta(name string) (beta float64, ok bool) {
	beta, ok = ws.betas[name]
	return beta, ok
}

// MoveProbs returns P(move) of each move of the ranking shown, in its
// order, under the move model with the fitted β of the ranking's
// estimator (movemodel.Probabilities of the gains over every legal move),
// and the β; ok is false without a ranking shown or a β for its
// estimator.
func (ws *Workspace) MoveProbs() (probs []float64, beta float64, ok bool) {
	r, shown := ws.ranking.Shown()
	if !shown || r.Err != nil || len(r.Moves) == 0 {
		return nil, 0, false
	}
	beta, ok = ws.MoveBeta(r.Est.Info().Name)
	if !ok {
		return nil, 0, false
	}
	return movemodel.Probabilities(movemodel.Utilities(r.Moves), beta), beta, true
}
