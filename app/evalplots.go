package app

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"moyo/eval"
)

// writePlots writes the tables and plots of an evaluation into dir, which
// it creates: measures.csv and measures.png (Stern et al. 2004, Fig. 4 and its
// companions), and with --predict prediction.csv, survival.csv and
// survival.png (Wolf 2010, Fig. 3). It returns the files written.
func (r evalReport) writePlots(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	write := func(name string, fn func(*os.File) error) error {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		if err := f.Close(); err != nil {
			return err
		}
		written = append(written, path)
		return nil
	}
	type file struct {
		name string
		fn   func(*os.File) error
	}
	files := []file{{"measures.csv", r.writeMeasuresCSV}, {"positions.csv", r.writePositionsCSV}, {"measures.png", r.writeMeasuresPNG}}
	if len(r.preds) > 0 {
		files = append(files, file{"prediction.csv", r.writePredictionCSV}, file{"survival.csv", r.writeSurvivalCSV}, file{"survival.png", r.writeSurvivalPNG})
	}
	if r.opts.winProb {
		files = append(files, file{"winprob.csv", r.writeWinProbCSV}, file{"reliability.csv", r.writeReliabilityCSV}, file{"reliability.png", r.writeReliabilityPNG})
	}
	for _, f := range files {
		if err := write(f.name, f.fn); err != nil {
			return written, err
		}
	}
	return written, nil
}

// csvNumber writes v for a CSV cell: empty for NaN.
func csvNumber(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', 8, 64)
}

// writeCSV writes a header and rows and reports any error.
func writeCSV(f *os.File, header []string, rows [][]string) error {
	w := csv.NewWriter(f)
	w.Write(header)
	w.WriteAll(rows)
	return w.Error()
}

// writePositionsCSV writes the measures of each position: the spread
// that measures.png draws, for other tools to draw their own way.
func (r evalReport) writePositionsCSV(f *os.File) error {
	var rows [][]string
	for _, row := range r.rows {
		for _, s := range row.Each {
			rows = append(rows, []string{
				row.Setting, row.Estimator, strconv.Itoa(row.Move), s.File,
				csvNumber(s.CrossEntropy), csvNumber(s.Accuracy), csvNumber(s.MAE), csvNumber(s.ScoreError), csvNumber(s.ScoreBias),
			})
		}
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "file", "cross_entropy", "accuracy", "mae", "score_error", "score_bias"}, rows)
}

func (r evalReport) writeMeasuresCSV(f *os.File) error {
	var rows [][]string
	for _, row := range r.rows {
		m := row.Measures()
		rows = append(rows, []string{
			row.Setting, row.Estimator, strconv.Itoa(row.Move), strconv.Itoa(row.Positions), strconv.Itoa(row.Points), strconv.Itoa(row.Decided),
			csvNumber(m.CrossEntropy), csvNumber(m.Accuracy), csvNumber(m.MAE), csvNumber(m.ScoreError), csvNumber(m.ScoreBias),
		})
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "positions", "points", "decided_points",
		"cross_entropy", "accuracy", "mae", "score_error", "score_bias"}, rows)
}

func (r evalReport) writePredictionCSV(f *os.File) error {
	var rows [][]string
	for _, p := range r.preds {
		mean := math.NaN()
		if p.Positions > 0 {
			mean = p.MeanPercentile()
		}
		beta, ll, uni := math.NaN(), math.NaN(), math.NaN()
		if m, ok := r.models[p.Setting]; ok && m.err == nil {
			beta = m.fit.Beta
			ll, uni = p.LogLikelihood(beta)
		}
		rows = append(rows, []string{p.Setting, p.Estimator, strconv.Itoa(p.Move), strconv.Itoa(p.Positions), strconv.Itoa(p.Skipped), csvNumber(mean),
			csvNumber(beta), csvNumber(ll), csvNumber(uni)})
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "positions", "skipped", "mean_percentile",
		"beta", "log_likelihood", "uniform_log_likelihood"}, rows)
}

// writeSurvivalCSV writes the histogram and survival function in long
// form: one line per setting, move and percentile bin.
func (r evalReport) writeSurvivalCSV(f *os.File) error {
	var rows [][]string
	for _, p := range r.preds {
		if p.Positions == 0 {
			continue
		}
		surv := p.Survival()
		for x := range eval.Bins {
			rows = append(rows, []string{p.Setting, p.Estimator, strconv.Itoa(p.Move), strconv.Itoa(x), strconv.Itoa(p.Histogram[x]), csvNumber(surv[x])})
		}
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "x", "count", "survival"}, rows)
}

