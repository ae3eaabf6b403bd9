package engines

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
)

// The ownership views of KataGo (Config.KataGoOwnershipView).
const (
	// KataGoViewToMove: KataGo reports ownership as the side to move's,
	// its default (reportAnalysisWinratesAs SIDETOMOVE).
	KataGoViewToMove = "tomove"
	// KataGoViewBlack: KataGo reports ownership as Black's
	// (reportAnalysisWinratesAs BLACK).
	KataGoViewBlack = "black"
)

// KataGoSum is what the board score of KataGo's ownership sums: an
// estimate of the score, to which KataGo's own lead is the better answer.
const KataGoSum = "sum of KataGo's ownership"

// KataGo is KataGo's ownership prediction as an estimator, and the
// progressive analysis the app shows beside the estimators (Analyze). It
// runs KataGo's GTP engine: each query is set up as its start stones and
// moves (see Query), then the raw network's ownership is read with
// kata-raw-nn and averaged over the board's 8 symmetries, and a search of
// more visits, if asked for, runs as kata-search_analyze_cancellable with
// ownership true, reporting as it goes.
//
// Values are Black-positive, clamped to [−1, 1], stones included: a dead
// stone shows its killer's sign. KataGo's reports are turned to Black's
// view by View, which moyo also passes to KataGo (as
// reportAnalysisWinratesAs), so a configuration cannot contradict it.
//
// moyo starts KataGo with settings that keep a search a plain search of
// the visits asked for: no faster search when winning or after a pass,
// no playout doubling advantage in handicap games, no playout cap; and
// with the network seeing the moves that led to the position
// (ignorePreRootHistory false), as kata-raw-nn always does, since a
// record's moves are real. Make one with NewKataGo; its methods may be
// called from several goroutines.
type KataGo struct {
	// Path, Config and Model start KataGo as "Path gtp -config Config
	// -model Model". An empty Model lets KataGo find its default
	// (default_model.bin.gz beside the program or in ~/.katago); an empty
	// Config its default_gtp.cfg there, or moyo's minimal configuration
	// when there is none.
	Path, Config, Model string
	// View is whose view KataGo reports ownership from, KataGoViewToMove
	// ("" means the same) or KataGoViewBlack. Either gives the same
	// values.
	View string
	// Visits is how many visits Estimate searches; 0 or 1 is the raw
	// network alone.
	Visits int
	// Interval is how often a search reports; 0 is 0.2 seconds.
	Interval time.Duration
	// Timeout bounds each Estimate and Judge, on top of its context; 0 is
	// 2 minutes, as the first call waits for KataGo to load its network.
	Timeout time.Duration
	// LogDir, if set, is where KataGo writes its log. Otherwise a log its
	// configuration asks for by a relative path goes to the process's
	// private working folder, removed when it ends.
	LogDir string

	lock      chan struct{} // one slot: held while the engine is in use
	proc      *kataProc     // the running engine, or nil
	state     gtpState      // what proc has set up
	extraArgs []string      // put first on KataGo's command line (tests)
}

// gtpState is what a GTP KataGo has been told, so that a query sends only
// what changed: a new board size makes KataGo load its network again.
type gtpState struct {
	size      int
	rules     string
	komi      float64
	hasKomi   bool
	position  string // the start stones and moves set up, as Query.Key
	maxVisits int
}

// NewKataGo returns the estimator for KataGo at path with the given
// configuration, network and ownership view ("" for the defaults). It
// starts KataGo at the first Estimate or Analyze.
func NewKataGo(path, config, model, view string) *KataGo {
	return &KataGo{Path: path, Config: config, Model: model, View: view, lock: make(chan struct{}, 1)}
}

// Info describes KataGo, which reads no parameter.
func (k *KataGo) Info() estimators.Info {
	return estimators.Info{
		Name:   "katago",
		Title:  "KataGo's ownership",
		Sum:    KataGoSum,
		Source: "KataGo's network (kata-raw-nn), or its search (kata-search_analyze, ownership true)",
	}
}

// Check reports an ownership view KataGo does not know; KataGo reads no
// parameter.
func (k *KataGo) Check(estimators.Params) error {
	switch k.View {
	case "", KataGoViewToMove, KataGoViewBlack:
		return nil
	}
	return fmt.Errorf("katago: ownership view %q is not %q or %q", k.View, KataGoViewToMove, KataGoViewBlack)
}

