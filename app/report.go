package app

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/game"
	"moyo/render"
)

// report is the outcome of one analysis, written as text, JSON or PNG.
type report struct {
	file   string // the record's file name, for the caption
	rec    *game.Record
	step   game.Step
	info   estimators.Info
	params estimators.Params
	res    estimators.Result
	// fixed is the fixed point nearest to res, for an iterative estimate
	// (estimators.Refine), or nil.
	fixed *estimators.FixedPoint
	// kata is KataGo's own judgement of the position, for the katago
	// estimator; nil for the others.
	kata *kataJudgement
}

// count is what the position counts as, set beside the estimate: the
// record's result at its last move ("result W+2.5"), "" elsewhere.
func (r report) count() string {
	if res := r.rec.ResultAt(r.stepIndex()); res != "" {
		return "result " + res
	}
	return ""
}

// stepIndex is the index of the step shown in the record's steps.
func (r report) stepIndex() int {
	for i, s := range r.rec.Steps {
		if s.Node == r.step.Node {
			return i
		}
	}
	return -1
}

// estimateLine names the board score as the estimate it is, with the
// count beside it where there is one.
func (r report) estimateLine() string {
	return estimators.EstimateLine(r.res.BoardScore(), r.komi(), r.info.SumName(), r.count())
}

// heading is the caption of the PNG: the game, the move, the estimator
// and its estimate, as the app's title and panels say them.
func (r report) heading(file string) render.Heading {
	h := render.Heading{
		Game:      r.rec.Info.Players(file),
		File:      file,
		Move:      fmt.Sprintf("move %d", r.step.Number),
		Estimator: r.info.Name,
		Estimate:  r.estimateLine(),
	}
	if k := r.kata; k != nil {
		// KataGo's own lead first: the sum of its ownership only
		// estimates it.
		h.Estimate, h.Note = k.last.Judgement(), h.Estimate
	}
	return h
}

// jsonReport is the JSON contract of 'moyo analyze --format json'; other
// tools read it, so its field names do not change.
type jsonReport struct {
	Size       int            `json:"size"`
	Move       int            `json:"move"`
	ToMove     string         `json:"to_move"`
	Komi       float64        `json:"komi"`
	Estimator  string         `json:"estimator"`
	Params     map[string]any `json:"params"`
	Values     [][]float64    `json:"values"`
	Iterations int            `json:"iterations"`
	Converged  bool           `json:"converged"`
	Residuals  []float64      `json:"residuals"`
	// Solver is the solver that produced the trace's end, and Fallback why
	// the chosen one gave way to it ("" when it did not).
	Solver   string `json:"solver,omitempty"`
	Fallback string `json:"fallback,omitempty"`
	// Cycle names the cycle the iteration fell into, when it did.
	Cycle      string     `json:"cycle,omitempty"`
	FixedPoint *jsonFixed `json:"fixed_point,omitempty"`
	// BoardScore is the sum of the values before komi, and Estimate the
	// result it estimates after komi, "W+15.2": an estimate, not a count
	// (the key was "result" before, which read as the game's).
	BoardScore float64 `json:"board_score"`
	Estimate   string  `json:"estimate"`
	// EstimateOf says what the board score sums: "sum of control", "sum
	// of KataGo's ownership".
	EstimateOf string `json:"estimate_of"`
	// RecordResult is the record's result, at its last move only: what
	// the game counted as, beside the estimate.
	RecordResult string `json:"record_result,omitempty"`
	// KataGo's own judgement, for the katago estimator: Black's score
	// lead at the record's komi and Black's chance to win, from its
	// search when it searched (Visits > 0), and its raw network's.
	ScoreLead        *float64 `json:"score_lead,omitempty"`
	Winrate          *float64 `json:"winrate,omitempty"`
	Visits           *int     `json:"visits,omitempty"`
	NetworkScoreLead *float64 `json:"network_score_lead,omitempty"`
	NetworkWinrate   *float64 `json:"network_winrate,omitempty"`
	ElapsedMS        float64  `json:"elapsed_ms"`
}

