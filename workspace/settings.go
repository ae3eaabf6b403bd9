package workspace

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"moyo/estimators"
	"moyo/preset"
)

// Keys of the settings stored.
const (
	keyEstimator = "estimator"
	keyParams    = "params/" // + estimator name
	keyPreset    = "preset/" // + estimator name: the preset last applied
	// keyModel held, before the Boltzmann5 model became parameters of bp,
	// the model of the preset last applied; loadParams moves it into the
	// parameters.
	keyModel = "model/"
)

// Settings are the estimators offered, the one chosen, the parameters of
// each and the preset last applied to each, kept in a Store between
// sessions. A change that alters what is run asks the workspace for a new
// run.
type Settings struct {
	store   Store
	changed func(Change) // the workspace's: notify and run
	ests    []estimators.Estimator
	est     estimators.Estimator
	params  map[string]estimators.Params

	// presetDir holds the presets (package preset); "" offers none.
	// presetNames holds, per estimator name, the preset last applied.
	presetDir   string
	presetNames map[string]string

	// trial, while a lesson's Try buttons have replaced settings, is what
	// they replaced: the store keeps that, not the trial's, so that no
	// way out of the app, not even a crash, makes a lesson's settings the
	// next session's.
	trial *lessonTrial
}

// newSettings offers ests, which must not be empty, with what store keeps.
func newSettings(store Store, ests []estimators.Estimator, changed func(Change)) *Settings {
	s := &Settings{
		store:       store,
		changed:     changed,
		ests:        slices.Clone(ests),
		params:      map[string]estimators.Params{},
		presetNames: map[string]string{},
	}
	// Without a configuration directory the app runs, offering no presets.
	s.presetDir, _ = preset.Dir()
	for _, e := range s.ests {
		s.loadEstimator(e)
	}
	s.est = s.ests[0]
	if e, err := s.byName("symmetric"); err == nil {
		s.est = e // the estimator the docs and the CLI default to
	}
	if e, err := s.byName(load(store, keyEstimator)); err == nil {
		s.est = e
	}
	return s
}

// loadEstimator restores e's parameters and the name of its preset last
// applied.
func (s *Settings) loadEstimator(e estimators.Estimator) {
	name := e.Info().Name
	s.params[name] = s.loadParams(e)
	s.presetNames[name] = load(s.store, keyPreset+name)
}

// loadParams returns e's stored parameters over its defaults, or the
// defaults when what is stored does not pass e.Check. Settings stored by
// older versions are read too (Info.Decode), with, for bp, the model of
// the preset last applied, which they stored apart.
func (s *Settings) loadParams(e estimators.Estimator) estimators.Params {
	in := e.Info()
	p := in.Defaults()
	if text := load(s.store, keyParams+in.Name); text != "" {
		if q, err := in.Decode([]byte(text)); err == nil && e.Check(q) == nil {
			p = q
		}
	}
	if text := load(s.store, keyModel+in.Name); text != "" {
		if model, err := in.Decode([]byte(text)); err == nil {
			for _, spec := range in.Params {
				if v, ok := model.Get(spec.Name); ok && spec.Model {
					p = p.With(spec.Name, v)
				}
			}
		}
		if e.Check(p) != nil {
			p = in.Defaults()
		}
		save(s.store, keyModel+in.Name, "")
		s.storeParams(in.Name, p)
	}
	return p
}

// storeParams keeps p as the parameters of the estimator called name.
func (s *Settings) storeParams(name string, p estimators.Params) {
	if b, err := json.Marshal(p); err == nil {
		save(s.store, keyParams+name, string(b))
	}
}

// Estimators returns the estimators to choose from.
func (s *Settings) Estimators() []estimators.Estimator { return s.ests }

// Estimator returns the chosen estimator.
func (s *Settings) Estimator() estimators.Estimator { return s.est }

// byName returns the estimator offered called name.
func (s *Settings) byName(name string) (estimators.Estimator, error) {
	var names []string
	for _, e := range s.ests {
		if e.Info().Name == name {
			return e, nil
		}
		names = append(names, e.Info().Name)
	}
	return nil, fmt.Errorf("unknown estimator %q (valid: %s)", name, strings.Join(names, ", "))
}

