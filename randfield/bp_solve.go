package randfield

import (
	"context"

	"moyo/board"
	"moyo/estimators"
)

// bpSystem is loopy belief propagation as a system for the solvers: the
// state is the messages, two entries per slot as bpGraph.iterate reads
// them, and one sweep is one damped update of every message. In place
// (Gauss–Seidel) the messages are updated point by point, each reading the
// ones already updated, a sequential schedule with the same fixed points.
type bpSystem struct {
	g       *bpGraph
	damping float64
}

func (s bpSystem) Sweep(prev, next []float64) float64 { return s.g.iterate(prev, next, s.damping) }

func (s bpSystem) Values(msg, out []float64) { s.g.beliefs(msg, out) }

// bpFloor is the smallest message probability Anderson mixing may leave:
// the update itself never produces 0, since every factor ψ is positive,
// and a belief multiplying a 0 of one message by a 0 of another would be
// 0/0.
const bpFloor = 1e-12

// solveBP runs loopy BP on g, laid out for pos, from uniform messages with
// the chosen solver, damping and stopping rule. With the Jacobi solver it
// is run, bit for bit.
func (g *bpGraph) solveBP(ctx context.Context, pos *board.Position, damping float64, stop estimators.StopRule, solver estimators.Solver) (estimators.Result, error) {
	start := make([]float64, 8*len(g.deg))
	bpUniform(start)
	return estimators.Solve(ctx, pos, bpSystem{g: g, damping: damping}, start, estimators.SolveSpec{Solver: solver, Stop: stop, Box: estimators.Box{Lo: bpFloor, Hi: 1}})
}
