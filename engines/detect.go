package engines

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// KataGoFound is a KataGo found where users keep one: its program and the
// files that go with it, where the place names them, and the place.
type KataGoFound struct {
	// Path is the program; "" when the place names a network or a
	// configuration but no program that exists.
	Path string
	// Config is a configuration of KataGo's GTP engine, and
	// AnalysisConfig one of its analysis engine (KaTrain's is one); ""
	// when none was found.
	Config, AnalysisConfig string
	// Model is the network; "" when none was found.
	Model string
	// Source says where it was found: "PATH", or the settings file of
	// KaTrain, Lizzie or Sabaki that names it.
	Source string
}

// FindKataGo looks for KataGo where users keep it, in this order: katago
// on PATH, with KataGo's own default files (default_gtp.cfg and
// default_model.bin.gz beside the program or in ~/.katago) or the files a
// package installs in ../share/katago; KaTrain's settings
// (~/.katrain/config.json: engine.katago, engine.model and engine.config,
// "katrain/…" paths inside KaTrain's Python package, and the programs and
// networks KaTrain downloads into ~/.katrain); Lizzie's config.txt, which
// Lizzie keeps in its own folder (~/Lizzie, ~/lizzie, ~/.lizzie,
// ~/lizzieyzy), its engine commands (leelaz.engine-command,
// engine-command-list, engine-settings-list) read for -model and -config;
// and Sabaki's settings.json in the user configuration folder
// (~/.config/Sabaki on Linux), its engines.list read the same way.
// Only files that exist are returned.
func FindKataGo() []KataGoFound {
	f := finder{lookPath: exec.LookPath}
	f.home, _ = os.UserHomeDir()
	f.configDir, _ = os.UserConfigDir()
	f.pythonDirs = []string{"/usr/lib/python3*/site-packages", "/usr/lib/python3/dist-packages",
		"/usr/local/lib/python3*/site-packages", "/usr/local/lib/python3*/dist-packages"}
	return f.find()
}

// BestKataGo returns the first of found with a program, with the network
// and configurations it lacks taken from the next ones that have them:
// KaTrain's network, say, for a katago on PATH without one.
func BestKataGo(found []KataGoFound) (KataGoFound, bool) {
	for i, k := range found {
		if k.Path == "" {
			continue
		}
		for _, o := range append(found[i+1:len(found):len(found)], found[:i]...) {
			if k.Model == "" {
				k.Model = o.Model
			}
			if k.Config == "" {
				k.Config = o.Config
			}
			if k.AnalysisConfig == "" {
				k.AnalysisConfig = o.AnalysisConfig
			}
		}
		return k, true
	}
	return KataGoFound{}, false
}

// KataGoAt returns the KataGo program path (a file, or a name looked up on
// PATH) with the files FindKataGo would find for it: its default
// configuration and network beside it or in ~/.katago, an
// analysis_example.cfg beside it (as KataGo's release archives ship it),
// and else the newest network beside it. It is what a --katago flag or the
// engines dialog means by a program alone.
func KataGoAt(path string) (KataGoFound, error) {
	p, err := exec.LookPath(path)
	if err != nil {
		return KataGoFound{}, fmt.Errorf("KataGo not found at %s: %w", path, err)
	}
	f := finder{lookPath: exec.LookPath}
	f.home, _ = os.UserHomeDir()
	k := KataGoFound{Path: p, Source: "given"}
	if c := regular(filepath.Join(filepath.Dir(p), "analysis_example.cfg")); c != "" {
		k.AnalysisConfig = c
	}
	return f.beside(k), nil
}

// finder is FindKataGo with what it depends on made explicit.
type finder struct {
	home      string // the user's home folder
	configDir string // os.UserConfigDir
	lookPath  func(string) (string, error)
	// pythonDirs are glob patterns of the system's Python package
	// folders, where KaTrain may be installed.
	pythonDirs []string
}

func (f finder) find() []KataGoFound {
	var found []KataGoFound
	add := func(k KataGoFound) {
		if k.Path != "" || k.Model != "" || k.Config != "" || k.AnalysisConfig != "" {
			found = append(found, k)
		}
	}
	if p, err := f.lookPath("katago"); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		add(f.beside(KataGoFound{Path: p, Source: "PATH"}))
	}
	add(f.katrain())
	for _, k := range f.lizzie() {
		add(k)
	}
	for _, k := range f.sabaki() {
		add(k)
	}
	return found
}

