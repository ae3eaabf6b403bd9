package app

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"moyo/board"
	"moyo/engines"
	"moyo/estimators"
	"moyo/eval"
	"moyo/gamescore"
	"moyo/ownership"
	"moyo/randfield"
	"moyo/reference"
	"moyo/render"
	"moyo/scoredist"
)

// graphOptions are the flags of 'moyo game' beyond those of every position
// command.
type graphOptions struct {
	ref       string // final, katago, gnugo-engine[:view=…], or "" for none
	visits    int
	refCache  string
	cache     string // of the final ownerships
	winProb   bool
	winSweeps int
	winSeed   uint64
	turns     int
	compare   string // a second setting, as eval's --estimators writes one
	markMove  bool   // --move was given: the move the PNG marks
}

// gameCommand is 'moyo game': the estimate at every move of a record.
func gameCommand(env Env, args []string) int {
	var o positionOptions
	var g graphOptions
	fs := positionFlags("game", `usage: moyo game [flags] FILE

Run an estimator on every position of the main line of the SGF record FILE
(- reads standard input), from move 0 (the empty board or the setup) to the
last move: the board score of each (the sum of the values, before komi) and
the result it estimates after komi, each exactly what 'moyo analyze --move N'
prints, and the turning points, the moves where the estimate swings most
once the side to move is averaged out. Text is a table, CSV one row a
move, JSON {"moves": [{"move": 0, "board_score": ..., "estimate": ...}, ...],
"turning_points": [...]}; the PNG is the game graph as the app draws it:
the results after komi, faint, under their trend, the turning points, the
record's result as a dashed line, the reference's curve, and --move N
marked.

--reference adds the reference's score at each move and the cross-entropy
of the estimate against it (as 'moyo eval' measures it): final, the final
ownership of a counted game (GNU Go judges the dead stones; the score is
the final area); katago, KataGo's ownership (its raw network, or --visits
N), whose score is the sum of the ownership and whose lead (its own score
lead, told to the record's komi) is also given; gnugo-engine, GNU Go's own
estimate.

--compare adds the estimate of a second setting at each move, written as
for 'moyo eval --estimators' ("symmetric:lambda=0.3", "bp:preset=NAME"):
a second curve in the PNG, measured against the reference too; the
turning points stay the first setting's.

--win-prob adds P(Black wins) for the random fields (bp, bpl), from
--win-sweeps Swendsen-Wang sweeps a position: about a tenth of a second a
move, half a minute for a game.
`, &o, []string{"text", "json", "csv", "png"}, env.Stderr, env.estimators())
	// The position commands' flags that mean something else here.
	fs.Lookup("move").Usage = "png: mark the move `N` (negative counts back from the end; default none)"
	fs.Lookup("pixels").Usage = "png: the picture's width in `pixels`"
	// A board picture's flags: refused below, so left out of -h.
	for _, name := range []string{"legend", "overlay"} {
		fs.Lookup(name).Usage = ""
	}
	fs.StringVar(&g.ref, "reference", "", "also the `REFERENCE`'s score at each move and the cross-entropy against it: final, katago or gnugo-engine[:view=status] (see above)")
	fs.IntVar(&g.visits, "visits", 0, "--reference katago: KataGo's search of `N` visits per position (default: the raw network, 8 symmetries averaged)")
	fs.StringVar(&g.refCache, "reference-cache", "", "`DIR` of the reference maps' cache (default: moyo/reference in the user cache directory)")
	fs.StringVar(&g.cache, "cache", "", "--reference final: `DIR` of the final-ownership cache (default: moyo/ownership in the user cache directory)")
	fs.BoolVar(&g.winProb, "win-prob", false, "also P(Black wins) at each move, for bp and bpl (slow: see above)")
	fs.IntVar(&g.winSweeps, "win-sweeps", 1000, "--win-prob: Swendsen-Wang `sweeps` of each of the sampler's two chains per position")
	fs.Uint64Var(&g.winSeed, "win-seed", 1, "--win-prob: the sampler's `seed`")
	fs.IntVar(&g.turns, "turns", 5, "list and mark the `N` largest turning points")
	fs.StringVar(&g.compare, "compare", "", "also the estimate of a second `setting` at each move (see above)")
	check := func() error {
		g.markMove = o.moveSet
		if !o.moveSet {
			// The whole line is wanted, also before an illegal move
			// (target warns of it): take the setup as the position, which
			// only marks nothing.
			o.moveSet, o.move = true, 0
		}
		for _, name := range []string{"legend", "overlay"} {
			if _, ok := o.set[name]; ok {
				return fmt.Errorf("--%s is for a board's picture; 'moyo game' draws the game graph", name)
			}
		}
		if g.compare != "" {
			if _, err := g.comparison(o); err != nil {
				return err
			}
		}
		if g.turns < 0 {
			return fmt.Errorf("--turns %d is negative", g.turns)
		}
		if g.winSweeps < scoredist.DefaultBlocks {
			return fmt.Errorf("--win-sweeps %d is fewer than %d", g.winSweeps, scoredist.DefaultBlocks)
		}
		if g.winProb {
			est, _ := o.lookup()
			p, _ := o.merge(est.Info())
			if _, err := randfield.FieldOf(est, p); err != nil {
				return fmt.Errorf("--win-prob needs a random field, bp or bpl: %w", err)
			}
		}
		rf := g.refFlags(o)
		if g.cache != "" && !rf.final() {
			return errors.New("--cache is for --reference final")
		}
		if g.ref == "" {
			if g.visits != 0 || g.refCache != "" {
				return errors.New("--visits and --reference-cache are for --reference katago or gnugo-engine")
			}
			return nil
		}
		return rf.check()
	}
	return runPositionCommand(env, fs, &o, args, check, func(t target) error {
		return runGraph(env, o, g, t)
	})
}

