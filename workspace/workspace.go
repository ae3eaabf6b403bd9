// Package workspace holds what the desktop app is doing, without any of
// its widgets: the record and the line of its tree being shown, the mode
// (the record, a position edited by hand, a corridor lesson) behind one
// small interface, the estimator and its parameters with their presets,
// how the overlay is drawn, the run being shown, the ranking of moves and
// the search for the record's final ownership. The app's panels subscribe
// to the parts they show (Change) and change the workspace through its
// methods, so all of it is tested without a window.
//
// Work never runs on the caller's goroutine: runs of the estimator happen
// on a Runner's worker, rankings on a Ranker's, the final ownership on a
// goroutine of its own, the newest request winning, and their results come
// back through the post function the workspace was made with (fyne.Do in
// the app), so that every method is called on one goroutine.
package workspace

import (
	"errors"
	"fmt"
	"time"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/estimators/catalog"
	"moyo/eval"
	"moyo/game"
	"moyo/lesson"
)

// Workspace is the state of the app without any of its widgets. It
// composes the record's Line (in the record mode, Record), the mode shown
// (Mode), the estimator's Settings, the Runs of the estimator, the move
// Ranking and the Final outcome.
//
// Every method must be called on one goroutine, the UI goroutine in the
// app.
type Workspace struct {
	post  func(func())
	store Store
	now   func() time.Time
	subs  []subscriber

	record *RecordMode
	mode   Mode
	tool   Tool // of edit mode, kept from one session to the next

	lessons    []*lesson.CorridorLesson // loaded on first use
	lastLesson int                      // index of the lesson last left, for ToggleLesson
	trial      *lessonTrial             // what the lessons' Try buttons replaced, or nil

	settings *Settings
	overlay  OverlayOptions
	runs     Runs
	ranking  *Ranking
	final    *FinalSearch
	fixed    *FixedPointCheck
	dist     *ScoreDist
	ref      *Reference
	race     raceWork  // the race mode's worker and options
	count    countWork // the count mode's worker, rules and judge
	graph    *Graph
	trees    *trees // the layout of the record's tree
	// betas holds the move model's β per estimator (MoveBeta).
	betas map[string]float64
}

// subscriber is a function called with the changes that concern it.
type subscriber struct {
	to Change
	f  func(Change)
}

// New returns a workspace with no record, offering the estimators ests
// (catalog.All when empty), with the settings kept in store (nil keeps
// none). Results of the work done off the caller's goroutine are delivered
// by calling post with a function to run on the caller's goroutine. The
// final ownership of counted records is found with GnuGoScorer.
func New(post func(func()), store Store, ests []estimators.Estimator) *Workspace {
	if len(ests) == 0 {
		ests = catalog.All()
	}
	ws := &Workspace{post: post, store: store, now: time.Now}
	ws.record = &RecordMode{ws: ws}
	ws.mode = ws.record
	ws.settings = newSettings(store, ests, ws.changed)
	ws.runs.runner = NewRunner(post, ws.deliver)
	ws.ranking = newRanking(post, &ws.runs, ws.notify, func() time.Time { return ws.now() })
	ws.final = &FinalSearch{score: GnuGoScorer}
	ws.fixed = newFixedPoint(post, ws.notify)
	ws.dist = newScoreDist(post, ws.notify)
	// The report ships inside the binary, and a test reads it: an error
	// here leaves the ranking without P(move), not the app without a
	// workspace.
	ws.betas, _ = fittedBetas(assets.MoveModel())
	ws.overlay = loadOverlay(store)
	ws.ref = newReference(ws, store, ests)
	ws.graph = newGraph(ws, store) // subscribes before any panel
	ws.trees = newTrees(ws)
	return ws
}

// Finish gives back what the session changed only for a while: the
// estimator and parameters that the lessons' Try buttons replaced
// (lessonTrial), as leaving the lessons does. The store has kept them all
// along (Settings.trial), so that not even a crash makes a lesson's
// settings the next session's; the app calls Finish as it quits, so that
// nothing it does last is done with a lesson's.
func (ws *Workspace) Finish() {
	if c := ws.endTrial(); c != 0 {
		ws.changed(c)
	}
}

// Close stops the runner, the ranker and the search for the final
// ownership. Nothing is delivered after it returns. It writes nothing to
// the store, which the app may be saving as it stops.
func (ws *Workspace) Close() {
	ws.runs.runner.Close()
	ws.ranking.ranker.Close()
	ws.final.close()
	ws.fixed.close()
	ws.dist.close()
	ws.ref.close()
	ws.race.close()
	ws.count.close()
	ws.graph.close()
	ws.trees.close()
}

