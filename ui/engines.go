package ui

import (
	"slices"

	"moyo/engines"
	"moyo/estimators"
)

// Keys of the engine paths kept in the preferences; "" auto-detects.
const (
	keyGnuGo        = "engine.gnugo"
	keyKataGo       = "engine.katago"
	keyKataGoConfig = "engine.katago.config"
	keyKataGoModel  = "engine.katago.model"
)

// EngineConfig returns where the reference engines are, as kept in s
// (nil: auto-detect every one).
func EngineConfig(s Store) engines.Config {
	if s == nil {
		return engines.Config{}
	}
	return engines.Config{
		GnuGoPath:    s.String(keyGnuGo),
		KataGoPath:   s.String(keyKataGo),
		KataGoConfig: s.String(keyKataGoConfig),
		KataGoModel:  s.String(keyKataGoModel),
	}
}

// SetEngineConfig keeps cfg's engine paths in s.
func SetEngineConfig(s Store, cfg engines.Config) {
	s.SetString(keyGnuGo, cfg.GnuGoPath)
	s.SetString(keyKataGo, cfg.KataGoPath)
	s.SetString(keyKataGoConfig, cfg.KataGoConfig)
	s.SetString(keyKataGoModel, cfg.KataGoModel)
}

// SetEstimators replaces the estimators to choose from, as when the
// reference engines are found or their paths change. Each keeps the
// parameters it had or has stored. The chosen estimator stays if it is
// still offered (the new value of it, which may hold another process);
// otherwise the one last chosen by the user if it is back, else symmetric,
// without forgetting the user's choice. It runs the estimate again.
func (m *Model) SetEstimators(ests []estimators.Estimator) {
	if len(ests) == 0 {
		return
	}
	m.ests = slices.Clone(ests)
	for _, e := range m.ests {
		name := e.Info().Name
		if _, ok := m.params[name]; !ok {
			m.params[name] = m.loadParams(e)
			m.loadPresetState(e)
		}
	}
	next, err := m.byName(m.load(keyEstimator))
	if err != nil {
		next, err = m.byName(m.est.Info().Name)
	}
	if err != nil {
		next, err = m.byName("symmetric")
	}
	if err != nil {
		next = m.ests[0]
	}
	m.est = next
	m.changed(ChangeEstimator | ChangeParams)
}