// comparison returns the setting of --compare.
func (g graphOptions) comparison(o positionOptions) (eval.Candidate, error) {
	cands, err := parseSettings(g.compare, o.ests)
	if err != nil {
		return eval.Candidate{}, fmt.Errorf("--compare: %w", err)
	}
	if len(cands) != 1 {
		return eval.Candidate{}, fmt.Errorf("--compare: %d settings, want one", len(cands))
	}
	return cands[0], nil
}

// refFlags are the reference's flags as 'moyo eval' reads them, with the
// KataGo program and network of the engine flags.
func (g graphOptions) refFlags(o positionOptions) refFlags {
	r := refFlags{flag: "reference", spec: g.ref, visits: g.visits, cache: g.refCache}
	if name, _, _ := r.kind(); name == refKataGo {
		// A GTP configuration (--katago-config) does not serve KataGo's
		// analysis engine, which finds its own beside the program.
		r.katago, r.katagoModel = o.engines.KataGoPath, o.engines.KataGoModel
	}
	return r
}

// graphRow is one move of 'moyo game': the JSON contract, which other
// tools read, so its field names do not change. Fields of what was not
// asked for are left out; a reference that could not judge a position
// leaves its fields out there.
type graphRow struct {
	Move       int     `json:"move"`
	BoardScore float64 `json:"board_score"`
	// Estimate is the result the board score estimates after komi,
	// "W+15.2", as 'moyo analyze' names it (the key was "result", which
	// read as the game's).
	Estimate string `json:"estimate"`
	// RefBoardScore is the sum of the reference's map; RefLead KataGo's
	// own score lead, told to the record's komi.
	RefBoardScore *float64 `json:"reference_board_score,omitempty"`
	RefLead       *float64 `json:"reference_lead,omitempty"`
	// CrossEntropy is the estimate's against the reference, in nats per
	// point (eval.Measures).
	CrossEntropy *float64 `json:"cross_entropy,omitempty"`
	// The second setting's (--compare) board score, estimate and
	// cross-entropy against the reference.
	CompareBoardScore   *float64 `json:"compare_board_score,omitempty"`
	CompareEstimate     string   `json:"compare_estimate,omitempty"`
	CompareCrossEntropy *float64 `json:"compare_cross_entropy,omitempty"`
	PBlackWins          *float64 `json:"p_black_wins,omitempty"`
	PStdErr             *float64 `json:"p_black_wins_stderr,omitempty"`
}

