package ui

import (
	"moyo/ui/widgets"
	"moyo/workspace"
	"testing"
	"time"
)

// queue stands in for fyne.Do: posted functions wait until the test runs
// them on its own goroutine, as the UI goroutine would.
type queue struct{ ch chan func() }

func newQueue() *queue { return &queue{ch: make(chan func(), 1000)} }

func (q *queue) post(f func()) { q.ch <- f }

// until runs posted functions until cond holds, failing after a while.
func (q *queue) until(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			t.Fatal("timed out waiting for a run")
		}
	}
}

// drain runs the functions posted so far.
func (q *queue) drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
}

// variations has a branch at move 2 and another at move 4 of the second
// line, and a comment.
const variations = `(;GM[1]SZ[9]KM[7]PB[Black Player]PW[White Player]
;B[cc]C[first move]
(;W[gg];B[gc])
(;W[cg];B[gc](;W[gg])(;W[ee])))`

// editing reports whether ws is in edit mode.
func editing(ws *workspace.Workspace) bool { _, ok := ws.Mode().(*workspace.EditMode); return ok }

// inLesson reports whether ws is in lesson mode.
func inLesson(ws *workspace.Workspace) bool { _, ok := ws.Mode().(*workspace.LessonMode); return ok }

// editOf returns the edit session ws shows, failing the test outside
// edit mode.
func editOf(t testing.TB, ws *workspace.Workspace) *workspace.EditMode {
	t.Helper()
	e, ok := ws.Mode().(*workspace.EditMode)
	if !ok {
		t.Fatalf("in %v mode, not editing", ws.Mode().Kind())
	}
	return e
}

// lessonOf returns the lesson ws shows, failing the test outside lesson
// mode.
func lessonOf(t testing.TB, ws *workspace.Workspace) *workspace.LessonMode {
	t.Helper()
	l, ok := ws.Mode().(*workspace.LessonMode)
	if !ok {
		t.Fatalf("in %v mode, not a lesson", ws.Mode().Kind())
	}
	return l
}

// control returns the estimator panel's control of parameter name, or nil.
func (p *estimatorPanel) control(name string) *paramControl {
	for _, c := range p.controls {
		if c.spec.Name == name {
			return c
		}
	}
	return nil
}

// section returns the side panel's section called name, or nil.
func (u *App) section(name string) *widgets.Section {
	for _, sec := range u.side.Sections() {
		if sec.Name() == name {
			return sec
		}
	}
	return nil
}
