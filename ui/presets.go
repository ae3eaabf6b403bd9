package ui

import (
	"encoding/json"
	"errors"
	"fmt"

	"moyo/estimators"
	"moyo/preset"
)

// Keys of the preset settings a Model stores, + estimator name.
const (
	keyPreset = "preset/" // the name of the preset last applied
	keyModel  = "model/"  // bp: the Boltzmann5 model of that preset, JSON
)

// DefaultsPreset is the preset selector's entry for the SPEC defaults.
const DefaultsPreset = "SPEC defaults"

// loadPresetState restores, for estimator e, the name of the preset last
// applied and its model; a stored model that no longer validates is
// dropped, leaving the seed's.
func (m *Model) loadPresetState(e estimators.Estimator) {
	name := e.Info().Name
	m.presetNames[name] = m.load(keyPreset + name)
	if s := m.load(keyModel + name); s != "" && name == "bp" {
		var b estimators.Boltzmann5
		if json.Unmarshal([]byte(s), &b) == nil && b.Validate() == nil {
			m.models[name] = b
		}
	}
}

// runEstimator returns the estimator runs use: the chosen one, or for bp
// with a preset's model, BP with that model.
func (m *Model) runEstimator() estimators.Estimator {
	if b, ok := m.models[m.est.Info().Name]; ok {
		return estimators.BPWith(b)
	}
	return m.est
}

// Presets returns the saved presets of the chosen estimator, sorted by
// name, and an error naming the preset files that could not be read.
func (m *Model) Presets() ([]preset.Preset, error) {
	if m.presetDir == "" {
		return nil, nil
	}
	ps, errs := preset.List(m.presetDir)
	return preset.For(ps, m.est.Info().Name), errors.Join(errs...)
}

// Preset returns the name of the preset last applied to the chosen
// estimator, or "" when it runs with the SPEC defaults or values never
// saved as a preset.
func (m *Model) Preset() string { return m.presetNames[m.est.Info().Name] }

// BPModel returns the Boltzmann5 model runs of the chosen estimator use in
// place of the seed's, from a preset, and whether there is one.
func (m *Model) BPModel() (estimators.Boltzmann5, bool) {
	b, ok := m.models[m.est.Info().Name]
	return b, ok
}

// ApplyPreset gives the chosen estimator the parameters of its preset
// called name, and for bp the preset's model; DefaultsPreset restores the
// SPEC defaults and the seed's model, as ResetParams does. A preset of
// another estimator is an error.
func (m *Model) ApplyPreset(name string) error {
	if name == DefaultsPreset {
		m.ResetParams()
		return nil
	}
	if m.presetDir == "" {
		return errors.New("no preset directory")
	}
	p, err := preset.Load(m.presetDir, name)
	if err != nil {
		return err
	}
	est := m.est.Info().Name
	if p.Estimator != est {
		return fmt.Errorf("preset %q is for %s, not %s", name, p.Estimator, est)
	}
	if _, err := p.Resolve(); err != nil {
		return err
	}
	m.setPresetState(name, p.Model)
	// setParams runs only when the parameters change; a model alone must
	// run too.
	if p.Params == m.Params() {
		m.changed(ChangeParams)
		return nil
	}
	m.setParams(p.Params)
	return nil
}

// setPresetState records name as the chosen estimator's preset, with
// model b in place of the seed's (nil: the seed's), and stores both.
func (m *Model) setPresetState(name string, b *estimators.Boltzmann5) {
	est := m.est.Info().Name
	m.presetNames[est] = name
	m.save(keyPreset+est, name)
	if b == nil {
		delete(m.models, est)
		m.save(keyModel+est, "")
		return
	}
	m.models[est] = *b
	if data, err := json.Marshal(b); err == nil {
		m.save(keyModel+est, string(data))
	}
}
