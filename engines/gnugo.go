package engines

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
	"moyo/ownership"
)

// The views of GnuGoEngine.
const (
	// GnuGoEngineViewValue is GNU Go's own territory value of each empty
	// point (initial_influence for the side to move, territory_value),
	// with every stone ±1 by its colour (the default; "" means the same).
	GnuGoEngineViewValue = "value"
	// GnuGoEngineViewStatus is the area count of GNU Go's judgement: +1
	// or −1 for a point that is Black's or White's once the stones of
	// final_status_list dead are removed, 0 for seki and neutral points.
	GnuGoEngineViewStatus = "status"
)

// DefaultTimeout bounds one Estimate of an engine when its Timeout is 0.
// GNU Go judges a full 19×19 board in about 2 seconds.
const DefaultTimeout = 30 * time.Second

// GnuGoEngine is GNU Go 3.8 itself as an estimator, run as a GTP process.
// Values are Black-positive like every estimator's; GNU Go counts White
// positive, so its territory values are negated, and they are clamped to
// [−1, 1]. The value view gives every stone ±1 by its colour, as the
// gnugo estimator does, because initial_influence does not value stones;
// the status view is where dead stones change sign.
//
// The position is set up in full (boardsize, clear_board, then play for
// Black's stones and White's) unless it is the one the engine already
// holds; komi is not sent, as neither view depends on it. Ko and captures
// are not passed on. Make one with NewGnuGoEngine; its methods may be
// called from several goroutines.
type GnuGoEngine struct {
	// Path is the GNU Go program.
	Path string
	// Timeout bounds each Estimate, on top of its context; 0 is
	// DefaultTimeout.
	Timeout time.Duration

	lock   chan struct{}   // one slot: held while the engine is in use
	engine *gtp.Engine     // the running engine, or nil
	pos    *board.Position // the position set up in engine, or nil
}

// NewGnuGoEngine returns the estimator for the GNU Go program at path. It
// starts GNU Go at the first Estimate.
func NewGnuGoEngine(path string) *GnuGoEngine {
	return &GnuGoEngine{Path: path, lock: make(chan struct{}, 1)}
}

// Info describes GnuGoEngine and its parameter.
func (g *GnuGoEngine) Info() estimators.Info {
	return estimators.Info{
		Name:   "gnugo-engine",
		Title:  "GNU Go 3.8 over GTP",
		Sum:    "sum of GNU Go's judgement",
		Source: "GNU Go 3.8: initial_influence territory_value, final_status_list",
		Params: []estimators.ParamSpec{
			{Name: "view", Doc: "GNU Go's territory value, or the area count after its dead stones", Kind: estimators.Choice,
				Choices: []string{GnuGoEngineViewValue, GnuGoEngineViewStatus}, Default: estimators.Text(GnuGoEngineViewValue)},
		},
	}
}

// Check reports whether p's view is one GnuGoEngine has.
func (g *GnuGoEngine) Check(p estimators.Params) error {
	return g.Info().CheckKinds(g.Info().Complete(p))
}

// Estimate sets pos up in GNU Go and reads its estimate. An engine that
// turns out to have died since the last call is started again once.
func (g *GnuGoEngine) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	if err := g.Check(p); err != nil {
		return estimators.Result{}, err
	}
	p = g.Info().Complete(p)
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return estimate(ctx, "gnugo-engine", g.lock, timeout, pos,
		func() bool { return g.engine != nil },
		func(ctx context.Context) ([]float64, error) { return g.estimate(ctx, pos, p.Text("view")) })
}

// FinalStatus sets pos up in GNU Go with komi and returns the stones it
// judges dead and those in seki (final_status_list), as package
// ownership's Judge does: the judgement of a finished game that 'moyo
// count --dead gnugo' and the count mode use. An engine that turns out to
// have died since the last call is started again once.
func (g *GnuGoEngine) FinalStatus(ctx context.Context, pos *board.Position, komi float64) (dead, seki []board.Point, err error) {
	if pos == nil {
		return nil, nil, errors.New("gnugo-engine: nil position")
	}
	if err := acquire(ctx, g.lock); err != nil {
		return nil, nil, fmt.Errorf("gnugo-engine: %w", err)
	}
	defer func() { <-g.lock }()
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for attempt := 0; ; attempt++ {
		reused := g.engine != nil
		if g.engine == nil {
			e, err := gtp.Start(g.Path, []string{"--mode", "gtp"}, gtp.Options{})
			if err != nil {
				return nil, nil, err
			}
			g.engine = e
		}
		// Judge sets the position up anew: what the engine held is gone.
		g.pos = nil
		dead, seki, err = ownership.Judge(ctx, g.engine, pos, komi)
		if err == nil {
			return dead, seki, nil
		}
		var refused *gtp.Error
		if !errors.As(err, &refused) {
			g.engine.Close()
			g.engine = nil
		}
		if attempt > 0 || !reused || ctx.Err() != nil || g.engine != nil {
			return nil, nil, err
		}
	}
}