// Estimate returns KataGo's ownership of pos after k.Visits visits, with
// DefaultKomi and DefaultRules: a position carries no komi. An engine
// that turns out to have died since the last call is started again once.
func (k *KataGo) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	if err := k.Check(p); err != nil {
		return estimators.Result{}, err
	}
	if pos == nil {
		return estimators.Result{}, errors.New("katago: nil position")
	}
	ctx, cancel := context.WithTimeout(ctx, k.timeout())
	defer cancel()
	start := time.Now()
	a, err := k.Analyze(ctx, PositionQuery(pos, DefaultKomi), k.Visits, nil)
	if err != nil {
		return estimators.Result{}, err
	}
	return estimators.OnePass(a.Size, a.Ownership, start), nil
}

// timeout is how long an Estimate or a Judge may take: Timeout, or 2
// minutes, as the first call waits for KataGo to load its network.
func (k *KataGo) timeout() time.Duration {
	if k.Timeout > 0 {
		return k.Timeout
	}
	return 2 * time.Minute
}

// Judge is Estimate for a query that carries more than a position, a
// record's moves and komi (RecordQuery): KataGo's analysis of q to
// k.Visits visits within k.Timeout, with, for a search, its raw network's
// (nil otherwise), whose judgements (score lead, win rate) are KataGo's
// own answer beside its ownership.
func (k *KataGo) Judge(ctx context.Context, q Query) (last Analysis, raw *Analysis, err error) {
	ctx, cancel := context.WithTimeout(ctx, k.timeout())
	defer cancel()
	last, err = k.Analyze(ctx, q, k.Visits, func(a Analysis) {
		if a.Visits == 0 && raw == nil {
			raw = &a
		}
	})
	if err != nil {
		return Analysis{}, nil, err
	}
	if last.Visits == 0 {
		raw = nil // the network's is the analysis itself
	}
	return last, raw, nil
}

// Analysis is KataGo's judgement of a position at one moment of its
// analysis, from Black's view.
type Analysis struct {
	// Size is the board size; Ownership has Size² entries.
	Size int
	// Ownership is the expected final owner of each point, +1 Black's,
	// −1 White's, in SGF order (index y*Size+x).
	Ownership []float64
	// Visits is the number of visits of the search behind it; 0 for the
	// raw network.
	Visits int
	// Winrate is Black's chance to win.
	Winrate float64
	// ScoreLead is how many points Black leads by.
	ScoreLead float64
}

// Judgement words KataGo's own judgement of the position, its score lead
// and win rate, as every output of moyo shows them: "lead W+3.1, White
// wins 61.8% (200 visits)", or "(network only)" for the raw network. The
// lead is KataGo's estimate of the result at the komi it was told.
func (a Analysis) Judgement() string {
	who, p := "Black", a.Winrate
	if p < 0.5 {
		who, p = "White", 1-p
	}
	what := "network only"
	if a.Visits > 0 {
		what = strconv.Itoa(a.Visits) + " visits"
	}
	return fmt.Sprintf("lead %s, %s wins %.1f%% (%s)", estimators.FormatEstimate(a.ScoreLead, 0), who, 100*p, what)
}

// Judgements words the judgement of an analysis, and under it, for a
// search, its raw network's (raw, when not nil), a line each: "lead
// W+7.0, White wins 70.7% (21 visits)", "network only: lead W+7.6, White
// wins 72.9%".
func Judgements(last Analysis, raw *Analysis) []string {
	lines := []string{last.Judgement()}
	if raw != nil && last.Visits > 0 {
		lines = append(lines, "network only: "+strings.TrimSuffix(raw.Judgement(), " (network only)"))
	}
	return lines
}

// clone returns a copy of a that shares nothing with it.
func (a Analysis) clone() Analysis {
	a.Ownership = append([]float64(nil), a.Ownership...)
	return a
}

