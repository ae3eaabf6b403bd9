package app

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/eval"
	"moyo/preset"
	"moyo/randfield"
)

// mlExamples returns the positions after moves of games with their final
// ownership, the training examples of a maximum-likelihood fit.
func mlExamples(games []eval.Game, moves []int) []randfield.B5Example {
	var ex []randfield.B5Example
	for _, g := range games {
		for _, mv := range moves {
			if mv > g.Record.Moves() {
				continue
			}
			ex = append(ex, randfield.B5Example{Pos: g.Record.AfterMove(mv).Position, Owner: g.Final.Owner})
		}
	}
	return ex
}

// mlReport is the outcome of 'moyo fit --ml'.
type mlReport struct {
	opts        fitOptions
	coll        *eval.Collection
	moves       []int
	train, held int
	start, fit  randfield.Boltzmann5
	trace       []randfield.FitIteration
	// The eval measures of the starting and the fitted parameters on the
	// training and the held-out games.
	trainSeed, trainFit, heldSeed, heldFit eval.Sums
}

// runFitML fits bp's Boltzmann5 parameters by maximum likelihood to the
// training games of c and measures the starting and the fitted parameters.
// bpl's model, and either model with --sampler sw, are fitted by
// runFitField.
func runFitML(ctx context.Context, env Env, o fitOptions, base eval.Candidate, _ []estimators.Params, moves []int, c *eval.Collection) error {
	if o.estimator != "bp" || o.sampler == randfield.FitSW.String() {
		return runFitField(ctx, env, o, base, moves, c)
	}
	train, held := splitHoldout(c.Games, o.holdout)
	examples := mlExamples(train, moves)
	if len(examples) == 0 {
		return fmt.Errorf("no position to fit to among %d files (%d counted games, %d held out)", c.Files, len(c.Games), len(held))
	}
	r := mlReport{opts: o, coll: c, moves: moves, train: len(train), held: len(held), start: randfield.SeedBoltzmann5()}
	// BP as the estimator runs it, but damped by at least 0.8 and with up
	// to 2000 iterations in the fit: the gradient is that of the Bethe
	// likelihood only at a fixed point, and from uniform messages some
	// master positions still oscillate after 500 iterations at 0.5.
	// Later steps start from the previous fixed point and converge.
	p := base.Params
	fitParams := p.WithNum("max-iter", 2000).WithNum("damping", max(p.Num("damping"), 0.8))
	bar := newProgress(env, "fitting")
	var err error
	r.fit, r.trace, err = randfield.FitBoltzmann5(ctx, r.start, examples, randfield.FitOptions{
		Iterations: o.iterations, Step: o.step, Params: fitParams,
		Progress: func(it randfield.FitIteration) { bar.update(it.Iteration+1, o.iterations) },
	})
	bar.clear()
	if err != nil {
		return err
	}
	measure := func(games []eval.Game, m randfield.Boltzmann5) (eval.Sums, error) {
		var s eval.Sums
		if len(games) == 0 {
			return s, nil
		}
		rows, err := eval.Run(ctx, games, eval.Config{
			Moves:      moves,
			Candidates: []eval.Candidate{{Estimator: base.Estimator, Params: m.Params(p)}},
			Epsilon:    o.epsilon,
		})
		for _, row := range rows {
			s.Add(row.Sums)
		}
		return s, err
	}
	for _, job := range []struct {
		sums  *eval.Sums
		games []eval.Game
		m     randfield.Boltzmann5
	}{
		{&r.trainSeed, train, r.start}, {&r.trainFit, train, r.fit},
		{&r.heldSeed, held, r.start}, {&r.heldFit, held, r.fit},
	} {
		if *job.sums, err = measure(job.games, job.m); err != nil {
			return err
		}
	}
	if o.save != "" {
		best, measured := r.trainFit, "training"
		if len(held) > 0 {
			best, measured = r.heldFit, "held-out"
		}
		// The fit optimises the likelihood; the preset's source names
		// cross-entropy, the measure the fit reports.
		so := o
		so.by = "cross_entropy"
		how := fmt.Sprintf("--ml --iterations %d --step %g", o.iterations, o.step)
		if err := so.savePreset(env, preset.Preset{Estimator: "bp", Params: r.fit.Params(p)}, how, len(train), len(held), measured, best); err != nil {
			return err
		}
	}
	return o.write(env.Stdout, r)
}

