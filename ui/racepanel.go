package ui

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
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
	sec       *widgets.Section

	title               *widget.Label
	prevLesson, nextLsn *widget.Button
	cands               *widgets.KeySelect
	seqBox              fyne.CanvasObject
	seq                 *widgets.Segmented
	seqPrev, seqNext    *widget.Button
	seqLine             *widget.Label

	lessonText      *widget.Label
	status          *widget.Label
	progress        *widget.ProgressBarInfinite
	stop            *widget.Button
	further         *widget.Button
	furtherBox      fyne.CanvasObject // further, at its own width
	blocks, verdict *widget.Label
	outcome         *widget.Label
	check           *widget.Label // whether the search agrees
	territory       *widget.Label
	rows            *fyne.Container
	capture         *widgets.KeyCheck
	thermoTitle     *widget.Label
	thermo          *widgets.Thermograph
	notes           *widget.Label
	rowsOf          *workspace.RaceResult // the analysis the rows are of
	rowsSelected    int                   // the row marked chosen
}

// raceChanges are the changes the panel shows.
const raceChanges = workspace.ChangeMode | workspace.ChangeRace | workspace.ChangeStep

// build makes the heading and the section's body, which the app places
// apart.
func (p *racePanel) build(u *App) (top, body fyne.CanvasObject) {
	p.u = u
	ws := u.ws
	race := func(f func(r *workspace.RaceMode)) func() { return inMode(ws, f) }
	p.title = widgets.Cut(widgets.Heading(""))
	back := widget.NewButtonWithIcon("Back (C)", theme.NavigateBackIcon(), ws.StopRace)
	lesson := func(n int) func() {
		return race(func(r *workspace.RaceMode) {
			if _, i, ok := r.Lesson(); ok {
				u.sayErr(ws.OpenRaceLesson(i + n))
			}
		})
	}
	p.prevLesson = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), lesson(-1))
	p.nextLsn = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), lesson(1))
	p.cands = widgets.NewKeySelect(nil, func(s string) {
		race(func(r *workspace.RaceMode) {
			if i := slices.Index(r.View().Candidates, s); i >= 0 {
				u.sayErr(r.PickCandidate(i))
			}
		})()
	}, u.TypedKey)
	p.cands.PlaceHolder = "Races found in the position"
	step := func(n int) func() { return func() { ws.Mode().Step(n) } }
	p.seq = widgets.NewSegmented(nil, []string{"Correct sequence", "Failing sequence"}, nil, func(i int) {
		race(func(r *workspace.RaceMode) { r.ShowFailing(i == 1) })()
	})
	p.seqPrev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(-1))
	p.seqNext = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(1))
	p.seqLine = widgets.Cut(widgets.Small(""))
	p.seqBox = container.NewVBox(p.seq.Row,
		container.NewBorder(nil, nil, container.NewHBox(p.seqPrev, p.seqNext), nil, p.seqLine))
	p.top = container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(p.prevLesson, p.nextLsn), back, p.title),
		p.cands, p.seqBox)

	p.lessonText = widgets.Wrapped(widgets.Small(""))
	p.status = widgets.Wrapped(widgets.Small(""))
	p.progress = widget.NewProgressBarInfinite()
	p.stop = widget.NewButton("Stop", race((*workspace.RaceMode).Cancel))
	p.further = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), race((*workspace.RaceMode).AnalyseFurther))
	p.furtherBox = container.NewHBox(p.further)
	p.blocks = widgets.Wrapped(widgets.Small(""))
	p.rows = container.NewVBox()
	p.verdict = widgets.Wrapped(widgets.Small(""))
	p.outcome = widgets.Wrapped(widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	p.territory = widgets.Wrapped(widgets.Small(""))
	p.check = widgets.Wrapped(widgets.Small(""))
	p.capture = widgets.NewKeyCheck("Estimate with the loser's block captured", func(on bool) {
		race(func(r *workspace.RaceMode) { r.SetCapture(on) })()
	}, u.TypedKey)
	p.thermoTitle = widgets.Wrapped(widgets.Small(""))
	p.thermo = widgets.NewThermograph()
	p.notes = widgets.Wrapped(widgets.Small(""))
	// Who wins and the thermograph first: the details under them are
	// for reading on, the column scrolls.
	p.body = container.NewVBox(p.lessonText, p.status,
		p.furtherBox,
		container.NewBorder(nil, nil, nil, p.stop, p.progress),
		p.blocks, p.rows, p.outcome, p.check, p.capture, p.thermoTitle,
		container.New(widgets.AtLeast{Height: 200}, p.thermo),
		p.verdict, p.territory, p.notes)
	return p.top, p.body
}