// graphReport is the JSON output of 'moyo game'.
type graphReport struct {
	Game      string         `json:"game"`
	Estimator string         `json:"estimator"`
	Params    map[string]any `json:"params"`
	Komi      float64        `json:"komi"`
	// Compare names the second setting; "" without one.
	Compare string `json:"compare,omitempty"`
	// Reference describes the reference; "" without one.
	Reference     string     `json:"reference,omitempty"`
	Moves         []graphRow `json:"moves"`
	TurningPoints []jsonTurn `json:"turning_points"`
	ElapsedMS     float64    `json:"elapsed_ms"`
	line          string     // the estimator and its parameters, in a line
	turns         []gamescore.Turn
	scores        []float64
	refCurve      []float64 // the reference's results after komi, NaN where none
	refLabel      string
	compared      []float64 // the second setting's board scores, or nil
}

// jsonTurn is a turning point.
type jsonTurn struct {
	Move  int     `json:"move"`
	Swing float64 `json:"swing"`
}

// runGraph computes every move's estimate, and what else was asked, and
// writes the report.
func runGraph(env Env, o positionOptions, g graphOptions, t target) error {
	ctx := context.Background()
	rec := t.rec
	ps := gamescore.Positions(rec)
	komi := rec.Info.Komi
	start := time.Now()
	scores, err := scoreLine(ctx, env, t.est, t.params, ps, g.ref != "")
	if err != nil {
		return fmt.Errorf("%s: %s: %w", t.name, t.est.Info().Name, err)
	}
	elapsed := time.Since(start)
	rep := graphReport{
		Game: rec.Info.Title(), Estimator: t.est.Info().Name, Params: paramMap(t.est.Info(), t.params), Komi: komi,
		line: t.est.Info().Name, scores: gamescore.BoardScores(scores), ElapsedMS: float64(elapsed.Microseconds()) / 1000,
	}
	if l := paramLine(t.est.Info(), t.params); l != "" {
		rep.line += " (" + l + ")"
	}
	for _, s := range scores {
		rep.Moves = append(rep.Moves, graphRow{Move: s.Move, BoardScore: s.BoardScore, Estimate: estimators.FormatEstimate(s.BoardScore, komi)})
	}
	rep.turns = gamescore.TurningPoints(rep.scores, g.turns)
	rep.TurningPoints = []jsonTurn{}
	for _, tp := range rep.turns {
		rep.TurningPoints = append(rep.TurningPoints, jsonTurn{tp.Move, tp.Swing})
	}
	var compared []gamescore.Score
	if g.compare != "" {
		c, _ := g.comparison(o) // checked with the flags
		rep.Compare = c.Name()
		if compared, err = scoreLine(ctx, env, c.Estimator, c.Params, ps, g.ref != ""); err != nil {
			return fmt.Errorf("%s: %s: %w", t.name, c.Name(), err)
		}
		rep.compared = gamescore.BoardScores(compared)
		for i, s := range compared {
			rep.Moves[i].CompareBoardScore = number(s.BoardScore)
			rep.Moves[i].CompareEstimate = estimators.FormatEstimate(s.BoardScore, komi)
		}
	}
	if g.ref != "" {
		refs, err := referenceMaps(ctx, env, o, g, t, &rep)
		if err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		// Each estimate against the reference's map, as eval measures it.
		entropy := func(values, ref []float64) *float64 {
			var s eval.Sums
			s.CompareRef(values, ref, eval.DefaultEpsilon)
			return number(s.Measures().CrossEntropy)
		}
		for i, ref := range refs {
			if ref == nil {
				continue
			}
			rep.Moves[i].RefBoardScore = number(estimators.Result{Values: ref}.BoardScore())
			rep.Moves[i].CrossEntropy = entropy(scores[i].Values, ref)
			if compared != nil {
				rep.Moves[i].CompareCrossEntropy = entropy(compared[i].Values, ref)
			}
		}
	}
	if g.winProb {
		m, _ := randfield.FieldOf(t.est, t.params) // checked with the flags
		bar := newProgress(env, "P(Black wins)")
		done := 0
		wps, err := gamescore.WinProbs(ctx, m, ps, gamescore.WinProbOptions{Komi: komi, Sweeps: g.winSweeps, Seed: g.winSeed}, func(gamescore.WinProb) {
			done++
			bar.update(done, len(ps))
		})
		bar.clear()
		if err != nil {
			return fmt.Errorf("%s: P(Black wins): %w", t.name, err)
		}
		for i, w := range wps {
			rep.Moves[i].PBlackWins, rep.Moves[i].PStdErr = number(w.P), number(w.StdErr)
		}
	}
	return o.write(env, func(w io.Writer) error {
		switch o.format {
		case "json":
			return json.NewEncoder(w).Encode(rep)
		case "csv":
			return rep.writeCSV(w)
		case "png":
			current := -1
			if g.markMove {
				current = t.step.Number
			}
			return rep.writePNG(w, o.pixels, rep.heading(t, current), rec.Info.Result, rec.Moves(), current)
		}
		return rep.writeText(w)
	})
}

