package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/ui/widgets"
	"moyo/workspace"
)

// gamePanel shows the game and the position: the players, the game's
// details, the move and the side to move, an illegal move's error and the
// node's comment; below it, the buttons and the slider that step through
// the record. In edit mode it tells the edited position and where it
// branched from, and the edit panel takes the place of the move controls;
// in lesson mode the lesson panel takes the place of both.
type gamePanel struct {
	u                *App
	info, nav        fyne.CanvasObject
	players, details *widget.Label
	banner           *fyne.Container
	bannerText       *widget.Label
	warnings         *widget.Label // the record's warnings
	moveLine         *widget.Label
	position         *widget.Label
	comment          *widget.Label
	commentBox       fyne.CanvasObject
	back             *widget.Button // back to the record, in edit mode
	buttons          []*widget.Button
	slider           *widgets.KeySlider
	editButton       *widget.Button
}

// gameChanges are the changes the panel shows.
const gameChanges = workspace.ChangeRecord | workspace.ChangeStep | workspace.ChangeMode | workspace.ChangeEdit

// build makes the game's information and the move controls, which the
// app places apart.
func (p *gamePanel) build(u *App) (info, nav fyne.CanvasObject) {
	p.u = u
	ws, r := u.ws, u.ws.Record()
	p.players = widgets.Cut(widgets.Heading(""))
	p.details = widgets.Cut(widgets.Small(""))
	p.bannerText = widgets.Wrapped(widgets.Small(""))
	p.bannerText.Importance = widget.DangerImportance
	p.banner = container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, p.bannerText)
	p.banner.Hide()
	p.moveLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.position = widgets.Cut(widgets.Small(""))
	p.comment = widgets.Wrapped(widgets.Small(""))
	// The error, the warnings and the comment share one small scrolling
	// box, shown when one has something to say: the panel has no height
	// to spare.
	p.warnings = widgets.Wrapped(widgets.Small(""))
	p.warnings.Importance = widget.WarningImportance
	p.warnings.Hide()
	scroll := container.NewVScroll(container.NewVBox(p.banner, p.warnings, p.comment))
	scroll.SetMinSize(fyne.NewSize(0, 44))
	p.commentBox = scroll
	// In edit mode the way back to the record is next to the line saying
	// where the edit branched from.
	p.back = widget.NewButtonWithIcon("Back to record (E)", theme.NavigateBackIcon(), u.stopEdit)
	p.back.Hide()
	p.info = container.NewVBox(p.players, p.details, container.NewBorder(nil, nil, p.moveLine, p.back, p.position), p.commentBox)

	for _, b := range []struct {
		icon fyne.Resource
		do   func()
	}{
		{theme.MediaSkipPreviousIcon(), r.First},
		{theme.MediaFastRewindIcon(), func() { r.Forward(-10) }},
		{theme.NavigateBackIcon(), func() { r.Forward(-1) }},
		{theme.NavigateNextIcon(), func() { r.Forward(1) }},
		{theme.MediaFastForwardIcon(), func() { r.Forward(10) }},
		{theme.MediaSkipNextIcon(), r.Last},
	} {
		p.buttons = append(p.buttons, widget.NewButtonWithIcon("", b.icon, b.do))
	}
	p.slider = widgets.NewKeySlider(0, 1, u.TypedKey)
	p.slider.OnChanged = func(v float64) { r.GoTo(int(v)) }
	p.editButton = widget.NewButtonWithIcon("Edit", theme.DocumentCreateIcon(), ws.StartEdit)
	left := container.NewHBox(p.buttons[0], p.buttons[1], p.buttons[2])
	right := container.NewHBox(p.buttons[3], p.buttons[4], p.buttons[5], p.editButton)
	p.nav = container.NewBorder(nil, nil, left, right, p.slider)
	return p.info, p.nav
}

// update shows the panel of the mode: the record's step, or the edited
// position.
func (p *gamePanel) update(c workspace.Change) {
	mode := p.u.ws.Mode()
	kind := mode.Kind()
	widgets.ShowIf(p.info, kind != workspace.KindLesson && kind != workspace.KindRace)
	widgets.ShowIf(p.nav, kind == workspace.KindRecord)
	widgets.ShowIf(p.back, kind == workspace.KindEdit)
	// The lesson and race panels say what a lesson and a race show.
	v, ok := p.u.ws.GameView()
	if !ok {
		return
	}
	widgets.SetLine(p.players, v.Players)
	p.details.SetText(v.Details)
	p.bannerText.SetText(v.Banner)
	widgets.ShowIf(p.banner, v.Banner != "")
	widgets.SetLine(p.warnings, v.Warnings)
	widgets.SetLine(p.comment, v.Comment)
	widgets.ShowIf(p.commentBox, v.Comment != "" || v.Banner != "" || v.Warnings != "")
	p.moveLine.SetText(v.Move)
	if v.Editing {
		widgets.SetImportance(p.moveLine, widget.HighImportance) // in the accent colour: not the record
	} else {
		widgets.SetImportance(p.moveLine, widget.MediumImportance)
	}
	p.position.SetText(v.Position)
	if r, ok := mode.(*workspace.RecordMode); ok {
		p.slider.Max = float64(max(1, r.Len()-1))
		p.slider.Set(float64(r.Index()))
		widgets.EnableIf(p.slider, r.Len() > 1)
		at, end := r.Index() == 0, r.Index() == r.Len()-1
		for i, b := range p.buttons {
			widgets.EnableIf(b, !((i < 3 && at) || (i >= 3 && end)))
		}
	}
}
