package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/workspace"
)

// rankPanel is the ranking's section, with the progress of
// the ranking under way or the best moves, best first, lettered as on the
// board (render.RankingLetters).
type rankPanel struct {
	u        *App
	box      fyne.CanvasObject
	title    *widget.Label
	progress *widget.ProgressBar
	summary  *widget.Label
	head     *widget.Label // the list's column heads
	list     *widget.Label
	scroll   *container.Scroll
}

// rankChanges are the changes the panel shows.
const rankChanges = workspace.ChangeRank | workspace.ChangeResult | workspace.ChangeMode |
	workspace.ChangeEdit | workspace.ChangeLesson

// build makes the section's body, hidden until ranking is on.
func (p *rankPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	p.title = heading("")
	p.progress = widget.NewProgressBar()
	p.summary = small("")
	p.summary.Wrapping = fyne.TextWrapWord
	p.list = small("")
	p.list.TextStyle.Monospace = true // the columns line up
	p.head = small("")
	p.head.TextStyle.Monospace = true
	p.scroll = container.NewVScroll(p.list)
	// The list scrolls within its section, which stretches.
	// A few moves' height at least, so that the list revealed by R shows
	// the best of them when the column is short.
	p.box = container.NewBorder(container.NewVBox(p.title, p.progress, p.summary, p.head), nil, nil, nil,
		container.New(atLeast{Height: 120}, p.scroll))
	p.box.Hide()
	return p.box
}

// update shows the ranking's progress, or its best moves.
func (p *rankPanel) update(workspace.Change) {
	ws := p.u.ws
	rk := ws.Ranking()
	if rk.On() && !p.box.Visible() {
		// Turned on: the list comes into view, not below the fold.
		p.box.Show()
		p.u.side.reveal(p.u.sections.ranking)
	}
	showIf(p.box, rk.On())
	if !rk.On() {
		return
	}
	if pos := ws.Position(); pos != nil {
		p.title.SetText("Best for " + colourName(pos.ToMove()))
	}
	r, ok := rk.Shown()
	done, total, running := rk.Progress()
	showIf(p.progress, running)
	if !ok {
		switch {
		case running && total > 0:
			p.progress.Max = float64(total)
			p.progress.SetValue(float64(done))
			p.summary.SetText(fmt.Sprintf("%d of %s…", done, plural(total, "move")))
		case running:
			p.progress.SetValue(0)
			p.summary.SetText("ranking…")
		case ws.Runs().Running():
			p.summary.SetText("waiting for the estimate…")
		default:
			p.summary.SetText("no estimate to rank by")
		}
		p.list.SetText("")
		p.head.SetText("")
		return
	}
	if r.Err != nil {
		p.summary.SetText("error: " + r.Err.Error())
		p.list.SetText("")
		p.head.SetText("")
		return
	}
	summary := fmt.Sprintf("%s in %s", plural(len(r.Moves), "move"), formatDuration(r.Elapsed))
	// Beside the change in board score, the move model's P(move) where
	// a β was fitted for the estimator.
	probs, beta, withP := ws.MoveProbs()
	head := "   move    gain"
	if withP {
		summary += "  ·  P(move) ∝ exp(" + minus(fmt.Sprintf("%.2f", beta)) + "·gain)"
		head += "  P(move)"
	}
	var b strings.Builder
	for i, mv := range r.Moves[:min(len(render.RankingLetters), len(r.Moves))] {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%c  %-4s %7s", render.RankingLetters[i], mv.Label, minus(fmt.Sprintf("%+.2f", mv.Gain)))
		if withP {
			fmt.Fprintf(&b, "  %7s", formatProb(probs[i]))
		}
	}
	p.summary.SetText(summary)
	p.head.SetText(head)
	p.list.SetText(b.String())
}

// formatProb writes a probability as a percentage to two significant
// digits, "34%", "5.2%", "0.31%", and "<0.1%" below a thousandth.
func formatProb(p float64) string {
	switch {
	case p >= 0.0995:
		return fmt.Sprintf("%.0f%%", 100*p)
	case p >= 0.00995:
		return fmt.Sprintf("%.1f%%", 100*p)
	case p >= 0.001:
		return fmt.Sprintf("%.2f%%", 100*p)
	}
	return "<0.1%"
}
