package workspace

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"moyo/board"
	"moyo/render"
	"moyo/semeai"
)

// RaceMode is the capturing-race mode: the position shown when it was
// entered (a step of the record, or the edited position), in which the
// user picks the two essential blocks of a race by clicking them, or
// chooses one of the candidates semeai finds. Every race picked is
// analysed as Nakamura 2008 teaches (semeai.Analyze) on a
// worker of its own, the newest request winning; the analysis shown is
// Result, a pick refused or a race that cannot be analysed is Err.
//
// The board shows the regions of the race, tinted and outlined, each
// with its value cooled by 2, the essential blocks outlined, and the
// losing block's stones crossed. With Capture on, the estimator runs on
// the position with the losing block taken off the board, and the board
// draws that position (Workspace.BoardPosition), the block's points
// shaded as the winner's.
type RaceMode struct {
	ws   *Workspace
	from Mode // the record or the edit session, which StopRace returns to
	what string
	komi float64

	// base is the position the race mode started from; pos is the one
	// shown: base with the first step moves of line played (a lesson's
	// sequence), or base itself.
	base, pos *board.Position
	line      []board.Move
	step      int

	picks  []board.Point // 0, 1 or 2 stones naming the blocks chosen
	chains [][]board.Point
	cands  []RaceCandidate

	want     uint64 // sequence number of the analysis asked for last, 0 for none
	nodes    int    // MaxNodes of the pick's analysis after AnalyseFurther; 0: the limits'
	result   *RaceResult
	err      error
	refused  *raceRefused    // err, when the race picked is too large to analyse
	selected int             // region whose thermograph is drawn; −1 for the sum
	captured *board.Position // pos with the loser's block taken off
	// takeLoser: the estimator takes the loser of the race shown as
	// captured (SetCapture).
	takeLoser bool
	lesson    *raceLesson // the lesson shown, or nil
}

// raceWork is what the workspace keeps of the race mode between
// sessions: the worker that analyses races, and the options.
type raceWork struct {
	worker *latest
	// limits bound each region's game; the zero value is raceLimits.
	limits semeai.Limits
	// analyse replaces analyseRace in tests, and solve the search that
	// checks the count (nil: the analysis's own, see RaceResult.checked).
	analyse func(context.Context, *board.Position, []board.Point, semeai.Limits, func(*raceRefused)) (*RaceResult, error)
	solve   solver
	lessons raceLessons
}

// close stops the worker, if it was started.
func (w *raceWork) close() {
	if w.worker != nil {
		w.worker.close()
	}
}

// raceLimits bound the analysis of each region in the app: semeai's
// default region size, and a tenth of its default number of positions,
// which the semeai tests and lessons stay far below (a few thousand) and
// which a 2-core machine expands in a few seconds, so that a race too
// large to analyse is refused with its size rather than after a minute.
var raceLimits = semeai.Limits{MaxEmpty: semeai.DefaultMaxEmpty, MaxNodes: semeai.DefaultMaxNodes / 10}

// RaceCandidate is a pair of blocks that may be in a race, as
// semeai.CandidateRaces finds them.
type RaceCandidate struct {
	Black, White board.Point
	// Label names them: "Black C5 (4 liberties) v White D6 (3
	// liberties)".
	Label string
	// Largest is the most empty points of one of the race's liberty
	// regions.
	Largest int
}

// StartRace enters the race mode on the position shown, from the record
// or from edit mode (which StopRace returns to, edits kept), with the
// candidate races of the position listed and no block picked. A corridor
// lesson is not analysed this way; the race lessons are (OpenRaceLesson).
func (ws *Workspace) StartRace() error {
	var what string
	switch m := ws.mode.(type) {
	case *RecordMode:
		s, ok := m.Current()
		if !ok {
			return fmt.Errorf("no position: open a record or edit a position first")
		}
		what = fmt.Sprintf("%s, move %d", m.players(), s.Number)
	case *EditMode:
		what = "the edited position"
	default:
		return nil
	}
	r := ws.newRace(ws.mode, ws.Position(), ws.Komi(), what)
	ws.changed(ws.setMode(r))
	return nil
}

