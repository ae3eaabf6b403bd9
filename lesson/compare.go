package lesson

import (
	"fmt"

	"moyo/estimators"
)

// Comparison sets an estimate of a corridor beside its exact values.
type Comparison struct {
	// Estimate is the estimator's value at each point of the corridor, in
	// the order of Corridor.Points.
	Estimate []float64
	// Error is Estimate − Exact per point: positive where the estimator
	// gives Black more than miai counting does.
	Error []float64
	// Total is the sum of Estimate, the estimator's count of the
	// corridor, and ExactTotal the exact one.
	Total, ExactTotal float64
	// MaxError is the largest |Error|.
	MaxError float64
}

// TotalError is Total − ExactTotal.
func (c Comparison) TotalError() float64 { return c.Total - c.ExactTotal }

// Compare reads r at the corridor's points. r must come from the position
// the corridor was found in, or at least one of the same size.
func Compare(c Corridor, r estimators.Result) (Comparison, error) {
	if len(r.Values) != r.Size*r.Size {
		return Comparison{}, fmt.Errorf("compare: result of size %d has %d values", r.Size, len(r.Values))
	}
	if len(c.Exact) != len(c.Points) {
		return Comparison{}, fmt.Errorf("compare: corridor has %d points and %d exact values", len(c.Points), len(c.Exact))
	}
	cmp := Comparison{ExactTotal: c.ExactTotal}
	for k, p := range c.Points {
		if p.X < 0 || p.Y < 0 || p.X >= r.Size || p.Y >= r.Size {
			return Comparison{}, fmt.Errorf("compare: corridor point %v is off the %d×%d board of the result", p, r.Size, r.Size)
		}
		v := r.At(p.X, p.Y)
		e := v - c.Exact[k]
		cmp.Estimate = append(cmp.Estimate, v)
		cmp.Error = append(cmp.Error, e)
		cmp.Total += v
		cmp.MaxError = max(cmp.MaxError, abs(e))
	}
	return cmp, nil
}

// Setting is an estimator with the parameters a lesson shows it with.
type Setting struct {
	// Label names the setting for a reader: "symmetric, λ = 0, stones alive".
	Label     string
	Estimator estimators.Estimator
	Params    estimators.Params
}

// Settings returns the estimator settings the lessons are about (the symmetry article
// §2.3 and §3.2): the propagating function with each colour capped
// separately, which has the right form; the symmetric estimate with λ = 0,
// close to the exact values but short of them; and with the default
// λ = 0.44, which spreads the walls' influence too far. The symmetric runs
// keep stones alive, as the symmetry article's corridors assume, and iterate to a tight
// fixed point, so that what is shown is the estimator and not its stopping
// rule.
func Settings() []Setting {
	sym := estimators.Symmetric{}.Info().Defaults().
		WithText("mode", estimators.ModeAlive.String()).
		WithNum("tol", 1e-24).
		WithNum("max-iter", 100000)
	prop := estimators.Propagate{}.Info().Defaults().WithText("cap", estimators.CapSeparate.String())
	return []Setting{
		{Label: "propagate, caps separate", Estimator: estimators.Propagate{}, Params: prop},
		{Label: "symmetric, λ = 0, stones alive", Estimator: estimators.Symmetric{}, Params: sym.WithNum("lambda", 0)},
		{Label: fmt.Sprintf("symmetric, λ = %g, stones alive", sym.Num("lambda")), Estimator: estimators.Symmetric{}, Params: sym},
	}
}