// beside fills in KataGo's own default files for the program k.Path:
// beside it, in ~/.katago, and in the share/katago folder of the prefix
// it is installed under.
func (f finder) beside(k KataGoFound) KataGoFound {
	dir := filepath.Dir(k.Path)
	dirs := []string{dir}
	if f.home != "" {
		dirs = append(dirs, filepath.Join(f.home, ".katago"))
	}
	share := filepath.Join(filepath.Dir(dir), "share", "katago")
	for _, d := range dirs {
		if k.Config == "" {
			k.Config = regular(filepath.Join(d, "default_gtp.cfg"))
		}
		for _, name := range []string{"default_model.bin.gz", "default_model.txt.gz"} {
			if k.Model == "" {
				k.Model = regular(filepath.Join(d, name))
			}
		}
	}
	if k.Config == "" {
		for _, c := range []string{"default_gtp.cfg", "gtp_example.cfg", "configs/default_gtp.cfg", "configs/gtp_example.cfg"} {
			if k.Config == "" {
				k.Config = regular(filepath.Join(share, c))
			}
		}
	}
	if k.AnalysisConfig == "" {
		for _, c := range []string{"analysis_example.cfg", "configs/analysis_example.cfg"} {
			if k.AnalysisConfig == "" {
				k.AnalysisConfig = regular(filepath.Join(share, c))
			}
		}
	}
	if k.Model == "" {
		k.Model = newest(append(dirs, share), "*.bin.gz", "*.txt.gz")
	}
	return k
}