// Subscribe calls f after every change that has a part in to, with all
// that changed.
func (ws *Workspace) Subscribe(to Change, f func(Change)) {
	ws.subs = append(ws.subs, subscriber{to, f})
}

// notify calls the subscribers to what changed, in the order they
// subscribed.
func (ws *Workspace) notify(c Change) {
	for _, s := range ws.subs {
		if c&s.to != 0 {
			s.f(c)
		}
	}
}

// changed notifies the subscribers and asks for a run of the estimator on
// the position shown, when what changed is something the run depends on
// (c == 0 asks for one anyway). A run asked for drops the ranking shown,
// which is of what the run replaces.
func (ws *Workspace) changed(c Change) {
	if (c == 0 || c&runsOn != 0) && ws.Position() != nil {
		s := ws.settings
		ws.runs.submit(Request{Est: s.est, Pos: ws.estimatePosition(), Params: s.Params(), Asked: ws.now()})
		c |= ChangeResult // Running changed
		// What was found of the run shown is not of the run asked for.
		ws.fixed.drop()
		ws.dist.drop()
		c |= ChangeFixedPoint | ChangeScoreDist
		if ws.ranking.on {
			ws.ranking.drop()
			c |= ChangeRank
		}
	}
	if c == 0 || c&positionChanges != 0 {
		if c&ChangeRecord != 0 {
			ws.ref.shown = nil // of another record, or another line
		}
		c |= ws.ref.follow()
	}
	ws.notify(c)
}

// deliver shows a completed run unless a newer one has been asked for
// since: the panels and the board show the newest run that matches what
// the user asked for last, never an older one over a newer.
func (ws *Workspace) deliver(o Outcome) {
	if !ws.runs.take(o) {
		return
	}
	ws.notify(ChangeResult)
	// The subscribers have redrawn the board: this is the latency the
	// user sees.
	ws.runs.latency = ws.now().Sub(o.Asked)
	ws.notify(ChangeLatency)
	// The fixed point and the score distribution follow in the
	// background, each on a worker of its own.
	ws.fixed.start(o)
	ws.dist.start(o, ws.Komi())
	ws.notify(ChangeFixedPoint | ChangeScoreDist)
	if ws.ranking.on {
		// After the latency: the ranking is not part of the update.
		ws.ranking.start(o)
		ws.notify(ChangeRank)
	}
}

// Rerun asks for a new run of the position shown, as if it had just been
// stepped to: the app uses it to measure the update latency once the
// window is up.
func (ws *Workspace) Rerun() { ws.changed(0) }

// Mode returns the mode shown.
func (ws *Workspace) Mode() Mode { return ws.mode }

// Record returns the record mode, which holds the record and its line
// also while another mode is shown.
func (ws *Workspace) Record() *RecordMode { return ws.record }

// Settings returns the estimator's settings.
func (ws *Workspace) Settings() *Settings { return ws.settings }

// Runs returns the runs of the estimator.
func (ws *Workspace) Runs() *Runs { return &ws.runs }

// Ranking returns the ranking of moves.
func (ws *Workspace) Ranking() *Ranking { return ws.ranking }

// Final returns the search for the record's final ownership.
func (ws *Workspace) Final() *FinalSearch { return ws.final }

// Reference returns the reference the estimate is compared with.
func (ws *Workspace) Reference() *Reference { return ws.ref }

// FixedPoint returns the search for the fixed point of the run shown.
func (ws *Workspace) FixedPoint() *FixedPointCheck { return ws.fixed }

// ScoreDist returns the sampling of the score distribution of the run
// shown.
func (ws *Workspace) ScoreDist() *ScoreDist { return ws.dist }

// Position returns the position shown, or nil: the mode's.
func (ws *Workspace) Position() *board.Position { return ws.mode.Position() }

// Komi returns the komi of the position shown: the mode's.
func (ws *Workspace) Komi() float64 { return ws.mode.Komi() }

// Title is the window title: "moyo — Gu Li v Master — move 100", in edit
// mode "moyo — Gu Li v Master — editing from move 100", and in lesson mode
// "moyo — lesson 4 of 21 — Open at one end: five points".
func (ws *Workspace) Title() string {
	if t := ws.mode.Title(); t != "" {
		return "moyo — " + t
	}
	return "moyo"
}

// setMode shows m, and returns the changes to report: the mode, and the
// mode left's own part.
func (ws *Workspace) setMode(m Mode) Change {
	if m == ws.mode {
		return 0
	}
	c := ChangeMode | modeChange(ws.mode) | modeChange(m)
	if _, ok := ws.mode.(*LessonMode); ok {
		c |= ws.endTrial()
	}
	if r, ok := ws.mode.(*RaceMode); ok {
		r.leave()
	}
	if c, ok := ws.mode.(*CountMode); ok {
		c.leave()
	}
	ws.mode = m
	return c
}

