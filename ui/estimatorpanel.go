package ui

import (
	"net/url"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/estimators"
	"moyo/ui/widgets"
	"moyo/workspace"
)

// estimatorPanel chooses the estimator and a preset, and sets every
// parameter: one control per parameter any estimator has, built from the
// estimators' parameter lists (workspace.ParamControls), shown for the
// parameters the chosen estimator has, and greyed out where it does not
// read one with its other settings (damping under exact inference).
type estimatorPanel struct {
	u       *App
	chooser *widgets.KeySelect
	// presets offers the chosen estimator's presets and the
	// defaults; presetErr says which preset files could not be read.
	presets   *widgets.KeySelect
	presetErr *widget.Label
	// title describes the estimator, and paper or, without a link,
	// source cites the text it follows; the three wrap rather than cut.
	title    *widget.Label
	paper    *widget.Hyperlink
	source   *widget.Label
	about    *fyne.Container // the three
	controls []*paramControl
	reset    *widget.Button
	// choiceHint says what the choices made do, in plain words (mode
	// alive or judged); note what became of a value typed.
	choiceHint *widget.Label
	note       *paramNote
}

// estimatorChanges are the changes the panel shows.
const estimatorChanges = workspace.ChangeEstimator | workspace.ChangeParams | workspace.ChangeMode

// build makes the chooser, the presets and a control per parameter of
// the estimators offered, in the order ParamControls gives.
func (p *estimatorPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	s := u.ws.Settings()
	p.chooser = widgets.NewKeySelect(nil, func(name string) { s.SetEstimator(name) }, u.TypedKey)
	p.reset = widget.NewButtonWithIcon("Defaults", theme.HistoryIcon(), s.ResetParams)
	p.presets = widgets.NewKeySelect(nil, func(name string) {
		if err := s.ApplyPreset(name); err != nil {
			u.showError("Cannot apply the preset", err)
		}
	}, u.TypedKey)
	p.presets.PlaceHolder = "(custom)"
	p.presetErr = widgets.Wrapped(widgets.Small(""))
	p.presetErr.Importance = widget.DangerImportance
	p.presetErr.Hide()
	p.title = widgets.Wrapped(widgets.Small(""))
	p.paper = widget.NewHyperlink("", nil)
	p.paper.SizeName = theme.SizeNameCaptionText
	p.paper.Wrapping = fyne.TextWrapWord
	p.source = widgets.Wrapped(widgets.Small(""))

	// Sliders go in a form, one per row; choices two to a row, since
	// their lists are short.
	form := container.New(layout.NewFormLayout())
	choices := container.NewGridWithColumns(2)
	p.note = newParamNote()
	p.controls = newParamControls(s, u.TypedKey, u.unfocus, p.note.say)
	for _, c := range p.controls {
		if c.choice != nil {
			row := container.NewBorder(nil, nil, c.label, nil, c.object)
			c.row = []fyne.CanvasObject{row}
			choices.Add(row)
			continue
		}
		form.Add(c.label)
		form.Add(c.object)
	}
	// The presets share the estimator's row: a row more would take
	// height from the board.
	chooser := container.NewGridWithColumns(2, p.chooser, p.presets)
	top := container.NewBorder(nil, nil, nil, p.reset, chooser)
	p.about = container.NewVBox(p.title, p.paper, p.source)
	p.choiceHint = widgets.Wrapped(widgets.Small(""))
	return container.NewVBox(top, p.about, p.presetErr, choices, p.choiceHint, form, p.note.label)
}

// update shows the estimator chosen, its presets and its parameters.
func (p *estimatorPanel) update(c workspace.Change) {
	if c&workspace.ChangeMode != 0 {
		// The estimator's description gives its room to a lesson's
		// explanation.
		widgets.ShowIf(p.about, p.u.ws.Mode().Kind() != workspace.KindLesson)
	}
	if c&workspace.ChangeEstimator != 0 {
		p.listPresets()
		p.note.say("", nil) // of the estimator before
	}
	if c&(workspace.ChangeEstimator|workspace.ChangeParams) != 0 {
		p.showParams()
	}
}

// showParams sets the estimator chooser, the preset shown and every
// parameter control.
func (p *estimatorPanel) showParams() {
	s := p.u.ws.Settings()
	info := s.Estimator().Info()
	p.chooser.SetOptions(s.Names())
	p.chooser.Set(info.Name)
	title, after, link := workspace.DescribeEstimator(info)
	p.title.SetText(title)
	// The text it follows, as a link where it can be read.
	u, _ := url.Parse(link)
	if link != "" && u != nil {
		p.paper.SetText(after)
		p.paper.SetURL(u)
	} else {
		p.source.SetText(after)
	}
	widgets.ShowIf(p.paper, link != "" && u != nil)
	widgets.ShowIf(p.source, link == "" || u == nil)
	showParamControls(p.controls, s)
	widgets.SetLine(p.choiceHint, choiceHints(p.controls, s))
	widgets.EnableIf(p.reset, !s.Params().Equal(info.Defaults()))
	p.presets.Set(s.PresetShown())
}

