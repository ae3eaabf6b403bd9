package eval

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"moyo/estimators"
	"moyo/game"
	"moyo/internal/parallel"
	"moyo/ownership"
)

// DefaultMoves returns the move numbers of Stern et al.'s Figure 4.
func DefaultMoves() []int { return []int{20, 80, 150} }

// Game is a game to evaluate on: a counted game with its final ownership,
// or any game with reference maps of its positions.
type Game struct {
	// File is where the record came from, and Key its content hash
	// (ownership.Key), which names the game in a Journal.
	File   string
	Key    string
	Record *game.Record
	// Final is the final ownership of a counted game; nil for a game
	// collected without judgement (CollectOptions.Any).
	Final *ownership.Final
	// Agreement is how Final counts to the record's result.
	Agreement ownership.Agreement
	// Reference, if not nil, holds the reference map of the position
	// after each move number (package reference: KataGo's ownership, GNU
	// Go's estimate), Black-positive in [−1, 1], and estimates are
	// measured against it (Sums.CompareRef) instead of Final. A move
	// number without a map has no position measured.
	Reference map[int][]float64
}

// Target returns what the estimates of the position after move are
// measured against, as a reference map: the game's reference map of that
// move if it has references, else its final ownership; false when there
// is none, or the game is shorter than move.
func (g Game) Target(move int) ([]float64, bool) {
	if move > g.Record.Moves() {
		return nil, false
	}
	if g.Reference != nil {
		r, ok := g.Reference[move]
		return r, ok && r != nil
	}
	if g.Final == nil {
		return nil, false
	}
	r := make([]float64, len(g.Final.Owner))
	for i, o := range g.Final.Owner {
		r[i] = float64(o)
	}
	return r, true
}

