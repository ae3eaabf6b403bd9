package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"moyo/engines"
	_ "moyo/internal/locale" // before Fyne reads the locale
	"moyo/ui/widgets"
	"moyo/workspace"
)

// DefaultWindowSize returns the size the window opens at when neither the
// screen's size nor one the user left it at is known (FirstWindowSize):
// it fits a 1280×800 screen with room for the window's frame and the
// desktop's panels.
func DefaultWindowSize() fyne.Size { return fyne.NewSize(1200, 760) }

// App is the desktop app: a window showing a workspace. The window's
// parts are panels, each a struct whose build makes its widgets and whose
// update brings them in step with the workspace after a change of what it
// subscribes to; a panel's controls change the workspace through its
// methods. The App keeps the window, the menus, the keys, the status bar
// and the dialogs.
type App struct {
	app fyne.App
	win fyne.Window
	ws  *workspace.Workspace

	// Modifiers returns the modifier keys held down; the default asks the
	// desktop driver. Tests replace it.
	Modifiers func() fyne.KeyModifier

	board  *Board
	status *widgets.StatusLine
	// confirm is the last question asked before a record replaced an
	// edited position; tests answer it.
	confirm *dialog.ConfirmDialog
	// dialogs are the dialogs shown, the one on top last (show).
	dialogs []*shownDialog
	// menus holds the main menu and its items that are enabled in edit
	// mode only (updateMenu).
	menus struct {
		main              *fyne.MainMenu
		undo, redo, clear *fyne.MenuItem
		games             *fyne.MenuItem // enabled for a collection
	}
	// games is the list of the games of a collection last shown
	// (showGames); tests choose from it.
	games *widget.List

	view   boardView
	game   gamePanel
	edit   editPanel
	lesson lessonPanel
	est    estimatorPanel
	conv   convergencePanel
	rank   rankPanel
	race   racePanel  // the race mode's heading and section
	count  countPanel // the count mode's heading and section
	ref    refPanel   // the reference section and the split view
	graph  graphPanel
	bar    overlayBar
	legend *legend

	// The convergence section's lines on the fixed point, the cycle and
	// the fallback, and on P(Black wins).
	fixed   fixedPointLines
	winning winPanel
	// side is the column of sections of the side panel; sections are
	// those whose summaries the app writes (summaries.go).
	side     *widgets.Column
	sections struct{ estimator, convergence, ranking *widgets.Section }
	// main holds the board area and the side panel, laid out by split.
	main  *fyne.Container
	panel *fyne.Container // the side panel: its header over the column
	split *widgets.Split

	// engines are the estimators offered, the reference engines among
	// them (ListEngines), found with engineCfg.
	engines   *workspace.EngineList
	engineCfg engines.Config
}

// New builds the app's widgets in w, shows ws in them and wires the menu,
// the keys and drag and drop. ws must deliver its results on the UI
// goroutine.
func New(a fyne.App, w fyne.Window, ws *workspace.Workspace) *App {
	u := &App{app: a, win: w, ws: ws, engines: workspace.NewEngineList(ws)}
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
	w.Canvas().AddShortcut(&fyne.ShortcutRedo{}, func(sh fyne.Shortcut) { u.unlessModal(sh, u.redo)() })
	w.SetOnDropped(u.dropped)
	// The window's close button quits as File → Quit does, asking first
	// about an edited position.
	w.SetCloseIntercept(u.Quit)
	for _, s := range []struct {
		to     workspace.Change
		update func(workspace.Change)
	}{
		{titleChanges, u.showTitle},
		{gameChanges, u.game.update},
		{editChanges, u.edit.update},
		{lessonChanges, u.lesson.update},
		{estimatorChanges, u.est.update},
		{overlayChanges, u.bar.update},
		{boardChanges, u.view.update},
		{raceChanges, u.race.update},
		{countChanges, u.count.update},
		{refChanges, u.ref.update},
		{rankChanges, u.rank.update},
		{graphChanges, u.graph.update},
		{convergenceChanges, u.conv.update},
		{fixedPointChanges, u.fixed.update},
		{winChanges, u.winning.update},
		{legendChanges, u.legend.update},
		{summaryChanges, u.summarise},
		{menuChanges, u.updateMenu},
		{workspace.ChangeAll, u.relayout}, // last: after the panels have shown and hidden rows
	} {
		ws.Subscribe(s.to, s.update)
		s.update(workspace.ChangeAll)
	}
	return u
}

// Workspace returns the workspace the app shows.
func (u *App) Workspace() *workspace.Workspace { return u.ws }

