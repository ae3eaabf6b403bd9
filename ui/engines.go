package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"moyo/engines"
	"moyo/estimators"
	"moyo/workspace"
)

// ListEngines offers the estimators the workspace was made with and the
// reference engines found with cfg in the chooser, closing the engines
// listed before: their processes end, and a run still using one fails and
// is replaced by the new run.
func (u *App) ListEngines(cfg engines.Config) {
	old := u.engines
	u.engines = engines.Available(cfg)
	u.ws.Settings().SetEstimators(append(slices.Clip(u.base), u.engines...))
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

// showEngines is Settings → Engines…: the paths of GNU Go and KataGo,
// empty to look for them on PATH, kept in the preferences; the chooser
// is listed again on Save.
func (u *App) showEngines() {
	prefs := u.app.Preferences()
	cfg := workspace.EngineConfig(prefs)
	type row struct {
		label, hint string
		value       *string
	}
	rows := []row{
		{"GNU Go", "gnugo on PATH or /usr/games/gnugo", &cfg.GnuGoPath},
		{"KataGo", "katago on PATH", &cfg.KataGoPath},
		{"KataGo config", "KataGo's default", &cfg.KataGoConfig},
		{"KataGo model", "KataGo's default", &cfg.KataGoModel},
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
	found := small(engineSummary(u.engines))
	items = append(items, widget.NewFormItem("Found", found))
	d := dialog.NewForm("Engines", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		for i, r := range rows {
			*r.value = strings.TrimSpace(entries[i].Text)
		}
		workspace.SetEngineConfig(prefs, cfg)
		u.ListEngines(cfg)
		if len(u.engines) == 0 {
			dialog.ShowInformation("Engines", "No engine found: the chooser lists moyo's estimators only.", u.win)
		}
	}, u.win)
	d.Resize(fyne.NewSize(640, 320))
	d.Show()
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
