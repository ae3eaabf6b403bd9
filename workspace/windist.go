package workspace

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"moyo/board"
	"moyo/randfield"
	"moyo/render"
	"moyo/scoredist"
)

// The sampling of a run's score distribution: DistSweeps Swendsen–Wang
// sweeps of each of the sampler's two chains in DistBlocks blocks, after
// the estimators' burn-in, with a fixed seed so that a position shows the
// same numbers every time it is sampled. On moves 50 to 200 of the sample
// record (bp's defaults) they take 0.35–0.5 s on a loaded 2-core machine
// and give P(Black wins) to a standard error of 0.011–0.026
// (scoredist.Estimate.StdErr); 'moyo eval --win-prob' takes 1,000 per
// position.
const (
	DistSweeps = 4000
	DistBlocks = 40
	distSeed   = 1
)

// ScoreDist is the distribution of the final area score of the position
// shown under the random field of the run shown, and with the komi
// P(Black wins) (Stern et al. 2004, §2; package scoredist). It applies to the
// Boltzmann estimators, those randfield.FieldOf gives a field for (bp,
// bpl). After each of their runs is shown, whole-board samples are drawn
// on a worker of its own, and every few blocks the estimate so far is
// delivered, so that it sharpens while it runs; anything that asks for a
// new run cancels the sampling and drops what it drew.
type ScoreDist struct {
	w      *latest
	notify func(Change) // the workspace's
	want   uint64       // sequence number of the sampling asked for; 0 for none
	est    *scoredist.Estimate
	err    error
	done   bool // the sampling of want ended, with est complete or err
}

// newScoreDist returns the sampling, idle; post and notify are the
// workspace's.
func newScoreDist(post func(func()), notify func(Change)) *ScoreDist {
	return &ScoreDist{w: newLatest(post), notify: notify}
}

// start asks for the score distribution of the run o's position with the
// given komi, if its estimator is a random field.
func (d *ScoreDist) start(o Outcome, komi float64) {
	d.drop()
	if o.Err != nil || o.Pos == nil {
		return
	}
	m, err := randfield.FieldOf(o.Est, o.Params)
	if err != nil {
		return // not a random field: nothing to sample
	}
	pos := o.Pos
	d.want = d.w.submit(func(ctx context.Context, seq uint64) func() {
		_, err := sample(ctx, m, pos, komi, d.w, seq, d.progressed)
		if errors.Is(err, context.Canceled) {
			return nil
		}
		// The last estimate was posted as the report of the last block;
		// what is left to deliver is the end.
		return func() { d.ended(seq, err) }
	})
}

// sample draws the samples, posting the estimate after a block at most
// every progressEvery, and after the last, unless job seq of w is stale.
func sample(ctx context.Context, m randfield.RandomField, pos *board.Position, komi float64, w *latest, seq uint64,
	progressed func(seq uint64, est scoredist.Estimate)) (est scoredist.Estimate, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sampling: internal error: %v", p)
		}
	}()
	var last time.Time
	report := func(e scoredist.Estimate) {
		if now := time.Now(); e.Done || now.Sub(last) >= progressEvery {
			last = now
			if !w.stale(seq) {
				w.post(func() { progressed(seq, e) })
			}
		}
	}
	return scoredist.Sample(ctx, m, pos, scoredist.Options{
		Komi: komi, Sweeps: DistSweeps, Blocks: DistBlocks,
		Sampler: randfield.SamplerOptions{Method: randfield.SampleSW, Seed: distSeed, BurnIn: randfield.DefaultBurnIn},
	}, report)
}

// progressed shows the estimate so far of sampling seq, if it is the one
// asked for last.
func (d *ScoreDist) progressed(seq uint64, est scoredist.Estimate) {
	if seq != d.want || d.done {
		return
	}
	d.est = &est
	d.notify(ChangeScoreDist)
}

// ended records the end of sampling seq, with its error if it failed.
func (d *ScoreDist) ended(seq uint64, err error) {
	if seq != d.want {
		return
	}
	d.done, d.err = true, err
	d.notify(ChangeScoreDist)
}

// drop cancels the sampling under way and forgets what it drew.
func (d *ScoreDist) drop() {
	if d.want != 0 {
		d.w.cancelAll()
	}
	d.want, d.est, d.err, d.done = 0, nil, nil, false
}

// close stops the worker.
func (d *ScoreDist) close() { d.w.close() }

