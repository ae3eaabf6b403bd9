package app

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"moyo/engines"
	"moyo/estimators"
	"moyo/ui"
)

// guiOptions are the flags of the desktop app.
type guiOptions struct {
	screenshot string
	move       int
	moveSet    bool
	estimator  string
	count      bool
	width      int // of the window; 0 for ui.DefaultWindowSize
	height     int
	file       string
	game       int            // of a collection, from 1; 0 for the first, with the list
	engines    engines.Config // the engine paths given, over the preferences'
}

func guiFlags(o *guiOptions, env Env) *flag.FlagSet {
	fs := flag.NewFlagSet("moyo", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.StringVar(&o.screenshot, "screenshot", "", "start, wait for the first estimate, write a PNG of the window to `FILE` and exit")
	fs.IntVar(&o.move, "move", 0, "open at the position after `N` moves; negative counts back from the end (default: the last, or move 100 of the sample)")
	var names []string
	for _, e := range env.estimators() {
		names = append(names, e.Info().Name)
	}
	fs.Func("size", "open the window `WxH` units large, such as 1024x640 (default 1200x760); with --screenshot, the picture's size", func(v string) error {
		var w, h int
		if n, err := fmt.Sscanf(v, "%dx%d", &w, &h); err != nil || n != 2 || fmt.Sprintf("%dx%d", w, h) != v {
			return errors.New("want WxH, such as 1024x640")
		}
		if w < 320 || h < 240 || w > 7680 || h > 4320 {
			return fmt.Errorf("%dx%d is outside 320x240–7680x4320", w, h)
		}
		o.width, o.height = w, h
		return nil
	})
	fs.BoolVar(&o.count, "count", false, "start counting the position opened as a finished game (the count mode, key S)")
	fs.StringVar(&o.estimator, "estimator", "", "`NAME` of the estimator to start with: "+strings.Join(names, "|")+", or a reference engine when installed (gnugo-engine, katago)")
	fs.IntVar(&o.game, "game", 0, "open game `N` of FILE's collection, from 1 (default: the first, with the list of the collection's games)")
	fs.StringVar(&o.engines.GnuGoPath, "gnugo", "", "the GNU Go `PATH` for this session (default: Settings → Engines, else gnugo on PATH)")
	fs.StringVar(&o.engines.KataGoPath, "katago", "", "the KataGo `PATH` for this session (default: Settings → Engines, else katago on PATH or where KaTrain, Lizzie or Sabaki keep it)")
	fs.StringVar(&o.engines.KataGoConfig, "katago-config", "", "KataGo's GTP configuration `FILE` for this session")
	fs.StringVar(&o.engines.KataGoModel, "katago-model", "", "KataGo's network `FILE` for this session")
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: moyo [--screenshot OUT.png] [--size WxH] [--move N] [--game N] [--count] [--estimator NAME] [--katago PATH] [FILE]\n\nStart the desktop app on the SGF record FILE, or on the sample game.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// isGUIArgs reports whether the arguments are for the desktop app rather
// than a subcommand: flags, or a file to open.
func isGUIArgs(args []string) bool {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return true
	}
	if strings.EqualFold(filepath.Ext(args[0]), ".sgf") {
		return true
	}
	st, err := os.Stat(args[0])
	return err == nil && !st.IsDir()
}

// startApp runs the desktop app with its command-line arguments and
// returns the exit status when its window closes.
func startApp(env Env, args []string) int {
	var o guiOptions
	fs := guiFlags(&o, env)
	files, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	fs.Visit(func(f *flag.Flag) { o.moveSet = o.moveSet || f.Name == "move" })
	if len(files) > 1 {
		return badUsage(env, fs, "want at most one FILE, got %d", len(files))
	}
	if len(files) == 1 {
		o.file = files[0]
	}
	switch {
	case o.game < 0:
		return badUsage(env, fs, "--game %d: games are counted from 1", o.game)
	case o.game > 0 && o.file == "":
		return badUsage(env, fs, "--game needs a FILE")
	}
	for _, name := range []string{"gnugo-engine", "katago"} {
		if err := engines.NotFound(o.engines, name); err != nil {
			return badUsage(env, fs, "%v", err)
		}
	}
	if o.estimator != "" {
		if err := checkGUIEstimator(o.estimator, env.estimators(), o.engines); err != nil {
			return badUsage(env, fs, "%v", err)
		}
	}
	l := ui.Launch{
		File:       o.file,
		Game:       o.game,
		Engines:    o.engines,
		Estimator:  o.estimator,
		Count:      o.count,
		Width:      o.width,
		Height:     o.height,
		Screenshot: o.screenshot,
		Geometry:   os.Getenv("MOYO_GEOMETRY"),
		Estimators: env.estimators(),
		Stderr:     env.Stderr,
	}
	if o.moveSet {
		l.Move = &o.move
	}
	return guard(env, func() int { return ui.Run(l) })
}

// checkGUIEstimator reports whether the app can start with the estimator
// called name: one of ests or an engine found with the paths of the
// command line, cfg, or where engines.Available looks by default. Engine
// paths set in the app's preferences are read only once the app is up.
func checkGUIEstimator(name string, ests []estimators.Estimator, cfg engines.Config) error {
	if _, err := estimators.Find(ests, name); err == nil {
		return nil
	}
	es := engines.Available(cfg)
	defer engines.Close(es) // no process has started: nothing to wait for
	var names []string
	for _, e := range ests {
		names = append(names, e.Info().Name)
	}
	for _, e := range es {
		if e.Info().Name == name {
			return nil
		}
		names = append(names, e.Info().Name)
	}
	return fmt.Errorf("unknown estimator %q (valid: %s)", name, strings.Join(names, ", "))
}
