package ui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/assets"
	"moyo/board"
	"moyo/estimators"
	"moyo/game"
	_ "moyo/internal/locale" // before Fyne reads the locale
	"moyo/render"
)

// DefaultWindowSize returns the size the window opens at: it fits a
// 1280×800 screen with room for the window's frame and the desktop's panels.
func DefaultWindowSize() fyne.Size { return fyne.NewSize(1200, 760) }

// keyRecent is the preference holding the recently opened files, newest first.
const keyRecent = "recent"

// maxRecent is the number of recent files kept.
const maxRecent = 8

// App is the desktop app: a window showing a Model. It builds the widgets,
// keeps them in step with the model, and turns the user's input into calls
// on the model.
type App struct {
	app   fyne.App
	win   fyne.Window
	model *Model

	// Modifiers returns the modifier keys held down; the default asks the
	// desktop driver. Tests replace it.
	Modifiers func() fyne.KeyModifier

	board  *Board
	status *widget.Label
	// confirm is the last question asked before a record replaced an
	// edited position; tests answer it.
	confirm *dialog.ConfirmDialog

	players, details *widget.Label
	banner           *fyne.Container
	bannerText       *widget.Label
	moveLine         *widget.Label
	position         *widget.Label
	comment          *widget.Label
	commentBox       fyne.CanvasObject
	moveSlider       *keySlider
	nav              []*widget.Button
	navBox           fyne.CanvasObject // the move buttons and slider
	editButton       *widget.Button
	gameBox          fyne.CanvasObject // the game panel, hidden in lesson mode

	// Edit mode's controls, in place of navBox while editing.
	editBox                 fyne.CanvasObject
	tools, sizes, side      *segmented
	sizeSpin, komiSpin      *spinner
	clear, undo, redo, back *widget.Button

	lesson *lessonView // lesson mode's widgets
	rank   *rankView   // the ranking's widgets

	estSelect *keySelect
	engines   []estimators.Estimator // the reference engines in the chooser (ListEngines)
	// presetSelect offers the chosen estimator's presets and the SPEC
	// defaults; presetErr says which preset files could not be read.
	presetSelect *keySelect
	presetErr    *widget.Label
	estTitle     *widget.Label
	controls     []*paramControl
	reset        *widget.Button

	style   *segmented
	numbers *keyCheck
	hide    *keyCheck
	outcome *keyCheck // the difference from the final outcome

	score, iterations, runTime *widget.Label
	final                      *widget.Label // the measures against the final outcome
	plot                       *Plot

	updating bool // widgets are being set from the model: ignore their callbacks

	chainsOf *board.Position // position chains and chainID are of
	chains   []board.Chain
	chainID  []int
	hover    board.Point
	hovering bool
}

// New builds the app's widgets in w, shows m in them and wires the menu,
// the keys and drag and drop. m must deliver its runs on the UI goroutine.
func New(a fyne.App, w fyne.Window, m *Model) *App {
	u := &App{app: a, win: w, model: m}
	u.Modifiers = func() fyne.KeyModifier {
		if d, ok := a.Driver().(desktop.Driver); ok {
			return d.CurrentKeyModifiers()
		}
		return 0
	}
	a.Settings().SetTheme(NewTheme())
	w.SetContent(u.build())
	w.SetMainMenu(u.menu())
	w.Canvas().SetOnTypedKey(u.TypedKey)
	// The Edit menu has Ctrl+Shift+Z for redo; Ctrl+Y is the other usual key.
	w.Canvas().AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { m.Redo() })
	w.SetOnDropped(u.dropped)
	m.OnChange(u.update)
	u.update(ChangeRecord | ChangeStep | ChangeEstimator | ChangeParams | ChangeOverlay | ChangeResult | ChangeLatency | ChangeEdit | ChangeLesson | ChangeRank | ChangeFinal)
	return u
}

// Model returns the model the app shows.
func (u *App) Model() *Model { return u.model }

// Board returns the board widget.
func (u *App) Board() *Board { return u.board }

