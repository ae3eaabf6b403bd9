package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"moyo/workspace"
)

// menu builds the main menu; it is rebuilt when the recent files change.
func (u *App) menu() *fyne.MainMenu {
	ws := u.ws
	recent := fyne.NewMenu("")
	for _, p := range u.app.Preferences().StringList(keyRecent) {
		recent.Items = append(recent.Items, fyne.NewMenuItem(p, func() { u.OpenFile(p) }))
	}
	recentItem := fyne.NewMenuItem("Open Recent", nil)
	if len(recent.Items) > 0 {
		recentItem.ChildMenu = recent
	} else {
		recentItem.Disabled = true
	}
	open := fyne.NewMenuItem("Open…", u.showOpen)
	open.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	paste := fyne.NewMenuItem("Paste SGF", u.Paste)
	paste.Shortcut = &fyne.ShortcutPaste{}
	sample := fyne.NewMenuItem("Open Sample Game", u.openSample)
	save := fyne.NewMenuItem("Save Position…", u.showSave)
	save.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	file := fyne.NewMenu("File", open, recentItem, paste, sample, fyne.NewMenuItemSeparator(), save)

	// Main menu shortcuts come before the focused widget's: Ctrl+Z undoes
	// an edit of the board even while the komi is being typed.
	undo := fyne.NewMenuItem("Undo", u.undo)
	undo.Shortcut = &fyne.ShortcutUndo{}
	redo := fyne.NewMenuItem("Redo", u.redo)
	redo.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	edit := fyne.NewMenu("Edit",
		fyne.NewMenuItem("Edit the Position, or Back to the Record (E)", u.toggleEdit),
		undo, redo,
		fyne.NewMenuItem("Clear the Board", u.clearBoard),
	)

	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Hide or Show the Overlay (O)", ws.ToggleOverlay),
		fyne.NewMenuItem("Numbers on or off (N)", ws.ToggleNumbers),
		fyne.NewMenuItem("Rank the Moves, or Stop (R)", ws.Ranking().Toggle),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Capturing Race, or Back (C)", u.toggleRace),
	)
	settings := fyne.NewMenu("Settings", fyne.NewMenuItem("Engines…", u.showEngines))
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keys", u.showKeys))
	return fyne.NewMainMenu(file, edit, view, u.lessonMenu(), settings, help)
}

