package workspace

import "moyo/engines"

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
