package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"moyo/workspace"
)

// keyRecent is the preference holding the recently opened files, newest first.
const keyRecent = "recent"

// showOpen shows the file dialog, filtered to SGF files, in the folder of
// the last file opened.
func (u *App) showOpen() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.showError("Cannot open the record", err)
			return
		}
		if r == nil {
			return // cancelled
		}
		defer r.Close()
		data, err := io.ReadAll(r)
		if err != nil {
			u.showError("Cannot open the record", err)
			return
		}
		u.open(r.URI().Path(), r.URI().Name(), data)
	}, u.win)
	u.showFileDialog(d, ".sgf", ".SGF")
}

// showFileDialog shows d, filtered to files ending in one of exts, in
// the folder of the last file opened.
func (u *App) showFileDialog(d *dialog.FileDialog, exts ...string) {
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	if recent := u.app.Preferences().StringList(keyRecent); len(recent) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(recent[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	d.Resize(fyne.NewSize(880, 600))
	u.show(d, nil)
}

// OpenFile opens the record at path, reporting failure in a dialog.
func (u *App) OpenFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		u.showError("Cannot open the record", err)
		return err
	}
	return u.open(path, filepath.Base(path), data)
}

// open shows the record read from path (empty when it has none) under name,
// once the user agrees to drop an edited position (keepEdits).
func (u *App) open(path, name string, data []byte) error {
	if u.keepEdits("Opening "+name, func() { u.openNow(path, name, data) }) {
		return nil
	}
	return u.openNow(path, name, data)
}

// leaveEdit runs then, an action that ends edit mode described by doing
// ("Opening game.sgf"), once the user agrees to drop a position set up by
// hand, or at once when there is none: every way out of edit mode but
// saving goes through it (keepEdits).
func (u *App) leaveEdit(doing string, then func()) {
	if !u.keepEdits(doing, then) {
		then()
	}
}

// stopEdit goes back to the record, asking before it drops the edits:
// the Back to record button.
func (u *App) stopEdit() { u.leaveEdit("Going back to the record", u.ws.StopEdit) }

// toggleEdit enters edit mode, or goes back to the record asking before
// it drops the edits: key E and the Edit menu.
func (u *App) toggleEdit() {
	if _, ok := u.ws.Mode().(*workspace.EditMode); ok {
		u.stopEdit()
		return
	}
	u.ws.StartEdit()
}

// openSample opens the sample record at its move, asking before it drops
// the edits: File → Open Sample Game.
func (u *App) openSample() {
	u.leaveEdit("Opening the sample game", func() { u.ws.OpenSample() })
}

// keepEdits protects a position set up by hand from an action that ends
// edit mode, described by doing ("Opening game.sgf"). With edits in the
// session it asks, runs then only if the user agrees to drop them, and
// returns true; otherwise it returns false and the caller goes ahead.
// Callers go through leaveEdit, or open, which reports the error of a
// record that does not open at once.
func (u *App) keepEdits(doing string, then func()) bool {
	if !u.ws.HasEdits() {
		return false
	}
	d := dialog.NewConfirm("Discard the edited position?",
		doing+" leaves edit mode and drops the position set up by hand.\n"+
			"To keep it, cancel and use File → Save Position… first.",
		func(discard bool) {
			if discard {
				then()
			}
		}, u.win)
	d.SetConfirmText("Discard")
	d.SetConfirmImportance(widget.DangerImportance)
	d.SetDismissText("Cancel")
	u.confirm = d
	u.show(d, nil)
	return true
}

// openNow is open without the question. A collection opens at its first
// game, with the list of its games to choose another (showGames).
func (u *App) openNow(path, name string, data []byte) error {
	if err := u.ws.Open(name, data); err != nil {
		u.showError("Cannot open the record", err)
		return err
	}
	if path != "" {
		u.AddRecent(path)
	}
	u.showGames()
	return nil
}

// showGames lists the games of the record's collection, each with its
// players, date and result, to open one (in the record mode, once the
// user agrees to drop an edited position): File → Choose Game of the
// Collection…, and at once when a collection is opened. A single game
// has no list.
func (u *App) showGames() {
	r := u.ws.Record()
	games := r.Games()
	if len(games) < 2 {
		return
	}
	current, _ := r.Game()
	list := widget.NewList(func() int { return len(games) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(fmt.Sprintf("%d.  %s", i+1, games[i]))
		})
	list.Select(current)
	list.ScrollTo(current)
	d := dialog.NewCustom(fmt.Sprintf("%s holds %d games", r.Name(), len(games)), "Cancel", list, u.win)
	list.OnSelected = func(i widget.ListItemID) {
		d.Hide()
		if i == current {
			return
		}
		u.leaveEdit(fmt.Sprintf("Opening game %d", i+1), func() {
			if err := u.ws.ChooseGame(i); err != nil {
				u.showError("Cannot open the game", err)
			}
		})
	}
	u.games = list
	// Tall enough for a dozen games.
	d.Resize(u.dialogSize(640, 440).AddWidthHeight(40, 120))
	u.show(d, d.Hide)
}

// AddRecent puts path first in the recent files of the File menu.
func (u *App) AddRecent(path string) {
	prefs := u.app.Preferences()
	prefs.SetStringList(keyRecent, workspace.AddRecent(prefs.StringList(keyRecent), path))
	u.win.SetMainMenu(u.menu())
}

// Paste opens the SGF record on the clipboard.
func (u *App) Paste() {
	text := strings.TrimSpace(u.app.Clipboard().Content())
	if text == "" {
		u.showError("Cannot paste a record", errors.New("the clipboard holds no text"))
		return
	}
	u.open("", "clipboard", []byte(text))
}

// dropped opens the first file dropped on the window.
func (u *App) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, uri := range uris {
		if uri.Scheme() == "file" {
			u.OpenFile(uri.Path())
			return
		}
	}
}

// showSave asks where to save the position shown, edited or not, as an
// SGF file; the record's own file is left alone. Once written, an edited
// position is saved: leaving edit mode no longer asks about it.
func (u *App) showSave() {
	s, err := u.ws.SavePosition()
	if err != nil {
		u.showError("Cannot save the position", err)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err == nil && w != nil {
			err = s.Write(w)
		}
		if err != nil {
			u.showError("Cannot save the position", err)
		}
	}, u.win)
	d.SetFileName(u.ws.PositionFileName())
	u.showFileDialog(d, ".sgf", ".SGF")
}

// showExport asks where to save the picture of the board as it is shown
// now (workspace.Picture), and draws and writes it off the UI goroutine.
func (u *App) showExport() {
	pic, err := u.ws.Picture()
	if err != nil {
		u.showError("Cannot export the picture", err)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.showError("Cannot export the picture", err)
		}
		if err != nil || w == nil {
			return
		}
		go func() {
			data, err := pic.PNG()
			if err == nil {
				err = workspace.WriteAll(w, data)
			} else {
				w.Close()
			}
			if err != nil {
				fyne.Do(func() { u.showError("Cannot export the picture", err) })
			}
		}()
	}, u.win)
	d.SetFileName(u.ws.PictureFileName())
	u.showFileDialog(d, ".png", ".PNG")
}
