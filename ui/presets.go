package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"moyo/assets"
	"moyo/estimators"
	"moyo/preset"
)

// Keys of the preset settings a Model stores, + estimator name.
const (
	keyPreset = "preset/" // the name of the preset last applied
	// keyModel held, before the Boltzmann5 model became parameters of bp,
	// the model of the preset last applied; loadParams moves it into the
	// parameters.
	keyModel = "model/"
)

// DefaultsPreset is the preset selector's entry for the SPEC defaults.
const DefaultsPreset = "SPEC defaults"

// loadPresetState restores, for estimator e, the name of the preset last
// applied.
func (m *Model) loadPresetState(e estimators.Estimator) {
	name := e.Info().Name
	m.presetNames[name] = m.load(keyPreset + name)
}

// Presets returns the presets of the chosen estimator: first those moyo
// ships, sorted by name, then the user's saved ones, sorted by name, and
// an error naming the preset files that could not be read. A user's preset
// of a shipped one's name takes its place, so that 'moyo fit --save' can
// replace a shipped preset without the selector offering the name twice.
func (m *Model) Presets() ([]preset.Preset, error) {
	est := m.est.Info().Name
	bundled, errs := bundledPresets(est, m.ests)
	var user []preset.Preset
	if m.presetDir != "" {
		ps, uerrs := preset.List(m.presetDir, m.ests)
		user = preset.For(ps, est)
		errs = append(errs, uerrs...)
	}
	var rest []preset.Preset
	for _, u := range user {
		i := slices.IndexFunc(bundled, func(b preset.Preset) bool { return b.Name == u.Name })
		if i < 0 {
			rest = append(rest, u)
			continue
		}
		bundled[i] = u
	}
	return append(bundled, rest...), errors.Join(errs...)
}

// bundledPresets returns the presets moyo ships for the estimator called
// est, one of ests, sorted by name, and an error for each that could not
// be read.
func bundledPresets(est string, ests []estimators.Estimator) ([]preset.Preset, []error) {
	fsys, err := bundledFS(est)
	if err != nil {
		return nil, []error{err}
	}
	ps, errs := preset.ListFS(fsys, ests)
	for i, err := range errs {
		errs[i] = fmt.Errorf("shipped presets of %s: %w", est, err)
	}
	return preset.For(ps, est), errs
}

// bundledFS returns the folder of the presets moyo ships for the
// estimator called est (package assets); it need not exist.
func bundledFS(est string) (fs.FS, error) {
	fsys, err := fs.Sub(assets.Presets(), est)
	if err != nil {
		return nil, fmt.Errorf("shipped presets of %s: %w", est, err)
	}
	return fsys, nil
}

// Preset returns the name of the preset last applied to the chosen
// estimator, or "" when it runs with the SPEC defaults or values never
// saved as a preset.
func (m *Model) Preset() string { return m.presetNames[m.est.Info().Name] }

// ApplyPreset gives the chosen estimator the parameters of its preset
// called name, the user's or else the one moyo ships (for bp with the
// preset's model); DefaultsPreset restores the SPEC defaults, as
// ResetParams does. A preset of another estimator is an error.
func (m *Model) ApplyPreset(name string) error {
	if name == DefaultsPreset {
		m.ResetParams()
		return nil
	}
	p, err := m.findPreset(name)
	if err != nil {
		return err
	}
	est := m.est.Info().Name
	if p.Estimator != est {
		return fmt.Errorf("preset %q is for %s, not %s", name, p.Estimator, est)
	}
	m.setPresetState(name)
	if p.Params.Equal(m.Params()) {
		m.changed(ChangeParams) // the preset's name is shown
		return nil
	}
	m.setParams(p.Params)
	return nil
}

// findPreset returns the preset called name as Presets offers it for the
// chosen estimator: the user's if it loads and is for that estimator, else
// the shipped one. Without either it returns what the user's directory
// had, perhaps a preset of another estimator, for ApplyPreset to report.
func (m *Model) findPreset(name string) (preset.Preset, error) {
	est := m.est.Info().Name
	var user preset.Preset
	uerr := fmt.Errorf("preset %q: not shipped, and no preset directory", name)
	if m.presetDir != "" {
		user, uerr = preset.Load(m.presetDir, name, m.ests)
		if uerr == nil && user.Estimator == est {
			return user, nil
		}
	}
	fsys, err := bundledFS(est)
	if err != nil {
		return preset.Preset{}, err
	}
	p, err := preset.LoadFS(fsys, name, m.ests)
	switch {
	case err == nil:
		return p, nil
	case !errors.Is(err, fs.ErrNotExist):
		// A shipped preset that does not load is a bug of the build;
		// say so rather than blame the user's directory.
		return preset.Preset{}, fmt.Errorf("shipped presets of %s: %w", est, err)
	}
	return user, uerr
}

// setPresetState records name as the chosen estimator's preset, and
// stores it.
func (m *Model) setPresetState(name string) {
	est := m.est.Info().Name
	m.presetNames[est] = name
	m.save(keyPreset+est, name)
}
