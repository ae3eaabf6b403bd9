package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"moyo/assets"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/eval"
	"moyo/movemodel"
	"moyo/ownership"
	"moyo/preset"
	"moyo/scoredist"
)

// evalOptions are the flags of 'moyo eval'.
type evalOptions struct {
	gameFlags
	// ref is what the estimates are measured against (reference.go).
	ref        refFlags
	estimators string
	out        string
	predict    bool
	plots      string
	resume     string
	// winProb, winSweeps and winSeed: P(Black wins) of the random fields
	// and its calibration (winprob.go).
	winProb   bool
	winSweeps int
	winSeed   uint64
	// heldOut, when above 0, keeps only the games 'moyo fit --holdout
	// heldOut' holds out, to measure a fitted preset on games it was not
	// fitted to.
	heldOut float64
}

// evalCommand is 'moyo eval': every estimator against the final ownership
// of counted games.
func evalCommand(env Env, args []string) int {
	var o evalOptions
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	o.register(fs, "comma-separated move `numbers`: the positions after them are evaluated", "evaluate")
	o.ref.register(fs, "reference")
	fs.StringVar(&o.estimators, "estimators", strings.Join(catalog.Names(), ","), "the `settings` to evaluate: estimators, each with its defaults or name:param=value[,param=value…] (see above), or a FILE.json of them")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.StringVar(&o.resume, "resume", "", "keep every finished piece of work in the journal `FILE` and take from it what an earlier, stopped run finished")
	fs.StringVar(&o.plots, "plots", "", "also write CSV tables and PNG plots into `DIR`")
	fs.BoolVar(&o.predict, "predict", false, "also rank the legal moves of each position and place the move played next (slower)")
	fs.BoolVar(&o.winProb, "win-prob", false, "also forecast who wins from each position by sampling the random fields (bp, bpl), and measure the calibration")
	fs.IntVar(&o.winSweeps, "win-sweeps", 1000, "--win-prob: Swendsen–Wang `sweeps` of each of the sampler's two chains per position")
	fs.Uint64Var(&o.winSeed, "win-seed", 1, "--win-prob: the sampler's `seed`")
	fs.Float64Var(&o.heldOut, "held-out", 0, "use only the games 'moyo fit --holdout `share`' holds out (0: every game)")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo eval [flags] DIR|FILE...

Measure estimators on counted games (a result such as RE[B+5.5]): at the
positions after each of --moves, compare every setting with the game's
final ownership, which GNU Go's judgement of the dead stones gives (once a
game, cached). Directories are searched for .sgf files; the first game of
each file is used; games whose count does not match their result are left
out and listed. Per setting and move: the cross-entropy of P(Black) =
(1+v)/2 against the final ownership (nats per point, Stern et al. 2004,
Fig. 4), the sign accuracy, the mean absolute error, and the board score's
mean error against the final area.

--estimators lists the settings: an estimator at its defaults
("symmetric"), or with parameters after a colon, more after commas; a part
with a colon or without "=" starts the next setting, so
  --estimators 'bp:inference=bp,bp:inference=sw,samples=2000,symmetric'
is three. A first parameter preset=NAME starts from a preset instead of
the defaults. A value ending in .json names a file of settings:
  [{"label": "B5 SW", "estimator": "bp", "params": {"inference": "sw"}}, …]

--predict also places the move played next among every legal move, ranked
as 'moyo rank' does (Wolf 2010, §V.B); --win-prob forecasts who wins by
sampling the random fields (Stern et al. 2004, §2) and measures the
calibration; --reference katago or gnugo-engine measures against an
engine's ownership instead, on every game that replays, as soft targets.
docs/evaluation.md explains the measures and the flags, with figures.

