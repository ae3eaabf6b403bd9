package workspace

import (
	"fmt"
	"strings"

	"moyo/board"
	"moyo/lesson"
)

// raceLesson is the race lesson a race mode shows: the lesson, its index
// in RaceLessons, and which of its sequences is stepped through.
type raceLesson struct {
	l       *lesson.RaceLesson
	index   int
	failing bool
}

// raceLessons are the capturing-race lessons, read on first use.
type raceLessons struct {
	list []*lesson.RaceLesson
}

// RaceLessons returns the capturing-race lessons bundled with moyo
// (lesson.BundledRaces), in order. They are read on the first call.
func (ws *Workspace) RaceLessons() ([]*lesson.RaceLesson, error) {
	w := &ws.race
	if w.lessons.list == nil {
		ls, err := lesson.BundledRaces()
		if err != nil {
			return nil, err
		}
		w.lessons.list = ls
	}
	return w.lessons.list, nil
}

// OpenRaceLesson shows race lesson i in the race mode: its position and
// its two blocks, analysed live, with the correct sequence to step
// through. Leaving it (StopRace) returns to the mode it was opened from:
// the record, the edit session kept as it was, or from a corridor lesson
// the record.
func (ws *Workspace) OpenRaceLesson(i int) error {
	ls, err := ws.RaceLessons()
	if err != nil {
		return err
	}
	if i < 0 || i >= len(ls) {
		return fmt.Errorf("no race lesson %d (there are %d)", i+1, len(ls))
	}
	var from Mode = ws.record
	switch m := ws.mode.(type) {
	case *RaceMode:
		if m.lesson != nil && m.lesson.index == i {
			return nil
		}
		from = m.from
	case *EditMode:
		from = m
	}
	l := ls[i]
	r := ws.newRace(from, l.Position, 0, "")
	r.lesson = &raceLesson{l: l, index: i}
	r.line = l.Correct
	r.lessonBlocks()
	r.request()
	ws.changed(ws.setMode(r))
	return nil
}

// lessonBlocks picks the lesson's blocks in the position shown, or says
// that one of them has been captured.
func (r *RaceMode) lessonBlocks() {
	r.picks, r.chains = nil, nil
	l := r.lesson.l
	for k, c := range []board.Color{board.Black, board.White} {
		p := l.Blocks[k]
		if r.pos.At(p) != c {
			r.err = fmt.Errorf("%s's block at %s has been captured: the race is over", c.Name(), p.Label(r.pos.Size()))
			return
		}
	}
	r.picks = []board.Point{l.Blocks[0], l.Blocks[1]}
	r.refreshChains()
}

// Lesson returns the race lesson shown and its index in RaceLessons; ok
// is false outside a lesson.
func (r *RaceMode) Lesson() (l *lesson.RaceLesson, index int, ok bool) {
	if r.lesson == nil {
		return nil, 0, false
	}
	return r.lesson.l, r.lesson.index, true
}

// Failing reports whether the lesson's failing sequence is the one
// stepped through, rather than the correct one.
func (r *RaceMode) Failing() bool { return r.lesson != nil && r.lesson.failing }

// ShowFailing steps through the lesson's failing sequence (or the correct
// one), from the lesson's position.
func (r *RaceMode) ShowFailing(failing bool) {
	if r.lesson == nil || r.lesson.failing == failing || r.ws.mode != Mode(r) {
		return
	}
	r.lesson.failing = failing
	r.line = r.lesson.l.Correct
	if failing {
		r.line = r.lesson.l.Failing
	}
	r.goTo(0)
}

// Sequence returns the moves of the sequence stepped through, as "B B7",
// and how many of them are played in the position shown.
func (r *RaceMode) Sequence() (moves []string, played int) {
	for _, m := range r.line {
		moves = append(moves, MoveLabel(m, r.base.Size()))
	}
	return moves, r.step
}

// MoveLabel writes a move as "B B7", "W pass".
func MoveLabel(m board.Move, size int) string {
	if m.Pass {
		return m.Color.String() + " pass"
	}
	return m.Color.String() + " " + m.Point.Label(size)
}

// lessonTitle is "race lesson 2 of 6 — A shared liberty: fill it last —
// correct sequence, 3 of 9 moves".
func (r *RaceMode) lessonTitle() string {
	rl := r.lesson
	seq := "correct sequence"
	if rl.failing {
		seq = "failing sequence"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "race lesson %d of %d — %s — %s", rl.index+1, len(r.ws.race.lessons.list), rl.l.Title, seq)
	if r.step > 0 {
		fmt.Fprintf(&b, ", %d of %d moves", r.step, len(r.line))
	}
	return b.String()
}
