package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"moyo/render"
)

// GameGraph draws a value of every position of a game over the move
// number (render.GameChart), and a click or a drag on it goes to the move
// under the pointer.
type GameGraph struct {
	chart
	spec render.GameChart
	// OnMove, if not nil, is called with the move under the pointer when
	// the graph is clicked or dragged over.
	OnMove func(move int)
}

// NewGameGraph returns an empty graph at least lines lines of label text
// high.
func NewGameGraph(lines float32) *GameGraph {
	g := &GameGraph{chart: chart{minLines: lines}}
	g.extend(g)
	return g
}

// Set draws c.
func (g *GameGraph) Set(c render.GameChart) {
	g.spec = c
	g.set(c, "")
}

// Chart returns the chart drawn.
func (g *GameGraph) Chart() render.GameChart { return g.spec }

// Frame returns where the chart's frame was last laid out, in the
// graph's units.
func (g *GameGraph) Frame() render.Box { return g.frame }

// MoveAt returns the move under the horizontal position x.
func (g *GameGraph) MoveAt(x float32) int { return g.spec.MoveAt(g.frame, x) }

// Tapped goes to the move clicked.
func (g *GameGraph) Tapped(e *fyne.PointEvent) { g.goTo(e.Position.X) }

// Dragged goes to the move under the pointer.
func (g *GameGraph) Dragged(e *fyne.DragEvent) { g.goTo(e.Position.X) }

// DragEnd does nothing: each move of the drag went to its move.
func (g *GameGraph) DragEnd() {}

// Cursor is a cross hair: the graph is a way through the game.
func (g *GameGraph) Cursor() desktop.Cursor { return desktop.CrosshairCursor }

func (g *GameGraph) goTo(x float32) {
	if g.OnMove != nil && g.spec.Moves > 0 {
		g.OnMove(g.MoveAt(x))
	}
}