// scoreLine runs est with p on every position of ps, with a progress
// bar, keeping the values when values is set.
func scoreLine(ctx context.Context, env Env, est estimators.Estimator, p estimators.Params, ps []*board.Position, values bool) ([]gamescore.Score, error) {
	bar := newProgress(env, est.Info().Name)
	defer bar.clear()
	done := 0
	return gamescore.Compute(ctx, est, p, ps, gamescore.Options{Values: values}, func(gamescore.Score) {
		done++
		bar.update(done, len(ps))
	})
}

// referenceMaps returns the reference's map of every position of the
// line (nil where the reference could not judge one, with a warning),
// describes the reference in rep, and gives rep the reference's curve
// for the PNG: for KataGo its own score lead, told to the record's komi,
// which it also gives each row.
func referenceMaps(ctx context.Context, env Env, o positionOptions, g graphOptions, t target, rep *graphReport) ([][]float64, error) {
	rec, komi := t.rec, t.rec.Info.Komi
	n := rec.Moves() + 1
	maps := make([][]float64, n)
	rep.refCurve = make([]float64, n)
	for i := range rep.refCurve {
		rep.refCurve[i] = math.NaN()
	}
	rf := g.refFlags(o)
	if rf.final() {
		f, err := finalOwnership(ctx, t, o.gameIndex-1, g.cache)
		if err != nil {
			return nil, err
		}
		rep.Reference = fmt.Sprintf("the final ownership, %s (GNU Go judged the dead stones)", f.Result)
		ref := make([]float64, len(f.Owner))
		for i, v := range f.Owner {
			ref[i] = float64(v)
		}
		for i := range maps {
			maps[i] = ref
		}
		return maps, nil // the result's level is the curve
	}
	src, err := rf.source(o.engines.GnuGoPath)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	rep.Reference = src.Describe()
	bar := newProgress(env, src.Name())
	defer bar.clear()
	if k, ok := src.(*reference.KataGo); ok {
		// KataGo's own lead, besides its map: asked of its analysis
		// engine directly, which reports both.
		rep.refLabel = "KataGo's lead"
		qs := make([]engines.Query, n)
		for i := range qs {
			qs[i] = reference.Query(rec, i)
		}
		done := 0
		as, err := k.Batch.Analyze(ctx, qs, k.Visits, func(int, engines.Analysis) {
			done++
			bar.update(done, len(qs))
		})
		var be *engines.BatchError
		if err != nil && !errors.As(err, &be) {
			return nil, err
		}
		for i, a := range as {
			if len(a.Ownership) == 0 {
				fmt.Fprintf(env.Stderr, "moyo: warning: katago: move %d: %v\n", i, be.Failed[i])
				continue
			}
			maps[i] = a.Ownership
			// The lead of the komi KataGo was told, turned to the record's.
			lead := a.ScoreLead + qs[i].Komi - komi
			rep.Moves[i].RefLead = number(lead)
			rep.refCurve[i] = lead
		}
		return maps, nil
	}
	rep.refLabel = "GNU Go"
	positions := make([]reference.Position, n)
	for i := range positions {
		positions[i] = reference.Position{Record: rec, Move: i}
	}
	got, errs, err := src.Maps(ctx, positions, bar.update)
	if err != nil {
		return nil, err
	}
	for i, m := range got {
		if m == nil {
			fmt.Fprintf(env.Stderr, "moyo: warning: %s: move %d: %v\n", src.Name(), i, errs[i])
			continue
		}
		maps[i] = m
		rep.refCurve[i] = estimators.Result{Values: m}.BoardScore() - komi
	}
	return maps, nil
}

