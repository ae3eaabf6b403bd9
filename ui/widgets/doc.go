// Package widgets holds the Fyne widgets and layouts moyo's window is
// built from that know nothing of Go, of estimators or of the workspace:
//
//   - controls that leave the keyboard to the app and that the program can
//     set without their calling back as if the user had moved them
//     (KeySlider, KeySelect, KeyCheck, Segmented, Spinner, ValueEntry);
//   - a scrolling Column of Sections that open and close, each summed up
//     in a line while closed, laid out again on request (Relayout);
//   - a StatusLine that leaves out a hint's last clauses whole;
//   - layouts: Flow wraps a row like text, Share shares a row's width,
//     Split gives a board area the priority beside a panel;
//   - Plot and Thermograph, which show a render.Chart with sharp text;
//   - small helpers that change a widget only when it would change
//     (ShowIf, SetLine), since every Show, Hide and SetText refreshes.
//
// Package ui composes them into panels that show a workspace.
package widgets
