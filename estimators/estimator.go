// Package estimators holds the control estimators: functions from a Go
// position to a value in [−1, 1] per intersection, +1 when Black controls
// the point for sure and −1 when White does. Each estimator is defined
// exactly in SPEC.md and sits behind the small Estimator interface, so the
// command line and the GUI pick up a new one without changes.
package estimators

import (
	"context"
	"fmt"
	"math"
	"slices"
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
	// cannot run with, naming it as the command line does. Estimate makes
	// the same check.
	Check(p Params) error
	// Estimate runs the estimator on pos. It checks ctx between iterations
	// and returns ctx.Err() when cancelled. Parameters it does not use are
	// ignored; out-of-range ones are an error.
	Estimate(ctx context.Context, pos *board.Position, p Params) (Result, error)
}

// Params holds every tunable parameter of every estimator; each estimator
// reads the fields its Info lists. Start from Info().Defaults.
type Params struct {
	// Mode is "alive" (stones stay ±1) or "judged" (stones are judged by
	// their surroundings), for symmetric.
	Mode string
	// Lambda couples a point to two-against-two neighbourhoods (symmetric).
	Lambda float64
	// Kappa weighs a stone's chain value against its own neighbourhood
	// (symmetric, judged mode).
	Kappa float64
	// Attenuation is the factor by which influence falls per step
	// (propagate, gnugo).
	Attenuation float64
	// Cap is "total" or "separate": where propagate clamps to [−1, 1].
	Cap string
	// Damping is the share of the old message kept in each BP update (bp).
	Damping float64
	// Tol is the residual below which an iterative estimator stops.
	Tol float64
	// MaxIter caps the number of iterations.
	MaxIter int
	// Inference is how bp computes marginals: "bp" (loopy belief
	// propagation), "exact" (transfer sweep) or "sw" (Swendsen–Wang).
	Inference string
	// Samples is the number of sweeps a sampler averages over (bp, sw).
	Samples int
	// View selects an alternative output of an estimator, such as GNU Go's
	// territory/moyo/area classification; "" is the control value.
	View string
}

// Param names the fields of Params, as used by the command-line flags and
// the GUI's sliders.
type Param string

// The parameters.
const (
	ParamMode        Param = "mode"
	ParamLambda      Param = "lambda"
	ParamKappa       Param = "kappa"
	ParamAttenuation Param = "attenuation"
	ParamCap         Param = "cap"
	ParamDamping     Param = "damping"
	ParamTol         Param = "tol"
	ParamMaxIter     Param = "max-iter"
	ParamInference   Param = "inference"
	ParamSamples     Param = "samples"
	ParamView        Param = "view"
)

// ParamSpec describes one parameter an estimator reads: the range of its
// slider, or its choices for a selector. The slider range is where the
// parameter is worth exploring by eye; Estimator.Check decides what is valid,
// which may be wider.
type ParamSpec struct {
	Name Param
	// Min and Max bound a numeric parameter.
	Min, Max float64
	// Log asks for a slider on a logarithmic scale (tolerances).
	Log bool
	// Choices lists the values of a string parameter (Mode, Cap).
	Choices []string
}

// Info describes an estimator.
type Info struct {
	// Name is the short name used on the command line ("symmetric").
	Name string
	// Title is a one-line human description.
	Title string
	// Source names the seed paper and section the estimator follows.
	Source string
	// Iterative reports whether the trace has more than one entry.
	Iterative bool
	// Params lists the parameters the estimator reads.
	Params []ParamSpec
	// Defaults are the SPEC defaults for every field the estimator reads.
	Defaults Params
}

// CheckChoice returns nil when value is one of the Choices of info's
// parameter name, and otherwise the error a Check method reports, listing
// them; so a Check accepts exactly what the chooser offers.
func (info Info) CheckChoice(name Param, value string) error {
	for _, spec := range info.Params {
		if spec.Name != name {
			continue
		}
		if slices.Contains(spec.Choices, value) {
			return nil
		}
		quoted := make([]string, len(spec.Choices))
		for k, c := range spec.Choices {
			quoted[k] = strconv.Quote(c)
		}
		list := quoted[len(quoted)-1]
		if len(quoted) > 1 {
			list = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + list
		}
		return fmt.Errorf("%s: %s %q is not %s", info.Name, name, value, list)
	}
	return fmt.Errorf("%s: no parameter %s", info.Name, name)
}

