package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"moyo/engines"
	"moyo/estimators"
	"moyo/game"
)

// positionOptions are the flags of the commands that run an estimator on
// one position of a game record: analyze and rank.
type positionOptions struct {
	move      int
	moveSet   bool
	gameIndex int
	estimator string
	format    string
	formats   []string // the valid formats, the first the default
	out       string
	pixels    int
	legend    bool
	overlay   string
	ests      []estimators.Estimator // the estimators to choose from, besides the engines
	// noEngines leaves the engine estimators out: for a command that
	// needs a model of moyo's own (mixing).
	noEngines bool
	params    *paramSettings    // the parameters given, in order
	set       map[string]string // flags given on the command line, by name
	engines   engines.Config    // where the engine estimators' programs are
	// running holds the engine estimators check found; the command
	// closes them when it ends.
	running []estimators.Estimator
}

// positionFlags returns the flag set of the command called name, with the
// flags every position command has; the command may add its own before
// parsing. about is the command's usage line and description, printed
// before the flags. Every parameter of the estimators of ests and of the
// engines is a flag of its name.
func positionFlags(name, about string, o *positionOptions, formats []string, w io.Writer, ests []estimators.Estimator) *flag.FlagSet {
	o.formats = formats
	o.ests = ests
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.IntVar(&o.move, "move", 0, "position after `N` moves of the main line: 0 = setup only, negative counts back from the end (default: the last)")
	fs.IntVar(&o.gameIndex, "game", 1, "which game `N` of a collection, from 1")
	var names []string
	for _, e := range ests {
		names = append(names, e.Info().Name)
	}
	all := slices.Clip(ests)
	if !o.noEngines {
		all = append(all, engines.Unstarted()...)
	}
	estHelp := "`NAME` of the estimator: " + strings.Join(names, "|")
	if !o.noEngines {
		estHelp += ", or gnugo-engine|katago when installed"
	}
	fs.StringVar(&o.estimator, "estimator", defaultEstimator(ests), estHelp)
	o.params = paramFlags(fs, all)
	if !o.noEngines {
		engineFlags(fs, &o.engines, "gnugo-engine", "katago")
		fs.StringVar(&o.engines.KataGoOwnershipView, "katago-ownership-view", "", "katago: whose `VIEW` KataGo's configuration reports ownership from, black|tomove (default tomove)")
	}
	fs.StringVar(&o.format, "format", formats[0], "`FORMAT` of the output: "+strings.Join(formats, "|"))
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.IntVar(&o.pixels, "pixels", 760, "png: width and height of the image")
	fs.BoolVar(&o.legend, "legend", false, "png: add the key to the overlay's shades below the board")
	fs.StringVar(&o.overlay, "overlay", "shade", "png: overlay `STYLE`, shade|squares|numbers|none")
	fs.Usage = func() {
		fmt.Fprintf(w, "%s\nFlags:\n", about)
		printFlags(w, fs)
	}
	return fs
}

// target is what a position command works on: the position the flags
// select and the estimator to run on it.
type target struct {
	name   string // the input's name in error messages: the file or "stdin"
	data   []byte // what was read, whose hash keys the record's caches
	rec    *game.Record
	step   game.Step
	est    estimators.Estimator
	params estimators.Params
}

