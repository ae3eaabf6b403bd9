package ui

import (
	"encoding/json"
	"fmt"

	"moyo/estimators"
	"moyo/lesson"
)

// lessonMode is an open lesson: which one, and its corridor with the
// exact values to compare every run with.
type lessonMode struct {
	index    int // in Model.lessons
	l        *lesson.Lesson
	corridor lesson.Corridor
}

// Lessons returns the lessons bundled with moyo, in order. They are read
// on the first call.
func (m *Model) Lessons() ([]*lesson.Lesson, error) {
	if m.lessons == nil {
		ls, err := lesson.Bundled()
		if err != nil {
			return nil, err
		}
		m.lessons = ls
	}
	return m.lessons, nil
}

// OpenLesson shows lesson i of Lessons in lesson mode: its position takes
// the place of the record's, which stays at its step for StopLesson to
// return to, and every run is compared with the lesson's exact values.
// Opening a lesson ends an edit session.
func (m *Model) OpenLesson(i int) error {
	ls, err := m.Lessons()
	if err != nil {
		return err
	}
	if i < 0 || i >= len(ls) {
		return fmt.Errorf("no lesson %d (there are %d)", i+1, len(ls))
	}
	if m.lesson != nil && m.lesson.index == i {
		return nil
	}
	c, err := ls[i].Corridor()
	if err != nil {
		return err
	}
	change := ChangeLesson
	if m.edit != nil {
		m.edit = nil
		change |= ChangeEdit
	}
	m.lesson = &lessonMode{index: i, l: ls[i], corridor: c}
	m.changed(change)
	return nil
}

// NextLesson opens the lesson n after the one shown, before it for n < 0,
// stopping at the first and the last. Outside lesson mode it does nothing.
func (m *Model) NextLesson(n int) {
	if m.lesson == nil {
		return
	}
	m.OpenLesson(max(0, min(m.lesson.index+n, len(m.lessons)-1)))
}

// StopLesson leaves lesson mode and shows the record at the step it was
// left at.
func (m *Model) StopLesson() {
	if m.lesson == nil {
		return
	}
	m.lastLesson = m.lesson.index
	m.lesson = nil
	m.changed(ChangeLesson | m.endTrial())
}

// lessonTrial is what the Try buttons of the lessons replaced: the
// estimator chosen before the first, and each estimator's parameters
// before its first. A lesson is a place to try the seed's settings, not
// to lose one's own, so leaving the lessons puts these back.
type lessonTrial struct {
	estimator string
	params    map[string]estimators.Params
}

// endTrial gives back what the Try buttons replaced, stores it, and
// returns the changes to report.
func (m *Model) endTrial() Change {
	t := m.trial
	if t == nil {
		return 0
	}
	m.trial = nil
	var c Change
	for name, p := range t.params {
		if m.params[name].Equal(p) {
			continue
		}
		m.params[name] = p
		if b, err := json.Marshal(p); err == nil {
			m.save(keyParams+name, string(b))
		}
		c |= ChangeParams
	}
	if t.estimator != m.est.Info().Name {
		if e, err := m.byName(t.estimator); err == nil {
			m.est = e
			m.save(keyEstimator, t.estimator)
			c |= ChangeEstimator | ChangeParams
		}
	}
	return c
}

// ToggleLesson leaves lesson mode, or opens the lesson last shown (at
// first the first): key L. In edit mode it does nothing, since opening a
// lesson would drop the edits.
func (m *Model) ToggleLesson() error {
	switch {
	case m.lesson != nil:
		m.StopLesson()
	case m.edit == nil:
		return m.OpenLesson(m.lastLesson)
	}
	return nil
}

// InLesson reports whether the model is in lesson mode.
func (m *Model) InLesson() bool { return m.lesson != nil }

// Lesson returns the lesson shown and its index in Lessons; ok is false
// outside lesson mode.
func (m *Model) Lesson() (l *lesson.Lesson, index int, ok bool) {
	if m.lesson == nil {
		return nil, 0, false
	}
	return m.lesson.l, m.lesson.index, true
}

// Corridor returns the corridor of the lesson shown, with its exact
// values; ok is false outside lesson mode.
func (m *Model) Corridor() (c lesson.Corridor, ok bool) {
	if m.lesson == nil {
		return lesson.Corridor{}, false
	}
	return m.lesson.corridor, true
}

// Comparison sets the run shown beside the exact values of the lesson's
// corridor. ok is false outside lesson mode and while no run of the
// lesson's position is shown, as after opening it or when the run failed.
// It follows the run shown: a new run is a new comparison.
func (m *Model) Comparison() (c lesson.Comparison, ok bool) {
	if m.lesson == nil || m.shown == nil || m.shown.Err != nil || m.shown.Pos != m.lesson.l.Position {
		return lesson.Comparison{}, false
	}
	c, err := lesson.Compare(m.lesson.corridor, m.shown.Result)
	if err != nil {
		// The corridor was found in the very position the run was of.
		return lesson.Comparison{}, false
	}
	return c, true
}

// UseSetting chooses the estimator and the parameters of a setting that
// the lessons teach with, in one change, so that one run shows it. The
// parameters are brought within the range of their controls: the
// lessons iterate to a tighter tolerance than a slider reaches, and the
// sliders must show what was run. Leaving the lessons gives back the
// estimator and parameters the settings replaced (lessonTrial).
func (m *Model) UseSetting(s lesson.Setting) error {
	e, err := m.byName(s.Estimator.Info().Name)
	if err != nil {
		return err
	}
	p := withinSpecs(e.Info(), s.Params)
	if err := e.Check(p); err != nil {
		return err
	}
	name := e.Info().Name
	if m.trial == nil {
		m.trial = &lessonTrial{estimator: m.est.Info().Name, params: map[string]estimators.Params{}}
	}
	if _, ok := m.trial.params[name]; !ok {
		m.trial.params[name] = m.params[name]
	}
	var c Change
	if name != m.est.Info().Name {
		m.est = e
		m.save(keyEstimator, name)
		c |= ChangeEstimator | ChangeParams
	}
	if !p.Equal(m.params[name]) {
		m.params[name] = p
		if b, err := json.Marshal(p); err == nil {
			m.save(keyParams+name, string(b))
		}
		c |= ChangeParams
	}
	if c != 0 {
		m.changed(c)
	}
	return nil
}

// withinSpecs returns p with every numeric parameter that info declares
// clamped to the parameter's range.
func withinSpecs(info estimators.Info, p estimators.Params) estimators.Params {
	for _, s := range info.Params {
		if isChoice(s) {
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
func (m *Model) IsSetting(s lesson.Setting) bool {
	return s.Estimator.Info().Name == m.est.Info().Name && withinSpecs(m.est.Info(), s.Params).Equal(m.Params())
}
