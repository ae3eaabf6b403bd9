package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"moyo/board"
	"moyo/count"
	"moyo/engines"
	"moyo/estimators"
	"moyo/game"
	"moyo/render"
)

// countReport is what 'moyo count' says of a position: the JSON keys are
// its interface.
type countReport struct {
	File string `json:"file"`
	Move int    `json:"move"`
	// Moves is the number of moves of the record's line.
	Moves int     `json:"moves"`
	Rules string  `json:"rules"`
	Komi  float64 `json:"komi"`
	// Judge names who judged the dead stones: auto, gnugo or katago.
	Judge string `json:"judge"`
	// Result is the count's result after komi: "B+2", "W+0.5", "0".
	Result string `json:"result"`
	// Black and White are the points each side counts, before komi.
	Black float64 `json:"black"`
	White float64 `json:"white"`
	// Prisoners are each side's captures and dead stones taken.
	BlackPrisoners int `json:"black_prisoners"`
	WhitePrisoners int `json:"white_prisoners"`
	// Dead and Seki are the stones judged dead and in seki, like "D4".
	Dead []string `json:"dead"`
	Seki []string `json:"seki"`
	// RecordResult is the record's RE, "" when it gives none.
	RecordResult string `json:"record_result,omitempty"`

	lines []string // the count in words (count.Count.Lines)
}