// jsonFitML is the JSON contract of 'moyo fit --ml --format json'.
type jsonFitML struct {
	Estimator  string `json:"estimator"`
	Files      int    `json:"files"`
	TrainGames int    `json:"train_games"`
	HeldGames  int    `json:"held_games"`
	Moves      []int  `json:"moves"`
	// Seed and Fitted are the Boltzmann5 parameters by their Go names.
	Seed   map[string]float64 `json:"seed"`
	Fitted map[string]float64 `json:"fitted"`
	// Iterations lists, per gradient step, the parameters and the
	// cross-entropy of BP's beliefs per point on the training positions.
	Iterations []jsonMLIteration `json:"iterations"`
	// Train and Held are the eval measures of the starting and the fitted
	// parameters; Held is absent without --holdout.
	Train jsonMLPair  `json:"train"`
	Held  *jsonMLPair `json:"held,omitempty"`
}

type jsonMLIteration struct {
	Params       map[string]float64 `json:"params"`
	CrossEntropy float64            `json:"cross_entropy"`
	// LogLikelihood is the Bethe log-likelihood per point.
	LogLikelihood float64 `json:"log_likelihood"`
	Eta           float64 `json:"eta"`
	Accepted      bool    `json:"accepted"`
	// Unconverged counts the training positions on which BP reached its
	// iteration limit.
	Unconverged int `json:"unconverged"`
}

type jsonMLPair struct {
	Seed   jsonFitResult `json:"seed"`
	Fitted jsonFitResult `json:"fitted"`
	// Improvement is how much lower the fitted cross-entropy is.
	Improvement *float64 `json:"improvement"`
}

// b5Map returns m's parameters by name.
func b5Map(m randfield.Boltzmann5) map[string]float64 {
	out := map[string]float64{}
	v := m.Vector()
	for k, name := range randfield.B5Names() {
		out[name] = v[k]
	}
	return out
}

func (r mlReport) pair(seed, fit eval.Sums) jsonMLPair {
	res := func(s eval.Sums) jsonFitResult {
		m := s.Measures()
		return jsonFitResult{Positions: s.Positions, CrossEntropy: number(m.CrossEntropy), Accuracy: number(m.Accuracy),
			MAE: number(m.MAE), ScoreError: number(m.ScoreError), ScoreBias: number(m.ScoreBias)}
	}
	return jsonMLPair{Seed: res(seed), Fitted: res(fit), Improvement: number(improvement(seed, fit, "cross_entropy"))}
}

func (r mlReport) writeJSON(w io.Writer) error {
	out := jsonFitML{
		Estimator: "bp", Files: r.coll.Files, TrainGames: r.train, HeldGames: r.held, Moves: r.moves,
		Seed: b5Map(r.start), Fitted: b5Map(r.fit), Train: r.pair(r.trainSeed, r.trainFit),
	}
	for _, it := range r.trace {
		out.Iterations = append(out.Iterations, jsonMLIteration{Params: b5Map(it.Model), CrossEntropy: it.CrossEntropy / float64(it.Points), LogLikelihood: it.LogLikelihood / float64(it.Points), Eta: it.Eta, Accepted: it.Accepted, Unconverged: it.Unconverged})
	}
	if r.opts.holdout > 0 {
		h := r.pair(r.heldSeed, r.heldFit)
		out.Held = &h
	}
	return writeJSON(w, out)
}

