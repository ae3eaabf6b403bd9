package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"moyo/board"
	"moyo/render"
	"moyo/semeai"
)

// semeaiOptions are the flags of 'moyo semeai'.
type semeaiOptions struct {
	move, gameIndex, pixels, maxEmpty, searchNodes int
	blocks, format, out                            string
}

// semeaiCommand is 'moyo semeai': the capturing race of a position judged
// with Nakamura's liberty counting games (Teigo Nakamura, "Evaluating
// territories of Go positions with capturing races", 2008): the regions,
// their games and cooled values, the verdict for each side moving first,
// and the territory the race leaves, as semeai.Report writes them.
func semeaiCommand(env Env, args []string) int {
	fs := flag.NewFlagSet("semeai", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	var o semeaiOptions
	fs.IntVar(&o.move, "move", 0, "position after `N` moves of the main line: 0 = setup only, negative counts back from the end (default: the last)")
	fs.IntVar(&o.gameIndex, "game", 1, "which game `N` of a collection, from 1")
	fs.StringVar(&o.blocks, "blocks", "", "the essential blocks, a stone of each: `P,Q` such as B10,B8 (default: found)")
	fs.StringVar(&o.format, "format", "text", "`FORMAT` of the output: text|json|png")
	fs.StringVar(&o.out, "out", "", "write to `FILE` instead of standard output")
	fs.IntVar(&o.pixels, "pixels", 760, "png: width of the image")
	fs.IntVar(&o.maxEmpty, "max-empty", semeai.DefaultMaxEmpty, "the most empty points a region may have")
	fs.IntVar(&o.searchNodes, "search-nodes", 0, "the exhaustive search that stands in for the verdict when the analysis refuses the race, or that checks the verdict where the analysis's own search (1.5 million positions a side) settled nothing, visits at most `N` positions a side (0: 30 million divided by the race's points, a second or two, and a quarter of that for a check)")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, `usage: moyo semeai [flags] FILE

Judge the capturing race of a position of the SGF record FILE (- reads
standard input): who captures whom with each side moving first, and the
move that matters. The answer is a search that plays the race out under
the rules, with life and death at its leaves and ko reported as ko. Beside
it stands the count of Nakamura's "Evaluating territories of Go positions
with capturing races": the liberty regions around the two essential
blocks, each played out into a liberty counting game, summed and cooled
by 2; then the territory the race leaves and the semedori moves. Where
the count and the search differ, the report says which region breaks
which assumption of the count's model.

A race whose count cannot be made but which the search settles is
answered all the same, the count's reason given (in JSON "answered" is
then true). A race whose regions open onto the board, or that neither
the count nor the search can settle, is refused with exit status 1 and
its regions; with --format json every refusal is JSON too, with a
reason code, and with --format png a picture of its regions with the
reason under the board.

Flags:
`)
		fs.PrintDefaults()
	}
	files, set, code := parseBoardCommand(env, fs, args, &o.format, &o.pixels)
	if code >= 0 {
		return code
	}
	if o.maxEmpty < 1 || o.maxEmpty > 30 {
		return badUsage(env, fs, "--max-empty %d is outside 1–30", o.maxEmpty)
	}
	if o.searchNodes < 0 {
		return badUsage(env, fs, "--search-nodes %d is negative", o.searchNodes)
	}
	var blockArgs []string
	if o.blocks != "" {
		blockArgs = strings.Split(o.blocks, ",")
		if len(blockArgs) != 2 {
			return badUsage(env, fs, "--blocks %q: want two points, P,Q", o.blocks)
		}
	}
	name, rec, move, err := readRecordAt(env, files[0], o.gameIndex, o.move, set["move"])
	if err != nil {
		return exitStatus(env, err)
	}
	n := rec.Moves()
	step := rec.AfterMove(move)
	pos := step.Position
	var race *semeai.Race
	if blockArgs != nil {
		var pts [2]board.Point
		for k, s := range blockArgs {
			if pts[k], err = board.ParsePoint(strings.TrimSpace(s), pos.Size()); err != nil {
				return semeaiRefused(env, &o, nil, fmt.Errorf("--blocks: %w", err), name, step.Number, n)
			}
		}
		race, err = semeai.NewRace(pos, pts[0], pts[1])
	} else {
		race, err = semeai.Find(pos)
	}
	var rep *semeai.Report
	if err == nil {
		rep, err = semeaiReport(race, o.maxEmpty, o.searchNodes)
	}
	if err != nil {
		return semeaiRefused(env, &o, race, err, fmt.Sprintf("%s: move %d", name, step.Number), step.Number, n)
	}
	w, done, err := output(o.out, env.Stdout)
	if err != nil {
		return exitStatus(env, err)
	}
	defer done()
	switch o.format {
	case "json":
		err = json.NewEncoder(w).Encode(semeaiOutput{Move: step.Number, Moves: n, Report: rep})
	case "png":
		err = writeSemeaiPNG(w, rep, o.pixels)
	default:
		_, err = fmt.Fprintf(w, "move:        %d of %d, %s to move\n%s", step.Number, n, pos.ToMove().Name(), rep.Text())
	}
	if err = errors.Join(err, done()); err != nil {
		return exitStatus(env, fmt.Errorf("writing %s output: %w", o.format, err))
	}
	return 0
}

