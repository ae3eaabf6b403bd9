package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"moyo/engines"
	"moyo/estimators"
	"moyo/workspace"
)

// ListEngines offers the estimators the workspace was made with and the
// reference engines found with cfg in the chooser and to the reference,
// closing the engines listed before: their processes end, and a run still
// using one fails and is replaced by the new run.
func (u *App) ListEngines(cfg engines.Config) {
	old := u.engines
	u.engines = engines.Available(cfg)
	all := append(slices.Clip(u.base), u.engines...)
	u.ws.Settings().SetEstimators(all)
	u.ws.Reference().SetEstimators(all)
	if err := engines.Close(old); err != nil {
		fyne.LogError("closing the engines", err)
	}
}

// Engines returns the reference engines in the chooser.
func (u *App) Engines() []estimators.Estimator { return u.engines }

// Close ends the engines' processes. Call it after the workspace's Close,
// so that no run is using them.
func (u *App) Close() {
	if err := engines.Close(u.engines); err != nil {
		fyne.LogError("closing the engines", err)
	}
	u.engines = nil
}

// validateTimeout bounds the start of KataGo on Save: loading a large
// network on a CPU takes a while.
const validateTimeout = 90 * time.Second

// showEngines is Settings → Engines…: the paths of GNU Go and KataGo,
// empty to find them (on PATH, or where KaTrain, Lizzie or Sabaki keep
// KataGo), with what was found. Save checks them by starting the engines,
// off the UI goroutine with a spinner, keeps them in the preferences and
// lists the chooser again; KataGo's own words say why it did not start,
// and the dialog comes back with what was typed.
func (u *App) showEngines() { u.showEnginesWith(workspace.EngineConfig(u.app.Preferences())) }

// showEnginesWith shows the dialog filled with cfg.
func (u *App) showEnginesWith(cfg engines.Config) {
	type row struct {
		label, hint string
		value       *string
	}
	rows := []row{
		{"GNU Go", "gnugo on PATH or /usr/games/gnugo", &cfg.GnuGoPath},
		{"KataGo", "found, see below", &cfg.KataGoPath},
		{"KataGo config", "found, or KataGo's default", &cfg.KataGoConfig},
		{"KataGo model", "found, or KataGo's default", &cfg.KataGoModel},
	}
	var items []*widget.FormItem
	entries := make([]*widget.Entry, len(rows))
	for i, r := range rows {
		e := widget.NewEntry()
		e.SetText(*r.value)
		e.SetPlaceHolder(r.hint)
		entries[i] = e
		browse := widget.NewButton("…", func() {
			d := dialog.NewFileOpen(func(f fyne.URIReadCloser, err error) {
				if err == nil && f != nil {
					e.SetText(f.URI().Path())
					f.Close()
				}
			}, u.win)
			d.Resize(fyne.NewSize(800, 560))
			d.Show()
		})
		items = append(items, widget.NewFormItem(r.label, container.NewBorder(nil, nil, nil, browse, e)))
	}
	inUse := small("in the chooser: " + engineSummary(u.engines))
	found := small("looking for KataGo…")
	found.Wrapping = fyne.TextWrapWord
	items = append(items, widget.NewFormItem("Found", container.NewVBox(inUse, found)))
	// Looking reads the settings of KaTrain, Lizzie and Sabaki: off the
	// UI goroutine, as a slow disk must not freeze the window.
	go func() {
		text := foundSummary(engines.FindKataGo())
		fyne.Do(func() { found.SetText(text) })
	}()
	d := dialog.NewForm("Engines", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		for i, r := range rows {
			*r.value = strings.TrimSpace(entries[i].Text)
		}
		u.saveEngines(cfg)
	}, u.win)
	d.Resize(fyne.NewSize(680, 380))
	d.Show()
}

// foundSummary lists the KataGos FindKataGo found, where, with their
// networks: "/usr/bin/katago (PATH), network kata1-….bin.gz".
func foundSummary(found []engines.KataGoFound) string {
	if len(found) == 0 {
		return "no KataGo on PATH, nor in KaTrain's, Lizzie's or Sabaki's settings"
	}
	var lines []string
	for _, k := range found {
		prog := k.Path
		if prog == "" {
			prog = "(no program)"
		}
		line := fmt.Sprintf("%s (%s)", prog, k.Source)
		if k.Model != "" {
			line += ", network " + k.Model
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// saveEngines checks cfg by starting the engines it names, with a spinner
// and a Cancel button, then keeps it and lists the engines again; when an
// engine does not start, it says why and shows the dialog again with cfg.
func (u *App) saveEngines(cfg engines.Config) {
	ctx, cancel := context.WithTimeout(context.Background(), validateTimeout)
	wait := dialog.NewCustom("Engines", "Cancel", container.NewVBox(
		widget.NewLabel("Starting the engines to check them…"), widget.NewProgressBarInfinite()), u.win)
	wait.SetOnClosed(cancel)
	wait.Show()
	go func() {
		err := checkEngines(ctx, cfg)
		cancelled := errors.Is(ctx.Err(), context.Canceled)
		cancel()
		fyne.Do(func() {
			wait.Hide()
			switch {
			case cancelled:
				u.showEnginesWith(cfg)
			case err != nil:
				// KataGo's explanations are long, with paths: wrapped.
				msg := widget.NewLabel(err.Error())
				msg.Wrapping = fyne.TextWrapWord
				d := dialog.NewCustom("The engines did not start", "Back", msg, u.win)
				d.SetOnClosed(func() { u.showEnginesWith(cfg) })
				d.Resize(fyne.NewSize(640, 260))
				d.Show()
			default:
				workspace.SetEngineConfig(u.app.Preferences(), cfg)
				u.ListEngines(cfg)
				if len(u.engines) == 0 {
					dialog.ShowInformation("Engines", "No engine found: the chooser lists moyo's estimators only.", u.win)
				}
			}
		})
	}()
}

// checkEngines reports why an engine cfg names is not there, or does not
// start: KataGo is started as the app would start it
// (engines.ValidateKataGo), and its own explanation is part of the error
// (engines.KataGoError). An engine cfg leaves to be found and that is not
// found is no error.
func checkEngines(ctx context.Context, cfg engines.Config) error {
	var errs []error
	for _, name := range []string{workspace.GnuGoEngineName, workspace.KataGoName} {
		if err := engines.NotFound(cfg, name); err != nil {
			errs = append(errs, err)
		}
	}
	es := engines.Available(cfg) // no process starts here
	for _, e := range es {
		if k, ok := e.(*engines.KataGo); ok {
			errs = append(errs, engines.ValidateKataGo(ctx, k.Path, k.Config, k.Model))
		}
	}
	engines.Close(es)
	return errors.Join(errs...)
}

// engineSummary names the engines in the chooser.
func engineSummary(es []estimators.Estimator) string {
	if len(es) == 0 {
		return "none"
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Info().Name)
	}
	return fmt.Sprintf("%s (%d)", strings.Join(names, ", "), len(es))
}
