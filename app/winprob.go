package app

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"moyo/eval"
)

// reliabilityBins is the number of bins of eval's reliability diagrams.
const reliabilityBins = 10

// jsonWinProb is the calibration of one setting's P(Black wins) at one
// move number, in 'moyo eval --win-prob --format json'. Measures are null
// without positions.
type jsonWinProb struct {
	Setting   string `json:"setting"`
	Estimator string `json:"estimator"`
	Move      int    `json:"move"`
	Positions int    `json:"positions"`
	// Brier is the mean (P − won)²; Reliability, Resolution and
	// Uncertainty are its terms over the bins (eval.BrierParts).
	Brier       *float64 `json:"brier"`
	Reliability *float64 `json:"reliability"`
	Resolution  *float64 `json:"resolution"`
	Uncertainty *float64 `json:"uncertainty"`
	// MeanP is the mean forecast and BlackWon the share of Black's wins
	// (draws half).
	MeanP    *float64 `json:"mean_p"`
	BlackWon *float64 `json:"black_won"`
	// Bins are the reliability diagram's, of width 1/10.
	Bins []jsonReliabilityBin `json:"bins"`
}

type jsonReliabilityBin struct {
	Lo    float64  `json:"lo"`
	Hi    float64  `json:"hi"`
	N     int      `json:"n"`
	MeanP *float64 `json:"mean_p"`
	Freq  *float64 `json:"freq"`
}

// means returns the mean forecast and the mean outcome of fs.
func means(fs []eval.Forecast) (p, won float64) {
	if len(fs) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, f := range fs {
		p += f.P
		won += f.Outcome
	}
	return p / float64(len(fs)), won / float64(len(fs))
}

func jsonWinProbs(wps []eval.WinProb) []jsonWinProb {
	out := []jsonWinProb{}
	for _, w := range wps {
		parts := eval.Decompose(w.Forecasts, reliabilityBins)
		p, won := means(w.Forecasts)
		j := jsonWinProb{
			Setting: w.Setting, Estimator: w.Estimator, Move: w.Move, Positions: len(w.Forecasts),
			Brier: number(eval.Brier(w.Forecasts)), Reliability: number(parts.Reliability),
			Resolution: number(parts.Resolution), Uncertainty: number(parts.Uncertainty),
			MeanP: number(p), BlackWon: number(won), Bins: []jsonReliabilityBin{},
		}
		for _, b := range eval.Reliability(w.Forecasts, reliabilityBins) {
			j.Bins = append(j.Bins, jsonReliabilityBin{Lo: b.Lo, Hi: b.Hi, N: b.N, MeanP: number(b.MeanP), Freq: number(b.Freq)})
		}
		out = append(out, j)
	}
	return out
}

// writeWinProbText writes the calibration table of --win-prob.
func (r evalReport) writeWinProbText(b *strings.Builder, col int) {
	fmt.Fprintf(b, "\nP(Black wins) = P(area score > komi) from %d sweeps of Swendsen–Wang samples of each position (seed %d),\n"+
		"against who won: Brier score (0 best, 0.25 for always ½), its reliability term (0 when calibrated),\n"+
		"resolution and uncertainty over %d bins (Brier = rel − res + unc); mean forecast, Black's share of the wins\n\n",
		r.opts.winSweeps, r.opts.winSeed, reliabilityBins)
	if len(r.winProbs) == 0 {
		b.WriteString("no setting is a random field (bp, bpl): nothing to sample\n")
		return
	}
	fmt.Fprintf(b, "%-*s %5s %9s %6s %6s %6s %6s %6s %9s\n", col, "setting", "move", "positions", "Brier", "rel", "res", "unc", "mean P", "Black won")
	for _, w := range r.winProbs {
		if len(w.Forecasts) == 0 {
			fmt.Fprintf(b, "%-*s %5d %9d %6s %6s %6s %6s %6s %9s\n", col, w.Setting, w.Move, 0, "-", "-", "-", "-", "-", "-")
			continue
		}
		parts := eval.Decompose(w.Forecasts, reliabilityBins)
		p, won := means(w.Forecasts)
		fmt.Fprintf(b, "%-*s %5d %9d %6.3f %6.3f %6.3f %6.3f %6.3f %8.1f%%\n", col, w.Setting, w.Move, len(w.Forecasts),
			eval.Brier(w.Forecasts), parts.Reliability, parts.Resolution, parts.Uncertainty, p, 100*won)
	}
	var left []string
	for _, c := range r.cfg.Candidates {
		if !eval.IsRandomField(c) {
			left = append(left, c.Name())
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(b, "(not random fields, so not sampled: %s)\n", strings.Join(left, ", "))
	}
}

// writeWinProbCSV writes every forecast: one line per setting, move
// number and game.
func (r evalReport) writeWinProbCSV(f *os.File) error {
	var rows [][]string
	for _, w := range r.winProbs {
		for k, fc := range w.Forecasts {
			rows = append(rows, []string{w.Setting, w.Estimator, strconv.Itoa(w.Move), w.Files[k], csvNumber(fc.P), csvNumber(fc.Outcome)})
		}
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "file", "p_black_wins", "black_won"}, rows)
}

