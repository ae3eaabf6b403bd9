package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	"moyo/lesson"
	"moyo/preset"
	"moyo/render"
)

// Change says what part of a Model changed; listeners get a set of them.
type Change uint

// The parts of a Model.
const (
	// ChangeRecord: another record, or another line of its tree.
	ChangeRecord Change = 1 << iota
	// ChangeStep: another position of the line.
	ChangeStep
	// ChangeEstimator: another estimator (its parameters change with it).
	ChangeEstimator
	// ChangeParams: a parameter value.
	ChangeParams
	// ChangeOverlay: how the values are drawn.
	ChangeOverlay
	// ChangeResult: a new run is shown, or a run was asked for.
	ChangeResult
	// ChangeLatency: the update latency of the shown run was measured,
	// after every listener of its ChangeResult had run.
	ChangeLatency
	// ChangeEdit: edit mode was entered or left, or the edited position,
	// the tool or the komi changed.
	ChangeEdit
	// ChangeLesson: a lesson was opened or left.
	ChangeLesson
	// ChangeRank: ranking was turned on or off, or a ranking was asked
	// for, progressed, was shown or was dropped.
	ChangeRank
	// ChangeFinal: the search for the record's final ownership started,
	// or ended (see Model.Final).
	ChangeFinal
)

// Store keeps settings between sessions. fyne.Preferences is one.
type Store interface {
	String(key string) string
	SetString(key, value string)
}

// Overlay says how the control values are drawn on the board.
type Overlay struct {
	// Style is render.Shading, render.Squares or render.NoOverlay.
	Style render.Overlay
	// Numbers prints each value as a percentage.
	Numbers bool
	// Hidden hides the values and the dead marks, leaving the bare
	// position: the quick toggle of key O.
	Hidden bool
	// Outcome draws, in place of each value v, its difference from the
	// final outcome (v − owner)/2 (see outcomeDiff), while the final
	// ownership is known. It is not kept between sessions: most records
	// have none.
	Outcome bool `json:"-"`
}

// Keys of the settings a Model stores.
const (
	keyEstimator = "estimator"
	keyParams    = "params/" // + estimator name
	keyOverlay   = "overlay"
)

// Model is the state of the app without any of its widgets: the record and
// the line of its tree being shown, the position on it, the edit session
// in edit mode (see StartEdit), the lesson in lesson mode (see
// OpenLesson), the estimator and its parameters, how the overlay is drawn,
// the run being shown and the ranking of moves (see SetRanking). The
// widgets observe it through OnChange and change it through its methods,
// so it is tested without a window.
//
// Every method must be called on one goroutine, the UI goroutine in the
// app. Runs happen on the Runner's worker, rankings on the Ranker's, and
// both come back through post.
type Model struct {
	post   func(func())
	runner *Runner
	store  Store
	now    func() time.Time
	ests   []estimators.Estimator

	name string
	rec  *game.Record
	step int

	edit *edit // nil outside edit mode
	tool Tool

	lessons    []*lesson.Lesson // loaded on first use
	lesson     *lessonMode      // nil outside lesson mode
	lastLesson int              // index of the lesson last left, for ToggleLesson
	trial      *lessonTrial     // what the lessons' Try buttons replaced, or nil

	est     estimators.Estimator
	params  map[string]estimators.Params
	overlay Overlay

	// presetDir holds the presets (package preset); "" offers none.
	// presetNames holds, per estimator name, the preset last applied
	// (presets.go).
	presetDir   string
	presetNames map[string]string

	want      uint64 // Seq of the latest request
	shown     *Outcome
	latency   time.Duration
	listeners []func(Change)

	rank  rankState
	final finalState
}

// NewModel returns a model with no record, the estimators of
// estimators.All and the settings kept in store (nil keeps none). Runs are
// delivered by calling post with a function to run on the UI goroutine.
func NewModel(post func(func()), store Store) *Model {
	m := newModel(post, store, estimators.All())
	m.final.score = GnuGoScorer
	return m
}