// finalOwnership returns the final ownership of the record of t, game
// index of its file, judged by GNU Go and cached in dir ("" for the
// default) as 'moyo eval' caches it, checked against the record's result.
func finalOwnership(ctx context.Context, t target, index int, dir string) (*ownership.Final, error) {
	if _, err := ownership.ParseResult(t.rec.Info.Result); err != nil {
		return nil, fmt.Errorf("--reference final needs a counted game, and the result is %q: %w", t.rec.Info.Result, err)
	}
	if dir == "" {
		var err error
		if dir, err = ownership.DefaultCacheDir(); err != nil {
			dir = "" // judge every time rather than fail
		}
	}
	s := ownership.Scorer{Cache: dir}
	defer s.Close()
	f, err := s.Final(ctx, t.rec, ownership.Key(t.data, index))
	if err != nil {
		return nil, fmt.Errorf("the final ownership: %w", err)
	}
	if err := f.Check(); err != nil {
		return nil, fmt.Errorf("the final ownership: %w", err)
	}
	return f, nil
}

// columns are the fields of the rows that are there, in order, with how
// text and CSV write them.
func (r graphReport) columns() []graphColumn {
	cols := []graphColumn{
		{"move", "move", func(g graphRow) string { return strconv.Itoa(g.Move) }},
		{"board_score", "board", func(g graphRow) string { return fixed2(g.BoardScore) }},
		{"estimate", "estimate", func(g graphRow) string { return g.Estimate }},
	}
	has := func(f func(graphRow) *float64) bool {
		for _, m := range r.Moves {
			if f(m) != nil {
				return true
			}
		}
		return false
	}
	opt := func(name, head string, f func(graphRow) *float64, digits int) {
		if has(f) {
			cols = append(cols, graphColumn{name, head, func(g graphRow) string {
				if v := f(g); v != nil {
					if digits == 2 {
						return fixed2(*v)
					}
					return strconv.FormatFloat(*v, 'f', digits, 64)
				}
				return ""
			}})
		}
	}
	opt("compare_board_score", "compare", func(g graphRow) *float64 { return g.CompareBoardScore }, 2)
	if r.Compare != "" {
		cols = append(cols, graphColumn{"compare_estimate", "cmp estimate", func(g graphRow) string { return g.CompareEstimate }})
	}
	opt("reference_board_score", "ref board", func(g graphRow) *float64 { return g.RefBoardScore }, 2)
	opt("reference_lead", "ref lead", func(g graphRow) *float64 { return g.RefLead }, 2)
	opt("cross_entropy", "x-entropy", func(g graphRow) *float64 { return g.CrossEntropy }, 3)
	opt("compare_cross_entropy", "cmp x-entropy", func(g graphRow) *float64 { return g.CompareCrossEntropy }, 3)
	opt("p_black_wins", "P(B wins)", func(g graphRow) *float64 { return g.PBlackWins }, 3)
	opt("p_black_wins_stderr", "±", func(g graphRow) *float64 { return g.PStdErr }, 3)
	return cols
}

