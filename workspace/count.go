package workspace

import (
	"context"
	"fmt"

	"moyo/board"
	"moyo/count"
	"moyo/estimators"
	"moyo/render"
)

// CountMode is the count mode: the position shown when it was entered (a
// step of the record, or the edited position) counted as a finished game,
// as Go programs count one. The dead stones are marked in advance by the
// judgement chosen (moyo's own by default, GNU Go's or KataGo's when the
// engine is installed), judged on a worker of the count's own, newest
// request winning; a click on a stone then turns its chain alive → dead →
// seki → alive. The count, by area or territory with captures and komi, is
// shown beside the record's result.
//
// The board shows each side's points as squares of its colour and the
// dead stones crossed; the estimator goes on running on the position, as
// in every mode, for comparison.
type CountMode struct {
	ws   *Workspace
	from Mode // the record or the edit session, which StopCount returns to
	what string
	pos  *board.Position
	komi float64
	// result is the record's result (RE) when the count mode was entered
	// from the record; atEnd is set when that was at the record's last
	// move, where the result is the count's to compare with.
	result string
	atEnd  bool

	want    uint64        // sequence number of the judgement asked for last, 0 for none
	marking count.Marking // nil while the judgement runs
	err     error         // the judgement's error
	edited  bool          // a click changed the judgement
}

// countWork is what the workspace keeps of the count mode between
// sessions: the worker that judges, and the rules and judge chosen.
type countWork struct {
	worker *latest
	rules  count.Rules
	method count.Method
	// mark replaces count.Mark in tests.
	mark func(ctx context.Context, pos *board.Position, komi float64, m count.Method, engine estimators.Estimator) (count.Marking, error)
}

func (w *countWork) close() {
	if w.worker != nil {
		w.worker.close()
	}
}

// StartCount enters the count mode on the position shown, from the record
// or from edit mode (which StopCount returns to, edits kept), and asks
// for the dead stones to be judged, by the record's rules when it names
// them (RU), else by the rules chosen last. From a lesson or a race it is
// an error saying where to go first.
func (ws *Workspace) StartCount() error {
	c := &CountMode{ws: ws, from: ws.mode, pos: ws.Position(), komi: ws.Komi()}
	switch m := ws.mode.(type) {
	case *RecordMode:
		s, ok := m.Current()
		if !ok {
			return fmt.Errorf("no position: open a record or edit a position first")
		}
		c.what = fmt.Sprintf("%s, move %d", m.players(), s.Number)
		c.result = m.rec.Info.Result
		if r, err := count.ParseRules(m.rec.Root.Value("RU")); err == nil {
			ws.count.rules = r // the record's own rules
		}
		c.atEnd = m.Index() == m.Len()-1
	case *EditMode:
		c.what = "the edited position"
	default:
		return fmt.Errorf("a count is of a game's position: go back to the record, or edit a position, first")
	}
	if ws.count.method == "" {
		ws.count.method = count.MethodAuto
	}
	ws.changed(ws.setMode(c))
	c.request()
	return nil
}

// StopCount leaves the count mode for the mode it was entered from.
func (ws *Workspace) StopCount() {
	if c, ok := ws.mode.(*CountMode); ok {
		ws.changed(ws.setMode(c.from))
	}
}

// ToggleCount enters the count mode or leaves it: key S.
func (ws *Workspace) ToggleCount() error {
	if _, ok := ws.mode.(*CountMode); ok {
		ws.StopCount()
		return nil
	}
	return ws.StartCount()
}

// Count returns the result of the count shown, "B+2", "W+0.5" or "0", and
// ok true, in the count mode once the dead stones are judged; "" and false
// otherwise. It is the count to set beside an estimate.
func (ws *Workspace) Count() (result string, ok bool) {
	c, isCount := ws.mode.(*CountMode)
	if !isCount {
		return "", false
	}
	n, err := c.Count()
	if err != nil || n == nil {
		return "", false
	}
	return n.Result(), true
}