// newRace returns a race mode on pos, entered from mode from.
func (ws *Workspace) newRace(from Mode, pos *board.Position, komi float64, what string) *RaceMode {
	r := &RaceMode{ws: ws, from: from, what: what, komi: komi, base: pos, pos: pos, selected: -1}
	r.cands = candidates(pos)
	return r
}

// StopRace leaves the race mode for the mode it was entered from.
func (ws *Workspace) StopRace() {
	if r, ok := ws.mode.(*RaceMode); ok {
		ws.changed(ws.setMode(r.from))
	}
}

// ToggleRace enters the race mode or leaves it: key C.
func (ws *Workspace) ToggleRace() error {
	if _, ok := ws.mode.(*RaceMode); ok {
		ws.StopRace()
		return nil
	}
	return ws.StartRace()
}

// leave cancels the analysis under way: the race mode is no longer shown.
func (r *RaceMode) leave() {
	if w := r.ws.race.worker; w != nil && r.want != 0 {
		w.cancelAll()
	}
	r.want = 0
}

// From returns the mode the race mode was entered from, which StopRace
// returns to: the record, or an edit session with its edits.
func (r *RaceMode) From() Mode { return r.from }

// Kind is KindRace.
func (r *RaceMode) Kind() Kind { return KindRace }

// Position returns the position shown.
func (r *RaceMode) Position() *board.Position { return r.pos }

// Komi returns the komi of the position the race mode started from.
func (r *RaceMode) Komi() float64 { return r.komi }

// Title is "capturing race — Gu Li v Master, move 100", or for a lesson
// "race lesson 2 of 8 — Shared liberties — correct sequence, move 1 of 3".
func (r *RaceMode) Title() string {
	if r.lesson != nil {
		return r.lessonTitle()
	}
	return "capturing race — " + r.what
}

// Step moves n moves along the lesson's sequence shown, back for n < 0,
// and reports whether it moved; outside a lesson there is nothing to step
// through.
func (r *RaceMode) Step(n int) bool {
	k := max(0, min(r.step+n, len(r.line)))
	if k == r.step || r.ws.mode != Mode(r) {
		return false
	}
	r.goTo(k)
	return true
}

// goTo shows the position after the first k moves of the line, and
// analyses it with the same blocks.
func (r *RaceMode) goTo(k int) {
	pos := r.base
	if k > 0 {
		pos = r.base.Clone()
		for _, m := range r.line[:k] {
			if err := pos.Play(m); err != nil {
				// The lessons are checked when they are loaded; a move
				// that fails here ends the line where it is.
				r.err = fmt.Errorf("move %d of the sequence: %w", k, err)
				break
			}
		}
	}
	r.step, r.pos = k, pos
	r.cands = candidates(pos)
	r.drop()
	if r.lesson != nil {
		r.lessonBlocks()
	}
	r.request()
	// A step of a lesson's sequence is a step of a line, as the record's.
	r.ws.changed(ChangeRace | ChangeStep)
}

// Hint is the status bar of the race mode.
func (r *RaceMode) Hint() string {
	back := "C back to the record"
	if _, ok := r.from.(*EditMode); ok {
		back = "C back to editing"
	}
	switch {
	case r.lesson != nil:
		return "← → step through the sequence  ·  click a region for its thermograph  ·  " + back
	case len(r.picks) == 1:
		return "Click a stone of the opposing block  ·  right click starts again  ·  " + back
	case r.result != nil:
		return "Click a region for its thermograph, a stone to pick another race  ·  right click starts again  ·  " + back
	}
	return "Click a stone of one block of the race, then one of the opposing block  ·  " + back
}