// runPositionCommand is the part of a position command that does not
// depend on the command: it parses args with fs, which positionFlags made,
// checks them with o.check and then check (if not nil), reads FILE, selects
// the position and the estimator, and calls run. It returns the exit
// status: 0 on success or for -h, 1 for bad input, reported on one line
// that names the place, and 2 for bad usage, reported in a line with how
// to see the flags (badUsage).
func runPositionCommand(env Env, fs *flag.FlagSet, o *positionOptions, args []string, check func() error, run func(t target) error) int {
	files, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	o.set = map[string]string{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = f.Value.String() })
	_, o.moveSet = o.set["move"]
	usageError := func(format string, a ...any) int { return badUsage(env, fs, format, a...) }
	if len(files) != 1 {
		return usageError("want one FILE, got %d", len(files))
	}
	if err := o.check(); err != nil {
		return usageError("%v", err)
	}
	if check != nil {
		if err := check(); err != nil {
			return usageError("%v", err)
		}
	}
	name, data, err := readInput(files[0], env.Stdin)
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	// check found the engines; their processes end with the command.
	defer func() {
		if err := engines.Close(o.running); err != nil {
			fmt.Fprintf(env.Stderr, "moyo: warning: %v\n", err)
		}
	}()
	t, err := o.target(env, name, data)
	if err == nil {
		err = run(t)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	return 0
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

// check validates the flags that do not depend on the record.
func (o *positionOptions) check() error {
	if !slices.Contains(o.formats, o.format) {
		return fmt.Errorf("unknown format %q (valid: %s)", o.format, strings.Join(o.formats, ", "))
	}
	est, err := o.lookup()
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

// lookup returns the estimator --estimator names: one of package
// estimators, or an engine estimator whose program is found. The engines
// are looked for once and kept in o.running, to be closed. An engine
// whose program is not at the path its flag gives is reported as such.
func (o *positionOptions) lookup() (estimators.Estimator, error) {
	if o.running == nil && !o.noEngines {
		o.running = engines.Available(o.engines)
	}
	est, err := estimators.Find(append(slices.Clip(o.ests), o.running...), o.estimator)
	if err != nil && !o.noEngines {
		if missing := engines.NotFound(o.engines, o.estimator); missing != nil {
			return nil, missing
		}
	}
	return est, err
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

// target loads the record, selects the position after --move and the
// estimator with its parameters, and warns on env.Stderr about what the
// user may not expect: a record that breaks after the position, and flags
// the estimator does not read.
func (o *positionOptions) target(env Env, name string, data []byte) (target, error) {
	rec, err := game.Parse(data, o.gameIndex-1)
	if err != nil {
		return target{}, fmt.Errorf("%s:%w", name, err)
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
		return target{}, fmt.Errorf("%s:%w", name, rec.Err)
	}
	if move < 0 || move > n {
		return target{}, fmt.Errorf("%s: --move %d is outside the record, which has %d moves", name, o.move, n)
	}
	if rec.Err != nil {
		fmt.Fprintf(env.Stderr, "moyo: warning: %s:%v (the moves before it are analysed)\n", name, rec.Err)
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(env.Stderr, "moyo: warning: %s:%v\n", name, w)
	}

	est, _ := o.lookup()             // checked with the flags
	params, _ := o.merge(est.Info()) // checked with the flags
	for _, name := range o.params.names() {
		if !est.Info().Reads(name, params) {
			fmt.Fprintf(env.Stderr, "moyo: warning: %s does not read %s (%s)\n", est.Info().Name, name, o.params.from(name))
		}
	}
	return target{name: name, data: data, rec: rec, step: rec.AfterMove(move), est: est, params: params}, nil
}

// merge starts from the estimator's defaults and applies the parameters
// the user gave, in order, so that an unset parameter never overrides a
// default. Parameters the estimator does not have are left for target to
// warn about.
func (o *positionOptions) merge(info estimators.Info) (estimators.Params, error) {
	return o.params.apply(info, info.Defaults())
}

// write calls write with the file --out names, or standard output, and
// reports its errors as errors writing the output. The file is created
// only now, once the result is known, so that a failed run leaves no empty
// file behind.
func (o *positionOptions) write(env Env, write func(w io.Writer) error) error {
	w := env.Stdout
	var f *os.File
	if o.out != "" {
		var err error
		if f, err = os.Create(o.out); err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if err := write(w); err != nil {
		return fmt.Errorf("writing %s output: %w", o.format, err)
	}
	if f != nil {
		return f.Close()
	}
	return nil
}