// build makes the content of the window: the board on the left, as large
// a square as the height allows, the panels on the right and the status
// bar along the bottom.
func (u *App) build() fyne.CanvasObject {
	u.board = NewBoard()
	u.plot = NewPlot()
	u.board.OnHover = u.hovered
	u.board.OnScroll = func(n int) { u.model.Forward(n) }
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis

	u.gameBox = u.gamePanel()
	u.navBox = u.navPanel()
	u.editBox = u.editPanel()
	u.editBox.Hide()
	u.lesson = u.lessonPanel()
	u.lesson.top.Hide()
	u.lesson.body.Hide()
	u.rank = u.rankPanel()
	panel := container.NewBorder(
		container.NewVBox(
			u.gameBox,
			u.navBox,
			u.editBox,
			u.lesson.top,
			widget.NewSeparator(),
			u.estimatorPanel(),
			widget.NewSeparator(),
			u.convergenceFigures(),
		),
		nil, nil, nil,
		// A lesson's table and explanation take the place of the plot:
		// the panel has no height for both at 1280×800. The ranking's
		// list is a column beside them.
		container.NewBorder(nil, nil, nil, u.rank.box, container.NewStack(u.plot, u.lesson.body)),
	)
	main := container.New(&splitLayout{panelMin: 430}, u.board, panel)
	// The overlay controls share the bottom bar with the status line:
	// the panel has no height to spare at 1280×800.
	bottom := container.NewBorder(nil, nil, nil, u.overlayPanel(), u.status)
	return container.NewBorder(nil, bottom, nil, nil, main)
}

// heading is a section title.
func heading(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// small is a label in caption-sized text.
func small(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.SizeName = theme.SizeNameCaptionText
	return l
}

func (u *App) gamePanel() fyne.CanvasObject {
	u.players = heading("")
	u.players.Truncation = fyne.TextTruncateEllipsis
	u.details = small("")
	u.details.Truncation = fyne.TextTruncateEllipsis
	u.bannerText = small("")
	u.bannerText.Importance = widget.DangerImportance
	u.bannerText.Wrapping = fyne.TextWrapWord
	u.banner = container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, u.bannerText)
	u.banner.Hide()
	u.moveLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.position = small("")
	u.position.Truncation = fyne.TextTruncateEllipsis
	u.comment = small("")
	u.comment.Wrapping = fyne.TextWrapWord
	// The error and the comment share one small scrolling box, shown
	// when either has something to say: the panel has no height to spare.
	scroll := container.NewVScroll(container.NewVBox(u.banner, u.comment))
	scroll.SetMinSize(fyne.NewSize(0, 44))
	u.commentBox = scroll
	// In edit mode the way back to the record is next to the line saying
	// where the edit branched from.
	u.back = widget.NewButtonWithIcon("Back to record (E)", theme.NavigateBackIcon(), u.model.StopEdit)
	u.back.Hide()
	return container.NewVBox(u.players, u.details, container.NewBorder(nil, nil, u.moveLine, u.back, u.position), u.commentBox)
}

func (u *App) navPanel() fyne.CanvasObject {
	m := u.model
	buttons := []struct {
		icon fyne.Resource
		do   func()
	}{
		{theme.MediaSkipPreviousIcon(), m.First},
		{theme.MediaFastRewindIcon(), func() { m.Forward(-10) }},
		{theme.NavigateBackIcon(), func() { m.Forward(-1) }},
		{theme.NavigateNextIcon(), func() { m.Forward(1) }},
		{theme.MediaFastForwardIcon(), func() { m.Forward(10) }},
		{theme.MediaSkipNextIcon(), m.Last},
	}
	u.nav = nil
	for _, b := range buttons {
		u.nav = append(u.nav, widget.NewButtonWithIcon("", b.icon, b.do))
	}
	u.moveSlider = newKeySlider(0, 1, u.TypedKey)
	u.moveSlider.OnChanged = func(v float64) {
		if !u.updating {
			m.GoTo(int(v))
		}
	}
	u.editButton = widget.NewButtonWithIcon("Edit", theme.DocumentCreateIcon(), m.StartEdit)
	left := container.NewHBox(u.nav[0], u.nav[1], u.nav[2])
	right := container.NewHBox(u.nav[3], u.nav[4], u.nav[5], u.editButton)
	return container.NewBorder(nil, nil, left, right, u.moveSlider)
}

