package estimators

import (
	"fmt"
	"testing"
)

// TestParamsValue checks that Params is a value: With leaves the receiver
// as it was, and the copies do not share their values.
func TestParamsValue(t *testing.T) {
	p := Symmetric{}.Info().Defaults()
	q := p.WithNum("lambda", 0.25)
	if p.Num("lambda") != 0.44 || q.Num("lambda") != 0.25 {
		t.Errorf("lambda %v and %v after With, want 0.44 and 0.25", p.Num("lambda"), q.Num("lambda"))
	}
	if p.Equal(q) || !p.Equal(Symmetric{}.Info().Defaults()) {
		t.Error("Equal does not compare values")
	}
	r := q.WithText("mode", ModeAlive.String())
	if q.Text("mode") != "judged" || r.Text("mode") != "alive" {
		t.Errorf("mode %q and %q, want judged and alive", q.Text("mode"), r.Text("mode"))
	}
	if got := p.String(); got != "kappa=0.8 lambda=0.44 max-iter=1000 mode=judged solver=anderson tol=1e-08" {
		t.Errorf("String() = %q", got)
	}
}

// TestComplete checks that a parameter left out among others set takes
// its default (catalog's tests check every estimator with none set).
func TestComplete(t *testing.T) {
	// One left out among others set.
	p := Symmetric{}.Info().Complete(params("mode", "alive"))
	if p.Text("mode") != "alive" || p.Num("lambda") != 0.44 {
		t.Errorf("Complete(mode=alive) = %v", p)
	}
}

// params builds a Params from name, value pairs: a value is a number
// (float64 or int), a choice (string) or an enumeration (its String).
func params(kv ...any) Params {
	var p Params
	for i := 0; i+1 < len(kv); i += 2 {
		name := kv[i].(string)
		switch v := kv[i+1].(type) {
		case string:
			p = p.WithText(name, v)
		case fmt.Stringer:
			p = p.WithText(name, v.String())
		case int:
			p = p.WithNum(name, float64(v))
		case float64:
			p = p.WithNum(name, v)
		default:
			panic(fmt.Sprintf("params: %s = %v (%T)", name, v, v))
		}
	}
	return p
}