// fixed2 writes v with two decimals, and 0 rather than −0.00 for what
// rounds to it.
func fixed2(v float64) string {
	if math.Abs(v) < 0.005 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// graphColumn is a column of the table: its CSV name, its heading in the
// text, and its cell.
type graphColumn struct {
	name, head string
	cell       func(graphRow) string
}

func (r graphReport) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cols := r.columns()
	row := make([]string, len(cols))
	for k, c := range cols {
		row[k] = c.name
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	for _, m := range r.Moves {
		for k, c := range cols {
			row[k] = c.cell(m)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func (r graphReport) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "game:       %s\n", r.Game)
	fmt.Fprintf(&b, "estimator:  %s\n", r.line)
	if r.Compare != "" {
		fmt.Fprintf(&b, "compare:    %s\n", r.Compare)
	}
	fmt.Fprintf(&b, "komi:       %g\n", r.Komi)
	if r.Reference != "" {
		fmt.Fprintf(&b, "reference:  %s\n", r.Reference)
	}
	b.WriteString("\n")
	cols := r.columns()
	cells := [][]string{make([]string, len(cols))}
	for k, c := range cols {
		cells[0][k] = c.head
	}
	for _, m := range r.Moves {
		row := make([]string, len(cols))
		for k, c := range cols {
			row[k] = c.cell(m)
		}
		cells = append(cells, row)
	}
	width := make([]int, len(cols))
	for _, row := range cells {
		for k, s := range row {
			width[k] = max(width[k], len([]rune(s)))
		}
	}
	for _, row := range cells {
		var line strings.Builder
		for k, s := range row {
			fmt.Fprintf(&line, "%*s  ", width[k]+len(s)-len([]rune(s)), s)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString("\nturning points (swing of the estimate, the side to move averaged out):\n")
	if len(r.turns) == 0 {
		b.WriteString("  none beyond the swings of every move\n")
	}
	for _, tp := range r.turns {
		fmt.Fprintf(&b, "  move %3d  %s\n", tp.Move, render.LeadLabel(math.Round(tp.Swing*100)/100))
	}
	n := len(r.Moves)
	fmt.Fprintf(&b, "\nelapsed:    %.1f ms for %d positions, %.3f ms a position\n", r.ElapsedMS, n, r.ElapsedMS/float64(max(1, n)))
	_, err := io.WriteString(w, b.String())
	return err
}

// heading is the caption of the game graph's PNG: the game, the move
// marked (or the last), the estimator with its parameters and the komi,
// and the estimate at that move, with the record's result beside it at
// the last.
func (r graphReport) heading(t target, current int) render.Heading {
	rec := t.rec
	n := current
	if n < 0 || n >= len(r.Moves) {
		n = len(r.Moves) - 1
	}
	count := ""
	if n == rec.Moves() {
		if res := rec.ResultAt(len(rec.Steps) - 1); res != "" {
			count = "result " + res
		}
	}
	file := filepath.Base(t.name)
	h := render.Heading{
		Game:      rec.Info.Players(file),
		File:      file,
		Move:      fmt.Sprintf("move %d of %d", n, rec.Moves()),
		Estimator: r.Estimator,
		Note:      "komi " + strconv.FormatFloat(r.Komi, 'f', -1, 64),
	}
	if l := paramLine(t.est.Info(), t.params); l != "" {
		h.Note = l + ", " + h.Note
	}
	if n >= 0 {
		h.Estimate = estimators.EstimateLine(r.Moves[n].BoardScore, r.Komi, t.est.Info().SumName(), count)
	}
	return h
}

// writePNG draws the game graph, pixels wide, with h as its caption, and
// under it the cross-entropies against the reference when there is one.
func (r graphReport) writePNG(w io.Writer, pixels int, h render.Heading, result string, moves, current int) error {
	g := gamescore.Graph{Moves: moves, Komi: r.Komi, Result: result, Scores: r.scores, Label: r.Estimator, Turns: r.turns, Current: current}
	if r.compared != nil {
		g.Others = append(g.Others, gamescore.Trended(gamescore.Leads(r.compared, r.Komi), render.CurveSecond, r.Compare))
	}
	if r.refCurve != nil && r.refLabel != "" {
		g.Others = append(g.Others, render.GameCurve{Values: r.refCurve, Style: render.CurveReference, Label: r.refLabel})
	}
	caption := h.Lines()
	if r.Compare != "" {
		caption = append(caption, "against "+r.Compare)
	}
	img, err := render.ChartImage(g.Chart(), pixels, pixels*9/20+render.CaptionHeight(pixels, len(caption)), caption)
	if err != nil {
		return err
	}
	// Under it, as in the app, each estimate's cross-entropy against the
	// reference.
	entropy := render.GameChart{Moves: moves, Axis: render.AxisFrom0, Current: current}
	for _, e := range []struct {
		style render.CurveStyle
		label string
		value func(graphRow) *float64
	}{
		{render.CurveMain, "cross-entropy against the reference, " + r.Estimator, func(g graphRow) *float64 { return g.CrossEntropy }},
		{render.CurveSecond, r.Compare, func(g graphRow) *float64 { return g.CompareCrossEntropy }},
	} {
		vs, any := make([]float64, len(r.Moves)), false
		for i, m := range r.Moves {
			vs[i] = math.NaN()
			if v := e.value(m); v != nil {
				vs[i], any = *v, true
			}
		}
		if any {
			entropy.Curves = append(entropy.Curves, render.GameCurve{Values: vs, Style: e.style, Label: e.label})
		}
	}
	if len(entropy.Curves) > 0 {
		strip, err := render.ChartImage(entropy, pixels, pixels/5, nil)
		if err != nil {
			return err
		}
		img = render.Stack(img, strip)
	}
	return render.EncodePNG(w, img)
}