// Tap picks the blocks of a race: a first click on a stone chooses its
// block, a second on a stone of the other colour the opposing block, and
// the race between them is analysed. Once a race is shown, a click in one
// of its regions chooses the region whose thermograph is drawn, and a
// click on a stone starts a new pick. A click on an empty point outside
// the regions, or a right click, starts again. A pick that cannot be a
// race is refused with Err saying why.
func (r *RaceMode) Tap(p board.Point, secondary bool) error {
	if r.ws.mode != Mode(r) {
		return nil
	}
	before := r.estimatePosition()
	defer r.update(before)
	pos := r.pos
	if k, ok := r.regionAt(p); ok && !secondary {
		r.selected = k
		return nil
	}
	if secondary || !pos.OnBoard(p) || pos.At(p) == board.Empty {
		r.drop()
		return nil
	}
	c := pos.At(p)
	if len(r.picks) != 1 {
		r.drop()
		r.picks = []board.Point{p}
		r.refreshChains()
		return nil
	}
	first := r.picks[0]
	switch {
	case slices.Contains(r.chains[0], p):
		// The block chosen again: unchoose it.
		r.drop()
		return nil
	case pos.At(first) == c:
		r.err = fmt.Errorf("%s and %s are both %s: a race needs a Black and a White block, so click a %s stone",
			first.Label(pos.Size()), p.Label(pos.Size()), c.Name(), c.Opponent().Name())
		return nil
	}
	r.picks = append(r.picks, p)
	r.refreshChains()
	r.err = nil
	r.request()
	return nil
}

// update tells the workspace that the race mode changed, and asks for a
// run of the estimator if the position it runs on is no longer before.
func (r *RaceMode) update(before *board.Position) {
	if r.estimatePosition() != before {
		r.ws.changed(ChangeRace)
		return
	}
	r.ws.notify(ChangeRace)
}

// drop drops the blocks picked, the analysis and any error, and the
// estimate's capture of the loser, which was of that race, and cancels
// the analysis under way.
func (r *RaceMode) drop() {
	r.picks, r.chains, r.nodes = nil, nil, 0
	r.result, r.err, r.refused, r.captured, r.selected = nil, nil, nil, nil, -1
	r.takeLoser = false
	r.leave()
}

// AnalyseFurther analyses the race shown again, with ten times the
// positions a region may need, when its analysis was refused for needing
// more than the app's limit, which is a tenth of semeai's own; or, where
// the search that stands in for a count that cannot be made, or that
// checks the count, stopped at its limit, searches the race again with
// ten times the positions (View's Further offers each). It may take a
// minute, and can be stopped, which leaves the refusal or the count as
// it was.
func (r *RaceMode) AnalyseFurther() {
	rf := r.refused
	if r.ws.mode != Mode(r) || r.want != 0 {
		return
	}
	switch {
	case rf == nil:
		if r.result != nil && r.result.deeper() > 0 {
			r.checkFurther()
		}
	case rf.further > 0:
		before := r.estimatePosition()
		r.nodes = rf.further
		r.result, r.err, r.refused, r.captured, r.selected = nil, nil, nil, nil, -1
		r.request()
		r.update(before)
	case rf.deeper() > 0:
		r.searchFurther()
	}
}

// searchFurther searches the refused race shown again, with the
// positions its refusal's deeper gives, the refusal shown meanwhile.
func (r *RaceMode) searchFurther() {
	w := &r.ws.race
	if w.worker == nil {
		w.worker = newLatest(r.ws.post)
	}
	rf := r.refused.searchFurther()
	r.refused, r.err = rf, rf
	solve := w.solve
	r.want = w.worker.submit(func(ctx context.Context, seq uint64) func() {
		done := rf.searchedWith(ctx, solve)
		if ctx.Err() != nil {
			return nil
		}
		return func() { r.deliver(seq, nil, done) }
	})
	r.ws.notify(ChangeRace)
}