// Uses reports whether the estimator reads parameter name.
func (in Info) Uses(name Param) bool {
	for _, s := range in.Params {
		if s.Name == name {
			return true
		}
	}
	return false
}

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

// All returns every estimator, in the order the GUI lists them.
func All() []Estimator {
	return []Estimator{
		Propagate{},
		Symmetric{},
		GnuGo{},
		Seds{},
		BP{},
	}
}

// ByName returns the estimator called name, or an error listing the valid names.
func ByName(name string) (Estimator, error) {
	var names []string
	for _, e := range All() {
		if e.Info().Name == name {
			return e, nil
		}
		names = append(names, e.Info().Name)
	}
	return nil, fmt.Errorf("unknown estimator %q (valid: %s)", name, strings.Join(names, ", "))
}

// Names returns the names of all estimators.
func Names() []string {
	var names []string
	for _, e := range All() {
		names = append(names, e.Info().Name)
	}
	return names
}

// FormatResult writes the estimated result after komi, boardScore − komi,
// as Go results are written: "B+3.5", "W+0.25", or "0" for a tie. It keeps
// two decimals, as the seed's figures do, and drops trailing zeros.
func FormatResult(boardScore, komi float64) string {
	d := math.Round((boardScore-komi)*100) / 100
	s := strconv.FormatFloat(math.Abs(d), 'f', -1, 64)
	switch {
	case d > 0:
		return "B+" + s
	case d < 0:
		return "W+" + s
	}
	return "0"
}

// prepare makes the checks every Estimate starts with: valid parameters, a
// position, and a context that is not already cancelled.
func prepare(ctx context.Context, e Estimator, pos *board.Position, p Params) error {
	if err := e.Check(p); err != nil {
		return err
	}
	if pos == nil {
		return fmt.Errorf("%s: nil position", e.Info().Name)
	}
	return ctx.Err()
}

// AllParams lists every parameter, in the order flags and sliders show them.
func AllParams() []Param {
	return []Param{ParamMode, ParamLambda, ParamKappa, ParamAttenuation, ParamCap, ParamDamping, ParamTol, ParamMaxIter, ParamInference, ParamSamples, ParamView}
}

// Get returns the value of parameter name: a string for Mode, Cap,
// Inference and View, an int for MaxIter and Samples, a float64 for the
// others, and nil for an unknown name.
func (p Params) Get(name Param) any {
	if s := p.text(name); s != nil {
		return *s
	}
	if n := p.count(name); n != nil {
		return *n
	}
	if f := p.number(name); f != nil {
		return *f
	}
	return nil
}

// Set parses value, written as on the command line, into parameter name.
func (p *Params) Set(name Param, value string) error {
	if s := p.text(name); s != nil {
		*s = value
		return nil
	}
	if n := p.count(name); n != nil {
		v, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("%s %q is not a whole number", name, value)
		}
		*n = v
		return nil
	}
	f := p.number(name)
	if f == nil {
		return fmt.Errorf("unknown parameter %q", name)
	}
	v, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return fmt.Errorf("%s %q is not a number", name, value)
	}
	*f = v
	return nil
}

// number points at the float64 field of a numeric parameter, or is nil.
func (p *Params) number(name Param) *float64 {
	switch name {
	case ParamLambda:
		return &p.Lambda
	case ParamKappa:
		return &p.Kappa
	case ParamAttenuation:
		return &p.Attenuation
	case ParamDamping:
		return &p.Damping
	case ParamTol:
		return &p.Tol
	}
	return nil
}

// text points at the string field of a parameter, or is nil.
func (p *Params) text(name Param) *string {
	switch name {
	case ParamMode:
		return &p.Mode
	case ParamCap:
		return &p.Cap
	case ParamInference:
		return &p.Inference
	case ParamView:
		return &p.View
	}
	return nil
}

// count points at the int field of a parameter, or is nil.
func (p *Params) count(name Param) *int {
	switch name {
	case ParamMaxIter:
		return &p.MaxIter
	case ParamSamples:
		return &p.Samples
	}
	return nil
}
