// Package estimators holds the control estimators: functions from a Go
// position to a value in [−1, 1] per intersection, +1 when Black controls
// the point for sure and −1 when White does.
//
// It holds the small Estimator interface every estimator sits behind, so
// that the command line and the app pick up a new one without changes;
// the parameters an estimator reads (Params, ParamSpec); the deterministic
// estimators (Propagate, Symmetric, GnuGo, Seds), each after the paper its
// Info cites; the solvers of the iterative ones (Jacobi, Gauss–Seidel,
// Anderson mixing: Solve), which name the cycle a run falls into; and
// Refine, which says how far a run stopped from the fixed point of its
// equations. The random fields of Stern, Graepel and MacKay, with their
// samplers and fitting, are package randfield; package catalog lists every
// estimator.
package estimators

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"moyo/board"
)

// Estimator computes a control value for every intersection of a position.
type Estimator interface {
	// Info describes the estimator and the parameters it reads.
	Info() Info
	// Check reports the first parameter the estimator reads whose value it
	// cannot run with, naming it as the command line does. Parameters p
	// does not hold take their defaults. Estimate makes the same check.
	Check(p Params) error
	// Estimate runs the estimator on pos. It checks ctx between iterations
	// and returns ctx.Err() when cancelled. Parameters it does not use are
	// ignored; out-of-range ones are an error.
	Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error)
}

// Info describes an estimator.
type Info struct {
	// Name is the short name used on the command line ("symmetric").
	Name string
	// Title is a one-line human description.
	Title string
	// Source names the published text and section the estimator follows,
	// as docs/estimators.md cites them: for the docs and developers.
	Source string
	// Paper cites the published text the estimator follows, for users;
	// zero for an estimator that follows none (an engine).
	Paper Paper
	// Sum names what the board score of the values sums, where it is not
	// control (SumOfControl): "sum of KataGo's ownership". SumName reads it.
	Sum string
	// Iterative reports whether the trace has more than one entry.
	Iterative bool
	// Params lists the parameters the estimator reads, in the order the
	// app shows them; their names are the command line's flags.
	Params []ParamSpec
	// Migrate, if not nil, rewrites parameters stored by an older version
	// of moyo whose meaning changed (Decode calls it).
	Migrate func(Params) Params
	// Published holds the settings of Paper where moyo's defaults differ
	// from them: the published stopping rule and sweep, where moyo's
	// defaults solve the same equations to their fixed point with a
	// faster solver and a tighter tolerance. It is empty where the
	// defaults are the paper's. PublishedParams completes it.
	Published Params
}

// PublishedParams returns the settings the paper publishes: the
// defaults, with Published over them.
func (in Info) PublishedParams() Params { return in.Complete(in.Published) }

// Result is what an estimator returns.
type Result struct {
	// Size is the board size; Values has Size² entries.
	Size int
	// Values holds the control value of point (x, y) at index y*Size+x.
	Values []float64
	// Trace holds one residual per iteration, in the norm of the stopping rule.
	Trace []float64
	// Iterations is the number of iterations run (len(Trace)).
	Iterations int
	// Converged reports whether the stopping rule was met before MaxIter.
	Converged bool
	// Elapsed is the wall time of the run.
	Elapsed time.Duration

	// Solver names the solver whose sweeps produced the trace's end
	// ("jacobi", "gauss-seidel", "anderson"): the one the parameters chose,
	// or the one it fell back to. It is "" for an estimator that does not
	// iterate or offers no choice.
	Solver string
	// Fallback, when not "", says why the chosen solver gave way to
	// Solver, at which iteration, for the convergence panel to show.
	Fallback string
	// Cycle, when the run stopped at the cap because the iteration
	// oscillates, describes the oscillation; nil otherwise.
	Cycle *Cycle
}

// OnePass returns the Result of an estimator that computes its values
// in one pass, begun at start, rather than iterating to a fixed point:
// one iteration with residual 0, converged.
func OnePass(size int, values []float64, start time.Time) Result {
	return Result{
		Size:       size,
		Values:     values,
		Trace:      []float64{0},
		Iterations: 1,
		Converged:  true,
		Elapsed:    time.Since(start),
	}
}

// At returns the value at SGF point (x, y).
func (r Result) At(x, y int) float64 { return r.Values[y*r.Size+x] }

// BoardScore is the sum of all control values: the area score before komi,
// positive for Black.
func (r Result) BoardScore() float64 {
	s := 0.0
	for _, v := range r.Values {
		s += v
	}
	return s
}

// Find returns the estimator of ests called name, or an error listing the
// valid names.
func Find(ests []Estimator, name string) (Estimator, error) {
	var names []string
	for _, e := range ests {
		if e.Info().Name == name {
			return e, nil
		}
		names = append(names, e.Info().Name)
	}
	return nil, fmt.Errorf("unknown estimator %q (valid: %s)", name, strings.Join(names, ", "))
}

// FormatResult writes the estimated result after komi, boardScore − komi,
// as Go results are written: "B+3.5", "W+0.25", or "0" for a tie. It keeps
// two decimals, as the papers' figures do, and drops trailing zeros.
func FormatResult(boardScore, komi float64) string {
	d := math.Round((boardScore-komi)*100) / 100
	return resultOf(d, strconv.FormatFloat(math.Abs(d), 'f', -1, 64))
}

// resultOf writes Black's margin d as a Go result, by the side ahead:
// "B+" or "W+" and abs, the margin's size as written, or "0" for a tie.
func resultOf(d float64, abs string) string {
	switch {
	case d > 0:
		return "B+" + abs
	case d < 0:
		return "W+" + abs
	}
	return "0"
}

// FormatEstimate writes an estimated result after komi, boardScore −
// komi, as FormatResult does but to one decimal, "W+15.2": a second
// decimal of an estimate is noise, and reads as the precision of a count.
func FormatEstimate(boardScore, komi float64) string {
	d := math.Round((boardScore-komi)*10) / 10
	return resultOf(d, strconv.FormatFloat(math.Abs(d), 'f', 1, 64))
}

// SumOfControl is what the estimate of moyo's estimators sums: each
// point counted for the side that controls it, by as much as it does.
const SumOfControl = "sum of control"

// EstimateLine names a board score as the estimate it is, never as a
// result: "estimate W+15.2 (sum of control)". of says what was summed,
// SumOfControl for moyo's estimators ("sum of KataGo's ownership" for
// KataGo's map). count, when not "", is what the board counts as, set
// beside the estimate so that the two are never mistaken for each other:
// the record's result at its last move ("result W+2.5") or a count of the
// board ("count B+2 by area").
func EstimateLine(boardScore, komi float64, of, count string) string {
	line := "estimate " + FormatEstimate(boardScore, komi) + " (" + of + ")"
	if count != "" {
		line += " · " + count
	}
	return line
}

// SumName says what the estimator's board score sums, for EstimateLine:
// Info.Sum, or SumOfControl.
func (in Info) SumName() string {
	if in.Sum != "" {
		return in.Sum
	}
	return SumOfControl
}

// Prepare makes the checks every Estimate starts with: valid parameters, a
// position, and a context that is not already cancelled.
// It returns p over the estimator's defaults, which is what Estimate reads.
func Prepare(ctx context.Context, e Estimator, pos *board.Position, p Params) (Params, error) {
	p = e.Info().Complete(p)
	if err := e.Check(p); err != nil {
		return p, err
	}
	if pos == nil {
		return p, fmt.Errorf("%s: nil position", e.Info().Name)
	}
	return p, ctx.Err()
}