func (r mlReport) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "bp: maximum-likelihood fit of Boltzmann5 on %d training games (%d held out) of %d files, moves %s\n\n",
		r.train, r.held, r.coll.Files, r.opts.moves)
	fmt.Fprintf(&b, "%4s", "step")
	for _, name := range randfield.B5Names() {
		fmt.Fprintf(&b, " %11s", name)
	}
	fmt.Fprintf(&b, " %13s %13s %7s %6s\n", "Bethe log-lik", "cross-entropy", "unconv.", "η")
	row := func(label string, m randfield.Boltzmann5, ce string) {
		fmt.Fprintf(&b, "%4s", label)
		for _, v := range m.Vector() {
			fmt.Fprintf(&b, " %11.4f", v)
		}
		fmt.Fprintf(&b, " %s\n", ce)
	}
	for _, it := range r.trace {
		note := ""
		if !it.Accepted {
			note = "  rejected"
		}
		row(fmt.Sprint(it.Iteration), it.Model, fmt.Sprintf("%13.4f %13.4f %7d %6.4g%s", it.LogLikelihood/float64(it.Points), it.CrossEntropy/float64(it.Points), it.Unconverged, it.Eta, note))
	}
	row("fit", r.fit, "")
	fmt.Fprintf(&b, "\n%-14s %13s %8s %6s %11s\n", "", "cross-entropy", "accuracy", "MAE", "score error")
	line := func(label string, s eval.Sums) {
		m := s.Measures()
		fmt.Fprintf(&b, "%-14s %13.4f %7.2f%% %6.4f %11.2f\n", label, m.CrossEntropy, 100*m.Accuracy, m.MAE, m.ScoreError)
	}
	line("train, start", r.trainSeed)
	line("train, fitted", r.trainFit)
	if r.opts.holdout > 0 {
		line("held, start", r.heldSeed)
		line("held, fitted", r.heldFit)
	}
	fmt.Fprintf(&b, "cross-entropy improvement over the start: training %.4f", improvement(r.trainSeed, r.trainFit, "cross_entropy"))
	if r.opts.holdout > 0 {
		fmt.Fprintf(&b, ", held out %.4f", improvement(r.heldSeed, r.heldFit, "cross_entropy"))
	}
	b.WriteString(" (positive is better)\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// fieldReport is the outcome of 'moyo fit --ml' by FitField: bpl's model,
// or either model with --sampler sw.
type fieldReport struct {
	opts        fitOptions
	coll        *eval.Collection
	moves       []int
	train, held int
	start, fit  randfield.RandomField
	trace       []randfield.FieldFitIteration
	// The eval measures of the start and the fitted parameters on the
	// training and the held-out games, by move number (in the order of
	// moves) and pooled.
	trainStart, trainFit, heldStart, heldFit []eval.Sums
}

// runFitField fits the random field of o.estimator by maximum likelihood
// with the model's expectations from o.sampler, from the estimator's
// default model, and measures the start and the fit.
func runFitField(ctx context.Context, env Env, o fitOptions, base eval.Candidate, moves []int, c *eval.Collection) error {
	sampler, err := randfield.ParseFitSampler(o.sampler)
	if err != nil {
		return err
	}
	start, err := randfield.FieldOf(base.Estimator, base.Params)
	if err != nil {
		return err
	}
	train, held := splitHoldout(c.Games, o.holdout)
	examples := mlExamples(train, moves)
	if len(examples) == 0 {
		return fmt.Errorf("no position to fit to among %d files (%d counted games, %d held out)", c.Files, len(c.Games), len(held))
	}
	r := fieldReport{opts: o, coll: c, moves: moves, train: len(train), held: len(held), start: start}
	// BP damped and allowed to converge, as for the Boltzmann5 fit.
	p := base.Params
	fitParams := p.WithNum("max-iter", 2000).WithNum("damping", max(p.Num("damping"), 0.8))
	bar := newProgress(env, "fitting")
	r.fit, r.trace, err = randfield.FitField(ctx, start, examples, randfield.FieldFitOptions{
		FitOptions: randfield.FitOptions{Iterations: o.iterations, Step: o.step, Params: fitParams},
		Sampler:    sampler,
		Seed:       o.seed,
		Progress:   func(it randfield.FieldFitIteration) { bar.update(it.Iteration+1, o.iterations) },
	})
	bar.clear()
	if err != nil {
		return err
	}
	measure := func(games []eval.Game, m randfield.RandomField) ([]eval.Sums, error) {
		s := make([]eval.Sums, len(moves)+1)
		if len(games) == 0 {
			return s, nil
		}
		rows, err := eval.Run(ctx, games, eval.Config{
			Moves:      moves,
			Candidates: []eval.Candidate{{Estimator: base.Estimator, Params: m.Params(p)}},
			Epsilon:    o.epsilon,
		})
		for _, row := range rows {
			for k, mv := range moves {
				if row.Move == mv {
					s[k].Add(row.Sums)
				}
			}
			s[len(moves)].Add(row.Sums)
		}
		return s, err
	}
	for _, job := range []struct {
		sums  *[]eval.Sums
		games []eval.Game
		m     randfield.RandomField
	}{
		{&r.trainStart, train, r.start}, {&r.trainFit, train, r.fit},
		{&r.heldStart, held, r.start}, {&r.heldFit, held, r.fit},
	} {
		if *job.sums, err = measure(job.games, job.m); err != nil {
			return err
		}
	}
	if o.save != "" {
		best, measured := r.trainFit[len(moves)], "training"
		if len(held) > 0 {
			best, measured = r.heldFit[len(moves)], "held-out"
		}
		so := o
		so.by = "cross_entropy"
		how := fmt.Sprintf("--ml --sampler %s --seed %d --iterations %d --step %g", o.sampler, o.seed, o.iterations, o.step)
		if err := so.savePreset(env, preset.Preset{Estimator: o.estimator, Params: r.fit.Params(p)}, how, len(train), len(held), measured, best); err != nil {
			return err
		}
	}
	return o.write(env.Stdout, r)
}

// fieldMap returns m's parameters by name.
func fieldMap(m randfield.RandomField, e estimators.Estimator) map[string]float64 {
	out := map[string]float64{}
	p := m.Params(e.Info().Defaults())
	for _, s := range e.Info().Params {
		if s.Model {
			out[s.Name] = p.Num(s.Name)
		}
	}
	return out
}

// jsonFitField is the JSON contract of 'moyo fit --ml' for bpl, and for
// bp with --sampler sw: as jsonFitML, with the sampler and seed, and the
// measures also by move number.
type jsonFitField struct {
	Estimator  string                `json:"estimator"`
	Sampler    string                `json:"sampler"`
	Seed       uint64                `json:"seed"`
	Files      int                   `json:"files"`
	TrainGames int                   `json:"train_games"`
	HeldGames  int                   `json:"held_games"`
	Moves      []int                 `json:"moves"`
	Start      map[string]float64    `json:"start"`
	Fitted     map[string]float64    `json:"fitted"`
	Iterations []jsonFieldIteration  `json:"iterations"`
	Train      jsonMLPair            `json:"train"`
	Held       *jsonMLPair           `json:"held,omitempty"`
	ByMove     map[string]jsonByMove `json:"by_move"`
}

type jsonFieldIteration struct {
	CrossEntropy float64 `json:"cross_entropy"`
	// LogLikelihood is the Bethe log-likelihood per point with --sampler
	// bp, absent with sw.
	LogLikelihood *float64 `json:"log_likelihood,omitempty"`
	Eta           float64  `json:"eta"`
	Accepted      bool     `json:"accepted"`
	Unconverged   int      `json:"unconverged"`
}

// jsonByMove holds the start's and the fitted model's measures at one
// move number.
type jsonByMove struct {
	Train jsonMLPair  `json:"train"`
	Held  *jsonMLPair `json:"held,omitempty"`
}

func (r fieldReport) writeJSON(w io.Writer) error {
	est := r.opts.estimator
	e, err := catalog.ByName(est)
	if err != nil {
		return err
	}
	pair := mlReport{}.pair
	n := len(r.moves)
	out := jsonFitField{
		Estimator: est, Sampler: r.opts.sampler, Seed: r.opts.seed, Files: r.coll.Files, TrainGames: r.train, HeldGames: r.held, Moves: r.moves,
		Start: fieldMap(r.start, e), Fitted: fieldMap(r.fit, e), Train: pair(r.trainStart[n], r.trainFit[n]), ByMove: map[string]jsonByMove{},
	}
	for _, it := range r.trace {
		ji := jsonFieldIteration{CrossEntropy: it.CrossEntropy / float64(it.Points), Eta: it.Eta, Accepted: it.Accepted, Unconverged: it.Unconverged}
		if !math.IsNaN(it.LogLikelihood) {
			ll := it.LogLikelihood / float64(it.Points)
			ji.LogLikelihood = &ll
		}
		out.Iterations = append(out.Iterations, ji)
	}
	for k, mv := range r.moves {
		b := jsonByMove{Train: pair(r.trainStart[k], r.trainFit[k])}
		if r.opts.holdout > 0 {
			h := pair(r.heldStart[k], r.heldFit[k])
			b.Held = &h
		}
		out.ByMove[fmt.Sprint(mv)] = b
	}
	if r.opts.holdout > 0 {
		h := pair(r.heldStart[n], r.heldFit[n])
		out.Held = &h
	}
	return writeJSON(w, out)
}

func (r fieldReport) writeText(w io.Writer) error {
	e, err := catalog.ByName(r.opts.estimator)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: maximum-likelihood fit, expectations from %s (seed %d), on %d training games (%d held out) of %d files, moves %s\n\n",
		r.opts.estimator, r.opts.sampler, r.opts.seed, r.train, r.held, r.coll.Files, r.opts.moves)
	fmt.Fprintf(&b, "%4s %13s %13s %7s %6s\n", "step", "Bethe log-lik", "cross-entropy", "unconv.", "η")
	for _, it := range r.trace {
		ll := "—"
		if !math.IsNaN(it.LogLikelihood) {
			ll = fmt.Sprintf("%.4f", it.LogLikelihood/float64(it.Points))
		}
		note := ""
		if !it.Accepted {
			note = "  rejected"
		}
		fmt.Fprintf(&b, "%4d %13s %13.4f %7d %6.4g%s\n", it.Iteration, ll, it.CrossEntropy/float64(it.Points), it.Unconverged, it.Eta, note)
	}
	start, fit := fieldMap(r.start, e), fieldMap(r.fit, e)
	b.WriteString("\nparameters (start → fitted):\n")
	col := 0
	for _, s := range e.Info().Params {
		if !s.Model {
			continue
		}
		fmt.Fprintf(&b, "  %-14s %7.3f → %7.3f", s.Name, start[s.Name], fit[s.Name])
		if col++; col%3 == 0 {
			b.WriteString("\n")
		}
	}
	if col%3 != 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n%-20s %13s %8s %6s %11s\n", "", "cross-entropy", "accuracy", "MAE", "score error")
	line := func(label string, s eval.Sums) {
		m := s.Measures()
		fmt.Fprintf(&b, "%-20s %13.4f %7.2f%% %6.4f %11.2f\n", label, m.CrossEntropy, 100*m.Accuracy, m.MAE, m.ScoreError)
	}
	for k, mv := range append(append([]int(nil), r.moves...), -1) {
		at := fmt.Sprintf("move %d", mv)
		if mv < 0 {
			at = "pooled"
		}
		line("train, start, "+at, r.trainStart[k])
		line("train, fitted, "+at, r.trainFit[k])
		if r.opts.holdout > 0 {
			line("held, start, "+at, r.heldStart[k])
			line("held, fitted, "+at, r.heldFit[k])
		}
	}
	n := len(r.moves)
	fmt.Fprintf(&b, "cross-entropy improvement over the start: training %.4f", improvement(r.trainStart[n], r.trainFit[n], "cross_entropy"))
	if r.opts.holdout > 0 {
		fmt.Fprintf(&b, ", held out %.4f", improvement(r.heldStart[n], r.heldFit[n], "cross_entropy"))
	}
	b.WriteString(" (positive is better)\n")
	_, err = io.WriteString(w, b.String())
	return err
}
