package ownership

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"moyo/board"
	"moyo/game"
	"moyo/gtp"
)

// Judge sets pos up in a GTP engine (GNU Go) and returns the stones it
// judges dead and those it judges in seki (final_status_list). The
// position is set up stone by stone (gtp.Setup), which also works for
// records the engine's own SGF reader cannot read.
func Judge(ctx context.Context, e *gtp.Engine, pos *board.Position, komi float64) (dead, seki []board.Point, err error) {
	size := pos.Size()
	commands := append(gtp.Setup(pos), "komi "+strconv.FormatFloat(komi, 'f', -1, 64))
	for _, cmd := range commands {
		if _, err := e.Send(ctx, cmd); err != nil {
			return nil, nil, fmt.Errorf("setting up the final position: %w", err)
		}
	}
	for _, list := range []struct {
		status string
		pts    *[]board.Point
	}{{"dead", &dead}, {"seki", &seki}} {
		ans, err := e.Send(ctx, "final_status_list "+list.status)
		if err != nil {
			return nil, nil, err
		}
		if *list.pts, err = gtp.ParseVertices(ans, size); err != nil {
			return nil, nil, fmt.Errorf("final_status_list %s: %w", list.status, err)
		}
	}
	return dead, seki, nil
}

// Scorer finds the final ownership of game records with GNU Go, which it
// starts when it first needs it, and keeps what it finds in a cache so
// that each record is judged once. A Scorer is not safe for concurrent
// use; run one per goroutine (they may share a cache directory). Close
// stops the engine.
type Scorer struct {
	// GnuGo is the GNU Go program; "" finds it with gtp.LookGnuGo.
	GnuGo string
	// Cache is the directory of the cache; "" caches nothing. See
	// DefaultCacheDir.
	Cache string
	// Timeout bounds each GTP command; default 5 minutes, far more than
	// GNU Go takes to judge a final position (about 2 seconds).
	Timeout time.Duration

	engine *gtp.Engine
	name   string // the engine's name and version
}

// Final returns the final ownership of rec, whose cache key is key (see
// Key): from the cache when it is there, else from GNU Go, and then stores
// it. It fails for a record whose main line breaks before its end (the
// final position is unknown) and for boards GNU Go does not play (over
// 19×19). It does not check the result: see Final.Check.
func (s *Scorer) Final(ctx context.Context, rec *game.Record, key string) (*Final, error) {
	if rec.Err != nil {
		return nil, fmt.Errorf("no final position: %w", rec.Err)
	}
	last := rec.AfterMove(rec.Moves())
	pos := last.Position
	if s.Cache != "" {
		if f := load(s.Cache, key, rec); f != nil {
			return f, nil
		}
	}
	if err := s.start(); err != nil {
		return nil, err
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	dead, seki, err := Judge(ctx, s.engine, pos, rec.Info.Komi)
	if err != nil {
		var refused *gtp.Error
		if !errors.As(err, &refused) {
			// The engine is gone; the next record starts a new one.
			s.engine.Close()
			s.engine = nil
		}
		return nil, err
	}
	f, err := newFinal(pos, dead, seki, rec.Moves(), rec.Info.Komi, rec.Info.Result, s.name)
	if err != nil {
		return nil, fmt.Errorf("%s's judgement: %w", s.name, err)
	}
	if s.Cache != "" {
		if err := store(s.Cache, key, f); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// ErrNoEngine is wrapped by the errors of a Scorer that cannot start GNU
// Go, so that a caller can stop rather than fail on every record alike.
var ErrNoEngine = errors.New("cannot start GNU Go")

// start starts GNU Go if it is not running.
func (s *Scorer) start() error {
	if s.engine != nil {
		return nil
	}
	bin := s.GnuGo
	if bin == "" {
		var err error
		if bin, err = gtp.LookGnuGo(); err != nil {
			return fmt.Errorf("%w: %w", ErrNoEngine, err)
		}
	}
	e, err := gtp.Start(bin, []string{"--mode", "gtp"}, gtp.Options{})
	if err != nil {
		return fmt.Errorf("%w: %w", ErrNoEngine, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name, err := e.Send(ctx, "name")
	if err == nil {
		var version string
		version, err = e.Send(ctx, "version")
		name += " " + version
	}
	if err != nil {
		e.Close()
		return fmt.Errorf("%w: %w", ErrNoEngine, err)
	}
	s.engine, s.name = e, name
	return nil
}

// Close stops GNU Go if it was started.
func (s *Scorer) Close() error {
	if s.engine == nil {
		return nil
	}
	err := s.engine.Close()
	s.engine = nil
	return err
}
