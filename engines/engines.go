// Package engines offers Go-playing programs as estimators: GNU Go over
// GTP (GnuGoEngine) and KataGo's kata-analyze ownership (KataGo). Each
// runs one long-lived engine process, started when first needed, reused by
// later calls and started again if it died; calls are serialised. They are
// the reference the estimators of package estimators are measured against.
//
// An engine estimator holds a process: the caller must Close it, or close
// everything Available returned with Close.
package engines

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	// KataGoPath is the KataGo program; "" looks for katago on PATH.
	KataGoPath string
	// KataGoConfig is KataGo's GTP configuration file (-config); "" lets
	// KataGo find its default.
	KataGoConfig string
	// KataGoModel is KataGo's network file (-model); "" lets KataGo find
	// its default.
	KataGoModel string
	// KataGoOwnershipView is whose view KataGo reports ownership from:
	// "tomove" (KataGo's default, reportAnalysisWinratesAs SIDETOMOVE) or
	// "black" (reportAnalysisWinratesAs BLACK). It must match the KataGo
	// configuration; "" means "tomove".
	KataGoOwnershipView string
}

// Available returns the engine estimators whose programs are found, GNU
// Go's first. A path set in cfg that is not an executable file leaves its
// engine out, as a missing program does. No process is started until an
// estimator is first used.
func Available(cfg Config) []estimators.Estimator {
	var es []estimators.Estimator
	if bin, err := lookGnuGo(cfg.GnuGoPath); err == nil {
		es = append(es, NewGnuGoEngine(bin))
	}
	if bin, err := lookKataGo(cfg.KataGoPath); err == nil {
		es = append(es, NewKataGo(bin, cfg.KataGoConfig, cfg.KataGoModel, cfg.KataGoOwnershipView))
	}
	return es
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

// ErrNoKataGo is returned when KataGo is not on PATH and no path is set.
var ErrNoKataGo = errors.New("katago is not on PATH")

// lookKataGo returns the KataGo program: path if set, else katago on PATH.
func lookKataGo(path string) (string, error) {
	if path != "" {
		return exec.LookPath(path)
	}
	p, err := exec.LookPath("katago")
	if err != nil {
		return "", ErrNoKataGo
	}
	return p, nil
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
	return estimators.Result{
		Size:       pos.Size(),
		Values:     values,
		Trace:      []float64{0},
		Iterations: 1,
		Converged:  true,
		Elapsed:    time.Since(start),
	}, nil
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
