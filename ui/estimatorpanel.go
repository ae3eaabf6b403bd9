package ui

import (
	"net/url"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"moyo/estimators"
	"moyo/workspace"
)

// estimatorPanel chooses the estimator and a preset, and sets every
// parameter: one control per parameter any estimator has, built from the
// estimators' parameter lists (workspace.ParamControls), shown for the
// parameters the chosen estimator has, and greyed out where it does not
// read one with its other settings (damping under exact inference).
type estimatorPanel struct {
	u       *App
	chooser *keySelect
	// presets offers the chosen estimator's presets and the SPEC
	// defaults; presetErr says which preset files could not be read.
	presets   *keySelect
	presetErr *widget.Label
	// title describes the estimator, and paper or, without a link,
	// source cites the text it follows; the three wrap rather than cut.
	title    *widget.Label
	paper    *widget.Hyperlink
	source   *widget.Label
	about    *fyne.Container // the three
	controls []*paramControl
	reset    *widget.Button
}

// estimatorChanges are the changes the panel shows.
const estimatorChanges = workspace.ChangeEstimator | workspace.ChangeParams | workspace.ChangeMode

// build makes the chooser, the presets and a control per parameter of
// the estimators offered, in the order ParamControls gives.
func (p *estimatorPanel) build(u *App) fyne.CanvasObject {
	p.u = u
	s := u.ws.Settings()
	p.chooser = newKeySelect(nil, func(name string) { s.SetEstimator(name) }, u.TypedKey)
	p.reset = widget.NewButtonWithIcon("Defaults", theme.HistoryIcon(), s.ResetParams)
	p.presets = newKeySelect(nil, func(name string) {
		if err := s.ApplyPreset(name); err != nil {
			dialog.ShowError(err, u.win)
		}
	}, u.TypedKey)
	p.presets.PlaceHolder = "(custom)"
	p.presetErr = small("")
	p.presetErr.Importance = widget.DangerImportance
	p.presetErr.Wrapping = fyne.TextWrapWord
	p.presetErr.Hide()
	p.title = small("")
	p.title.Wrapping = fyne.TextWrapWord
	p.paper = widget.NewHyperlink("", nil)
	p.paper.SizeName = theme.SizeNameCaptionText
	p.paper.Wrapping = fyne.TextWrapWord
	p.source = small("")
	p.source.Wrapping = fyne.TextWrapWord

	// Sliders go in a form, one per row; choices two to a row, since
	// their lists are short.
	form := container.New(layout.NewFormLayout())
	choices := container.NewGridWithColumns(2)
	for _, spec := range workspace.ParamControls(s.Estimators()) {
		c := newParamControl(spec, u.TypedKey,
			func(pos float64) {
				if spec, ok := s.Spec(spec.Name); ok {
					s.SetParam(spec.Name, workspace.FromSlider(spec, pos))
				}
			},
			func(v string) { s.SetChoice(spec.Name, v) })
		p.controls = append(p.controls, c)
		if c.choice != nil {
			row := container.NewBorder(nil, nil, c.label, nil, c.object)
			c.row = []fyne.CanvasObject{row}
			choices.Add(row)
			continue
		}
		c.row = []fyne.CanvasObject{c.label, c.object}
		form.Add(c.label)
		form.Add(c.object)
	}
	// The presets share the estimator's row: a row more would take
	// height from the board.
	chooser := container.NewGridWithColumns(2, p.chooser, p.presets)
	top := container.NewBorder(nil, nil, nil, p.reset, chooser)
	p.about = container.NewVBox(p.title, p.paper, p.source)
	return container.NewVBox(top, p.about, p.presetErr, choices, form)
}

// control returns the control of parameter name, or nil.
func (p *estimatorPanel) control(name string) *paramControl {
	for _, c := range p.controls {
		if c.spec.Name == name {
			return c
		}
	}
	return nil
}

// update shows the estimator chosen, its presets and its parameters.
func (p *estimatorPanel) update(c workspace.Change) {
	if c&workspace.ChangeMode != 0 {
		// The estimator's description gives its room to a lesson's
		// explanation.
		showIf(p.about, p.u.ws.Mode().Kind() != workspace.KindLesson)
	}
	if c&workspace.ChangeEstimator != 0 {
		p.listPresets()
	}
	if c&(workspace.ChangeEstimator|workspace.ChangeParams) != 0 {
		p.showParams()
	}
}

// showParams sets the estimator chooser and every parameter control.
func (p *estimatorPanel) showParams() {
	s := p.u.ws.Settings()
	info := s.Estimator().Info()
	var names []string
	for _, e := range s.Estimators() {
		names = append(names, e.Info().Name)
	}
	if !slices.Equal(names, p.chooser.Options) {
		p.chooser.SetOptions(names)
	}
	p.chooser.Set(info.Name)
	p.showAbout(info)
	params := s.Params()
	for _, c := range p.controls {
		spec, has := s.Spec(c.spec.Name)
		c.show(spec, has, has && s.Uses(c.spec.Name), params)
	}
	enableIf(p.reset, !params.Equal(info.Defaults()))
	switch {
	case s.Preset() != "":
		p.presets.Set(s.Preset())
	case params.Equal(info.Defaults()):
		p.presets.Set(workspace.DefaultsPreset)
	default:
		p.presets.Set("")
	}
}