// jsonFixed is how far an iterative estimate is from its fixed point.
type jsonFixed struct {
	// Exact is true for an estimate with nothing to stop early (exact
	// marginals): its own fixed point.
	Exact bool `json:"exact"`
	// Found reports whether the fast solver reached a fixed point.
	Found bool `json:"found"`
	// BoardScore is the fixed point's; ScoreDelta its difference from
	// the estimate's, and MaxDelta the largest change of one value, at At.
	BoardScore float64 `json:"board_score"`
	ScoreDelta float64 `json:"score_delta"`
	MaxDelta   float64 `json:"max_delta"`
	At         string  `json:"at"`
	// Far is true when the stopping rule stopped far enough from the
	// fixed point to change what the user reads (estimators.FixedPoint.Far).
	Far bool `json:"far"`
	// Text says all this in words, as the app's convergence panel does
	// (estimators.FixedPoint.Line).
	Text string `json:"text"`
}

// paramMap lists the parameters the estimator has, under their flag names.
func paramMap(info estimators.Info, p estimators.Params) map[string]any {
	m := map[string]any{}
	for _, s := range info.Params {
		m[s.Name] = paramValue(info, p, s.Name)
	}
	return m
}

func (r report) komi() float64 { return r.rec.Info.Komi }

func (r report) writeJSON(w io.Writer) error {
	n := r.res.Size
	values := make([][]float64, n)
	for y := range values {
		values[y] = r.res.Values[y*n : (y+1)*n]
	}
	residuals := r.res.Trace
	if residuals == nil {
		residuals = []float64{}
	}
	score := r.res.BoardScore()
	var fixed *jsonFixed
	if f := r.fixed; f != nil && r.info.Iterative {
		text, _ := f.Line()
		fixed = &jsonFixed{Exact: f.Exact, Found: f.Found, BoardScore: f.Result.BoardScore(), ScoreDelta: f.ScoreDelta, MaxDelta: f.MaxDelta,
			At: r.step.Position.PointOf(f.MaxAt).Label(n), Far: f.Far(), Text: text}
	}
	out := jsonReport{
		Size:       n,
		Move:       r.step.Number,
		ToMove:     r.step.Position.ToMove().String(),
		Komi:       r.komi(),
		Estimator:  r.info.Name,
		Params:     paramMap(r.info, r.params),
		Values:     values,
		Iterations: r.res.Iterations,
		Converged:  r.res.Converged,
		Residuals:  residuals,
		Solver:     r.res.Solver,
		Fallback:   r.res.Fallback,
		Cycle:      r.cycleLine(),
		FixedPoint: fixed,
		BoardScore: score,
		Estimate:   estimators.FormatEstimate(score, r.komi()),
		EstimateOf: r.info.SumName(),
		ElapsedMS:  float64(r.res.Elapsed.Microseconds()) / 1000,
	}
	out.RecordResult = r.rec.ResultAt(r.stepIndex())
	if k := r.kata; k != nil {
		out.ScoreLead, out.Winrate, out.Visits = &k.last.ScoreLead, &k.last.Winrate, &k.last.Visits
		if k.raw != nil && k.last.Visits > 0 {
			out.NetworkScoreLead, out.NetworkWinrate = &k.raw.ScoreLead, &k.raw.Winrate
		}
	}
	return json.NewEncoder(w).Encode(out)
}

