package reference

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
)

// Analyzer is an engine that analyses a position progressively, as
// engines.KataGo does: the map of its raw network first, then those of a
// search as its visits grow.
type Analyzer interface {
	Analyze(ctx context.Context, q engines.Query, visits int, report func(engines.Analysis)) (engines.Analysis, error)
	CacheKey(q engines.Query, visits int) engines.CacheKey
}

// Ask is the reference map of one position that an app asks Live for:
// KataGo's, when KataGo is set, or else an estimator's (GNU Go's own in
// either of its views, or one of moyo's) with its parameters.
type Ask struct {
	// Pos is the position.
	Pos *board.Position
	// KataGo analyses Query, which reaches Pos, to Visits visits (0 is
	// its raw network alone).
	KataGo Analyzer
	Query  engines.Query
	Visits int
	// Est estimates Pos with Params when KataGo is nil.
	Est    estimators.Estimator
	Params estimators.Params
}

// Map is a reference map of one position.
type Map struct {
	// Values are Black-positive control values in [−1, 1], in SGF order.
	Values []float64
	// Visits is the number of KataGo's visits behind the map: 0 for its
	// raw network and for the estimators.
	Visits int
	// ScoreLead and Winrate are KataGo's own judgement of the position,
	// with the map: how many points Black leads by, at the query's komi,
	// and Black's chance of winning. Both are 0 for the estimators.
	ScoreLead, Winrate float64
	// Network is, for a map of KataGo's search, its raw network's
	// judgement of the same position when it is known (its Ownership
	// left out), so that the two can be shown together; nil otherwise.
	Network *engines.Analysis
}

// mapOf is the Map of KataGo's analysis an, with raw, when an is a
// search's and raw is not nil, as its raw network's judgement.
func mapOf(an engines.Analysis, raw *engines.Analysis) Map {
	m := Map{Values: an.Ownership, Visits: an.Visits, ScoreLead: an.ScoreLead, Winrate: an.Winrate}
	if raw != nil && an.Visits > 0 {
		net := *raw
		net.Ownership = nil
		m.Network = &net
	}
	return m
}

// Live finds reference maps one position at a time, for an app that
// follows the position shown: KataGo's progressively, its raw network's
// map first and then its search's as the visits grow, and the estimators'
// at once. It keeps the most recently used maps in memory, so that
// stepping back through a record shows them at once. Its methods may be
// called from several goroutines. Make one with NewLive.
type Live struct {
	recent *recent
}

// NewLive returns a Live that keeps at most size maps: a 19×19 map takes
// about 3 KB, and a record of 300 moves has 600 of KataGo's, raw and
// searched.
func NewLive(size int) *Live { return &Live{recent: newRecent(size)} }

// keys returns the keys a's map is kept under: the map asked for, and for
// a search KataGo's raw network's, which comes first.
func keys(a Ask) (key, raw engines.CacheKey, err error) {
	if a.KataGo != nil {
		return a.KataGo.CacheKey(a.Query, a.Visits), a.KataGo.CacheKey(a.Query, 0), nil
	}
	if a.Est == nil || a.Pos == nil {
		return key, raw, errors.New("reference: no estimator or no position")
	}
	b, err := json.Marshal(a.Params)
	if err != nil {
		return key, raw, err
	}
	// The estimator's value is part of the key: an engine found again at
	// another path is another estimator of the same name.
	key = engines.CacheKey{
		Query:  engines.PositionQuery(a.Pos, 0).Key(),
		Engine: fmt.Sprintf("%s %p %s", a.Est.Info().Name, a.Est, b),
	}
	return key, raw, nil
}

// Known returns the map of a kept from before: the one asked for, with
// done set, or while only KataGo's raw network's is known that one; ok is
// false when neither is.
func (l *Live) Known(a Ask) (m Map, done, ok bool) {
	key, raw, err := keys(a)
	if err != nil {
		return Map{}, false, false
	}
	var net *engines.Analysis
	if a.KataGo != nil && a.Visits > 0 {
		if an, ok := l.recent.get(raw); ok {
			net = &an
		}
	}
	if an, ok := l.recent.get(key); ok {
		return mapOf(an, net), true, true
	}
	if net != nil {
		return mapOf(*net, nil), false, true
	}
	return Map{}, false, false
}

// Find computes the map of a and keeps it. KataGo's maps before the last
// go to report (if not nil) as its analysis makes them, on Find's
// goroutine: the raw network's first, then the search's. Cancelling ctx
// stops the engine.
func (l *Live) Find(ctx context.Context, a Ask, report func(Map)) (Map, error) {
	key, raw, err := keys(a)
	if err != nil {
		return Map{}, err
	}
	if a.KataGo != nil {
		var net *engines.Analysis
		an, err := a.KataGo.Analyze(ctx, a.Query, a.Visits, func(an engines.Analysis) {
			if an.Visits == 0 {
				l.recent.put(raw, an)
				net = &an
			}
			// The last report is the analysis Analyze returns.
			if a.Visits > 0 && report != nil {
				report(mapOf(an, net))
			}
		})
		if err != nil {
			return Map{}, err
		}
		l.recent.put(key, an)
		return mapOf(an, net), nil
	}
	res, err := a.Est.Estimate(ctx, a.Pos, a.Params)
	if err != nil {
		return Map{}, err
	}
	l.recent.put(key, engines.Analysis{Size: a.Pos.Size(), Ownership: res.Values})
	return Map{Values: res.Values}, nil
}
