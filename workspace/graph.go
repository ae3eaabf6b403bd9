package workspace

// The game graph: the chosen estimator's result after komi at every move
// of the record's line (package gamescore), computed on a worker of its
// own once the board's run of the same settings is shown, so that the
// board comes first, and posted while it runs, so that the graph fills.
// Settings changed meanwhile wait for it, the newest of them computed
// next (Graph.want), and complete curves are cached by line and
// settings. Beside it, on request, the reference's curve: another
// estimator's or GNU Go's scores, or KataGo's own score lead move by
// move; and for the random fields P(Black wins). Where the record's final
// ownership is known, each curve's cross-entropy against it is measured
// at every move, as 'moyo eval' measures it. The curves' machinery is in
// graphcurve.go, what the section shows in graphview.go.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"time"

	"moyo/engines"
	"moyo/estimators"
	"moyo/eval"
	"moyo/game"
	"moyo/gamescore"
	"moyo/randfield"
	"moyo/reference"
)

// Settings of the graph kept between sessions.
const (
	keyGraphReference = "graph.reference"
	keyGraphWinProb   = "graph.winprob"
)

// The graph's work.
const (
	// GraphTurns is how many turning points the graph marks and lists.
	GraphTurns = 5
	// GraphWinSweeps is the Swendsen–Wang sweeps a position of the P(Black
	// wins) curve: 'moyo eval --win-prob's default, about a tenth of a
	// second a position, half a minute for a game on two cores.
	GraphWinSweeps = 1000
	// graphCacheSize is how many complete curves are kept: a slider
	// dragged back and forth finds the last few at once.
	graphCacheSize = 12
	// graphPostEvery is how often a curve under way is posted to the
	// graph.
	graphPostEvery = 50 * time.Millisecond
)

// Graph is the game graph of the record's line: the estimate's curve, the
// reference's on request, P(Black wins) on request, and the turning
// points. It follows the workspace by subscribing to it, before any
// panel does, so that panels read it up to date.
type Graph struct {
	ws     *Workspace
	store  Store
	active bool // the graph is shown (SetActive): nothing is computed otherwise

	est, ref, win *series
	// cache holds complete curves by key, the newest last.
	cache []cached

	showRef, showWin bool
}

// cached is a complete curve and its key.
type cached struct {
	key   string
	curve curve
}

// newGraph returns ws's graph, with what store keeps, subscribed to ws.
func newGraph(ws *Workspace, store Store) *Graph {
	g := &Graph{ws: ws, store: store}
	g.est = newSeries(ws.post, ws.notify)
	g.ref = newSeries(ws.post, ws.notify)
	g.win = newSeries(ws.post, ws.notify)
	for _, s := range []*series{g.est, g.ref, g.win} {
		s.ended = g.follow
	}
	g.showRef = load(store, keyGraphReference) == "on"
	g.showWin = load(store, keyGraphWinProb) == "on"
	ws.Subscribe(graphFollows, func(Change) { g.follow() })
	return g
}

// graphFollows are the changes the graph follows: the record and its
// line, the mode, the estimator and its parameters, the run shown (the
// graph waits for the board), the final ownership and the reference.
const graphFollows = ChangeRecord | ChangeMode | ChangeEstimator | ChangeParams | ChangeResult | ChangeFinal | ChangeReference

// close stops the workers.
func (g *Graph) close() {
	for _, s := range []*series{g.est, g.ref, g.win} {
		s.w.close()
	}
}

// SetActive says whether the graph is shown; it computes nothing while it
// is not, as at first, and catches up when it is.
func (g *Graph) SetActive(on bool) {
	if on == g.active {
		return
	}
	g.active = on
	if !on {
		for _, s := range []*series{g.est, g.ref, g.win} {
			if s.running() {
				s.drop() // half a curve is of no use later
			}
		}
	}
	g.follow()
	g.ws.notify(ChangeGraph)
}

// Running reports whether the estimate's curve is under way.
func (g *Graph) Running() bool { return g.est.running() }

// Active reports whether the graph is shown.
func (g *Graph) Active() bool { return g.active }

// ShowReference reports whether the reference's curve is asked for.
func (g *Graph) ShowReference() bool { return g.showRef }

// SetShowReference asks for the reference's curve beside the estimate's,
// or drops it; the choice is kept between sessions.
func (g *Graph) SetShowReference(on bool) { g.setShown(&g.showRef, on, keyGraphReference, g.ref) }

// ShowWinProb reports whether P(Black wins) is asked for.
func (g *Graph) ShowWinProb() bool { return g.showWin }

// SetShowWinProb asks for P(Black wins) at every move, for the random
// fields, or drops it; the choice is kept between sessions.
func (g *Graph) SetShowWinProb(on bool) { g.setShown(&g.showWin, on, keyGraphWinProb, g.win) }

