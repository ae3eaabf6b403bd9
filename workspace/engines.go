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

// EngineConfigOver returns the engine paths kept in s with those set in
// over in their place: the app's command line (--katago, --gnugo), which
// holds for the session without being kept.
func EngineConfigOver(s Store, over engines.Config) engines.Config {
	cfg := EngineConfig(s)
	for _, f := range []struct{ dst, src *string }{
		{&cfg.GnuGoPath, &over.GnuGoPath},
		{&cfg.KataGoPath, &over.KataGoPath},
		{&cfg.KataGoConfig, &over.KataGoConfig},
		{&cfg.KataGoModel, &over.KataGoModel},
		{&cfg.KataGoOwnershipView, &over.KataGoOwnershipView},
	} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
	return cfg
}

// KataGoHints are what the empty KataGo fields of Settings → Engines say
// is used, from what engines.FindKataGo found: the program, the
// configuration and the network found, or, when none was, that the
// program must be named and that KataGo looks for its default files.
func KataGoHints(found []engines.KataGoFound) (program, config, model string) {
	k, ok := engines.BestKataGo(found)
	if !ok {
		return "not found: give its path", "KataGo's default", "KataGo's default"
	}
	program, config, model = "found, see below", "KataGo's default", "KataGo's default"
	if k.Config != "" {
		config = "found: " + k.Config
	}
	if k.Model != "" {
		model = "found: " + k.Model
	}
	return program, config, model
}
