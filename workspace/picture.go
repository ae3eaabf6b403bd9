package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"moyo/board"
	"moyo/render"
)

// PictureWidth is the width in pixels of the picture Picture makes: the
// board alone is a square this wide, large enough for a slide or a page.
const PictureWidth = 1000

// ValuesName names what the board's values are, in ASCII as render draws
// it: "symmetric", "KataGo", "symmetric - final outcome", "seds cycle
// swing, 1 = 0.0049". The legend is titled with it.
func (ws *Workspace) ValuesName() string {
	est := ws.Settings().Estimator().Info().Name
	if o, _ := ws.Runs().Shown(); ws.ShowsCycle() {
		// The board shows the cycle's swing relative to the largest.
		return fmt.Sprintf("%s cycle swing, 1 = %.2g", est, o.Result.Cycle.Amplitude)
	}
	switch ws.View() {
	case ShowReference:
		return ws.Reference().Name()
	case ShowDifference:
		return est + " - " + ws.Reference().Name()
	}
	return est
}

// Picture is the board as it was shown, to draw away from the UI
// goroutine: the position, the values of the overlay (nil when it is
// hidden), the options the board draws with (style, numbers, marks, last
// move, regions), the legend's title ("" for none) and the caption under
// it all.
type Picture struct {
	Position *board.Position
	Values   []float64
	Options  render.Options
	Legend   string
	Heading  render.Heading
}

// Picture returns the board as it is shown now, the legend named for the
// values unless the overlay is hidden or off. Steps and edits make new
// positions and runs new values, never changing the shown ones in place,
// so the picture stays as it was asked for.
func (ws *Workspace) Picture() (Picture, error) {
	pos := ws.BoardPosition()
	if pos == nil {
		return Picture{}, errors.New("no position to draw")
	}
	p := Picture{Position: pos, Values: ws.Values(), Options: ws.BoardOptions(), Heading: ws.heading()}
	if p.Values != nil && p.Options.Overlay != render.NoOverlay {
		p.Legend = ws.ValuesName()
		p.Heading.Estimator = p.Legend
		if ws.ShowsCycle() {
			// The swing runs from 0 to 1, not from White's −1 to Black's +1.
			p.Options.Scale = render.SwingScale()
		}
		if o, ok := ws.runs.Shown(); ok && o.Err == nil && o.Pos == pos && ws.View() == ShowEstimate && !ws.ShowsCycle() {
			p.Heading.Estimate = ws.EstimateLine(o)
		}
	}
	return p, nil
}

// heading is the caption of the picture of the board as the window's
// title says it: in the record mode the players (or the file) and the
// move, elsewhere the mode's title ("editing from move 100", a lesson's).
// Picture adds what the overlay shows and, when it is the estimate of the
// position, the estimate named as one with the count beside it where
// there is one (EstimateLine).
func (ws *Workspace) heading() render.Heading {
	if r, ok := ws.mode.(*RecordMode); ok && r.rec != nil {
		s, _ := r.Current()
		return render.Heading{Game: r.players(), File: r.name, Move: fmt.Sprintf("move %d", s.Number)}
	}
	return render.Heading{Game: ws.mode.Title()}
}

// PNG draws the picture PictureWidth pixels wide, the legend under the
// board and the caption under both, and encodes it as PNG: some tens of milliseconds, which is why it
// is kept off the UI goroutine.
func (p Picture) PNG() ([]byte, error) {
	img, err := render.Picture(p.Position, p.Values, p.Options, PictureWidth, p.Legend)
	if err != nil {
		return nil, err
	}
	if img, err = render.Captioned(img, p.Heading, p.Options); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := render.EncodePNG(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// PictureFileName proposes a name for the picture of the board: the
// position's (PositionFileName) with what the values are, as
// "game-move-100-symmetric.png"; without them when the overlay is hidden.
func (ws *Workspace) PictureFileName() string {
	base := strings.TrimSuffix(ws.PositionFileName(), ".sgf")
	if ws.Values() == nil || ws.Overlay().Style == render.NoOverlay {
		return base + ".png"
	}
	// Only letters, digits and dots from the name: "symmetric - KataGo"
	// becomes "symmetric-KataGo".
	name := strings.Join(strings.FieldsFunc(ws.ValuesName(), func(r rune) bool {
		return !(r == '.' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z')
	}), "-")
	return base + "-" + name + ".png"
}