// On reports whether the run shown is sampled: its estimator is a random
// field and nothing has asked for another run since.
func (d *ScoreDist) On() bool { return d.want != 0 }

// Estimate returns what the samples drawn so far say; ok is false before
// the first block is in. Estimate.Done reports that all DistSweeps are.
func (d *ScoreDist) Estimate() (est scoredist.Estimate, ok bool) {
	if d.est == nil {
		return scoredist.Estimate{}, false
	}
	return *d.est, true
}

// Running reports whether the sampling is under way.
func (d *ScoreDist) Running() bool { return d.want != 0 && !d.done }

// Err returns why the sampling failed, or nil.
func (d *ScoreDist) Err() error { return d.err }

// Line says what the samples say, for the convergence panel: "P(Black
// wins) at komi 6.5: 0.62 ± 0.02 standard error  ·  mean score +12.4 ±
// 3.1 standard error  ·  2,400 of 4,000 sweeps", the estimates and how
// sure the samples make them; "" when the run shown is not sampled.
// SpreadLine says how widely the scores themselves spread.
func (d *ScoreDist) Line() string {
	est, ok := d.Estimate()
	switch {
	case !d.On():
		return ""
	case d.err != nil:
		return "P(Black wins): " + d.err.Error()
	case !ok:
		return "P(Black wins): sampling…"
	}
	s := "P(Black wins) at komi " + formatKomi(est.Komi) + ": " + withStdErr(est.PBlackWins, est.StdErr, "%.2f") +
		"  ·  mean score " + withStdErr(est.Dist.Mean(), est.MeanStdErr, "%+.1f")
	if !est.Done {
		s += fmt.Sprintf("  ·  %s of %s sweeps", thousands(est.Sweeps), thousands(DistSweeps))
	}
	return s
}

// withStdErr writes x in format f, followed by "± se standard error" when
// se is known.
func withStdErr(x, se float64, f string) string {
	s := fmt.Sprintf(f, x)
	if !math.IsNaN(se) {
		s += " ± " + strings.TrimPrefix(fmt.Sprintf(f, se), "+") + " standard error"
	}
	return s
}

// SpreadLine says how widely the sampled scores spread, and why so wide
// when the field ties its points together: "spread (sd) 77.9 points,
// 4.9× that of independent points: the model makes whole regions change
// hands together". The spread is the model's, not the sampler's: its
// couplings sit near the critical point of the Ising model
// (docs/convergence.md). It is "" when there is no estimate.
func (d *ScoreDist) SpreadLine() string {
	est, ok := d.Estimate()
	if !d.On() || d.err != nil || !ok || est.Dist.Samples == 0 {
		return ""
	}
	sd := est.Dist.StdDev()
	s := fmt.Sprintf("spread (sd) %.1f points", sd)
	if r := sd / est.Independent; r >= tiedSpread {
		s += fmt.Sprintf(", %.1f× that of independent points: the model makes whole regions change hands together", r)
	}
	return s
}

// tiedSpread is the ratio of the spread to that of independent points
// from which SpreadLine explains it: at twice, most of the spread comes
// from points that go together.
const tiedSpread = 2

// formatKomi writes a komi as records do: "6.5", "7", "-0.5".
func formatKomi(k float64) string { return fmt.Sprint(k) }

// Chart returns the estimate so far as a histogram of at most bars bars
// for render.DrawHistogram, the komi marked; ok is false before the first
// block is in. A bar of the scores Lo…Hi (steps of 2) spans Lo−1 to Hi+1
// on the axis, so that bars of single scores touch.
func (d *ScoreDist) Chart(bars int) (h render.Histogram, ok bool) {
	est, ok := d.Estimate()
	if !ok {
		return render.Histogram{}, false
	}
	h.Mark = est.Komi
	for _, b := range est.Dist.Histogram(bars) {
		h.Bars = append(h.Bars, render.HistogramBar{From: float64(b.Lo - 1), To: float64(b.Hi + 1), Count: b.Count})
	}
	return h, len(h.Bars) > 0
}

// Samples reports whether the runs of the chosen estimator with its
// parameters are followed by the sampling of their score distribution:
// it is a random field. It holds also while a run is under way, when
// ScoreDist is not On, so that the app keeps the sampling's place.
func (ws *Workspace) Samples() bool {
	_, err := randfield.FieldOf(ws.settings.est, ws.settings.Params())
	return err == nil
}
