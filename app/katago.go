package app

import (
	"context"
	"time"

	"moyo/engines"
	"moyo/estimators"
	"moyo/reference"
)

// kataJudgement is KataGo's own judgement of the position analysed: its
// last analysis (its search's, or its raw network's when it did not
// search) and, for a search, its raw network's.
type kataJudgement struct {
	last engines.Analysis
	raw  *engines.Analysis
}

// kataAnalyzer is an estimator that analyses as KataGo does
// (engines.KataGo): told a record's moves and komi, it gives its score
// lead and win rate besides its ownership.
type kataAnalyzer interface {
	Analyze(ctx context.Context, q engines.Query, visits int, report func(engines.Analysis)) (engines.Analysis, error)
}

// kataEstimate asks KataGo, when t's estimator is KataGo, for its
// judgement of t's position told the record's moves and komi (as the
// app's reference and 'moyo game --reference katago' ask it), so that its
// lead is at the record's komi and its ownership goes with it. ok is
// false for any other estimator.
func kataEstimate(ctx context.Context, t target) (res estimators.Result, j *kataJudgement, ok bool, err error) {
	k, ok := t.est.(kataAnalyzer)
	if !ok {
		return res, nil, false, nil
	}
	visits := 0
	if e, isKata := t.est.(*engines.KataGo); isKata {
		visits = e.Visits
	}
	start := time.Now()
	q := reference.Query(t.rec, t.step.Number)
	j = &kataJudgement{}
	a, err := k.Analyze(ctx, q, visits, func(a engines.Analysis) {
		if a.Visits == 0 && j.raw == nil {
			raw := a
			j.raw = &raw
		}
	})
	if err != nil {
		return res, nil, true, err
	}
	// The lead of the komi KataGo was told, turned to the record's.
	a.ScoreLead += q.Komi - t.rec.Info.Komi
	if j.raw != nil {
		j.raw.ScoreLead += q.Komi - t.rec.Info.Komi
	}
	j.last = a
	return estimators.Result{
		Size:       a.Size,
		Values:     a.Ownership,
		Trace:      []float64{0},
		Iterations: 1,
		Converged:  true,
		Elapsed:    time.Since(start),
	}, j, true, nil
}
