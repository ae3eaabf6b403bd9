package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"moyo/eval"
	"moyo/ownership"
)

// gameFlags are the flags of the commands that measure estimators against
// the final ownership of counted games, 'moyo eval' and 'moyo fit'. The
// commands share them so that a set of games, its judgement and the
// output are asked for alike in both.
type gameFlags struct {
	moves   string
	shard   string
	cache   string
	gnugo   string
	epsilon float64
	format  string
	// sample is the share of the files used (--sample).
	sample float64
	// unjudged, set by a command measuring against reference maps rather
	// than final ownerships, collects every game that replays, counted or
	// not, and judges none.
	unjudged bool
}

// register defines the flags on fs. The commands use the positions after
// --moves and a shard of the files differently, so movesUsage is the help
// text of --moves and shardVerb the verb of --shard's ("evaluate", "use").
func (g *gameFlags) register(fs *flag.FlagSet, movesUsage, shardVerb string) {
	fs.StringVar(&g.moves, "moves", "20,80,150", movesUsage)
	fs.StringVar(&g.shard, "shard", "1/1", shardVerb+" part `i/n` of the sorted file list (i from 1)")
	fs.StringVar(&g.cache, "cache", "", "`DIR` of the final-ownership cache (default: moyo/ownership in the user cache directory)")
	fs.StringVar(&g.gnugo, "gnugo", "", "the GNU Go `program` that judges dead stones (default: gnugo on PATH, or /usr/games/gnugo)")
	fs.Float64Var(&g.epsilon, "epsilon", eval.DefaultEpsilon, "cross-entropy: probabilities are clamped to [ε, 1−ε]")
	fs.StringVar(&g.format, "format", "text", "`FORMAT` of the output: text|json")
	fs.Float64Var(&g.sample, "sample", 1, "use this `share` of the files (after --shard), chosen by a hash of each file's content, so the same files on every run; independent of --holdout's split")
}

// checkEpsilon rejects an --epsilon that would make the cross-entropy
// infinite (0) or blind to the estimate (0.5 and above).
func (g gameFlags) checkEpsilon() error {
	if !(g.epsilon > 0 && g.epsilon < 0.5) {
		return fmt.Errorf("--epsilon %v is outside (0, 0.5)", g.epsilon)
	}
	return nil
}

// check validates the flags before any game is read, so that a typo is
// reported at once rather than after the games are judged, and returns
// the move numbers of --moves and the shard i of n of --shard.
func (g gameFlags) check() (moves []int, shard, shards int, err error) {
	if err := g.checkEpsilon(); err != nil {
		return nil, 0, 0, err
	}
	if moves, err = parseMoves(g.moves); err != nil {
		return nil, 0, 0, err
	}
	if shard, shards, err = parseShard(g.shard); err != nil {
		return nil, 0, 0, err
	}
	if g.format != "text" && g.format != "json" {
		return nil, 0, 0, fmt.Errorf("unknown format %q (valid: text, json)", g.format)
	}
	if !(g.sample > 0 && g.sample <= 1) {
		return nil, 0, 0, fmt.Errorf("--sample %v is outside (0, 1]", g.sample)
	}
	return moves, shard, shards, nil
}

// withGames collects the counted games of shard of shards of the files of
// paths, as the flags say, and calls run with them. The context of both
// is cancelled by an interrupt or SIGTERM, so that a stopped command ends
// its GNU Go processes rather than leaving them to finish their
// judgements (cached, and with eval --resume the rest goes on later).
func (g gameFlags) withGames(env Env, paths []string, shard, shards int, run func(context.Context, *eval.Collection) error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c, err := collectGames(ctx, env, paths, shard, shards, g)
	if err != nil {
		return err
	}
	return run(ctx, c)
}

// gameReport is the outcome of a command on games, in the formats --format
// offers.
type gameReport interface {
	writeText(w io.Writer) error
	writeJSON(w io.Writer) error
}

// write writes r to w in the format of --format, saying which on failure
// because a short write to a pipe or a full disk says nothing of what was
// being written.
func (g gameFlags) write(w io.Writer, r gameReport) error {
	var err error
	if g.format == "json" {
		err = r.writeJSON(w)
	} else {
		err = r.writeText(w)
	}
	if err != nil {
		return fmt.Errorf("writing %s output: %w", g.format, err)
	}
	return nil
}