// lessonMenu lists the lessons, grouped by what their titles start
// with: "Open at one end: three points" is "three points" under "Open at
// one end". A title without a colon goes in the group it starts with, or
// on its own.
func (u *App) lessonMenu() *fyne.Menu {
	menu := fyne.NewMenu("Lessons")
	ls, err := u.ws.Lessons()
	if err != nil {
		item := fyne.NewMenuItem("No lessons: "+err.Error(), nil)
		item.Disabled = true
		menu.Items = append(menu.Items, item)
		return menu
	}
	var groups []*fyne.MenuItem
	group := func(name string) *fyne.MenuItem {
		for _, g := range groups {
			if g.Label == name {
				return g
			}
		}
		g := fyne.NewMenuItem(name, nil)
		g.ChildMenu = fyne.NewMenu("")
		groups = append(groups, g)
		menu.Items = append(menu.Items, g)
		return g
	}
	for i, l := range ls {
		open := func() {
			u.leaveEdit("Opening a lesson", func() {
				if err := u.ws.OpenLesson(i); err != nil {
					ShowError("Cannot open the lesson", err, u.win)
				}
			})
		}
		name, rest, ok := strings.Cut(l.Title, ": ")
		if !ok {
			// "Width two with a supporting stone" joins "Width two".
			for _, g := range groups {
				if strings.HasPrefix(l.Title, g.Label+" ") {
					g.ChildMenu.Items = append(g.ChildMenu.Items, fyne.NewMenuItem(l.Title, open))
					ok = true
					break
				}
			}
			if !ok {
				menu.Items = append(menu.Items, fyne.NewMenuItem(l.Title, open))
			}
			continue
		}
		g := group(name)
		g.ChildMenu.Items = append(g.ChildMenu.Items, fyne.NewMenuItem(rest, open))
	}
	menu.Items = append(menu.Items, u.raceLessonMenu(), fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Open a Lesson, or Back to the Record (L)", func() { u.ws.ToggleLesson() }))
	return menu
}

// raceLessonMenu lists the capturing-race lessons in a group of their own.
func (u *App) raceLessonMenu() *fyne.MenuItem {
	group := fyne.NewMenuItem("Capturing races", nil)
	group.ChildMenu = fyne.NewMenu("")
	ls, err := u.ws.RaceLessons()
	if err != nil {
		group.Label, group.Disabled = "No capturing-race lessons: "+err.Error(), true
		return group
	}
	for i, l := range ls {
		group.ChildMenu.Items = append(group.ChildMenu.Items, fyne.NewMenuItem(l.Title, func() {
			if err := u.ws.OpenRaceLesson(i); err != nil {
				ShowError("Cannot open the lesson", err, u.win)
			}
		}))
	}
	return group
}

// toggleRace enters the race mode or leaves it; what stops it is said in
// the status bar.
func (u *App) toggleRace() { u.sayErr(u.ws.ToggleRace()) }

// showKeys lists the keys in a dialog.
func (u *App) showKeys() {
	form := container.New(layout.NewFormLayout())
	for _, k := range [][2]string{
		{"← →", "one move back or forward"},
		{"Shift+← →, PgUp PgDn", "ten moves"},
		{"Home End", "the first and the last position"},
		{"↑ ↓", "previous or next variation at the nearest branch"},
		{"mouse wheel", "one move per notch"},
		{"O", "hide or show the overlay"},
		{"N", "numbers on or off"},
		{"R", "rank every move: the best lettered A–Z, the worst crossed"},
		{"Ctrl+O", "open a record"},
		{"Ctrl+V", "paste a record"},
		{"E", "edit the position, or back to the record"},
		{"L", "open a lesson, or back to the record"},
		{"C", "capturing race: click two blocks, or back"},
		{"← → Home End", "in a race lesson: step through the sequence"},
		{"← → Home End", "in a lesson: the previous, next, first, last lesson"},
		{"B W A P X", "while editing: black, white, alternate, play, erase"},
		{"right click", "while editing: erase"},
		{"Ctrl+Z", "undo an edit"},
		{"Ctrl+Shift+Z, Ctrl+Y", "redo"},
		{"Ctrl+S", "save the position"},
	} {
		form.Add(widget.NewLabelWithStyle(k[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
		form.Add(widget.NewLabel(k[1]))
	}
	dialog.NewCustom("Keys", "Close", form, u.win).Show()
}

// farther is more steps than any mode has: Home and End step it.
const farther = 1 << 30

// TypedKey steps through what the mode steps through (Mode.Step): in the
// record ←/→ one move, with Shift or PgUp/PgDn ten, Home/End, and ↑/↓
// between variations; in a lesson ←/→, PgUp/PgDn and Home/End step
// through the lessons, one at a time. O hides the overlay, N toggles the
// numbers and R the ranking. E enters and leaves edit mode, where B, W, A,
// P and X choose the tool and the keys that step do nothing; L opens a
// lesson and goes back to the record. The canvas and every slider hand it
// their keys.
func (u *App) TypedKey(e *fyne.KeyEvent) {
	ws := u.ws
	mode := ws.Mode()
	if ed, ok := mode.(*workspace.Edit); ok {
		for _, t := range workspace.Tools() {
			if e.Name == toolKey(t) {
				ed.SetTool(t)
				return
			}
		}
	}
	n, page := 1, 10
	if mode.Kind() == workspace.KindLesson {
		page = 1 // a lesson is a page of its own
	} else if u.Modifiers != nil && u.Modifiers()&fyne.KeyModifierShift != 0 {
		n = 10
	}
	switch e.Name {
	case fyne.KeyLeft:
		mode.Step(-n)
	case fyne.KeyRight:
		mode.Step(n)
	case fyne.KeyPageUp:
		mode.Step(-page)
	case fyne.KeyPageDown:
		mode.Step(page)
	case fyne.KeyHome:
		mode.Step(-farther)
	case fyne.KeyEnd:
		mode.Step(farther)
	case fyne.KeyUp:
		ws.Record().SwitchVariation(-1)
	case fyne.KeyDown:
		ws.Record().SwitchVariation(1)
	case fyne.KeyO:
		ws.ToggleOverlay()
	case fyne.KeyN:
		ws.ToggleNumbers()
	case fyne.KeyR:
		ws.Ranking().Toggle()
	case fyne.KeyE:
		u.toggleEdit()
	case fyne.KeyL:
		if err := ws.ToggleLesson(); err != nil {
			ShowError("Cannot open the lesson", err, u.win)
		}
	case fyne.KeyC:
		u.toggleRace()
	}
}