// estimate is one attempt of Estimate, with g.lock held. Any failure other
// than a refused command drops the engine, which gtp has then killed.
func (g *GnuGoEngine) estimate(ctx context.Context, pos *board.Position, view string) ([]float64, error) {
	if g.engine == nil {
		e, err := gtp.Start(g.Path, []string{"--mode", "gtp"}, gtp.Options{})
		if err != nil {
			return nil, err
		}
		g.engine, g.pos = e, nil
	}
	values, err := g.query(ctx, pos, view)
	if err != nil {
		g.pos = nil
		var refused *gtp.Error
		if !errors.As(err, &refused) {
			g.engine.Close()
			g.engine = nil
		}
	}
	return values, err
}

// query sets pos up unless the engine holds it already, and asks for view.
func (g *GnuGoEngine) query(ctx context.Context, pos *board.Position, view string) ([]float64, error) {
	size := pos.Size()
	if g.pos == nil || !g.pos.Equal(pos) {
		g.pos = nil
		for _, cmd := range gtp.Setup(pos) {
			if _, err := g.engine.Send(ctx, cmd); err != nil {
				return nil, fmt.Errorf("setting up the position: %w", err)
			}
		}
		g.pos = pos.Clone()
	}
	if view == GnuGoEngineViewStatus {
		return g.status(ctx, pos)
	}
	toMove := pos.ToMove()
	if toMove == board.Empty {
		toMove = board.Black
	}
	cmd := "initial_influence " + gtp.Color(toMove) + " territory_value"
	ans, err := g.engine.Send(ctx, cmd)
	if err != nil {
		return nil, err
	}
	grid, err := parseGrid(ans, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	for i, v := range grid {
		if c := pos.Cell(i); c != board.Empty {
			grid[i] = float64(c)
		} else {
			grid[i] = clamp(0 - v) // GNU Go counts White positive
		}
	}
	return grid, nil
}

// status returns the area assignment of GNU Go's judgement of the
// position it holds, pos.
func (g *GnuGoEngine) status(ctx context.Context, pos *board.Position) ([]float64, error) {
	var lists [2][]board.Point
	for k, status := range []string{"dead", "seki"} {
		ans, err := g.engine.Send(ctx, "final_status_list "+status)
		if err != nil {
			return nil, err
		}
		if lists[k], err = gtp.ParseVertices(ans, pos.Size()); err != nil {
			return nil, fmt.Errorf("final_status_list %s: %w", status, err)
		}
	}
	owner, err := ownership.Assign(pos, lists[0], lists[1])
	if err != nil {
		return nil, fmt.Errorf("GNU Go's judgement: %w", err)
	}
	values := make([]float64, len(owner))
	for i, o := range owner {
		values[i] = float64(o)
	}
	return values, nil
}

// parseGrid reads the size rows of size numbers GNU Go prints for a board,
// top row first, into SGF order.
func parseGrid(text string, size int) ([]float64, error) {
	fields := strings.Fields(text)
	if len(fields) != size*size {
		return nil, fmt.Errorf("%d numbers, want %d", len(fields), size*size)
	}
	grid := make([]float64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("value %d: %w", i+1, err)
		}
		grid[i] = v
	}
	return grid, nil
}

// Close stops GNU Go if it is running. It waits for a call under way.
func (g *GnuGoEngine) Close() error {
	g.lock <- struct{}{}
	defer func() { <-g.lock }()
	if g.engine == nil {
		return nil
	}
	err := g.engine.Close()
	g.engine, g.pos = nil, nil
	return err
}
