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

// kataJudge is an estimator that judges as KataGo does (engines.KataGo):
// told a record's moves and komi, it gives its score lead and win rate
// besides its ownership.
type kataJudge interface {
	Judge(ctx context.Context, q engines.Query) (last engines.Analysis, raw *engines.Analysis, err error)
}

// kataEstimate asks KataGo, when t's estimator is KataGo, for its
// judgement of t's position told the record's moves and komi (as the
// app's reference and 'moyo game --reference katago' ask it), so that its
// lead is at the record's komi and its ownership goes with it. ok is
// false for any other estimator.
func kataEstimate(ctx context.Context, t target) (res estimators.Result, j *kataJudgement, ok bool, err error) {
	k, ok := t.est.(kataJudge)
	if !ok {
		return res, nil, false, nil
	}
	start := time.Now()
	q := reference.Query(t.rec, t.step.Number)
	last, raw, err := k.Judge(ctx, q)
	if err != nil {
		return res, nil, true, err
	}
	// The lead of the komi KataGo was told, turned to the record's.
	shift := q.Komi - t.rec.Info.Komi
	last.ScoreLead += shift
	if raw != nil {
		raw.ScoreLead += shift
	}
	return estimators.OnePass(last.Size, last.Ownership, start), &kataJudgement{last: last, raw: raw}, true, nil
}
