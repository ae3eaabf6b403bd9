package workspace

// The reference: what the estimate shown is measured against and may be
// drawn beside or subtracted from. It is the record's final outcome (see
// FinalSearch), KataGo's ownership, GNU Go's own estimate, or any estimator
// with settings of its own. Its map of the position shown is found on a
// worker of its own, the newest request winning, so that stepping cancels
// the work for the position left; KataGo's map comes first from its raw
// network and is then refined by a search while the user watches. Package
// reference finds the maps (reference.Live) and keeps them by position and
// settings, so that stepping back shows them at once.

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/eval"
	"moyo/reference"
)

// RefKind is what kind of reference the estimate is compared with.
type RefKind int

// The kinds of reference.
const (
	// RefFinal is the record's final outcome: who owns each point when
	// the game was counted (FinalSearch), ±1, 0 for seki and dame.
	RefFinal RefKind = iota
	// RefKataGo is KataGo's ownership: its raw network's, then its
	// search's after Reference.Visits visits.
	RefKataGo
	// RefGnuGo is GNU Go's own estimate over GTP (the gnugo-engine
	// estimator), with its parameters.
	RefGnuGo
	// RefEstimator is one of moyo's estimators with parameters of its
	// own (Reference.Settings), as the estimate shown with other settings
	// or another estimator.
	RefEstimator
)

var refKindNames = [...]string{"final outcome", "katago", "gnugo-engine", "estimator"}

// String names the kind: "final outcome", "katago", "gnugo-engine",
// "estimator".
func (k RefKind) String() string {
	if k < 0 || int(k) >= len(refKindNames) {
		return "RefKind(" + strconv.Itoa(int(k)) + ")"
	}
	return refKindNames[k]
}

// RefKinds returns every kind, in the order a chooser lists them.
func RefKinds() []RefKind { return []RefKind{RefFinal, RefKataGo, RefGnuGo, RefEstimator} }

