package engines

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"moyo/board"
	"moyo/gtp"
)

// KataGoBatch analyses many positions through KataGo's JSON analysis
// engine ("katago analysis"): every query is sent at once and KataGo
// searches several positions in parallel, batching their network
// evaluations, which is what moyo's evaluation over hundreds of positions
// wants. Ownership is read as Black's (moyo passes reportAnalysisWinratesAs
// BLACK), with the settings of KataGo (the estimator) for a plain search
// that sees the moves before the position; so its raw network agrees
// with KataGo's kata-raw-nn to the decimals that prints (10⁻⁶).
//
// Make one with NewKataGoBatch; it starts KataGo at the first Analyze and
// keeps it for the next; Close stops it. Its methods may be called from
// several goroutines; analyses run one batch at a time.
type KataGoBatch struct {
	// Path, Config and Model start KataGo as "Path analysis -config
	// Config -model Model". Config is an analysis configuration (such as
	// KataGo's analysis_example.cfg, or KaTrain's); "" is moyo's minimal
	// one. An empty Model lets KataGo find its default.
	Path, Config, Model string
	// LogDir, if set, is where KataGo writes its log; otherwise a log
	// goes to the process's private working folder.
	LogDir string

	lock      chan struct{} // one slot: held while a batch runs
	proc      *kataProc
	batch     int      // numbers the batches, so that ids never repeat
	extraArgs []string // put first on KataGo's command line (tests)
}

// NewKataGoBatch returns an analysis engine for KataGo at path with the
// given analysis configuration and network ("" for the defaults).
func NewKataGoBatch(path, config, model string) *KataGoBatch {
	return &KataGoBatch{Path: path, Config: config, Model: model, lock: make(chan struct{}, 1)}
}

// BatchError lists the queries of a batch that KataGo refused, by their
// index; the others were analysed.
type BatchError struct {
	Failed map[int]error
}

func (e *BatchError) Error() string {
	first := -1
	for i := range e.Failed {
		if first < 0 || i < first {
			first = i
		}
	}
	if len(e.Failed) == 1 {
		return fmt.Sprintf("katago: position %d: %v", first+1, e.Failed[first])
	}
	return fmt.Sprintf("katago: %d positions failed, the first (position %d): %v", len(e.Failed), first+1, e.Failed[first])
}

// Analyze analyses every query to visits visits (≤ 1: the raw network,
// its 8 symmetries averaged) and returns the analyses in the order of qs.
// done, if not nil, is called with each analysis as it arrives, in
// KataGo's order. A query KataGo refuses leaves its Analysis empty, and
// the error is then a *BatchError naming it; any other error means the
// batch failed. Cancelling ctx stops the analysis.
func (b *KataGoBatch) Analyze(ctx context.Context, qs []Query, visits int, done func(i int, a Analysis)) ([]Analysis, error) {
	lines := make([]string, len(qs))
	for i, q := range qs {
		if err := q.check(); err != nil {
			return nil, fmt.Errorf("katago: position %d: %w", i+1, err)
		}
	}
	if err := acquire(ctx, b.lock); err != nil {
		return nil, fmt.Errorf("katago: %w", err)
	}
	defer func() { <-b.lock }()
	if b.proc == nil {
		p, err := startKata(b.launch())
		if err != nil {
			return nil, err
		}
		b.proc = p
	}
	b.batch++
	prefix := strconv.Itoa(b.batch) + "."
	for i, q := range qs {
		line, err := json.Marshal(analysisQuery(q, prefix+strconv.Itoa(i), visits))
		if err != nil {
			return nil, fmt.Errorf("katago: %w", err)
		}
		lines[i] = string(line)
	}
	out, err := b.run(ctx, qs, prefix, lines, done)
	if err != nil && b.proc.broken {
		b.proc.kill()
		b.proc = nil
	}
	return out, err
}

