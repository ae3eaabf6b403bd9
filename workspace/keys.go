package workspace

// farther is more steps than any mode has: Home and End step it.
const farther = 1 << 30

// Key does what the key called name does in the mode shown, and reports
// whether it is one of the workspace's keys. name is the key's name as
// the desktop's key events give it: "Left", "Right", "Prior" and "Next"
// (Page Up and Down), "Home", "End", "Up", "Down", or a capital letter.
// The keys step through what the mode steps through (Mode.Step): in the
// record ←/→ one move, with shift or Page Up/Down ten, Home/End, and ↑/↓
// between variations; in a lesson ←/→, Page Up/Down and Home/End step
// through the lessons, one at a time. O hides the overlay, N toggles the
// numbers and R the ranking; T goes to the next turning point of the
// game graph, Shift+T to the one before. In edit mode, B, W, A, P and X choose the
// tool, and the keys that step do nothing. The keys that leave a mode
// (E, L, C, S) are the app's, which asks before it drops edits.
func (ws *Workspace) Key(name string, shift bool) bool {
	mode := ws.mode
	if e, ok := mode.(*EditMode); ok {
		if t, ok := ToolOfKey(name); ok {
			e.SetTool(t)
			return true
		}
	}
	n, page := 1, 10
	if mode.Kind() == KindLesson {
		page = 1 // a lesson is a page of its own
	} else if shift {
		n = 10
	}
	switch name {
	case "Left":
		mode.Step(-n)
	case "Right":
		mode.Step(n)
	case "Prior":
		mode.Step(-page)
	case "Next":
		mode.Step(page)
	case "Home":
		mode.Step(-farther)
	case "End":
		mode.Step(farther)
	case "Up":
		ws.record.SwitchVariation(-1)
	case "Down":
		ws.record.SwitchVariation(1)
	case "O":
		ws.ToggleOverlay()
	case "N":
		ws.ToggleNumbers()
	case "R":
		ws.ranking.Toggle()
	case "T":
		dir := 1
		if shift {
			dir = -1
		}
		ws.graph.NextTurn(dir)
	default:
		return false
	}
	return true
}

// KeyHelp returns the keys and what they do, for the Help → Keys dialog.
func KeyHelp() [][2]string {
	return [][2]string{
		{"← →", "one move back or forward"},
		{"Shift+← →, PgUp PgDn", "ten moves"},
		{"Home End", "the first and the last position"},
		{"↑ ↓", "previous or next variation at the nearest branch"},
		{"mouse wheel", "one move per notch"},
		{"O", "hide or show the overlay"},
		{"N", "numbers on or off"},
		{"R", "rank every move: the best lettered A–Z, the worst marked with triangles"},
		{"T, Shift+T", "the next or the previous turning point of the game graph"},
		{"Ctrl+O", "open a record"},
		{"Ctrl+V", "paste a record"},
		{"Ctrl+G", "choose another game of a collection"},
		{"E", "edit the position, or back to the record"},
		{"L", "open a lesson, or back to the record"},
		{"C", "capturing race: click two blocks, or back"},
		{"S", "count the game: click a stone to mark it dead, in seki or alive; or back"},
		{"← → Home End", "in a race lesson: step through the sequence"},
		{"← → Home End", "in a lesson: the previous, next, first, last lesson"},
		{"B W A P X", "while editing: black, white, alternate, play, erase"},
		{"right click", "while editing: erase"},
		{"Ctrl+Z", "undo an edit"},
		{"Ctrl+Shift+Z, Ctrl+Y", "redo"},
		{"Ctrl+S", "save the position"},
		{"Ctrl+E", "export the board as a picture (PNG)"},
		{"Ctrl+Q", "quit"},
		{"Enter, Escape", "in a dialog: OK, Cancel or Close"},
	}
}