// setShown asks for the curve of s, or drops it, where shown holds
// whether it is asked for and key keeps the choice between sessions.
func (g *Graph) setShown(shown *bool, on bool, key string, s *series) {
	if on == *shown {
		return
	}
	*shown = on
	save(g.store, key, onOff(on))
	if !on {
		s.drop()
	}
	g.follow()
	g.ws.notify(ChangeGraph)
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// line returns the record's line the graph is of, in the record mode, or
// nil.
func (g *Graph) line() *game.Record {
	if g.ws.mode.Kind() != KindRecord {
		return nil
	}
	return g.ws.record.Record()
}

// follow brings every curve in step with what it is of: taken from the
// cache, computed, or dropped. While the graph is not shown, a curve of
// something else is dropped but none is computed. The estimate's curve of
// new settings waits until the board's run of them is shown, and the
// curve of the old ones is cancelled at once, so that the graph never
// delays the board.
func (g *Graph) follow() {
	rec := g.line()
	if rec == nil {
		return // another mode: the record's line stays as it was
	}
	owners, measured := g.ws.final.owners(rec.Steps[0].Position.Len())
	s := g.ws.settings
	est, p := s.est, s.Params()
	g.want(g.est, curveKey(rec, est, p, measured), rec, measured, !g.ws.runs.Running(), true, !isEngine(est),
		func() curveJob { return estimateJob(rec, est, p, owners) })
	g.followRef(rec, owners, measured)
	g.followWin(rec)
}

// want makes s the curve of key on the line of rec: from the cache, or,
// while the graph is shown and start allows, computed by the job work
// makes, and cached when complete if keep is set. patient marks a short
// job: a job of the same line under way that was patient too is left to
// end, and the newest key is computed after it (series.ended), so that a
// slider dragged redraws the graph each time a curve is done; others are
// cancelled. A curve of another line, or of anything while the graph is
// not shown, is dropped.
func (g *Graph) want(s *series, key string, rec *game.Record, measured, start, keep, patient bool, work func() curveJob) {
	if key == s.key {
		return
	}
	if c, ok := g.cached(key); ok {
		s.show(key, rec, c)
		return
	}
	if s.line != rec || !g.active {
		s.drop()
	}
	if !g.active || !start || s.running() && s.patient && patient {
		return
	}
	var done func(curve)
	if keep {
		done = g.keep(key)
	}
	s.submit(key, rec, measured, patient, work(), done)
}

// followRef brings the reference's curve in step with the reference
// chosen, when asked for.
func (g *Graph) followRef(rec *game.Record, owners []int8, measured bool) {
	r := g.ws.ref
	if !g.showRef || r.kind == RefFinal {
		g.ref.drop() // the final outcome is the level and the entropies
		return
	}
	switch r.kind {
	case RefKataGo:
		e, err := r.settings.byName(KataGoName)
		a, ok := e.(reference.Analyzer)
		if err != nil || !ok {
			g.ref.drop()
			g.ref.curve.err = errNoEngine("KataGo")
			return
		}
		// KataGo's maps are cached by the reference: its curve is not.
		key := fmt.Sprintf("katago %p %p %d", rec, a, r.visits)
		g.want(g.ref, key, rec, false, true, false, false, func() curveJob { return kataJob(rec, a, r.visits, r.live) })
	case RefGnuGo, RefEstimator:
		if r.kind == RefGnuGo && r.settings.est.Info().Name != GnuGoEngineName {
			g.ref.drop()
			g.ref.curve.err = errNoEngine("GNU Go")
			return
		}
		est, p := r.settings.est, r.settings.Params()
		g.want(g.ref, curveKey(rec, est, p, measured), rec, measured, true, true, !isEngine(est),
			func() curveJob { return estimateJob(rec, est, p, owners) })
	}
}

// followWin brings the curve of P(Black wins) in step with the estimate's
// settings, when asked for and they are a random field.
func (g *Graph) followWin(rec *game.Record) {
	s := g.ws.settings
	m, err := randfield.FieldOf(s.est, s.Params())
	if !g.showWin || err != nil {
		g.win.drop()
		return
	}
	b, _ := json.Marshal(s.Params())
	key := fmt.Sprintf("win %p %s %s %v", rec, s.est.Info().Name, b, rec.Info.Komi)
	g.want(g.win, key, rec, false, true, true, false, func() curveJob {
		ps := gamescore.Positions(rec)
		o := gamescore.WinProbOptions{Komi: rec.Info.Komi, Sweeps: GraphWinSweeps, Seed: distSeed, Workers: graphWorkers()}
		return func(ctx context.Context, set func(int, float64, float64), _ func(string)) error {
			_, err := gamescore.WinProbs(ctx, m, ps, o, func(w gamescore.WinProb) { set(w.Move, w.P, math.NaN()) })
			return err
		}
	})
}

// graphWorkers is how many goroutines compute a curve: all the cores but
// one, which is left to the board's runs and the UI, so that a slider
// dragged moves the board as fast with the graph as without it; one on
// two cores, where a whole game of symmetric still takes 35-90 ms.
func graphWorkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// curveKey names the curve of est with p on the line of rec, measured
// against the final ownership or not.
func curveKey(rec *game.Record, est estimators.Estimator, p estimators.Params, measured bool) string {
	b, _ := json.Marshal(p)
	return fmt.Sprintf("estimate %p %s %p %s %v", rec, est.Info().Name, est, b, measured)
}

// estimateJob computes the board score of every position of rec's line
// with est and p (gamescore.Compute), and with owners, when not nil, the
// cross-entropy against them.
func estimateJob(rec *game.Record, est estimators.Estimator, p estimators.Params, owners []int8) curveJob {
	return func(ctx context.Context, set func(int, float64, float64), _ func(string)) error {
		ps := gamescore.Positions(rec)
		_, err := gamescore.Compute(ctx, est, p, ps, gamescore.Options{Values: owners != nil, Workers: graphWorkers()}, func(sc gamescore.Score) {
			e := math.NaN()
			if owners != nil {
				var sums eval.Sums
				sums.Compare(sc.Values, owners, eval.DefaultEpsilon)
				e = sums.Measures().CrossEntropy
			}
			set(sc.Move, sc.BoardScore, e)
		})
		return err
	}
}

// kataJob asks KataGo for its score lead at every move of rec's line, as
// the reference asks for its map of the position shown (the record's
// moves, its komi), and through the reference's maps, which it fills:
// first from its raw network, quick, then, with visits, from its search.
// A lead is stored as a board score, lead + komi, as the estimates are.
func kataJob(rec *game.Record, a reference.Analyzer, visits int, live *reference.Live) curveJob {
	return func(ctx context.Context, set func(int, float64, float64), pass func(string)) error {
		passes := []int{0}
		if visits > 0 {
			passes = append(passes, visits)
		}
		for _, v := range passes {
			name := "network"
			if v > 0 {
				name = strconv.Itoa(v) + " visits"
			}
			pass(name)
			for n := 0; n <= rec.Moves(); n++ {
				q := engines.RecordQuery(rec, n)
				ask := reference.Ask{KataGo: a, Query: q, Visits: v}
				m, done, ok := live.Known(ask)
				if !ok || !done {
					var err error
					if m, err = live.Find(ctx, ask, nil); err != nil {
						return fmt.Errorf("move %d: %w", n, err)
					}
				}
				set(n, m.ScoreLead+q.Komi, math.NaN())
			}
		}
		return nil
	}
}

// keep returns what caches the complete curve of key.
func (g *Graph) keep(key string) func(curve) {
	return func(c curve) {
		g.cache = slices.DeleteFunc(g.cache, func(e cached) bool { return e.key == key })
		if len(g.cache) == graphCacheSize {
			g.cache = g.cache[1:]
		}
		g.cache = append(g.cache, cached{key, c})
	}
}

// cached returns the complete curve of key, if cached.
func (g *Graph) cached(key string) (curve, bool) {
	for _, e := range g.cache {
		if e.key == key {
			return e.curve, true
		}
	}
	return curve{}, false
}

// Turns returns the turning points of the estimate's last complete curve
// of the line shown, largest first.
func (g *Graph) Turns() []gamescore.Turn {
	// While a curve of new settings comes in, those of the last complete
	// one, which it replaces.
	if g.est.settled == nil {
		return nil
	}
	return gamescore.TurningPoints(g.est.settled, GraphTurns)
}

// NextTurn shows the nearest turning point after the move shown (dir > 0)
// or before it (dir < 0), and reports whether there was one.
func (g *Graph) NextTurn(dir int) bool {
	s, ok := g.ws.record.Current()
	if g.line() == nil || !ok {
		return false
	}
	var moves []int
	for _, t := range g.Turns() {
		moves = append(moves, t.Move)
	}
	slices.Sort(moves)
	if dir < 0 {
		slices.Reverse(moves)
	}
	for _, m := range moves {
		if dir > 0 && m > s.Number || dir < 0 && m < s.Number {
			g.ws.record.SetMove(m)
			return true
		}
	}
	return false
}

// GoToMove shows the position after move n of the line, as a click on
// the graph asks.
func (g *Graph) GoToMove(n int) {
	if g.line() != nil {
		g.ws.record.SetMove(max(0, n))
	}
}

// Graph returns the game graph.
func (ws *Workspace) Graph() *Graph { return ws.graph }
