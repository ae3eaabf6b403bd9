package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"moyo/estimators"
	"moyo/eval"
	"moyo/movemodel"
)

// planMoveModel checks the flags of 'moyo fit --move-model' and returns
// the settings whose β to fit: those of --estimator, written as eval's
// --estimators writes them, or every estimator at its defaults when fs
// was not given --estimator.
func (o fitOptions) planMoveModel(fs *flag.FlagSet, ests []estimators.Estimator) ([]eval.Candidate, error) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, name := range []string{"grid", "ml", "by", "save", "iterations", "step", "top"} {
		if given[name] {
			return nil, fmt.Errorf("--move-model and --%s: the move model is fitted by maximum likelihood alone", name)
		}
	}
	if !(o.holdout >= 0 && o.holdout < 1) {
		return nil, fmt.Errorf("--holdout %v is outside [0, 1)", o.holdout)
	}
	text := o.estimator
	if !given["estimator"] {
		var names []string
		for _, e := range ests {
			names = append(names, e.Info().Name)
		}
		text = strings.Join(names, ",")
	}
	cands, err := parseSettings(text, ests)
	if err != nil {
		return nil, fmt.Errorf("--estimator: %w", err)
	}
	return cands, nil
}

// moveFit is the move model of one setting: β fitted on the training
// games, and the log-likelihood it gives the held-out games' moves.
type moveFit struct {
	cand eval.Candidate
	fit  movemodel.Fit
	err  error
	// held are the held-out games' choices; heldLL and heldUniform their
	// mean log-likelihoods at fit.Beta and of the uniform choice.
	held                int
	heldLL, heldUniform float64
}

// runFitMoveModel ranks the legal moves of the positions after --moves
// of the games of c with every setting, fits each setting's β to the
// moves played in the training games, and measures it on the held-out
// games.
func runFitMoveModel(ctx context.Context, env Env, o fitOptions, cands []eval.Candidate, moves []int, c *eval.Collection) error {
	train, held := splitHoldout(c.Games, o.holdout)
	if len(train) == 0 {
		return fmt.Errorf("no counted game to fit to among %d files (%d held out)", c.Files, len(held))
	}
	var journal *eval.Journal
	if o.resume != "" {
		j, err := eval.OpenJournal(o.resume)
		if err != nil {
			return err
		}
		defer j.Close()
		if n := j.Len(); n > 0 {
			fmt.Fprintf(env.Stderr, "moyo: %s holds %d finished pieces; they are not computed again\n", o.resume, n)
		}
		journal = j
	}
	predict := func(games []eval.Game, what string) ([]eval.Prediction, error) {
		bar := newProgress(env, what)
		defer bar.clear()
		return eval.Predict(ctx, games, eval.Config{Moves: moves, Candidates: cands, Progress: bar.update, Journal: journal})
	}
	trainPreds, err := predict(train, "ranking moves")
	if err != nil {
		return err
	}
	var heldPreds []eval.Prediction
	if len(held) > 0 {
		if heldPreds, err = predict(held, "ranking held-out moves"); err != nil {
			return err
		}
	}
	rep := moveFitReport{opts: o, coll: c, moves: moves, train: len(train), heldGames: len(held)}
	for _, cand := range cands {
		mf := moveFit{cand: cand, heldLL: math.NaN(), heldUniform: math.NaN()}
		mf.fit, mf.err = eval.FitMoveModel(trainPreds, cand.Name())
		var choices []movemodel.Choice
		for _, p := range heldPreds {
			if p.Setting == cand.Name() {
				choices = append(choices, p.Choices...)
			}
		}
		if mf.held = len(choices); mf.held > 0 && mf.err == nil {
			ll, _, _ := movemodel.LogLikelihood(choices, mf.fit.Beta)
			mf.heldLL = ll / float64(mf.held)
			mf.heldUniform = movemodel.UniformLogLikelihood(choices) / float64(mf.held)
		}
		rep.fits = append(rep.fits, mf)
	}
	if err := o.write(env.Stdout, rep); err != nil {
		return err
	}
	for _, f := range rep.fits {
		if f.err == nil {
			return nil
		}
	}
	return errNoMoveModel
}

// moveFitReport is the outcome of 'moyo fit --move-model'.
type moveFitReport struct {
	opts             fitOptions
	coll             *eval.Collection
	moves            []int
	train, heldGames int
	fits             []moveFit
}