func (u *App) estimatorPanel() fyne.CanvasObject {
	m := u.model
	var names []string
	for _, e := range m.Estimators() {
		names = append(names, e.Info().Name)
	}
	u.estSelect = newKeySelect(names, func(name string) {
		if !u.updating {
			m.SetEstimator(name)
		}
	}, u.TypedKey)
	u.reset = widget.NewButtonWithIcon("Defaults", theme.HistoryIcon(), m.ResetParams)
	u.presetSelect = newKeySelect(nil, func(name string) {
		if u.updating {
			return
		}
		if err := m.ApplyPreset(name); err != nil {
			dialog.ShowError(err, u.win)
		}
	}, u.TypedKey)
	u.presetSelect.PlaceHolder = "(custom)"
	u.presetErr = small("")
	u.presetErr.Importance = widget.DangerImportance
	u.presetErr.Wrapping = fyne.TextWrapWord
	u.presetErr.Hide()
	u.estTitle = small("")
	u.estTitle.Truncation = fyne.TextTruncateEllipsis

	// Sliders go in a form, one per row; choices two to a row, since
	// their lists are short.
	form := container.New(layout.NewFormLayout())
	choices := container.NewGridWithColumns(2)
	u.controls = nil
	for _, spec := range ParamControls(m.Estimators()) {
		c := newParamControl(spec, u.TypedKey,
			func(pos float64) {
				if u.updating {
					return
				}
				if s, ok := m.Spec(spec.Name); ok {
					m.SetParam(spec.Name, fromSlider(s, pos))
				}
			},
			func(v string) {
				if !u.updating {
					m.SetChoice(spec.Name, v)
				}
			})
		u.controls = append(u.controls, c)
		if c.choice != nil {
			choices.Add(container.NewBorder(nil, nil, c.label, nil, c.object))
			continue
		}
		form.Add(c.label)
		form.Add(c.object)
	}
	// The presets share the estimator's row: a row more would take
	// height from the board.
	chooser := container.NewGridWithColumns(2, u.estSelect, u.presetSelect)
	top := container.NewBorder(nil, nil, heading("Estimator"), u.reset, chooser)
	return container.NewVBox(top, u.estTitle, u.presetErr, choices, form)
}

func (u *App) overlayPanel() fyne.CanvasObject {
	styles := []render.Overlay{render.Shading, render.Squares, render.NoOverlay}
	u.style = newSegmented(nil, []string{"Shading", "Squares", "None"}, nil, func(i int) {
		o := u.model.Overlay()
		o.Style, o.Hidden = styles[i], false
		u.model.SetOverlay(o)
	})
	// Each check sets one switch of the overlay, unless it is being set
	// to show the model.
	overlayCheck := func(label string, field func(*Overlay) *bool) *keyCheck {
		return newKeyCheck(label, func(b bool) {
			if u.updating {
				return
			}
			o := u.model.Overlay()
			*field(&o) = b
			u.model.SetOverlay(o)
		}, u.TypedKey)
	}
	u.numbers = overlayCheck("Numbers", func(o *Overlay) *bool { return &o.Numbers })
	u.hide = overlayCheck("Hide (O)", func(o *Overlay) *bool { return &o.Hidden })
	u.outcome = overlayCheck("Outcome Δ", func(o *Overlay) *bool { return &o.Outcome })
	return container.NewHBox(u.style.row, widget.NewSeparator(), u.numbers, u.hide, u.outcome, widget.NewSeparator(), u.rank.check)
}

func (u *App) convergenceFigures() fyne.CanvasObject {
	u.score = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	u.iterations = small("")
	u.runTime = small("")
	u.final = small("")
	u.final.Truncation = fyne.TextTruncateEllipsis
	return container.NewVBox(
		container.NewBorder(nil, nil, heading("Convergence"), nil, u.score),
		u.iterations,
		u.runTime,
		u.final,
	)
}

// menu builds the main menu; it is rebuilt when the recent files change.
func (u *App) menu() *fyne.MainMenu {
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
	sample := fyne.NewMenuItem("Open Sample Game", func() {
		if err := u.model.Open(assets.SampleName, assets.Sample()); err == nil {
			u.model.SetMove(assets.SampleMove)
		}
	})
	save := fyne.NewMenuItem("Save Position…", u.showSave)
	save.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	file := fyne.NewMenu("File", open, recentItem, paste, sample, fyne.NewMenuItemSeparator(), save)

	// Main menu shortcuts come before the focused widget's: Ctrl+Z undoes
	// an edit of the board even while the komi is being typed.
	undo := fyne.NewMenuItem("Undo", u.model.Undo)
	undo.Shortcut = &fyne.ShortcutUndo{}
	redo := fyne.NewMenuItem("Redo", u.model.Redo)
	redo.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	edit := fyne.NewMenu("Edit",
		fyne.NewMenuItem("Edit the Position, or Back to the Record (E)", u.model.ToggleEdit),
		undo, redo,
		fyne.NewMenuItem("Clear the Board", u.model.ClearBoard),
	)

	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Hide or Show the Overlay (O)", u.model.ToggleOverlay),
		fyne.NewMenuItem("Numbers on or off (N)", u.toggleNumbers),
		fyne.NewMenuItem("Rank the Moves, or Stop (R)", u.model.ToggleRanking),
	)
	settings := fyne.NewMenu("Settings", fyne.NewMenuItem("Engines…", u.showEngines))
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keys", u.showKeys))
	return fyne.NewMainMenu(file, edit, view, u.lessonMenu(), settings, help)
}