// ParseRefKind returns the kind String names s.
func ParseRefKind(s string) (RefKind, error) {
	for _, k := range RefKinds() {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown reference %q", s)
}

// The names of the engine estimators the reference runs (package engines).
const (
	KataGoName      = "katago"
	GnuGoEngineName = "gnugo-engine"
)

// Visits of KataGo's search.
const (
	// DefaultVisits is KataGo's search when the user has chosen none:
	// about 2.5 s per 19×19 position with KataGo's small test network on
	// 2 cores, far less on a GPU.
	DefaultVisits = 200
	// MaxVisits bounds the visits asked for.
	MaxVisits = 100000
)

// refCacheSize is how many maps the reference keeps (reference.NewLive).
const refCacheSize = 2048

// Keys of the reference's settings stored; its estimator's settings are
// kept as the estimate's are, under keyRefPrefix.
const (
	keyRefPrefix = "reference."
	keyRefKind   = keyRefPrefix + "kind"
	keyRefVisits = keyRefPrefix + "visits"
)

// RefMap is the reference's map of a position.
type RefMap struct {
	// Pos is the position the map is of.
	Pos *board.Position
	// Values are Black-positive control values in [−1, 1], in SGF order.
	Values []float64
	// Visits is the number of KataGo's visits behind the map: 0 for its
	// raw network and for the other kinds.
	Visits int
	// Kata is KataGo's own judgement with its map (its score lead at the
	// komi of the position shown, its win rate, and for a search its raw
	// network's): set for the KataGo reference only.
	Kata *reference.Map
	// Done is false while a better map of Pos is on its way (KataGo's
	// search goes on).
	Done bool
	// Elapsed is the time from the request to the map; 0 when it came
	// from the cache.
	Elapsed time.Duration
}

// Reference is the reference the estimate shown is compared with: its
// kind, its settings, and its map of the position shown.
type Reference struct {
	ws       *Workspace
	store    Store
	kind     RefKind
	settings *Settings // the estimator of RefEstimator and RefGnuGo
	visits   int
	runner   *latest
	live     *reference.Live

	want  uint64  // the job under way, or 0
	shown *RefMap // the newest map, perhaps of the position shown before
	err   error   // why there is no map of the position shown
}

// newReference returns ws's reference, offering ests, with the settings
// kept in store.
func newReference(ws *Workspace, store Store, ests []estimators.Estimator) *Reference {
	r := &Reference{ws: ws, store: store, visits: DefaultVisits, live: reference.NewLive(refCacheSize)}
	r.runner = newLatest(ws.post)
	r.settings = newSettings(prefixed(store, keyRefPrefix), ests, r.settingsChanged)
	if k, err := ParseRefKind(load(store, keyRefKind)); err == nil {
		r.kind = k
	}
	if v, err := strconv.Atoi(load(store, keyRefVisits)); err == nil {
		r.visits = max(0, min(v, MaxVisits))
	}
	r.applyKind()
	return r
}

// prefixStore keeps its settings in another store, under keys that start
// with prefix: the reference's estimator settings beside the estimate's.
type prefixStore struct {
	s      Store
	prefix string
}

func (p prefixStore) String(key string) string    { return p.s.String(p.prefix + key) }
func (p prefixStore) SetString(key, value string) { p.s.SetString(p.prefix+key, value) }

// prefixed returns s with its keys prefixed, or nil for no store.
func prefixed(s Store, prefix string) Store {
	if s == nil {
		return nil
	}
	return prefixStore{s, prefix}
}

// Kind returns the kind of reference chosen.
func (r *Reference) Kind() RefKind { return r.kind }

// SetKind chooses the kind of reference, kept between sessions, and asks
// for its map of the position shown.
func (r *Reference) SetKind(k RefKind) {
	if k == r.kind || !slices.Contains(RefKinds(), k) {
		return
	}
	r.kind = k
	save(r.store, keyRefKind, k.String())
	r.applyKind()
	r.shown = nil // another kind's map is no map of this one
	r.ws.notify(r.follow())
}

// Settings returns the settings of the reference's estimator: the
// estimator chosen for RefEstimator, GNU Go's for RefGnuGo. Its methods
// (SetParam, SetChoice, ResetParams, ApplyPreset) change the reference,
// not the estimate.
func (r *Reference) Settings() *Settings { return r.settings }

// Estimators returns the estimators RefEstimator offers: those offered
// but the engines, which have kinds of their own.
func (r *Reference) Estimators() []estimators.Estimator {
	var es []estimators.Estimator
	for _, e := range r.settings.ests {
		if !isEngine(e) {
			es = append(es, e)
		}
	}
	return es
}

// SetEstimator chooses the estimator of RefEstimator, with the parameters
// it last had as the reference.
func (r *Reference) SetEstimator(name string) error {
	e, err := r.settings.byName(name)
	if err == nil && isEngine(e) {
		err = fmt.Errorf("%s is a reference of its own, not an estimator", name)
	}
	if err != nil {
		return err
	}
	return r.settings.SetEstimator(name)
}

// SetEstimators replaces the estimators offered, as Settings.SetEstimators
// does for the estimate: when the engines are found again, KataGo and GNU
// Go are new values. It asks for the map of the position shown again.
func (r *Reference) SetEstimators(ests []estimators.Estimator) { r.settings.SetEstimators(ests) }

// Visits returns the visits of KataGo's search; 0 is its raw network
// alone.
func (r *Reference) Visits() int { return r.visits }

// SetVisits sets the visits of KataGo's search, within 0…MaxVisits, kept
// between sessions.
func (r *Reference) SetVisits(n int) {
	n = max(0, min(n, MaxVisits))
	if n == r.visits {
		return
	}
	r.visits = n
	save(r.store, keyRefVisits, strconv.Itoa(n))
	if r.kind == RefKataGo {
		r.ws.notify(r.follow())
		return
	}
	r.ws.notify(ChangeReference)
}

// Shown returns the newest map, which while the next is on its way may be
// of the position shown before; ok is false without one.
func (r *Reference) Shown() (m RefMap, ok bool) {
	if r.shown == nil {
		return RefMap{}, false
	}
	return *r.shown, true
}

// Current reports whether the map shown is of the position shown.
func (r *Reference) Current() bool {
	return r.shown != nil && r.shown.Pos == r.ws.Position()
}

// Running reports whether a map of the position shown is being found, or
// refined.
func (r *Reference) Running() bool { return r.want != 0 }

// Err returns why the reference has no map of the position shown: no
// engine, an engine that failed, an estimator's error. The final
// outcome's reasons are FinalSearch's.
func (r *Reference) Err() error { return r.err }

// Name names the reference as the panel shows it: "final outcome",
// "KataGo", "GNU Go" or the estimator's name.
func (r *Reference) Name() string {
	switch r.kind {
	case RefFinal:
		return "final outcome"
	case RefKataGo:
		return "KataGo"
	case RefGnuGo:
		return "GNU Go"
	}
	return r.settings.est.Info().Name
}

// Status says in a line where the reference's map of the position shown
// stands: "KataGo: 120 visits, searching to 200…", "KataGo: 201 visits,
// 2.61 s", "symmetric: 0.31 ms", or why there is none.
func (r *Reference) Status() string {
	name := r.Name()
	if r.kind == RefFinal {
		switch r.ws.mode.Kind() {
		case KindLesson:
			return "final outcome: none in a lesson"
		case KindEdit:
			return "final outcome: none for an edited position"
		}
		switch status, f, err := r.ws.final.Status(); status {
		case FinalComputing:
			return "final outcome: computing…"
		case FinalFailed:
			return "final outcome: " + err.Error()
		case FinalKnown:
			return "final outcome " + f.Result
		}
		return "final outcome: none (the record's result is not a count)"
	}
	if r.err != nil {
		return name + ": " + r.err.Error()
	}
	m, ok := r.Shown()
	current := ok && r.Current()
	switch {
	case !current && r.Running():
		return name + ": analysing…"
	case !current:
		return name + ": no map"
	case r.kind != RefKataGo && !r.Running():
		return fmt.Sprintf("%s: %s", name, formatElapsed(m.Elapsed))
	case r.kind != RefKataGo:
		return name + ": running…"
	}
	what := "network only"
	if m.Visits > 0 {
		what = strconv.Itoa(m.Visits) + " visits"
	}
	if r.Running() {
		return fmt.Sprintf("%s: %s, searching to %d…", name, what, r.visits)
	}
	return fmt.Sprintf("%s: %s, %s", name, what, formatElapsed(m.Elapsed))
}

// formatElapsed writes the time a map took, "cached" for none.
func formatElapsed(d time.Duration) string {
	switch {
	case d == 0:
		return "cached"
	case d < 10*time.Millisecond:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + " ms"
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 0, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

// values returns the map to draw on pos: the newest map if it is of a
// board of pos's size, which while the next map is on its way keeps the
// board from flashing; nil otherwise.
func (r *Reference) values(pos *board.Position) []float64 {
	if pos == nil || r.shown == nil || len(r.shown.Values) != pos.Len() {
		return nil
	}
	return r.shown.Values
}

// isEngine reports whether e is one of the engines that are kinds of
// reference of their own.
func isEngine(e estimators.Estimator) bool {
	n := e.Info().Name
	return n == KataGoName || n == GnuGoEngineName
}

// applyKind points the settings at the kind's estimator: GNU Go's for
// RefGnuGo, without storing it as the choice of RefEstimator, which
// otherwise is the one last chosen, or symmetric.
func (r *Reference) applyKind() {
	s := r.settings
	if r.kind == RefGnuGo {
		if e, err := s.byName(GnuGoEngineName); err == nil {
			s.est = e
		}
		return
	}
	if !isEngine(s.est) {
		return
	}
	for _, name := range []string{load(s.store, keyEstimator), "symmetric"} {
		if e, err := s.byName(name); err == nil && !isEngine(e) {
			s.est = e
			return
		}
	}
	if es := r.Estimators(); len(es) > 0 {
		s.est = es[0]
	}
}

// settingsChanged is the settings' report of a change: another
// estimator, a parameter, or the estimators offered.
func (r *Reference) settingsChanged(Change) {
	r.applyKind()
	if r.kind == RefFinal {
		r.ws.notify(ChangeReference)
		return
	}
	r.ws.notify(r.follow())
}

// follow asks for the map of the position shown: at once from the final
// outcome or the cache, otherwise on the runner, cancelling the work for
// the position shown before. It returns the change to report.
func (r *Reference) follow() Change {
	pos := r.ws.Position()
	r.err = nil
	if r.want != 0 {
		r.runner.cancelAll()
		r.want = 0
	}
	if pos == nil || r.shown != nil && r.shown.Pos.Size() != pos.Size() {
		r.shown = nil
	}
	if pos == nil {
		return ChangeReference
	}
	if r.kind == RefFinal {
		r.shown = nil
		if owner, ok := r.ws.finalOwners(pos.Len()); ok {
			v := make([]float64, len(owner))
			for i, o := range owner {
				v[i] = float64(o)
			}
			r.shown = &RefMap{Pos: pos, Values: v, Done: true}
		}
		return ChangeReference
	}
	ask, err := r.ask(pos)
	if err != nil {
		r.err, r.shown = err, nil
		return ChangeReference
	}
	if m, done, ok := r.live.Known(ask); ok {
		r.shown = &RefMap{Pos: pos, Values: m.Values, Visits: m.Visits, Kata: kataOf(ask, m), Done: done}
		if done {
			return ChangeReference
		}
	}
	r.want = r.submit(ask)
	return ChangeReference
}

// errNoEngine says which engine the kind needs.
func errNoEngine(what string) error {
	return fmt.Errorf("%s not found: set its path in Settings → Engines…", what)
}

// ask returns what map of pos to ask package reference for, or why there
// is none.
func (r *Reference) ask(pos *board.Position) (reference.Ask, error) {
	a := reference.Ask{Pos: pos}
	s := r.settings
	switch r.kind {
	case RefKataGo:
		e, err := s.byName(KataGoName)
		if err != nil {
			return a, errNoEngine("KataGo")
		}
		k, ok := e.(reference.Analyzer)
		if !ok {
			return a, fmt.Errorf("%s does not analyse progressively", KataGoName)
		}
		a.KataGo, a.Query, a.Visits = k, r.ws.kataQuery(pos), r.visits
		return a, nil
	case RefGnuGo:
		if s.est.Info().Name != GnuGoEngineName {
			return a, errNoEngine("GNU Go")
		}
	}
	a.Est, a.Params = s.est, s.Params()
	return a, nil
}

// submit starts finding the map of a on the runner and returns its
// sequence number. KataGo's maps are posted back as its search reports
// them.
func (r *Reference) submit(a reference.Ask) uint64 {
	post := r.ws.post
	return r.runner.submit(func(ctx context.Context, seq uint64) func() {
		start := time.Now()
		report := func(m reference.Map) {
			if r.runner.stale(seq) {
				return
			}
			p := RefMap{Pos: a.Pos, Values: m.Values, Visits: m.Visits, Kata: kataOf(a, m), Elapsed: time.Since(start)}
			post(func() { r.take(seq, p, nil) })
		}
		m, err := find(ctx, r.live, a, report)
		if ctx.Err() != nil {
			return nil // another position, or another reference
		}
		done := RefMap{Pos: a.Pos, Values: m.Values, Visits: m.Visits, Kata: kataOf(a, m), Done: true, Elapsed: time.Since(start)}
		return func() { r.take(seq, done, err) }
	})
}

// kataOf returns m for RefMap.Kata when a asked KataGo, nil otherwise.
func kataOf(a reference.Ask, m reference.Map) *reference.Map {
	if a.KataGo == nil {
		return nil
	}
	m.Values = nil // the map is RefMap.Values
	return &m
}

// find is live.Find with an estimator's panic turned into an error.
func find(ctx context.Context, live *reference.Live, a reference.Ask, report func(reference.Map)) (m reference.Map, err error) {
	defer func() {
		if p := recover(); p != nil {
			name := KataGoName
			if a.Est != nil {
				name = a.Est.Info().Name
			}
			err = fmt.Errorf("%s: internal error: %v", name, p)
		}
	}()
	return live.Find(ctx, a, report)
}

// take shows map m of job seq, or its error, unless another job has been
// asked for since.
func (r *Reference) take(seq uint64, m RefMap, err error) {
	if seq != r.want {
		return
	}
	if m.Done || err != nil {
		r.want = 0
	}
	if err != nil {
		r.err, r.shown = err, nil
	} else {
		r.shown = &m
	}
	r.ws.notify(ChangeReference)
}

// close stops the runner.
func (r *Reference) close() { r.runner.close() }

// kataQuery returns how KataGo is asked about pos: in the record mode as
// the record's start and moves, so that KataGo sees the game's history (a
// ko just taken, the last moves) and its komi (engines.RecordQuery);
// elsewhere as pos alone, with the mode's komi.
func (ws *Workspace) kataQuery(pos *board.Position) engines.Query {
	if r, ok := ws.mode.(*RecordMode); ok && r.rec != nil {
		if s, ok := r.Current(); ok && s.Position == pos {
			q := engines.RecordQuery(r.rec, s.Number)
			// A setup node after the move numbered s.Number is not where
			// RecordQuery stops: then the position alone.
			if p, err := q.Position(); err == nil && p.Equal(pos) {
				return q
			}
		}
	}
	return engines.PositionQuery(pos, ws.Komi())
}

// finalOwners returns the final owner of each point of a board of n
// points, when the final ownership is known and the record is shown: a
// lesson's or an edited position is of no game that ended so.
func (ws *Workspace) finalOwners(n int) ([]int8, bool) {
	if !ws.ofRecord() {
		return nil, false
	}
	return ws.final.owners(n)
}

// RefMeasures returns the measures of the run shown against the
// reference's map (eval.MeasureAgainst), when both are of the position
// shown.
func (ws *Workspace) RefMeasures() (eval.RefMeasures, bool) {
	pos, o := ws.Position(), ws.runs.shown
	if pos == nil || o == nil || o.Err != nil || o.Pos != pos || !ws.ref.Current() ||
		len(o.Result.Values) != len(ws.ref.shown.Values) {
		return eval.RefMeasures{}, false
	}
	return eval.MeasureAgainst(o.Result.Values, ws.ref.shown.Values), true
}

// RefSummary says in a line how the run shown measures against the
// reference: "MAE 0.312 · signs agree on 91.2% of 143 decided · r 0.871 ·
// board score +4.3 vs the reference"; against the final outcome the
// cross-entropy leads, as 'moyo eval' reports it. "" without measures.
func (ws *Workspace) RefSummary() string {
	m, ok := ws.RefMeasures()
	if !ok {
		return ""
	}
	var b strings.Builder
	if ws.ref.kind == RefFinal {
		if f, ok := ws.FinalMeasures(); ok {
			fmt.Fprintf(&b, "cross-entropy %.3f  ·  ", f.CrossEntropy)
		}
	}
	fmt.Fprintf(&b, "MAE %.3f  ·  signs agree on %s of %d decided  ·  r %s  ·  board score %+.1f vs the reference",
		m.MAE, percent(m.SignAgreement), m.Decided, fixed3(m.Correlation), m.ScoreDiff)
	return b.String()
}

// percent writes a share as "91.2%", NaN as "—".
func percent(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return strconv.FormatFloat(100*x, 'f', 1, 64) + "%"
}

// fixed3 writes x with three decimals, NaN as "—".
func fixed3(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// RefValues returns the reference's map to draw on the position shown
// (beside the estimate, in the split view), which while the next map is on
// its way may be of the position shown before; nil without one, or with
// the overlay hidden.
func (ws *Workspace) RefValues() []float64 {
	if ws.overlay.Hidden {
		return nil
	}
	return ws.ref.values(ws.Position())
}
