package ui

import (
	"encoding/json"
	"fmt"
	"image"
	"io"
	"log"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"moyo/assets"
	"moyo/engines"
	"moyo/estimators"
	"moyo/internal/display"
	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// The desktop app's launch: the window, the record it opens, and the
// hooks the command line and the end-to-end tests drive it by.

// appID names the app to the desktop and keys its preferences.
const appID = "io.moyo.app"

// screenshotTimeout bounds how long a screenshot waits for the first run,
// so that a broken display makes the command fail instead of hang.
const screenshotTimeout = 60 * time.Second

// Launch is how the desktop app starts, as its command line asks.
type Launch struct {
	// File is the SGF record to open; "" opens the sample game.
	File string
	// Move, if not nil, is the position to open at, after that many
	// moves; negative counts back from the end. Without it the app opens
	// a record at its last move and the sample at assets.SampleMove.
	Move *int
	// Game, if not 0, is the game of File's collection to open, from 1;
	// 0 opens the first, and lists a collection's games to choose from.
	Game int
	// Estimator names the estimator to start with; "" keeps the one
	// chosen last.
	Estimator string
	// Count starts in the count mode, on the position opened.
	Count bool
	// Width and Height are the window's size in Fyne's units, no larger
	// than the screen; 0 opens it at the size the user left it at, or
	// one that fits the screen (FirstWindowSize).
	Width, Height int
	// Screenshot, if set, is where to write a PNG of the window once
	// the first estimate is shown; the app then exits.
	Screenshot string
	// Geometry, if set, is where to write the window's geometry as JSON
	// after every run shown (App.Geometry), for the end-to-end tests.
	Geometry string
	// Engines are the engine paths given on the command line, which hold
	// for the session over those kept in the preferences
	// (workspace.EngineConfigOver).
	Engines engines.Config
	// Estimators are the estimators offered.
	Estimators []estimators.Estimator
	// Stderr receives the app's errors.
	Stderr io.Writer
}

// Run opens the window and runs the app until it closes, or until the
// screenshot is written, and returns the exit status. Its caller should
// guard it: a panic on its goroutine, where the window's event handlers
// run, is a panic of the app.
func Run(o Launch) int {
	probe, err := display.Check()
	if err != nil {
		fmt.Fprintf(o.Stderr, "moyo: %v\n", err)
		return 1
	}
	defer probe.Close() // not before the app's own connection: see display.Check
	// Fyne's reports of a desktop working as it should are not shown
	// (fynenoise.go).
	if path, err := preferencesPath(appID); err == nil {
		if err := dropEmptyPreferences(path); err != nil {
			fmt.Fprintf(o.Stderr, "moyo: the empty preferences file: %v\n", err)
		}
	}
	defer log.SetOutput(log.Writer())
	log.SetOutput(&fyneLog{w: o.Stderr})
	a := fyneapp.NewWithID(appID)
	if icon, err := appIcon(); err == nil {
		a.SetIcon(icon)
	} else {
		fmt.Fprintf(o.Stderr, "moyo: %v\n", err) // a build without its icon still runs
	}
	w := a.NewWindow("moyo")
	var store workspace.Store = a.Preferences()
	if o.Screenshot != "" {
		// A screenshot shows the estimators' defaults and leaves the
		// user's settings alone.
		store = nil
	}
	ws := workspace.New(fyne.Do, store, o.Estimators)
	u := New(a, w, ws)
	// The workspace first, so that no run is using an engine when it
	// closes.
	defer func() {
		ws.Close()
		u.Close()
	}()
	// The engine paths are the user's even for a screenshot.
	u.ListEngines(workspace.EngineConfigOver(a.Preferences(), o.Engines))
	if o.Estimator != "" {
		if err := ws.Settings().SetEstimator(o.Estimator); err != nil {
			fmt.Fprintf(o.Stderr, "moyo: %v\n", err)
			return 2
		}
	}

	var openErr error
	if o.File != "" {
		data, err := os.ReadFile(o.File)
		if err == nil {
			err = ws.OpenGame(filepath.Base(o.File), data, max(o.Game-1, 0))
		}
		openErr = err
		if err == nil && o.Screenshot == "" {
			u.AddRecent(o.File)
		}
	}
	r := ws.Record()
	if r.Record() == nil {
		if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
			fmt.Fprintf(o.Stderr, "moyo: the sample record: %v\n", err)
			return 1
		}
		if o.Move == nil {
			r.SetMove(assets.SampleMove)
		}
	}
	if o.Move != nil {
		r.SetMove(*o.Move)
	}
	if o.Count {
		if err := ws.StartCount(); err != nil {
			fmt.Fprintf(o.Stderr, "moyo: %v\n", err)
			return 1
		}
	}
	if openErr != nil {
		if o.Screenshot != "" {
			fmt.Fprintf(o.Stderr, "moyo: %v\n", openErr)
			return 1
		}
		u.showError("Cannot open the record", openErr)
	} else if o.File != "" && o.Game == 0 && o.Screenshot == "" {
		u.showGames()
	}

	// The first run was asked for before the window existed, and its
	// latency includes the start of the app; run again once the app is
	// up, so that the panel shows the latency of an update.
	started := false
	a.Lifecycle().SetOnStarted(func() {
		started = true
		ws.Rerun()
	})
	if o.Geometry != "" {
		geometryWhenDone(o.Stderr, u, ws, o.Geometry, &started)
	}
	if o.Screenshot != "" {
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
		screenshotWhenDone(o.Stderr, w, ws, o.Screenshot, &started, end)
	}
	var saved fyne.Size
	if o.Screenshot == "" {
		// A screenshot is taken at the size asked or the screen's, and
		// leaves the user's size alone.
		saved = savedWindowSize(a.Preferences())
		keepWindowSize(w, a.Preferences())
	}
	asked := fyne.NewSize(float32(o.Width), float32(o.Height))
	w.Resize(FirstWindowSize(screenUnits(probe.Screen, a.Settings().Scale()), saved, asked))
	w.SetMaster()
	w.ShowAndRun()
	return 0
}