// showKeys lists the keys in a dialog.
func (u *App) showKeys() {
	form := container.New(layout.NewFormLayout())
	for _, k := range [][2]string{
		{"← →", "one move back or forward"},
		{"Shift+← →, PgUp PgDn", "ten moves"},
		{"Home End", "the first and the last position"},
		{"↑ ↓", "previous or next variation at the nearest branch"},
		{"mouse wheel", "step through the moves"},
		{"O", "hide or show the overlay"},
		{"N", "numbers on or off"},
		{"R", "rank every move: the best lettered A–Z, the worst crossed"},
		{"Ctrl+O", "open a record"},
		{"Ctrl+V", "paste a record"},
		{"E", "edit the position, or back to the record"},
		{"L", "open a lesson, or back to the record"},
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

func (u *App) toggleNumbers() {
	o := u.model.Overlay()
	o.Numbers = !o.Numbers
	u.model.SetOverlay(o)
}

// TypedKey steps through the record: ←/→ one move, with Shift or
// PgUp/PgDn ten, Home/End, ↑/↓ between variations; O hides the overlay
// and N toggles the numbers. E enters and leaves edit mode, where B, W, A,
// P and X choose the tool and the keys that step do nothing. L opens a
// lesson and goes back to the record; in a lesson ←/→ and Home/End step
// through the lessons. The canvas and every slider hand it their keys.
func (u *App) TypedKey(e *fyne.KeyEvent) {
	m := u.model
	if m.Editing() {
		for _, t := range Tools() {
			if e.Name == toolKey(t) {
				m.SetTool(t)
				return
			}
		}
	}
	if _, i, ok := m.Lesson(); ok {
		switch e.Name {
		case fyne.KeyLeft, fyne.KeyPageUp:
			m.NextLesson(-1)
			return
		case fyne.KeyRight, fyne.KeyPageDown:
			m.NextLesson(1)
			return
		case fyne.KeyHome:
			m.NextLesson(-i)
			return
		case fyne.KeyEnd:
			ls, _ := m.Lessons()
			m.NextLesson(len(ls))
			return
		}
	}
	n := 1
	if u.Modifiers != nil && u.Modifiers()&fyne.KeyModifierShift != 0 {
		n = 10
	}
	switch e.Name {
	case fyne.KeyLeft:
		m.Forward(-n)
	case fyne.KeyRight:
		m.Forward(n)
	case fyne.KeyPageUp:
		m.Forward(-10)
	case fyne.KeyPageDown:
		m.Forward(10)
	case fyne.KeyHome:
		m.First()
	case fyne.KeyEnd:
		m.Last()
	case fyne.KeyUp:
		m.SwitchVariation(-1)
	case fyne.KeyDown:
		m.SwitchVariation(1)
	case fyne.KeyO:
		m.ToggleOverlay()
	case fyne.KeyN:
		u.toggleNumbers()
	case fyne.KeyR:
		m.ToggleRanking()
	case fyne.KeyE:
		m.ToggleEdit()
	case fyne.KeyL:
		if err := m.ToggleLesson(); err != nil {
			ShowError("Cannot open the lesson", err, u.win)
		}
	}
}

// showOpen shows the file dialog, filtered to SGF files, in the folder of
// the last file opened.
func (u *App) showOpen() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			ShowError("Cannot open the record", err, u.win)
			return
		}
		if r == nil {
			return // cancelled
		}
		defer r.Close()
		data, err := io.ReadAll(r)
		if err != nil {
			ShowError("Cannot open the record", err, u.win)
			return
		}
		u.open(r.URI().Path(), r.URI().Name(), data)
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".sgf", ".SGF"}))
	if recent := u.app.Preferences().StringList(keyRecent); len(recent) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(recent[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	d.Resize(fyne.NewSize(880, 600))
	d.Show()
}

// OpenFile opens the record at path, reporting failure in a dialog.
func (u *App) OpenFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		ShowError("Cannot open the record", err, u.win)
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

// keepEdits protects a position set up by hand from an action that ends
// edit mode, described by doing ("Opening game.sgf"). With edits in the
// session it asks, runs then only if the user agrees to drop them, and
// returns true; otherwise it returns false and the caller goes ahead.
func (u *App) keepEdits(doing string, then func()) bool {
	if !u.model.Editing() || !u.model.CanUndo() {
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
	d.Show()
	return true
}

// openNow is open without the question.
func (u *App) openNow(path, name string, data []byte) error {
	if err := u.model.Open(name, data); err != nil {
		ShowError("Cannot open the record", err, u.win)
		return err
	}
	if path != "" {
		u.AddRecent(path)
	}
	return nil
}

// AddRecent puts path first in the recent files of the File menu.
func (u *App) AddRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	prefs := u.app.Preferences()
	list := slices.DeleteFunc(prefs.StringList(keyRecent), func(p string) bool { return p == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	prefs.SetStringList(keyRecent, list)
	u.win.SetMainMenu(u.menu())
}

// Paste opens the SGF record on the clipboard.
func (u *App) Paste() {
	text := strings.TrimSpace(u.app.Clipboard().Content())
	if text == "" {
		ShowError("Cannot paste a record", errors.New("the clipboard holds no text"), u.win)
		return
	}
	u.open("", "clipboard", []byte(text))
}

// ShowError shows err in a dialog with the given title, as written: Fyne's
// error dialog capitalises the message, which would change a file's name.
func ShowError(title string, err error, w fyne.Window) {
	content := container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, widget.NewLabel(err.Error()))
	dialog.NewCustom(title, "OK", content, w).Show()
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

// update brings the widgets in step with the model.
func (u *App) update(c Change) {
	u.updating = true
	defer func() { u.updating = false }()
	m := u.model
	if c&(ChangeEdit|ChangeLesson) != 0 {
		u.showMode()
	}
	if c&ChangeEdit != 0 {
		u.showEdit()
	}
	if c&ChangeLesson != 0 {
		u.showLesson()
	}
	if c&(ChangeRecord|ChangeStep|ChangeEdit|ChangeLesson) != 0 {
		u.showGame()
		u.win.SetTitle(m.Title())
	}
	if c&ChangeEstimator != 0 {
		u.listPresets()
	}
	if c&(ChangeEstimator|ChangeParams) != 0 {
		u.showParams()
	}
	if c&(ChangeEstimator|ChangeParams|ChangeLesson) != 0 {
		u.showSetting()
	}
	if c&ChangeOverlay != 0 {
		o := m.Overlay()
		u.style.Set(int(o.Style))
		u.numbers.SetChecked(o.Numbers)
		u.hide.SetChecked(o.Hidden)
		u.outcome.SetChecked(o.Outcome)
	}
	if c&ChangeFinal != 0 {
		if m.CanShowOutcome() {
			u.outcome.Enable()
		} else {
			u.outcome.Disable()
		}
	}
	if c&(ChangeFinal|ChangeResult|ChangeEdit|ChangeLesson) != 0 {
		u.showFinal()
	}
	if c&(ChangeRecord|ChangeStep|ChangeOverlay|ChangeResult|ChangeEdit|ChangeLesson|ChangeRank|ChangeFinal) != 0 {
		u.showBoard()
	}
	if c&(ChangeRank|ChangeResult|ChangeEdit|ChangeLesson) != 0 {
		u.showRanking()
	}
	if c&(ChangeResult|ChangeEdit|ChangeLesson) != 0 {
		u.showResult()
	}
	if c&ChangeResult != 0 && m.InLesson() {
		u.showComparison()
	}
	if c&ChangeLatency != 0 {
		u.showLatency()
	}
}

// showBoard draws the position shown with the values of the run shown.
func (u *App) showBoard() {
	m := u.model
	pos := m.Position()
	if pos == nil {
		u.board.Set(nil, nil, render.Options{})
		return
	}
	o := m.Overlay()
	opt := render.Options{Overlay: o.Style, Numbers: o.Numbers}
	if o.Outcome {
		// A difference of the opponent's sign says the estimate erred,
		// not that the stone is dead: no crosses.
		opt.NoDeadMarks = true
	}
	if step, _ := m.Step(); !m.Editing() && !m.InLesson() && step.Move != nil && !step.Move.Pass {
		p := step.Move.Point
		opt.LastMove = &p
	}
	// A letter over a number reads as neither, so one sign per point.
	// Ranking, asked for by R, takes the place of the numbers, also while
	// a ranking runs so that they do not flash on at each step, and of a
	// lesson's marks; the numbers take the place of a lesson's marks,
	// whose values the lesson's table lists.
	switch r, ok := m.Ranked(); {
	case m.RankingOn():
		opt.Numbers = false
		if ok && r.Err == nil {
			opt.Marks = rankMarks(r.Moves)
		}
	case !o.Numbers:
		opt.Marks = u.corridorMarks()
	}
	u.board.Set(pos, m.Values(), opt)
	if u.hovering {
		u.hovered(u.hover, true)
	}
}

// showGame fills the game panel and the move slider; in edit mode the
// panel tells the edited position and where it branched from.
func (u *App) showGame() {
	m := u.model
	rec := m.Record()
	step, ok := m.Step()
	if (!ok && !m.Editing()) || m.InLesson() {
		return // the lesson panel says what is shown
	}
	var in game.Info
	if rec != nil {
		in = rec.Info
	}
	pos := m.Position()
	player := func(colour, name, rank string) string {
		s := colour + " " + orDefault(name, "?")
		if rank != "" {
			s += " " + rank
		}
		return s
	}
	u.players.SetText(player("Black", in.Black, in.BlackRank) + "  ·  " + player("White", in.White, in.WhiteRank))
	if m.Editing() {
		u.showEditing()
		return
	}
	var details []string
	for _, s := range []string{in.Date, in.Event, in.Name} {
		if s != "" {
			details = append(details, s)
		}
	}
	if in.Result != "" {
		details = append(details, "result "+in.Result)
	}
	details = append(details, "komi "+strconv.FormatFloat(in.Komi, 'f', -1, 64), fmt.Sprintf("%d×%d", in.Size, in.Size))
	if in.Handicap > 0 {
		details = append(details, fmt.Sprintf("handicap %d", in.Handicap))
	}
	u.details.SetText(strings.Join(details, " · "))

	if err := m.RecordError(); err != nil {
		u.bannerText.SetText(err.Error() + ": the moves before it can be viewed.")
		u.banner.Show()
	} else {
		u.banner.Hide()
	}

	last := "start"
	if mv := step.Move; mv != nil {
		if mv.Pass {
			last = mv.Color.String() + " pass"
		} else {
			last = mv.Color.String() + " " + mv.Point.Label(pos.Size())
		}
	}
	setImportance(u.moveLine, widget.MediumImportance)
	u.moveLine.SetText(fmt.Sprintf("Move %d of %d · %s · %s to move", step.Number, rec.Moves(), last, colourName(pos.ToMove())))
	parts := []string{fmt.Sprintf("captures B %d, W %d", pos.Captures(board.Black), pos.Captures(board.White))}
	if i, n := m.Variation(); n > 1 {
		parts = append(parts, fmt.Sprintf("variation %d/%d ↑↓", i, n))
	}
	if k := m.Continuations(); k > 1 {
		parts = append(parts, fmt.Sprintf("%d variations next", k))
	}
	u.position.SetText(strings.Join(parts, "  ·  "))
	comment := strings.TrimSpace(step.Comment())
	u.comment.SetText(comment)
	if comment == "" {
		u.comment.Hide()
	} else {
		u.comment.Show()
	}
	if comment == "" && m.RecordError() == nil {
		u.commentBox.Hide()
	} else {
		u.commentBox.Show()
	}

	u.moveSlider.Max = float64(max(1, m.Len()-1))
	u.moveSlider.SetValue(float64(m.Index()))
	if m.Len() > 1 {
		u.moveSlider.Enable()
	} else {
		u.moveSlider.Disable()
	}
	at, end := m.Index() == 0, m.Index() == m.Len()-1
	for i, b := range u.nav {
		if (i < 3 && at) || (i >= 3 && end) {
			b.Disable()
		} else {
			b.Enable()
		}
	}
}

// showEditing fills the rest of the game panel in edit mode.
func (u *App) showEditing() {
	m := u.model
	pos := m.Position()
	from := "a new position"
	if n, ok := m.BranchedFrom(); ok {
		from = fmt.Sprintf("branched from move %d", n)
	}
	u.moveLine.SetText("Editing — " + from)
	setImportance(u.moveLine, widget.HighImportance) // in the accent colour: not the record
	u.position.SetText("")
	var black, white int
	for i := range pos.Len() {
		switch pos.Cell(i) {
		case board.Black:
			black++
		case board.White:
			white++
		}
	}
	// The date, event and result are the record's, not the edited
	// position's; what the position is takes their line.
	u.details.SetText(fmt.Sprintf("%s to move · stones B %d, W %d · komi %s · %d×%d", colourName(pos.ToMove()), black, white,
		strconv.FormatFloat(m.Komi(), 'f', -1, 64), pos.Size(), pos.Size()))
	// The record's error and comment are of the record, not of the edit.
	u.commentBox.Hide()
}

func setImportance(l *widget.Label, imp widget.Importance) {
	if l.Importance != imp {
		l.Importance = imp
		l.Refresh()
	}
}

func colourName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

// showParams sets the estimator chooser and every parameter control.
func (u *App) showParams() {
	m := u.model
	info := m.Estimator().Info()
	var names []string
	for _, e := range m.Estimators() {
		names = append(names, e.Info().Name)
	}
	if !slices.Equal(names, u.estSelect.Options) {
		u.estSelect.SetOptions(names)
	}
	u.estSelect.SetSelected(info.Name)
	u.estTitle.SetText(info.Title + " (" + info.Source + ")")
	p := m.Params()
	for _, c := range u.controls {
		spec, has := m.Spec(c.spec.Name)
		if !has {
			spec = c.spec
		}
		used := has && m.Uses(c.spec.Name)
		// A parameter the estimator has but does not read with its
		// other settings (damping under exact inference) keeps its value,
		// greyed out; one it does not have shows none.
		if c.choice != nil {
			c.choice.Options = spec.Choices
			if has {
				c.choice.SetSelected(p.Text(c.spec.Name))
			} else {
				c.choice.ClearSelected()
			}
			if used {
				c.choice.Enable()
			} else {
				c.choice.Disable()
			}
			c.showUsed(used)
			continue
		}
		if has {
			v := p.Num(c.spec.Name)
			c.slider.SetValue(toSlider(spec, v))
			c.value.SetText(FormatParam(spec, v))
		} else {
			c.value.SetText("—")
		}
		if used {
			c.slider.Enable()
		} else {
			c.slider.Disable()
		}
		c.showUsed(used)
	}
	u.reset.Enable()
	if p.Equal(info.Defaults()) {
		u.reset.Disable()
	}
	switch {
	case m.Preset() != "":
		u.presetSelect.SetSelected(m.Preset())
	case p.Equal(info.Defaults()):
		u.presetSelect.SetSelected(DefaultsPreset)
	default:
		u.presetSelect.ClearSelected()
	}
}

// listPresets fills the preset selector with the chosen estimator's
// presets, the shipped ones and the user's read again from their
// directory, and names the files that could not be read.
func (u *App) listPresets() {
	ps, err := u.model.Presets()
	opts := []string{DefaultsPreset}
	for _, p := range ps {
		opts = append(opts, p.Name)
	}
	u.presetSelect.SetOptions(opts)
	if err != nil {
		u.presetErr.SetText(err.Error())
		u.presetErr.Show()
	} else {
		u.presetErr.Hide()
	}
}

// showResult fills the convergence panel from the run shown.
func (u *App) showResult() {
	m := u.model
	o, ok := m.Shown()
	running := ""
	if m.Running() {
		running = "running…  "
	}
	if !ok {
		u.score.SetText(running)
		u.iterations.SetText("")
		u.plot.SetMessage("")
		return
	}
	if o.Err != nil {
		u.score.SetText(running + "no estimate")
		u.iterations.SetText("error: " + o.Err.Error())
		u.plot.SetMessage("no run")
		return
	}
	res := o.Result
	komi := m.Komi()
	bs := res.BoardScore()
	u.score.SetText(fmt.Sprintf("%s%s   (board %+.2f, komi %s)", running, estimators.FormatResult(bs, komi), bs, strconv.FormatFloat(komi, 'f', -1, 64)))
	info := o.Est.Info()
	var it string
	switch {
	case !info.Iterative:
		it = "computed directly, no iteration"
	case res.Converged:
		it = fmt.Sprintf("converged in %d iterations", res.Iterations)
	default:
		it = fmt.Sprintf("stopped at the cap of %d iterations", res.Iterations)
	}
	if n := len(res.Trace); n > 0 && info.Iterative {
		tol := 0.0
		it += "  ·  final residual " + formatFloat(res.Trace[n-1])
		if info.Reads("tol", o.Params) {
			tol = o.Params.Num("tol")
			it += ", tolerance " + formatFloat(tol)
		}
		u.plot.SetTrace(res.Trace, tol)
	} else {
		u.plot.SetMessage(info.Name + " does not iterate: no convergence to plot")
	}
	u.iterations.SetText(it)
	u.showLatency()
}

// showLatency shows the time of the run shown, the time from its request
// to its overlay being handed to the board, and the time the last drawing
// of the board took.
func (u *App) showLatency() {
	o, ok := u.model.Shown()
	if !ok || o.Err != nil {
		u.runTime.SetText("")
		return
	}
	u.runTime.SetText(fmt.Sprintf("run %s  ·  update latency %s  ·  board drawn in %s",
		formatDuration(o.Result.Elapsed), formatDuration(u.model.Latency()), formatDuration(u.board.DrawTime())))
}

// formatDuration writes d in milliseconds with three significant digits.
func formatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 2, 64) + " ms"
	case ms < 100:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}

// formatFloat writes a residual: 8.9e-05 as "8.9e-05", 0 as "0".
func formatFloat(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'e', 1, 64)
}