// jsonMoveFit is the JSON contract of 'moyo fit --move-model --format
// json'.
type jsonMoveFit struct {
	Files      int     `json:"files"`
	Games      int     `json:"games"`
	TrainGames int     `json:"train_games"`
	HeldGames  int     `json:"held_games"`
	Holdout    float64 `json:"holdout"`
	Moves      []int   `json:"moves"`
	// Settings hold one fit each, in the order asked for.
	Settings []jsonMoveFitSetting `json:"settings"`
}

// jsonMoveFitSetting is the move model of one setting. Log-likelihoods
// are means per move, in nats; "uniform" ones are ln 1/n of choosing
// among the n legal moves alike. Null where there is nothing to measure.
type jsonMoveFitSetting struct {
	Setting   string         `json:"setting"`
	Estimator string         `json:"estimator"`
	Params    map[string]any `json:"params"`
	// Positions counts the training choices, Held the held-out ones.
	Positions     int      `json:"positions"`
	Beta          *float64 `json:"beta"`
	StdErr        *float64 `json:"beta_std_err"`
	LogLikelihood *float64 `json:"log_likelihood"`
	Uniform       *float64 `json:"uniform_log_likelihood"`
	Held          int      `json:"held_positions"`
	HeldLL        *float64 `json:"held_log_likelihood"`
	HeldUniform   *float64 `json:"held_uniform_log_likelihood"`
	// Error says why there is no fit.
	Error string `json:"error,omitempty"`
}

func (r moveFitReport) writeJSON(w io.Writer) error {
	out := jsonMoveFit{
		Files: r.coll.Files, Games: len(r.coll.Games), TrainGames: r.train, HeldGames: r.heldGames,
		Holdout: r.opts.holdout, Moves: r.moves, Settings: []jsonMoveFitSetting{},
	}
	for _, f := range r.fits {
		in := f.cand.Estimator.Info()
		s := jsonMoveFitSetting{
			Setting: f.cand.Name(), Estimator: in.Name, Params: paramMap(in, f.cand.Params),
			Positions: f.fit.Choices, Held: f.held,
			HeldLL: number(f.heldLL), HeldUniform: number(f.heldUniform),
		}
		if f.err != nil {
			s.Error = f.err.Error()
		} else {
			s.Beta, s.StdErr = number(f.fit.Beta), number(f.fit.StdErr)
			s.LogLikelihood, s.Uniform = number(f.fit.PerMove()), number(f.fit.UniformPerMove())
		}
		out.Settings = append(out.Settings, s)
	}
	return writeJSON(w, out)
}

func (r moveFitReport) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "move model P(move) ∝ exp(β·gain) (Stern et al. 2004, §4) on %d counted games of %d files, moves %s pooled",
		len(r.coll.Games), r.coll.Files, r.opts.moves)
	if r.heldGames > 0 {
		fmt.Fprintf(&b, "; β fitted on %d games, %d held out (share %g)", r.train, r.heldGames, r.opts.holdout)
	}
	b.WriteString("\nβ per point of gain in board score ± standard error; log-likelihoods in nats per move, against\nln 1/n of choosing uniformly among the n legal moves\n\n")
	col := len("setting")
	for _, f := range r.fits {
		col = max(col, utf8.RuneCountInString(f.cand.Name()))
	}
	fmt.Fprintf(&b, "%-*s %9s %17s %7s %7s %7s", col, "setting", "positions", "beta", "ln P", "ln 1/n", "gain")
	if r.heldGames > 0 {
		fmt.Fprintf(&b, " %9s %7s %7s %7s", "held out", "ln P", "ln 1/n", "gain")
	}
	b.WriteString("\n")
	for _, f := range r.fits {
		fmt.Fprintf(&b, "%-*s %9d ", col, f.cand.Name(), f.fit.Choices)
		if f.err != nil {
			fmt.Fprintf(&b, " %v\n", f.err)
			continue
		}
		fmt.Fprintf(&b, "%17s %7.3f %7.3f %+7.3f", fmt.Sprintf("%.4f ± %.4f", f.fit.Beta, f.fit.StdErr),
			f.fit.PerMove(), f.fit.UniformPerMove(), f.fit.PerMove()-f.fit.UniformPerMove())
		if r.heldGames > 0 {
			if f.held == 0 {
				fmt.Fprintf(&b, " %9d %7s %7s %7s", 0, "-", "-", "-")
			} else {
				fmt.Fprintf(&b, " %9d %7.3f %7.3f %+7.3f", f.held, f.heldLL, f.heldUniform, f.heldLL-f.heldUniform)
			}
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// errNoMoveModel is returned when no setting could be fitted.
var errNoMoveModel = errors.New("no setting's move model could be fitted")