// showAbout describes the estimator and cites the text it follows, as a
// link where the text can be read; an engine, which follows none, says
// what it runs.
func (p *estimatorPanel) showAbout(info estimators.Info) {
	p.title.SetText(info.Title)
	cite := info.Paper.Cite()
	var link *url.URL
	if info.Paper.URL != "" {
		link, _ = url.Parse(info.Paper.URL)
	}
	if cite == "" {
		cite = info.Source
	}
	if link != nil {
		p.paper.SetText("After " + cite)
		p.paper.SetURL(link)
	} else {
		p.source.SetText("After " + cite)
	}
	showIf(p.paper, link != nil)
	showIf(p.source, link == nil)
}

// listPresets fills the preset selector with the chosen estimator's
// presets, the shipped ones and the user's read again from their
// directory, and names the files that could not be read.
func (p *estimatorPanel) listPresets() {
	ps, err := p.u.ws.Settings().Presets()
	opts := []string{workspace.DefaultsPreset}
	for _, x := range ps {
		opts = append(opts, x.Name)
	}
	p.presets.SetOptions(opts)
	if err != nil {
		p.presetErr.SetText(err.Error())
	}
	showIf(p.presetErr, err != nil)
}

// paramControl is the control of one parameter: a slider with its value,
// or a drop-down list of choices. It is hidden when the chosen estimator
// has no such parameter, which leaves the board's height to a small
// window, and greyed out, not hidden, when the estimator has it but does
// not read it with its other settings, so that the panel does not jump as
// they change.
type paramControl struct {
	spec   estimators.ParamSpec // range of the first estimator that has it
	label  *widget.Label
	slider *keySlider
	value  *widget.Label
	choice *keySelect
	object fyne.CanvasObject
	row    []fyne.CanvasObject // what shows and hides the control in its panel
}

// newParamControl makes the control; set is called with the new slider
// position or choice when the user changes it.
func newParamControl(spec estimators.ParamSpec, typed func(*fyne.KeyEvent), setValue func(float64), setChoice func(string)) *paramControl {
	c := &paramControl{spec: spec, label: widget.NewLabel(spec.DisplayName())}
	if spec.Kind == estimators.Choice {
		c.choice = newKeySelect(spec.Choices, setChoice, typed)
		c.object = c.choice
		return c
	}
	c.slider = newKeySlider(0, workspace.SliderSteps, typed)
	c.slider.OnChanged = setValue
	c.value = widget.NewLabel("")
	c.value.Alignment = fyne.TextAlignTrailing
	// The value column is as wide as its widest value, so the slider
	// does not jump as the value changes.
	width := widget.NewLabel("0.0001")
	c.object = container.NewBorder(nil, nil, nil, container.NewStack(invisible(width), c.value), c.slider)
	return c
}

// showUsed greys the label of a parameter the chosen estimator does not read.
func (c *paramControl) showUsed(used bool) {
	imp := widget.MediumImportance
	if !used {
		imp = widget.LowImportance
	}
	if c.label.Importance != imp {
		c.label.Importance = imp
		c.label.Refresh()
	}
}

// invisible keeps o's size in a layout without drawing it.
func invisible(o fyne.CanvasObject) fyne.CanvasObject {
	o.Hide()
	return container.New(&minSizeOf{o}, o)
}

// minSizeOf is a layout that is as large as a hidden object would be.
type minSizeOf struct{ o fyne.CanvasObject }

func (l *minSizeOf) Layout([]fyne.CanvasObject, fyne.Size) {}

func (l *minSizeOf) MinSize([]fyne.CanvasObject) fyne.Size { return l.o.MinSize() }

// show sets the control to parameter spec of the chosen estimator, which
// has it if has and reads it if used, with its value in params. A
// parameter the estimator has but does not read with its other settings
// (damping under exact inference) keeps its value, greyed out; one it does
// not have is hidden.
func (c *paramControl) show(spec estimators.ParamSpec, has, used bool, params estimators.Params) {
	if !has {
		spec = c.spec
	}
	for _, o := range c.row {
		showIf(o, has)
	}
	c.showUsed(used)
	if c.choice != nil {
		c.choice.Options = spec.Choices
		if has {
			c.choice.Set(params.Text(c.spec.Name))
		} else {
			c.choice.Set("")
		}
		enableIf(c.choice, used)
		return
	}
	if has {
		v := params.Num(c.spec.Name)
		c.slider.Set(workspace.ToSlider(spec, v))
		c.value.SetText(workspace.FormatParam(spec, v))
	} else {
		c.value.SetText("—")
	}
	enableIf(c.slider, used)
}
