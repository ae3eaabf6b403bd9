package app

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os/exec"
	"sort"
	"strings"

	"moyo/engines"
	"moyo/eval"
	"moyo/gtp"
	"moyo/reference"
)

// The references estimates can be measured against.
const (
	refFinal  = "final"
	refKataGo = "katago"
	refGnuGo  = "gnugo-engine"
)

// refFlags choose what 'moyo eval' (--reference) and 'moyo fit'
// (--against) measure the estimates against: the final ownership of
// counted games, or a reference map of each position computed by an
// engine (package reference), which any game has.
type refFlags struct {
	flag string // the flag's name, "reference" or "against"
	spec string // final, katago, gnugo-engine or gnugo-engine:view=…
	// visits: KataGo's search (≤ 1 the raw network).
	visits int
	// katago, katagoConfig and katagoModel: which KataGo ("" finds it).
	katago, katagoConfig, katagoModel string
	// cache is the folder of the reference maps ("" the default).
	cache string
}

// register defines the flags on fs, the reference's own as name.
func (r *refFlags) register(fs *flag.FlagSet, name string) {
	r.flag = name
	fs.StringVar(&r.spec, name, refFinal, "measure against the `REFERENCE`: final (the final ownership of counted games), katago (KataGo's ownership of each position) or gnugo-engine[:view=status] (GNU Go's own estimate)")
	fs.IntVar(&r.visits, "visits", 0, "--"+name+" katago: KataGo's search of `N` visits per position (default: the raw network, 8 symmetries averaged)")
	fs.StringVar(&r.katago, "katago", "", "--"+name+" katago: the KataGo `program` (default: katago on PATH, or the one KaTrain, Lizzie or Sabaki names)")
	fs.StringVar(&r.katagoConfig, "katago-config", "", "--"+name+" katago: KataGo's analysis configuration `FILE`, such as its analysis_example.cfg (default: the one found with the program, else moyo's minimal one)")
	fs.StringVar(&r.katagoModel, "katago-model", "", "--"+name+" katago: KataGo's network `FILE` (default: the one found with the program)")
	fs.StringVar(&r.cache, "reference-cache", "", "`DIR` of the reference maps' cache (default: moyo/reference in the user cache directory)")
}

// kind returns the reference's name and, for gnugo-engine, its view.
func (r refFlags) kind() (name, view string, err error) {
	name, params, hasParams := strings.Cut(strings.TrimSpace(r.spec), ":")
	switch name {
	case refFinal, refKataGo:
		if hasParams {
			return "", "", fmt.Errorf("--%s %s takes no parameters", r.flag, name)
		}
		return name, "", nil
	case refGnuGo:
		view = engines.GnuGoEngineViewValue
		if hasParams {
			k, v, ok := strings.Cut(params, "=")
			if !ok || k != "view" || (v != engines.GnuGoEngineViewValue && v != engines.GnuGoEngineViewStatus) {
				return "", "", fmt.Errorf("--%s %s: %q is not view=value or view=status", r.flag, name, params)
			}
			view = v
		}
		return name, view, nil
	}
	return "", "", fmt.Errorf("--%s %q (valid: final, katago, gnugo-engine)", r.flag, r.spec)
}

// final reports whether the reference is the final ownership.
func (r refFlags) final() bool {
	name, _, err := r.kind()
	return err == nil && name == refFinal
}

// check validates the flags: a known reference, and no flag of KataGo's
// for another reference.
func (r refFlags) check() error {
	name, _, err := r.kind()
	if err != nil {
		return err
	}
	if r.visits < 0 {
		return fmt.Errorf("--visits %d is negative", r.visits)
	}
	if name != refKataGo {
		for _, f := range []struct {
			name string
			set  bool
		}{{"visits", r.visits != 0}, {"katago", r.katago != ""}, {"katago-config", r.katagoConfig != ""}, {"katago-model", r.katagoModel != ""}} {
			if f.set {
				return fmt.Errorf("--%s is for --%s katago, not %s", f.name, r.flag, name)
			}
		}
	}
	if name == refFinal && r.cache != "" {
		return fmt.Errorf("--reference-cache is for an engine's reference, not --%s final (--cache holds the final ownerships)", r.flag)
	}
	return nil
}

