package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// overlayBar shares the bottom bar with the status line: how the values
// are drawn (shading, squares or none), the numbers, hiding them, what
// is shown (the estimate, the reference or their difference), and the
// ranking's toggle.
type overlayBar struct {
	u             *App
	style         *widgets.Segmented
	numbers, hide *widgets.KeyCheck
	show          *widgets.KeySelect
	rank          *widgets.KeyCheck
}

// showLabels name what the board can show, in the order of
// workspace.Shows.
var showLabels = []string{"Estimate", "Reference", "Difference"}

// overlayChanges are the changes the bar shows.
const overlayChanges = workspace.ChangeOverlay | workspace.ChangeRank | workspace.ChangeMode

// build makes the bar: a row of style buttons, then the checks.
func (b *overlayBar) build(u *App) fyne.CanvasObject {
	b.u = u
	ws := u.ws
	styles := []render.Overlay{render.Shading, render.Squares, render.NoOverlay}
	b.style = widgets.NewSegmented(nil, []string{"Shading", "Squares", "None"}, nil, func(i int) {
		o := ws.Overlay()
		o.Style, o.Hidden = styles[i], false
		ws.SetOverlay(o)
	})
	// Each check sets one switch of the overlay.
	check := func(label string, field func(*workspace.OverlayOptions) *bool) *widgets.KeyCheck {
		return widgets.NewKeyCheck(label, func(on bool) {
			o := ws.Overlay()
			*field(&o) = on
			ws.SetOverlay(o)
		}, u.TypedKey)
	}
	b.numbers = check("Numbers", func(o *workspace.OverlayOptions) *bool { return &o.Numbers })
	b.hide = check("Hide (O)", func(o *workspace.OverlayOptions) *bool { return &o.Hidden })
	b.show = widgets.NewKeySelect(showLabels, func(label string) {
		o := ws.Overlay()
		o.Show = workspace.Shows()[slices.Index(showLabels, label)]
		ws.SetOverlay(o)
	}, u.TypedKey)
	b.rank = widgets.NewKeyCheck("Rank moves (R)", ws.Ranking().SetOn, u.TypedKey)
	return container.NewHBox(b.style.Row, widget.NewSeparator(), b.numbers, b.hide, container.New(widgets.FixedWidth(120), b.show), widget.NewSeparator(), b.rank)
}

// update sets the buttons and checks from the workspace.
func (b *overlayBar) update(c workspace.Change) {
	ws := b.u.ws
	if c&workspace.ChangeOverlay != 0 {
		o := ws.Overlay()
		b.style.Set(int(o.Style))
		b.numbers.Set(o.Numbers)
		b.hide.Set(o.Hidden)
		b.show.Set(showLabels[o.Show])
	}
	if c&workspace.ChangeRank != 0 {
		b.rank.Set(ws.Ranking().On())
	}
	if c&workspace.ChangeMode != 0 {
		// The count mode draws its count its own way: the styles, the
		// numbers and the map shown do not apply.
		counting := ws.Mode().Kind() == workspace.KindCount
		for _, btn := range b.style.Buttons {
			widgets.EnableIf(btn, !counting)
		}
		widgets.EnableIf(b.numbers, !counting)
		widgets.EnableIf(b.show, !counting)
	}
}
