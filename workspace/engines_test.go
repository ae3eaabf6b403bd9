package workspace

import (
	"testing"

	"moyo/engines"
)

func TestEngineConfigStore(t *testing.T) {
	s := memStore{}
	cfg := engines.Config{GnuGoPath: "/opt/gnugo", KataGoPath: "/opt/katago", KataGoConfig: "gtp.cfg", KataGoModel: "net.bin.gz"}
	SetEngineConfig(s, cfg)
	if got := EngineConfig(s); got != cfg {
		t.Errorf("EngineConfig = %+v, want %+v", got, cfg)
	}
	if got := EngineConfig(nil); got != (engines.Config{}) {
		t.Errorf("EngineConfig(nil) = %+v", got)
	}
}