// countCommand is 'moyo count': the position at the end of a game (or
// after --move) counted by area or territory, with the dead stones judged
// by moyo, GNU Go or KataGo.
func countCommand(env Env, args []string) int {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	var o struct {
		move, gameIndex, pixels  int
		rules, dead, format, out string
		engines                  engines.Config
	}
	fs.IntVar(&o.move, "move", 0, "position after `N` moves of the main line: 0 = setup only, negative counts back from the end (default: the last)")
	fs.IntVar(&o.gameIndex, "game", 1, "which game `N` of a collection, from 1")
	fs.StringVar(&o.rules, "rules", "area", "`RULES` of the count: area (stones and surrounded points; Chinese) or territory (surrounded points and prisoners; Japanese) (default: the record's rules (RU) when it names them, else area)")
	fs.StringVar(&o.dead, "dead", "auto", "`WHO` judges the dead stones: auto (moyo, no engine), gnugo or katago")
	fs.StringVar(&o.format, "format", "text", "output `FORMAT`: text|json|png")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.IntVar(&o.pixels, "pixels", 760, "png: width `N` of the image in pixels")
	engineFlags(fs, &o.engines, "--dead gnugo", "--dead katago")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo count [flags] FILE

Count the position at the end of the SGF record FILE (- reads standard
input), or after --move, as the players count a finished game: the dead
stones lifted, then by area (stones and the empty points they surround) or
by territory (surrounded points and prisoners), with the record's komi.
No territory is counted inside a seki under territory rules.

The dead stones are moyo's own judgement unless --dead names an engine.

Flags:
`)
		fs.PrintDefaults()
	}
	files, set, code := parseBoardCommand(env, fs, args, &o.format, &o.pixels)
	if code >= 0 {
		return code
	}
	rules, err := count.ParseRules(o.rules)
	if err != nil {
		return badUsage(env, fs, "--rules: %v", err)
	}
	method, err := count.ParseMethod(o.dead)
	if err != nil {
		return badUsage(env, fs, "--dead: %v", err)
	}
	var engine estimators.Estimator
	if name := method.Engine(); name != "" {
		running := engines.Available(o.engines)
		defer func() {
			if err := engines.Close(running); err != nil {
				fmt.Fprintf(env.Stderr, "moyo: warning: %v\n", err)
			}
		}()
		if engine, err = estimators.Find(running, name); err != nil {
			if missing := engines.NotFound(o.engines, name); missing != nil {
				return exitStatus(env, missing)
			}
			return exitStatus(env, fmt.Errorf("--dead %s: %s is not installed (see docs/install.md), or pass its path with --%s", method, method.Describe(), method))
		}
	}
	name, rec, move, err := readRecordAt(env, files[0], o.gameIndex, o.move, set["move"])
	if err != nil {
		return exitStatus(env, err)
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(env.Stderr, "moyo: warning: %s:%v\n", name, w)
	}
	if ru := rec.Root.Value("RU"); !set["rules"] && ru != "" {
		// The record's own rules, when they are ones moyo counts by.
		if r, err := count.ParseRules(ru); err == nil {
			rules = r
		}
	}
	pos := rec.AfterMove(move).Position
	ctx := context.Background()
	m, err := count.Mark(ctx, pos, rec.Info.Komi, method, engine)
	if err != nil {
		return exitStatus(env, fmt.Errorf("%s: move %d: %w", name, move, err))
	}
	c, err := count.New(pos, m, rules, rec.Info.Komi)
	if err != nil {
		return exitStatus(env, fmt.Errorf("%s: move %d: %w", name, move, err))
	}
	rep := newCountReport(name, rec, move, pos, m, method, c)
	w, done, err := output(o.out, env.Stdout)
	if err != nil {
		return exitStatus(env, err)
	}
	defer done()
	switch o.format {
	case "json":
		err = json.NewEncoder(w).Encode(rep)
	case "png":
		err = writeCountPNG(w, pos, m, c, rep, o.pixels)
	default:
		_, err = io.WriteString(w, rep.text())
	}
	if err = errors.Join(err, done()); err != nil {
		return exitStatus(env, fmt.Errorf("writing %s output: %w", o.format, err))
	}
	return 0
}

// newCountReport assembles the report of count c of pos.
func newCountReport(name string, rec *game.Record, move int, pos *board.Position, m count.Marking, method count.Method, c *count.Count) countReport {
	labels := func(s count.Status) []string {
		out := []string{}
		for _, p := range m.Points(pos, s) {
			out = append(out, p.Label(pos.Size()))
		}
		return out
	}
	return countReport{
		File: name, Move: move, Moves: rec.Moves(),
		Rules: c.Rules.String(), Komi: c.Komi, Judge: string(method),
		Result: c.Result(), Black: c.Black, White: c.White,
		BlackPrisoners: c.Prisoners[0], WhitePrisoners: c.Prisoners[1],
		Dead: labels(count.Dead), Seki: labels(count.Seki),
		RecordResult: rec.Info.Result,
		lines:        c.Lines(),
	}
}

// text writes the report for people.
func (r countReport) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "position:  %s after move %d of %d\n", r.File, r.Move, r.Moves)
	fmt.Fprintf(&b, "rules:     %s, komi %g\n", r.Rules, r.Komi)
	judge, _ := count.ParseMethod(r.Judge)
	fmt.Fprintf(&b, "dead:      %s, judged by %s\n", stoneList(r.Dead), judge.Describe())
	if len(r.Seki) > 0 {
		fmt.Fprintf(&b, "seki:      %s\n", stoneList(r.Seki))
	}
	fmt.Fprintf(&b, "black:     %s\n", strings.TrimPrefix(r.lines[0], "Black "))
	fmt.Fprintf(&b, "white:     %s\n", strings.TrimPrefix(r.lines[1], "White "))
	fmt.Fprintf(&b, "result:    %s (count by %s)\n", r.Result, r.Rules)
	switch {
	case r.RecordResult != "" && r.Move == r.Moves:
		fmt.Fprintf(&b, "record:    %s\n", r.RecordResult)
	case r.RecordResult != "":
		fmt.Fprintf(&b, "record:    %s at its end, move %d\n", r.RecordResult, r.Moves)
	}
	return b.String()
}

// stoneList writes "3 stones: D4 E5 F6", or "none".
func stoneList(pts []string) string {
	switch len(pts) {
	case 0:
		return "none"
	case 1:
		return "1 stone: " + pts[0]
	}
	return fmt.Sprintf("%d stones: %s", len(pts), strings.Join(pts, " "))
}

// writeCountPNG draws the counted board: each side's points as squares of
// its colour, the dead stones crossed, the stones in seki marked with a
// triangle, and the count below.
func writeCountPNG(w io.Writer, pos *board.Position, m count.Marking, c *count.Count, rep countReport, pixels int) error {
	values := make([]float64, pos.Len())
	for i, o := range c.Owner {
		values[i] = float64(o)
		if m[i] == count.Dead {
			values[i] = -float64(pos.Cell(i))
		}
	}
	opt := render.Options{Overlay: render.Squares, NoDeadMarks: true}
	for _, p := range m.Points(pos, count.Dead) {
		opt.Marks = append(opt.Marks, render.Mark{Point: p, Shape: render.Cross})
	}
	for _, p := range m.Points(pos, count.Seki) {
		opt.Marks = append(opt.Marks, render.Mark{Point: p, Shape: render.Triangle})
	}
	lines := []string{
		fmt.Sprintf("count by %s, komi %g: %s", c.Rules, c.Komi, c.Result()),
		c.Lines()[0], c.Lines()[1],
	}
	judge, _ := count.ParseMethod(rep.Judge)
	tail := fmt.Sprintf("%d dead stones, judged by %s", len(rep.Dead), judge.Describe())
	if len(rep.Seki) > 0 {
		tail = fmt.Sprintf("%d dead stones and %d in seki, judged by %s", len(rep.Dead), len(rep.Seki), judge.Describe())
	}
	switch {
	case rep.RecordResult != "" && rep.Move == rep.Moves:
		tail += "; the record says " + rep.RecordResult
	case rep.RecordResult != "":
		tail += fmt.Sprintf("; the record says %s at move %d", rep.RecordResult, rep.Moves)
	}
	img, err := render.Annotated(pos, values, opt, pixels, append(lines, tail))
	if err != nil {
		return err
	}
	return render.EncodePNG(w, img)
}
