package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A dialog of the app is modal: while one is shown, the window's keys
// and the main menu's shortcuts leave the window below alone (modal),
// Escape dismisses the dialog on top and Enter does what its default
// button does, when that loses nothing (dialogKey).

// shownDialog is a dialog of the app on screen, with what Enter does in
// it: nil where Enter must not answer for the user, as in a question
// whose yes drops work.
type shownDialog struct {
	d     dialog.Dialog
	enter func()
}

// show shows d over the window, and keeps it in u.dialogs until it
// closes, for dialogKey.
func (u *App) show(d dialog.Dialog, enter func()) {
	sd := &shownDialog{d: d, enter: enter}
	u.dialogs = append(u.dialogs, sd)
	d.SetOnClosed(func() {
		u.dialogs = slices.DeleteFunc(u.dialogs, func(x *shownDialog) bool { return x == sd })
	})
	d.Show()
}

// modal reports whether anything is shown over the window: a dialog, or
// a pop-up of one.
func (u *App) modal() bool { return u.win.Canvas().Overlays().Top() != nil }

// topDialog returns the dialog on top of the window, or nil when what is
// on top is not one of the app's (a pop-up menu of a dialog, or a
// question Fyne's own file dialog asks): each dialog is one overlay.
func (u *App) topDialog() *shownDialog {
	if n := len(u.dialogs); n > 0 && n == len(u.win.Canvas().Overlays().List()) {
		return u.dialogs[n-1]
	}
	return nil
}

// dialogKey does what a key typed while a dialog is shown does: Escape
// dismisses the dialog, as its Cancel or Close button would, and Enter
// does what the dialog's enter is; other keys do nothing.
func (u *App) dialogKey(e *fyne.KeyEvent) {
	top := u.topDialog()
	if top == nil {
		return
	}
	switch e.Name {
	case fyne.KeyEscape:
		top.d.Dismiss()
	case fyne.KeyReturn, fyne.KeyEnter:
		if top.enter != nil {
			top.enter()
		}
	}
}

// unlessModal returns the action of a main menu item with a keyboard
// shortcut sh. Fyne runs the main menu's shortcuts before anything else,
// also while a dialog is shown; then the shortcut goes to the dialog's
// focused widget (Ctrl+V into an engine's path), never to the window
// below (Ctrl+V would open the clipboard's record behind the dialog).
func (u *App) unlessModal(sh fyne.Shortcut, action func()) func() {
	return func() {
		if !u.modal() {
			action()
			return
		}
		if f, ok := u.win.Canvas().Focused().(fyne.Shortcutable); ok {
			if _, paste := sh.(*fyne.ShortcutPaste); paste {
				sh = &fyne.ShortcutPaste{Clipboard: u.app.Clipboard()}
			}
			f.TypedShortcut(sh)
		}
	}
}

// dialogSize returns the size of a dialog's content that would be width
// by height, made to fit the window with room for the dialog's title and
// buttons: a dialog must fit a 1024×640 window. Before the window is
// shown it fits the window's first size.
func (u *App) dialogSize(width, height float32) fyne.Size {
	win := u.win.Canvas().Size()
	if win.Width < 320 || win.Height < 240 {
		win = DefaultWindowSize()
	}
	return fyne.NewSize(min(width, win.Width-80), min(height, win.Height-160))
}

// showError shows err in a dialog with the given title, as written: Fyne's
// error dialog capitalises the message, which would change a file's name.
// Enter and Escape close it.
func (u *App) showError(title string, err error) {
	content := container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, widget.NewLabel(err.Error()))
	d := dialog.NewCustom(title, "OK", content, u.win)
	u.show(d, d.Hide)
}

// showInfo shows a message in a dialog that Enter and Escape close.
func (u *App) showInfo(title, message string) {
	d := dialog.NewInformation(title, message, u.win)
	u.show(d, d.Hide)
}
