package app

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"moyo/assets"
	"moyo/engines"
	"moyo/estimators"
	"moyo/render"
	"moyo/ui"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// appID names the app to the desktop and keys its preferences.
const appID = "io.moyo.app"

// screenshotTimeout bounds how long --screenshot waits for the first run,
// so that a broken display makes the command fail instead of hang.
const screenshotTimeout = 60 * time.Second

// guiOptions are the flags of the desktop app.
type guiOptions struct {
	screenshot string
	move       int
	moveSet    bool
	estimator  string
	size       fyne.Size // of the window; zero for ui.DefaultWindowSize
	file       string
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
		o.size = fyne.NewSize(float32(w), float32(h))
		return nil
	})
	fs.StringVar(&o.estimator, "estimator", "", "estimator to start with: "+strings.Join(names, "|")+", or a reference engine when installed (gnugo-engine, katago)")
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: moyo [--screenshot OUT.png] [--size WxH] [--move N] [--estimator NAME] [FILE]\n\nStart the desktop app on the SGF record FILE, or on the sample game.\n\nFlags:\n")
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
	if o.estimator != "" {
		if err := checkGUIEstimator(o.estimator, env.estimators()); err != nil {
			return badUsage(env, fs, "%v", err)
		}
	}
	return guard(env, func() int { return runGUI(env, o) })
}

// checkGUIEstimator reports whether the app can start with the estimator
// called name: one of ests or an engine found where engines.Available
// looks by default. Engine paths set in the app's preferences are read
// only once the app is up.
func checkGUIEstimator(name string, ests []estimators.Estimator) error {
	if _, err := estimators.Find(ests, name); err == nil {
		return nil
	}
	es := engines.Available(engines.Config{})
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

// runGUI opens the window and runs the app until it closes, or until the
// screenshot is written. startApp guards it: a panic on its goroutine,
// where the window's event handlers run, ends in one line and a crash
// file (guard).
func runGUI(env Env, o guiOptions) int {
	display, err := checkDisplay()
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	defer display.Close() // not before the app's own connection: see checkDisplay
	a := fyneapp.NewWithID(appID)
	w := a.NewWindow("moyo")
	var store workspace.Store = a.Preferences()
	if o.screenshot != "" {
		// A screenshot shows the SPEC defaults and leaves the user's
		// settings alone.
		store = nil
	}
	ws, u := newWindow(a, w, env, store, fyne.Do)
	// The workspace first, so that no run is using an engine when it
	// closes.
	defer func() {
		ws.Close()
		u.Close()
	}()
	// The engine paths are the user's even for a screenshot.
	u.ListEngines(workspace.EngineConfig(a.Preferences()))
	if o.estimator != "" {
		if err := ws.Settings().SetEstimator(o.estimator); err != nil {
			fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
			return 2
		}
	}

	var openErr error
	if o.file != "" {
		data, err := os.ReadFile(o.file)
		if err == nil {
			err = ws.Open(filepath.Base(o.file), data)
		}
		openErr = err
		if err == nil && o.screenshot == "" {
			u.AddRecent(o.file)
		}
	}
	r := ws.Record()
	if r.Record() == nil {
		if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
			fmt.Fprintf(env.Stderr, "moyo: the sample record: %v\n", err)
			return 1
		}
		if !o.moveSet {
			r.SetMove(assets.SampleMove)
		}
	}
	if o.moveSet {
		r.SetMove(o.move)
	}
	if openErr != nil {
		if o.screenshot != "" {
			fmt.Fprintf(env.Stderr, "moyo: %v\n", openErr)
			return 1
		}
		ui.ShowError("Cannot open the record", openErr, w)
	}

	// The first run was asked for before the window existed, and its
	// latency includes the start of the app; run again once the app is
	// up, so that the panel shows the latency of an update.
	started := false
	a.Lifecycle().SetOnStarted(func() {
		started = true
		ws.Rerun()
	})
	if path := os.Getenv("MOYO_GEOMETRY"); path != "" {
		geometryWhenDone(env, u, ws, path, &started)
	}
	if o.screenshot != "" {
		// Fyne 2.7.1's quit can panic as it stops: its stopped hook may
		// be sent on its main queue after the queue is closed (the
		// shutdown queue race that fyne-io/fyne pull request 6442
		// describes and leaves open; it failed the end-to-end test once,
		// with the screenshot written). A screenshot has no settings to
		// save, so it ends the process itself, on the UI goroutine, once
		// the work and the engines are stopped (the display's probe
		// closes with the process, as the app's own connection does).
		end := func(code int) {
			ws.Close()
			u.Close()
			os.Exit(code)
		}
		screenshotWhenDone(env, w, ws, o.screenshot, &started, end)
	}
	size := o.size
	if size.IsZero() {
		size = ui.DefaultWindowSize()
	}
	w.Resize(size)
	w.SetMaster()
	w.ShowAndRun()
	return 0
}

