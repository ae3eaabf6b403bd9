package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/semeai"
	"moyo/workspace"
)

// racePanel shows the race mode: a heading in the side panel's header
// (what the race is of, the way back, the races found, a lesson's
// sequence controls) and a section with the race's analysis: the blocks,
// a row per liberty region with its value cooled by 2, the sum, the
// verdict, the territory, the option for the estimator to take the loser
// as captured, and the thermograph of the region chosen.
type racePanel struct {
	u         *App
	top, body fyne.CanvasObject
	sec       *section

	title               *widget.Label
	prevLesson, nextLsn *widget.Button
	cands               *keySelect
	seqBox              fyne.CanvasObject
	seq                 *segmented
	seqPrev, seqNext    *widget.Button
	seqLine             *widget.Label

	lessonText      *widget.Label
	status          *widget.Label
	progress        *widget.ProgressBarInfinite
	stop            *widget.Button
	blocks, verdict *widget.Label
	outcome         *widget.Label
	territory       *widget.Label
	rows            *fyne.Container
	capture         *keyCheck
	thermoTitle     *widget.Label
	thermo          *Thermograph
	notes           *widget.Label
	candidatesOf    []workspace.RaceCandidate // the choices the select lists
	rowsOf          *workspace.RaceResult     // the analysis the rows are of
	rowsSelected    int                       // the row marked chosen
}

// raceChanges are the changes the panel shows.
const raceChanges = workspace.ChangeMode | workspace.ChangeRace | workspace.ChangeStep

// build makes the heading and the section's body, which the app places
// apart.
func (p *racePanel) build(u *App) (top, body fyne.CanvasObject) {
	p.u = u
	ws := u.ws
	race := func(f func(r *workspace.Race)) func() {
		return func() {
			if r, ok := ws.Mode().(*workspace.Race); ok {
				f(r)
			}
		}
	}
	p.title = heading("")
	p.title.Truncation = fyne.TextTruncateEllipsis
	back := widget.NewButtonWithIcon("Back (C)", theme.NavigateBackIcon(), ws.StopRace)
	lesson := func(n int) func() {
		return race(func(r *workspace.Race) {
			if _, i, ok := r.Lesson(); ok {
				u.sayErr(ws.OpenRaceLesson(i + n))
			}
		})
	}
	p.prevLesson = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), lesson(-1))
	p.nextLsn = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), lesson(1))
	p.cands = newKeySelect(nil, func(s string) {
		for i, c := range p.candidatesOf {
			if c.Label == s {
				race(func(r *workspace.Race) { u.sayErr(r.PickCandidate(i)) })()
			}
		}
	}, u.TypedKey)
	p.cands.PlaceHolder = "Races found in the position"
	step := func(n int) func() { return func() { ws.Mode().Step(n) } }
	p.seq = newSegmented(nil, []string{"Correct sequence", "Failing sequence"}, nil, func(i int) {
		race(func(r *workspace.Race) { r.ShowFailing(i == 1) })()
	})
	p.seqPrev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(-1))
	p.seqNext = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(1))
	p.seqLine = small("")
	p.seqLine.Truncation = fyne.TextTruncateEllipsis
	p.seqBox = container.NewVBox(p.seq.row,
		container.NewBorder(nil, nil, container.NewHBox(p.seqPrev, p.seqNext), nil, p.seqLine))
	p.top = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(p.prevLesson, p.nextLsn), back, p.title),
		p.cands, p.seqBox)

	p.lessonText = small("")
	p.lessonText.Wrapping = fyne.TextWrapWord
	p.status = small("")
	p.status.Wrapping = fyne.TextWrapWord
	p.progress = widget.NewProgressBarInfinite()
	p.stop = widget.NewButton("Stop", race((*workspace.Race).Cancel))
	p.blocks = small("")
	p.blocks.Wrapping = fyne.TextWrapWord
	p.rows = container.NewVBox()
	p.verdict = small("")
	p.verdict.Wrapping = fyne.TextWrapWord
	p.outcome = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.outcome.Wrapping = fyne.TextWrapWord
	p.territory = small("")
	p.territory.Wrapping = fyne.TextWrapWord
	p.capture = newKeyCheck("Estimate with the loser's block captured", func(on bool) {
		race(func(r *workspace.Race) { r.SetCapture(on) })()
	}, u.TypedKey)
	p.thermoTitle = small("")
	p.thermoTitle.Wrapping = fyne.TextWrapWord
	p.thermo = NewThermograph()
	p.notes = small("")
	p.notes.Wrapping = fyne.TextWrapWord
	// Who wins and the thermograph first: the details under them are
	// for reading on, the column scrolls.
	p.body = container.NewVBox(p.lessonText, p.status,
		container.NewBorder(nil, nil, nil, p.stop, p.progress),
		p.blocks, p.rows, p.outcome, p.capture, p.thermoTitle,
		container.New(atLeast{Height: 200}, p.thermo),
		p.verdict, p.territory, p.notes)
	return p.top, p.body
}

