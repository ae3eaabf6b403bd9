package workspace

import (
	"encoding/json"

	"moyo/render"
)

// keyOverlay is the key of the overlay stored.
const keyOverlay = "overlay"

// Overlay says how the control values are drawn on the board.
type Overlay struct {
	// Style is render.Shading, render.Squares or render.NoOverlay.
	Style render.Overlay
	// Numbers prints each value as a percentage.
	Numbers bool
	// Hidden hides the values and the dead marks, leaving the bare
	// position: the quick toggle of key O.
	Hidden bool
	// Outcome draws, in place of each value v, its difference from the
	// final outcome (v − owner)/2 (see outcomeDiff), while the final
	// ownership is known. It is not kept between sessions: most records
	// have none.
	Outcome bool `json:"-"`
}

// loadOverlay returns the overlay kept in store, or the default one.
func loadOverlay(store Store) Overlay {
	var o Overlay
	if s := load(store, keyOverlay); s != "" {
		if json.Unmarshal([]byte(s), &o) != nil || o.Style < render.Shading || o.Style > render.NoOverlay {
			return Overlay{}
		}
	}
	return o
}

// Overlay returns how the values are drawn.
func (ws *Workspace) Overlay() Overlay { return ws.overlay }

// SetOverlay sets how the values are drawn. The difference from the final
// outcome is refused while it is not known.
func (ws *Workspace) SetOverlay(o Overlay) {
	if o.Outcome && !ws.final.Known() {
		o.Outcome = false
	}
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

// outcomeDiff returns (v − owner)/2 for each value: 0 where the estimate
// is the outcome, towards +1 where it gives Black more than the end did
// and towards −1 where it gives White more. Halving keeps the difference,
// which spans [−2, 2], in the [−1, 1] that render draws.
func outcomeDiff(values []float64, owner []int8) []float64 {
	d := make([]float64, len(values))
	for i, v := range values {
		d[i] = (v - float64(owner[i])) / 2
	}
	return d
}
