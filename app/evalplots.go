package app

import (
	"encoding/csv"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"moyo/eval"
	"moyo/plot"
)

// writePlots writes the tables and plots of an evaluation into dir, which
// it creates: measures.csv and measures.png (seed 003's Figure 4 and its
// companions), and with --predict prediction.csv, survival.csv and
// survival.png (seed 001's Figure 3). It returns the files written.
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
	if err := write("measures.csv", r.writeMeasuresCSV); err != nil {
		return written, err
	}
	if err := write("measures.png", r.writeMeasuresPNG); err != nil {
		return written, err
	}
	if len(r.preds) > 0 {
		for _, f := range []struct {
			name string
			fn   func(*os.File) error
		}{{"prediction.csv", r.writePredictionCSV}, {"survival.csv", r.writeSurvivalCSV}, {"survival.png", r.writeSurvivalPNG}} {
			if err := write(f.name, f.fn); err != nil {
				return written, err
			}
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

func (r evalReport) writeMeasuresCSV(f *os.File) error {
	var rows [][]string
	for _, row := range r.rows {
		m := row.Measures()
		rows = append(rows, []string{
			row.Estimator, strconv.Itoa(row.Move), strconv.Itoa(row.Positions), strconv.Itoa(row.Points), strconv.Itoa(row.Decided),
			csvNumber(m.CrossEntropy), csvNumber(m.Accuracy), csvNumber(m.MAE), csvNumber(m.ScoreError), csvNumber(m.ScoreBias),
		})
	}
	return writeCSV(f, []string{"estimator", "move", "positions", "points", "decided_points",
		"cross_entropy", "accuracy", "mae", "score_error", "score_bias"}, rows)
}

func (r evalReport) writePredictionCSV(f *os.File) error {
	var rows [][]string
	for _, p := range r.preds {
		mean := math.NaN()
		if p.Positions > 0 {
			mean = p.MeanPercentile()
		}
		rows = append(rows, []string{p.Estimator, strconv.Itoa(p.Move), strconv.Itoa(p.Positions), strconv.Itoa(p.Skipped), csvNumber(mean)})
	}
	return writeCSV(f, []string{"estimator", "move", "positions", "skipped", "mean_percentile"}, rows)
}

// writeSurvivalCSV writes the histogram and survival function in long
// form: one line per estimator, move and percentile bin.
func (r evalReport) writeSurvivalCSV(f *os.File) error {
	var rows [][]string
	for _, p := range r.preds {
		if p.Positions == 0 {
			continue
		}
		surv := p.Survival()
		for x := range eval.Bins {
			rows = append(rows, []string{p.Estimator, strconv.Itoa(p.Move), strconv.Itoa(x), strconv.Itoa(p.Histogram[x]), csvNumber(surv[x])})
		}
	}
	return writeCSV(f, []string{"estimator", "move", "x", "count", "survival"}, rows)
}

// writeMeasuresPNG draws each measure against the move number, one line
// per estimator: cross-entropy as in seed 003's Figure 4, then accuracy,
// mean absolute error and the board score's error.
func (r evalReport) writeMeasuresPNG(f *os.File) error {
	measures := []struct {
		title, unit string
		get         func(eval.Measures) float64
	}{
		{"cross-entropy", "nats per point", func(m eval.Measures) float64 { return m.CrossEntropy }},
		{"sign accuracy", "% of decided points", func(m eval.Measures) float64 { return 100 * m.Accuracy }},
		{"mean absolute error", "per point", func(m eval.Measures) float64 { return m.MAE }},
		{"board score error", "mean |score - final area|", func(m eval.Measures) float64 { return m.ScoreError }},
	}
	var charts []plot.Chart
	for _, ms := range measures {
		c := plot.Chart{Title: ms.title, XLabel: "move", YLabel: ms.unit, Markers: true}
		for _, cand := range r.cfg.Candidates {
			s := plot.Series{Name: cand.Estimator.Info().Name}
			for _, row := range r.rows {
				if row.Estimator == s.Name {
					s.X = append(s.X, float64(row.Move))
					s.Y = append(s.Y, ms.get(row.Measures()))
				}
			}
			c.Series = append(c.Series, s)
		}
		charts = append(charts, c)
	}
	img, err := plot.Image(charts, 2, 560, 420)
	if err != nil {
		return err
	}
	return png.Encode(f, img)
}

// writeSurvivalPNG draws R(x) of every estimator, one chart per move
// number, as seed 001's Figure 3.
func (r evalReport) writeSurvivalPNG(f *os.File) error {
	var charts []plot.Chart
	for _, move := range r.cfg.Moves {
		c := plot.Chart{
			Title: fmt.Sprintf("move %d: played move kept", move+1), XLabel: "worst x% of the legal moves dropped", YLabel: "R(x)",
			XMin: 0, XMax: eval.Bins - 1, YMin: 0, YMax: 1,
		}
		for _, p := range r.preds {
			if p.Move != move {
				continue
			}
			s := plot.Series{Name: fmt.Sprintf("%s (%d)", p.Estimator, p.Positions)}
			if p.Positions > 0 {
				surv := p.Survival()
				for x, v := range surv {
					s.X = append(s.X, float64(x))
					s.Y = append(s.Y, v)
				}
			}
			c.Series = append(c.Series, s)
		}
		charts = append(charts, c)
	}
	img, err := plot.Image(charts, min(len(charts), 2), 560, 420)
	if err != nil {
		return err
	}
	return png.Encode(f, img)
}