// update shows the race mode, if it is the mode shown.
func (p *racePanel) update(workspace.Change) {
	r, ok := p.u.ws.Mode().(*workspace.Race)
	showIf(p.top, ok)
	showIf(p.body, ok)
	if !ok {
		return
	}
	p.showHeading(r)
	p.showAnalysis(r)
}

// showHeading fills the heading: what the race is of, how to pick one,
// the races found, a lesson's sequence.
func (p *racePanel) showHeading(r *workspace.Race) {
	ws := p.u.ws
	l, i, lesson := r.Lesson()
	title := strings.TrimPrefix(ws.Title(), "moyo — ")
	if lesson {
		title = l.Title
	}
	p.title.SetText(title)
	showIf(p.prevLesson, lesson)
	showIf(p.nextLsn, lesson)
	showIf(p.seqBox, lesson)
	if lesson {
		ls, _ := ws.RaceLessons()
		enableIf(p.prevLesson, i > 0)
		enableIf(p.nextLsn, i < len(ls)-1)
		failing := 0
		if r.Failing() {
			failing = 1
		}
		p.seq.Set(failing)
		moves, played := r.Sequence()
		enableIf(p.seqPrev, played > 0)
		enableIf(p.seqNext, played < len(moves))
		line := fmt.Sprintf("%d of %d moves", played, len(moves))
		if played > 0 {
			line += ": " + strings.Join(moves[:played], ", ")
		}
		p.seqLine.SetText(line)
		if p.lessonText.Text != l.Text {
			p.lessonText.SetText(l.Text)
		}
	}
	showIf(p.lessonText, lesson)
	cands := r.Candidates()
	if !sameCandidates(cands, p.candidatesOf) {
		p.candidatesOf = cands
		labels := make([]string, len(cands))
		for k, c := range cands {
			labels[k] = c.Label
		}
		p.cands.SetOptions(labels)
	}
	chosen := ""
	if k := r.Chosen(); k >= 0 {
		chosen = cands[k].Label
	}
	p.cands.Set(chosen)
	showIf(p.cands, len(cands) > 0)
}

