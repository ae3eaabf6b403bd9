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
	open := u.shortcutItem("Open…", u.showOpen, &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault})
	paste := u.shortcutItem("Paste SGF", u.Paste, &fyne.ShortcutPaste{})
	sample := fyne.NewMenuItem("Open Sample Game", u.openSample)
	u.menus.games = u.shortcutItem("Choose Game of the Collection…", u.showGames, &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault})
	save := u.shortcutItem("Save Position…", u.showSave, &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault})
	export := u.shortcutItem("Export Picture…", u.showExport, &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault})
	// Quit is Fyne's own item made ours, so that it asks before it drops
	// an edited position and gives back a lesson's settings (Quit).
	quit := u.shortcutItem("Quit", u.Quit, &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault})
	quit.IsQuit = true
	file := fyne.NewMenu("File", open, recentItem, paste, sample, u.menus.games, fyne.NewMenuItemSeparator(), save, export,
		fyne.NewMenuItemSeparator(), quit)

	// Main menu shortcuts come before the focused widget's: Ctrl+Z undoes
	// an edit of the board even while the komi is being typed.
	u.menus.undo = u.shortcutItem("Undo", u.undo, &fyne.ShortcutUndo{})
	u.menus.redo = u.shortcutItem("Redo", u.redo, &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	u.menus.clear = fyne.NewMenuItem("Clear the Board", u.clearBoard)
	edit := fyne.NewMenu("Edit",
		fyne.NewMenuItem("Edit the Position, or Back to the Record (E)", u.toggleEdit),
		u.menus.undo, u.menus.redo, u.menus.clear,
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
	u.menus.main = fyne.NewMainMenu(file, edit, view, u.lessonMenu(), settings, help)
	u.enableItems()
	return u.menus.main
}

// shortcutItem makes a menu item with a keyboard shortcut, which does
// nothing to the window while a dialog is shown (unlessModal).
func (u *App) shortcutItem(label string, action func(), sh fyne.Shortcut) *fyne.MenuItem {
	item := fyne.NewMenuItem(label, u.unlessModal(sh, action))
	item.Shortcut = sh
	return item
}

// menuChanges are the changes the main menu shows.
const menuChanges = workspace.ChangeMode | workspace.ChangeEdit | workspace.ChangeRecord

// updateMenu enables the items that depend on what is shown (enableItems).
func (u *App) updateMenu(workspace.Change) {
	if u.enableItems() {
		u.menus.main.Refresh()
	}
}

// enableItems enables Undo, Redo and Clear the Board when they would do
// something (in edit mode, with an edit to undo or redo, a stone to
// clear) and Choose Game for a collection, and reports whether that
// changed any.
func (u *App) enableItems() bool {
	var v workspace.EditView
	if e, ok := u.ws.Mode().(*workspace.EditMode); ok {
		v = e.View()
	}
	_, games := u.ws.Record().Game()
	changed := false
	for _, s := range []struct {
		item *fyne.MenuItem
		on   bool
	}{{u.menus.undo, v.CanUndo}, {u.menus.redo, v.CanRedo}, {u.menus.clear, v.CanClear}, {u.menus.games, games > 1}} {
		if s.item.Disabled == s.on {
			s.item.Disabled = !s.on
			changed = true
		}
	}
	return changed
}

// Quit ends the app, as File → Quit, Ctrl+Q and the window's close button
// do: once the user agrees to drop a position set up by hand, it puts
// back the settings a lesson's Try replaced (workspace.Workspace.Finish),
// which the next session starts with, and stops.
func (u *App) Quit() {
	u.leaveEdit("Quitting", func() {
		u.ws.Finish()
		u.app.Quit()
	})
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
					u.showError("Cannot open the lesson", err)
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
				u.showError("Cannot open the lesson", err)
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
	// The list scrolls within the window: at 1024×640 it is taller.
	scroll := container.NewVScroll(form)
	scroll.SetMinSize(u.dialogSize(form.MinSize().Width+20, 440))
	d := dialog.NewCustom("Keys", "Close", scroll, u.win)
	u.show(d, d.Hide)
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
	// Wide enough to read a citation in two lines.
	scroll.SetMinSize(u.dialogSize(640, 440))
	d := dialog.NewCustom("About moyo", "Close", scroll, u.win)
	u.show(d, d.Hide)
}

// TypedKey does what a key does: E enters and leaves edit mode, L opens a
// lesson or goes back to the record, C enters or leaves the race mode, S
// the count mode, and the workspace does the rest
// (workspace.Workspace.Key). The canvas
// and every slider hand it their keys.
//
// While a dialog is shown, the keys are the dialog's (dialogKey): Fyne
// hands the window the keys that no widget of the dialog takes.
func (u *App) TypedKey(e *fyne.KeyEvent) {
	if u.modal() {
		u.dialogKey(e)
		return
	}
	switch e.Name {
	case fyne.KeyE:
		u.toggleEdit()
	case fyne.KeyL:
		if err := u.ws.ToggleLesson(); err != nil {
			u.showError("Cannot open the lesson", err)
		}
	case fyne.KeyC:
		u.toggleRace()
	case fyne.KeyS:
		u.toggleCount()
	default:
		u.ws.Key(string(e.Name), u.Modifiers != nil && u.Modifiers()&fyne.KeyModifierShift != 0)
	}
}
