// Package reference computes the maps that moyo's estimators are measured
// against besides the final ownership of a counted game: KataGo's
// ownership of a position (its raw network or a search), asked many
// positions at a time through KataGo's JSON analysis engine, and GNU Go's
// own estimate over GTP. A map is Black-positive in [−1, 1], one value
// per point in SGF order, like an estimator's values. Maps are cached on
// disk, one file per position (Cache), so that an evaluation asks an
// engine about each position once, and a second run over the same
// positions starts no engine at all.
//
// A reference needs no final count: any position of any record has one,
// so games that ended by resignation serve as well as counted ones.
//
// The command line asks for many positions at once (Source.Maps); the app
// asks for the position shown, again and again as the user steps, and
// Live serves it: KataGo's map progressively, from its raw network to a
// search, and any estimator's, GNU Go's own among them, with the recent
// maps kept in memory.
package reference

import (
	"context"

	"moyo/engines"
	"moyo/game"
)

// Position is the position after Move moves of a record's main line.
type Position struct {
	Record *game.Record
	Move   int
}

// Source computes the reference maps of positions.
type Source interface {
	// Name is the reference's name on the command line: "katago",
	// "gnugo-engine".
	Name() string
	// Describe says in a few words what the maps are, for reports: the
	// engine, its network or view, the visits.
	Describe() string
	// Maps returns the map of every position of ps, in their order,
	// taking those in the cache from it and caching the others as they
	// are computed. A position the engine could not judge has a nil map
	// and its error in errs, by index; err reports a failure of the
	// whole (an engine that will not start, ctx cancelled), and the
	// maps cached before it are kept. progress, if not nil, is called
	// with the number of positions done and the total, never by two
	// goroutines at once.
	Maps(ctx context.Context, ps []Position, progress func(done, total int)) (maps [][]float64, errs map[int]error, err error)
	// Close stops the engine's processes.
	Close() error
}

// Query returns the query KataGo is asked about the position after move
// of rec: engines.RecordQuery (the setup stones and the moves played since,
// Chinese rules, the record's komi), except that an even game whose
// record gives a komi of 0 is asked with KataGo's usual 7.5
// (engines.DefaultKomi). The Fox server writes KM[0] in the records of
// games played with komi (2,146 of the 7,259 AI records of the games corpus,
// docs/data.md, do; see ownership.UsualKomi), and the network reads the
// komi: told 0, it judges a game played with 7.5 as one Black leads by 7.5 points.
func Query(rec *game.Record, move int) engines.Query {
	q := engines.RecordQuery(rec, move)
	if rec.Info.Komi == 0 && rec.Info.Handicap < 2 {
		q.Komi = engines.DefaultKomi
	}
	return q
}