// request asks the worker for the judgement of the dead stones by the
// method chosen; what was marked by hand is dropped.
func (c *CountMode) request() {
	w := &c.ws.count
	if w.worker == nil {
		w.worker = newLatest(c.ws.post)
	}
	mark := w.mark
	if mark == nil {
		mark = count.Mark
	}
	method, pos, komi := w.method, c.pos, c.komi
	var engine estimators.Estimator
	if name := method.Engine(); name != "" {
		e, err := estimators.Find(c.ws.settings.Estimators(), name)
		if err != nil {
			c.marking, c.err, c.want = nil, fmt.Errorf("%s is not installed: set it up in Settings → Engines", method.Describe()), 0
			c.ws.changed(ChangeCount)
			return
		}
		engine = e
	}
	c.marking, c.err, c.edited = nil, nil, false
	c.want = w.worker.submit(func(ctx context.Context, seq uint64) func() {
		m, err := mark(ctx, pos, komi, method, engine)
		if ctx.Err() != nil {
			return nil
		}
		return func() { c.deliver(seq, m, err) }
	})
	c.ws.changed(ChangeCount)
}

// deliver shows the judgement of request seq, unless a newer one was asked
// for or the count mode was left.
func (c *CountMode) deliver(seq uint64, m count.Marking, err error) {
	if seq != c.want || c.ws.mode != Mode(c) {
		return
	}
	c.marking, c.err, c.want = m, err, 0
	c.ws.changed(ChangeCount)
}

// leave cancels the judgement under way: the count mode is no longer shown.
func (c *CountMode) leave() {
	if w := c.ws.count.worker; w != nil && c.want != 0 {
		w.cancelAll()
	}
	c.want = 0
}

// From returns the mode the count mode was entered from.
func (c *CountMode) From() Mode { return c.from }

// Kind is KindCount.
func (c *CountMode) Kind() Kind { return KindCount }

// Position returns the position counted.
func (c *CountMode) Position() *board.Position { return c.pos }

// Komi returns the komi the position is counted with.
func (c *CountMode) Komi() float64 { return c.komi }

// Title is "counting — Gu Li v Master, move 235".
func (c *CountMode) Title() string { return "counting — " + c.what }

// Step does nothing: a count is of one position.
func (c *CountMode) Step(int) bool { return false }

// Marks crosses the dead stones and puts a triangle on the stones in
// seki.
func (c *CountMode) Marks() []render.Mark {
	var marks []render.Mark
	for _, p := range c.marking.Points(c.pos, count.Dead) {
		marks = append(marks, render.Mark{Point: p, Shape: render.Cross})
	}
	for _, p := range c.marking.Points(c.pos, count.Seki) {
		marks = append(marks, render.Mark{Point: p, Shape: render.Triangle})
	}
	return marks
}

// Hint is the status bar of the count mode.
func (c *CountMode) Hint() string {
	back := "S back to the record"
	if _, ok := c.from.(*EditMode); ok {
		back = "S back to editing"
	}
	return "Click a stone to mark its chain dead, in seki (triangle) or alive  ·  " + back
}

// Tap turns the chain clicked to its next status: alive → dead → seki →
// alive. Clicks while the judgement runs, or on an empty point, do
// nothing.
func (c *CountMode) Tap(p board.Point, _ bool) error {
	if c.ws.mode != Mode(c) || c.marking == nil || !c.pos.OnBoard(p) || c.pos.At(p) == board.Empty {
		return nil
	}
	c.marking = c.marking.Toggle(c.pos, p)
	c.edited = true
	c.ws.changed(ChangeCount)
	return nil
}

// Judging reports whether the judgement of the dead stones is under way.
func (c *CountMode) Judging() bool { return c.want != 0 }

// Marking returns the marking shown, nil while the judgement runs or when
// it failed.
func (c *CountMode) Marking() count.Marking { return c.marking }