// Analyze analyses q progressively: report (if not nil) receives the raw
// network's ownership first, then, when visits > 1, the search's as its
// visits grow, every Interval, and last the search of visits visits (or a
// visit more: KataGo counts the root), which Analyze also returns.
// visits ≤ 1 asks for the raw network alone.
//
// Calls are served one at a time. Cancelling ctx stops the search at once;
// KataGo is then still running and in step, ready for the next call: so
// an app following the position shown cancels the analysis of the last
// one before asking for the next. An engine that turns out to have died
// since the last call is started again once. report is called on
// Analyze's goroutine, with a map it may keep. Analyze keeps no map:
// package reference keeps the app's (reference.Live), by CacheKey.
func (k *KataGo) Analyze(ctx context.Context, q Query, visits int, report func(Analysis)) (Analysis, error) {
	if err := k.Check(estimators.Params{}); err != nil {
		return Analysis{}, err
	}
	if err := q.check(); err != nil {
		return Analysis{}, fmt.Errorf("katago: %w", err)
	}
	if visits <= 1 {
		visits = 0
	}
	if report == nil {
		report = func(Analysis) {}
	}
	if err := acquire(ctx, k.lock); err != nil {
		return Analysis{}, fmt.Errorf("katago: %w", err)
	}
	defer func() { <-k.lock }()
	reused := k.proc != nil
	a, err := k.attempt(ctx, q, visits, report)
	if err != nil && reused && ctx.Err() == nil && k.proc == nil {
		a, err = k.attempt(ctx, q, visits, report)
	}
	if err != nil {
		return Analysis{}, fmt.Errorf("katago: %w", err)
	}
	return a, nil
}

// CacheKey identifies an analysis: the query (Query.Key), the visits
// searched (0 for the raw network) and the engine (its program,
// configuration and network).
type CacheKey struct {
	Query  string
	Visits int
	Engine string
}

// CacheKey returns the key of q analysed to visits by this KataGo: its
// program, configuration and network are part of it.
func (k *KataGo) CacheKey(q Query, visits int) CacheKey {
	if visits <= 1 {
		visits = 0
	}
	return CacheKey{Query: q.Key(), Visits: visits, Engine: strings.Join([]string{k.Path, k.Config, k.Model}, "\x00")}
}

// attempt is one try of Analyze, with k.lock held. A failure that leaves
// KataGo out of step with moyo kills it.
func (k *KataGo) attempt(ctx context.Context, q Query, visits int, report func(Analysis)) (Analysis, error) {
	if k.proc == nil {
		p, err := startKata(k.launch())
		if err != nil {
			return Analysis{}, err
		}
		k.proc, k.state = p, gtpState{}
	}
	a, err := k.run(ctx, q, visits, report)
	if err != nil && k.proc.broken {
		k.proc.kill()
		k.proc = nil
	}
	return a, err
}

// launch is how KataGo's GTP engine is started.
func (k *KataGo) launch() kataLaunch {
	view := "SIDETOMOVE"
	if k.View == KataGoViewBlack {
		view = "BLACK"
	}
	return kataLaunch{
		path: k.Path, mode: "gtp", config: k.Config, model: k.Model, logDir: k.LogDir,
		overrides: []string{
			"reportAnalysisWinratesAs=" + view,
			// The network sees the moves that led to the position, as
			// kata-raw-nn always does: a record's are real.
			"ignorePreRootHistory=false",
			// A search is a search of the visits asked for.
			"searchFactorWhenWinning=1.0",
			"searchFactorAfterOnePass=1.0",
			"searchFactorAfterTwoPass=1.0",
			"maxPlayouts=1000000000000",
			// No bias towards safe or risky play in handicap games.
			"dynamicPlayoutDoublingAdvantageCapPerOppLead=0.0",
			"playoutDoublingAdvantage=0.0",
		},
		extra: k.extraArgs,
	}
}

// run sets q up, reads the raw network and, for visits > 0, searches.
func (k *KataGo) run(ctx context.Context, q Query, visits int, report func(Analysis)) (Analysis, error) {
	if err := k.setup(ctx, q); err != nil {
		return Analysis{}, fmt.Errorf("setting up the position: %w", err)
	}
	toMove := q.ToMove()
	// One symmetry at a time: KataGo separates the symmetries of
	// "kata-raw-nn all" by empty lines, which in GTP end an answer.
	texts := make([]string, 8)
	for sym := range texts {
		text, err := k.proc.send(ctx, "kata-raw-nn "+gtp.Color(toMove)+" "+strconv.Itoa(sym))
		if err != nil {
			return Analysis{}, err
		}
		texts[sym] = text
	}
	raw, err := parseRawNN(strings.Join(texts, "\n"), q.Size())
	if err != nil {
		k.proc.broken = true // not KataGo as moyo knows it
		return Analysis{}, fmt.Errorf("kata-raw-nn: %w", err)
	}
	report(raw.clone())
	if visits == 0 {
		return raw, nil
	}
	return k.search(ctx, toMove, q.Size(), visits, report)
}

