package app

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/eval"
	"moyo/preset"
	"moyo/randfield"
)

// maxGridPoints bounds the parameter sets of one 'moyo fit', so that a
// typo in a step does not start a run of days.
const maxGridPoints = 10000

// gridAxis is one --grid flag: a parameter and the values to try, written
// as on the command line.
type gridAxis struct {
	param  string
	values []string
	// flag is the flag's value as given, for the source of a preset.
	flag string
}

// gridFlag collects the --grid flags.
type gridFlag []gridAxis

func (g *gridFlag) String() string { return "" }

// Set parses "name=lo:hi:step" (numbers from lo to hi inclusive) or
// "name=a,b,c" (any values, also of text parameters).
func (g *gridFlag) Set(s string) error {
	name, spec, ok := strings.Cut(s, "=")
	if !ok || name == "" || spec == "" {
		return fmt.Errorf("%q is not name=lo:hi:step or name=a,b,c", s)
	}
	axis := gridAxis{param: name, flag: s}
	if parts := strings.Split(spec, ":"); len(parts) == 3 {
		var v [3]float64
		for i, p := range parts {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("%s: %q is not a number", name, p)
			}
			v[i] = f
		}
		lo, hi, step := v[0], v[1], v[2]
		if step <= 0 || hi < lo {
			return fmt.Errorf("%s: want lo ≤ hi and a positive step", name)
		}
		n := int(math.Floor((hi-lo)/step+1e-9)) + 1
		if n > maxGridPoints {
			return fmt.Errorf("%s: %d values, more than %d", name, n, maxGridPoints)
		}
		for k := range n {
			// Ten significant digits, so that 0.1 × 3 is 0.3.
			axis.values = append(axis.values, strconv.FormatFloat(lo+float64(k)*step, 'g', 10, 64))
		}
	} else {
		for _, v := range strings.Split(spec, ",") {
			if v = strings.TrimSpace(v); v != "" {
				axis.values = append(axis.values, v)
			}
		}
	}
	if len(axis.values) == 0 {
		return fmt.Errorf("%s: no values", name)
	}
	*g = append(*g, axis)
	return nil
}

// fitOptions are the flags of 'moyo fit'.
type fitOptions struct {
	gameFlags
	// ref is what the estimates are measured against (--against,
	// reference.go), and refRep, once the maps are made, what the report
	// says of it; nil for the final ownership.
	ref       refFlags
	refRep    *refReport
	estimator string
	grid      gridFlag
	by        string
	top       int
	holdout   float64
	// ml, iterations and step: maximum-likelihood fitting of bp's
	// Boltzmann5 parameters instead of a grid search (fit_ml.go).
	ml bool
	// sampler and seed: where --ml takes the model's expectations from,
	// and the seed of its Swendsen–Wang chains (fit_ml.go).
	sampler    string
	seed       uint64
	iterations int
	step       float64
	// save names the preset the best parameter set is saved as.
	save string
	// moveModel fits the move model's β instead (fit_move.go); resume
	// names its journal of rankings.
	moveModel bool
	resume    string
}

// fitObjective reports whether fit can optimise the measure by, and
// whether a higher value of it is better.
func fitObjective(by string) (higher, ok bool) {
	switch by {
	case "cross_entropy", "mae", "score_error":
		return false, true
	case "accuracy":
		return true, true
	}
	return false, false
}

// objective returns the value of measure by in m.
func objective(m eval.Measures, by string) float64 {
	switch by {
	case "accuracy":
		return m.Accuracy
	case "mae":
		return m.MAE
	case "score_error":
		return m.ScoreError
	}
	return m.CrossEntropy
}