// semeaiOutput is the JSON of 'moyo semeai': semeai's report, with the
// move of the record it is of.
type semeaiOutput struct {
	Move  int `json:"move"`
	Moves int `json:"moves"`
	*semeai.Report
}

// semeaiRefusalOutput is the JSON of a race 'moyo semeai' refuses:
// semeai's refusal, with the move of the record it is of.
type semeaiRefusalOutput struct {
	Move  int `json:"move"`
	Moves int `json:"moves"`
	*semeai.Refusal
}

// semeaiReport analyses race within regions of maxEmpty empty points,
// writes it out with the side to move of its position, and checks it by
// an exhaustive search of searchNodes positions a side (0:
// race.CheckNodes()), and the count's moves after it.
func semeaiReport(race *semeai.Race, maxEmpty, searchNodes int) (*semeai.Report, error) {
	ctx := context.Background()
	a, err := semeai.Analyze(ctx, race, semeai.Limits{MaxEmpty: maxEmpty})
	if err != nil {
		return nil, err
	}
	rep, err := semeai.NewReport(ctx, a, race.Pos.ToMove())
	if err != nil {
		return nil, err
	}
	if searchNodes == 0 {
		searchNodes = race.CheckNodes()
	}
	s, nodes, err := a.CheckSearch(ctx, searchNodes)
	rep = rep.AddSearch(s, err, nodes)
	rep.CheckMoves(ctx, searchNodes)
	return rep, nil
}

// semeaiRefused reports the refusal of race (nil where none was found)
// for err, at where in the input: the error on standard error, with the
// race's regions and, where a search may settle what the analysis
// refused (semeai.Searchable), what an exhaustive search of o's search
// nodes a side (0: race.QuickSearchNodes()) found instead; with format
// json the refusal as JSON too, with png its picture (writeRefusalPNG).
// It returns the exit status, 1; where the search settled the race, the
// race is answered instead (semeaiAnswered), with exit status 0.
func semeaiRefused(env Env, o *semeaiOptions, race *semeai.Race, err error, where string, move, moves int) int {
	rf := semeai.NewRefusal(race, err)
	if race != nil && semeai.Searchable(err) {
		nodes := o.searchNodes
		if nodes == 0 {
			nodes = race.QuickSearchNodes()
		}
		if rf.NeedsSearch(nodes) {
			s, serr := semeai.SearchBoth(context.Background(), race, nodes)
			rf = rf.AddSearch(s, serr, nodes)
		}
	}
	if rf.Settled() {
		return semeaiAnswered(env, o, rf, move, moves)
	}
	code := exitStatus(env, fmt.Errorf("%s: %s", where, rf.Error))
	io.WriteString(env.Stderr, rf.Text())
	if o.format == "text" || o.format == "png" && race == nil {
		return code
	}
	w, done, err := output(o.out, env.Stdout)
	if err == nil {
		if o.format == "png" {
			err = writeRefusalPNG(w, rf, o.pixels)
		} else {
			err = json.NewEncoder(w).Encode(semeaiRefusalOutput{Move: move, Moves: moves, Refusal: rf})
		}
	}
	if err = errors.Join(err, done()); err != nil {
		exitStatus(env, fmt.Errorf("writing %s output: %w", o.format, err))
	}
	return code
}