// setup tells KataGo what of q it does not hold yet.
func (k *KataGo) setup(ctx context.Context, q Query) error {
	send := func(cmd string) error {
		_, err := k.proc.send(ctx, cmd)
		if err != nil {
			// What KataGo holds is no longer known.
			k.state = gtpState{}
		}
		return err
	}
	if size := q.Size(); k.state.size != size {
		if err := send("boardsize " + strconv.Itoa(size)); err != nil {
			return err
		}
		k.state.size, k.state.position = size, ""
	}
	if rules := q.rules(); k.state.rules != rules {
		if err := send("kata-set-rules " + rules); err != nil {
			return err
		}
		k.state.rules = rules
	}
	if komi := q.komi(); !k.state.hasKomi || k.state.komi != komi {
		if err := send("komi " + strconv.FormatFloat(komi, 'f', -1, 64)); err != nil {
			return err
		}
		k.state.komi, k.state.hasKomi = komi, true
	}
	key := q.Key()
	if k.state.position == key {
		return nil
	}
	k.state.position = ""
	for _, cmd := range q.gtpPosition() {
		if err := send(cmd); err != nil {
			return err
		}
	}
	k.state.position = key
	return nil
}

// search runs a search of visits visits for toMove, reporting each info
// line, and returns the last.
func (k *KataGo) search(ctx context.Context, toMove board.Color, size, visits int, report func(Analysis)) (Analysis, error) {
	if k.state.maxVisits != visits {
		if _, err := k.proc.send(ctx, "kata-set-param maxVisits "+strconv.Itoa(visits)); err != nil {
			return Analysis{}, err
		}
		k.state.maxVisits = visits
	}
	interval := k.Interval
	if interval <= 0 {
		interval = 200 * time.Millisecond
	}
	cs := max(1, interval.Milliseconds()/10)
	cmd := fmt.Sprintf("kata-search_analyze_cancellable %s interval %d ownership true rootInfo true", gtp.Color(toMove), cs)
	var last Analysis
	var parseErr error
	found := false
	err := k.proc.stream(ctx, cmd, func(line string) {
		if !strings.HasPrefix(line, "info ") || parseErr != nil {
			return // "play" and the move chosen
		}
		a, err := parseInfo(line, size, k.blackSign(toMove))
		if err != nil {
			parseErr = err
			return
		}
		last, found = a, true
		if ctx.Err() == nil {
			report(a.clone())
		}
	})
	switch {
	case err != nil:
		return Analysis{}, err
	case parseErr != nil:
		return Analysis{}, fmt.Errorf("kata-search_analyze: %w", parseErr)
	case !found:
		return Analysis{}, errors.New("kata-search_analyze: no analysis before the move")
	}
	return last, nil
}

// blackSign is +1 when KataGo's reports for toMove are Black's view, −1
// when they are White's.
func (k *KataGo) blackSign(toMove board.Color) float64 {
	if k.View != KataGoViewBlack && toMove == board.White {
		return -1
	}
	return 1
}

// Close stops KataGo if it is running. It waits for a call under way.
func (k *KataGo) Close() error {
	k.lock <- struct{}{}
	defer func() { <-k.lock }()
	if k.proc == nil {
		return nil
	}
	err := k.proc.closeGTP()
	k.proc = nil
	return err
}

// ValidateKataGo starts KataGo's GTP engine with the given program,
// configuration and network as NewKataGo does, waits until it answers,
// and stops it. When KataGo cannot start, the error is a *KataGoError
// holding KataGo's own explanation (a network or configuration it cannot
// read, say), for a dialog to show.
func ValidateKataGo(ctx context.Context, path, config, model string) error {
	k := NewKataGo(path, config, model, "")
	return k.validate(ctx)
}

