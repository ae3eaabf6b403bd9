package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"moyo/engines"
	"moyo/game"
	"slices"
)

// Every command's flags behave alike: -h prints the command's whole usage
// and exits 0; a misuse (a bad flag or value, a missing FILE) prints one
// line saying what is wrong and one saying how to see the flags, and exits
// 2. The usage of some commands runs to fifty lines, which would bury the
// one that matters.

// parseFlags parses args with fs by parse (parseInterspersed, or a
// command's own way of telling flags from operands) and returns the
// operands. fs.Usage must print the command's whole usage: -h prints it
// and returns flag.ErrHelp. A bad flag is reported as badUsage reports a
// misuse, and its error returned. The flag package's own report, its
// message and the usage, is kept quiet.
func parseFlags(env Env, fs *flag.FlagSet, args []string, parse func(*flag.FlagSet, []string) ([]string, error)) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	operands, err := parse(fs, args)
	fs.Usage = usage
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
	case err != nil:
		badUsage(env, fs, "%v", err)
	}
	return operands, err
}

// badUsage reports a misuse of the command of fs in one line, "moyo
// analyze: want one FILE, got 0", followed by how to see its flags, and
// returns the exit status of a misuse, 2.
func badUsage(env Env, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(env.Stderr, "%s: %s\n%s\n", commandName(fs), fmt.Sprintf(format, a...), usageHint(fs))
	return 2
}

// commandName is how the command of fs is typed: "moyo analyze", or
// "moyo" for the desktop app, whose flag set is called so.
func commandName(fs *flag.FlagSet) string {
	if fs.Name() == "moyo" {
		return "moyo"
	}
	return "moyo " + fs.Name()
}

// usageHint says how to see the flags of the command of fs: "Run 'moyo
// analyze -h' for the flags."
func usageHint(fs *flag.FlagSet) string {
	return "Run '" + commandName(fs) + " -h' for the flags."
}

// printFlags prints the flags of fs as fs.PrintDefaults does, less the
// flags of a parameter's own name (--lambda), which --param stands for in
// the usage (listed, bpl's eighty would bury the rest), and the flags
// without a usage: those a command shares with others but refuses.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(w)
	fs.VisitAll(func(f *flag.Flag) {
		if _, param := f.Value.(namedParamFlag); param || f.Usage == "" {
			return
		}
		shown.Var(f.Value, f.Name, f.Usage)
		shown.Lookup(f.Name).DefValue = f.DefValue
	})
	shown.PrintDefaults()
}

// engineFlags defines the flags naming GNU Go's and KataGo's programs
// and files in c, for a command that runs GNU Go when gnugoWhen says so
// and KataGo when katagoWhen does ("--dead katago"), which starts each
// flag's help.
func engineFlags(fs *flag.FlagSet, c *engines.Config, gnugoWhen, katagoWhen string) {
	fs.StringVar(&c.GnuGoPath, "gnugo", "", gnugoWhen+": the GNU Go `PATH` (default: gnugo on PATH, else /usr/games/gnugo)")
	fs.StringVar(&c.KataGoPath, "katago", "", katagoWhen+": the KataGo `PATH` (default: katago on PATH)")
	fs.StringVar(&c.KataGoConfig, "katago-config", "", katagoWhen+": KataGo's GTP configuration `FILE`")
	fs.StringVar(&c.KataGoModel, "katago-model", "", katagoWhen+": KataGo's network `FILE`")
}

// parseBoardCommand parses args with fs for a command of one SGF FILE
// whose output is text, JSON or a board picture (--format, --pixels
// wide): it returns the files and the names of the flags set, or the exit
// status to stop with (0 for -h, 2 for bad usage, said by badUsage), -1
// to go on.
func parseBoardCommand(env Env, fs *flag.FlagSet, args []string, format *string, pixels *int) (files []string, set map[string]bool, code int) {
	files, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return nil, nil, 0
	}
	if err != nil {
		return nil, nil, 2
	}
	set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case len(files) != 1:
		return nil, nil, badUsage(env, fs, "want one FILE, got %d", len(files))
	case !slices.Contains([]string{"text", "json", "png"}, *format):
		return nil, nil, badUsage(env, fs, "unknown format %q (valid: text, json, png)", *format)
	case *pixels < 64 || *pixels > 8192:
		return nil, nil, badUsage(env, fs, "--pixels %d is outside 64–8192", *pixels)
	}
	return files, set, -1
}

// readRecordAt reads game gameIndex (from 1) of the SGF record file ("-":
// standard input) and the move a command looks at: the last, or move if
// moveSet (negative counts back from the end). A record that stops at an
// error is read up to it, unless the move asked for lies beyond.
func readRecordAt(env Env, file string, gameIndex, move int, moveSet bool) (name string, rec *game.Record, at int, err error) {
	name, data, err := readInput(file, env.Stdin)
	if err != nil {
		return "", nil, 0, err
	}
	if rec, err = game.Parse(data, gameIndex-1); err != nil {
		return "", nil, 0, fmt.Errorf("%s:%w", name, err)
	}
	n := rec.Moves()
	at = n
	if moveSet {
		if at = move; at < 0 {
			at = n + at
		}
	}
	if rec.Err != nil && (at > n || !moveSet) {
		return "", nil, 0, fmt.Errorf("%s:%w", name, rec.Err)
	}
	if at < 0 || at > n {
		return "", nil, 0, fmt.Errorf("%s: --move %d is outside the record, which has %d moves", name, move, n)
	}
	return name, rec, at, nil
}
