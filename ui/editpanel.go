package ui

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// editPanel holds the controls of edit mode, which take the place of the
// move buttons and slider while editing: the tools, the size, the komi and
// the side to move, undo and redo, clearing and saving.
type editPanel struct {
	u                  *App
	box                fyne.CanvasObject
	tools, sizes, side *widgets.Segmented
	sizeSpin, komiSpin *widgets.Spinner
	clear, undo, redo  *widget.Button
}

// editChanges are the changes the panel shows.
const editChanges = workspace.ChangeMode | workspace.ChangeEdit

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
func toolIcon(t workspace.Tool) fyne.Resource {
	switch t {
	case workspace.ToolBlack:
		return stoneIcon("black", blackFill, blackFill)
	case workspace.ToolWhite:
		return stoneIcon("white", whiteFill, whiteFill)
	case workspace.ToolAlternate:
		return stoneIcon("alternate", blackFill, whiteFill)
	case workspace.ToolPlay:
		return theme.MediaPlayIcon()
	}
	return theme.ContentClearIcon()
}

// build makes the controls; the tools, the side and the sizes are rows of
// buttons, which do not take the keyboard focus.
func (p *editPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	tools := workspace.Tools()
	var names []string
	var icons []fyne.Resource
	for _, t := range tools {
		names = append(names, t.String())
		icons = append(icons, toolIcon(t))
	}
	// The tools share the width of the panel: they are the main controls
	// of edit mode, and wide buttons are easy to aim at.
	p.tools = widgets.NewSegmented(widgets.Share{}, names, icons, func(i int) {
		u.withEdit(func(e *workspace.EditMode) { e.SetTool(tools[i]) })
	})

	var sizeNames []string
	sizes := workspace.EditSizes()
	for _, n := range sizes {
		sizeNames = append(sizeNames, fmt.Sprint(n))
	}
	unfocus := func() { u.win.Canvas().Unfocus() }
	p.sizes = widgets.NewSegmented(nil, sizeNames, nil, func(i int) { p.setSize(float64(sizes[i])) })
	p.sizeSpin = widgets.NewSpinner(1, 34, p.setSize, unfocus)
	p.komiSpin = widgets.NewSpinner(0.5, 46, func(k float64) {
		u.withEdit(func(e *workspace.EditMode) { u.sayErr(e.SetKomi(k)) })
	}, unfocus)
	p.side = widgets.NewSegmented(nil, []string{"Black", "White"},
		[]fyne.Resource{toolIcon(workspace.ToolBlack), toolIcon(workspace.ToolWhite)},
		func(i int) {
			u.withEdit(func(e *workspace.EditMode) { e.SetToMove([]board.Color{board.Black, board.White}[i]) })
		})

	// Undo and redo are icons alone, as in most editors' toolbars.
	p.undo = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), u.undo)
	p.redo = widget.NewButtonWithIcon("", theme.ContentRedoIcon(), u.redo)
	p.clear = widget.NewButtonWithIcon("Clear", theme.DeleteIcon(), u.clearBoard)
	save := widget.NewButtonWithIcon("Save…", theme.DocumentSaveIcon(), u.showSave)

	// Rows no wider than the side panel's least width, so that editing
	// takes no width from the board.
	size := container.NewHBox(widget.NewLabel("Size"), p.sizes.Row, p.sizeSpin.Object)
	side := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("To move"), p.side.Row),
		container.NewHBox(widget.NewLabel("Komi"), p.komiSpin.Object))
	actions := container.NewHBox(p.undo, p.redo, p.clear, save)
	p.box = container.NewVBox(p.tools.Row, size, side, actions)
	return p.box
}

// setSize asks for an empty board of size n, which must be whole.
func (p *editPanel) setSize(n float64) {
	if n != math.Trunc(n) {
		return
	}
	p.u.withEdit(func(e *workspace.EditMode) { p.u.sayErr(e.SetBoardSize(int(n))) })
}

// update sets the controls from the edit session, if there is one.
func (p *editPanel) update(workspace.Change) {
	e, editing := p.u.ws.Mode().(*workspace.EditMode)
	widgets.ShowIf(p.box, editing)
	if !editing {
		return
	}
	v := e.View()
	p.tools.Set(int(v.Tool))
	p.sizes.Set(v.SizeButton)
	p.sizeSpin.Set(float64(v.Size))
	p.komiSpin.Set(v.Komi)
	p.side.Set(v.ToMove)
	widgets.EnableIf(p.undo, v.CanUndo)
	widgets.EnableIf(p.redo, v.CanRedo)
	widgets.EnableIf(p.clear, v.CanClear)
}
