package workspace

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"moyo/randfield"
)

// RunLine says in a line what the run o did, in the terms of its method,
// for the convergence panel: "converged in 46 iterations · final residual
// 8.9e-05, tolerance 1.0e-04", "stopped at the cap of 50 iterations · …",
// "exact, transfer matrix over 2^19 states", "sampled 10,000 sweeps,
// largest standard error 0.012", "computed directly, no iteration". A
// Monte Carlo or exact method's trace is no residual: its line says what
// the trace holds instead.
func RunLine(o Outcome) string {
	info := o.Est.Info()
	res := o.Result
	if !info.Iterative {
		return "computed directly, no iteration"
	}
	if _, ok := info.Spec("inference"); ok {
		switch o.Params.Text("inference") {
		case randfield.InferenceExact.String():
			size := res.Size
			if o.Pos != nil {
				size = o.Pos.Size()
			}
			return fmt.Sprintf("exact, transfer matrix over 2^%d states", size)
		case randfield.InferenceSW.String():
			s := "sampled " + thousands(o.Params.Int("samples")) + " sweeps"
			if n := len(res.Trace); n > 0 {
				s += fmt.Sprintf(", largest standard error %.3f", res.Trace[n-1])
			}
			return s
		}
	}
	var s string
	if res.Converged {
		s = "converged in " + countOf(res.Iterations, "iteration")
	} else {
		s = "stopped at the cap of " + countOf(res.Iterations, "iteration")
	}
	if n := len(res.Trace); n > 0 {
		s += "  ·  final residual " + FormatResidual(res.Trace[n-1])
		if info.Reads("tol", o.Params) {
			s += ", tolerance " + FormatResidual(o.Params.Num("tol"))
		}
	}
	return s
}

// FormatResidual writes a residual with two significant digits: 8.9e-05
// as "8.9e-05", 0 as "0".
func FormatResidual(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'e', 1, 64)
}

// countOf writes n of a thing: "1 iteration", "50 iterations".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return thousands(n) + " " + word + "s"
}

// thousands writes n with commas between groups of three digits:
// "10,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
