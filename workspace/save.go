package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"moyo/board"
	"moyo/game"
	"moyo/sgf"
)

// PositionSave is the position shown made an SGF record (PositionSGF), to
// be written where the user chooses. Writing it marks an edited position
// saved: leaving edit mode asks no more, until the next edit (HasEdits).
type PositionSave struct {
	// Data is the record.
	Data []byte
	// edit is the edit session whose position this is, or nil; pos and
	// komi are what it held when Data was made.
	edit *EditMode
	pos  *board.Position
	komi float64
}

// SavePosition returns the position shown, edited or not, to save.
func (ws *Workspace) SavePosition() (*PositionSave, error) {
	data, err := ws.PositionSGF()
	if err != nil {
		return nil, err
	}
	s := &PositionSave{Data: data}
	if e, ok := ws.editSession(); ok {
		s.edit, s.pos, s.komi = e, e.pos, e.komi
	}
	return s, nil
}

// Write writes the record to w and closes it, reporting the first error;
// once it is written, the edited position it holds is saved.
func (s *PositionSave) Write(w io.WriteCloser) error {
	if err := WriteAll(w, s.Data); err != nil {
		return err
	}
	if s.edit != nil {
		s.edit.saved, s.edit.savedKomi = s.pos, s.komi
	}
	return nil
}

// PositionSGF returns the position shown, edited or not, as an SGF record
// that sets it up: size, komi, player to move and stones, with the
// record's players, date and event but not its result, which is the
// game's and not the position's, and a comment saying where it came from.
// The record itself is not changed.
func (ws *Workspace) PositionSGF() ([]byte, error) {
	pos := ws.Position()
	if pos == nil {
		return nil, errors.New("no position to save")
	}
	var info sgf.GameInfo
	if rec := ws.record.rec; rec != nil && ws.mode.Kind() != KindLesson {
		info = rec.Info.GameInfo
		info.Result = ""
	}
	root := game.SetupRoot(pos, ws.Komi(), info)
	root.SetComment(ws.origin())
	var b bytes.Buffer
	if err := sgf.Write(&b, []*sgf.Node{root}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// origin says where the position shown comes from: "Edited from the
// position after move 100 of game.sgf."; "" when it comes from nowhere.
func (ws *Workspace) origin() string {
	if l, ok := ws.mode.(*LessonMode); ok {
		return fmt.Sprintf("The lesson %q of moyo.", l.l.Title)
	}
	s, ok := ws.record.Current()
	if !ok {
		return ""
	}
	verb := "Set up from"
	if e, ok := ws.mode.(*EditMode); ok && e.Edited() {
		verb = "Edited from"
	}
	return fmt.Sprintf("%s the position after move %d of %s.", verb, s.Number, ws.record.name)
}

// PositionFileName proposes a name for the position shown saved as SGF,
// which is not the record's: "game-move-100.sgf", or
// "game-move-100-edited.sgf" for an edited one; a lesson's name.
func (ws *Workspace) PositionFileName() string {
	if l, ok := ws.mode.(*LessonMode); ok {
		return l.l.Name + ".sgf"
	}
	s, ok := ws.record.Current()
	if !ok {
		return "position.sgf"
	}
	name := ws.record.name
	base := fmt.Sprintf("%s-move-%d", strings.TrimSuffix(name, filepath.Ext(name)), s.Number)
	if e, ok := ws.mode.(*EditMode); ok && e.Edited() {
		base += "-edited"
	}
	return base + ".sgf"
}
