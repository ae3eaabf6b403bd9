package ui

import (
	"os"
	"path/filepath"
	"testing"

	"moyo/ui/widgets"
	"moyo/workspace"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

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

// walk calls visit on o and, unless visit reports o a leaf, on each
// object drawn inside it, depth first.
func walk(o fyne.CanvasObject, visit func(o fyne.CanvasObject) (leaf bool)) {
	if visit(o) {
		return
	}
	switch x := o.(type) {
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, visit)
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, visit)
		}
	}
}

// openFile opens the record file at path in ws, under its base name.
func openFile(t *testing.T, ws *workspace.Workspace, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.Open(filepath.Base(path), data); err != nil {
		t.Fatal(err)
	}
}