// build makes the content of the window: the board on the left, as large
// a square as the window allows, the side panel on the right and the
// status bar along the bottom. The side panel is a header (the position,
// the ways through the record, a lesson's heading, the legend) over a
// scrolling column of sections (widgets.Column), so that its height never
// sets the window's.
func (u *App) build() fyne.CanvasObject {
	u.board = u.view.build(u)
	u.status = widgets.NewStatusLine("more in Help ▸ Keys")
	info, nav := u.game.build(u)
	lessonTop, lessonBody := u.lesson.build(u)
	raceTop, raceBody := u.race.build(u)
	countTop, countBody := u.count.build(u)
	u.legend = newLegend(u)
	u.side = widgets.NewColumn(u.app.Preferences())
	// The sections, in the order they are listed; a panel of a new mode
	// adds its own here (see the package doc).
	u.side.Add("edit", "Edit position", u.edit.build(u), false)
	u.side.Add("lesson", "Lesson", lessonBody, true)
	u.race.sec = u.side.Add("race", "Capturing race", raceBody, false)
	u.count.sec = u.side.Add("count", "Count", countBody, false)
	u.sections.estimator = u.side.Add("estimator", "Estimator", u.est.build(u), false)
	graph, tree := u.graph.build(u)
	u.graph.sec = u.side.Add("graph", "Game graph", graph, true)
	u.graph.sec.OnToggle = func(bool) { u.graph.update(workspace.ChangeGraph) }
	u.graph.treeSec = u.side.Add("tree", "Record tree", tree, false)
	figures := container.NewVBox(u.conv.build(u), u.fixed.build(u), u.winning.build(u))
	u.sections.convergence = u.side.Add("convergence", "Convergence",
		container.NewBorder(figures, nil, nil, nil, container.New(widgets.AtLeast{Height: 100}, u.conv.plot)), true)
	u.ref.sec = u.side.Add("reference", "Reference", u.ref.build(u), false)
	u.sections.ranking = u.side.Add("ranking", "Ranking", u.rank.build(u), true)
	u.panel = container.NewBorder(
		container.NewVBox(info, nav, lessonTop, raceTop, countTop, u.legend),
		nil, nil, nil, u.side.Scroll())
	u.split = &widgets.Split{PanelMin: 430}
	u.main = container.New(u.split, u.ref.buildBoards(u.board), u.panel)
	// The overlay controls share the bottom bar with the status line.
	bottom := container.NewBorder(nil, nil, nil, u.bar.build(u), u.status.Object)
	return container.NewBorder(nil, bottom, nil, nil, u.main)
}

// relayout lays the side panel out again for the rows the panels show
// now: Fyne alone may leave a section laid out for the rows it had
// (widgets.Column.Relayout).
func (u *App) relayout(workspace.Change) {
	widgets.Relayout(u.panel)
	u.side.Relayout()
}

// titleChanges are the changes the window's title shows.
const titleChanges = workspace.ChangeRecord | workspace.ChangeStep | workspace.ChangeMode | workspace.ChangeEdit | workspace.ChangeLesson |
	workspace.ChangeRace | workspace.ChangeCount

// showTitle puts what is shown in the window's title.
func (u *App) showTitle(workspace.Change) { u.win.SetTitle(u.ws.Title()) }

// say shows msg in the status bar.
func (u *App) say(msg string) { u.status.SetText(msg) }

// sayErr shows err, if any, in the status bar.
func (u *App) sayErr(err error) {
	if err != nil {
		u.say(err.Error())
	}
}

// unfocus gives the keys back to the app, from a box a value was typed in.
func (u *App) unfocus() { u.win.Canvas().Unfocus() }

// inMode returns a function calling f with the mode shown when it is an
// M: a control of a mode does nothing once the mode is left.
func inMode[M workspace.Mode](ws *workspace.Workspace, f func(M)) func() {
	return func() {
		if m, ok := ws.Mode().(M); ok {
			f(m)
		}
	}
}

// withEdit calls f with the edit session, in edit mode.
func (u *App) withEdit(f func(*workspace.EditMode)) { inMode(u.ws, f)() }

// undo takes back an edit, in edit mode: the Edit menu's, the edit
// panel's and the shortcut's.
func (u *App) undo() { u.withEdit((*workspace.EditMode).Undo) }

// redo does an undone edit again, in edit mode.
func (u *App) redo() { u.withEdit((*workspace.EditMode).Redo) }

// clearBoard removes every stone, in edit mode.
func (u *App) clearBoard() { u.withEdit((*workspace.EditMode).ClearBoard) }

// setBoardAspect makes the board area aspect times as wide as it is high
// (1 for one board, 2 for two side by side) and lays the window out again.
func (u *App) setBoardAspect(aspect float32) {
	if u.split.Aspect == aspect {
		return
	}
	u.split.Aspect = aspect
	u.main.Refresh()
}