// Each panel of a figure is drawn panelW × panelH pixels at dpi.
const (
	panelW, panelH = 560, 420
	dpi            = 96
)

// writeMeasuresPNG draws each measure against the move number as Stern et al. 2004
// Figure 4 draws its cross-entropies: for each setting a box of the
// positions' values at each move number (quartiles, whiskers to 1.5 IQR,
// the rest as dots), the settings side by side, and a line through the
// means the table reports.
func (r evalReport) writeMeasuresPNG(f *os.File) error {
	scoreUnit := "|score − final area|, points"
	if r.ref != nil {
		scoreUnit = "|score − Σ reference|, points"
	}
	measures := []struct {
		title, unit string
		get         func(eval.Measures) float64
		rising      bool
	}{
		{"cross-entropy", "nats per point", func(m eval.Measures) float64 { return m.CrossEntropy }, false},
		{"sign accuracy", "% of decided points", func(m eval.Measures) float64 { return 100 * m.Accuracy }, true},
		{"mean absolute error", "per point", func(m eval.Measures) float64 { return m.MAE }, false},
		{"board score error", scoreUnit, func(m eval.Measures) float64 { return m.ScoreError }, false},
	}
	moves := slices.Sorted(slices.Values(r.cfg.Moves))
	// The boxes of one move number share a slot as wide as 60% of the
	// closest gap between move numbers (--moves need not be in order).
	gap := 60.0
	for k := 1; k < len(moves); k++ {
		gap = min(gap, float64(moves[k]-moves[k-1]))
	}
	nc := len(r.cfg.Candidates)
	step := 0.6 * gap / float64(max(nc, 1))
	offset := func(c int) float64 { return (float64(c) - float64(nc-1)/2) * step }
	// Boxes are sized in points, not in moves: at most 7 points, and
	// narrower than their slot, the data area being about the panel less
	// 70 points of axes.
	span := float64(moves[len(moves)-1]-moves[0]) + gap
	boxWidth := min(vg.Points(7), vg.Length(0.8*step/span)*(vg.Length(panelW)*vg.Inch/dpi-vg.Points(70)))
	var ticks []plot.Tick
	for _, m := range moves {
		ticks = append(ticks, plot.Tick{Value: float64(m), Label: strconv.Itoa(m)})
	}
	var plots []*plot.Plot
	for _, ms := range measures {
		p := newPlot(ms.title, "move", ms.unit)
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Min = float64(moves[0]) - 0.5*gap
		p.X.Max = float64(moves[len(moves)-1]) + 0.5*gap
		for c, cand := range r.cfg.Candidates {
			name := cand.Name()
			col := plotutil.Color(c)
			var means plotter.XYs
			for _, row := range r.rows {
				if row.Setting != name {
					continue
				}
				x := float64(row.Move) + offset(c)
				var vals plotter.Values
				for _, s := range row.Each {
					if v := ms.get(s.Measures); !math.IsNaN(v) {
						vals = append(vals, v)
					}
				}
				if len(vals) == 0 {
					continue
				}
				box, err := plotter.NewBoxPlot(boxWidth, x, vals)
				if err != nil {
					return err
				}
				box.FillColor = withAlpha(col, 0x50)
				box.BoxStyle.Color, box.MedianStyle.Color, box.WhiskerStyle.Color = col, col, col
				box.GlyphStyle.Color, box.GlyphStyle.Radius = withAlpha(col, 0x90), vg.Points(1.2)
				p.Add(box)
				means = append(means, plotter.XY{X: x, Y: ms.get(row.Measures())})
			}
			if len(means) == 0 {
				continue
			}
			// Rows follow --moves, which need not be in order.
			slices.SortFunc(means, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
			line, points, err := plotter.NewLinePoints(means)
			if err != nil {
				return err
			}
			line.Color, line.Width = col, vg.Points(1.5)
			points.Color, points.Shape, points.Radius = col, draw.CircleGlyph{}, vg.Points(2.5)
			p.Add(line, points)
			p.Legend.Add(name, line, points)
		}
		if ms.title == "cross-entropy" && r.ref != nil {
			if err := r.addEntropyFloor(p, moves); err != nil {
				return err
			}
		}
		if ms.rising {
			// Accuracy climbs to the top right; the legend goes below.
			p.Legend.Top = false
			p.Y.Max = min(p.Y.Max, 100)
		} else {
			// Room above the boxes for the legend.
			p.Y.Max += 0.4 * (p.Y.Max - p.Y.Min)
		}
		plots = append(plots, p)
	}
	return writeFigure(f, plots, 2)
}

// addEntropyFloor draws the reference maps' own entropy by move number,
// dashed: the least cross-entropy an estimate can have against them.
func (r evalReport) addEntropyFloor(p *plot.Plot, moves []int) error {
	var xys plotter.XYs
	for _, m := range moves {
		k := slices.Index(r.cfg.Moves, m)
		if h := r.ref.entropy[k]; !math.IsNaN(h) {
			xys = append(xys, plotter.XY{X: float64(m), Y: h})
		}
	}
	if len(xys) == 0 {
		return nil
	}
	line, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	line.Color, line.Width, line.Dashes = color.Black, vg.Points(1), []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(line)
	p.Legend.Add("reference's entropy", line)
	return nil
}

// writeSurvivalPNG draws R(x) of every setting, one panel per move
// number, as Wolf 2010, Fig. 3.
func (r evalReport) writeSurvivalPNG(f *os.File) error {
	var plots []*plot.Plot
	for _, move := range r.cfg.Moves {
		p := newPlot(fmt.Sprintf("move %d: played move kept", move+1), "worst x% of the legal moves dropped", "R(x)")
		p.X.Min, p.X.Max = 0, eval.Bins-1
		p.Y.Min, p.Y.Max = 0, 1
		var ticks []plot.Tick
		for x := 0; x < eval.Bins; x += 10 {
			ticks = append(ticks, plot.Tick{Value: float64(x), Label: strconv.Itoa(x)})
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.Legend.Left = true
		p.Legend.Top = false
		for c, cand := range r.cfg.Candidates {
			name := cand.Name()
			for _, pr := range r.preds {
				if pr.Move != move || pr.Setting != name || pr.Positions == 0 {
					continue
				}
				surv := pr.Survival()
				xys := make(plotter.XYs, len(surv))
				for x, v := range surv {
					xys[x] = plotter.XY{X: float64(x), Y: v}
				}
				line, err := plotter.NewLine(xys)
				if err != nil {
					return err
				}
				line.Color, line.Width = plotutil.Color(c), vg.Points(1.5)
				p.Add(line)
				p.Legend.Add(fmt.Sprintf("%s (%d)", name, pr.Positions), line)
			}
		}
		plots = append(plots, p)
	}
	return writeFigure(f, plots, min(len(plots), 2))
}

// plainTicks are gonum's default ticks labelled without the trailing
// zeros it gives every label when one needs decimals ("225.00").
type plainTicks struct{}

// Ticks implements plot.Ticker.
func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for k, t := range ticks {
		if t.Label != "" {
			ticks[k].Label = strconv.FormatFloat(t.Value, 'g', 6, 64)
		}
	}
	return ticks
}

// newPlot returns a plot with a title, axis labels and a light grid.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, x, y
	p.X.Tick.Marker, p.Y.Tick.Marker = plainTicks{}, plainTicks{}
	p.Legend.Top = true
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = color.Gray{0xe0}, color.Gray{0xe0}
	p.Add(grid)
	return p
}

// withAlpha returns c with alpha a, premultiplied as color.NRGBA is not.
func withAlpha(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}

// writeFigure tiles plots in cols columns, each panel panelW × panelH
// pixels, and writes the figure as a PNG.
func writeFigure(w io.Writer, plots []*plot.Plot, cols int) error {
	if len(plots) == 0 {
		return fmt.Errorf("no plots to draw")
	}
	rows := (len(plots) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for k := range grid {
		grid[k] = make([]*plot.Plot, cols)
	}
	for k, p := range plots {
		grid[k/cols][k%cols] = p
	}
	px := func(n int) vg.Length { return vg.Length(n) * vg.Inch / dpi }
	img := vgimg.NewWith(vgimg.UseWH(px(cols*panelW), px(rows*panelH)), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(6), PadY: vg.Points(6), PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(8)}
	canvases := plot.Align(grid, tiles, dc)
	for k, p := range plots {
		p.Draw(canvases[k/cols][k%cols])
	}
	_, err := vgimg.PngCanvas{Canvas: img}.WriteTo(w)
	return err
}