// hovered shows in the status bar the point under the mouse: its label,
// what is on it, its chain and its value.
func (u *App) hovered(p board.Point, ok bool) {
	u.hover, u.hovering = p, ok
	pos := u.model.Position()
	if !ok || pos == nil || !pos.OnBoard(p) {
		// The point may be of a larger board than the record now shown.
		u.status.SetText(u.hint())
		return
	}
	var b strings.Builder
	b.WriteString(p.Label(pos.Size()))
	i := pos.Index(p)
	if c := pos.At(p); c == board.Empty {
		b.WriteString("  ·  empty")
	} else {
		if u.chainsOf != pos {
			u.chains, u.chainID = pos.Chains()
			u.chainsOf = pos
		}
		ch := u.chains[u.chainID[i]]
		fmt.Fprintf(&b, "  ·  %s chain of %s, %s", colourName(c), plural(len(ch.Stones), "stone"), plural(len(ch.Liberties), "liberty"))
	}
	if o, ok := u.model.Shown(); ok && o.Err == nil && len(o.Result.Values) == pos.Len() {
		v := o.Result.Values[i]
		fmt.Fprintf(&b, "  ·  value %+.3f", v)
		switch {
		case v > 0.5:
			b.WriteString(" (Black's)")
		case v < -0.5:
			b.WriteString(" (White's)")
		default:
			b.WriteString(" (contested)")
		}
	}
	u.status.SetText(b.String())
}

