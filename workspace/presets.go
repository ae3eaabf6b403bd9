package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"moyo/assets"
	"moyo/estimators"
	"moyo/preset"
)

// DefaultsPreset is the preset selector's entry for moyo's defaults,
// which solve each estimator's equations to their fixed point.
const DefaultsPreset = "defaults"

// PublishedPreset returns the preset selector's entry for the settings
// of the paper the estimator follows, where they differ from moyo's
// defaults: "as published (Stern, Graepel & MacKay 2004)". It is "" where
// the defaults are the paper's.
func PublishedPreset(in estimators.Info) string {
	if in.Published.Len() == 0 {
		return ""
	}
	name := in.Paper.Short
	if name == "" {
		name = in.Paper.Cite()
	}
	return "as published (" + name + ")"
}

// Presets returns the presets of the chosen estimator: first those moyo
// ships, sorted by name, then the user's saved ones, sorted by name, and
// an error naming the preset files that could not be read. A user's preset
// of a shipped one's name takes its place, so that 'moyo fit --save' can
// replace a shipped preset without the selector offering the name twice.
func (s *Settings) Presets() ([]preset.Preset, error) {
	est := s.est.Info().Name
	bundled, errs := bundledPresets(est, s.ests)
	var user []preset.Preset
	if s.presetDir != "" {
		ps, uerrs := preset.List(s.presetDir, s.ests)
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
// estimator, or "" when it runs with the defaults, the published settings
// or values never saved as a preset.
func (s *Settings) Preset() string { return s.presetNames[s.est.Info().Name] }

// ApplyPreset gives the chosen estimator the parameters of its preset
// called name, the user's or else the one moyo ships (for bp with the
// preset's model); DefaultsPreset restores the defaults, as ResetParams
// does, and PublishedPreset gives the paper's settings. A preset of
// another estimator is an error.
func (s *Settings) ApplyPreset(name string) error {
	switch in := s.est.Info(); name {
	case DefaultsPreset:
		s.ResetParams()
		return nil
	case PublishedPreset(in):
		s.setPreset("")
		s.setParams(in.PublishedParams())
		return nil
	}
	p, err := s.findPreset(name)
	if err != nil {
		return err
	}
	est := s.est.Info().Name
	if p.Estimator != est {
		return fmt.Errorf("preset %q is for %s, not %s", name, p.Estimator, est)
	}
	s.setPreset(name)
	if p.Params.Equal(s.Params()) {
		s.changed(ChangeParams) // the preset's name is shown
		return nil
	}
	s.setParams(p.Params)
	return nil
}

// findPreset returns the preset called name as Presets offers it for the
// chosen estimator: the user's if it loads and is for that estimator, else
// the shipped one. Without either it returns what the user's directory
// had, perhaps a preset of another estimator, for ApplyPreset to report.
func (s *Settings) findPreset(name string) (preset.Preset, error) {
	est := s.est.Info().Name
	var user preset.Preset
	uerr := fmt.Errorf("preset %q: not shipped, and no preset directory", name)
	if s.presetDir != "" {
		user, uerr = preset.Load(s.presetDir, name, s.ests)
		if uerr == nil && user.Estimator == est {
			return user, nil
		}
	}
	fsys, err := bundledFS(est)
	if err != nil {
		return preset.Preset{}, err
	}
	p, err := preset.LoadFS(fsys, name, s.ests)
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

// setPreset records name as the chosen estimator's preset, and stores it.
func (s *Settings) setPreset(name string) {
	est := s.est.Info().Name
	s.presetNames[est] = name
	save(s.store, keyPreset+est, name)
}