// newWindow builds the app in w on a workspace that offers env's
// estimators and keeps its settings in store (nil keeps none); post hands
// the results of work done off the UI goroutine back to it.
func newWindow(a fyne.App, w fyne.Window, env Env, store workspace.Store, post func(func())) (*workspace.Workspace, *ui.App) {
	ws := workspace.New(post, store, env.estimators())
	return ws, ui.New(a, w, ws)
}

// screenshotWhenDone writes a PNG of w to out once the app has started
// and shown a run asked for after the start, the game graph its curve,
// and the search for the final ownership of a counted record has ended (it is bounded by
// workspace.FinalTimeout, less than screenshotTimeout), then calls end
// with the exit status: 0 when the file is written.
func screenshotWhenDone(env Env, w fyne.Window, ws *workspace.Workspace, out string, started *bool, end func(code int)) {
	done := false
	shoot := func() {
		if done {
			return
		}
		done = true
		code := 0
		if err := writePNG(out, widgets.Capture(w)); err != nil {
			fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
			code = 1
		}
		end(code)
	}
	ws.Subscribe(workspace.ChangeLatency|workspace.ChangeFinal|workspace.ChangeGraph, func(workspace.Change) {
		if !*started || ws.Runs().Running() || ws.Graph().Running() {
			return
		}
		if _, ok := ws.Runs().Shown(); !ok {
			return
		}
		if status, _, _ := ws.Final().Status(); status == workspace.FinalComputing {
			return
		}
		// Capture after every listener of this change has run and the
		// window has had a few frames to lay itself out.
		go func() {
			time.Sleep(200 * time.Millisecond)
			fyne.Do(shoot)
		}()
	})
	go func() {
		time.Sleep(screenshotTimeout)
		fyne.Do(func() {
			if !done {
				done = true
				fmt.Fprintf(env.Stderr, "moyo: no estimate after %v; no screenshot written\n", screenshotTimeout)
				end(1)
			}
		})
	}()
}

// geometryWhenDone writes the window's geometry (ui.App.Geometry) as JSON
// to path once the first run after the start is on screen, and again
// after every run shown since, once the layout has settled: the
// end-to-end test sets MOYO_GEOMETRY to know where to press and what to
// look at, also after it has changed the layout.
func geometryWhenDone(env Env, u *ui.App, ws *workspace.Workspace, path string, started *bool) {
	pending := false
	ws.Subscribe(workspace.ChangeLatency, func(workspace.Change) {
		if pending || !*started || ws.Runs().Running() {
			return
		}
		pending = true
		go func() {
			time.Sleep(300 * time.Millisecond) // let the layout settle
			fyne.Do(func() {
				pending = false
				b, err := json.Marshal(u.Geometry())
				if err == nil {
					// Write and rename, so that a reader never sees half.
					err = os.WriteFile(path+".new", b, 0o644)
				}
				if err == nil {
					err = os.Rename(path+".new", path)
				}
				if err != nil {
					fmt.Fprintf(env.Stderr, "moyo: MOYO_GEOMETRY: %v\n", err)
				}
			})
		}()
	})
}

// writePNG writes img to path as a PNG.
func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := render.EncodePNG(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
