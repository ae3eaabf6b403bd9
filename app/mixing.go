package app

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"moyo/estimators"
	"moyo/randfield"
)

// mixingCommand is 'moyo mixing': Fig. 1 of Stern, Graepel & MacKay
// (2004), Gibbs against Swendsen–Wang sampling on one position.
func mixingCommand(env Env, args []string) int {
	o := positionOptions{noEngines: true}
	var sweeps int
	var seed uint64
	fs := positionFlags("mixing", `usage: moyo mixing [flags] --out FIG.png FILE

Fig. 1 of Stern, Graepel & MacKay, "Modelling Uncertainty in the Game of
Go" (2004): sample the random field of bp (Boltzmann5) or bpl
(BoltzmannLiberties) on a position of FILE by single-site Gibbs sampling
and by Swendsen–Wang, and plot for every point the running average of the
samples less its exact marginal against the number of whole-board samples,
Gibbs beside Swendsen–Wang. Both samplers run two chains from the same
start (stones alive, empty points Black's; one chain on the position with
the colours swapped), with no burn-in. The PNG goes to --out; a table of
the rms and the largest error at powers of ten goes to standard output.
Exact inference takes boards up to 19×19.
`, &o, []string{"png"}, env.Stderr, randomFields(env.estimators()))
	// A board picture's flags: the figure is a plot, so they are refused
	// below and left out of -h, as is --format, whose one value is png.
	pictureFlags := []string{"pixels", "legend", "overlay"}
	for _, name := range append(pictureFlags, "format") {
		fs.Lookup(name).Usage = ""
	}
	fs.Lookup("out").Usage = "write the figure, a PNG, to `FILE` (required)"
	fs.IntVar(&sweeps, "sweeps", 10000, "`N` sweeps of each chain per sampler (two samples each)")
	fs.Uint64Var(&seed, "seed", 1, "`N`, the seed of the samplers")
	return runPositionCommand(env, fs, &o, args, func() error {
		if o.out == "" {
			return fmt.Errorf("want --out FIG.png")
		}
		for _, name := range pictureFlags {
			if _, ok := o.set[name]; ok {
				return fmt.Errorf("--%s is for a board's picture; 'moyo mixing' draws a plot", name)
			}
		}
		if sweeps < 1 || sweeps > 10_000_000 {
			return fmt.Errorf("--sweeps %d is outside [1, 10000000]", sweeps)
		}
		return nil
	}, func(t target) error {
		fig, err := runMixing(context.Background(), t, sweeps, seed)
		if err != nil {
			return err
		}
		if err := o.write(env, fig.writePNG); err != nil {
			return err
		}
		return fig.writeText(env.Stdout)
	})
}

// randomFields returns the estimators of ests that are random fields, the
// only ones the samplers can draw from.
func randomFields(ests []estimators.Estimator) []estimators.Estimator {
	var out []estimators.Estimator
	for _, e := range ests {
		if _, err := randfield.FieldOf(e, e.Info().Defaults()); err == nil {
			out = append(out, e)
		}
	}
	return out
}

// mixingTrace is one sampler's running averages less the exact marginals,
// for every point, after each number of samples of counts.
type mixingTrace struct {
	method randfield.SampleMethod
	counts []int
	diff   [][]float64 // diff[k][i]: point i after counts[k] samples
}

// mixingFigure is the outcome of 'moyo mixing'.
type mixingFigure struct {
	title  string // the file, move and estimator
	short  string // the move and estimator, for the panels
	traces []mixingTrace
}

// mixingCounts returns the numbers of samples at which the running
// averages are recorded: about 20 per decade up to total, each once, and
// even, so that every average has as many samples of each chain (one
// chain's samples alone would zigzag against the other's early on).
func mixingCounts(total int) []int {
	var counts []int
	for k := 0; ; k++ {
		c := 2 * int(math.Round(math.Pow(10, float64(k)/20)/2))
		if c == 0 {
			continue
		}
		if c > total {
			break
		}
		if len(counts) == 0 || c > counts[len(counts)-1] {
			counts = append(counts, c)
		}
	}
	if counts[len(counts)-1] != total {
		counts = append(counts, total)
	}
	return counts
}

