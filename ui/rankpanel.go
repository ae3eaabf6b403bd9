package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/ui/widgets"
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
	p.title = widgets.Heading("")
	p.progress = widget.NewProgressBar()
	p.summary = widgets.Wrapped(widgets.Small(""))
	p.list = widgets.Small("")
	p.list.TextStyle.Monospace = true // the columns line up
	p.head = widgets.Small("")
	p.head.TextStyle.Monospace = true
	p.scroll = container.NewVScroll(p.list)
	// The list scrolls within its section, which stretches.
	// A few moves' height at least, so that the list revealed by R shows
	// the best of them when the column is short.
	p.box = container.NewBorder(container.NewVBox(p.title, p.progress, p.summary, p.head), nil, nil, nil,
		container.New(widgets.AtLeast{Height: 120}, p.scroll))
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
		p.u.side.Reveal(p.u.sections.ranking)
	}
	widgets.ShowIf(p.box, rk.On())
	if !rk.On() {
		return
	}
	v := ws.RankView()
	done, total, running := rk.Progress()
	widgets.ShowIf(p.progress, running)
	if running {
		p.progress.Max = float64(max(total, 1))
		p.progress.SetValue(float64(done))
	}
	p.title.SetText(v.Title)
	p.summary.SetText(v.Summary)
	p.head.SetText(v.Head)
	p.list.SetText(v.List)
}
