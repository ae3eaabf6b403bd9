package ui

import (
	"net/url"

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
	export := fyne.NewMenuItem("Export Picture…", u.showExport)
	export.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault}
	file := fyne.NewMenu("File", open, recentItem, paste, sample, fyne.NewMenuItemSeparator(), save, export)

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
		fyne.NewMenuItem("Count the Game, or Back (S)", u.toggleCount),
	)
	settings := fyne.NewMenu("Settings", fyne.NewMenuItem("Engines…", u.showEngines))
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keys", u.showKeys), fyne.NewMenuItem("About moyo", u.showAbout))
	return fyne.NewMainMenu(file, edit, view, u.lessonMenu(), settings, help)
}

// lessonMenu lists the lessons, grouped by what their titles start
// with (workspace.LessonMenu), and the capturing-race lessons.
func (u *App) lessonMenu() *fyne.Menu {
	menu := fyne.NewMenu("Lessons")
	ls, err := u.ws.Lessons()
	if err != nil {
		item := fyne.NewMenuItem("No lessons: "+err.Error(), nil)
		item.Disabled = true
		menu.Items = append(menu.Items, item)
		return menu
	}
	var titles []string
	for _, l := range ls {
		titles = append(titles, l.Title)
	}
	menu.Items = u.lessonItems(workspace.LessonMenu(titles))
	menu.Items = append(menu.Items, u.raceLessonMenu(), fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Open a Lesson, or Back to the Record (L)", func() { u.ws.ToggleLesson() }))
	return menu
}

// lessonItems makes the menu items of entries, a lesson opening it once
// the user agrees to drop an edited position.
func (u *App) lessonItems(entries []workspace.MenuEntry) []*fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, e := range entries {
		item := fyne.NewMenuItem(e.Label, func() {
			u.leaveEdit("Opening a lesson", func() {
				if err := u.ws.OpenLesson(e.Lesson); err != nil {
					ShowError("Cannot open the lesson", err, u.win)
				}
			})
		})
		if e.Group != nil {
			item.Action = nil
			item.ChildMenu = fyne.NewMenu("", u.lessonItems(e.Group)...)
		}
		items = append(items, item)
	}
	return items
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

// toggleCount enters the count mode or leaves it; what stops it is said
// in the status bar.
func (u *App) toggleCount() { u.sayErr(u.ws.ToggleCount()) }

// toggleRace enters the race mode or leaves it; what stops it is said in
// the status bar.
func (u *App) toggleRace() { u.sayErr(u.ws.ToggleRace()) }

// showKeys lists the keys in a dialog.
func (u *App) showKeys() {
	form := container.New(layout.NewFormLayout())
	for _, k := range workspace.KeyHelp() {
		form.Add(widget.NewLabelWithStyle(k[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
		form.Add(widget.NewLabel(k[1]))
	}
	dialog.NewCustom("Keys", "Close", form, u.win).Show()
}

// showAbout says which moyo this is and lists the texts it follows, each
// a link where it can be read (workspace.AboutMoyo).
func (u *App) showAbout() {
	a := workspace.AboutMoyo(u.ws.Settings().Estimators())
	wrap := func(text string) *widget.Label {
		l := widget.NewLabel(text)
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	built := "Built with " + a.Go
	if a.Fyne != "" {
		built += " and Fyne " + a.Fyne
	}
	box := container.NewVBox(
		widget.NewLabelWithStyle("moyo", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		wrap("Who controls each point of a Go board, as the estimators of the Go literature judge it, "+
			"measured against real engines and the real ends of games; capturing races counted by "+
			"combinatorial game theory."),
		wrap("This is "+a.Version+". "+built+"."),
		widget.NewLabelWithStyle("The texts moyo follows", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
	)
	for _, s := range a.Sources {
		if link, err := url.Parse(s.URL); s.URL != "" && err == nil {
			h := widget.NewHyperlink(s.Cite, link)
			h.Wrapping = fyne.TextWrapWord
			box.Add(h)
		} else {
			box.Add(wrap(s.Cite))
		}
		box.Add(wrap("    followed by " + s.Used))
	}
	scroll := container.NewVScroll(box)
	// Wide enough to read a citation in two lines, and within a
	// 1024×640 window.
	scroll.SetMinSize(fyne.NewSize(min(640, u.win.Canvas().Size().Width-80), min(440, u.win.Canvas().Size().Height-120)))
	dialog.NewCustom("About moyo", "Close", scroll, u.win).Show()
}

// TypedKey does what a key does: E enters and leaves edit mode, L opens a
// lesson or goes back to the record, C enters or leaves the race mode, S
// the count mode, and the workspace does the rest
// (workspace.Workspace.Key). The canvas
// and every slider hand it their keys.
func (u *App) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyE:
		u.toggleEdit()
	case fyne.KeyL:
		if err := u.ws.ToggleLesson(); err != nil {
			ShowError("Cannot open the lesson", err, u.win)
		}
	case fyne.KeyC:
		u.toggleRace()
	case fyne.KeyS:
		u.toggleCount()
	default:
		u.ws.Key(string(e.Name), u.Modifiers != nil && u.Modifiers()&fyne.KeyModifierShift != 0)
	}
}