// checkFurther checks the count shown again, whose search stopped at its
// limit, with the positions a side its deeper gives; the count is shown
// meanwhile, as while its first search ran.
func (r *RaceMode) checkFurther() {
	w := &r.ws.race
	if w.worker == nil {
		w.worker = newLatest(r.ws.post)
	}
	// The check is made of the count as it was before its first check,
	// whose times it splits as that check did.
	unchecked, shown := r.result.unchecked, r.result.searchFurther()
	r.result = shown
	solve := w.solve
	r.want = w.worker.submit(func(ctx context.Context, seq uint64) func() {
		res := unchecked.checked(ctx, shown.CheckNodes, solve)
		if ctx.Err() != nil {
			return nil
		}
		return func() { r.deliver(seq, res, nil) }
	})
	r.ws.notify(ChangeRace)
}

// refreshChains finds the stones of the blocks picked, which the board
// outlines.
func (r *RaceMode) refreshChains() {
	r.chains = r.chains[:0]
	if len(r.picks) == 0 {
		return
	}
	chains, id := r.pos.Chains()
	for _, p := range r.picks {
		var stones []board.Point
		if k := id[r.pos.Index(p)]; k >= 0 {
			for _, s := range chains[k].Stones {
				stones = append(stones, r.pos.PointOf(s))
			}
		}
		r.chains = append(r.chains, stones)
	}
}

// request asks the worker for the analysis of the race between the two
// blocks picked.
func (r *RaceMode) request() {
	if len(r.picks) != 2 {
		return
	}
	w := &r.ws.race
	if w.worker == nil {
		w.worker = newLatest(r.ws.post)
	}
	pos, picks, lim := r.pos, slices.Clone(r.picks), w.limits
	if lim == (semeai.Limits{}) {
		lim = raceLimits
	}
	if r.nodes > 0 {
		lim.MaxNodes = r.nodes
	}
	analyse, solve := w.analyse, w.solve
	if analyse == nil {
		analyse = analyseRace
	}
	post := r.ws.post
	r.want = w.worker.submit(func(ctx context.Context, seq uint64) func() {
		// The search's answer is shown while a slow count is made.
		answered := func(rf *raceRefused) { post(func() { r.deliver(seq, nil, rf) }) }
		res, err := analyse(ctx, pos, picks, lim, answered)
		if ctx.Err() != nil {
			return nil
		}
		// The count, or the refusal, is shown at once; the search that
		// checks the count or stands in for it, which can take seconds on
		// a real game's race, follows.
		var rf *raceRefused
		switch {
		case err == nil && res.Checking:
			shown := res // res becomes the checked copy below
			post(func() { r.deliver(seq, shown, nil) })
			res = shown.checked(ctx, shown.Analysis.Race.CheckNodes(), solve)
		case errors.As(err, &rf) && rf.searching:
			post(func() { r.deliver(seq, nil, rf) })
			err = rf.searchedWith(ctx, solve)
		}
		if ctx.Err() != nil {
			return nil
		}
		return func() { r.deliver(seq, res, err) }
	})
}

// deliver shows the analysis of request seq, unless another was asked for
// since or the race mode was left. An analysis whose search is still
// under way (RaceResult.Checking, raceRefused.searching) leaves the
// request running: its search's end is delivered after it.
func (r *RaceMode) deliver(seq uint64, res *RaceResult, err error) {
	if r.ws.mode != Mode(r) || seq != r.want {
		return
	}
	var rf *raceRefused
	searching := err == nil && res.Checking || errors.As(err, &rf) && (rf.searching || rf.counting)
	if !searching {
		r.want = 0
	}
	before := r.estimatePosition()
	defer r.update(before)
	// The count shown while the search ran keeps the region chosen, and
	// the position without its loser when the search agrees on him, so
	// that the estimator does not run again on the same position.
	counted := err == nil && r.result != nil && r.result.Checking
	keep := counted && r.result.Loser == res.Loser
	r.result, r.err, r.refused = res, err, nil
	if !keep {
		r.captured = nil
	}
	if err != nil {
		// A race too large keeps its blocks, and shows its regions.
		if errors.As(err, &r.refused) {
			r.capture(r.refused.race, r.refused.loser())
			return
		}
		if len(r.picks) == 2 {
			// A pair that is no race: keep neither.
			r.picks, r.chains = nil, nil
		}
		return
	}
	if !counted {
		r.selected = hottest(res)
	}
	if !keep {
		r.capture(res.Analysis.Race, res.Loser)
	}
}

