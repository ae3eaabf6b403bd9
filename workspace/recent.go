package workspace

import (
	"io"
	"path/filepath"
	"slices"

	"moyo/assets"
)

// MaxRecent is the number of recently opened files kept.
const MaxRecent = 8

// AddRecent returns the recently opened files, newest first, with path,
// made absolute, put first: once, and at most MaxRecent in all.
func AddRecent(recent []string, path string) []string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := slices.DeleteFunc(slices.Clone(recent), func(p string) bool { return p == path })
	list = append([]string{path}, list...)
	return list[:min(len(list), MaxRecent)]
}

// HasEdits reports whether a position set up by hand would be lost by
// leaving edit mode: an edit session, shown or under the race or count
// mode looking at it, with edits in it that are not saved (PositionSave).
// Opening a record or a lesson, and quitting, ask first.
func (ws *Workspace) HasEdits() bool {
	e, ok := ws.editSession()
	return ok && e.unsaved()
}

// editSession returns the edit session shown, or looked at by the race
// mode shown.
func (ws *Workspace) editSession() (*EditMode, bool) {
	mode := ws.mode
	switch m := mode.(type) {
	case *RaceMode:
		mode = m.From() // a race looked at from an edit session keeps it
	case *CountMode:
		mode = m.From()
	}
	e, ok := mode.(*EditMode)
	return e, ok
}

// OpenSample opens the sample record bundled with moyo at the move it is
// shown at: File → Open Sample Game.
func (ws *Workspace) OpenSample() error {
	if err := ws.Open(assets.SampleName, assets.Sample()); err != nil {
		return err
	}
	ws.record.SetMove(assets.SampleMove)
	return nil
}

// WriteAll writes data to w and closes it, reporting the first error: a
// position saved where the user chose (PositionSGF).
func WriteAll(w io.WriteCloser, data []byte) error {
	_, err := w.Write(data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}