// TargetEntropy returns the mean entropy per point (RefEntropy) of the
// targets of the positions after move of games, in nats: the least
// cross-entropy an estimate can have there. NaN when no game has a
// position there.
func TargetEntropy(games []Game, move int) float64 {
	h, n := 0.0, 0
	for _, g := range games {
		if r, ok := g.Target(move); ok {
			h += RefEntropy(r)
			n += len(r)
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return h / float64(n)
}

// Problem is a file left out of an evaluation and why.
type Problem struct {
	File string
	Err  error
}

// Collection is what Collect found in a list of files.
type Collection struct {
	// Games are the counted games whose count agrees with their result,
	// in the order of the files.
	Games []Game
	// Files is the number of files read; NotCounted of them had a result
	// that is not a count (resignations and the like).
	Files, NotCounted int
	// Disagreements are counted games whose final ownership does not
	// count to their result (an *ownership.Disagreement), and Errors the
	// files that could not be read, replayed or judged. Both are left out
	// of Games.
	Disagreements, Errors []Problem
}

// CollectOptions say how Collect finds final ownerships.
type CollectOptions struct {
	// GnuGo is the GNU Go program; "" finds it.
	GnuGo string
	// Cache is the ownership cache directory; "" caches nothing.
	Cache string
	// Workers is the number of files read at once, each with its own
	// GNU Go; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, is called after each file with the number
	// done and the total, never by two goroutines at once.
	Progress func(done, total int)
	// Any keeps every game that replays, counted or not, and judges
	// none: the games have no Final, for an evaluation against reference
	// maps, which need no count. GNU Go is then not needed.
	Any bool
}

// Collect reads the first game of each file and keeps the counted games
// whose final ownership counts to their result (ownership.Final.Agree: by
// area or territory, with the usual komi tried for a record that gives
// none). Only a failure of ctx stops it; problems with single files are
// listed in the Collection.
func Collect(ctx context.Context, files []string, opts CollectOptions) (*Collection, error) {
	type outcome struct {
		game       *Game
		notCounted bool
		disagrees  bool
		err        error
	}
	out := make([]outcome, len(files))
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		next   atomic.Int64
		wg     sync.WaitGroup
		progMu sync.Mutex
		done   int
	)
	for range min(workers, len(files)) {
		wg.Go(func() {
			s := &ownership.Scorer{GnuGo: opts.GnuGo, Cache: opts.Cache}
			defer s.Close()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(files) || ctx.Err() != nil {
					return
				}
				g, err := collectOne(ctx, s, files[k], opts.Any)
				var d *ownership.Disagreement
				switch {
				case errors.Is(err, ownership.ErrNotCounted):
					out[k].notCounted = true
				case errors.As(err, &d):
					out[k].disagrees, out[k].err = true, err
				default:
					out[k].game, out[k].err = g, err
				}
				if opts.Progress != nil {
					progMu.Lock()
					done++
					opts.Progress(done, len(files))
					progMu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c := &Collection{Files: len(files)}
	for k, o := range out {
		switch {
		case o.notCounted:
			c.NotCounted++
		case o.disagrees:
			c.Disagreements = append(c.Disagreements, Problem{File: files[k], Err: o.err})
		case o.err != nil:
			c.Errors = append(c.Errors, Problem{File: files[k], Err: o.err})
		default:
			c.Games = append(c.Games, *o.game)
		}
	}
	return c, nil
}

// collectOne reads one file and returns its game if it is counted and its
// count agrees, an error wrapping ownership.ErrNotCounted if it is not
// counted, an *ownership.Disagreement, or another error. With unjudged,
// it returns any game that replays, without a final ownership.
func collectOne(ctx context.Context, s *ownership.Scorer, file string, unjudged bool) (*Game, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	rec, err := game.Parse(data, 0)
	if err != nil {
		return nil, err
	}
	if unjudged {
		return &Game{File: file, Key: ownership.Key(data, 0), Record: rec}, nil
	}
	// Before asking GNU Go anything: most records end by resignation.
	if _, err := ownership.ParseResult(rec.Info.Result); err != nil {
		return nil, err
	}
	f, err := s.Final(ctx, rec, ownership.Key(data, 0))
	if err != nil {
		return nil, err
	}
	agree, err := f.Agree()
	if err != nil {
		return nil, err
	}
	return &Game{File: file, Key: ownership.Key(data, 0), Record: rec, Final: f, Agreement: agree}, nil
}

// Candidate is a setting to evaluate: an estimator with the parameters to
// run it with, and a label.
type Candidate struct {
	Estimator estimators.Estimator
	Params    estimators.Params
	// Label names the setting in rows, tables and charts; "" names it by
	// the estimator.
	Label string
}

// Name returns c's label, or the estimator's name if it has none.
func (c Candidate) Name() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Estimator.Info().Name
}

// Config says what Run measures.
type Config struct {
	// Moves are the move numbers of the positions evaluated: the position
	// after that many moves. A game shorter than a move number has no
	// position for it.
	Moves []int
	// Candidates are the settings to evaluate; their names (Candidate.Name)
	// must differ.
	Candidates []Candidate
	// Epsilon clamps the probabilities of the cross-entropy; 0 means
	// DefaultEpsilon.
	Epsilon float64
	// Workers is the number of estimates run at once; 0 means
	// runtime.GOMAXPROCS(0). The result does not depend on it.
	Workers int
	// Journal, if not nil, holds pieces already computed, which are
	// taken from it, and receives those computed now.
	Journal *Journal
	// Progress, if not nil, is called after each piece of work (Run: an
	// estimate of one position; Predict: a ranking) with the number done
	// and the total, never by two goroutines at once.
	Progress func(done, total int)
}

// measure adds to s the comparison of candidate c on the position after
// move of g with g's final ownership, or its reference map (Game.Target),
// from the journal if it holds it.
func measure(ctx context.Context, s *Sums, g Game, c Candidate, move int, eps float64, j *Journal) error {
	rec := g.Record
	ref, ok := g.Target(move)
	if !ok {
		return nil
	}
	// The key names the final ownership or the reference map too: a
	// journal must not answer for a ground truth that has since been
	// judged again.
	h := fnv.New64a()
	kind := "measures"
	if g.Reference != nil {
		kind = "measures-ref"
		var b [8]byte
		for _, r := range ref {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(r))
			h.Write(b[:])
		}
	} else {
		for _, o := range g.Final.Owner {
			h.Write([]byte{byte(o)})
		}
	}
	key := pieceKey(fmt.Sprintf("%s/%x/%s", kind, h.Sum64(), strconv.FormatFloat(eps, 'g', -1, 64)), g, c, move)
	if e, ok := j.get(key); ok && e.Sums != nil {
		*s = *e.Sums
		return nil
	}
	res, err := c.Estimator.Estimate(ctx, rec.AfterMove(move).Position, c.Params)
	if err != nil {
		return fmt.Errorf("%s, move %d: %s: %w", g.File, move, c.Estimator.Info().Name, err)
	}
	if g.Reference != nil {
		s.CompareRef(res.Values, ref, eps)
	} else {
		s.Compare(res.Values, g.Final.Owner, eps)
	}
	return j.put(journalEntry{Key: key, Sums: s})
}

// Row is the evaluation of one setting at one move number: the sums over
// all positions, and each position's own measures for their spread.
type Row struct {
	// Setting is the candidate's Name, and Estimator its estimator's.
	Setting   string
	Estimator string
	Move      int
	Sums
	// Each holds the measures of every position, in the order of the
	// games; games shorter than Move have none.
	Each []Sample
}

// Sample is the measures of one position.
type Sample struct {
	// File is the game's file.
	File string
	Measures
}

// Run evaluates every candidate on the position after each move number of
// every game, and returns one row per candidate and move number, in the
// order of cfg.Candidates and then cfg.Moves. Each sum is added up in the
// order of the games, so the result is the same for any number of workers.
// An estimator error stops the evaluation and names the game and move.
func Run(ctx context.Context, games []Game, cfg Config) ([]Row, error) {
	eps := cfg.Epsilon
	if eps == 0 {
		eps = DefaultEpsilon
	}
	if !(eps > 0 && eps < 0.5) {
		return nil, fmt.Errorf("epsilon %v is outside (0, 0.5)", eps)
	}
	if err := checkNames(cfg.Candidates); err != nil {
		return nil, err
	}
	nm, nc := len(cfg.Moves), len(cfg.Candidates)
	// sums[(g*nm+m)*nc+c] is game g, move m, candidate c.
	sums := make([]Sums, len(games)*nm*nc)
	err := parallel.ForEach(ctx, len(sums), cfg.Workers, cfg.Progress, func(ctx context.Context, k int) error {
		g, m, c := k/(nm*nc), k/nc%nm, k%nc
		return measure(ctx, &sums[k], games[g], cfg.Candidates[c], cfg.Moves[m], eps, cfg.Journal)
	})
	if err != nil {
		return nil, err
	}
	rows := make([]Row, 0, nc*nm)
	for c, cand := range cfg.Candidates {
		for m, move := range cfg.Moves {
			row := Row{Setting: cand.Name(), Estimator: cand.Estimator.Info().Name, Move: move}
			for g := range games {
				s := sums[(g*nm+m)*nc+c]
				if s.Positions == 0 {
					continue
				}
				row.Add(s)
				row.Each = append(row.Each, Sample{File: games[g].File, Measures: s.Measures()})
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// checkNames reports two candidates of the same name, which rows, tables
// and charts could not tell apart.
func checkNames(cands []Candidate) error {
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c.Name()] {
			return fmt.Errorf("two settings named %q", c.Name())
		}
		seen[c.Name()] = true
	}
	return nil
}
