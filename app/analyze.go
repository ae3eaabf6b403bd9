package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"moyo/estimators"
	"moyo/game"
)

// analyzeOptions are the flags of 'moyo analyze'.
type analyzeOptions struct {
	move      int
	moveSet   bool
	gameIndex int
	estimator string
	format    string
	out       string
	pixels    int
	overlay   string
	params    estimators.Params
	set       map[string]string // flags given on the command line, by name
}

func analyzeFlags(o *analyzeOptions, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(w)
	fs.IntVar(&o.move, "move", 0, "position after `N` moves of the main line: 0 = setup only, negative counts back from the end (default: the last)")
	fs.IntVar(&o.gameIndex, "game", 1, "which game of a collection, from 1")
	fs.StringVar(&o.estimator, "estimator", "symmetric", "estimator: "+strings.Join(estimators.Names(), "|"))
	fs.StringVar(&o.params.Mode, "mode", "", "symmetric: how stones are valued, alive|judged (default judged)")
	fs.Float64Var(&o.params.Lambda, "lambda", 0, "symmetric: λ, weight of two-against-two neighbourhoods (default 0.44)")
	fs.Float64Var(&o.params.Kappa, "kappa", 0, "symmetric: κ, weight of a stone's chain against its own neighbourhood (default 0.8)")
	fs.Float64Var(&o.params.Attenuation, "attenuation", 0, "propagate, gnugo: factor by which influence falls per step (default 2, gnugo 2.4)")
	fs.StringVar(&o.params.View, "view", "", "gnugo: value|regions, GNU Go's territory value or its territory/moyo/area classes (default value)")
	fs.StringVar(&o.params.Cap, "cap", "", "propagate: clamp the total or each colour separately, total|separate (default total)")
	fs.Float64Var(&o.params.Tol, "tol", 0, "stop when the residual falls below this (default per estimator)")
	fs.IntVar(&o.params.MaxIter, "max-iter", 0, "iteration cap (default per estimator: symmetric 1000, bp 50)")
	fs.Float64Var(&o.params.Damping, "damping", 0, "bp: share of the old message kept in each update (default 0.5)")
	fs.StringVar(&o.params.Inference, "inference", "", "bp: bp|exact|sw|bp-exact (default bp; bp-exact shows (bp − exact)/2)")
	fs.IntVar(&o.params.Samples, "samples", 0, "bp: Swendsen–Wang sweeps for --inference sw (default 10000)")
	fs.StringVar(&o.format, "format", "text", "output: text|json|png")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.IntVar(&o.pixels, "pixels", 760, "png: width and height of the image")
	fs.StringVar(&o.overlay, "overlay", "shade", "png: overlay style, shade|squares|numbers|none")
	fs.Usage = func() {
		fmt.Fprintf(w, "usage: moyo analyze [flags] FILE\n\nRun an estimator on a position of the SGF record FILE (- reads standard input).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// parseInterspersed parses flags that may come before or after the
// positional arguments, as users type them.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func analyze(env Env, args []string) int {
	var o analyzeOptions
	fs := analyzeFlags(&o, env.Stderr)
	files, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	o.set = map[string]string{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = f.Value.String() })
	_, o.moveSet = o.set["move"]
	if len(files) != 1 {
		fmt.Fprintf(env.Stderr, "moyo analyze: want one FILE, got %d\n", len(files))
		fs.Usage()
		return 2
	}
	if err := o.check(); err != nil {
		fmt.Fprintf(env.Stderr, "moyo analyze: %v\n", err)
		fs.Usage()
		return 2
	}
	name, data, err := readInput(files[0], env.Stdin)
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	if err := runAnalyze(env, o, name, data); err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	return 0
}

// check validates the flags that do not depend on the record.
func (o *analyzeOptions) check() error {
	switch o.format {
	case "text", "json", "png":
	default:
		return fmt.Errorf("unknown format %q (valid: text, json, png)", o.format)
	}
	est, err := estimators.ByName(o.estimator)
	if err != nil {
		return err
	}
	p, err := o.merge(est.Info())
	if err != nil {
		return err
	}
	if err := est.Check(p); err != nil {
		return err
	}
	if _, err := overlayStyle(o.overlay); err != nil {
		return err
	}
	if o.pixels < 64 || o.pixels > 8192 {
		return fmt.Errorf("--pixels %d is outside 64–8192", o.pixels)
	}
	return nil
}

// readInput returns the bytes of the file named on the command line, and
// the name its errors are reported under.
func readInput(file string, stdin io.Reader) (string, []byte, error) {
	if file == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "stdin", nil, fmt.Errorf("stdin: %w", err)
		}
		return "stdin", b, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return file, nil, err
	}
	return file, b, nil
}

// runAnalyze loads the record, runs the estimator and writes the report.
func runAnalyze(env Env, o analyzeOptions, name string, data []byte) error {
	rec, err := game.Parse(data, o.gameIndex-1)
	if err != nil {
		return fmt.Errorf("%s:%w", name, err)
	}
	n := rec.Moves()
	move := n
	if o.moveSet {
		move = o.move
		if move < 0 {
			move = n + move
		}
	}
	if rec.Err != nil && (move > n || !o.moveSet) {
		// The record breaks at move n+1: the user asked for a position the
		// record cannot reach, or for the end, which the error cuts short.
		return fmt.Errorf("%s:%w", name, rec.Err)
	}
	if move < 0 || move > n {
		return fmt.Errorf("%s: --move %d is outside the record, which has %d moves", name, o.move, n)
	}
	if rec.Err != nil {
		fmt.Fprintf(env.Stderr, "moyo: warning: %s:%v (the moves before it are analysed)\n", name, rec.Err)
	}
	step := rec.AfterMove(move)

	est, _ := estimators.ByName(o.estimator)
	params, _ := o.merge(est.Info()) // checked with the flags
	for _, p := range estimators.AllParams() {
		if _, ok := o.set[string(p)]; ok && !est.Info().Uses(p) {
			fmt.Fprintf(env.Stderr, "moyo: warning: %s does not read --%s\n", est.Info().Name, p)
		}
	}
	res, err := est.Estimate(context.Background(), step.Position, params)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", name, est.Info().Name, err)
	}
	rep := report{
		rec:    rec,
		step:   step,
		info:   est.Info(),
		params: params,
		res:    res,
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
	switch o.format {
	case "json":
		err = rep.writeJSON(w)
	case "png":
		style, _ := overlayStyle(o.overlay)
		err = rep.writePNG(w, o.pixels, style)
	default:
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

// merge starts from the estimator's defaults and applies the parameter
// flags the user gave, so that an unset flag never overrides a default.
func (o *analyzeOptions) merge(info estimators.Info) (estimators.Params, error) {
	p := info.Defaults
	for _, name := range estimators.AllParams() {
		if v, ok := o.set[string(name)]; ok {
			if err := p.Set(name, v); err != nil {
				return p, err
			}
		}
	}
	return p, nil
}
