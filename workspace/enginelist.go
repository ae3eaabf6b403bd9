package workspace

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"moyo/engines"
	"moyo/estimators"
)

// EngineList is what a workspace offers to estimate with and to refer
// to: the estimators it was made with, and the reference engines found
// where the settings say (engines.Available), whose processes it owns.
type EngineList struct {
	ws            *Workspace
	base, engines []estimators.Estimator
}

// NewEngineList returns the list of ws's estimators, with no engine yet.
func NewEngineList(ws *Workspace) *EngineList {
	return &EngineList{ws: ws, base: slices.Clone(ws.settings.Estimators())}
}

// List offers the estimators and the reference engines found with cfg in
// the estimator's chooser and to the reference, and closes the engines
// listed before: their processes end, and a run still using one fails
// and is replaced by the new run.
func (l *EngineList) List(cfg engines.Config) error {
	old := l.engines
	l.engines = engines.Available(cfg)
	all := append(slices.Clip(l.base), l.engines...)
	l.ws.settings.SetEstimators(all)
	l.ws.ref.SetEstimators(all)
	return engines.Close(old)
}

// Engines returns the reference engines listed.
func (l *EngineList) Engines() []estimators.Estimator { return l.engines }

// Close ends the engines' processes. Call it after the workspace's Close,
// so that no run is using them.
func (l *EngineList) Close() error {
	err := engines.Close(l.engines)
	l.engines = nil
	return err
}

// Summary names the engines listed: "gnugo-engine, katago (2)", "none".
func (l *EngineList) Summary() string {
	if len(l.engines) == 0 {
		return "none"
	}
	return fmt.Sprintf("%s (%d)", strings.Join(names(l.engines), ", "), len(l.engines))
}

// ValidateTimeout bounds the start of KataGo when the engines' settings
// are checked: loading a large network on a CPU takes a while.
const ValidateTimeout = 90 * time.Second

// CheckEngines reports why an engine cfg names is not there, or does not
// start: KataGo is started as the app would start it
// (engines.ValidateKataGo), and its own explanation is part of the error
// (engines.KataGoError). An engine cfg leaves to be found and that is not
// found is no error.
func CheckEngines(ctx context.Context, cfg engines.Config) error {
	var errs []error
	for _, name := range []string{GnuGoEngineName, KataGoName} {
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

// FoundSummary lists the KataGos engines.FindKataGo found, where, with
// their networks: "/usr/bin/katago (PATH), network kata1-….bin.gz".
func FoundSummary(found []engines.KataGoFound) string {
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