// capture keeps the position shown without the stones of the block of
// race that loser (a colour, or Empty for none) loses.
func (r *RaceMode) capture(race *semeai.Race, loser board.Color) {
	if loser == board.Empty {
		return
	}
	r.captured = r.pos.Clone()
	for _, s := range race.Block(loser).Stones {
		r.captured.Set(r.pos.PointOf(s), board.Empty)
	}
}

// hottest returns the region of highest temperature, the one whose
// thermograph is worth a look first, or −1 (the sum) without regions.
// A region that counts a life as it stands (RaceRegion.Life) comes last:
// its thermograph is a mast off the picture.
func hottest(res *RaceResult) int {
	hotter := func(k, than int) bool {
		life, lifeThan := res.Regions[k].Life != board.Empty, res.Regions[than].Life != board.Empty
		if life != lifeThan {
			return lifeThan
		}
		return res.Analysis.Regions[k].Temperature.Cmp(res.Analysis.Regions[than].Temperature) > 0
	}
	best := -1
	for k := range res.Analysis.Regions {
		if best < 0 || hotter(k, best) {
			best = k
		}
	}
	return best
}

// BoardPosition returns the position the board draws: the position
// shown, or in the race mode with the loser's block taken as captured
// (RaceMode.SetCapture), the position the estimate is of, without the
// block, so that the board shows what is estimated.
func (ws *Workspace) BoardPosition() *board.Position { return ws.estimatePosition() }

// estimatePosition is the position the estimator runs on: the position
// shown, or in the race mode the one its estimatePosition gives.
func (ws *Workspace) estimatePosition() *board.Position {
	if r, ok := ws.mode.(*RaceMode); ok {
		return r.estimatePosition()
	}
	return ws.Position()
}

// estimatePosition is the position the estimator runs on: with Capture
// on and a race whose loser is known, the position shown without the
// losing block.
func (r *RaceMode) estimatePosition() *board.Position {
	if r.Capture() {
		return r.captured
	}
	return r.pos
}

// Picks returns the stones naming the blocks chosen: none, one (the
// opposing block is to be clicked) or two.
func (r *RaceMode) Picks() []board.Point { return r.picks }

// Candidates returns the races found in the position that the analysis
// can play out, best first (semeai.Candidates, less those in the open).
func (r *RaceMode) Candidates() []RaceCandidate { return r.cands }

// Chosen returns the index in Candidates of the pair of blocks picked,
// or −1 when fewer than two are picked or they are no candidate.
func (r *RaceMode) Chosen() int {
	if len(r.chains) != 2 {
		return -1
	}
	for k, c := range r.cands {
		b, w := slices.Contains(r.chains[0], c.Black), slices.Contains(r.chains[1], c.White)
		if b && w || slices.Contains(r.chains[1], c.Black) && slices.Contains(r.chains[0], c.White) {
			return k
		}
	}
	return -1
}

// PickCandidate analyses the race of candidate i.
func (r *RaceMode) PickCandidate(i int) error {
	if i < 0 || i >= len(r.cands) {
		return fmt.Errorf("no candidate %d (there are %d)", i+1, len(r.cands))
	}
	c := r.cands[i]
	before := r.estimatePosition()
	r.drop()
	r.picks = []board.Point{c.Black, c.White}
	r.refreshChains()
	r.request()
	r.update(before)
	return nil
}