// launch is how the analysis engine is started.
func (b *KataGoBatch) launch() kataLaunch {
	return kataLaunch{
		path: b.Path, mode: "analysis", config: b.Config, model: b.Model, logDir: b.LogDir,
		overrides: []string{
			"reportAnalysisWinratesAs=BLACK",
			// The network sees the moves that led to the position, as in
			// kata-raw-nn and moyo's GTP searches: a record's are real.
			"ignorePreRootHistory=false",
			"searchFactorAfterOnePass=1.0",
			"searchFactorAfterTwoPass=1.0",
			"maxPlayouts=1000000000000",
			"playoutDoublingAdvantage=0.0",
		},
		extra: b.extraArgs,
	}
}

// run writes the query lines and reads the answers, with b.lock held.
func (b *KataGoBatch) run(ctx context.Context, qs []Query, prefix string, lines []string, done func(int, Analysis)) ([]Analysis, error) {
	p := b.proc
	// The queries are written on their own goroutine, as KataGo answers
	// while it reads; stop ends the writing early.
	type wrote struct {
		n   int
		err error
	}
	written := make(chan wrote, 1)
	stop := make(chan struct{})
	go func() {
		for n, l := range lines {
			select {
			case <-stop:
				written <- wrote{n, nil}
				return
			default:
			}
			if err := p.write(l); err != nil {
				written <- wrote{n, err}
				return
			}
		}
		written <- wrote{len(lines), nil}
	}()
	out := make([]Analysis, len(qs))
	failed := map[int]error{}
	sent, answered := len(qs), 0
	wait := ctx.Done()
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	fail := func(err error) ([]Analysis, error) {
		p.broken = true
		if ctx.Err() != nil {
			err = ctx.Err() // the caller's reason comes first
		}
		return nil, fmt.Errorf("katago: %w", err)
	}
	for answered < sent {
		line, gaveUp, err := p.recv(wait)
		if gaveUp && timer == nil {
			// Give KataGo a grace period to stop every search: each
			// query sent still gets its one final answer, which keeps
			// KataGo in step for the next batch.
			expired := make(chan struct{})
			timer = time.AfterFunc(4*grace, func() { close(expired) })
			wait = expired
			close(stop)
			var w wrote
			select {
			case w = <-written:
			case <-expired:
				return fail(errors.New("KataGo stopped reading"))
			}
			if w.err != nil {
				return fail(w.err)
			}
			sent, written = w.n, nil
			if err := p.write(`{"id":"` + prefix + `stop","action":"terminate_all"}`); err != nil {
				return fail(err)
			}
			continue
		}
		if gaveUp {
			return fail(errors.New("KataGo did not stop searching"))
		}
		if err != nil {
			return fail(err)
		}
		var r analysisResponse
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return fail(fmt.Errorf("an answer that is not JSON: %q", truncate(line)))
		}
		i, ok := r.index(prefix, len(qs))
		switch {
		case !ok:
			if r.Error != "" && r.ID == "" {
				// An error about no query in particular: a line KataGo
				// could not read as a query at all.
				return fail(errors.New(r.Error))
			}
			continue // an earlier batch's, or the terminate_all echo
		case r.Warning != "":
			continue
		case r.Error != "":
			failed[i] = fmt.Errorf("%s (%s)", r.Error, r.Field)
			answered++
			continue
		case r.IsDuringSearch:
			continue
		}
		answered++
		if r.NoResults {
			continue
		}
		a, err := r.analysis(qs[i].Size())
		if err != nil {
			failed[i] = err
			continue
		}
		out[i] = a
		if done != nil && ctx.Err() == nil {
			done(i, a.clone())
		}
	}
	if written != nil {
		if w := <-written; w.err != nil {
			return fail(w.err)
		}
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("katago: %w", ctx.Err())
	}
	if len(failed) > 0 {
		return out, &BatchError{Failed: failed}
	}
	return out, nil
}

