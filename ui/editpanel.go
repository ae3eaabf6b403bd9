package ui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
)

// editSizes returns the board sizes with a button of their own; the
// spinner beside them reaches the others.
func editSizes() []int { return []int{9, 13, 19} }

// stoneIcon draws a stone for the tool buttons: the theme's icons are of
// one colour, and a black and a white stone must look like stones on the
// dark and the light theme alike, hence the grey rim. left and right are
// the colours of the two halves.
func stoneIcon(name, left, right string) fyne.Resource {
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">`+
		`<path d="M12 3a9 9 0 0 0 0 18z" fill="%s"/><path d="M12 3a9 9 0 0 1 0 18z" fill="%s"/>`+
		`<circle cx="12" cy="12" r="9" fill="none" stroke="#8a8a8a" stroke-width="1.4"/></svg>`, left, right)
	return fyne.NewStaticResource(name+".svg", []byte(svg))
}

const (
	blackFill = "#161616"
	whiteFill = "#f2f2f2"
)

// toolIcon returns the icon of a tool's button.
func toolIcon(t Tool) fyne.Resource {
	switch t {
	case ToolBlack:
		return stoneIcon("black", blackFill, blackFill)
	case ToolWhite:
		return stoneIcon("white", whiteFill, whiteFill)
	case ToolAlternate:
		return stoneIcon("alternate", blackFill, whiteFill)
	case ToolPlay:
		return theme.MediaPlayIcon()
	}
	return theme.ContentClearIcon()
}

// toolKey returns the key that choose the tools in edit mode.
func toolKey(t Tool) fyne.KeyName {
	switch t {
	case ToolBlack:
		return fyne.KeyB
	case ToolWhite:
		return fyne.KeyW
	case ToolAlternate:
		return fyne.KeyA
	case ToolPlay:
		return fyne.KeyP
	}
	return fyne.KeyX
}

// editPanel builds the controls of edit mode, which take the place of the
// move buttons and slider while editing: the tools, the size, the komi and
// the side to move, undo and redo, saving, and the way back.
func (u *App) editPanel() fyne.CanvasObject {
	m := u.model
	tools := Tools()
	var names []string
	var icons []fyne.Resource
	for _, t := range tools {
		names = append(names, t.String())
		icons = append(icons, toolIcon(t))
	}
	// The tools share the width of the panel: they are the main controls
	// of edit mode, and equal buttons are easy to aim at.
	u.tools = newSegmented(layout.NewGridLayoutWithColumns(len(tools)), names, icons, func(i int) { m.SetTool(tools[i]) })

	var sizeNames []string
	sizes := editSizes()
	for _, n := range sizes {
		sizeNames = append(sizeNames, fmt.Sprint(n))
	}
	unfocus := func() { u.win.Canvas().Unfocus() }
	u.sizes = newSegmented(nil, sizeNames, nil, func(i int) { u.setSize(float64(sizes[i])) })
	u.sizeSpin = newSpinner(1, 34, u.setSize, unfocus)
	u.komiSpin = newSpinner(0.5, 46, func(k float64) {
		if err := m.SetKomi(k); err != nil {
			u.status.SetText(err.Error())
		}
	}, unfocus)
	u.side = newSegmented(nil, []string{"Black", "White"},
		[]fyne.Resource{toolIcon(ToolBlack), toolIcon(ToolWhite)},
		func(i int) { m.SetToMove([]board.Color{board.Black, board.White}[i]) })

	// Undo and redo are icons alone, as in most editors' toolbars: the
	// panel has room for three rows of controls and no more at 1280×800.
	u.undo = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), m.Undo)
	u.redo = widget.NewButtonWithIcon("", theme.ContentRedoIcon(), m.Redo)
	u.clear = widget.NewButtonWithIcon("Clear", theme.DeleteIcon(), m.ClearBoard)
	save := widget.NewButtonWithIcon("Save…", theme.DocumentSaveIcon(), u.showSave)

	board := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("Size"), u.sizes.row, u.sizeSpin.object), // the size
		container.NewHBox(widget.NewLabel("Komi"), u.komiSpin.object))
	actions := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("To move"), u.side.row),
		container.NewHBox(u.undo, u.redo, u.clear, save))
	return container.NewVBox(u.tools.row, board, actions)
}

// setSize asks for an empty board of size n, which must be whole.
func (u *App) setSize(n float64) {
	if n != math.Trunc(n) {
		return
	}
	if err := u.model.SetBoardSize(int(n)); err != nil {
		u.status.SetText(err.Error())
	}
}

