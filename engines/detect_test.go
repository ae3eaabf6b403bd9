package engines

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tree makes files under root: a name ending in "*" is an executable
// (the star dropped), a name ending in "/" a folder, anything else a file
// holding its given text.
func tree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(name, "*")))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, "*") {
			mode, text = 0o755, "#!/bin/sh\n"
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
}

// findIn runs FindKataGo with home as the home folder, bin as the only
// PATH folder, and the default configuration folder.
func findIn(t *testing.T, home, bin string) []KataGoFound {
	t.Helper()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("PATH", bin)
	return FindKataGo()
}

func TestFindKataGo(t *testing.T) {
	const analysisCfg = "numAnalysisThreads = 2\n"
	tests := []struct {
		name  string
		files map[string]string // under a root folder; "home/" is HOME, "bin/" is PATH
		want  []KataGoFound     // paths relative to the root
	}{
		{"nothing", map[string]string{"home/": "", "bin/": ""}, nil},
		{"PATH with KataGo's default files beside", map[string]string{
			"home/": "", "bin/katago*": "", "bin/default_gtp.cfg": "", "bin/default_model.bin.gz": "",
		}, []KataGoFound{{Path: "bin/katago", Config: "bin/default_gtp.cfg", Model: "bin/default_model.bin.gz", Source: "PATH"}}},
		{"PATH with ~/.katago", map[string]string{
			"bin/katago*": "", "home/.katago/default_gtp.cfg": "", "home/.katago/default_model.bin.gz": "",
		}, []KataGoFound{{Path: "bin/katago", Config: "home/.katago/default_gtp.cfg", Model: "home/.katago/default_model.bin.gz", Source: "PATH"}}},
		{"PATH with a package's share folder", map[string]string{
			"home/": "", "bin/katago*": "", "share/katago/configs/gtp_example.cfg": "",
			"share/katago/configs/analysis_example.cfg": analysisCfg, "share/katago/kata1-b18c384nbt.bin.gz": "",
		}, []KataGoFound{{Path: "bin/katago", Config: "share/katago/configs/gtp_example.cfg",
			AnalysisConfig: "share/katago/configs/analysis_example.cfg", Model: "share/katago/kata1-b18c384nbt.bin.gz", Source: "PATH"}}},
		{"KaTrain with a downloaded program and network", map[string]string{
			"bin/": "",
			"home/.katrain/config.json": `{"engine": {"katago": "~/.katrain/katago-v1.17.2-eigen-linux-x64",
				"model": "~/.katrain/kata1-b18c384nbt.bin.gz", "config": "katrain/KataGo/analysis_config.cfg"}}`,
			"home/.katrain/katago-v1.17.2-eigen-linux-x64*":                               "",
			"home/.katrain/kata1-b18c384nbt.bin.gz":                                       "",
			"home/.local/lib/python3.11/site-packages/katrain/KataGo/analysis_config.cfg": analysisCfg,
		}, []KataGoFound{{Path: "home/.katrain/katago-v1.17.2-eigen-linux-x64",
			AnalysisConfig: "home/.local/lib/python3.11/site-packages/katrain/KataGo/analysis_config.cfg",
			Model:          "home/.katrain/kata1-b18c384nbt.bin.gz", Source: "KaTrain: home/.katrain/config.json"}}},
		{"KaTrain's own program and network in its package", map[string]string{
			"bin/": "",
			"home/.katrain/config.json": `{"engine": {"katago": "", "model": "katrain/models/kata1-b18c384nbt.bin.gz",
				"config": "katrain/KataGo/analysis_config.cfg"}}`,
			"home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/KataGo/katago*":                 "",
			"home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/KataGo/analysis_config.cfg":     analysisCfg,
			"home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/models/kata1-b18c384nbt.bin.gz": "",
		}, []KataGoFound{{Path: "home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/KataGo/katago",
			AnalysisConfig: "home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/KataGo/analysis_config.cfg",
			Model:          "home/.local/share/pipx/venvs/katrain/lib/python3.12/site-packages/katrain/models/kata1-b18c384nbt.bin.gz",
			Source:         "KaTrain: home/.katrain/config.json"}}},
		{"Lizzie's engine commands", map[string]string{
			"bin/": "",
			"home/Lizzie/config.txt": `{"leelaz": {"engine-command": "./leelaz --gtp --weights %network-file",
				"network-file": "network.gz", "engine-start-location": ".",
				"engine-settings-list": [{"name": "KataGo", "command": "katago/katago gtp -model 'nets/kata 1.bin.gz' -config katago/gtp.cfg"}]}}`,
			"home/Lizzie/leelaz*":            "",
			"home/Lizzie/katago/katago*":     "",
			"home/Lizzie/katago/gtp.cfg":     "",
			"home/Lizzie/nets/kata 1.bin.gz": "",
		}, []KataGoFound{{Path: "home/Lizzie/katago/katago", Config: "home/Lizzie/katago/gtp.cfg",
			Model: "home/Lizzie/nets/kata 1.bin.gz", Source: "Lizzie: home/Lizzie/config.txt"}}},
		{"Sabaki's engines", map[string]string{
			"bin/": "",
			"home/.config/Sabaki/settings.json": `{"engines.list": [{"name": "GNU Go", "path": "/usr/games/gnugo", "args": "--mode gtp"},
				{"name": "KataGo", "path": "ROOT/opt/katago/katago", "args": "gtp -model ../nets/m.bin.gz -config \"my gtp.cfg\""}]}`,
			"opt/katago/katago*":    "",
			"opt/katago/my gtp.cfg": "",
			"opt/nets/m.bin.gz":     "",
		}, []KataGoFound{{Path: "opt/katago/katago", Config: "opt/katago/my gtp.cfg", Model: "opt/nets/m.bin.gz",
			Source: "Sabaki: home/.config/Sabaki/settings.json"}}},
		{"every place, in order", map[string]string{
			"bin/katago*":                       "",
			"home/.katrain/config.json":         `{"engine": {"katago": "", "model": "~/.katrain/m.bin.gz", "config": ""}}`,
			"home/.katrain/m.bin.gz":            "",
			"home/.config/Sabaki/settings.json": `{"engines.list": [{"path": "katago", "args": "gtp"}]}`,
		}, []KataGoFound{
			{Path: "bin/katago", Source: "PATH"},
			{Model: "home/.katrain/m.bin.gz", Source: "KaTrain: home/.katrain/config.json"},
			{Path: "bin/katago", Source: "Sabaki: home/.config/Sabaki/settings.json"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{}
			for name, text := range tt.files {
				files[name] = strings.ReplaceAll(text, "ROOT", root)
			}
			tree(t, root, files)
			got := findIn(t, filepath.Join(root, "home"), filepath.Join(root, "bin"))
			var want []KataGoFound
			for _, w := range tt.want {
				for _, p := range []*string{&w.Path, &w.Config, &w.AnalysisConfig, &w.Model} {
					if *p != "" {
						*p = filepath.Join(root, *p)
					}
				}
				if head, file, ok := strings.Cut(w.Source, ": "); ok {
					w.Source = head + ": " + filepath.Join(root, file)
				}
				want = append(want, w)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("found\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

func TestBestKataGo(t *testing.T) {
	found := []KataGoFound{
		{Model: "katrain.bin.gz", AnalysisConfig: "katrain.cfg", Source: "KaTrain"},
		{Path: "/bin/katago", Source: "PATH"},
		{Path: "/opt/katago", Model: "sabaki.bin.gz", Config: "sabaki.cfg", Source: "Sabaki"},
	}
	best, ok := BestKataGo(found)
	want := KataGoFound{Path: "/bin/katago", Model: "sabaki.bin.gz", Config: "sabaki.cfg", AnalysisConfig: "katrain.cfg", Source: "PATH"}
	if !ok || best != want {
		t.Errorf("BestKataGo = %+v, %v; want %+v", best, ok, want)
	}
	if _, ok := BestKataGo(found[:1]); ok {
		t.Error("a network without a program is taken as KataGo")
	}
}

// TestAvailableFindsKataGo checks that the zero Config takes what
// FindKataGo finds, and that a path set in it is not second-guessed.
func TestAvailableFindsKataGo(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{
		"bin/":                      "",
		"home/.katrain/config.json": `{"engine": {"katago": "~/kg/katago", "model": "~/kg/m.bin.gz", "config": ""}}`,
		"home/kg/katago*":           "",
		"home/kg/m.bin.gz":          "",
	})
	findIn(t, filepath.Join(root, "home"), filepath.Join(root, "bin"))
	es := Available(Config{GnuGoPath: "/nonexistent/gnugo"})
	if len(es) != 1 {
		t.Fatalf("Available = %v, want KaTrain's KataGo", es)
	}
	k := es[0].(*KataGo)
	if k.Path != filepath.Join(root, "home/kg/katago") || k.Model != filepath.Join(root, "home/kg/m.bin.gz") || k.Config != "" {
		t.Errorf("KataGo %s -config %q -model %s, want KaTrain's", k.Path, k.Config, k.Model)
	}
	if es := Available(Config{GnuGoPath: "/nonexistent/gnugo", KataGoPath: "/nonexistent/katago"}); len(es) != 0 {
		t.Errorf("Available = %v with a KataGo path that is wrong, want none", es)
	}
}

func TestNotFound(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{"notes.txt": "", "bin/": ""})
	findIn(t, filepath.Join(root, "home"), filepath.Join(root, "bin"))
	tests := []struct {
		cfg  Config
		name string
		want string
	}{
		{Config{KataGoPath: "/nonexistent/katago"}, "katago", "katago: KataGo not found at /nonexistent/katago (no such file)"},
		{Config{KataGoPath: filepath.Join(root, "notes.txt")}, "katago", "katago: KataGo not found at " + filepath.Join(root, "notes.txt") + " (not an executable file)"},
		{Config{GnuGoPath: "/nonexistent/gnugo"}, "gnugo-engine", "gnugo-engine: GNU Go not found at /nonexistent/gnugo (no such file)"},
		{Config{}, "katago", ""}, // not installed, and no path set
		{Config{KataGoPath: "/nonexistent/katago"}, "symmetric", ""},
		{Config{KataGoPath: os.Args[0]}, "katago", ""},
	}
	for _, tt := range tests {
		err := NotFound(tt.cfg, tt.name)
		if got := ""; err != nil {
			got = err.Error()
			if got != tt.want {
				t.Errorf("NotFound(%+v, %s) = %q, want %q", tt.cfg, tt.name, got, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("NotFound(%+v, %s) = nil, want %q", tt.cfg, tt.name, tt.want)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{`katago gtp -model m.bin.gz`, []string{"katago", "gtp", "-model", "m.bin.gz"}},
		{`  "C:\\Go\\katago.exe"  gtp -config 'my cfg.cfg' `, []string{`C:\Go\katago.exe`, "gtp", "-config", "my cfg.cfg"}},
		{`a\ b "say \"hi\"" ''`, []string{"a b", `say "hi"`, ""}},
		{``, nil},
	}
	for _, tt := range tests {
		if got := splitArgs(tt.line); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitArgs(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