Flags:
`)
		fs.PrintDefaults()
	}
	paths, status, ok := parsePaths(env, fs, args)
	if !ok {
		return status
	}
	moves, shard, shards, err := o.check()
	if err != nil {
		return badUsage(env, fs, "%v", err)
	}
	cfg, err := o.config(moves)
	if err != nil {
		return badUsage(env, fs, "%v", err)
	}
	if o.winSweeps < scoredist.DefaultBlocks {
		return badUsage(env, fs, "--win-sweeps %d is fewer than %d", o.winSweeps, scoredist.DefaultBlocks)
	}
	if err := o.ref.check(); err != nil {
		return badUsage(env, fs, "%v", err)
	}
	if o.heldOut < 0 || o.heldOut >= 1 {
		return badUsage(env, fs, "--held-out %g is not a share in [0, 1)", o.heldOut)
	}
	if o.winProb && !o.ref.final() {
		return badUsage(env, fs, "--win-prob forecasts who wins a counted game: it needs --reference final")
	}
	src, err := o.ref.source(o.gnugo)
	if err != nil {
		return exitStatus(env, err)
	}
	o.unjudged = src != nil
	return exitStatus(env, o.withGames(env, paths, shard, shards, func(ctx context.Context, c *eval.Collection) error {
		if o.heldOut > 0 {
			_, c.Games = splitHoldout(c.Games, o.heldOut)
		}
		var ref *refReport
		if src != nil {
			if ref, err = attachReferences(ctx, env, src, c, moves); err != nil {
				return err
			}
		}
		return runEval(ctx, env, o, cfg, c, ref, shard, shards)
	}))
}

// config turns the flags, checked by check, and the move numbers of
// --moves into an evaluation's configuration.
func (o evalOptions) config(moves []int) (eval.Config, error) {
	cfg := eval.Config{Epsilon: o.epsilon, Moves: moves}
	cands, err := parseSettings(o.estimators, catalog.All())
	if err != nil {
		return cfg, fmt.Errorf("--estimators: %w", err)
	}
	cfg.Candidates = cands
	return cfg, nil
}

// parseSettings reads the settings of --estimators: a list as
// eval.ParseSettings reads it, or a file of them when text ends in .json.
// A setting's preset is one saved by 'moyo fit --save' or, failing that,
// one moyo ships.
func parseSettings(text string, ests []estimators.Estimator) ([]eval.Candidate, error) {
	presets := func(e estimators.Estimator, name string) (estimators.Params, error) {
		return findPreset(e, name, ests)
	}
	if strings.HasSuffix(strings.TrimSpace(text), ".json") {
		data, err := os.ReadFile(strings.TrimSpace(text))
		if err != nil {
			return nil, err
		}
		cands, err := eval.ReadSettings(data, ests, presets)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", text, err)
		}
		return cands, nil
	}
	return eval.ParseSettings(text, ests, presets)
}

// findPreset returns the parameters of e's preset called name: the one
// saved in preset.Dir if it is e's, else the one moyo ships.
func findPreset(e estimators.Estimator, name string, ests []estimators.Estimator) (estimators.Params, error) {
	if dir, err := preset.Dir(); err == nil {
		if p, err := preset.Load(dir, name, ests); err == nil && p.Estimator == e.Info().Name {
			return p.Params, nil
		}
	}
	shipped, err := fs.Sub(assets.Presets(), e.Info().Name)
	if err == nil {
		var p preset.Preset
		if p, err = preset.LoadFS(shipped, name, ests); err == nil {
			return p.Params, nil
		}
	}
	return estimators.Params{}, fmt.Errorf("%s has no preset %q, saved or shipped", e.Info().Name, name)
}

// runEval evaluates the games of c, shard of shards of the files, and
// writes the report.
func runEval(ctx context.Context, env Env, o evalOptions, cfg eval.Config, c *eval.Collection, ref *refReport, shard, shards int) error {
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
	rep := evalReport{opts: o, cfg: cfg, coll: c, ref: ref, rows: rows, shard: shard, shards: shards}
	if o.predict {
		bar = newProgress(env, "ranking moves")
		cfg.Progress = bar.update
		rep.preds, err = eval.Predict(ctx, c.Games, cfg)
		bar.clear()
		if err != nil {
			return err
		}
		rep.models = fitMoveModels(cfg.Candidates, rep.preds)
	}
	if o.winProb {
		bar = newProgress(env, "sampling")
		cfg.Progress = bar.update
		rep.winProbs, err = eval.WinProbs(ctx, c.Games, cfg, eval.WinProbOptions{Sweeps: o.winSweeps, Seed: o.winSeed})
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
	if err := o.write(w, rep); err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok && o.out != "" {
		return f.Close()
	}
	return nil
}

// evalReport is the outcome of 'moyo eval'.
type evalReport struct {
	opts evalOptions
	cfg  eval.Config
	coll *eval.Collection
	// ref is the reference measured against; nil for the final ownership.
	ref   *refReport
	rows  []eval.Row
	preds []eval.Prediction // with --predict
	// winProbs are the forecasts of --win-prob.
	winProbs []eval.WinProb
	// models are the move models fitted to preds, by setting.
	models        map[string]moveModel
	shard, shards int
}

// moveModel is the move model of one setting, or why it has none.
type moveModel struct {
	fit movemodel.Fit
	err error
}

// fitMoveModels fits the move model of every setting to its predictions.
func fitMoveModels(cands []eval.Candidate, preds []eval.Prediction) map[string]moveModel {
	models := map[string]moveModel{}
	for _, c := range cands {
		f, err := eval.FitMoveModel(preds, c.Name())
		models[c.Name()] = moveModel{fit: f, err: err}
	}
	return models
}

// jsonEval is the JSON contract of 'moyo eval --format json'; other tools
// read it, so its field names do not change. Measures are null for a row
// without positions.
type jsonEval struct {
	Files      int `json:"files"`
	Games      int `json:"games"`
	NotCounted int `json:"not_counted"`
	// ByTerritory and KomiGuessed count the games that agree with their
	// result only by territory, and only with a komi the record does not
	// give (ownership.Agreement).
	ByTerritory int             `json:"by_territory"`
	KomiGuessed int             `json:"komi_guessed"`
	Shard       string          `json:"shard"`
	Epsilon     float64         `json:"epsilon"`
	Moves       []int           `json:"moves"`
	Estimators  []jsonEstimator `json:"estimators"`
	Rows        []jsonEvalRow   `json:"rows"`
	// Prediction and MoveModel are there with --predict.
	Prediction []jsonPrediction `json:"prediction,omitempty"`
	MoveModel  []jsonMoveModel  `json:"move_model,omitempty"`
	// WinProb is there with --win-prob: one entry per random field
	// among the settings and move number.
	WinProb []jsonWinProb `json:"win_prob,omitempty"`
	// Reference is there when the estimates are measured against an
	// engine's maps (--reference katago|gnugo-engine) rather than the
	// final ownership; Games then counts every game used, counted or not.
	Reference     *jsonReference    `json:"reference,omitempty"`
	Disagreements []jsonEvalProblem `json:"disagreements"`
	Errors        []jsonEvalProblem `json:"errors"`
}

// jsonReference is the reference of 'moyo eval --reference'.
type jsonReference struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Visits are KataGo's; 0 is the raw network.
	Visits int `json:"visits"`
	// Positions counts the positions with a map.
	Positions int `json:"positions"`
	// Entropy is the reference maps' own entropy per point at each move
	// number, the least cross-entropy an estimate can have there; null
	// without positions.
	Entropy []jsonEntropy `json:"entropy"`
}

type jsonEntropy struct {
	Move    int      `json:"move"`
	Entropy *float64 `json:"entropy"`
}

// jsonEstimator is one setting evaluated.
type jsonEstimator struct {
	// Setting is the label of rows and predictions, Name the estimator's.
	Setting string         `json:"setting"`
	Name    string         `json:"name"`
	Params  map[string]any `json:"params"`
}

type jsonEvalRow struct {
	Setting   string `json:"setting"`
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
	Setting   string `json:"setting"`
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
	// LogLikelihood is the mean ln P(played move) of the move model at
	// the setting's fitted β (MoveModel), and Uniform the mean ln 1/n of
	// choosing uniformly among the n legal moves, in nats per move; null
	// without positions or without a fit.
	LogLikelihood *float64 `json:"log_likelihood"`
	Uniform       *float64 `json:"uniform_log_likelihood"`
}

// jsonMoveModel is the move model fitted to one setting's played moves,
// all move numbers pooled.
type jsonMoveModel struct {
	Setting string   `json:"setting"`
	Beta    *float64 `json:"beta"`
	StdErr  *float64 `json:"beta_std_err"`
	// Positions counts the choices fitted to; LogLikelihood and Uniform
	// are their means, as in jsonPrediction.
	Positions     int      `json:"positions"`
	LogLikelihood *float64 `json:"log_likelihood"`
	Uniform       *float64 `json:"uniform_log_likelihood"`
	// Error says why there is no fit (no positions, or the played move
	// always the best).
	Error string `json:"error,omitempty"`
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
	byTerritory, komiGuessed := r.agreements()
	out := jsonEval{
		Files:         r.coll.Files,
		Games:         len(r.coll.Games),
		NotCounted:    r.coll.NotCounted,
		ByTerritory:   byTerritory,
		KomiGuessed:   komiGuessed,
		Shard:         fmt.Sprintf("%d/%d", r.shard, r.shards),
		Epsilon:       r.opts.epsilon,
		Moves:         r.cfg.Moves,
		Rows:          []jsonEvalRow{},
		Disagreements: problems(r.coll.Disagreements),
		Errors:        problems(r.coll.Errors),
	}
	for _, c := range r.cfg.Candidates {
		out.Estimators = append(out.Estimators, jsonEstimator{Setting: c.Name(), Name: c.Estimator.Info().Name, Params: paramMap(c.Estimator.Info(), c.Params)})
	}
	for _, row := range r.rows {
		m := row.Measures()
		out.Rows = append(out.Rows, jsonEvalRow{
			Setting: row.Setting, Estimator: row.Estimator, Move: row.Move,
			Positions: row.Positions, Points: row.Points, DecidedPoints: row.Decided,
			CrossEntropy: number(m.CrossEntropy), Accuracy: number(m.Accuracy), MAE: number(m.MAE),
			ScoreError: number(m.ScoreError), ScoreBias: number(m.ScoreBias),
		})
	}
	for _, p := range r.preds {
		jp := jsonPrediction{Setting: p.Setting, Estimator: p.Estimator, Move: p.Move, Positions: p.Positions, Skipped: p.Skipped,
			Histogram: []int{}, Survival: []float64{}}
		if p.Positions > 0 {
			jp.MeanPercentile = number(p.MeanPercentile())
			surv := p.Survival()
			jp.Histogram, jp.Survival = p.Histogram[:], surv[:]
		}
		if m, ok := r.models[p.Setting]; ok && m.err == nil {
			ll, uni := p.LogLikelihood(m.fit.Beta)
			jp.LogLikelihood, jp.Uniform = number(ll), number(uni)
		}
		out.Prediction = append(out.Prediction, jp)
	}
	if len(r.preds) > 0 {
		for _, c := range r.cfg.Candidates {
			m := r.models[c.Name()]
			jm := jsonMoveModel{Setting: c.Name(), Positions: m.fit.Choices}
			if m.err != nil {
				jm.Error = m.err.Error()
			} else {
				jm.Beta, jm.StdErr = number(m.fit.Beta), number(m.fit.StdErr)
				jm.LogLikelihood, jm.Uniform = number(m.fit.PerMove()), number(m.fit.UniformPerMove())
			}
			out.MoveModel = append(out.MoveModel, jm)
		}
	}
	if r.opts.winProb {
		out.WinProb = jsonWinProbs(r.winProbs)
	}
	if r.ref != nil {
		out.Reference = &jsonReference{Name: r.ref.name, Description: r.ref.description, Visits: r.ref.visits,
			Positions: r.ref.positions, Entropy: []jsonEntropy{}}
		for k, m := range r.cfg.Moves {
			out.Reference.Entropy = append(out.Reference.Entropy, jsonEntropy{Move: m, Entropy: number(r.ref.entropy[k])})
		}
	}
	return writeJSON(w, out)
}

// agreements counts the games that agree with their result only by
// territory, and those that agree only with a komi their record lacks.
func (r evalReport) agreements() (byTerritory, komiGuessed int) {
	for _, g := range r.coll.Games {
		if g.Agreement.ByTerritory {
			byTerritory++
		}
		if g.Agreement.KomiGuessed {
			komiGuessed++
		}
	}
	return byTerritory, komiGuessed
}

// komiList writes komi as "6.5 or 7.5".
func komiList(komi []float64) string {
	var s []string
	for _, k := range komi {
		s = append(s, strconv.FormatFloat(k, 'f', -1, 64))
	}
	return strings.Join(s, " or ")
}

func (r evalReport) writeText(w io.Writer) error {
	var b strings.Builder
	c := r.coll
	if r.ref != nil {
		fmt.Fprintf(&b, "%d games of %d files", len(c.Games), c.Files)
	} else {
		fmt.Fprintf(&b, "%d counted games of %d files", len(c.Games), c.Files)
	}
	if r.shards > 1 {
		fmt.Fprintf(&b, " (shard %d/%d)", r.shard, r.shards)
	}
	if r.opts.heldOut > 0 {
		fmt.Fprintf(&b, " (those 'moyo fit --holdout %g' holds out)", r.opts.heldOut)
	}
	if r.ref != nil {
		fmt.Fprintf(&b, ", every one that replays, counted or not (a reference needs no count); %d errors\n"+
			"measured against %s on %d positions: cross-entropy in nats per point against P(Black) = (1+r)/2, ε = %g;\n"+
			"accuracy on the points the reference is sure of (|r| ≥ %g); score error against Σr\n"+
			"the reference's own entropy, the least cross-entropy: %s\n",
			len(c.Errors), r.ref.description, r.ref.positions, r.opts.epsilon, eval.DecidedAt, r.ref.entropyText(r.cfg.Moves))
	} else {
		fmt.Fprintf(&b, ": %d not counted, %d disagreeing, %d errors; cross-entropy in nats per point, ε = %g\n",
			c.NotCounted, len(c.Disagreements), len(c.Errors), r.opts.epsilon)
	}
	if byTerritory, komiGuessed := r.agreements(); byTerritory+komiGuessed > 0 {
		fmt.Fprintf(&b, "of the games, %d count to their result by territory only and %d give no komi and count with %s\n",
			byTerritory, komiGuessed, komiList(ownership.UsualKomi()))
	}
	b.WriteString("\n")
	// The settings' column is as wide as the longest label.
	col := len("setting")
	for _, c := range r.cfg.Candidates {
		col = max(col, utf8.RuneCountInString(c.Name()))
	}
	fmt.Fprintf(&b, "%-*s %5s %9s %13s %8s %6s %11s %10s\n",
		col, "setting", "move", "positions", "cross-entropy", "accuracy", "MAE", "score error", "score bias")
	num := func(v float64, format string) string {
		if math.IsNaN(v) {
			return "-"
		}
		return fmt.Sprintf(format, v)
	}
	for _, row := range r.rows {
		m := row.Measures()
		fmt.Fprintf(&b, "%-*s %5d %9d %13s %8s %6s %11s %10s\n",
			col, row.Setting, row.Move, row.Positions,
			num(m.CrossEntropy, "%.3f"), num(100*m.Accuracy, "%.1f%%"), num(m.MAE, "%.3f"),
			num(m.ScoreError, "%.1f"), num(m.ScoreBias, "%+.1f"))
	}
	if len(r.preds) > 0 {
		fmt.Fprintf(&b, "\nmove prediction: the percentile of the move played next among the legal moves ranked\nby the estimate after each (100 best); R(x), the share kept when the worst x%% are dropped;\n"+
			"ln P, the mean log-likelihood of the played move under P(move) ∝ exp(β·gain) at the setting's\nfitted β, against ln 1/n of a uniform choice (nats per move; Stern et al. 2004, §4)\n\n")
		fmt.Fprintf(&b, "%-*s %5s %9s %8s %6s %6s %6s %6s %7s %9s\n", col, "setting", "move", "positions", "mean pct", "R(50)", "R(85)", "R(95)", "R(99)", "ln P", "ln 1/n")
		for _, p := range r.preds {
			if p.Positions == 0 {
				fmt.Fprintf(&b, "%-*s %5d %9d %8s %6s %6s %6s %6s %7s %9s\n", col, p.Setting, p.Move, 0, "-", "-", "-", "-", "-", "-", "-")
				continue
			}
			surv := p.Survival()
			ll, uni := math.NaN(), math.NaN()
			if m := r.models[p.Setting]; m.err == nil {
				ll, uni = p.LogLikelihood(m.fit.Beta)
			}
			fmt.Fprintf(&b, "%-*s %5d %9d %8.1f %5.0f%% %5.0f%% %5.0f%% %5.0f%% %7s %9s\n", col, p.Setting, p.Move, p.Positions,
				p.MeanPercentile(), 100*surv[50], 100*surv[85], 100*surv[95], 100*surv[99], num(ll, "%.3f"), num(uni, "%.3f"))
		}
		fmt.Fprintf(&b, "\nmove model, all move numbers pooled: β per point of gain (± standard error)\n\n")
		fmt.Fprintf(&b, "%-*s %9s %17s %7s %9s %7s\n", col, "setting", "positions", "beta", "ln P", "ln 1/n", "gain")
		for _, c := range r.cfg.Candidates {
			m := r.models[c.Name()]
			if m.err != nil {
				fmt.Fprintf(&b, "%-*s %9d  %v\n", col, c.Name(), m.fit.Choices, m.err)
				continue
			}
			f := m.fit
			fmt.Fprintf(&b, "%-*s %9d %17s %7.3f %9.3f %+7.3f\n", col, c.Name(), f.Choices,
				fmt.Sprintf("%.4f ± %.4f", f.Beta, f.StdErr), f.PerMove(), f.UniformPerMove(), f.PerMove()-f.UniformPerMove())
		}
	}
	if r.opts.winProb {
		r.writeWinProbText(&b, col)
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
