package reference

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"moyo/board"
	"moyo/engines"
)

// GnuGo is GNU Go's own estimate as a reference (engines.GnuGoEngine):
// its territory value of each empty point for the side to move, stones ±1
// by colour (View "value"), or the area count after its judgement of the
// dead stones (View "status", slow on open boards). GNU Go sees the
// stones only: no ko, no history, no komi, which neither view reads.
//
// A map is cached under the stones, the side to move, the view and the
// SHA-256 of the GNU Go program. Make one with NewGnuGo.
type GnuGo struct {
	// Path is the GNU Go program.
	Path string
	// View is engines.GnuGoEngineViewValue or engines.GnuGoEngineViewStatus.
	View string
	// Cache keeps the maps.
	Cache Cache
	// Workers is how many GNU Go processes run at once; 0 is
	// runtime.GOMAXPROCS(0).
	Workers int

	once    sync.Once
	program string // the program's SHA-256
	idError error
}

// NewGnuGo returns GNU Go's estimate in view ("" for the value view) from
// the program at path, cached in cache.
func NewGnuGo(path, view string, cache Cache) *GnuGo {
	if view == "" {
		view = engines.GnuGoEngineViewValue
	}
	return &GnuGo{Path: path, View: view, Cache: cache}
}

// Name returns "gnugo-engine".
func (g *GnuGo) Name() string { return "gnugo-engine" }

// Describe names the view.
func (g *GnuGo) Describe() string {
	if g.View == engines.GnuGoEngineViewStatus {
		return "GNU Go's area count after its dead stones (final_status_list)"
	}
	return "GNU Go's territory value (initial_influence), stones ±1"
}

// Close does nothing: Maps stops its GNU Go processes when it returns.
func (g *GnuGo) Close() error { return nil }

// key returns the cache key of pos.
func (g *GnuGo) key(pos *board.Position) string {
	var b strings.Builder
	fmt.Fprintf(&b, "gnugo-engine %s\nprogram %s\n%d %s ", g.View, g.program, pos.Size(), pos.ToMove())
	for i := range pos.Len() {
		b.WriteString(pos.Cell(i).String())
	}
	return b.String()
}

// Maps returns GNU Go's estimate of every position (see Source.Maps), on
// Workers GNU Go processes.
func (g *GnuGo) Maps(ctx context.Context, ps []Position, progress func(done, total int)) ([][]float64, map[int]error, error) {
	g.once.Do(func() {
		g.program, g.idError = fileHash(g.Path)
		if g.idError != nil {
			g.idError = fmt.Errorf("gnugo-engine: %w", g.idError)
		}
	})
	if g.idError != nil {
		return nil, nil, g.idError
	}
	est := engines.NewGnuGoEngine(g.Path)
	p, err := est.Info().Set(est.Info().Defaults(), "view", g.View)
	if err != nil {
		return nil, nil, fmt.Errorf("gnugo-engine: %w", err)
	}
	maps := make([][]float64, len(ps))
	errs := make([]error, len(ps))
	var (
		next   atomic.Int64
		mu     sync.Mutex
		done   int
		wg     sync.WaitGroup
		failed error
		once   sync.Once
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	fail := func(err error) {
		once.Do(func() {
			failed = err
			cancel()
		})
	}
	workers := g.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range min(workers, len(ps)) {
		wg.Go(func() {
			e := engines.NewGnuGoEngine(g.Path)
			defer e.Close()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(ps) || ctx.Err() != nil {
					return
				}
				pos := ps[i].Record.AfterMove(ps[i].Move).Position
				key := g.key(pos)
				m, ok := g.Cache.Get(g.Name(), key, pos.Len())
				if !ok {
					res, err := e.Estimate(ctx, pos, p)
					switch {
					case ctx.Err() != nil:
						return
					case err != nil:
						errs[i] = err
					default:
						m = res.Values
						if err := g.Cache.Put(g.Name(), key, m); err != nil {
							fail(err)
							return
						}
					}
				}
				maps[i] = m
				mu.Lock()
				done++
				if progress != nil {
					progress(done, len(ps))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if failed != nil {
		return nil, nil, failed
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("gnugo-engine: %w", err)
	}
	out := map[int]error{}
	for i, err := range errs {
		if err != nil {
			out[i] = err
		}
	}
	return maps, out, nil
}