// fitCommand is 'moyo fit': a grid search over an estimator's parameters
// for the values that predict the final ownership of counted games best.
func fitCommand(env Env, args []string) int {
	var o fitOptions
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.StringVar(&o.estimator, "estimator", "symmetric", "`NAME` of the estimator: "+strings.Join(catalog.Names(), "|"))
	fs.Var(&o.grid, "grid", "parameter values to try, `name=lo:hi:step` or name=a,b,c; repeat for a grid over several (required)")
	fs.StringVar(&o.by, "by", "cross_entropy", "`MEASURE` to optimise: cross_entropy|accuracy|mae|score_error")
	o.register(fs, "comma-separated move `numbers` of the positions, pooled", "use")
	o.ref.register(fs, "against")
	fs.IntVar(&o.top, "top", 10, "text: list the best `N` parameter sets; 0 lists all")
	fs.BoolVar(&o.ml, "ml", false, "bp: fit the five Boltzmann5 parameters by maximum likelihood (gradient ascent from the paper's) instead of a grid search")
	fs.IntVar(&o.iterations, "iterations", 40, "--ml: gradient `steps`")
	fs.Float64Var(&o.step, "step", randfield.DefaultFitStep, "--ml: step `size`, as a share of the Newton step of independent terms")
	fs.StringVar(&o.sampler, "sampler", "bp", "--ml: the `SAMPLER` of the model's expectations, loopy BP's beliefs (bp) or Swendsen–Wang samples (sw); bp and bpl")
	fs.Uint64Var(&o.seed, "seed", 1, "--ml --sampler sw: `seed` of the chains, so that a run repeats")
	fs.Float64Var(&o.holdout, "holdout", 0, "hold out this `share` of the games (chosen by a hash of each record) from the fit, and report the measure on them")
	fs.BoolVar(&o.moveModel, "move-model", false, "fit the move model's β (Stern et al. 2004, §4) by maximum likelihood on the moves played after --moves, for each setting of --estimator (default: every estimator)")
	fs.StringVar(&o.resume, "resume", "", "--move-model: keep every ranking in the journal `FILE`, and take from it those an earlier run finished ('moyo eval --predict --resume' journals serve too)")
	fs.StringVar(&o.save, "save", "", "save the best parameter set (or --ml's fitted model) as the preset `NAME`, in $MOYO_PRESETS or moyo/presets in the user configuration directory, for the GUI")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo fit [flags] --grid name=lo:hi:step [--grid ...] DIR|FILE...
       moyo fit --estimator bp|bpl --ml [--sampler bp|sw] [flags] DIR|FILE...
       moyo fit --move-model [--estimator SETTINGS] [flags] DIR|FILE...

Search a grid of an estimator's parameters for the values whose estimates
of the positions after --moves best predict the final ownership of the
counted games (as 'moyo eval' measures it, all move numbers pooled).
Parameters off the grid keep their defaults, which are measured too.
--holdout F leaves a share F of the games (by a hash of each record) out
of the search and measures the defaults and the best set on them: the
held-out improvement says whether the fit generalises. --against katago
or gnugo-engine fits to an engine's ownership instead, as soft targets.

--ml fits the random field of bp (5 parameters) or bpl (80) by maximum
likelihood (Stern et al. 2004, §2): gradient ascent from the defaults,
the model's expectations from loopy BP's beliefs or (--sampler sw)
Swendsen–Wang chains. --move-model fits the β of P(move) ∝ exp(β·gain)
(Stern et al. 2004, §4) to the moves played, for each setting of
--estimator, written as for 'moyo eval --estimators'.
docs/evaluation.md explains the methods and the flags, with figures.

Flags:
`)
		fs.PrintDefaults()
	}
	paths, status, ok := parsePaths(env, fs, args)
	if !ok {
		return status
	}
	if err := o.ref.check(); err != nil {
		return badUsage(env, fs, "%v", err)
	}
	if !o.ref.final() {
		switch {
		case o.moveModel:
			return badUsage(env, fs, "--against is for the estimates' measures: --move-model fits the moves played")
		case o.ml:
			return badUsage(env, fs, "--ml fits a random field to final outcomes by maximum likelihood: against %s use --grid, which fits to the reference's maps as soft targets", o.ref.spec)
		}
	}
	if o.moveModel {
		cands, err := o.planMoveModel(fs, env.estimators())
		if err != nil {
			return badUsage(env, fs, "%v", err)
		}
		moves, shard, shards, err := o.check()
		if err != nil {
			return badUsage(env, fs, "%v", err)
		}
		return exitStatus(env, o.withGames(env, paths, shard, shards, func(ctx context.Context, c *eval.Collection) error {
			return runFitMoveModel(ctx, env, o, cands, moves, c)
		}))
	}
	if o.resume != "" {
		return badUsage(env, fs, "--resume keeps the rankings of --move-model")
	}
	points, base, err := o.plan()
	if err != nil {
		return badUsage(env, fs, "%v", err)
	}
	moves, shard, shards, err := o.check()
	if err != nil {
		return badUsage(env, fs, "%v", err)
	}
	if o.top < 0 {
		return badUsage(env, fs, "--top %d is negative", o.top)
	}
	run := runFit
	if o.ml {
		run = runFitML
	}
	src, err := o.ref.source(o.gnugo)
	if err != nil {
		return exitStatus(env, err)
	}
	o.unjudged = src != nil
	return exitStatus(env, o.withGames(env, paths, shard, shards, func(ctx context.Context, c *eval.Collection) error {
		if src != nil {
			ref, err := attachReferences(ctx, env, src, c, moves)
			if err != nil {
				return err
			}
			o.refRep = ref
		}
		return run(ctx, env, o, base, points, moves, c)
	}))
}

// plan checks the flags that need no record and returns the estimator's
// parameter sets of the grid, in the order of the flags (the last
// varying fastest), and the estimator with its defaults.
func (o fitOptions) plan() ([]estimators.Params, eval.Candidate, error) {
	est, err := catalog.ByName(o.estimator)
	if err != nil {
		return nil, eval.Candidate{}, err
	}
	base := eval.Candidate{Estimator: est, Params: est.Info().Defaults()}
	if _, ok := fitObjective(o.by); !ok {
		return nil, base, fmt.Errorf("--by %q (valid: cross_entropy, accuracy, mae, score_error)", o.by)
	}
	if err := o.checkEpsilon(); err != nil {
		return nil, base, err
	}
	if !(o.holdout >= 0 && o.holdout < 1) {
		return nil, base, fmt.Errorf("--holdout %v is outside [0, 1)", o.holdout)
	}
	if o.save != "" {
		if err := preset.CheckName(o.save); err != nil {
			return nil, base, fmt.Errorf("--save: %w", err)
		}
	}
	if o.ml {
		switch {
		case o.estimator != "bp" && o.estimator != "bpl":
			return nil, base, fmt.Errorf("--ml fits bp's and bpl's parameters, not %s's", o.estimator)
		case o.sampler != "bp" && o.sampler != "sw":
			return nil, base, fmt.Errorf("--sampler %q (valid: bp, sw)", o.sampler)
		case len(o.grid) > 0:
			return nil, base, errors.New("--ml and --grid: choose one")
		case o.iterations < 1:
			return nil, base, fmt.Errorf("--iterations %d is less than 1", o.iterations)
		case !(o.step > 0 && o.step <= 2):
			return nil, base, fmt.Errorf("--step %v is outside (0, 2]", o.step)
		}
		return nil, base, nil
	}
	if len(o.grid) == 0 {
		return nil, base, errors.New("want at least one --grid")
	}
	total := 1
	for i, axis := range o.grid {
		if !est.Info().Uses(axis.param) {
			return nil, base, fmt.Errorf("--grid: %s does not read %q", est.Info().Name, axis.param)
		}
		for _, prev := range o.grid[:i] {
			if prev.param == axis.param {
				return nil, base, fmt.Errorf("--grid: %s twice", axis.param)
			}
		}
		if total *= len(axis.values); total > maxGridPoints {
			return nil, base, fmt.Errorf("--grid: more than %d parameter sets", maxGridPoints)
		}
	}
	points := []estimators.Params{base.Params}
	for _, axis := range o.grid {
		var next []estimators.Params
		for _, p := range points {
			for _, v := range axis.values {
				q, err := est.Info().Set(p, axis.param, v)
				if err != nil {
					return nil, base, fmt.Errorf("--grid: %w", err)
				}
				if err := est.Check(q); err != nil {
					return nil, base, fmt.Errorf("--grid: %w", err)
				}
				next = append(next, q)
			}
		}
		points = next
	}
	return points, base, nil
}

// savePreset saves p, the best set of a fit on train games (held held
// out), as the preset named by --save, with a source that says how it was
// found and its --by measure on the training or held-out games, and says
// where on standard error.
func (o fitOptions) savePreset(env Env, p preset.Preset, how string, train, held int, measured string, s eval.Sums) error {
	dir, err := preset.Dir()
	if err != nil {
		return err
	}
	p.Name = o.save
	p.Source = fmt.Sprintf("moyo fit --estimator %s %s on %d games (moves %s", o.estimator, how, train, o.moves)
	if held > 0 {
		p.Source += fmt.Sprintf(", %d held out", held)
	}
	if o.refRep != nil {
		p.Source += ", against " + o.refRep.description
	}
	p.Source += fmt.Sprintf("), %s %s %.4f", measured, strings.ReplaceAll(o.by, "_", "-"), objective(s.Measures(), o.by))
	if err := preset.Save(dir, p, catalog.All()); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	fmt.Fprintf(env.Stderr, "moyo fit: saved preset %q in %s\n", p.Name, dir)
	return nil
}

// fitResult is one parameter set and how well it did.
type fitResult struct {
	params estimators.Params
	sums   eval.Sums
	index  int // in the grid's order, to break ties
}

// runFit evaluates every parameter set and the defaults on the games of
// c, and writes them out best first.
func runFit(ctx context.Context, env Env, o fitOptions, base eval.Candidate, points []estimators.Params, moves []int, c *eval.Collection) error {
	train, held := splitHoldout(c.Games, o.holdout)
	if len(train) == 0 {
		return fmt.Errorf("no game to fit to among %d files (%d held out)", c.Files, len(held))
	}
	evaluateOn := func(games []eval.Game, p estimators.Params) (eval.Sums, error) {
		rows, err := eval.Run(ctx, games, eval.Config{
			Moves:      moves,
			Candidates: []eval.Candidate{{Estimator: base.Estimator, Params: p}},
			Epsilon:    o.epsilon,
		})
		var s eval.Sums
		for _, r := range rows {
			s.Add(r.Sums)
		}
		return s, err
	}
	evaluate := func(p estimators.Params) (eval.Sums, error) { return evaluateOn(train, p) }
	bar := newProgress(env, "fitting")
	results := make([]fitResult, len(points))
	for i, p := range points {
		s, err := evaluate(p)
		if err != nil {
			bar.clear()
			return err
		}
		results[i] = fitResult{params: p, sums: s, index: i}
		bar.update(i+1, len(points))
	}
	bar.clear()
	defaults, err := evaluate(base.Params)
	if err != nil {
		return err
	}
	higher, _ := fitObjective(o.by)
	slices.SortStableFunc(results, func(a, b fitResult) int {
		x, y := objective(a.sums.Measures(), o.by), objective(b.sums.Measures(), o.by)
		if higher {
			x, y = y, x
		}
		return cmp.Or(cmp.Compare(x, y), cmp.Compare(a.index, b.index))
	})
	rep := fitReport{opts: o, coll: c, moves: moves, base: base, results: results, defaults: defaults, train: len(train),
		trainGames: train, heldGames: held}
	if o.holdout > 0 {
		rep.held = len(held)
		if rep.heldDefaults, err = evaluateOn(held, base.Params); err != nil {
			return err
		}
		if rep.heldBest, err = evaluateOn(held, results[0].params); err != nil {
			return err
		}
	}
	if o.save != "" {
		var args []string
		for _, axis := range o.grid {
			args = append(args, "--grid "+axis.flag)
		}
		best, measured := results[0].sums, "training"
		if o.holdout > 0 {
			best, measured = rep.heldBest, "held-out"
		}
		err := o.savePreset(env, preset.Preset{Estimator: o.estimator, Params: results[0].params},
			strings.Join(args, " "), len(train), len(held), measured, best)
		if err != nil {
			return err
		}
	}
	return o.write(env.Stdout, rep)
}

// fitReport is the outcome of 'moyo fit'.
type fitReport struct {
	opts     fitOptions
	coll     *eval.Collection
	moves    []int
	base     eval.Candidate
	results  []fitResult // best first
	defaults eval.Sums   // on the training games
	// train and held count the games fitted to and held out; with
	// --holdout, heldDefaults and heldBest are the measures of the
	// defaults and of the best parameter set on the held-out games.
	train, held            int
	heldDefaults, heldBest eval.Sums
	// trainGames and heldGames are the games of each side.
	trainGames, heldGames []eval.Game
}

// gridParams returns the values of the grid's parameters in p.
func (r fitReport) gridParams(p estimators.Params) map[string]any {
	m := map[string]any{}
	for _, axis := range r.opts.grid {
		m[axis.param] = paramValue(r.base.Estimator.Info(), p, axis.param)
	}
	return m
}

// jsonFit is the JSON contract of 'moyo fit --format json'.
type jsonFit struct {
	Estimator string `json:"estimator"`
	By        string `json:"by"`
	Files     int    `json:"files"`
	Games     int    `json:"games"`
	Moves     []int  `json:"moves"`
	// Defaults are the estimator's default parameters and their result.
	Defaults jsonFitResult `json:"defaults"`
	// Results are every parameter set of the grid, best first; Params
	// holds the grid's parameters, the others keep their defaults.
	Results []jsonFitResult `json:"results"`
	// Holdout, with --holdout, measures the defaults and the best
	// parameter set on the games left out of the fit. Defaults and Results
	// are then of the training games only.
	Holdout *jsonHoldout `json:"holdout,omitempty"`
	// Against is there when the fit is to an engine's maps (--against)
	// rather than the final ownership; Games then counts every game
	// used, counted or not.
	Against *jsonAgainst `json:"against,omitempty"`
}

// jsonAgainst is the reference of 'moyo fit --against'.
type jsonAgainst struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Visits      int    `json:"visits"`
	// Entropy and HeldEntropy are the reference maps' own entropy per
	// point on the training and the held-out positions, the least
	// cross-entropy there; HeldEntropy is null without --holdout.
	Entropy     *float64 `json:"entropy"`
	HeldEntropy *float64 `json:"held_entropy"`
}

// jsonHoldout is the held-out part of 'moyo fit --format json'.
type jsonHoldout struct {
	Share      float64       `json:"share"`
	TrainGames int           `json:"train_games"`
	HeldGames  int           `json:"held_games"`
	Defaults   jsonFitResult `json:"defaults"`
	Best       jsonFitResult `json:"best"`
	// Improvement is how much better the best set's measure (--by) is
	// than the defaults' on the held-out games; positive is better.
	Improvement *float64 `json:"improvement"`
	// TrainImprovement is the same on the training games.
	TrainImprovement *float64 `json:"train_improvement"`
}

type jsonFitResult struct {
	Params       map[string]any `json:"params"`
	Positions    int            `json:"positions"`
	CrossEntropy *float64       `json:"cross_entropy"`
	Accuracy     *float64       `json:"accuracy"`
	MAE          *float64       `json:"mae"`
	ScoreError   *float64       `json:"score_error"`
	ScoreBias    *float64       `json:"score_bias"`
}

func (r fitReport) jsonResult(p estimators.Params, s eval.Sums) jsonFitResult {
	m := s.Measures()
	return jsonFitResult{
		Params: r.gridParams(p), Positions: s.Positions,
		CrossEntropy: number(m.CrossEntropy), Accuracy: number(m.Accuracy), MAE: number(m.MAE),
		ScoreError: number(m.ScoreError), ScoreBias: number(m.ScoreBias),
	}
}

func (r fitReport) writeJSON(w io.Writer) error {
	out := jsonFit{
		Estimator: r.base.Estimator.Info().Name, By: r.opts.by,
		Files: r.coll.Files, Games: len(r.coll.Games), Moves: r.moves,
		Defaults: r.jsonResult(r.base.Params, r.defaults),
	}
	for _, res := range r.results {
		out.Results = append(out.Results, r.jsonResult(res.params, res.sums))
	}
	if ref := r.opts.refRep; ref != nil {
		out.Against = &jsonAgainst{Name: ref.name, Description: ref.description, Visits: ref.visits,
			Entropy: number(poolEntropy(r.trainGames, r.moves)), HeldEntropy: number(poolEntropy(r.heldGames, r.moves))}
	}
	if r.opts.holdout > 0 {
		out.Holdout = &jsonHoldout{
			Share: r.opts.holdout, TrainGames: r.train, HeldGames: r.held,
			Defaults:         r.jsonResult(r.base.Params, r.heldDefaults),
			Best:             r.jsonResult(r.results[0].params, r.heldBest),
			Improvement:      number(improvement(r.heldDefaults, r.heldBest, r.opts.by)),
			TrainImprovement: number(improvement(r.defaults, r.results[0].sums, r.opts.by)),
		}
	}
	return writeJSON(w, out)
}

func (r fitReport) writeText(w io.Writer) error {
	var b strings.Builder
	better := "lower"
	if higher, _ := fitObjective(r.opts.by); higher {
		better = "higher"
	}
	if ref := r.opts.refRep; ref != nil {
		fmt.Fprintf(&b, "%s against %s, on %d games of %d files (every one that replays, counted or not), moves %s pooled, by %s (%s is better); %d parameter sets\n",
			r.base.Estimator.Info().Name, ref.description, len(r.coll.Games), r.coll.Files, r.opts.moves, r.opts.by, better, len(r.results))
		fmt.Fprintf(&b, "the reference's own entropy, the least cross-entropy: %.4f on the training positions", poolEntropy(r.trainGames, r.moves))
		if r.opts.holdout > 0 {
			fmt.Fprintf(&b, ", %.4f on the held-out ones", poolEntropy(r.heldGames, r.moves))
		}
		b.WriteString("\n\n")
	} else {
		fmt.Fprintf(&b, "%s on %d counted games of %d files, moves %s pooled, by %s (%s is better); %d parameter sets\n\n",
			r.base.Estimator.Info().Name, len(r.coll.Games), r.coll.Files, r.opts.moves, r.opts.by, better, len(r.results))
	}
	fmt.Fprintf(&b, "%4s ", "rank")
	for _, axis := range r.opts.grid {
		fmt.Fprintf(&b, " %10s", axis.param)
	}
	fmt.Fprintf(&b, " %13s %8s %6s %11s\n", "cross-entropy", "accuracy", "MAE", "score error")
	line := func(s eval.Sums) {
		m := s.Measures()
		fmt.Fprintf(&b, " %13.4f %7.2f%% %6.4f %11.2f\n", m.CrossEntropy, 100*m.Accuracy, m.MAE, m.ScoreError)
	}
	listed := r.results
	if r.opts.top > 0 && r.opts.top < len(listed) {
		listed = listed[:r.opts.top]
	}
	for i, res := range listed {
		fmt.Fprintf(&b, "%4d ", i+1)
		for _, axis := range r.opts.grid {
			fmt.Fprintf(&b, " %10v", paramValue(r.base.Estimator.Info(), res.params, axis.param))
		}
		line(res.sums)
	}
	fmt.Fprintf(&b, "\n%4s ", "def.")
	for _, axis := range r.opts.grid {
		fmt.Fprintf(&b, " %10v", paramValue(r.base.Estimator.Info(), r.base.Params, axis.param))
	}
	line(r.defaults)
	if r.opts.holdout > 0 {
		fmt.Fprintf(&b, "\nheld out: %d of %d games (share %g); the lines above are of the %d training games\n",
			r.held, r.train+r.held, r.opts.holdout, r.train)
		fmt.Fprintf(&b, "%-9s %13s %8s %6s %11s\n", "held out", "cross-entropy", "accuracy", "MAE", "score error")
		fmt.Fprintf(&b, "%-9s", "best")
		line(r.heldBest)
		fmt.Fprintf(&b, "%-9s", "def.")
		line(r.heldDefaults)
		fmt.Fprintf(&b, "%s improvement over the defaults: training %.4f, held out %.4f (positive is better)\n", r.opts.by,
			improvement(r.defaults, r.results[0].sums, r.opts.by), improvement(r.heldDefaults, r.heldBest, r.opts.by))
	}
	_, err := io.WriteString(w, b.String())
	if err == nil && len(r.coll.Disagreements)+len(r.coll.Errors) > 0 {
		_, err = fmt.Fprintf(w, "\n%d games left out (the count does not match the result, or errors): see moyo eval\n",
			len(r.coll.Disagreements)+len(r.coll.Errors))
	}
	return err
}
