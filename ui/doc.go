// Package ui is moyo's desktop window, built with Fyne: the board widget
// and the panels beside it, showing a workspace.Workspace, which holds
// everything the app does and knows without any widget.
//
// Each panel is a struct with build, which makes its widgets, and update,
// which brings them in step with the workspace after a change it
// subscribes to (workspace.Change). Controls change the workspace through
// its methods; a control the program sets (package widgets' KeySlider,
// KeySelect, KeyCheck…) does not call back as if the user had moved it.
// Texts and choices come from the workspace's views and pictures from
// package render, and the widgets that know nothing of moyo are in
// package widgets, so what ui holds is the panels and the window alone.
// Run opens the window as the command line asks (Launch): the record, the
// move, the size, and the screenshot and geometry hooks of the tests.
//
// The window is the board on the left, as large a square as the window
// allows once the side panel has its least width (widgets.Split), and the
// side panel: a header (the game, the move controls, the legend) over a
// scrolling column of sections (widgets.Column). A panel adds its section
// in App.build with
//
//	sec := u.side.Add(name, title, body, stretch)
//
// where name keys whether it is open in the preferences and stretch lets
// it share the height the others leave (plots, lists). A section is shown
// while its body is visible, so a panel hides its body outside its mode;
// sec.SetSummary sets the line a closed section shows, sec.SetOpen opens
// it and u.side.Reveal scrolls it into view. Every panel keeps its least
// width within the side panel's, so that the window's least size stays
// 1024×640 (TestWindowLeastSize). After every change, once the panels
// have updated, the side panel is laid out again (App.relayout), so that
// a panel showing or hiding rows needs nothing more: Fyne alone may leave
// a section laid out for the rows it had (TestSwitchEstimatorLayout).
//
// Dialogs are shown with App.show, which makes them modal for the keys
// too: while one is open, the main menu's shortcuts and the window's keys
// leave the window alone, Escape dismisses it and Enter closes a notice
// (dialogs.go). Every way out of the app goes through App.Quit.
package ui