// newModel is NewModel with the estimators to choose from, which tests
// replace with fakes. It finds no final ownerships until given a scorer
// (SetFinalScorer), so that tests do not need GNU Go.
func newModel(post func(func()), store Store, ests []estimators.Estimator) *Model {
	m := &Model{
		post:   post,
		store:  store,
		now:    time.Now,
		ests:   ests,
		params: map[string]estimators.Params{},

		presetNames: map[string]string{},
	}
	// Without a configuration directory the app runs, offering no presets.
	m.presetDir, _ = preset.Dir()
	m.runner = NewRunner(post, m.deliver)
	m.rank.ranker = NewRanker(post, m.deliverRanking, m.rankProgressed)
	for _, e := range m.ests {
		m.params[e.Info().Name] = m.loadParams(e)
		m.loadPresetState(e)
	}
	m.est = m.ests[0]
	if e, err := m.byName("symmetric"); err == nil {
		m.est = e // the estimator SPEC and the CLI default to
	}
	if e, err := m.byName(m.load(keyEstimator)); err == nil {
		m.est = e
	}
	if s := m.load(keyOverlay); s != "" {
		var o Overlay
		if json.Unmarshal([]byte(s), &o) == nil && o.Style >= render.Shading && o.Style <= render.NoOverlay {
			m.overlay = o
		}
	}
	return m
}

// Close stops the runner, the ranker and the search for the final
// ownership. Nothing is delivered after it returns.
func (m *Model) Close() {
	m.runner.Close()
	m.rank.ranker.Close()
	m.stopFinal()
	m.final.wg.Wait()
}

// OnChange adds a listener, called after every change with what changed.
func (m *Model) OnChange(f func(Change)) { m.listeners = append(m.listeners, f) }

func (m *Model) notify(c Change) {
	for _, f := range m.listeners {
		f(c)
	}
}

func (m *Model) load(key string) string {
	if m.store == nil {
		return ""
	}
	return m.store.String(key)
}

func (m *Model) save(key, value string) {
	if m.store != nil {
		m.store.SetString(key, value)
	}
}

// loadParams returns e's stored parameters over its defaults, or the
// defaults when what is stored does not pass e.Check. Settings stored by
// older versions are read too (Info.Decode), with, for bp, the model of
// the preset last applied, which they stored apart.
func (m *Model) loadParams(e estimators.Estimator) estimators.Params {
	in := e.Info()
	p := in.Defaults()
	if s := m.load(keyParams + in.Name); s != "" {
		if q, err := in.Decode([]byte(s)); err == nil && e.Check(q) == nil {
			p = q
		}
	}
	if s := m.load(keyModel + in.Name); s != "" {
		if model, err := in.Decode([]byte(s)); err == nil {
			for _, spec := range in.Params {
				if v, ok := model.Get(spec.Name); ok && spec.Model {
					p = p.With(spec.Name, v)
				}
			}
		}
		if e.Check(p) != nil {
			p = in.Defaults()
		}
		m.save(keyModel+in.Name, "")
		if b, err := json.Marshal(p); err == nil {
			m.save(keyParams+in.Name, string(b))
		}
	}
	return p
}

