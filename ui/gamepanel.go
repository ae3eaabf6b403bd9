package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/board"
	"moyo/game"
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
	slider           *keySlider
	editButton       *widget.Button
}

// gameChanges are the changes the panel shows.
const gameChanges = workspace.ChangeRecord | workspace.ChangeStep | workspace.ChangeMode | workspace.ChangeEdit

// build makes the game's information and the move controls, which the
// app places apart.
func (p *gamePanel) build(u *App) (info, nav fyne.CanvasObject) {
	p.u = u
	ws, r := u.ws, u.ws.Record()
	p.players = heading("")
	p.players.Truncation = fyne.TextTruncateEllipsis
	p.details = small("")
	p.details.Truncation = fyne.TextTruncateEllipsis
	p.bannerText = small("")
	p.bannerText.Importance = widget.DangerImportance
	p.bannerText.Wrapping = fyne.TextWrapWord
	p.banner = container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, p.bannerText)
	p.banner.Hide()
	p.moveLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.position = small("")
	p.position.Truncation = fyne.TextTruncateEllipsis
	p.comment = small("")
	p.comment.Wrapping = fyne.TextWrapWord
	// The error, the warnings and the comment share one small scrolling
	// box, shown when one has something to say: the panel has no height
	// to spare.
	p.warnings = small("")
	p.warnings.Importance = widget.WarningImportance
	p.warnings.Wrapping = fyne.TextWrapWord
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
	p.slider = newKeySlider(0, 1, u.TypedKey)
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
	showIf(p.info, kind != workspace.KindLesson && kind != workspace.KindRace)
	showIf(p.nav, kind == workspace.KindRecord)
	showIf(p.back, kind == workspace.KindEdit)
	switch mode := mode.(type) {
	case *workspace.Record:
		if mode.Record() != nil {
			p.showPlayers()
			p.showRecord(mode)
		}
	case *workspace.Edit:
		// The players played the record, not the edited position.
		p.players.Hide()
		p.showEdit(mode)
	}
	// The lesson panel says what a lesson shows.
}

// showPlayers names the players of the record: "Black Gu Li P9p  ·
// White Master 9p". A player the record does not name is left out, and
// the line with both: the title names the file then.
func (p *gamePanel) showPlayers() {
	var in game.Info
	if rec := p.u.ws.Record().Record(); rec != nil {
		in = rec.Info
	}
	var parts []string
	for _, pl := range []struct{ colour, name, rank string }{
		{"Black", in.Black, in.BlackRank}, {"White", in.White, in.WhiteRank},
	} {
		if strings.TrimSpace(pl.name) == "" {
			continue
		}
		s := pl.colour + " " + pl.name
		if pl.rank != "" {
			s += " " + pl.rank
		}
		parts = append(parts, s)
	}
	p.players.SetText(strings.Join(parts, "  ·  "))
	showIf(p.players, len(parts) > 0)
}

// showRecord fills the panel and the move controls from the step shown.
func (p *gamePanel) showRecord(r *workspace.Record) {
	in := r.Record().Info
	step, _ := r.Current()
	pos := step.Position
	var details []string
	for _, s := range []string{in.Date, in.Event, in.Name} {
		if s != "" {
			details = append(details, s)
		}
	}
	if in.Result != "" {
		details = append(details, "result "+in.Result)
	}
	details = append(details, "komi "+strconv.FormatFloat(in.Komi, 'f', -1, 64), fmt.Sprintf("%d×%d", in.Size, in.Size))
	if in.Handicap > 0 {
		details = append(details, fmt.Sprintf("handicap %d", in.Handicap))
	}
	p.details.SetText(strings.Join(details, " · "))

	recErr := r.RecordError()
	if recErr != nil {
		p.bannerText.SetText(recErr.Error() + ": the moves before it can be viewed.")
	}
	showIf(p.banner, recErr != nil)
	// The record's warnings, as 'moyo analyze' prints them.
	var warnings []string
	for _, w := range r.Warnings() {
		warnings = append(warnings, "warning: "+w.Error())
	}
	p.warnings.SetText(strings.Join(warnings, "\n"))
	showIf(p.warnings, len(warnings) > 0)

	last := "start"
	if mv := step.Move; mv != nil {
		if mv.Pass {
			last = mv.Color.String() + " pass"
		} else {
			last = mv.Color.String() + " " + mv.Point.Label(pos.Size())
		}
	}
	setImportance(p.moveLine, widget.MediumImportance)
	p.moveLine.SetText(fmt.Sprintf("Move %d of %d · %s · %s to move", step.Number, r.Record().Moves(), last, colourName(pos.ToMove())))
	parts := []string{fmt.Sprintf("captures B %d, W %d", pos.Captures(board.Black), pos.Captures(board.White))}
	if i, n := r.Variation(); n > 1 {
		parts = append(parts, fmt.Sprintf("variation %d/%d ↑↓", i, n))
	}
	if k := r.Continuations(); k > 1 {
		parts = append(parts, fmt.Sprintf("%d variations next", k))
	}
	p.position.SetText(strings.Join(parts, "  ·  "))
	comment := strings.TrimSpace(step.Comment())
	p.comment.SetText(comment)
	showIf(p.comment, comment != "")
	showIf(p.commentBox, comment != "" || recErr != nil || len(warnings) > 0)

	p.slider.Max = float64(max(1, r.Len()-1))
	p.slider.Set(float64(r.Index()))
	enableIf(p.slider, r.Len() > 1)
	at, end := r.Index() == 0, r.Index() == r.Len()-1
	for i, b := range p.buttons {
		enableIf(b, !((i < 3 && at) || (i >= 3 && end)))
	}
}

// showEdit fills the panel in edit mode: the side to move, the stones,
// the komi and the size of the edited position, and where it branched
// from.
func (p *gamePanel) showEdit(e *workspace.Edit) {
	pos := e.Position()
	from := "a new position"
	if n, ok := e.BranchedFrom(); ok {
		from = fmt.Sprintf("branched from move %d", n)
	}
	p.moveLine.SetText("Editing — " + from)
	setImportance(p.moveLine, widget.HighImportance) // in the accent colour: not the record
	p.position.SetText("")
	var black, white int
	for i := range pos.Len() {
		switch pos.Cell(i) {
		case board.Black:
			black++
		case board.White:
			white++
		}
	}
	// The date, event and result are the record's, not the edited
	// position's; what the position is takes their line.
	p.details.SetText(fmt.Sprintf("%s to move · stones B %d, W %d · komi %s · %d×%d", colourName(pos.ToMove()), black, white,
		strconv.FormatFloat(e.Komi(), 'f', -1, 64), pos.Size(), pos.Size()))
	// The record's error and comment are of the record, not of the edit.
	p.commentBox.Hide()
}

// setImportance gives l the importance imp, refreshing it only if that
// changes it.
func setImportance(l *widget.Label, imp widget.Importance) {
	if l.Importance != imp {
		l.Importance = imp
		l.Refresh()
	}
}

// colourName names the side of colour c: "Black" or "White".
func colourName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