// update shows the race mode, if it is the mode shown: the heading
// (what the race is of, the races found, a lesson's sequence) and the
// analysis, or why there is none.
func (p *racePanel) update(workspace.Change) {
	r, ok := modeShown[*workspace.RaceMode](p.u.ws, p.top, p.body)
	if !ok {
		return
	}
	v := r.View()
	p.title.SetText(v.Title)
	for _, o := range []fyne.CanvasObject{p.prevLesson, p.nextLsn, p.seqBox} {
		widgets.ShowIf(o, v.Lesson)
	}
	if v.Lesson {
		widgets.EnableIf(p.prevLesson, !v.First)
		widgets.EnableIf(p.nextLsn, !v.Last)
		if v.Failing {
			p.seq.Set(1)
		} else {
			p.seq.Set(0)
		}
		widgets.EnableIf(p.seqPrev, v.Back)
		widgets.EnableIf(p.seqNext, v.Forward)
		p.seqLine.SetText(v.Sequence)
	}
	widgets.SetLine(p.lessonText, v.Text)
	p.cands.SetOptions(v.Candidates)
	p.cands.Set(v.Chosen)
	widgets.ShowIf(p.cands, len(v.Candidates) > 0)

	widgets.ShowIf(p.progress, r.Running())
	widgets.ShowIf(p.stop, r.Running())
	widgets.SetLine(p.status, v.Status)
	if v.Err {
		widgets.SetImportance(p.status, widget.DangerImportance)
	} else {
		widgets.SetImportance(p.status, widget.MediumImportance)
	}
	widgets.ShowIf(p.furtherBox, v.Further != "")
	p.further.SetText(v.Further)
	p.capture.Set(r.Capture())
	// With no block captured there is nothing for the estimate to take.
	widgets.EnableIf(p.capture, v.Loser)
	for _, o := range []fyne.CanvasObject{p.blocks, p.rows, p.check, p.verdict, p.territory, p.thermoTitle, p.thermo, p.notes} {
		widgets.ShowIf(o, v.Analysed)
	}
	if p.sec != nil {
		p.sec.SetSummary(v.Summary)
	}
	// A race too large to analyse may still have an outcome, found by
	// search.
	widgets.ShowIf(p.outcome, v.Outcome != "")
	p.outcome.SetText(v.Outcome)
	if !v.Analysed {
		return
	}
	p.blocks.SetText(v.Blocks)
	p.showRows(r, v)
	widgets.SetLine(p.check, v.Check)
	if v.Disagrees {
		widgets.SetImportance(p.check, widget.WarningImportance)
	} else {
		widgets.SetImportance(p.check, widget.MediumImportance)
	}
	p.verdict.SetText(v.Verdict)
	p.territory.SetText(v.Territory)
	p.thermoTitle.SetText(v.Thermo)
	g, _ := r.SelectedRegion()
	p.thermo.Set(g.Thermo, 2)
	widgets.SetLine(p.notes, v.Notes)
}

// showRows lists the regions and the sum, a row each, the chosen one
// marked; a click on a row chooses it.
func (p *racePanel) showRows(r *workspace.RaceMode, v workspace.RaceView) {
	res, _ := r.Result()
	if p.rowsOf == res && p.rowsSelected == r.Selected() {
		return
	}
	p.rowsOf, p.rowsSelected = res, r.Selected()
	head := widgets.Small(v.Head)
	head.TextStyle.Monospace = true
	objs := []fyne.CanvasObject{head}
	for _, row := range v.Rows {
		text := widgets.Small(row.Line)
		text.TextStyle.Monospace = true
		var swatch color.Color = color.Transparent
		if row.Region >= 0 {
			swatch = render.RegionColor(row.Region)
		}
		objs = append(objs, newTapRow(swatch, text, row.Region == r.Selected(), func() { r.Select(row.Region) }))
	}
	p.rows.Objects = objs
	p.rows.Refresh()
}

// newTapRow returns a row of the regions' list: a colour swatch and a
// line of text, highlighted when chosen, that calls onTap when clicked.
func newTapRow(swatch color.Color, text fyne.CanvasObject, chosen bool, onTap func()) *widgets.Tappable {
	sw := canvas.NewRectangle(swatch)
	sw.SetMinSize(fyne.NewSize(12, 12))
	bg := canvas.NewRectangle(color.Transparent)
	if chosen {
		bg.FillColor = theme.Color(theme.ColorNameSelection)
	}
	return widgets.NewTappable(container.NewStack(bg, container.NewBorder(nil, nil, container.NewCenter(sw), nil, text)), nil, onTap)
}