// Running reports whether an analysis asked for is not shown yet.
func (r *RaceMode) Running() bool { return r.want != 0 }

// Cancel stops the analysis under way; the blocks stay picked. Stopped
// while the search checks it, the count stays shown, unchecked.
func (r *RaceMode) Cancel() {
	if r.want == 0 {
		return
	}
	r.leave()
	switch {
	case r.result != nil && r.result.Checking:
		// The count stands; only its check is given up.
		r.result = r.result.stopped()
	case r.refused != nil && r.refused.searching:
		// So does the refusal, without the search that stands in for
		// the count.
		r.refused = r.refused.stopped()
		r.err = r.refused
	case r.refused != nil && r.refused.counting:
		// And the search's answer, without the count that explains it.
		r.refused = r.refused.countStopped()
		r.err = r.refused
	default:
		r.err = errors.New("analysis stopped: pick the blocks again to analyse them")
	}
	r.ws.notify(ChangeRace)
}

// Result returns the analysis shown; ok is false while there is none.
func (r *RaceMode) Result() (res *RaceResult, ok bool) { return r.result, r.result != nil }

// Err returns why there is no analysis: a pick that is no race, or a race
// that cannot be analysed; nil otherwise.
func (r *RaceMode) Err() error { return r.err }

// Select chooses the region whose thermograph is drawn; −1 is the sum.
func (r *RaceMode) Select(k int) {
	if r.result == nil || k < -1 || k >= len(r.result.Regions) || k == r.selected {
		return
	}
	r.selected = k
	r.ws.notify(ChangeRace)
}

// Selected returns the region whose thermograph is drawn, −1 for the sum.
func (r *RaceMode) Selected() int { return r.selected }

// SelectedRegion returns the region whose thermograph is drawn, or the
// sum; ok is false without an analysis.
func (r *RaceMode) SelectedRegion() (g RaceRegion, ok bool) {
	switch {
	case r.result == nil:
		return RaceRegion{}, false
	case r.selected < 0:
		return r.result.Sum, true
	}
	return r.result.Regions[r.selected], true
}

// regionAt returns the region of the analysis shown that holds p.
func (r *RaceMode) regionAt(p board.Point) (int, bool) {
	if r.result == nil {
		return 0, false
	}
	for k, g := range r.result.Regions {
		if slices.Contains(g.Points, p) {
			return k, true
		}
	}
	return 0, false
}

// Capture reports whether the estimator takes the race's loser as
// captured: asked for, with a race whose loser is known.
func (r *RaceMode) Capture() bool { return r.takeLoser && r.captured != nil }

// SetCapture makes the estimator take the loser of the race shown as
// captured, or not: it runs on the position without the losing block,
// which the board draws (BoardPosition). It is of the race shown: a race
// with no loser takes none, and the next race picked starts without.
func (r *RaceMode) SetCapture(on bool) {
	if on == r.takeLoser || on && r.captured == nil {
		return
	}
	before := r.estimatePosition()
	r.takeLoser = on
	r.update(before)
}

// Regions returns what the board outlines: the regions of the analysis
// shown, tinted in their colours (the one whose thermograph is drawn
// more strongly and in bold), and the blocks chosen. A race too large
// to analyse shows its regions too, the one refused in bold.
func (r *RaceMode) Regions() []render.Region {
	var out []render.Region
	if rf := r.refused; rf != nil {
		for k, g := range rf.race.Regions {
			reg := render.Region{Color: render.RegionColor(k), Tint: 70}
			for _, i := range g.Points {
				reg.Points = append(reg.Points, r.pos.PointOf(i))
			}
			if k == rf.rf.Region() {
				reg.Tint, reg.Bold = 120, true
			}
			out = append(out, reg)
		}
	}
	if r.result != nil {
		for k, g := range r.result.Regions {
			reg := render.Region{Points: g.Points, Color: render.RegionColor(k), Tint: 70}
			if k == r.selected {
				reg.Tint, reg.Bold = 120, true
			}
			out = append(out, reg)
		}
	}
	for _, c := range r.chains {
		out = append(out, render.Region{Points: c, Color: render.BlockColor()})
	}
	return out
}

