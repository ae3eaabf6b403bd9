package workspace

import (
	"context"
	"testing"

	"moyo/board"
	"moyo/estimators"
	"moyo/randfield"
)

// TestRunLine runs each kind of method on a small position and checks
// that the line says what it did: iterations with the right plural,
// exact inference's states, Swendsen–Wang's sweeps and standard error.
func TestRunLine(t *testing.T) {
	pos, err := board.New(5)
	if err != nil {
		t.Fatal(err)
	}
	pos.Set(board.Point{X: 1, Y: 1}, board.Black)
	pos.Set(board.Point{X: 3, Y: 3}, board.White)
	bp := randfield.BP{}
	for _, tt := range []struct {
		name   string
		est    estimators.Estimator
		params estimators.Params
		want   string
	}{
		{"direct", estimators.Propagate{}, estimators.Params{}, "computed directly, no iteration"},
		{"one iteration", bp, bp.Info().Defaults().WithNum("max-iter", 1), "stopped at the cap of 1 iteration  ·  final residual "},
		{"cap", bp, bp.Info().Defaults().WithNum("max-iter", 3).WithNum("tol", 1e-12),
			"stopped at the cap of 3 iterations  ·  final residual "},
		{"exact", bp, bp.Info().Defaults().WithText("inference", "exact"), "exact, transfer matrix over 2^5 states"},
		{"sw", bp, bp.Info().Defaults().WithText("inference", "sw").WithNum("samples", 2000),
			"sampled 2,000 sweeps, largest standard error 0.0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tt.est.Estimate(context.Background(), pos, tt.params)
			if err != nil {
				t.Fatal(err)
			}
			got := RunLine(Outcome{Request: Request{Est: tt.est, Pos: pos, Params: tt.params}, Result: res})
			if len(got) < len(tt.want) || got[:len(tt.want)] != tt.want {
				t.Errorf("RunLine = %q, want it to start %q", got, tt.want)
			}
		})
	}
	// Converged: the symmetric estimate of this position meets its
	// tolerance, which the line names.
	sym := estimators.Symmetric{}
	p := sym.Info().Defaults()
	res, err := sym.Estimate(context.Background(), pos, p)
	if err != nil || !res.Converged {
		t.Fatalf("symmetric: %v, converged %v", err, res.Converged)
	}
	got := RunLine(Outcome{Request: Request{Est: sym, Pos: pos, Params: p}, Result: res})
	want := "converged in " + countOf(res.Iterations, "iteration") + "  ·  final residual " +
		FormatResidual(res.Trace[len(res.Trace)-1]) + ", tolerance 1.0e-08"
	if got != want {
		t.Errorf("RunLine = %q, want %q", got, want)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if got := countOf(1, "iteration"); got != "1 iteration" {
		t.Errorf("countOf(1) = %q", got)
	}
}
