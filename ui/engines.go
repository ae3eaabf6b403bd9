package ui

import (
	"context"
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"moyo/engines"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// ListEngines offers the estimators the workspace was made with and the
// reference engines found with cfg in the chooser and to the reference
// (workspace.EngineList.List).
func (u *App) ListEngines(cfg engines.Config) {
	u.engineCfg = cfg
	if err := u.engines.List(cfg); err != nil {
		fyne.LogError("closing the engines", err)
	}
}

// Close ends the engines' processes. Call it after the workspace's Close,
// so that no run is using them.
func (u *App) Close() {
	if err := u.engines.Close(); err != nil {
		fyne.LogError("closing the engines", err)
	}
}

// showEngines is Settings → Engines…: the paths of GNU Go and KataGo in
// use (the preferences', or the command line's), empty to find them (on
// PATH, or where KaTrain, Lizzie or Sabaki keep KataGo), with what was
// found. Save checks them by starting the engines, off the UI goroutine
// with a spinner, keeps them in the preferences and lists the chooser
// again; KataGo's own words say why it did not start, and the dialog
// comes back with what was typed.
func (u *App) showEngines() { u.showEnginesWith(u.engineCfg) }

// showEnginesWith shows the dialog filled with cfg.
func (u *App) showEnginesWith(cfg engines.Config) {
	type row struct {
		label, hint string
		value       *string
	}
	rows := []row{
		{"GNU Go", "gnugo on PATH or /usr/games/gnugo", &cfg.GnuGoPath},
		// What an empty KataGo field uses is known once the search
		// below ends (workspace.KataGoHints).
		{"KataGo", "looking…", &cfg.KataGoPath},
		{"KataGo config", "looking…", &cfg.KataGoConfig},
		{"KataGo model", "looking…", &cfg.KataGoModel},
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
			u.show(d, nil)
		})
		items = append(items, widget.NewFormItem(r.label, container.NewBorder(nil, nil, nil, browse, e)))
	}
	inUse := widgets.Small("in the chooser: " + u.engines.Summary())
	found := widgets.Wrapped(widgets.Small("looking for KataGo…"))
	items = append(items, widget.NewFormItem("Found", container.NewVBox(inUse, found)))
	// Looking reads the settings of KaTrain, Lizzie and Sabaki: off the
	// UI goroutine, as a slow disk must not freeze the window.
	go func() {
		all := engines.FindKataGo()
		text := workspace.FoundSummary(all)
		program, config, model := workspace.KataGoHints(all)
		fyne.Do(func() {
			found.SetText(text)
			for i, hint := range []string{program, config, model} {
				entries[1+i].SetPlaceHolder(hint)
			}
		})
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
	u.show(d, nil)
}

// saveEngines checks cfg by starting the engines it names, with a spinner
// and a Cancel button, then keeps it and lists the engines again; when an
// engine does not start, it says why and shows the dialog again with cfg.
func (u *App) saveEngines(cfg engines.Config) {
	ctx, cancel := context.WithTimeout(context.Background(), workspace.ValidateTimeout)
	wait := dialog.NewCustom("Engines", "Cancel", container.NewVBox(
		widget.NewLabel("Starting the engines to check them…"), widget.NewProgressBarInfinite()), u.win)
	wait.SetOnClosed(cancel)
	u.show(wait, nil)
	go func() {
		err := workspace.CheckEngines(ctx, cfg)
		cancelled := errors.Is(ctx.Err(), context.Canceled)
		cancel()
		fyne.Do(func() {
			wait.Hide()
			switch {
			case cancelled:
				u.showEnginesWith(cfg)
			case err != nil:
				// KataGo's explanations are long, with paths: wrapped.
				d := dialog.NewCustom("The engines did not start", "Back", widgets.Wrapped(widget.NewLabel(err.Error())), u.win)
				d.SetOnClosed(func() { u.showEnginesWith(cfg) })
				d.Resize(fyne.NewSize(640, 260))
				u.show(d, d.Hide)
			default:
				workspace.SetEngineConfig(u.app.Preferences(), cfg)
				u.ListEngines(cfg)
				if len(u.engines.Engines()) == 0 {
					u.showInfo("Engines", "No engine found: the chooser lists moyo's estimators only.")
				}
			}
		})
	}()
}