// showMode shows the controls of the mode the model is in: the record's,
// edit mode's or lesson mode's.
func (u *App) showMode() {
	m := u.model
	editing, lesson := m.Editing(), m.InLesson()
	showIf(u.gameBox, !lesson)
	showIf(u.navBox, !editing && !lesson)
	showIf(u.editBox, editing)
	showIf(u.back, editing)
	showIf(u.lesson.top, lesson)
	showIf(u.lesson.body, lesson)
	showIf(u.plot, !lesson)
	// The estimator's source and the timings give their room to the
	// lesson's explanation.
	showIf(u.estTitle, !lesson)
	showIf(u.runTime, !lesson)
	if !u.hovering {
		// The hint says what a click does, or no longer does.
		u.status.SetText(u.hint())
	}
}

// showEdit sets the board and edit mode's controls from the edit
// session, if there is one.
func (u *App) showEdit() {
	m := u.model
	if !m.Editing() {
		u.board.OnTap = nil
		u.board.SetGhost(board.Empty)
		return
	}
	u.board.OnTap = u.tapped
	pos := m.Position()
	ghost := board.Empty
	switch m.Tool() {
	case ToolBlack:
		ghost = board.Black
	case ToolWhite:
		ghost = board.White
	case ToolAlternate, ToolPlay:
		ghost = pos.ToMove()
	}
	u.board.SetGhost(ghost)

	u.tools.Set(int(m.Tool()))
	size := -1
	for i, n := range editSizes() {
		if n == pos.Size() {
			size = i
		}
	}
	u.sizes.Set(size)
	u.sizeSpin.Set(float64(pos.Size()))
	u.komiSpin.Set(m.Komi())
	if pos.ToMove() == board.White {
		u.side.Set(1)
	} else {
		u.side.Set(0)
	}
	enableIf(u.undo, m.CanUndo())
	enableIf(u.redo, m.CanRedo())
	empty := true
	for i := range pos.Len() {
		empty = empty && pos.Cell(i) == board.Empty
	}
	enableIf(u.clear, !empty)
}

func showIf(o fyne.CanvasObject, show bool) {
	if show && !o.Visible() {
		o.Show()
	} else if !show && o.Visible() {
		o.Hide()
	}
}

func enableIf(w fyne.Disableable, enable bool) {
	if enable && w.Disabled() {
		w.Enable()
	} else if !enable && !w.Disabled() {
		w.Disable()
	}
}

// tapped edits the board where it was clicked: the tool on a click, an
// erasure on a right click. A move the rules refuse is named in the
// status bar.
func (u *App) tapped(p board.Point, secondary bool) {
	m := u.model
	var err error
	if secondary {
		err = m.Erase(p)
	} else {
		err = m.ApplyTool(p)
	}
	if err != nil {
		u.status.SetText(fmt.Sprintf("%s: %v", p.Label(m.Position().Size()), plainMoveError(err)))
	}
}

// plainMoveError drops the point from a rule's error, which the status
// bar names itself.
func plainMoveError(err error) error {
	for _, e := range []error{board.ErrOccupied, board.ErrSuicide, board.ErrKo, board.ErrOffBoard} {
		if errors.Is(err, e) {
			return e
		}
	}
	return err
}

// editHint is the status bar in edit mode without a point under the mouse.
func (u *App) editHint() string {
	var click string
	switch u.model.Tool() {
	case ToolBlack:
		click = "puts a black stone"
	case ToolWhite:
		click = "puts a white stone"
	case ToolAlternate:
		click = "puts a stone of the side to move and passes the turn"
	case ToolPlay:
		click = "plays a move, with captures"
	case ToolErase:
		click = "erases"
	}
	return "Click " + click + ", right click erases  ·  B W A P X tools, Ctrl+Z undo, E back to the record"
}

// showSave asks where to save the position shown, edited or not, as an
// SGF file. The record's own file is left alone.
func (u *App) showSave() {
	data, err := u.model.PositionSGF()
	if err != nil {
		ShowError("Cannot save the position", err, u.win)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err == nil && w != nil {
			err = writeAll(w, data)
		}
		if err != nil {
			ShowError("Cannot save the position", err, u.win)
		}
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".sgf", ".SGF"}))
	d.SetFileName(u.positionFileName())
	if recent := u.app.Preferences().StringList(keyRecent); len(recent) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(recent[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	d.Resize(fyne.NewSize(880, 600))
	d.Show()
}

// writeAll writes data to w and closes it, reporting the first error.
func writeAll(w io.WriteCloser, data []byte) error {
	_, err := w.Write(data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

// positionFileName proposes a name for the saved position that is not the
// record's: "game-move-100.sgf", or "game-move-100-edited.sgf".
func (u *App) positionFileName() string {
	m := u.model
	if l, _, ok := m.Lesson(); ok {
		return l.Name + ".sgf"
	}
	s, ok := m.Step()
	if !ok {
		return "position.sgf"
	}
	base := strings.TrimSuffix(m.Name(), filepath.Ext(m.Name()))
	name := fmt.Sprintf("%s-move-%d", base, s.Number)
	if m.Editing() && m.Position() != s.Position {
		name += "-edited"
	}
	return name + ".sgf"
}