// truncate shortens garbage for an error message.
func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// Close stops the analysis engine if it is running. It waits for a batch
// under way.
func (b *KataGoBatch) Close() error {
	b.lock <- struct{}{}
	defer func() { <-b.lock }()
	if b.proc == nil {
		return nil
	}
	p := b.proc
	b.proc = nil
	if p.broken {
		p.kill()
		return nil
	}
	// Without input, the analysis engine finishes and exits.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return p.finish(ctx, nil)
}

// jsonQuery is one query of KataGo's JSON analysis engine.
type jsonQuery struct {
	ID             string         `json:"id"`
	InitialStones  [][2]string    `json:"initialStones"`
	InitialPlayer  string         `json:"initialPlayer"`
	Moves          [][2]string    `json:"moves"`
	Rules          string         `json:"rules"`
	Komi           float64        `json:"komi"`
	BoardXSize     int            `json:"boardXSize"`
	BoardYSize     int            `json:"boardYSize"`
	AnalyzeTurns   []int          `json:"analyzeTurns"`
	MaxVisits      int            `json:"maxVisits"`
	Ownership      bool           `json:"includeOwnership"`
	OverrideParams map[string]any `json:"overrideSettings,omitempty"`
}

// analysisQuery returns the JSON query for q with the given id, searched
// to visits visits; visits ≤ 1 is the root's network evaluation, averaged
// over the 8 symmetries as kata-raw-nn is.
func analysisQuery(q Query, id string, visits int) jsonQuery {
	size := q.Size()
	j := jsonQuery{
		ID: id, InitialStones: [][2]string{}, Moves: [][2]string{},
		InitialPlayer: q.Start.ToMove().String(),
		Rules:         q.rules(), Komi: q.komi(), BoardXSize: size, BoardYSize: size,
		AnalyzeTurns: []int{len(q.Moves)}, MaxVisits: max(1, visits), Ownership: true,
	}
	if j.InitialPlayer != "W" {
		j.InitialPlayer = "B"
	}
	for _, c := range []board.Color{board.Black, board.White} {
		for i := range q.Start.Len() {
			if q.Start.Cell(i) == c {
				j.InitialStones = append(j.InitialStones, [2]string{c.String(), gtp.Vertex(q.Start.PointOf(i), size)})
			}
		}
	}
	for _, m := range q.Moves {
		j.Moves = append(j.Moves, [2]string{m.Color.String(), moveVertex(m, size)})
	}
	if visits <= 1 {
		j.OverrideParams = map[string]any{"rootNumSymmetriesToSample": 8}
	}
	return j
}

// analysisResponse is what the analysis engine answers: an analysis, a
// warning or an error.
type analysisResponse struct {
	ID             string    `json:"id"`
	Error          string    `json:"error"`
	Warning        string    `json:"warning"`
	Field          string    `json:"field"`
	IsDuringSearch bool      `json:"isDuringSearch"`
	NoResults      bool      `json:"noResults"`
	Ownership      []float64 `json:"ownership"`
	RootInfo       struct {
		Visits    int     `json:"visits"`
		Winrate   float64 `json:"winrate"`
		ScoreLead float64 `json:"scoreLead"`
	} `json:"rootInfo"`
}

// index returns the index in this batch (of n queries) of the query r
// answers.
func (r analysisResponse) index(prefix string, n int) (int, bool) {
	rest, ok := strings.CutPrefix(r.ID, prefix)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil && i >= 0 && i < n
}

// analysis returns r as an Analysis of a size×size board.
func (r analysisResponse) analysis(size int) (Analysis, error) {
	if len(r.Ownership) != size*size {
		return Analysis{}, fmt.Errorf("%d ownership values, want %d (is ownership enabled?)", len(r.Ownership), size*size)
	}
	own := make([]float64, len(r.Ownership))
	for i, v := range r.Ownership {
		own[i] = clamp(v + 0)
	}
	visits := r.RootInfo.Visits
	if visits <= 1 {
		visits = 0
	}
	return Analysis{Size: size, Ownership: own, Visits: visits, Winrate: r.RootInfo.Winrate, ScoreLead: r.RootInfo.ScoreLead}, nil
}
