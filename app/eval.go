package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"moyo/estimators"
	"moyo/eval"
	"moyo/ownership"
)

// evalOptions are the flags of 'moyo eval'.
type evalOptions struct {
	moves      string
	estimators string
	format     string
	out        string
	shard      string
	cache      string
	gnugo      string
	epsilon    float64
	predict    bool
	plots      string
	resume     string
}

// evalCommand is 'moyo eval': every estimator against the final ownership
// of counted games.
func evalCommand(env Env, args []string) int {
	var o evalOptions
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.StringVar(&o.moves, "moves", "20,80,150", "comma-separated move `numbers`: the positions after them are evaluated")
	fs.StringVar(&o.estimators, "estimators", strings.Join(estimators.Names(), ","), "comma-separated estimators to evaluate, with their default parameters")
	fs.StringVar(&o.format, "format", "text", "output: text|json")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.StringVar(&o.shard, "shard", "1/1", "evaluate part `i/n` of the sorted file list (i from 1)")
	fs.StringVar(&o.cache, "cache", "", "`DIR` of the final-ownership cache (default: moyo/ownership in the user cache directory)")
	fs.StringVar(&o.gnugo, "gnugo", "", "the GNU Go `program` that judges dead stones (default: gnugo on PATH, or /usr/games/gnugo)")
	fs.Float64Var(&o.epsilon, "epsilon", eval.DefaultEpsilon, "cross-entropy: probabilities are clamped to [ε, 1−ε]")
	fs.StringVar(&o.resume, "resume", "", "keep every finished piece of work in the journal `FILE` and take from it what an earlier, stopped run finished")
	fs.StringVar(&o.plots, "plots", "", "also write CSV tables and PNG plots into `DIR`")
	fs.BoolVar(&o.predict, "predict", false, "also rank the legal moves of each position and place the move played next (slower)")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo eval [flags] DIR|FILE...

Evaluate the estimators on counted games (a result such as RE[B+5.5]): for
the positions after each move number, compare every estimator with the
final ownership of the game, which GNU Go's judgement of the dead stones
gives (cached, so each game is judged once). Directories are searched for
.sgf files; the first game of each file is used. Games whose final count
does not match their result are left out and listed.

Per estimator and move: cross-entropy of P(Black) = (1+v)/2 against the
final ownership (nats per point, seed 003 Fig. 4), sign accuracy on the
points that end as one side's, mean absolute error, and the mean error of
the board score against the final area.

With --predict, also the prediction of the move played next (seed 001
§V.B): every legal move is played and the position judged by the
estimator (as 'moyo rank' does); the played move's percentile among them
(100 the best, 0 the worst, ties halved), its mean, and the survival
function R(x), the share of positions whose played move survives when the
worst x% of the moves are dropped.

With --resume FILE, every estimate and ranking is written to FILE as it
is finished; a run stopped part way and started again with the same FILE
takes those from it and gives the same result. (GNU Go's judgements are
cached anyway.)

With --plots DIR, also measures.csv, positions.csv (each position's
measures) and measures.png (each measure against the move number, with
the spread over positions as boxes), and with --predict prediction.csv,
survival.csv and survival.png (R(x) per move number). The plots are
drawn with gonum.org/v1/plot.
Flags:
`)
		fs.PrintDefaults()
	}
	paths, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "moyo eval: %s\n", fmt.Sprintf(format, a...))
		fs.Usage()
		return 2
	}
	if len(paths) == 0 {
		return usageError("want a DIR or FILEs")
	}
	cfg, err := o.config()
	if err != nil {
		return usageError("%v", err)
	}
	shard, shards, err := parseShard(o.shard)
	if err != nil {
		return usageError("%v", err)
	}
	if o.format != "text" && o.format != "json" {
		return usageError("unknown format %q (valid: text, json)", o.format)
	}
	if err := runEval(env, o, cfg, paths, shard, shards); err != nil {
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted")
		}
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	return 0
}

// config turns the flags into an evaluation's configuration.
func (o evalOptions) config() (eval.Config, error) {
	cfg := eval.Config{Epsilon: o.epsilon}
	if !(o.epsilon > 0 && o.epsilon < 0.5) {
		return cfg, fmt.Errorf("--epsilon %v is outside (0, 0.5)", o.epsilon)
	}
	var err error
	if cfg.Moves, err = parseMoves(o.moves); err != nil {
		return cfg, err
	}
	for _, name := range strings.Split(o.estimators, ",") {
		e, err := estimators.ByName(strings.TrimSpace(name))
		if err != nil {
			return cfg, fmt.Errorf("--estimators: %w", err)
		}
		for _, c := range cfg.Candidates {
			if c.Estimator.Info().Name == e.Info().Name {
				return cfg, fmt.Errorf("--estimators: %s twice", name)
			}
		}
		cfg.Candidates = append(cfg.Candidates, eval.Candidate{Estimator: e, Params: e.Info().Defaults})
	}
	return cfg, nil
}

// parseMoves reads the comma-separated move numbers of --moves.
func parseMoves(s string) ([]int, error) {
	var moves []int
	for _, f := range strings.Split(s, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || m < 0 {
			return nil, fmt.Errorf("--moves: %q is not a move number", f)
		}
		if slices.Contains(moves, m) {
			return nil, fmt.Errorf("--moves: %d twice", m)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// parseShard reads "i/n" with 1 ≤ i ≤ n.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("--shard %q is not i/n with 1 ≤ i ≤ n", s)
	}
	return i, n, nil
}

// sgfFiles lists the files of paths, searching directories for .sgf files
// (any case), sorted and without repeats.
func sgfFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}

// shardOf returns part i of n of files: contiguous, the parts differing in
// length by at most one.
func shardOf(files []string, i, n int) []string {
	return files[(i-1)*len(files)/n : i*len(files)/n]
}

// runEval collects the games, evaluates them and writes the report.
func runEval(env Env, o evalOptions, cfg eval.Config, paths []string, shard, shards int) error {
	// An interrupted run stops its GNU Go processes rather than leaving
	// them to finish their judgements; with --resume it goes on later.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c, err := collectGames(ctx, env, paths, shard, shards, o.cache, o.gnugo)
	if err != nil {
		return err
	}
	if o.resume != "" {
		j, err := eval.OpenJournal(o.resume)
		if err != nil {
			return err
		}
		defer j.Close()
		if n := j.Len(); n > 0 {
			fmt.Fprintf(env.Stderr, "moyo: %s holds %d finished pieces; they are not computed again\n", o.resume, n)
		}
		cfg.Journal = j
	}
	bar := newProgress(env, "estimating")
	cfg.Progress = bar.update
	rows, err := eval.Run(ctx, c.Games, cfg)
	bar.clear()
	if err != nil {
		return err
	}
	rep := evalReport{opts: o, cfg: cfg, coll: c, rows: rows, shard: shard, shards: shards}
	if o.predict {
		bar = newProgress(env, "ranking moves")
		cfg.Progress = bar.update
		rep.preds, err = eval.Predict(ctx, c.Games, cfg)
		bar.clear()
		if err != nil {
			return err
		}
	}
	if o.plots != "" {
		files, err := rep.writePlots(o.plots)
		if err != nil {
			return err
		}
		for _, f := range files {
			fmt.Fprintf(env.Stderr, "moyo: wrote %s\n", f)
		}
	}
	w := env.Stdout
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if o.format == "json" {
		err = rep.writeJSON(w)
	} else {
		err = rep.writeText(w)
	}
	if err != nil {
		return fmt.Errorf("writing %s output: %w", o.format, err)
	}
	if f, ok := w.(*os.File); ok && o.out != "" {
		return f.Close()
	}
	return nil
}

// collectGames lists the .sgf files of paths, takes shard of shards of
// them, and collects their counted games with the ownership cache in cache
// ("" for the default) and the GNU Go program gnugo ("" to find it),
// showing a progress bar on a terminal.
func collectGames(ctx context.Context, env Env, paths []string, shard, shards int, cache, gnugo string) (*eval.Collection, error) {
	files, err := sgfFiles(paths)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .sgf files in %s", strings.Join(paths, ", "))
	}
	files = shardOf(files, shard, shards)
	if cache == "" {
		if cache, err = ownership.DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	bar := newProgress(env, "judging games")
	c, err := eval.Collect(ctx, files, eval.CollectOptions{GnuGo: gnugo, Cache: cache, Progress: bar.update})
	bar.clear()
	if err != nil {
		return nil, err
	}
	// Without GNU Go every counted game not in the cache fails alike:
	// say so once.
	for _, p := range c.Errors {
		if errors.Is(p.Err, ownership.ErrNoEngine) {
			return nil, p.Err
		}
	}
	return c, nil
}

// evalReport is the outcome of 'moyo eval'.
type evalReport struct {
	opts          evalOptions
	cfg           eval.Config
	coll          *eval.Collection
	rows          []eval.Row
	preds         []eval.Prediction // with --predict
	shard, shards int
}

// jsonEval is the JSON contract of 'moyo eval --format json'; other tools
// read it, so its field names do not change. Measures are null for a row
// without positions.
type jsonEval struct {
	Files      int             `json:"files"`
	Games      int             `json:"games"`
	NotCounted int             `json:"not_counted"`
	Shard      string          `json:"shard"`
	Epsilon    float64         `json:"epsilon"`
	Moves      []int           `json:"moves"`
	Estimators []jsonEstimator `json:"estimators"`
	Rows       []jsonEvalRow   `json:"rows"`
	// Prediction is there with --predict.
	Prediction    []jsonPrediction  `json:"prediction,omitempty"`
	Disagreements []jsonEvalProblem `json:"disagreements"`
	Errors        []jsonEvalProblem `json:"errors"`
}

type jsonEstimator struct {
	Name   string         `json:"name"`
	Params map[string]any `json:"params"`
}

type jsonEvalRow struct {
	Estimator string `json:"estimator"`
	Move      int    `json:"move"`
	Positions int    `json:"positions"`
	Points    int    `json:"points"`
	// DecidedPoints are the points that end as one side's, over which
	// accuracy is taken.
	DecidedPoints int      `json:"decided_points"`
	CrossEntropy  *float64 `json:"cross_entropy"`
	Accuracy      *float64 `json:"accuracy"`
	MAE           *float64 `json:"mae"`
	ScoreError    *float64 `json:"score_error"`
	ScoreBias     *float64 `json:"score_bias"`
}

type jsonPrediction struct {
	Estimator string `json:"estimator"`
	// Move is the move number of the positions; the move predicted is
	// the next.
	Move      int `json:"move"`
	Positions int `json:"positions"`
	Skipped   int `json:"skipped"`
	// MeanPercentile is the mean percentile of the played moves among
	// the legal moves (100 best, 0 worst); null without positions.
	MeanPercentile *float64 `json:"mean_percentile"`
	// Histogram[x] counts the positions whose played move has a
	// percentile in [x, x+1) (99 also holds 100), and Survival[x] = R(x)
	// is the share in x…99; empty without positions.
	Histogram []int     `json:"histogram"`
	Survival  []float64 `json:"survival"`
}

type jsonEvalProblem struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// number is v, or nil for NaN, which JSON cannot hold.
func number(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	return &v
}

func problems(ps []eval.Problem) []jsonEvalProblem {
	out := []jsonEvalProblem{}
	for _, p := range ps {
		out = append(out, jsonEvalProblem{File: p.File, Error: p.Err.Error()})
	}
	return out
}

func (r evalReport) writeJSON(w io.Writer) error {
	out := jsonEval{
		Files:         r.coll.Files,
		Games:         len(r.coll.Games),
		NotCounted:    r.coll.NotCounted,
		Shard:         fmt.Sprintf("%d/%d", r.shard, r.shards),
		Epsilon:       r.opts.epsilon,
		Moves:         r.cfg.Moves,
		Rows:          []jsonEvalRow{},
		Disagreements: problems(r.coll.Disagreements),
		Errors:        problems(r.coll.Errors),
	}
	for _, c := range r.cfg.Candidates {
		out.Estimators = append(out.Estimators, jsonEstimator{Name: c.Estimator.Info().Name, Params: paramMap(c.Estimator.Info(), c.Params)})
	}
	for _, row := range r.rows {
		m := row.Measures()
		out.Rows = append(out.Rows, jsonEvalRow{
			Estimator: row.Estimator, Move: row.Move,
			Positions: row.Positions, Points: row.Points, DecidedPoints: row.Decided,
			CrossEntropy: number(m.CrossEntropy), Accuracy: number(m.Accuracy), MAE: number(m.MAE),
			ScoreError: number(m.ScoreError), ScoreBias: number(m.ScoreBias),
		})
	}
	for _, p := range r.preds {
		jp := jsonPrediction{Estimator: p.Estimator, Move: p.Move, Positions: p.Positions, Skipped: p.Skipped,
			Histogram: []int{}, Survival: []float64{}}
		if p.Positions > 0 {
			jp.MeanPercentile = number(p.MeanPercentile())
			surv := p.Survival()
			jp.Histogram, jp.Survival = p.Histogram[:], surv[:]
		}
		out.Prediction = append(out.Prediction, jp)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func (r evalReport) writeText(w io.Writer) error {
	var b strings.Builder
	c := r.coll
	fmt.Fprintf(&b, "%d counted games of %d files", len(c.Games), c.Files)
	if r.shards > 1 {
		fmt.Fprintf(&b, " (shard %d/%d)", r.shard, r.shards)
	}
	fmt.Fprintf(&b, ": %d not counted, %d disagreeing, %d errors; cross-entropy in nats per point, ε = %g\n\n",
		c.NotCounted, len(c.Disagreements), len(c.Errors), r.opts.epsilon)
	fmt.Fprintf(&b, "%-10s %5s %9s %13s %8s %6s %11s %10s\n",
		"estimator", "move", "positions", "cross-entropy", "accuracy", "MAE", "score error", "score bias")
	num := func(v float64, format string) string {
		if math.IsNaN(v) {
			return "-"
		}
		return fmt.Sprintf(format, v)
	}
	for _, row := range r.rows {
		m := row.Measures()
		fmt.Fprintf(&b, "%-10s %5d %9d %13s %8s %6s %11s %10s\n",
			row.Estimator, row.Move, row.Positions,
			num(m.CrossEntropy, "%.3f"), num(100*m.Accuracy, "%.1f%%"), num(m.MAE, "%.3f"),
			num(m.ScoreError, "%.1f"), num(m.ScoreBias, "%+.1f"))
	}
	if len(r.preds) > 0 {
		fmt.Fprintf(&b, "\nmove prediction: the percentile of the move played next among the legal moves ranked\nby the estimate after each (100 best); R(x), the share kept when the worst x%% are dropped\n\n")
		fmt.Fprintf(&b, "%-10s %5s %9s %8s %6s %6s %6s %6s\n", "estimator", "move", "positions", "mean pct", "R(50)", "R(85)", "R(95)", "R(99)")
		for _, p := range r.preds {
			if p.Positions == 0 {
				fmt.Fprintf(&b, "%-10s %5d %9d %8s %6s %6s %6s %6s\n", p.Estimator, p.Move, 0, "-", "-", "-", "-", "-")
				continue
			}
			surv := p.Survival()
			fmt.Fprintf(&b, "%-10s %5d %9d %8.1f %5.0f%% %5.0f%% %5.0f%% %5.0f%%\n", p.Estimator, p.Move, p.Positions,
				p.MeanPercentile(), 100*surv[50], 100*surv[85], 100*surv[95], 100*surv[99])
		}
	}
	for _, list := range []struct {
		title string
		ps    []eval.Problem
	}{{"left out, the count does not match the result", c.Disagreements}, {"left out, errors", c.Errors}} {
		if len(list.ps) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s:\n", list.title)
		for _, p := range list.ps {
			fmt.Fprintf(&b, "  %s: %v\n", p.File, p.Err)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