// hint is the status bar without a point under the mouse.
func (u *App) hint() string {
	if u.model.Editing() {
		return u.editHint()
	}
	if u.model.InLesson() {
		return "Point at the board for a point's value  ·  ← → other lessons, L back to the record, O hides the overlay"
	}
	return "Point at the board for a point's value and chain  ·  ← → step, Shift for 10, ↑ ↓ variations, O hides the overlay, E edits, R ranks moves"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// showFinal fills the line of the final outcome in the convergence panel:
// where the search for the record's final ownership stands, and once it
// is known the measures of the run shown against it. A failure is shown
// in full, as 'moyo eval' lists it, rather than hidden.
func (u *App) showFinal() {
	u.final.SetText(finalText(u.model))
}

// finalText is the line showFinal shows; "" when the record has no
// counted result.
func finalText(m *Model) string {
	status, f, err := m.Final()
	switch status {
	case FinalComputing:
		return "final ownership: computing…"
	case FinalFailed:
		return "final ownership: " + err.Error()
	case FinalKnown:
	default:
		return ""
	}
	head := "vs final outcome " + f.Result
	ms, ok := m.FinalMeasures()
	if !ok {
		return head
	}
	return fmt.Sprintf("%s: cross-entropy %.3f  ·  accuracy %.1f%%  ·  MAE %.3f",
		head, ms.CrossEntropy, 100*ms.Accuracy, ms.MAE)
}