func sameCandidates(a, b []workspace.RaceCandidate) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// showAnalysis fills the section from the analysis shown, or says why
// there is none.
func (p *racePanel) showAnalysis(r *workspace.Race) {
	res, ok := r.Result()
	running := r.Running()
	showIf(p.progress, running)
	showIf(p.stop, running)
	status := ""
	switch {
	case running:
		status = "Analysing the race…"
	case r.Err() != nil:
		status = r.Err().Error()
	case !ok && len(r.Picks()) == 1:
		status = "Now click a stone of the opposing block."
	case !ok:
		status = "Click a stone of each block of a race, or choose a race found above."
	}
	p.status.SetText(status)
	showIf(p.status, status != "")
	if r.Err() != nil {
		p.status.Importance = widget.DangerImportance
	} else {
		p.status.Importance = widget.MediumImportance
	}
	p.status.Refresh()
	p.capture.Set(r.Capture())
	for _, o := range []fyne.CanvasObject{p.blocks, p.rows, p.outcome, p.verdict, p.territory, p.thermoTitle, p.thermo, p.notes} {
		showIf(o, ok)
	}
	if !ok {
		p.summarise("")
		return
	}
	p.blocks.SetText(fmt.Sprintf("Black's block %s  ·  White's block %s  ·  analysed in %s", res.Black, res.White, formatDuration(res.Elapsed)))
	p.showRows(r, res)
	p.outcome.SetText(res.Verdict[len(res.Verdict)-1])
	p.verdict.SetText(strings.Join(res.Verdict[:len(res.Verdict)-1], "\n"))
	terr := res.Territory
	if len(res.Semedori) > 0 {
		terr += "\nSemedori (moves that change the count, not the race): " + strings.Join(res.Semedori, "; ")
	}
	p.territory.SetText(terr)
	g, _ := r.SelectedRegion()
	what := "region " + g.Name
	if g.Name == "sum" {
		what = "the sum"
	}
	p.thermoTitle.SetText(fmt.Sprintf("Thermograph of %s: %s, mean %s, temperature %s. Cooled by 2 (the dashed line) it is %s.",
		what, g.Game, render.TickLabel(g.Thermo.Mast), g.Temperature, g.Cooled))
	p.thermo.Set(g.Thermo, 2)
	p.notes.SetText(strings.Join(g.Notes, ". ") + ".")
	showIf(p.notes, len(g.Notes) > 0)
	p.summarise(fmt.Sprintf("cooled %s  ·  %s", res.Sum.Cooled, strings.ToLower(resultOf(res))))
}

// summarise sets the line the section's title bar shows while closed.
func (p *racePanel) summarise(s string) {
	if p.sec != nil {
		p.sec.SetSummary(s)
	}
}

// resultOf says who captures with the side to move first.
func resultOf(res *workspace.RaceResult) string {
	if res.Loser == 0 {
		return "Seki"
	}
	return colourName(res.Loser.Opponent()) + " captures"
}

// showRows lists the regions and the sum, a row each, the chosen one
// marked; a click on a row chooses it.
func (p *racePanel) showRows(r *workspace.Race, res *workspace.RaceResult) {
	if p.rowsOf == res && p.rowsSelected == r.Selected() {
		return
	}
	p.rowsOf, p.rowsSelected = res, r.Selected()
	line := func(name, side, cooled, temp, terr string) string {
		return fmt.Sprintf("%-4s %-13s %-9s %5s  %s", name, side, cooled, temp, terr)
	}
	head := small(line("", "liberties of", "cooled", "temp", "territory"))
	head.TextStyle.Monospace = true
	objs := []fyne.CanvasObject{head}
	for k, g := range slices.Concat(res.Regions, []workspace.RaceRegion{res.Sum}) {
		k := k
		side := ""
		switch {
		case g.Name == "sum":
			k = -1
		case g.Defender == 0:
			side = "both, shared"
		case g.Kind == semeai.Shared:
			side = colourName(g.Defender) + ", shared"
		default:
			side = colourName(g.Defender)
		}
		text := small(line(g.Name, side, g.Cooled, g.Temperature, g.Territory))
		text.TextStyle.Monospace = true
		var swatch color.Color = color.Transparent
		if k >= 0 {
			swatch = render.RegionColor(k)
		}
		objs = append(objs, newTapRow(swatch, text, k == r.Selected(), func() { r.Select(k) }))
	}
	p.rows.Objects = objs
	p.rows.Refresh()
}

// tapRow is a row of the regions' list: a colour swatch and a line of
// text, highlighted when chosen, that calls onTap when clicked.
type tapRow struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onTap   func()
}

func newTapRow(swatch color.Color, text fyne.CanvasObject, chosen bool, onTap func()) *tapRow {
	sw := canvas.NewRectangle(swatch)
	sw.SetMinSize(fyne.NewSize(12, 12))
	bg := canvas.NewRectangle(color.Transparent)
	if chosen {
		bg.FillColor = theme.Color(theme.ColorNameSelection)
	}
	t := &tapRow{onTap: onTap, content: container.NewStack(bg,
		container.NewBorder(nil, nil, container.NewCenter(sw), nil, text))}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped chooses the row.
func (t *tapRow) Tapped(*fyne.PointEvent) { t.onTap() }

func (t *tapRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.content) }
