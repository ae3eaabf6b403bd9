package eval

import (
	"context"
	"fmt"
	"math"

	"moyo/board"
	"moyo/game"
	"moyo/movemodel"
	"moyo/rank"
)

// Bins is the number of percentile bins of a move-prediction histogram.
const Bins = 100

// Prediction is how well one estimator, as the judge of a one-ply search
// (package rank), predicts the moves played after one move number, as seed
// 001 §V.B measures it.
type Prediction struct {
	// Setting is the candidate's Name, and Estimator its estimator's.
	Setting   string
	Estimator string
	// Move is the move number of the positions; the move predicted is
	// the one played next, number Move+1.
	Move int
	// Positions counts the positions ranked; Skipped those left out
	// because the move played was a pass or the mover had no choice.
	Positions, Skipped int
	// Histogram counts the positions by the played move's percentile
	// (see Percentile): bin x holds percentiles in [x, x+1), bin 99 also
	// 100 (the best move).
	Histogram [Bins]int
	// PercentileSum adds up the percentiles.
	PercentileSum float64
	// Choices are the positions' choices of the move played, in the order
	// of the games, for the move model (package movemodel): the
	// estimator's gain for the mover of every legal move, and which was
	// played.
	Choices []movemodel.Choice
}

// LogLikelihood returns the mean log-likelihood of the played moves per
// position under the move model at β, and the mean of the uniform
// model's ln 1/n, in nats; NaN without positions.
func (p Prediction) LogLikelihood(beta float64) (perMove, uniform float64) {
	if len(p.Choices) == 0 {
		return math.NaN(), math.NaN()
	}
	ll, _, _ := movemodel.LogLikelihood(p.Choices, beta)
	n := float64(len(p.Choices))
	return ll / n, movemodel.UniformLogLikelihood(p.Choices) / n
}

// FitMoveModel fits the move model's β to the choices of preds whose
// Setting is setting, pooling their move numbers.
func FitMoveModel(preds []Prediction, setting string) (movemodel.Fit, error) {
	var choices []movemodel.Choice
	for _, p := range preds {
		if p.Setting == setting {
			choices = append(choices, p.Choices...)
		}
	}
	f, err := movemodel.FitBeta(choices)
	if err != nil {
		return f, fmt.Errorf("%s: %w", setting, err)
	}
	return f, nil
}

// MeanPercentile is the mean percentile of the played moves (50 for a
// random ranking).
func (p Prediction) MeanPercentile() float64 {
	return p.PercentileSum / float64(p.Positions)
}

// Survival is Wolf's survival function: R[x] is the share of positions
// whose played move is kept when the worst x% of the legal moves are
// dropped, the share in bins x to 99. R[0] is 1.
func (p Prediction) Survival() [Bins]float64 {
	var r [Bins]float64
	n := 0
	for x := Bins - 1; x >= 0; x-- {
		n += p.Histogram[x]
		r[x] = float64(n) / float64(p.Positions)
	}
	return r
}

// Percentile places the played move among moves, a ranking from
// rank.Rank of the position it was played in: 100 × the share of the
// other legal moves ranked below it, ties counted as half below, so the
// best move scores 100 and the worst 0. ok is false when the move is not
// among them (a pass) or there is only one legal move.
func Percentile(moves []rank.Move, played board.Point) (pct float64, ok bool) {
	if len(moves) < 2 {
		return 0, false
	}
	k := -1
	for i, m := range moves {
		if m.Point == played {
			k = i
			break
		}
	}
	if k < 0 {
		return 0, false
	}
	// Gain orders the moves as BoardScore does for the mover.
	worse, tied := 0, 0
	for i, m := range moves {
		switch {
		case i == k:
		case m.Gain < moves[k].Gain:
			worse++
		case m.Gain == moves[k].Gain:
			tied++
		}
	}
	return 100 * (float64(worse) + float64(tied)/2) / float64(len(moves)-1), true
}

// playedAfter returns the move played after move n of rec, if there is one.
func playedAfter(rec *game.Record, n int) (board.Move, bool) {
	for _, s := range rec.Steps {
		if s.Number == n+1 && s.Move != nil {
			return *s.Move, true
		}
	}
	return board.Move{}, false
}

// Predict ranks, for every candidate, the legal moves of the position after
// each move number of every game and places the move played next among
// them, keeping the choice for the move model. It returns one Prediction per candidate and move number, in the
// order of cfg.Candidates and then cfg.Moves. The positions are ranked one
// at a time, each on all cores (rank.Rank), so the result does not depend
// on the number of cores. cfg.Journal and cfg.Progress are used as Run
// uses them; cfg.Workers and cfg.Epsilon are not.
func Predict(ctx context.Context, games []Game, cfg Config) ([]Prediction, error) {
	if err := checkNames(cfg.Candidates); err != nil {
		return nil, err
	}
	out := make([]Prediction, 0, len(cfg.Candidates)*len(cfg.Moves))
	total := len(cfg.Candidates) * len(cfg.Moves) * len(games)
	done := 0
	for _, cand := range cfg.Candidates {
		for _, move := range cfg.Moves {
			p := Prediction{Setting: cand.Name(), Estimator: cand.Estimator.Info().Name, Move: move}
			for _, g := range games {
				if err := p.add(ctx, cand, g, move, cfg.Journal); err != nil {
					return nil, err
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, total)
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// add ranks the position after move of g and adds the played move's
// percentile to p, or takes it from the journal.
func (p *Prediction) add(ctx context.Context, cand Candidate, g Game, move int, j *Journal) error {
	key := pieceKey("predict", g, cand, move)
	e, ok := j.get(key)
	// Journals of older versions kept the percentile without the
	// choice the move model needs: such pieces are ranked again.
	if !ok || (e.Pct != nil && e.U == nil) {
		var err error
		if e, err = percentileOf(ctx, cand, g, move); err != nil {
			return err
		}
		e.Key = key
		if err := j.put(e); err != nil {
			return err
		}
	}
	switch {
	case e.None:
	case e.Skip:
		p.Skipped++
	default:
		pct := *e.Pct
		p.Positions++
		p.PercentileSum += pct
		p.Histogram[min(int(pct), Bins-1)]++
		p.Choices = append(p.Choices, movemodel.Choice{U: e.U, Played: e.Played})
	}
	return nil
}

// percentileOf ranks the position after move of g and places the move
// played next, as a journal entry without its key.
func percentileOf(ctx context.Context, cand Candidate, g Game, move int) (journalEntry, error) {
	played, ok := playedAfter(g.Record, move)
	if !ok {
		// The game is over by then: no position, as in Run.
		return journalEntry{None: true}, nil
	}
	if played.Pass {
		return journalEntry{Skip: true}, nil
	}
	pos := g.Record.AfterMove(move).Position
	if pos.ToMove() != played.Color {
		// A record may give one side two moves in a row; rank that side's.
		pos = pos.Clone()
		pos.SetToMove(played.Color)
	}
	moves, err := rank.Rank(ctx, cand.Estimator, pos, cand.Params, nil)
	if err != nil {
		return journalEntry{}, fmt.Errorf("%s, move %d: %w", g.File, move, err)
	}
	pct, ok := Percentile(moves, played.Point)
	if !ok {
		return journalEntry{Skip: true}, nil
	}
	// Percentile and ChoiceOf accept the same rankings: two legal moves
	// or more, the played one among them.
	c, _ := movemodel.ChoiceOf(moves, played.Point)
	return journalEntry{Pct: &pct, U: c.U, Played: c.Played}, nil
}
