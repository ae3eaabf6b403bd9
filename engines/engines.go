// Package engines offers Go-playing programs as estimators: GNU Go over
// GTP (GnuGoEngine) and KataGo's ownership (KataGo), with KataGo's
// progressive analysis for the app (KataGo.Analyze), its JSON
// analysis engine for many positions at once (KataGoBatch), and where to
// find it (FindKataGo, ValidateKataGo). Each runs one long-lived engine
// process, started when first needed, reused by later calls and started
// again if it died; calls are serialised. They are the reference the
// estimators of package estimators are measured against.
//
// An engine estimator holds a process: the caller must Close it, or close
// everything Available returned with Close.
package engines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
)

// Config says where the engines are. It is what the GUI's preferences and
// the command line's --gnugo, --katago, --katago-config, --katago-model and
// --katago-ownership-view flags set; the zero value auto-detects.
type Config struct {
	// GnuGoPath is the GNU Go program; "" looks for gnugo on PATH and
	// then at /usr/games/gnugo (gtp.LookGnuGo).
	GnuGoPath string
	// KataGoPath is the KataGo program; "" takes the first KataGo that
	// FindKataGo finds (on PATH, or named by KaTrain's, Lizzie's or
	// Sabaki's settings), with its configuration and network where
	// KataGoConfig and KataGoModel are "".
	KataGoPath string
	// KataGoConfig is KataGo's GTP configuration file (-config); "" lets
	// KataGo find its default, or moyo give its minimal one.
	KataGoConfig string
	// KataGoModel is KataGo's network file (-model); "" lets KataGo find
	// its default.
	KataGoModel string
	// KataGoOwnershipView is whose view KataGo is asked to report
	// ownership from: "tomove" (KataGo's default, reportAnalysisWinratesAs
	// SIDETOMOVE) or "black" (BLACK); "" means "tomove". moyo passes it to
	// KataGo, so either gives the same values.
	KataGoOwnershipView string
}

// Available returns the engine estimators whose programs are found, GNU
// Go's first. A path set in cfg that is not an executable file leaves its
// engine out, as a missing program does; NotFound says why. No process is
// started until an estimator is first used.
func Available(cfg Config) []estimators.Estimator {
	var es []estimators.Estimator
	if bin, err := lookGnuGo(cfg.GnuGoPath); err == nil {
		es = append(es, NewGnuGoEngine(bin))
	}
	if bin, config, model, err := lookKataGo(cfg); err == nil {
		es = append(es, NewKataGo(bin, config, model, cfg.KataGoOwnershipView))
	}
	return es
}

// NotFound returns why the engine estimator called name is not among
// Available(cfg) although cfg sets the path of its program: nothing
// executable is there. It returns nil for a name that is no engine's, for
// an engine that is found, and for one whose program cfg leaves to be
// looked for: an engine not installed is the ordinary case.
func NotFound(cfg Config, name string) error {
	var path, what string
	var err error
	switch name {
	case "gnugo-engine":
		path, what = cfg.GnuGoPath, "GNU Go"
		_, err = lookGnuGo(path)
	case "katago":
		path, what = cfg.KataGoPath, "KataGo"
		_, _, _, err = lookKataGo(cfg)
	}
	if err == nil || path == "" {
		return nil
	}
	reason := "not an executable file"
	if errors.Is(err, fs.ErrNotExist) {
		reason = "no such file"
	}
	return fmt.Errorf("%s: %s not found at %s (%s)", name, what, path, reason)
}

// Close closes every estimator of es that holds a process (an io.Closer)
// and returns the first error.
func Close(es []estimators.Estimator) error {
	var first error
	for _, e := range es {
		if c, ok := e.(io.Closer); ok {
			if err := c.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// lookGnuGo returns the GNU Go program: path if set, else gtp.LookGnuGo's.
func lookGnuGo(path string) (string, error) {
	if path != "" {
		return exec.LookPath(path)
	}
	return gtp.LookGnuGo()
}

// ErrNoKataGo is returned when no path to KataGo is set and FindKataGo
// finds none.
var ErrNoKataGo = errors.New("katago is not on PATH, nor named by KaTrain's, Lizzie's or Sabaki's settings")

// lookKataGo returns the KataGo program, configuration and network of
// cfg: the program's path if set, else the best FindKataGo finds, whose
// configuration and network fill in those cfg leaves empty.
func lookKataGo(cfg Config) (path, config, model string, err error) {
	var best KataGoFound
	if cfg.KataGoPath != "" {
		if best, err = KataGoAt(cfg.KataGoPath); err != nil {
			return "", "", "", err
		}
	} else {
		var ok bool
		if best, ok = BestKataGo(FindKataGo()); !ok {
			return "", "", "", ErrNoKataGo
		}
	}
	config, model = cfg.KataGoConfig, cfg.KataGoModel
	if config == "" {
		config = best.Config
	}
	if model == "" {
		model = best.Model
	}
	return best.Path, config, model, nil
}

// estimate is what the engines' Estimate methods share. It waits for its
// turn at lock (a one-slot semaphore), bounds the call by timeout, and
// calls attempt with the lock held; attempt reports in running afterwards
// whether a process is up. When the process of an earlier call turns out
// to have died (killed, crashed) it is started again once, so that a dead
// process is not the user's problem. name prefixes the errors that are not
// the engine's own.
func estimate(ctx context.Context, name string, lock chan struct{}, timeout time.Duration, pos *board.Position,
	running func() bool, attempt func(context.Context) ([]float64, error)) (estimators.Result, error) {
	if pos == nil {
		return estimators.Result{}, fmt.Errorf("%s: nil position", name)
	}
	if err := acquire(ctx, lock); err != nil {
		return estimators.Result{}, fmt.Errorf("%s: %w", name, err)
	}
	defer func() { <-lock }()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	reused := running()
	values, err := attempt(ctx)
	if err != nil && reused && ctx.Err() == nil && !running() {
		values, err = attempt(ctx)
	}
	if err != nil {
		// The callers name the estimator.
		return estimators.Result{}, err
	}
	return estimators.OnePass(pos.Size(), values, start), nil
}

// acquire takes the one-slot semaphore lock, or gives up when ctx is done:
// a caller queued behind a long engine call can still be cancelled, which
// a sync.Mutex would not allow.
func acquire(ctx context.Context, lock chan struct{}) error {
	select {
	case lock <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for the engine: %w", ctx.Err())
	}
}

// clamp limits v to [−1, 1]; 0 − v elsewhere keeps −0 off the board.
func clamp(v float64) float64 {
	return max(-1, min(1, v))
}