// Marks writes each region's cooled value on its label point, crosses
// the stones of the race's loser and marks the move to play, when there
// is one (RaceResult.Play), with a small stone; a race too large to
// analyse has its regions' names written instead, which its status
// lists, and the search's capturing move for the side to move.
func (r *RaceMode) Marks() []render.Mark {
	if rf := r.refused; rf != nil {
		play := rf.play()
		marks := playMark(play, rf.race.Pos.ToMove())
		for k, g := range rf.race.Regions {
			marks = append(marks, render.Mark{Point: semeai.LabelPoint(rf.race.Pos, g.Points, play), Label: semeai.RegionName(k)})
		}
		// The move beyond the race that changes its end, where that is
		// why it is refused: the refusal names it.
		if m := rf.rf.BeyondMove(); m != nil {
			marks = append(marks, render.Mark{Point: m.Point, Shape: render.Stone, Color: m.Color})
		}
		if !r.Capture() {
			marks = append(marks, r.crosses(rf.race, rf.loser())...)
		}
		return marks
	}
	if r.result == nil {
		return nil
	}
	// The move first: a label on its point is drawn over it.
	res := r.result
	marks := playMark(res.Play, res.ToMove)
	for _, g := range res.Regions {
		at := g.Label
		if res.Play != nil && at == *res.Play {
			pos := res.Analysis.Race.Pos
			pts := make([]int, len(g.Points))
			for k, p := range g.Points {
				pts[k] = pos.Index(p)
			}
			at = semeai.LabelPoint(pos, pts, res.Play)
		}
		marks = append(marks, render.Mark{Point: at, Label: g.Short})
	}
	if r.Capture() {
		return marks // the loser's block is off the board
	}
	return append(marks, r.crosses(r.result.Analysis.Race, r.result.Loser)...)
}

// playMark marks the move p of c to play, a small stone, or nothing when
// p is nil.
func playMark(p *board.Point, c board.Color) []render.Mark {
	if p == nil {
		return nil
	}
	return []render.Mark{{Point: *p, Shape: render.Stone, Color: c}}
}

// crosses marks the stones of the block of race that loser loses; none
// when loser is Empty.
func (r *RaceMode) crosses(race *semeai.Race, loser board.Color) []render.Mark {
	if loser == board.Empty {
		return nil
	}
	var marks []render.Mark
	for _, s := range race.Block(loser).Stones {
		marks = append(marks, render.Mark{Point: r.pos.PointOf(s), Shape: render.Cross})
	}
	return marks
}

// candidates lists the races of pos that the analysis can play out,
// labelled, best first. A pair of blocks semeai finds in the open, with a
// liberty region of hundreds of points, is two groups that are not in a
// race, and is left out; picked by clicking its blocks, it is refused
// with the size of the region.
func candidates(pos *board.Position) []RaceCandidate {
	var out []RaceCandidate
	for _, r := range semeai.CandidateRaces(pos) {
		b, w := pos.PointOf(r.Black.Anchor()), pos.PointOf(r.White.Anchor())
		c := RaceCandidate{Black: b, White: w, Largest: r.MostEmpty(),
			Label: fmt.Sprintf("Black %s (%s) v White %s (%s)",
				b.Label(pos.Size()), Plural(len(r.Black.Liberties), "liberty"),
				w.Label(pos.Size()), Plural(len(r.White.Liberties), "liberty"))}
		if !c.open() {
			out = append(out, c)
		}
	}
	return out
}

// open reports whether a region of the race is larger than the analysis
// plays out (raceLimits).
func (c RaceCandidate) open() bool { return c.Largest > raceLimits.MaxEmpty }