// screenshotWhenDone writes a PNG of w to out once the app has started
// and shown a run asked for after the start, the game graph its curve,
// the search for the final ownership of a counted record has ended (it
// is bounded by workspace.FinalTimeout, less than screenshotTimeout), and
// in the count mode the dead stones are judged, then calls end
// with the exit status: 0 when the file is written.
func screenshotWhenDone(stderr io.Writer, w fyne.Window, ws *workspace.Workspace, out string, started *bool, end func(code int)) {
	done := false
	shoot := func() {
		if done {
			return
		}
		done = true
		code := 0
		if err := writePNG(out, widgets.Capture(w)); err != nil {
			fmt.Fprintf(stderr, "moyo: %v\n", err)
			code = 1
		}
		end(code)
	}
	ws.Subscribe(workspace.ChangeLatency|workspace.ChangeFinal|workspace.ChangeGraph|workspace.ChangeCount, func(workspace.Change) {
		if !*started || ws.Runs().Running() || ws.Graph().Running() {
			return
		}
		if c, ok := ws.Mode().(*workspace.CountMode); ok && c.Judging() {
			return // the judgement is under way
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
				fmt.Fprintf(stderr, "moyo: no estimate after %v; no screenshot written\n", screenshotTimeout)
				end(1)
			}
		})
	}()
}

// geometryWhenDone writes the window's geometry (App.Geometry) as JSON
// to path once the first run after the start is on screen, and again
// after every run shown since, once the layout has settled: the
// end-to-end test sets MOYO_GEOMETRY to know where to press and what to
// look at, also after it has changed the layout.
func geometryWhenDone(stderr io.Writer, u *App, ws *workspace.Workspace, path string, started *bool) {
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
					fmt.Fprintf(stderr, "moyo: MOYO_GEOMETRY: %v\n", err)
				}
			})
		}()
	})
}

// writePNG writes img to path as a PNG: the screenshot.
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
