package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"moyo/rank"
	"moyo/render"
)

// render.RankingLetters are the letters put on the best moves of a ranking, best
// first; as many crosses mark the worst, as 'moyo rank' draws them.

// rankWidth is the width of the ranking's column beside the plot: a
// line of the list, "Z  Q16  +12.61", with room to spare.
const rankWidth = 150

// rankView holds the widgets of the ranking: the toggle in the bottom
// bar, and a column beside the plot with the progress and the best moves.
type rankView struct {
	box      fyne.CanvasObject
	check    *keyCheck
	title    *widget.Label
	progress *widget.ProgressBar
	summary  *widget.Label
	list     *widget.Label
	scroll   *container.Scroll
}

// rankPanel builds the ranking's widgets.
func (u *App) rankPanel() *rankView {
	v := &rankView{}
	v.check = newKeyCheck("Rank moves (R)", func(on bool) {
		if !u.updating {
			u.model.SetRanking(on)
		}
	}, u.TypedKey)
	v.title = heading("")
	v.progress = widget.NewProgressBar()
	v.summary = small("")
	v.summary.Wrapping = fyne.TextWrapWord
	v.list = small("")
	v.list.TextStyle.Monospace = true // the columns line up
	v.scroll = container.NewVScroll(v.list)
	v.box = container.New(fixedWidth(rankWidth), container.NewBorder(
		container.NewVBox(v.title, v.progress, v.summary),
		nil, nil, nil, v.scroll))
	v.box.Hide()
	return v
}

// showRanking shows the ranking's progress, or its best moves.
func (u *App) showRanking() {
	v, m := u.rank, u.model
	on := m.RankingOn()
	v.check.SetChecked(on)
	showIf(v.box, on)
	if !on {
		return
	}
	pos := m.Position()
	if pos != nil {
		v.title.SetText("Best for " + colourName(pos.ToMove()))
	}
	r, ok := m.Ranked()
	done, total, running := m.RankProgress()
	showIf(v.progress, running)
	if !ok {
		switch {
		case running && total > 0:
			v.progress.Max = float64(total)
			v.progress.SetValue(float64(done))
			v.summary.SetText(fmt.Sprintf("%d of %s…", done, plural(total, "move")))
		case running:
			v.progress.SetValue(0)
			v.summary.SetText("ranking…")
		case m.Running():
			v.summary.SetText("waiting for the estimate…")
		default:
			v.summary.SetText("no estimate to rank by")
		}
		v.list.SetText("")
		return
	}
	if r.Err != nil {
		v.summary.SetText("error: " + r.Err.Error())
		v.list.SetText("")
		return
	}
	v.summary.SetText(fmt.Sprintf("%s in %s", plural(len(r.Moves), "move"), formatDuration(r.Elapsed)))
	var b strings.Builder
	for i, mv := range r.Moves[:min(len(render.RankingLetters), len(r.Moves))] {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%c  %-3s  %s", render.RankingLetters[i], mv.Label, minus(fmt.Sprintf("%+.2f", mv.Gain)))
	}
	v.list.SetText(b.String())
}

// rankMarks letters the best moves A–Z and crosses as many of the worst.
// With fewer than 52 moves the crosses go to the worst of those that have
// no letter.
func rankMarks(moves []rank.Move) []render.Mark {
	return render.RankingMarks(rank.Points(moves))
}
