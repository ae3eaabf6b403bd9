package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"moyo/render"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// refPanel is the reference section and the split view: the kind of
// reference (workspace.Reference), its estimator and parameters or
// KataGo's visits, where its map stands, KataGo's own judgement (its lead
// and win rate) with the KataGo reference, and the measures of the
// estimate against it, which follow every run; and, side by side with the board,
// a second board showing the reference's map of the same position.
type refPanel struct {
	u   *App
	sec *widgets.Section

	kind, est, visits *widgets.KeySelect
	split             *widgets.KeyCheck
	params            *fyne.Container // the reference estimator's controls
	controls          []*paramControl
	note              *paramNote // what became of a value typed
	status, measures  *widget.Label
	kata              *widget.Label // KataGo's lead and win rate, with the KataGo reference

	board         *Board // the reference's board of the split view
	right         fyne.CanvasObject
	caption, left *widget.Label // over the reference's board and the estimate's
}

// refChanges are the changes the section and the second board show.
const refChanges = workspace.ChangeReference | workspace.ChangeResult | workspace.ChangeFinal | workspace.ChangeMode |
	workspace.ChangeOverlay | workspace.ChangeStep | workspace.ChangeRecord | workspace.ChangeEdit | workspace.ChangeLesson

// build makes the section's body: the kind, then the estimator or the
// visits, and Side by side on one row; the estimator's parameters; the
// status and the measures.
func (p *refPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	ws := u.ws
	ref := ws.Reference()
	p.kind = widgets.NewKeySelect(workspace.RefKindLabels(), func(label string) {
		ref.SetKind(workspace.RefKinds()[slices.Index(workspace.RefKindLabels(), label)])
	}, u.TypedKey)
	p.est = widgets.NewKeySelect(nil, func(name string) { u.sayErr(ref.SetEstimator(name)) }, u.TypedKey)
	p.visits = widgets.NewKeySelect(nil, func(label string) {
		if n, err := workspace.ParseVisits(label); err == nil {
			ref.SetVisits(n)
		}
	}, u.TypedKey)
	p.split = widgets.NewKeyCheck("Side by side", func(on bool) {
		o := ws.Overlay()
		o.Split = on
		ws.SetOverlay(o)
	}, u.TypedKey)
	// One control per parameter any estimator has, shown for the
	// reference's estimator, as the estimator section does.
	p.params = container.New(layout.NewFormLayout())
	p.note = newParamNote()
	p.controls = newParamControls(ref.Settings(), u.TypedKey, u.unfocus, p.note.say)
	for _, c := range p.controls {
		p.params.Add(c.label)
		p.params.Add(c.object)
	}
	p.status = widgets.Wrapped(widgets.Small("")) // an engine's error, read whole
	p.kata = widgets.Wrapped(widgets.Small(""))
	p.measures = widgets.Wrapped(widgets.Small(""))
	choosers := container.NewGridWithColumns(2, p.kind, container.NewStack(p.est, p.visits))
	return container.NewVBox(container.NewBorder(nil, nil, nil, p.split, choosers), p.params, p.note.label, p.status, p.kata, p.measures)
}

// buildBoards returns the board area: main and, in the split view, the
// reference's board beside it, each under a caption saying what it shows.
func (p *refPanel) buildBoards(main *Board) fyne.CanvasObject {
	p.board = NewBoard()
	p.board.OnHover = main.OnHover
	p.board.OnScroll = main.OnScroll
	p.caption, p.left = widgets.Small(""), widgets.Small("")
	p.caption.Truncation, p.left.Truncation = fyne.TextTruncateEllipsis, fyne.TextTruncateEllipsis
	p.right = container.NewBorder(p.caption, nil, nil, nil, p.board)
	return container.New(halves{p.caption}, container.NewBorder(p.left, nil, nil, nil, main), p.right)
}

// update shows the reference's settings, where its map stands, the
// measures and, in the split view, its board.
func (p *refPanel) update(c workspace.Change) {
	ws := p.u.ws
	ref := ws.Reference()
	kind := ref.Kind()
	p.kind.Set(workspace.RefKindLabels()[kind])
	// The estimators or KataGo's visits beside the kind, whichever the
	// kind reads.
	widgets.ShowIf(p.est, kind == workspace.RefEstimator)
	widgets.ShowIf(p.visits, kind == workspace.RefKataGo)
	p.est.SetOptions(ref.EstimatorNames())
	p.est.Set(ref.Settings().Estimator().Info().Name)
	p.visits.SetOptions(ref.VisitChoices())
	p.visits.Set(workspace.VisitsLabel(ref.Visits()))
	widgets.ShowIf(p.params, ref.UsesParams())
	if ref.UsesParams() {
		showParamControls(p.controls, ref.Settings())
	}
	v := ws.RefView()
	p.status.SetText(v.Status)
	widgets.SetLine(p.kata, v.KataGo)
	p.measures.SetText(v.Measures)
	if p.sec != nil {
		p.sec.SetSummary(v.Summary)
	}
	if c&workspace.ChangeOverlay != 0 {
		split := ws.Overlay().Split
		p.split.Set(split)
		widgets.ShowIf(p.right, split)
		widgets.ShowIf(p.left, split)
		aspect := float32(1)
		if split {
			aspect = 2
		}
		p.u.setBoardAspect(aspect)
	}
	p.showBoard()
}

// showBoard draws the reference's map on the second board, with the
// overlay's style, while the split view is on.
func (p *refPanel) showBoard() {
	ws := p.u.ws
	if !ws.Overlay().Split {
		return
	}
	p.left.SetText(ws.ValuesName())
	p.caption.SetText(ws.Reference().Status())
	pos := ws.Position()
	if pos == nil {
		p.board.Set(nil, nil, render.Options{})
		return
	}
	o := ws.Overlay()
	opt := render.Options{Overlay: o.Style, Numbers: o.Numbers, LastMove: p.u.board.opt.LastMove}
	p.board.Set(pos, ws.RefValues(), opt)
}

// halves lays out the estimate's board and, while it is visible, the
// reference's side by side, each half the width and no taller than a
// square board under its caption, centred in the height; otherwise the
// first alone. Its least size is one board's, so that the split view
// never makes the window larger: in a small window both boards shrink
// below their least size (at 1024×640, to about 280 units each).
type halves struct{ caption fyne.CanvasObject }

func (l halves) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if !objs[1].Visible() {
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(size)
		return
	}
	w := size.Width / 2
	h := min(size.Height, w+l.caption.MinSize().Height)
	y := (size.Height - h) / 2
	objs[0].Move(fyne.NewPos(0, y))
	objs[0].Resize(fyne.NewSize(w, h))
	objs[1].Move(fyne.NewPos(w, y))
	objs[1].Resize(fyne.NewSize(size.Width-w, h))
}

func (l halves) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	return objs[0].MinSize()
}