// source returns the engine that computes the reference maps, found as
// the flags say, with gnugo the GNU Go program ("" to find it); nil for
// the final ownership. No engine is started yet.
func (r refFlags) source(gnugo string) (reference.Source, error) {
	name, view, err := r.kind()
	if err != nil || name == refFinal {
		return nil, err
	}
	dir := r.cache
	if dir == "" {
		if dir, err = reference.DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	cache := reference.Cache{Dir: dir}
	if name == refGnuGo {
		path, err := lookGnuGoProgram(gnugo)
		if err != nil {
			return nil, err
		}
		return reference.NewGnuGo(path, view, cache), nil
	}
	var found engines.KataGoFound
	if r.katago != "" {
		if found, err = engines.KataGoAt(r.katago); err != nil {
			return nil, fmt.Errorf("katago: %w", err)
		}
	} else {
		var ok bool
		if found, ok = engines.BestKataGo(engines.FindKataGo()); !ok {
			return nil, fmt.Errorf("katago: %w; give --katago PATH", engines.ErrNoKataGo)
		}
	}
	config, model := r.katagoConfig, r.katagoModel
	if model == "" {
		model = found.Model
	}
	if config == "" {
		// A GTP configuration does not serve the analysis engine.
		config = found.AnalysisConfig
	}
	return reference.NewKataGo(found.Path, config, model, r.visits, cache), nil
}

// lookGnuGoProgram returns the GNU Go program: path if set, else the one
// on PATH or Debian's.
func lookGnuGoProgram(path string) (string, error) {
	if path != "" {
		return exec.LookPath(path)
	}
	return gtp.LookGnuGo()
}

// refReport is what a report says of the reference.
type refReport struct {
	name, description string
	// visits are KataGo's search's; 0 for the raw network.
	visits int
	// entropy is the mean entropy per point of the reference maps by
	// move number, in the order of the moves: the least cross-entropy.
	entropy []float64
	// positions counts the positions with a map.
	positions int
}

// attachReferences computes the reference map of the position after each
// of moves in every game of c with src, and gives the games their maps
// (eval.Game.Reference). A position the engine could not judge is listed
// among c's errors and left out. It returns what the report says of the
// reference.
func attachReferences(ctx context.Context, env Env, src reference.Source, c *eval.Collection, moves []int) (*refReport, error) {
	type at struct{ game, move int }
	var (
		ps    []reference.Position
		where []at
	)
	for k, g := range c.Games {
		for _, m := range moves {
			if m <= g.Record.Moves() {
				ps = append(ps, reference.Position{Record: g.Record, Move: m})
				where = append(where, at{k, m})
			}
		}
	}
	bar := newProgress(env, src.Name())
	maps, errs, err := src.Maps(ctx, ps, bar.update)
	bar.clear()
	if cerr := src.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%s: %w", src.Name(), cerr)
	}
	if err != nil {
		return nil, err
	}
	for k := range c.Games {
		c.Games[k].Reference = map[int][]float64{}
	}
	rep := &refReport{name: src.Name(), description: src.Describe()}
	if k, ok := src.(*reference.KataGo); ok && k.Visits > 1 {
		rep.visits = k.Visits
	}
	failed := make([]int, 0, len(errs))
	for i := range errs {
		failed = append(failed, i)
	}
	sort.Ints(failed)
	for _, i := range failed {
		w := where[i]
		c.Errors = append(c.Errors, eval.Problem{File: c.Games[w.game].File, Err: fmt.Errorf("move %d: %w", w.move, errs[i])})
	}
	for i, m := range maps {
		if m != nil {
			w := where[i]
			c.Games[w.game].Reference[w.move] = m
			rep.positions++
		}
	}
	for _, m := range moves {
		rep.entropy = append(rep.entropy, eval.TargetEntropy(c.Games, m))
	}
	return rep, nil
}

// entropyText lists the reference's entropy per move number.
func (r *refReport) entropyText(moves []int) string {
	var parts []string
	for k, m := range moves {
		if !math.IsNaN(r.entropy[k]) {
			parts = append(parts, fmt.Sprintf("move %d %.3f", m, r.entropy[k]))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// poolEntropy returns the mean entropy per point of the targets of the
// positions after moves of games, all moves pooled: the least
// cross-entropy of a fit over them. NaN without positions.
func poolEntropy(games []eval.Game, moves []int) float64 {
	h, n := 0.0, 0
	for _, g := range games {
		for _, m := range moves {
			if r, ok := g.Target(m); ok {
				h += eval.RefEntropy(r)
				n += len(r)
			}
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return h / float64(n)
}