// choose makes e the chosen estimator, stored, and returns the changes to
// report.
func (s *Settings) choose(e estimators.Estimator) Change {
	if e.Info().Name == s.est.Info().Name {
		return 0
	}
	s.est = e
	if s.trial == nil {
		save(s.store, keyEstimator, e.Info().Name)
	}
	return ChangeEstimator | ChangeParams
}

// put makes p the parameters of the estimator called name, stored, and
// returns the changes to report.
func (s *Settings) put(name string, p estimators.Params) Change {
	if s.params[name].Equal(p) {
		return 0
	}
	s.params[name] = p
	if !s.trial.tried(name) {
		s.storeParams(name, p)
	}
	return ChangeParams
}

// SetEstimator chooses the estimator called name, with the parameters it
// was last used with.
func (s *Settings) SetEstimator(name string) error {
	e, err := s.byName(name)
	if err != nil {
		return err
	}
	if e.Info().Name == s.est.Info().Name {
		return nil
	}
	s.changed(s.choose(e))
	return nil
}

// SetEstimators replaces the estimators to choose from, as when the
// reference engines are found or their paths change. Each keeps the
// parameters it had or has stored. The chosen estimator stays if it is
// still offered (the new value of it, which may hold another process);
// otherwise the one last chosen by the user if it is back, else symmetric,
// without forgetting the user's choice. It runs the estimate again.
func (s *Settings) SetEstimators(ests []estimators.Estimator) {
	if len(ests) == 0 {
		return
	}
	s.ests = slices.Clone(ests)
	for _, e := range s.ests {
		if _, ok := s.params[e.Info().Name]; !ok {
			s.loadEstimator(e)
		}
	}
	last := load(s.store, keyEstimator)
	if s.trial != nil {
		// The store keeps the user's choice, not the lesson's shown.
		last = s.est.Info().Name
	}
	next, err := s.byName(last)
	if err != nil {
		next, err = s.byName(s.est.Info().Name)
	}
	if err != nil {
		next, err = s.byName("symmetric")
	}
	if err != nil {
		next = s.ests[0]
	}
	s.est = next
	s.changed(ChangeEstimator | ChangeParams)
}

// Params returns the parameters of the chosen estimator.
func (s *Settings) Params() estimators.Params { return s.params[s.est.Info().Name] }

// Uses reports whether the chosen estimator reads parameter name with its
// current parameters: the controls of the others are disabled.
func (s *Settings) Uses(name string) bool { return s.est.Info().Reads(name, s.Params()) }

// Spec returns the chosen estimator's spec of parameter name.
func (s *Settings) Spec(name string) (estimators.ParamSpec, bool) {
	return s.est.Info().Spec(name)
}

// SetParam sets a numeric parameter of the chosen estimator, rounding a
// whole-number one. Values that the estimator would refuse and parameters
// it does not read are ignored.
func (s *Settings) SetParam(name string, v float64) {
	spec, ok := s.Spec(name)
	if !s.Uses(name) || !ok || spec.Kind == estimators.Choice {
		return
	}
	if spec.Kind == estimators.Integer {
		v = math.Round(v)
	}
	s.setParams(s.Params().WithNum(name, v))
}

// SetChoice sets a choice parameter (mode, cap) of the chosen estimator.
func (s *Settings) SetChoice(name, v string) {
	spec, ok := s.Spec(name)
	if !s.Uses(name) || !ok || spec.Kind != estimators.Choice {
		return
	}
	s.setParams(s.Params().WithText(name, v))
}

// ResetParams restores the chosen estimator's defaults, for bp with the
// paper's model.
func (s *Settings) ResetParams() {
	s.setPreset("")
	s.setParams(s.est.Info().Defaults())
}

// setParams gives the chosen estimator p, if it takes them.
func (s *Settings) setParams(p estimators.Params) {
	if p.Equal(s.Params()) || s.est.Check(p) != nil {
		return
	}
	s.changed(s.put(s.est.Info().Name, p))
}