// validate starts k's engine, asks its version and closes it.
func (k *KataGo) validate(ctx context.Context) error {
	p, err := startKata(k.launch())
	if err != nil {
		return err
	}
	if _, err := p.send(ctx, "version"); err != nil {
		p.kill()
		return fmt.Errorf("katago: %w", err)
	}
	return p.closeGTP()
}

// parseRawNN reads kata-raw-nn's answers for some symmetries: per
// symmetry "symmetry N" and keys each followed by their values,
// whiteOwnership by size² of them. It averages them over the symmetries, turned to Black's
// view (kata-raw-nn always reports White's).
func parseRawNN(text string, size int) (Analysis, error) {
	fields := strings.Fields(text)
	n := size * size
	own := make([]float64, n)
	var win, lead float64
	syms, owns := 0, 0
	number := func(i int) (float64, error) {
		if i >= len(fields) {
			return 0, errors.New("answer cut short")
		}
		return strconv.ParseFloat(fields[i], 64)
	}
	for i := 0; i < len(fields); i++ {
		switch fields[i] {
		case "symmetry":
			syms++
			i++
		case "whiteLoss":
			v, err := number(i + 1)
			if err != nil {
				return Analysis{}, fmt.Errorf("whiteLoss: %w", err)
			}
			win += v
			i++
		case "whiteLead":
			v, err := number(i + 1)
			if err != nil {
				return Analysis{}, fmt.Errorf("whiteLead: %w", err)
			}
			lead -= v
			i++
		case "whiteOwnership":
			for j := range n {
				v, err := number(i + 1 + j)
				if err != nil {
					return Analysis{}, fmt.Errorf("whiteOwnership value %d: %w", j+1, err)
				}
				own[j] -= v
			}
			owns++
			i += n
		}
	}
	if owns == 0 || owns != syms {
		return Analysis{}, fmt.Errorf("%d ownership maps for %d symmetries", owns, syms)
	}
	for j := range own {
		own[j] = clamp(own[j]/float64(owns) + 0)
	}
	return Analysis{Size: size, Ownership: own, Winrate: win / float64(syms), ScoreLead: lead / float64(syms)}, nil
}

// parseInfo reads an info line of kata-search_analyze with rootInfo and
// ownership true: the root's visits, winrate and score lead after
// "rootInfo", and the size² numbers after "ownership", top row first as
// SGF orders points. sign turns KataGo's view into Black's.
func parseInfo(line string, size int, sign float64) (Analysis, error) {
	fields := strings.Fields(line)
	a := Analysis{Size: size}
	root := -1
	for i, f := range fields {
		if f == "rootInfo" {
			root = i
			break
		}
	}
	if root < 0 {
		return Analysis{}, errors.New("no rootInfo in the info line")
	}
	seen := 0
	for i := root + 1; i+1 < len(fields) && seen < 3; i += 2 {
		switch fields[i] {
		case "visits", "winrate", "scoreLead":
			v, err := strconv.ParseFloat(fields[i+1], 64)
			if err != nil {
				return Analysis{}, fmt.Errorf("rootInfo %s: %w", fields[i], err)
			}
			switch fields[i] {
			case "visits":
				a.Visits = int(v)
			case "winrate":
				a.Winrate = v
				if sign < 0 {
					a.Winrate = 1 - v
				}
			case "scoreLead":
				a.ScoreLead = sign*v + 0
			}
			seen++
		case "ownership", "info":
			seen = 3
		}
	}
	own, err := parseOwnership(fields, size)
	if err != nil {
		return Analysis{}, err
	}
	for i, v := range own {
		own[i] = clamp(sign*v + 0)
	}
	a.Ownership = own
	return a, nil
}

// parseOwnership reads the size² numbers after "ownership" in the fields
// of an info line.
func parseOwnership(fields []string, size int) ([]float64, error) {
	at := -1
	for i, f := range fields {
		if f == "ownership" {
			at = i + 1
			break
		}
	}
	if at < 0 {
		return nil, errors.New("no ownership in the info line (is ownership enabled?)")
	}
	n := size * size
	if len(fields)-at < n {
		return nil, fmt.Errorf("%d ownership values, want %d", len(fields)-at, n)
	}
	own := make([]float64, n)
	for i, f := range fields[at : at+n] {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(v) {
			return nil, fmt.Errorf("ownership value %d: %q is not a number", i+1, f)
		}
		own[i] = v
	}
	return own, nil
}
