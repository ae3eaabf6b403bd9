package workspace

import (
	"encoding/json"
	"strconv"

	"moyo/estimators"
	"moyo/render"
)

// keyOverlay is the key of the overlay stored.
const keyOverlay = "overlay"

// OverlayOptions says how the control values are drawn on the board.
type OverlayOptions struct {
	// Style is render.Shading, render.Squares or render.NoOverlay.
	Style render.Overlay
	// Numbers prints each value as a percentage.
	Numbers bool
	// Hidden hides the values and the dead marks, leaving the bare
	// position: the quick toggle of key O.
	Hidden bool
	// Show is what the values drawn are: the estimate, the reference's
	// map, or their difference (see Workspace.View).
	Show Show
	// Split draws the reference's map on a second board beside the first.
	Split bool
	// Cycle draws, for a run that stopped in a cycle, where the cycle's
	// states differ in place of the values (see ShowsCycle and
	// cycleValues). It is not kept between sessions.
	Cycle bool `json:"-"`
}

// Show is what the board's values are.
type Show int

// What the board can show.
const (
	// ShowEstimate: the estimate's values v.
	ShowEstimate Show = iota
	// ShowReference: the reference's map r (see Reference).
	ShowReference
	// ShowDifference: (v − r)/2, 0 (mid grey) where the estimate is the
	// reference, towards +1 (black) where it gives Black more and
	// towards −1 (white) where it gives White more. Halving keeps the
	// difference, which spans [−2, 2], in the [−1, 1] that render draws.
	ShowDifference
)

var showNames = [...]string{"estimate", "reference", "difference"}

// String names what is shown: "estimate", "reference", "difference".
func (s Show) String() string {
	if s < 0 || int(s) >= len(showNames) {
		return "Show(" + strconv.Itoa(int(s)) + ")"
	}
	return showNames[s]
}

// Shows returns what the board can show, in the order a control lists them.
func Shows() []Show { return []Show{ShowEstimate, ShowReference, ShowDifference} }

// loadOverlay returns the overlay kept in store, or the default one.
func loadOverlay(store Store) OverlayOptions {
	var o OverlayOptions
	if s := load(store, keyOverlay); s != "" {
		if json.Unmarshal([]byte(s), &o) != nil || o.Style < render.Shading || o.Style > render.NoOverlay ||
			o.Show < ShowEstimate || o.Show > ShowDifference {
			return OverlayOptions{}
		}
	}
	return o
}

// Overlay returns how the values are drawn.
func (ws *Workspace) Overlay() OverlayOptions { return ws.overlay }

// SetOverlay sets how the values are drawn, kept between sessions. What
// it shows may be the reference or the difference while the reference
// has no map: the board then shows the estimate (View).
func (ws *Workspace) SetOverlay(o OverlayOptions) {
	if o == ws.overlay {
		return
	}
	ws.overlay = o
	if b, err := json.Marshal(o); err == nil {
		save(ws.store, keyOverlay, string(b))
	}
	ws.notify(ChangeOverlay)
}

// ToggleOverlay hides the values, or shows them again.
func (ws *Workspace) ToggleOverlay() {
	o := ws.overlay
	o.Hidden = !o.Hidden
	ws.SetOverlay(o)
}

// ToggleNumbers prints the values as numbers, or stops: key N.
func (ws *Workspace) ToggleNumbers() {
	o := ws.overlay
	o.Numbers = !o.Numbers
	ws.SetOverlay(o)
}

// View returns what the board shows: what the overlay's Show asks for,
// or the estimate while the reference has no map of a board of the
// position's size (no final outcome, KataGo not found or not answered
// yet).
func (ws *Workspace) View() Show {
	if ws.overlay.Show != ShowEstimate && ws.ref.values(ws.Position()) == nil {
		return ShowEstimate
	}
	return ws.overlay.Show
}

// difference returns (v − r)/2 for each value v of values and r of ref:
// see ShowDifference.
func difference(values, ref []float64) []float64 {
	d := make([]float64, len(values))
	for i, v := range values {
		d[i] = (v - ref[i]) / 2
	}
	return d
}

// ShowsCycle reports whether the board shows where the states of the
// cycle the run shown fell into differ (cycleValues) rather than values:
// the overlay's Cycle is on, not hidden, the board shows the estimate or
// its difference from the reference, and the run stopped in a cycle.
func (ws *Workspace) ShowsCycle() bool {
	o := ws.runs.shown
	return ws.overlay.Cycle && !ws.overlay.Hidden && ws.View() != ShowReference &&
		o != nil && o.Err == nil && o.Result.Cycle != nil
}

// cycleValues returns what the overlay draws of a cycle: each point's
// spread over the cycle's states (estimators.Cycle.Spread, in [0, 2])
// divided by the largest, so that the point that swings most is drawn as
// +1, Black's darkest shade or a full square, and points where the states
// agree as 0, no shade. The scale is relative because the swings of a
// cycle are small (0.003 to 0.3): drawn as they are they would all look
// alike. It returns nil for no cycle or one whose states agree.
func cycleValues(c *estimators.Cycle) []float64 {
	spread := c.Spread()
	top := 0.0
	for _, s := range spread {
		top = max(top, s)
	}
	if top == 0 {
		return nil
	}
	for i := range spread {
		spread[i] /= top
	}
	return spread
}
