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

func TestEngineConfigOver(t *testing.T) {
	s := memStore{}
	SetEngineConfig(s, engines.Config{GnuGoPath: "/opt/gnugo", KataGoPath: "/opt/katago", KataGoModel: "net.bin.gz"})
	got := EngineConfigOver(s, engines.Config{KataGoPath: "/usr/local/bin/katago", KataGoConfig: "analysis.cfg"})
	want := engines.Config{GnuGoPath: "/opt/gnugo", KataGoPath: "/usr/local/bin/katago", KataGoConfig: "analysis.cfg", KataGoModel: "net.bin.gz"}
	if got != want {
		t.Errorf("EngineConfigOver = %+v, want %+v", got, want)
	}
	if EngineConfig(s).KataGoPath != "/opt/katago" {
		t.Error("the command line's path was kept")
	}
}

// TestKataGoHints checks that the KataGo fields of Settings → Engines say
// "found" only when something was found.
func TestKataGoHints(t *testing.T) {
	for _, tc := range []struct {
		name                string
		found               []engines.KataGoFound
		program, cfg, model string
	}{
		{"nothing", nil, "not found: give its path", "KataGo's default", "KataGo's default"},
		{"a network but no program", []engines.KataGoFound{{Model: "/k/net.bin.gz", Source: "KaTrain"}},
			"not found: give its path", "KataGo's default", "KataGo's default"},
		{"on PATH, KaTrain's network", []engines.KataGoFound{{Path: "/usr/bin/katago", Source: "PATH"}, {Model: "/k/net.bin.gz", Config: "/k/gtp.cfg", Source: "KaTrain"}},
			"found, see below", "found: /k/gtp.cfg", "found: /k/net.bin.gz"},
	} {
		p, c, m := KataGoHints(tc.found)
		if p != tc.program || c != tc.cfg || m != tc.model {
			t.Errorf("%s: %q, %q, %q; want %q, %q, %q", tc.name, p, c, m, tc.program, tc.cfg, tc.model)
		}
	}
}