// writeText draws the board with a value per point, then the summary.
func (r report) writeText(w io.Writer) error {
	var b strings.Builder
	pos := r.step.Position
	n := pos.Size()
	var head strings.Builder
	head.WriteString("   ")
	for x := 0; x < n; x++ {
		fmt.Fprintf(&head, " %-6s", board.Point{X: x, Y: 0}.Label(n)[:1])
	}
	b.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	for y := 0; y < n; y++ {
		fmt.Fprintf(&b, "%3d", n-y)
		for x := 0; x < n; x++ {
			mark := '.'
			switch pos.At(board.Point{X: x, Y: y}) {
			case board.Black:
				mark = 'X'
			case board.White:
				mark = 'O'
			}
			v := r.res.At(x, y)
			if math.Abs(v) < 0.005 {
				v = 0 // print +0.00, not -0.00
			}
			fmt.Fprintf(&b, " %c%+.2f", mark, v)
		}
		fmt.Fprintf(&b, " %-3d\n", n-y)
	}
	r.writeSummary(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

func (r report) writeSummary(b *strings.Builder) {
	score := r.res.BoardScore()
	info := r.rec.Info
	fmt.Fprintf(b, "\ngame:       %s\n", info.Title())
	fmt.Fprintf(b, "move:       %d of %d, %s to move\n", r.step.Number, r.rec.Moves(), r.step.Position.ToMove().Name())
	fmt.Fprintf(b, "komi:       %g\n", r.komi())
	if line := paramLine(r.info, r.params); line != "" {
		fmt.Fprintf(b, "estimator:  %s (%s)\n", r.info.Name, line)
	} else {
		fmt.Fprintf(b, "estimator:  %s\n", r.info.Name) // an engine: no parameters of moyo's
	}
	status := "converged"
	if !r.res.Converged {
		status = "stopped at the cap"
	}
	if r.info.Iterative {
		last := math.NaN()
		if len(r.res.Trace) > 0 {
			last = r.res.Trace[len(r.res.Trace)-1]
		}
		fmt.Fprintf(b, "iterations: %d, %s, final residual %.3g\n", r.res.Iterations, status, last)
		if c := r.cycleLine(); c != "" {
			fmt.Fprintf(b, "cycle:      %s\n", c)
		}
		if r.res.Fallback != "" {
			fmt.Fprintf(b, "solver:     %s\n", r.res.Fallback)
		}
		if f := r.fixed; f != nil {
			line, _ := f.Line()
			fmt.Fprintf(b, "            %s\n", line)
		}
	}
	fmt.Fprintf(b, "board:      %+.2f (sum of all values, before komi)\n", score)
	if k := r.kata; k != nil {
		// KataGo's own lead is its answer; the sum of its ownership is
		// only an estimate of it.
		for i, line := range engines.Judgements(k.last, k.raw) {
			key := "katago:"
			if i > 0 {
				key = ""
			}
			fmt.Fprintf(b, "%-12s%s\n", key, line)
		}
	}
	fmt.Fprintf(b, "            %s\n", r.estimateLine())
	fmt.Fprintf(b, "elapsed:    %.3f ms\n", float64(r.res.Elapsed.Microseconds())/1000)
}

// cycleLine names the cycle the run fell into and what resolves it, as
// the app's convergence panel does; "" when it fell into none.
func (r report) cycleLine() string {
	c := r.res.Cycle
	if c == nil {
		return ""
	}
	line := c.Describe(r.res.Size)
	if advice := estimators.Advice(r.info, r.params, r.res); advice != "" {
		line += ": " + advice
	}
	return line
}

// writePNG draws the position with its overlay into a pixels×pixels image,
// with legend the key to its shades below, named after the estimator, and
// under all the caption: the game, the move, the estimator and its
// estimate.
func (r report) writePNG(w io.Writer, pixels int, opt render.Options, legend bool) error {
	if m := r.step.Move; m != nil && !m.Pass {
		pt := m.Point
		opt.LastMove = &pt
	}
	var legendTitle string
	if legend {
		legendTitle = r.info.Name
	}
	img, err := render.Picture(r.step.Position, r.res.Values, opt, pixels, legendTitle)
	if err != nil {
		return err
	}
	if img, err = render.Captioned(img, r.heading(r.file), opt); err != nil {
		return err
	}
	return render.EncodePNG(w, img)
}

// overlayStyle turns the --overlay flag into render options.
func overlayStyle(name string) (render.Options, error) {
	var opt render.Options
	switch name {
	case "shade":
		opt.Overlay = render.Shading
	case "squares":
		opt.Overlay = render.Squares
	case "numbers":
		opt.Overlay = render.Shading
		opt.Numbers = true
	case "none":
		opt.Overlay = render.NoOverlay
	default:
		return opt, fmt.Errorf("unknown overlay %q (valid: shade, squares, numbers, none)", name)
	}
	return opt, nil
}
