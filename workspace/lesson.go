package workspace

import (
	"fmt"

	"moyo/board"
	"moyo/estimators"
	"moyo/lesson"
	"moyo/render"
)

// LessonMode is lesson mode: a corridor lesson, whose position takes the place
// of the record's, and whose corridor's exact values every run is compared
// with (Comparison).
type LessonMode struct {
	ws       *Workspace
	index    int // in Workspace.Lessons
	l        *lesson.CorridorLesson
	corridor lesson.Corridor
}

// Lessons returns the lessons bundled with moyo, in order. They are read
// on the first call.
func (ws *Workspace) Lessons() ([]*lesson.CorridorLesson, error) {
	if ws.lessons == nil {
		ls, err := lesson.BundledCorridors()
		if err != nil {
			return nil, err
		}
		ws.lessons = ls
	}
	return ws.lessons, nil
}

// OpenLesson shows lesson i of Lessons in lesson mode: its position takes
// the place of the record's, which stays at its step for StopLesson to
// return to, and every run is compared with the lesson's exact values.
// Opening a lesson ends an edit session.
func (ws *Workspace) OpenLesson(i int) error {
	ls, err := ws.Lessons()
	if err != nil {
		return err
	}
	if i < 0 || i >= len(ls) {
		return fmt.Errorf("no lesson %d (there are %d)", i+1, len(ls))
	}
	cur, in := ws.mode.(*LessonMode)
	if in && cur.index == i {
		return nil
	}
	c, err := ls[i].Corridor()
	if err != nil {
		return err
	}
	l := &LessonMode{ws: ws, index: i, l: ls[i], corridor: c}
	if in {
		// From lesson to lesson: the Try settings stay until the lessons
		// are left.
		ws.mode = l
		ws.changed(ChangeLesson)
		return nil
	}
	ws.changed(ws.setMode(l))
	return nil
}

// StopLesson leaves lesson mode and shows the record at the step it was
// left at.
func (ws *Workspace) StopLesson() {
	if l, ok := ws.mode.(*LessonMode); ok {
		ws.lastLesson = l.index
		ws.changed(ws.setMode(ws.record))
	}
}

// ToggleLesson leaves lesson mode, or opens the lesson last shown (at
// first the first): key L. In edit mode it does nothing, since opening a
// lesson would drop the edits.
func (ws *Workspace) ToggleLesson() error {
	switch ws.mode.(type) {
	case *LessonMode:
		ws.StopLesson()
	case *RecordMode:
		return ws.OpenLesson(ws.lastLesson)
	}
	return nil
}

// Kind is KindLesson.
func (l *LessonMode) Kind() Kind { return KindLesson }

// Position returns the lesson's position.
func (l *LessonMode) Position() *board.Position { return l.l.Position }

// Komi is 0: a lesson counts its corridor, not a game.
func (l *LessonMode) Komi() float64 { return 0 }

// Title is "lesson 4 of 21 — Open at one end: five points".
func (l *LessonMode) Title() string {
	return fmt.Sprintf("lesson %d of %d — %s", l.index+1, len(l.ws.lessons), l.l.Title)
}

// Step opens the lesson n after this one, before it for n < 0, stopping at
// the first and the last.
func (l *LessonMode) Step(n int) bool {
	i := max(0, min(l.index+n, len(l.ws.lessons)-1))
	if i == l.index || l.ws.mode != Mode(l) {
		return false
	}
	return l.ws.OpenLesson(i) == nil
}

// Marks numbers the points of the corridor as the lesson's table numbers
// its columns.
func (l *LessonMode) Marks() []render.Mark {
	marks := make([]render.Mark, len(l.corridor.Points))
	for k, p := range l.corridor.Points {
		marks[k] = render.Mark{Point: p, Label: fmt.Sprint(k + 1)}
	}
	return marks
}

// Hint is the status bar of lesson mode.
func (l *LessonMode) Hint() string {
	return "Point at the board for a point's value  ·  ← → other lessons, L back to the record, O hides the overlay"
}