// katrain reads KaTrain's settings.
func (f finder) katrain() KataGoFound {
	if f.home == "" {
		return KataGoFound{}
	}
	data := filepath.Join(f.home, ".katrain")
	settings := filepath.Join(data, "config.json")
	var cfg struct {
		Engine struct {
			KataGo string `json:"katago"`
			Model  string `json:"model"`
			Config string `json:"config"`
		} `json:"engine"`
	}
	b, err := os.ReadFile(settings)
	if err != nil || json.Unmarshal(b, &cfg) != nil {
		return KataGoFound{}
	}
	// "katrain/…" is a file of KaTrain's Python package, wherever pip
	// put it; "~/…" is in the home folder.
	pkgs := f.katrainPackages()
	resolve := func(p string, want func(string) string) string {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			return ""
		case strings.HasPrefix(p, "katrain/") || strings.HasPrefix(p, `katrain\`):
			for _, pkg := range pkgs {
				if r := want(filepath.Join(pkg, filepath.FromSlash(strings.ReplaceAll(p[len("katrain/"):], `\`, "/")))); r != "" {
					return r
				}
			}
			return ""
		case p == "~" || strings.HasPrefix(p, "~/"):
			return want(filepath.Join(f.home, p[1:]))
		case filepath.IsAbs(p):
			return want(p)
		case !strings.ContainsAny(p, `/\`):
			if found, err := f.lookPath(p); err == nil {
				return want(found)
			}
			return ""
		}
		return want(filepath.Join(f.home, p))
	}
	k := KataGoFound{Source: "KaTrain: " + settings}
	k.Path = resolve(cfg.Engine.KataGo, executable)
	if cfg.Engine.KataGo == "" {
		// KaTrain's own program, in its package or downloaded.
		for _, pkg := range pkgs {
			if k.Path == "" {
				k.Path = executable(filepath.Join(pkg, "KataGo", "katago"))
			}
		}
		if k.Path == "" {
			k.Path = newestExecutable(data, "katago*")
		}
	}
	k.Model = resolve(cfg.Engine.Model, regular)
	if k.Model == "" {
		k.Model = newest([]string{data}, "*.bin.gz", "*.txt.gz")
	}
	if c := resolve(cfg.Engine.Config, regular); c != "" {
		k.setConfig(c)
	}
	return k
}

// katrainPackages returns the folders of KaTrain's Python package that
// exist: pip's user and system installs and pipx's.
func (f finder) katrainPackages() []string {
	patterns := append([]string(nil), f.pythonDirs...)
	if f.home != "" {
		patterns = append(patterns,
			filepath.Join(f.home, ".local", "lib", "python3*", "site-packages"),
			filepath.Join(f.home, ".local", "share", "pipx", "venvs", "katrain", "lib", "python3*", "site-packages"))
	}
	var pkgs []string
	for _, pat := range patterns {
		dirs, _ := filepath.Glob(filepath.Join(pat, "katrain"))
		sort.Sort(sort.Reverse(sort.StringSlice(dirs))) // the newest Python first
		for _, d := range dirs {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				pkgs = append(pkgs, d)
			}
		}
	}
	return pkgs
}

// lizzie reads the engine commands of Lizzie's config.txt in the folders
// Lizzie is usually kept in.
func (f finder) lizzie() []KataGoFound {
	if f.home == "" {
		return nil
	}
	var found []KataGoFound
	for _, name := range []string{"Lizzie", "lizzie", ".lizzie", "LizzieYzy", "lizzieyzy"} {
		dir := filepath.Join(f.home, name)
		settings := filepath.Join(dir, "config.txt")
		b, err := os.ReadFile(settings)
		if err != nil {
			continue
		}
		var cfg struct {
			Leelaz struct {
				Network  string   `json:"network-file"`
				Command  string   `json:"engine-command"`
				Commands []string `json:"engine-command-list"`
				Settings []struct {
					Command string `json:"command"`
				} `json:"engine-settings-list"`
				Start string `json:"engine-start-location"`
			} `json:"leelaz"`
		}
		if json.Unmarshal(b, &cfg) != nil {
			continue
		}
		l := cfg.Leelaz
		// Lizzie starts its engines in engine-start-location, relative
		// to its own folder.
		cwd := dir
		if l.Start != "" {
			cwd = absFrom(dir, l.Start)
		}
		commands := append([]string{l.Command}, l.Commands...)
		for _, s := range l.Settings {
			commands = append(commands, s.Command)
		}
		for _, c := range commands {
			c = strings.ReplaceAll(c, "%network-file", l.Network)
			if k, ok := f.command(c, cwd, "Lizzie: "+settings); ok {
				found = append(found, k)
			}
		}
	}
	return found
}

// sabaki reads the engines of Sabaki's settings.json.
func (f finder) sabaki() []KataGoFound {
	if f.configDir == "" {
		return nil
	}
	settings := filepath.Join(f.configDir, "Sabaki", "settings.json")
	b, err := os.ReadFile(settings)
	if err != nil {
		return nil
	}
	var cfg struct {
		Engines []struct {
			Path string `json:"path"`
			Args string `json:"args"`
		} `json:"engines.list"`
	}
	if json.Unmarshal(b, &cfg) != nil {
		return nil
	}
	var found []KataGoFound
	for _, e := range cfg.Engines {
		// Sabaki starts an engine in its program's folder.
		cwd := filepath.Dir(e.Path)
		if !filepath.IsAbs(e.Path) && f.home != "" {
			cwd = filepath.Dir(filepath.Join(f.home, e.Path))
		}
		if k, ok := f.command(quoteArg(e.Path)+" "+e.Args, cwd, "Sabaki: "+settings); ok {
			found = append(found, k)
		}
	}
	return found
}

// command reads a KataGo command line, run in the folder cwd: its
// program, -model and -config. It reports false for another program's.
func (f finder) command(line, cwd, source string) (KataGoFound, bool) {
	args := splitArgs(line)
	if len(args) == 0 || !strings.Contains(strings.ToLower(filepath.Base(args[0])), "katago") {
		return KataGoFound{}, false
	}
	k := KataGoFound{Source: source}
	prog := args[0]
	if strings.ContainsAny(prog, `/\`) {
		k.Path = executable(absFrom(cwd, f.expand(prog)))
	} else if p, err := f.lookPath(prog); err == nil {
		k.Path = executable(p)
	} else {
		k.Path = executable(filepath.Join(cwd, prog))
	}
	for i := 1; i+1 < len(args); i++ {
		switch strings.TrimLeft(args[i], "-") {
		case "model":
			k.Model = regular(absFrom(cwd, f.expand(args[i+1])))
		case "config":
			if c := regular(absFrom(cwd, f.expand(args[i+1]))); c != "" {
				k.setConfig(c)
			}
		}
	}
	if k.Path != "" {
		k = f.beside(k)
	}
	return k, true
}

// setConfig files c as a GTP or an analysis configuration, by whether it
// sets the analysis engine's numAnalysisThreads.
func (k *KataGoFound) setConfig(c string) {
	if keys, err := configKeys(c); err == nil && keys["numAnalysisThreads"] {
		k.AnalysisConfig = c
	} else {
		k.Config = c
	}
}

// expand replaces a leading ~ by the home folder.
func (f finder) expand(p string) string {
	if f.home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		return filepath.Join(f.home, p[1:])
	}
	return p
}

// absFrom returns p, relative to dir when it is not absolute.
func absFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// regular returns p if it is a regular file, else "".
func regular(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return p
	}
	return ""
}

// executable returns p if it is a regular file someone may execute.
func executable(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
		return p
	}
	return ""
}

// newest returns the most recently modified regular file matching one of
// patterns in one of dirs, or "".
func newest(dirs []string, patterns ...string) string {
	return newestWith(dirs, patterns, regular)
}

// newestExecutable is newest for programs.
func newestExecutable(dir, pattern string) string {
	return newestWith([]string{dir}, []string{pattern}, executable)
}

func newestWith(dirs, patterns []string, keep func(string) string) string {
	best, bestTime := "", int64(0)
	for _, d := range dirs {
		for _, pat := range patterns {
			matches, _ := filepath.Glob(filepath.Join(d, pat))
			for _, m := range matches {
				if keep(m) == "" {
					continue
				}
				fi, err := os.Stat(m)
				if err != nil {
					continue
				}
				if t := fi.ModTime().UnixNano(); best == "" || t > bestTime {
					best, bestTime = m, t
				}
			}
		}
	}
	return best
}

// splitArgs splits a command line as a shell does words: at spaces
// outside quotes, with "…" and '…' quoting and \ escaping in and outside
// double quotes. Windows paths keep their backslashes when quoted by ".
func splitArgs(line string) []string {
	var args []string
	var cur strings.Builder
	inWord, quote := false, rune(0)
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\\' && i+1 < len(rs) && (quote == 0 || rs[i+1] == '"' || rs[i+1] == '\\'):
			i++
			cur.WriteRune(rs[i])
			inWord = true
		case quote == '"':
			if r == '"' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args
}

// quoteArg quotes p for splitArgs.
func quoteArg(p string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(p) + `"`
}
