// Package gamescore runs a control estimator on every position of a game
// record's line, from the setup position to the last move: the board
// score at each move that the app's game graph and 'moyo game' show, and
// the moves where that score swings most, the game's turning points as
// the estimate sees them.
//
// Each position's estimate is the estimator's own run from its starting
// state, exactly what 'moyo analyze --move N' computes for move N; the
// moves are shared among the cores. Starting each move from the previous
// move's values instead (Options.Warm) saves few sweeps and can settle
// elsewhere: see Options.Warm.
package gamescore

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/internal/parallel"
)

// Positions returns the position after each number of moves of rec's line,
// from 0 (the empty board or the setup) to rec.Moves(): element n is
// rec.AfterMove(n).Position, the position 'moyo analyze --move n' takes.
func Positions(rec *game.Record) []*board.Position {
	ps := make([]*board.Position, rec.Moves()+1)
	for n := range ps {
		ps[n] = rec.AfterMove(n).Position
	}
	return ps
}

// Score is the estimate of the position after Move moves.
type Score struct {
	Move int
	// BoardScore is the sum of the control values: the area score before
	// komi, positive for Black.
	BoardScore float64
	// Values are the control values, when Options.Values asks for them.
	Values []float64
	// Iterations and Converged are the run's (estimators.Result).
	Iterations int
	Converged  bool
}

// Options say how Compute shares out the moves.
type Options struct {
	// Workers is the number of goroutines estimating at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Warm starts each move from the values of the move before it, where
	// the estimator can start from given values (estimators.WarmStarter),
	// and each worker then takes a run of consecutive moves. At the
	// defaults, which solve to the fixed point, it saves about a quarter
	// of symmetric's sweeps and a third of seds's on the records of
	// testdata (TestWarm); symmetric's scores stay within 0.1 points of
	// the cold runs', but seds's equations have several fixed points and
	// a run from elsewhere can settle on another, points away. So the app
	// and 'moyo game' run cold, equal to 'moyo analyze'; the benchmarks
	// measure both.
	Warm bool
	// Values keeps each move's control values in Score.Values.
	Values bool
}

// Compute runs est with parameters p on each of positions (usually
// Positions of a record) and returns their scores in order; Score.Move is
// the index in positions. The positions are shared among Options.Workers
// goroutines, each reusing one estimators.Scratch, the next position going
// to the first worker free, so that the scores arrive roughly in order of
// the moves; each score is the same whatever the number of workers.
//
// report, if not nil, is called with each score as soon as it is known,
// from the worker goroutines but never two at a time; it must not block.
// Compute checks ctx between positions and passes it to the estimator;
// once ctx is done it returns ctx.Err(). An estimator's error, or a panic,
// stops the computation and is returned naming the move.
func Compute(ctx context.Context, est estimators.Estimator, p estimators.Params, positions []*board.Position, opt Options, report func(Score)) ([]Score, error) {
	if err := est.Check(p); err != nil {
		return nil, err
	}
	scores := make([]Score, len(positions))
	if len(positions) == 0 {
		return scores, ctx.Err()
	}
	ws, warm := est.(estimators.WarmStarter)
	warm = warm && opt.Warm
	var mu sync.Mutex // serialises report
	err := forEach(ctx, len(positions), opt.Workers, warm, func() func(ctx context.Context, i int) error {
		sc := new(estimators.Scratch)
		var start []float64 // the previous move's values, warm
		return func(ctx context.Context, i int) error {
			res, err := estimate(ctx, est, ws, positions[i], p, start, sc)
			if err != nil {
				return err
			}
			if warm {
				start = res.Values
			}
			s := Score{Move: i, BoardScore: res.BoardScore(), Iterations: res.Iterations, Converged: res.Converged}
			if opt.Values {
				s.Values = res.Values
			}
			scores[i] = s
			if report != nil {
				mu.Lock()
				report(s)
				mu.Unlock()
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return scores, nil
}

// forEach calls a function of each of workers goroutines (0:
// runtime.GOMAXPROCS(0)) with the indices 0…n−1, each once: the next
// index to the first worker free, or with chunks a run of consecutive
// indices to each worker. Each worker's function is made by worker, so
// that it can keep state from one index to the next. The first error, or
// panic, stops the others and is returned naming the move; once ctx is
// done forEach returns ctx.Err().
func forEach(ctx context.Context, n, workers int, chunks bool, worker func() func(ctx context.Context, i int) error) error {
	if n == 0 {
		return ctx.Err()
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	// run does index i; an error once ctx is done is the cancellation's,
	// not the move's.
	run := func(ctx context.Context, do func(ctx context.Context, i int) error, i int) error {
		if err := safely(ctx, do, i); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("move %d: %w", i, err)
		}
		return nil
	}
	if !chunks {
		return parallel.ForEachWorker(ctx, n, workers, nil, func() func(ctx context.Context, i int) error {
			do := worker()
			return func(ctx context.Context, i int) error { return run(ctx, do, i) }
		})
	}
	// One job a chunk, each with a worker function of its own, so that
	// what it keeps runs on through consecutive indices only.
	return parallel.ForEach(ctx, workers, workers, nil, func(ctx context.Context, w int) error {
		do := worker()
		for i := w * n / workers; i < (w+1)*n/workers; i++ {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := run(ctx, do, i); err != nil {
				return err
			}
		}
		return nil
	})
}

// safely calls do(ctx, i), turning a panic into an error, so that a bug
// in an estimator cannot take the app down from a worker goroutine.
func safely(ctx context.Context, do func(ctx context.Context, i int) error, i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return do(ctx, i)
}

// estimate runs est on pos: through ws with the scratch sc where est is a
// WarmStarter (from start, nil for the cold start, which is exactly
// Estimate's run), else by Estimate.
func estimate(ctx context.Context, est estimators.Estimator, ws estimators.WarmStarter, pos *board.Position, p estimators.Params,
	start []float64, sc *estimators.Scratch) (estimators.Result, error) {
	if ws != nil {
		return ws.EstimateFrom(ctx, pos, p, start, sc)
	}
	return est.Estimate(ctx, pos, p)
}

// BoardScores returns the board scores of scores, in their order.
func BoardScores(scores []Score) []float64 {
	out := make([]float64, len(scores))
	for i, s := range scores {
		out[i] = s.BoardScore
	}
	return out
}
