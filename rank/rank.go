// Package rank ranks the moves of a position by what a control estimator
// makes of the position after each of them (after the symmetry article Fig. 10
// and Wolf 2010 §V.B): the side to move plays every legal move in turn, the
// estimator runs on the new position, and the moves are sorted by the board
// score that results, best for the mover first.
//
// This is a one-ply search with the estimator as its evaluation: it knows
// nothing of the reply, so it favours moves that look big to the estimator
// (captures, extensions into open areas) over ones whose value lies in
// reading.
package rank

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"moyo/board"
	"moyo/estimators"
	"moyo/internal/parallel"
)

// Move is one legal move of the side to move, with what the estimator makes
// of the position after it.
type Move struct {
	// Point is where the stone is played.
	Point board.Point
	// Label is the point in GTP notation, "Q16".
	Label string
	// BoardScore is the board score of the position after the move: the
	// sum of the estimator's values, positive for Black, before komi.
	BoardScore float64
	// Gain is how much the move changes the board score for the mover:
	// BoardScore minus the board score of the position before the move,
	// negated when White moves.
	Gain float64
}

// Rank plays every legal move of the side to move in pos (points forbidden
// by simple ko or suicide are left out; passing is not a candidate), runs
// est with parameters p on each resulting position, and returns the moves
// sorted best first for the mover: by the board score after the move, from
// the mover's side (BoardScore for Black, −BoardScore for White; the order
// of Gain), ties broken by the point's flat index (pos.Index), smallest
// first. pos is not modified.
//
// The moves are shared among runtime.GOMAXPROCS(0) worker goroutines. Each
// move's estimate depends only on the move, so the result is the same for
// any number of workers.
//
// An estimator that can start from given values (estimators.WarmStarter)
// starts every candidate from the fixed point of pos, found once by
// estimators.Refine, rather than from scratch: a move changes the position
// only near where it is played, so the candidate's fixed point is close,
// and each worker reuses one estimators.Scratch for all its candidates.
// The board score before the move is then that fixed point's, so that the
// gain compares two estimates made the same way. Where the estimator's
// equations have one fixed point, the candidates' scores equal those of
// cold starts to the accuracy the stopping rule gives; where they have
// several (seds, Wolf 2010 §V.A), a candidate may settle on another one
// than from scratch. Where pos's fixed point is not found (a cycle), the
// candidates start from the estimate of pos.
//
// Rank checks ctx before each move and passes it to the estimator; once ctx
// is done it returns ctx.Err() without waiting for the remaining moves. An
// estimator error stops the ranking too and is returned naming the move.
//
// progress, if not nil, is called with done = 0 before any move is tried
// and then once after each move, with done increasing by one up to total,
// the number of legal moves. The calls after the first come from the worker
// goroutines, not the caller's, but never two at a time, so progress need
// not lock state that only it touches; it must not block, since a worker
// waits for it to return.
func Rank(ctx context.Context, est estimators.Estimator, pos *board.Position, p estimators.Params, progress func(done, total int)) ([]Move, error) {
	if pos == nil {
		return nil, fmt.Errorf("rank: nil position")
	}
	if err := est.Check(p); err != nil {
		return nil, fmt.Errorf("rank: %w", err)
	}
	mover := pos.ToMove()
	sign := float64(mover)
	base, err := est.Estimate(ctx, pos, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("rank: estimating the position before the move: %w", err)
	}
	estimate, start, err := warmStart(ctx, est, pos, p, base)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("rank: the fixed point of the position before the move: %w", err)
	}
	baseScore := base.BoardScore()
	if start != nil {
		baseScore = estimators.Result{Values: start}.BoardScore()
	}

	pts := pos.LegalMoves(mover)
	moves := make([]Move, len(pts))
	if progress != nil {
		progress(0, len(pts))
	}
	if len(pts) == 0 {
		return moves, nil
	}

	// A worker that fails cancels the others, so that an estimator error
	// does not wait for the remaining moves.
	err = parallel.ForEachWorker(ctx, len(pts), 0, progress, func() func(ctx context.Context, k int) error {
		// Each worker plays its moves on one scratch position, refilled
		// from pos before each move, rather than on a clone per move.
		scratch := pos.Clone()
		est := estimate(start)
		return func(ctx context.Context, k int) error {
			pt := pts[k]
			scratch.CopyFrom(pos)
			if err := scratch.Play(board.Move{Color: mover, Point: pt}); err != nil {
				// LegalMoves listed it, so this is a bug in board.
				return fmt.Errorf("rank: %w", err)
			}
			res, err := est(ctx, scratch, p)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err() // cancelled, not the estimator's fault
				}
				return fmt.Errorf("rank: %s: %w", pt.Label(pos.Size()), err)
			}
			score := res.BoardScore()
			moves[k] = Move{
				Point:      pt,
				Label:      pt.Label(pos.Size()),
				BoardScore: score,
				Gain:       sign * (score - baseScore),
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	// By the board score for the mover rather than by Gain: subtracting
	// the score before the move could round two different scores to one
	// gain.
	slices.SortFunc(moves, func(a, b Move) int {
		if c := cmp.Compare(sign*b.BoardScore, sign*a.BoardScore); c != 0 {
			return c
		}
		return cmp.Compare(pos.Index(a.Point), pos.Index(b.Point))
	})
	return moves, nil
}

// estimateFunc estimates one candidate position.
type estimateFunc func(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error)

// warmStart returns, for est, a maker of each worker's estimate function
// and the values the candidates start from: the fixed point of pos when
// est is a WarmStarter (or base's values, when its iteration finds none),
// nil when est starts from scratch.
func warmStart(ctx context.Context, est estimators.Estimator, pos *board.Position, p estimators.Params, base estimators.Result) (func(start []float64) estimateFunc, []float64, error) {
	cold := func([]float64) estimateFunc { return est.Estimate }
	ws, ok := est.(estimators.WarmStarter)
	if !ok || !est.Info().Iterative {
		return cold, nil, nil
	}
	fp, err := estimators.Refine(ctx, est, pos, p, base)
	if err != nil {
		return nil, nil, err
	}
	start := fp.Result.Values
	if !fp.Found {
		start = base.Values
	}
	warm := func(start []float64) estimateFunc {
		sc := new(estimators.Scratch)
		return func(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
			return ws.EstimateFrom(ctx, pos, p, start, sc)
		}
	}
	return warm, start, nil
}

// Points returns the points of moves, in their order.
func Points(moves []Move) []board.Point {
	pts := make([]board.Point, len(moves))
	for i, m := range moves {
		pts[i] = m.Point
	}
	return pts
}