// modeChange is the part of the workspace that holds m's own state.
func modeChange(m Mode) Change {
	switch m.(type) {
	case *EditMode:
		return ChangeEdit
	case *LessonMode:
		return ChangeLesson
	case *RaceMode:
		return ChangeRace
	case *CountMode:
		return ChangeCount
	}
	return 0
}

// Open reads an SGF record and shows the last position of the main line
// of its first game, in the record mode: an edited position or a lesson
// shown is left. name is what errors are reported under. A record that
// cannot be read is an error naming its line and column, and the
// workspace keeps what it showed; a record with an illegal move opens,
// with RecordError set.
func (ws *Workspace) Open(name string, data []byte) error { return ws.OpenGame(name, data, 0) }

// OpenGame is Open of the game with the given index, from 0, of the
// record's collection: the other games can be chosen next (ChooseGame).
func (ws *Workspace) OpenGame(name string, data []byte, index int) error {
	games, err := game.Collection(data)
	if err == nil {
		err = game.CheckIndex(index, len(games))
	}
	if err != nil {
		return placed(name, err)
	}
	return ws.show(Line{name: name, data: data, games: games, game: index})
}

// ChooseGame shows the game with the given index, from 0, of the
// collection of the record shown (Line.Games), at its last position.
func (ws *Workspace) ChooseGame(index int) error {
	l := ws.record.Line
	if l.rec == nil {
		return errors.New("no record opened")
	}
	if err := game.CheckIndex(index, len(l.games)); err != nil {
		return placed(l.name, err)
	}
	l.game = index
	return ws.show(l)
}

// show replays game l.game of l's collection and shows it at its last
// position, in the record mode.
func (ws *Workspace) show(l Line) error {
	rec, err := game.Load(l.games[l.game], nil)
	if err != nil {
		return placed(l.name, err)
	}
	l.rec, l.step = rec, len(rec.Steps)-1
	ws.record.Line = l
	ws.final.start(ws.post, rec, l.data, l.game, ws.finalDelivered)
	c := ChangeRecord | ChangeStep | ChangeFinal
	// An edit branched from the record being replaced: there is no record
	// to go back to.
	ws.changed(c | ws.setMode(ws.record))
	return nil
}

// placed prefixes err with name as compilers do: "game.sgf:12:5: …".
func placed(name string, err error) error {
	var ge *game.Error
	if errors.As(err, &ge) && ge.Line > 0 {
		return fmt.Errorf("%s:%w", name, err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// Values returns the control values to draw on the position shown, as
// View says: the estimate of the run shown, which while a newer run is
// under way may be of the previous position; the reference's map (see
// Reference.values); or their difference (v − r)/2. With the overlay's
// Cycle on and a run that stopped in a cycle, they are the cycle's spread
// (cycleValues). In the count mode they are the count's owners instead
// (CountMode). nil without a run (a map) or with the overlay hidden.
func (ws *Workspace) Values() []float64 {
	pos := ws.Position()
	if pos == nil || ws.overlay.Hidden {
		return nil
	}
	if c, ok := ws.mode.(*CountMode); ok {
		return c.values()
	}
	view := ws.View()
	if view == ShowReference {
		return ws.ref.values(pos)
	}
	o := ws.runs.shown
	if o == nil || o.Err != nil || len(o.Result.Values) != pos.Len() {
		return nil // no run, or a run on another record's board
	}
	if ws.ShowsCycle() {
		if v := cycleValues(o.Result.Cycle); len(v) == pos.Len() {
			return v
		}
	}
	if view == ShowDifference {
		return difference(o.Result.Values, ws.ref.values(pos))
	}
	return o.Result.Values
}

// outcome returns the final owners to compare the run shown with: those
// of a known final ownership on the board of the run, outside lesson mode
// (a lesson's position is of no game).
func (ws *Workspace) outcome() ([]int8, bool) {
	o := ws.runs.shown
	if !ws.ofRecord() || o == nil || o.Err != nil {
		return nil, false
	}
	return ws.final.owners(len(o.Result.Values))
}

// FinalMeasures returns the measures of the run shown against the final
// ownership, as 'moyo eval' computes them (eval.Sums, with
// eval.DefaultEpsilon); ok is false when the ownership is not known or
// there is no run to measure. The score error and bias are of one position.
func (ws *Workspace) FinalMeasures() (eval.Measures, bool) {
	owner, ok := ws.outcome()
	if !ok {
		return eval.Measures{}, false
	}
	var s eval.Sums
	s.Compare(ws.runs.shown.Result.Values, owner, eval.DefaultEpsilon)
	return s.Measures(), true
}