// parsePaths parses args with fs, allowing flags after the DIR and FILE
// operands, and returns the operands. When the command ends there
// (--help, a bad flag that fs has reported, or no operand), ok is false
// and status is its exit status.
func parsePaths(env Env, fs *flag.FlagSet, args []string) (paths []string, status int, ok bool) {
	paths, err := parseFlags(env, fs, args, parseInterspersed)
	if errors.Is(err, flag.ErrHelp) {
		return nil, 0, false
	}
	if err != nil {
		return nil, 2, false
	}
	if len(paths) == 0 {
		return nil, badUsage(env, fs, "want a DIR or FILEs"), false
	}
	return paths, 0, true
}

// exitStatus returns the exit status of a command whose run ended with
// err, 0 for nil and otherwise 1, after reporting err. An interrupt is
// reported as such: "context canceled" would read as a fault.
func exitStatus(env Env, err error) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		err = errors.New("interrupted")
	}
	fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
	return 1
}

// parseMoves reads the comma-separated move numbers of --moves.
func parseMoves(s string) ([]int, error) {
	var moves []int
	for _, f := range strings.Split(s, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || m < 0 {
			return nil, fmt.Errorf("--moves: %q is not a move number", f)
		}
		if slices.Contains(moves, m) {
			return nil, fmt.Errorf("--moves: %d twice", m)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// parseShard reads "i/n" with 1 ≤ i ≤ n.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("--shard %q is not i/n with 1 ≤ i ≤ n", s)
	}
	return i, n, nil
}

// sgfFiles lists the files of paths, searching directories for .sgf files
// (any case), sorted and without repeats.
func sgfFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}

// shardOf returns part i of n of files: contiguous, the parts differing in
// length by at most one.
func shardOf(files []string, i, n int) []string {
	return files[(i-1)*len(files)/n : i*len(files)/n]
}

// collectGames lists the .sgf files of paths, takes shard of shards of
// them and the sample of those that g asks for, and collects their
// counted games with the ownership cache of g ("" for the default) and
// its GNU Go program ("" to find it), or with g.unjudged every game
// unjudged, showing a progress bar on a terminal.
func collectGames(ctx context.Context, env Env, paths []string, shard, shards int, g gameFlags) (*eval.Collection, error) {
	cache, gnugo := g.cache, g.gnugo
	files, err := sgfFiles(paths)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .sgf files in %s", strings.Join(paths, ", "))
	}
	files = shardOf(files, shard, shards)
	if g.sample < 1 {
		if files, err = sampleOf(files, g.sample); err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("--sample %g leaves none of the files", g.sample)
		}
	}
	if cache == "" {
		if cache, err = ownership.DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	bar := newProgress(env, "judging games")
	c, err := eval.Collect(ctx, files, eval.CollectOptions{GnuGo: gnugo, Cache: cache, Progress: bar.update, Any: g.unjudged})
	bar.clear()
	if err != nil {
		return nil, err
	}
	// Without GNU Go every counted game not in the cache fails alike:
	// say so once.
	for _, p := range c.Errors {
		if errors.Is(p.Err, ownership.ErrNoEngine) {
			return nil, p.Err
		}
	}
	return c, nil
}

// sampleOf returns the files whose share (sampleShare) is below frac, in
// their order.
func sampleOf(files []string, frac float64) ([]string, error) {
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if sampleShare(data) < frac {
			out = append(out, f)
		}
	}
	return out, nil
}

// sampleShare returns where a file with content data falls in [0, 1) for
// --sample: a hash of its content, so that a file is in or out whatever
// its name or the other files, on any machine. It hashes another text than
// holdoutShare does, so that the held-out share of a sample is the
// held-out share of the whole.
func sampleShare(data []byte) float64 {
	h := fnv.New64a()
	h.Write([]byte("sample "))
	h.Write([]byte(ownership.Key(data, 0)))
	return float64(h.Sum64()>>11) / (1 << 53)
}