// semeaiAnswered writes rf, a race whose count could not be made but
// which the search settled, as an answer: on standard output (or o's
// out), as text, JSON or a picture, with exit status 0.
func semeaiAnswered(env Env, o *semeaiOptions, rf *semeai.Refusal, move, moves int) int {
	w, done, err := output(o.out, env.Stdout)
	if err != nil {
		return exitStatus(env, err)
	}
	switch o.format {
	case "json":
		err = json.NewEncoder(w).Encode(semeaiRefusalOutput{Move: move, Moves: moves, Refusal: rf})
	case "png":
		err = writeRefusalPNG(w, rf, o.pixels)
	default:
		_, err = fmt.Fprintf(w, "move:        %d of %d, %s to move\n%s", move, moves, rf.Race().Pos.ToMove().Name(), rf.AnsweredText())
	}
	if err = errors.Join(err, done()); err != nil {
		return exitStatus(env, fmt.Errorf("writing %s output: %w", o.format, err))
	}
	return 0
}

// output returns where a command writes: the file named out, created, or
// stdout when out is ""; done closes the file, once, and says whether
// its writes reached the disk.
func output(out string, stdout io.Writer) (w io.Writer, done func() error, err error) {
	if out == "" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(out)
	if err != nil {
		return nil, nil, err
	}
	closed := false
	return f, func() error {
		if closed {
			return nil
		}
		closed = true
		return f.Close()
	}, nil
}

// writeSemeaiPNG draws the race rep reports (racePicture), with a
// caption giving each region's cooled value, the total and the verdict.
func writeSemeaiPNG(w io.Writer, rep *semeai.Report, pixels int) error {
	a := rep.Analysis()
	play := rep.PlayPoint()
	regions := make([]semeai.Region, len(a.Regions))
	items := make([]string, len(a.Regions))
	for k, rv := range a.Regions {
		regions[k] = rv.Region
		items[k] = fmt.Sprintf("%s %s", semeai.RegionName(k), semeai.GameText(rv.Cooled, true))
	}
	notes := []string{"total cooled by 2: " + semeai.GameText(a.Cooled, true), rep.OutcomeLine()}
	if m := rep.MoveLine(); m != "" {
		notes = append(notes, m+", the small stone")
	}
	notes = append(notes, rep.UncheckedLine())
	return racePicture(w, a.Race.Pos, regions, play, nil, items, notes, pixels)
}

// writeRefusalPNG draws the race rf refuses, or answers by the search
// alone (racePicture): under it, for an answer, what the search found
// and why the count could not be made; for a refusal, why, and what the
// search found instead. A move beyond the race that changes its end
// (Refusal.BeyondMove) is drawn as a small stone of its colour.
func writeRefusalPNG(w io.Writer, rf *semeai.Refusal, pixels int) error {
	race := rf.Race()
	var play *board.Point
	var notes []string
	if rf.Settled() {
		play = rf.Outcomes().Move(race.Pos.ToMove())
		notes = []string{rf.AnswerLine(), rf.CountLine()}
	} else {
		notes = []string{rf.ReasonLine(), rf.SearchLine()}
	}
	return racePicture(w, race.Pos, race.Regions, play, rf.BeyondMove(), nil, notes, pixels)
}

// racePicture draws pos pixels wide with each of the race's regions
// shaded in its defender's colour (half strength; a region counting for
// both is left bare) and labelled with its letter, play (nil: none), the
// side to move's move, and beyond (nil: none), a move beyond the race,
// as small stones of their colours; under the board, list (the regions'
// values) packed into lines, then each of notes, broken to the width.
func racePicture(w io.Writer, pos *board.Position, regions []semeai.Region, play *board.Point, beyond *board.Move, list, notes []string, pixels int) error {
	values := make([]float64, pos.Len())
	opt := render.Options{Overlay: render.Shading, NoDeadMarks: true}
	// The stones first, so that a label sharing a point is drawn over them.
	if play != nil {
		opt.Marks = append(opt.Marks, render.Mark{Point: *play, Shape: render.Stone, Color: pos.ToMove()})
	}
	if beyond != nil {
		opt.Marks = append(opt.Marks, render.Mark{Point: beyond.Point, Shape: render.Stone, Color: beyond.Color})
	}
	for k, g := range regions {
		for _, i := range g.Points {
			values[i] = 0.5 * float64(g.Defender)
		}
		opt.Marks = append(opt.Marks, render.Mark{Point: semeai.LabelPoint(pos, g.Points, play), Label: semeai.RegionName(k)})
	}
	lines, err := render.Pack(pixels, list, "   ", opt)
	if err != nil {
		return err
	}
	img, err := render.Annotated(pos, values, opt, pixels, append(lines, notes...))
	if err != nil {
		return err
	}
	return render.EncodePNG(w, img)
}