// Lesson returns the lesson shown and its index in Workspace.Lessons.
func (l *LessonMode) Lesson() (*lesson.CorridorLesson, int) { return l.l, l.index }

// Corridor returns the corridor of the lesson, with its exact values.
func (l *LessonMode) Corridor() lesson.Corridor { return l.corridor }

// Comparison sets the run shown beside the exact values of the lesson's
// corridor. ok is false while no run of the lesson's position is shown,
// as after opening it or when the run failed. It follows the run shown: a
// new run is a new comparison.
func (l *LessonMode) Comparison() (c lesson.Comparison, ok bool) {
	o := l.ws.runs.shown
	if o == nil || o.Err != nil || o.Pos != l.l.Position {
		return lesson.Comparison{}, false
	}
	c, err := lesson.Compare(l.corridor, o.Result)
	if err != nil {
		// The corridor was found in the very position the run was of.
		return lesson.Comparison{}, false
	}
	return c, true
}

// lessonTrial is what the Try buttons of the lessons replaced: the
// estimator chosen before the first, and each estimator's parameters
// before its first. A lesson is a place to try the papers' settings, not
// to lose one's own, so leaving the lessons puts these back.
type lessonTrial struct {
	estimator string
	params    map[string]estimators.Params
}

// tried reports whether the trial replaced the parameters of the
// estimator called name; false without a trial (t nil).
func (t *lessonTrial) tried(name string) bool {
	if t == nil {
		return false
	}
	_, ok := t.params[name]
	return ok
}

// endTrial gives back what the Try buttons replaced, which the store kept
// (Settings.trial), and returns the changes to report.
func (ws *Workspace) endTrial() Change {
	t := ws.trial
	if t == nil {
		return 0
	}
	ws.trial, ws.settings.trial = nil, nil
	s := ws.settings
	var c Change
	for name, p := range t.params {
		c |= s.put(name, p)
	}
	if e, err := s.byName(t.estimator); err == nil {
		c |= s.choose(e)
	}
	return c
}

// UseSetting chooses the estimator and the parameters of a setting that
// the lessons teach with, in one change, so that one run shows it. The
// parameters are brought within the range of their controls: the
// lessons iterate to a tighter tolerance than a slider reaches, and the
// sliders must show what was run. Leaving the lessons gives back the
// estimator and parameters the settings replaced (lessonTrial).
func (l *LessonMode) UseSetting(s lesson.Setting) error {
	ws, set := l.ws, l.ws.settings
	e, err := set.byName(s.Estimator.Info().Name)
	if err != nil {
		return err
	}
	p := withinSpecs(e.Info(), s.Params)
	if err := e.Check(p); err != nil {
		return err
	}
	name := e.Info().Name
	if ws.trial == nil {
		ws.trial = &lessonTrial{estimator: set.est.Info().Name, params: map[string]estimators.Params{}}
		set.trial = ws.trial
	}
	if _, ok := ws.trial.params[name]; !ok {
		ws.trial.params[name] = set.params[name]
	}
	if c := set.choose(e) | set.put(name, p); c != 0 {
		ws.changed(c)
	}
	return nil
}

// withinSpecs returns p with every numeric parameter that info declares
// clamped to the parameter's range.
func withinSpecs(info estimators.Info, p estimators.Params) estimators.Params {
	for _, s := range info.Params {
		if s.Kind == estimators.Choice {
			continue
		}
		if v, ok := p.Get(s.Name); ok {
			p = p.WithNum(s.Name, max(s.Min, min(v.Num, s.Max)))
		}
	}
	return p
}

// IsSetting reports whether the chosen estimator and its parameters are
// those UseSetting(s) chooses.
func (l *LessonMode) IsSetting(s lesson.Setting) bool {
	set := l.ws.settings
	return s.Estimator.Info().Name == set.est.Info().Name && withinSpecs(set.est.Info(), s.Params).Equal(set.Params())
}