// listPresets fills the preset selector with the chosen estimator's
// presets and names the files that could not be read.
func (p *estimatorPanel) listPresets() {
	opts, err := p.u.ws.Settings().PresetChoices()
	p.presets.SetOptions(opts)
	if err != nil {
		p.presetErr.SetText(err.Error())
	}
	widgets.ShowIf(p.presetErr, err != nil)
}

// choiceHints returns what the choices shown in cs do, as the chosen
// estimator in s explains them (estimators.ParamSpec.ChoiceDocs), a line
// each: "mode judged: each stone counts as alive as …".
func choiceHints(cs []*paramControl, s *workspace.Settings) string {
	var lines []string
	for _, c := range cs {
		spec, has := s.Spec(c.spec.Name)
		if c.choice == nil || !has {
			continue
		}
		v := s.Params().Text(c.spec.Name)
		if doc := spec.ChoiceDocs[v]; doc != "" {
			lines = append(lines, spec.DisplayName()+" "+v+": "+doc)
		}
	}
	return strings.Join(lines, "\n")
}

// paramNote is the line under a panel's parameter controls that says what
// became of a value typed in a slider's box: brought into the slider's
// range, or refused and why.
type paramNote struct{ label *widget.Label }

func newParamNote() *paramNote {
	l := widgets.Wrapped(widgets.Small(""))
	l.Hide()
	return &paramNote{label: l}
}

// say shows err, in red, or else note; neither hides the line.
func (n *paramNote) say(note string, err error) {
	imp := widget.MediumImportance
	if err != nil {
		note, imp = err.Error(), widget.DangerImportance
	}
	widgets.SetImportance(n.label, imp)
	widgets.SetLine(n.label, note)
}

// paramControl is the control of one parameter: a slider with a box that
// shows its value and takes one typed, or a drop-down list of choices. It is hidden when the chosen estimator
// has no such parameter, which leaves the board's height to a small
// window, and greyed out, not hidden, when the estimator has it but does
// not read it with its other settings, so that the panel does not jump as
// they change.
type paramControl struct {
	spec   estimators.ParamSpec // range of the first estimator that has it
	label  *widget.Label
	slider *widgets.KeySlider
	entry  *widgets.ValueEntry
	choice *widgets.KeySelect
	object fyne.CanvasObject
	row    []fyne.CanvasObject // what shows and hides the control in its panel
}

// newParamControls makes a control per parameter any of the estimators
// s offers has, in the order ParamControls gives; the user's changes go
// to s, and noted hears what became of a value typed (paramNote.say).
// The controls hand the keys they do not take to typed; unfocus gives
// them back to the app after a value is typed.
func newParamControls(s *workspace.Settings, typed func(*fyne.KeyEvent), unfocus func(), noted func(string, error)) []*paramControl {
	var cs []*paramControl
	for _, spec := range workspace.ParamControls(s.Estimators()) {
		c := &paramControl{spec: spec, label: widget.NewLabel(spec.DisplayName())}
		if spec.Kind == estimators.Choice {
			c.choice = widgets.NewKeySelect(spec.Choices, func(v string) { s.SetChoice(spec.Name, v) }, typed)
			c.object = c.choice
		} else {
			c.slider = widgets.NewKeySlider(0, workspace.SliderSteps, typed)
			c.slider.OnChanged = func(pos float64) {
				if spec, ok := s.Spec(spec.Name); ok {
					s.SetParam(spec.Name, workspace.FromSlider(spec, pos))
				}
			}
			c.entry = widgets.NewValueEntry(unfocus)
			c.entry.OnSubmit = func(text string) { noted(s.EnterParam(spec.Name, text)) }
			// The value column is as wide as its widest value and the
			// box's border, so the slider does not jump as the value
			// changes.
			width := widgets.FixedWidth(widget.NewLabel("0.0001").MinSize().Width + 2*theme.InputBorderSize() + 2*theme.Padding())
			c.object = container.NewBorder(nil, nil, nil, container.New(width, c.entry), c.slider)
		}
		c.row = []fyne.CanvasObject{c.label, c.object}
		cs = append(cs, c)
	}
	return cs
}

// showParamControls sets cs to the parameters of the estimator chosen in
// s. A parameter the estimator has but does not read with its other
// settings (damping under exact inference) keeps its value, greyed out;
// one it does not have is hidden.
func showParamControls(cs []*paramControl, s *workspace.Settings) {
	for _, c := range cs {
		spec, has := s.Spec(c.spec.Name)
		used := has && s.Uses(c.spec.Name)
		if !has {
			spec = c.spec
		}
		for _, o := range c.row {
			widgets.ShowIf(o, has)
		}
		if used {
			widgets.SetImportance(c.label, widget.MediumImportance)
		} else {
			widgets.SetImportance(c.label, widget.LowImportance)
		}
		if c.choice != nil {
			c.choice.Options = spec.Choices
			if has {
				c.choice.Set(s.Params().Text(c.spec.Name))
			} else {
				c.choice.Set("")
			}
			widgets.EnableIf(c.choice, used)
			continue
		}
		if has {
			v := s.Params().Num(c.spec.Name)
			c.slider.Set(workspace.ToSlider(spec, v))
			c.entry.Set(workspace.FormatParam(spec, v))
		} else {
			c.entry.Set("—")
		}
		widgets.EnableIf(c.slider, used)
		widgets.EnableIf(c.entry, used)
	}
}