// Open reads an SGF record and shows the last position of its main line.
// name is what errors are reported under. A record that cannot be read is
// an error naming its line and column, and the model keeps what it showed;
// a record with an illegal move opens, with RecordError set.
func (m *Model) Open(name string, data []byte) error {
	rec, err := game.Parse(data, 0)
	if err != nil {
		return placed(name, err)
	}
	m.name, m.rec = name, rec
	m.step = len(rec.Steps) - 1
	m.startFinal(rec, data)
	c := ChangeRecord | ChangeStep | ChangeFinal
	if m.overlay.Outcome && m.final.status != FinalKnown {
		m.overlay.Outcome = false // until this record's outcome is known
		c |= ChangeOverlay
	}
	if m.edit != nil {
		// The edit branched from the record being replaced: there is no
		// record to go back to.
		m.edit = nil
		c |= ChangeEdit
	}
	if m.lesson != nil {
		m.lesson = nil
		c |= ChangeLesson | m.endTrial()
	}
	m.changed(c)
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

// Name returns the name the record was opened under.
func (m *Model) Name() string { return m.name }

// Record returns the record and line shown, or nil.
func (m *Model) Record() *game.Record { return m.rec }

// RecordError returns the error that cut the line short, usually an
// illegal move, placed in the file; the steps before it can be shown.
func (m *Model) RecordError() error {
	if m.rec == nil || m.rec.Err == nil {
		return nil
	}
	return placed(m.name, m.rec.Err)
}

// Index returns the index in Record().Steps of the step shown.
func (m *Model) Index() int { return m.step }

// Step returns the step shown; ok is false without a record.
func (m *Model) Step() (s game.Step, ok bool) {
	if m.rec == nil {
		return game.Step{}, false
	}
	return m.rec.Steps[m.step], true
}

// Position returns the position shown, or nil: in edit mode the edited
// one, in lesson mode the lesson's, else the record's at the step shown.
func (m *Model) Position() *board.Position {
	if m.edit != nil {
		return m.edit.pos
	}
	if m.lesson != nil {
		return m.lesson.l.Position
	}
	if s, ok := m.Step(); ok {
		return s.Position
	}
	return nil
}

// Len returns the number of steps of the line.
func (m *Model) Len() int {
	if m.rec == nil {
		return 0
	}
	return len(m.rec.Steps)
}

// GoTo shows step i of the line, clamped to the line. In edit mode the
// record stays at the step the edit branched from, and in lesson mode at
// the step the lesson was opened from: GoTo does nothing.
func (m *Model) GoTo(i int) {
	if m.rec == nil || m.edit != nil || m.lesson != nil {
		return
	}
	i = max(0, min(i, len(m.rec.Steps)-1))
	if i == m.step {
		return
	}
	m.step = i
	m.changed(ChangeStep)
}

// Forward moves n steps along the line, backwards for n < 0.
func (m *Model) Forward(n int) { m.GoTo(m.step + n) }

// First shows the start of the line.
func (m *Model) First() { m.GoTo(0) }

// Last shows the end of the line.
func (m *Model) Last() { m.GoTo(m.Len() - 1) }

// SetMove shows the position after move n of the line, counting back from
// the end when n is negative, as 'moyo analyze --move' does.
func (m *Model) SetMove(n int) {
	if m.rec == nil {
		return
	}
	if n < 0 {
		n += m.rec.Moves()
	}
	target := m.rec.AfterMove(n)
	for i, s := range m.rec.Steps {
		if s.Node == target.Node {
			m.GoTo(i)
			return
		}
	}
}

// branch returns the step index at or before the one shown whose node is
// one of several children, or −1.
func (m *Model) branch() int {
	if m.rec == nil {
		return -1
	}
	for k := m.step; k > 0; k-- {
		if n := m.rec.Steps[k].Node; n.Parent != nil && len(n.Parent.Children) > 1 {
			return k
		}
	}
	return -1
}

// Variation returns which of its parent's children the node shown is, or
// the nearest branching node above it, from 1, and how many there are:
// 1, 1 on a line without variations.
func (m *Model) Variation() (i, n int) {
	k := m.branch()
	if k < 0 {
		return 1, 1
	}
	node := m.rec.Steps[k].Node
	sib := node.Parent.Children
	for j, c := range sib {
		if c == node {
			return j + 1, len(sib)
		}
	}
	return 1, len(sib)
}

// Continuations returns the number of children of the node shown: more
// than one means variations start after it.
func (m *Model) Continuations() int {
	if s, ok := m.Step(); ok {
		return len(s.Node.Children)
	}
	return 0
}

// SwitchVariation replaces the line from the nearest branch at or above
// the node shown with the next (dir > 0) or previous (dir < 0) sibling's
// line, and shows the sibling's position. It reports whether there was a
// variation to switch to; in edit and lesson mode there is none.
func (m *Model) SwitchVariation(dir int) bool {
	k := m.branch()
	if k < 0 || dir == 0 || m.edit != nil || m.lesson != nil {
		return false
	}
	node := m.rec.Steps[k].Node
	sib := node.Parent.Children
	j := 0
	for j < len(sib) && sib[j] != node {
		j++
	}
	if dir > 0 {
		j++
	} else {
		j--
	}
	if j < 0 || j >= len(sib) {
		return false
	}
	rec, err := game.Load(m.rec.Root, sib[j])
	if err != nil {
		// Load fails only when the root cannot be set up, and the root
		// loaded before; keep the line shown.
		return false
	}
	m.rec = rec
	// The sibling's own move may be illegal: then its line stops before it.
	m.step = min(k, len(rec.Steps)-1)
	m.changed(ChangeRecord | ChangeStep)
	return true
}

// Estimators returns the estimators to choose from.
func (m *Model) Estimators() []estimators.Estimator { return m.ests }

// Estimator returns the chosen estimator.
func (m *Model) Estimator() estimators.Estimator { return m.est }

// SetEstimator chooses the estimator called name, with the parameters it
// was last used with.
func (m *Model) SetEstimator(name string) error {
	e, err := m.byName(name)
	if err != nil {
		return err
	}
	if e.Info().Name == m.est.Info().Name {
		return nil
	}
	m.est = e
	m.save(keyEstimator, name)
	m.changed(ChangeEstimator | ChangeParams)
	return nil
}

// byName returns the estimator of m called name.
func (m *Model) byName(name string) (estimators.Estimator, error) {
	var names []string
	for _, e := range m.ests {
		if e.Info().Name == name {
			return e, nil
		}
		names = append(names, e.Info().Name)
	}
	return nil, fmt.Errorf("unknown estimator %q (valid: %s)", name, strings.Join(names, ", "))
}

// Params returns the parameters of the chosen estimator.
func (m *Model) Params() estimators.Params { return m.params[m.est.Info().Name] }

// Uses reports whether the chosen estimator reads parameter name with its
// current parameters: the controls of the others are disabled.
func (m *Model) Uses(name string) bool { return m.est.Info().Reads(name, m.Params()) }

// Spec returns the chosen estimator's spec of parameter name.
func (m *Model) Spec(name string) (estimators.ParamSpec, bool) {
	return m.est.Info().Spec(name)
}

// SetParam sets a numeric parameter of the chosen estimator, rounding a
// whole-number one. Values that the estimator would refuse and parameters
// it does not read are ignored.
func (m *Model) SetParam(name string, v float64) {
	s, ok := m.Spec(name)
	if !m.Uses(name) || !ok || s.Kind == estimators.Choice {
		return
	}
	if s.Kind == estimators.Integer {
		v = math.Round(v)
	}
	m.setParams(m.Params().WithNum(name, v))
}

// SetChoice sets a choice parameter (mode, cap) of the chosen estimator.
func (m *Model) SetChoice(name, v string) {
	s, ok := m.Spec(name)
	if !m.Uses(name) || !ok || s.Kind != estimators.Choice {
		return
	}
	m.setParams(m.Params().WithText(name, v))
}

// ResetParams restores the chosen estimator's SPEC defaults, for bp with
// the seed's model.
func (m *Model) ResetParams() {
	m.setPresetState("")
	m.setParams(m.est.Info().Defaults())
}

func (m *Model) setParams(p estimators.Params) {
	if p.Equal(m.Params()) || m.est.Check(p) != nil {
		return
	}
	name := m.est.Info().Name
	m.params[name] = p
	if b, err := json.Marshal(p); err == nil {
		m.save(keyParams+name, string(b))
	}
	m.changed(ChangeParams)
}

// Overlay returns how the values are drawn.
func (m *Model) Overlay() Overlay { return m.overlay }

// SetOverlay sets how the values are drawn.
// The difference from the final outcome is refused while it is not known.
func (m *Model) SetOverlay(o Overlay) {
	if o.Outcome && !m.CanShowOutcome() {
		o.Outcome = false
	}
	if o == m.overlay {
		return
	}
	m.overlay = o
	if b, err := json.Marshal(o); err == nil {
		m.save(keyOverlay, string(b))
	}
	m.notify(ChangeOverlay)
}

// ToggleOverlay hides the values, or shows them again.
func (m *Model) ToggleOverlay() {
	o := m.overlay
	o.Hidden = !o.Hidden
	m.SetOverlay(o)
}

// Rerun asks for a new run of the position shown, as if it had just been
// stepped to: the app uses it to measure the update latency once the
// window is up.
func (m *Model) Rerun() { m.changed(0) }

// changed notifies the listeners and asks for a run of the estimator on
// the position shown, when what changed is something the run depends on.
func (m *Model) changed(c Change) {
	if (c == 0 || c&(ChangeRecord|ChangeStep|ChangeEstimator|ChangeParams|ChangeEdit|ChangeLesson) != 0) && m.Position() != nil {
		m.want = m.runner.Submit(Request{
			Est:    m.est,
			Pos:    m.Position(),
			Params: m.Params(),
			Asked:  m.now(),
		})
		c |= ChangeResult // Running() changed
		if m.rank.on {
			// The ranking shown is of what the run replaces.
			m.dropRanking()
			c |= ChangeRank
		}
	}
	m.notify(c)
}

// deliver shows a completed run unless a newer one has been asked for
// since: the panel and the board show the newest run that matches what
// the user asked for last, never an older one over a newer.
func (m *Model) deliver(o Outcome) {
	if o.Seq != m.want {
		return
	}
	m.shown = &o
	m.notify(ChangeResult)
	// The listeners have redrawn the board: this is the latency the user sees.
	m.latency = m.now().Sub(o.Asked)
	m.notify(ChangeLatency)
	if m.rank.on {
		// After the latency: the ranking is not part of the update.
		m.startRanking(o)
		m.notify(ChangeRank)
	}
}

// Shown returns the run shown, and false before the first one.
func (m *Model) Shown() (Outcome, bool) {
	if m.shown == nil {
		return Outcome{}, false
	}
	return *m.shown, true
}

// Running reports whether a run was asked for that is not shown yet.
func (m *Model) Running() bool {
	return m.want != 0 && (m.shown == nil || m.shown.Seq != m.want)
}

// Latency returns the time from the request of the run shown to its
// values being handed to the board.
func (m *Model) Latency() time.Duration { return m.latency }

// Values returns the control values to draw on the position shown: those
// of the run shown, which while a newer run is under way may be of the
// previous position; nil without a run or with the overlay hidden.
func (m *Model) Values() []float64 {
	pos := m.Position()
	if m.shown == nil || m.shown.Err != nil || pos == nil || m.overlay.Hidden {
		return nil
	}
	if len(m.shown.Result.Values) != pos.Len() {
		return nil // a run on another record's board
	}
	if owner, ok := m.outcome(); ok && m.overlay.Outcome {
		return outcomeDiff(m.shown.Result.Values, owner)
	}
	return m.shown.Result.Values
}

// Title is the window title: "moyo — Gu Li v Master — move 100", in
// edit mode "moyo — Gu Li v Master — editing from move 100", and in lesson
// mode "moyo — lesson 4 of 21 — Open at one end: five points".
func (m *Model) Title() string {
	if l, i, ok := m.Lesson(); ok {
		return fmt.Sprintf("moyo — lesson %d of %d — %s", i+1, len(m.lessons), l.Title)
	}
	s, ok := m.Step()
	if !ok {
		if m.edit != nil {
			return "moyo — editing"
		}
		return "moyo"
	}
	in := m.rec.Info
	who := m.name
	if in.Black != "" || in.White != "" {
		who = orDefault(in.Black, "Black") + " v " + orDefault(in.White, "White")
	}
	if m.edit != nil {
		return fmt.Sprintf("moyo — %s — editing from move %d", who, s.Number)
	}
	return fmt.Sprintf("moyo — %s — move %d", who, s.Number)
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}