// writeReliabilityCSV writes the reliability diagrams in long form: one
// line per setting, move number and bin.
func (r evalReport) writeReliabilityCSV(f *os.File) error {
	var rows [][]string
	for _, w := range r.winProbs {
		for _, b := range eval.Reliability(w.Forecasts, reliabilityBins) {
			rows = append(rows, []string{w.Setting, w.Estimator, strconv.Itoa(w.Move), csvNumber(b.Lo), csvNumber(b.Hi), strconv.Itoa(b.N), csvNumber(b.MeanP), csvNumber(b.Freq)})
		}
	}
	return writeCSV(f, []string{"setting", "estimator", "move", "lo", "hi", "n", "mean_p", "freq"}, rows)
}

// winProbGroups returns the forecasts of move number move, settings whose
// forecasts are the same (those of one random field) grouped together, in
// the order of the settings.
func (r evalReport) winProbGroups(move int) [][]eval.WinProb {
	var groups [][]eval.WinProb
	for _, w := range r.winProbs {
		if w.Move != move {
			continue
		}
		k := slices.IndexFunc(groups, func(g []eval.WinProb) bool { return slices.Equal(g[0].Forecasts, w.Forecasts) })
		if k < 0 {
			groups = append(groups, nil)
			k = len(groups) - 1
		}
		groups[k] = append(groups[k], w)
	}
	return groups
}

// writeReliabilityPNG draws a reliability diagram per move number: for
// each random field (the settings that sample it named together), the observed share of Black's wins against the mean
// forecast of each bin, with dots sized by the bin's count, and the
// diagonal of calibrated forecasts.
func (r evalReport) writeReliabilityPNG(f *os.File) error {
	var plots []*plot.Plot
	for _, move := range r.cfg.Moves {
		p := newPlot(fmt.Sprintf("move %d: P(Black wins)", move), "forecast P(Black wins), mean of the bin", "share of games Black won")
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
		p.Legend.Left, p.Legend.Top = true, true
		diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
		if err != nil {
			return err
		}
		diag.Color, diag.Dashes = color.Gray{0x90}, []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(diag)
		for c, group := range r.winProbGroups(move) {
			fs := group[0].Forecasts
			if len(fs) == 0 {
				continue
			}
			var xys plotter.XYs
			var sizes []int
			for _, b := range eval.Reliability(fs, reliabilityBins) {
				if b.N > 0 {
					xys = append(xys, plotter.XY{X: b.MeanP, Y: b.Freq})
					sizes = append(sizes, b.N)
				}
			}
			col := plotutil.Color(c)
			line, err := plotter.NewLine(xys)
			if err != nil {
				return err
			}
			line.Color, line.Width = col, vg.Points(1.5)
			pts, err := plotter.NewScatter(xys)
			if err != nil {
				return err
			}
			// A dot's area grows with its bin's count.
			n := len(fs)
			pts.GlyphStyleFunc = func(i int) draw.GlyphStyle {
				return draw.GlyphStyle{Color: col, Shape: draw.CircleGlyph{}, Radius: vg.Points(1.5 + 6*math.Sqrt(float64(sizes[i])/float64(n)))}
			}
			p.Add(line, pts)
			var names []string
			for _, w := range group {
				names = append(names, w.Setting)
			}
			p.Legend.Add(fmt.Sprintf("%s (%d, Brier %.3f)", strings.Join(names, " = "), n, eval.Brier(fs)), line)
		}
		plots = append(plots, p)
	}
	return writeFigure(f, plots, min(len(plots), 2))
}
