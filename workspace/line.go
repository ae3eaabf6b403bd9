package workspace

import (
	"moyo/game"
	"moyo/sgf"
)

// Line is a game record and the line of its tree being shown, with the
// step shown on it. Its methods read it; the record mode (RecordMode) moves
// along it.
type Line struct {
	name string
	rec  *game.Record
	step int
	// data is the record's text; games are the roots of the games of
	// its collection, and game the index of the one shown.
	data  []byte
	games []*sgf.Node
	game  int
}

// Name returns the name the record was opened under.
func (l *Line) Name() string { return l.name }

// Game returns the index, from 0, of the game shown of the record's
// collection, and how many games it holds (1 for a single game; 0
// without a record).
func (l *Line) Game() (index, games int) { return l.game, len(l.games) }

// Games describes each game of the record's collection in a line, as
// the list to choose one from shows it: "Gu Li 9p (B) v Master 9p (W),
// 2017-01-04, W+2.5".
func (l *Line) Games() []string {
	out := make([]string, len(l.games))
	for k, root := range l.games {
		out[k] = game.Info{GameInfo: root.Info()}.Title()
	}
	return out
}

// Record returns the record and line shown, or nil.
func (l *Line) Record() *game.Record { return l.rec }

// RecordError returns the error that cut the line short, usually an
// illegal move, placed in the file; the steps before it can be shown.
func (l *Line) RecordError() error {
	if l.rec == nil || l.rec.Err == nil {
		return nil
	}
	return placed(l.name, l.rec.Err)
}

// Index returns the index in Record().Steps of the step shown.
func (l *Line) Index() int { return l.step }

// Current returns the step shown; ok is false without a record.
func (l *Line) Current() (s game.Step, ok bool) {
	if l.rec == nil {
		return game.Step{}, false
	}
	return l.rec.Steps[l.step], true
}

// Len returns the number of steps of the line.
func (l *Line) Len() int {
	if l.rec == nil {
		return 0
	}
	return len(l.rec.Steps)
}

// goTo shows step i of the line, clamped to the line, and reports whether
// that is another step.
func (l *Line) goTo(i int) bool {
	if l.rec == nil {
		return false
	}
	i = max(0, min(i, len(l.rec.Steps)-1))
	if i == l.step {
		return false
	}
	l.step = i
	return true
}

// afterMove returns the index of the step after move n of the line,
// counting back from the end when n is negative, as 'moyo analyze --move'
// does; ok is false without a record.
func (l *Line) afterMove(n int) (i int, ok bool) {
	if l.rec == nil {
		return 0, false
	}
	if n < 0 {
		n += l.rec.Moves()
	}
	target := l.rec.AfterMove(n)
	for i, s := range l.rec.Steps {
		if s.Node == target.Node {
			return i, true
		}
	}
	return 0, false
}

// branch returns the step index at or before the one shown whose node is
// one of several children, or −1.
func (l *Line) branch() int {
	if l.rec == nil {
		return -1
	}
	for k := l.step; k > 0; k-- {
		if n := l.rec.Steps[k].Node; n.Parent != nil && len(n.Parent.Children) > 1 {
			return k
		}
	}
	return -1
}

// Variation returns which of its parent's children the node shown is, or
// the nearest branching node above it, from 1, and how many there are:
// 1, 1 on a line without variations.
func (l *Line) Variation() (i, n int) {
	k := l.branch()
	if k < 0 {
		return 1, 1
	}
	node := l.rec.Steps[k].Node
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
func (l *Line) Continuations() int {
	if s, ok := l.Current(); ok {
		return len(s.Node.Children)
	}
	return 0
}

// switchVariation replaces the line from the nearest branch at or above
// the node shown with the next (dir > 0) or previous (dir < 0) sibling's
// line, shows the sibling's position, and reports whether there was a
// variation to switch to.
func (l *Line) switchVariation(dir int) bool {
	k := l.branch()
	if k < 0 || dir == 0 {
		return false
	}
	node := l.rec.Steps[k].Node
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
	rec, err := game.Load(l.rec.Root, sib[j])
	if err != nil {
		// Load fails only when the root cannot be set up, and the root
		// loaded before; keep the line shown.
		return false
	}
	l.rec = rec
	// The sibling's own move may be illegal: then its line stops before it.
	l.step = min(k, len(rec.Steps)-1)
	return true
}

// players names the players as the title does: "Gu Li v Master", or the
// record's name when it names neither.
func (l *Line) players() string { return l.rec.Info.Players(l.name) }

// Warnings returns the problems of the record that did not stop its
// replay (game.Record.Warnings: a komi that could not be read, so 0 is
// used), placed in the file as RecordError is.
func (l *Line) Warnings() []error {
	if l.rec == nil {
		return nil
	}
	ws := make([]error, len(l.rec.Warnings))
	for i, w := range l.rec.Warnings {
		ws[i] = placed(l.name, w)
	}
	return ws
}