// runMixing samples the target's model by both methods.
func runMixing(ctx context.Context, t target, sweeps int, seed uint64) (mixingFigure, error) {
	m, err := randfield.FieldOf(t.est, t.params)
	if err != nil {
		return mixingFigure{}, err
	}
	pos := t.step.Position
	p := t.params.WithText("inference", randfield.InferenceExact.String()).WithText("view", randfield.BPViewValue.String())
	ex, err := t.est.Estimate(ctx, pos, p)
	if err != nil {
		return mixingFigure{}, fmt.Errorf("%s: %w", t.name, err)
	}
	short := fmt.Sprintf("move %d, %s", t.step.Number, t.est.Info().Name)
	fig := mixingFigure{title: filepath.Base(t.name) + ", " + short, short: short}
	counts := mixingCounts(2 * sweeps)
	for _, method := range []randfield.SampleMethod{randfield.SampleGibbs, randfield.SampleSW} {
		s, err := randfield.NewSampler(m, pos, randfield.SamplerOptions{Method: method, Seed: seed})
		if err != nil {
			return mixingFigure{}, err
		}
		tr := mixingTrace{method: method, counts: counts}
		sum := make([]float64, pos.Len())
		n := 0
		err = s.Run(ctx, sweeps, func(spins []int8) {
			for i, v := range spins {
				sum[i] += float64(v)
			}
			n++
			if n == counts[len(tr.diff)] {
				d := make([]float64, len(sum))
				for i, v := range sum {
					d[i] = v/float64(n) - ex.Values[i]
				}
				tr.diff = append(tr.diff, d)
			}
		})
		if err != nil {
			return mixingFigure{}, err
		}
		fig.traces = append(fig.traces, tr)
	}
	return fig, nil
}

// errors returns the rms and the largest |difference| after counts[k]
// samples.
func (tr mixingTrace) errors(k int) (rms, worst float64) {
	for _, d := range tr.diff[k] {
		rms += d * d
		worst = max(worst, math.Abs(d))
	}
	return math.Sqrt(rms / float64(len(tr.diff[k]))), worst
}

// methodTitle names a sampler as the paper's figure does.
func methodTitle(m randfield.SampleMethod) string {
	if m == randfield.SampleGibbs {
		return "Gibbs sampling"
	}
	return "Swendsen–Wang"
}

func (f mixingFigure) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: running average − exact marginal over all points (rms / largest)\n", f.title)
	fmt.Fprintf(&b, "%10s", "samples")
	for _, tr := range f.traces {
		fmt.Fprintf(&b, " %22s", methodTitle(tr.method))
	}
	b.WriteString("\n")
	counts := f.traces[0].counts
	for k, c := range counts {
		if k != len(counts)-1 && c != int(math.Pow(10, math.Round(math.Log10(float64(c))))) {
			continue
		}
		fmt.Fprintf(&b, "%10d", c)
		for _, tr := range f.traces {
			rms, worst := tr.errors(k)
			fmt.Fprintf(&b, " %10.4f / %9.4f", rms, worst)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writePNG draws the figure: a panel per sampler, a thin line per point
// and the rms over the points in black.
func (f mixingFigure) writePNG(w io.Writer) error {
	var plots []*plot.Plot
	for _, tr := range f.traces {
		p := newPlot(methodTitle(tr.method)+" ("+f.short+")", "whole-board samples", "running average − exact marginal")
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Legend.Top = true
		n := len(tr.diff[0])
		for i := range n {
			xy := make(plotter.XYs, len(tr.counts))
			for k, c := range tr.counts {
				xy[k] = plotter.XY{X: float64(c), Y: tr.diff[k][i]}
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.Color = withAlpha(color.RGBA{0x1f, 0x5f, 0xb4, 0xff}, 0x50)
			l.Width = vg.Points(0.5)
			p.Add(l)
		}
		rms := make(plotter.XYs, len(tr.counts))
		for k, c := range tr.counts {
			r, _ := tr.errors(k)
			rms[k] = plotter.XY{X: float64(c), Y: r}
		}
		l, err := plotter.NewLine(rms)
		if err != nil {
			return err
		}
		l.Color, l.Width = color.Black, vg.Points(1.5)
		p.Add(l)
		p.Legend.Add("rms over the points", l)
		// The differences start anywhere in [−2, 2]; what matters is how
		// they close in on 0.
		p.Y.Min, p.Y.Max = -1, 1
		plots = append(plots, p)
	}
	return writeFigure(w, plots, len(plots))
}