// Count returns the count with the marking shown, nil while the judgement
// runs; the error is the judgement's.
func (c *CountMode) Count() (*count.Count, error) {
	if c.err != nil || c.marking == nil {
		return nil, c.err
	}
	return count.New(c.pos, c.marking, c.ws.count.rules, c.komi)
}

// Rules returns the rules counted by.
func (c *CountMode) Rules() count.Rules { return c.ws.count.rules }

// SetRules counts by r, now and in later sessions.
func (c *CountMode) SetRules(r count.Rules) {
	if c.ws.count.rules != r {
		c.ws.count.rules = r
		c.ws.changed(ChangeCount)
	}
}

// Method returns who judges the dead stones.
func (c *CountMode) Method() count.Method { return c.ws.count.method }

// SetMethod has the dead stones judged again by m, dropping the marks
// made by hand.
func (c *CountMode) SetMethod(m count.Method) {
	c.ws.count.method = m
	c.request()
}

// Rejudge drops the marks made by hand and judges the stones again.
func (c *CountMode) Rejudge() { c.request() }

// values returns what the board shows in the count mode: each point's
// owner in the count, a dead stone its killer's; nil while the judgement
// runs.
func (c *CountMode) values() []float64 {
	n, err := c.Count()
	if err != nil || n == nil {
		return nil
	}
	v := make([]float64, len(n.Owner))
	for i, o := range n.Owner {
		v[i] = float64(o)
		if c.marking[i] == count.Dead {
			v[i] = -float64(c.pos.Cell(i))
		}
	}
	return v
}

// CountView is what the count panel shows.
type CountView struct {
	// Status says what is being done or what went wrong: "judging the
	// dead stones…", or the judgement's error; "" once counted.
	Status string
	// Judge says who judged the stones and how many: "12 dead stones,
	// judged by moyo (its own judgement, no engine); 2 changed by hand".
	Judge string
	// Lines are the count in words (count.Count.Lines), and Result the
	// result alone.
	Lines  []string
	Result string
	// Record is the record's result beside the count: "the record says
	// W+2.5", with "at move 235; the count is of move 100" when the count
	// is not of the record's last position; "" without one.
	Record string
}

// View returns what the count panel shows.
func (c *CountMode) View() CountView {
	var v CountView
	switch {
	case c.err != nil:
		v.Status = c.err.Error()
	case c.marking == nil:
		v.Status = "judging the dead stones…"
	}
	if c.result != "" {
		v.Record = "the record says " + c.result
		if !c.atEnd {
			v.Record += " at its end; this is not its last position"
		}
	}
	n, err := c.Count()
	if err != nil || n == nil {
		return v
	}
	v.Judge = fmt.Sprintf("%d dead stones, judged by %s", n.Dead, c.ws.count.method.Describe())
	if c.edited {
		v.Judge += ", then changed by hand"
	}
	if s := len(c.marking.Points(c.pos, count.Seki)); s > 0 {
		v.Judge += fmt.Sprintf("; %d stones in seki", s)
	}
	v.Lines = n.Lines()
	v.Result = n.Result()
	return v
}

// pointLine says what the count makes of point i, for the status bar:
// "  ·  dead, a point for White", "  ·  in seki", "  ·  a point for Black",
// "  ·  no one's point"; "" while the judgement runs.
func (c *CountMode) pointLine(i int) string {
	n, err := c.Count()
	if err != nil || n == nil {
		return ""
	}
	var s string
	switch c.marking[i] {
	case count.Dead:
		s = "  ·  dead, "
	case count.Seki:
		s = "  ·  in seki, "
	default:
		s = "  ·  "
	}
	switch n.Owner[i] {
	case 1:
		return s + "a point for Black"
	case -1:
		return s + "a point for White"
	}
	if c.pos.Cell(i) != board.Empty && n.Rules == count.Territory && c.marking[i] == count.Alive {
		return s + "a living stone (not counted by territory)"
	}
	return s + "no one's point"
}
