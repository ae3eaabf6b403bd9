package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"moyo/rank"
	"moyo/render"
)

// rankCommand is 'moyo rank': every legal move of the side to move, ranked
// by the board score an estimator gives the position after it.
func rankCommand(env Env, args []string) int {
	var o positionOptions
	fs := positionFlags("rank", `usage: moyo rank [flags] FILE

Rank every legal move of the side to move in a position of the SGF record
FILE (- reads standard input): play it, run the estimator on the new
position, and sort the moves by the change in the board score for the mover,
best first. Text and JSON list the moves with that change (JSON:
[{"move": "Q16", "score": 3.21}, ...], score = change for the mover); the PNG
draws the position and its estimate with the best 26 moves lettered A-Z and
the worst 26 marked with triangles.
`, &o, []string{"text", "json", "png"}, env.Stderr, env.estimators())
	top := fs.Int("top", 26, "text, json: list the best `N` moves; 0 lists them all")
	check := func() error {
		if *top < 0 {
			return fmt.Errorf("--top %d is negative", *top)
		}
		if o.overlay == "numbers" {
			return errors.New("--overlay numbers would hide the marks (valid: shade, squares, none)")
		}
		return nil
	}
	return runPositionCommand(env, fs, &o, args, check, func(t target) error {
		return runRank(env, o, t, *top)
	})
}

// jsonMove is one entry of the JSON output of 'moyo rank'; other tools
// read it, so its field names do not change.
type jsonMove struct {
	Move string `json:"move"`
	// Score is the change in the board score for the mover.
	Score float64 `json:"score"`
}

// runRank ranks the moves and writes them out.
func runRank(env Env, o positionOptions, t target, top int) error {
	pos := t.step.Position
	start := time.Now()
	progress, clear := rankProgress(env)
	moves, err := rank.Rank(context.Background(), t.est, pos, t.params, progress)
	clear()
	if err != nil {
		return fmt.Errorf("%s: %w", t.name, err)
	}
	elapsed := time.Since(start)
	listed := moves
	if top > 0 && top < len(moves) {
		listed = moves[:top]
	}
	return o.write(env, func(w io.Writer) error {
		switch o.format {
		case "json":
			out := make([]jsonMove, len(listed))
			for i, m := range listed {
				out[i] = jsonMove{Move: m.Label, Score: m.Gain}
			}
			return json.NewEncoder(w).Encode(out)
		case "png":
			return writeRankPNG(w, o, t, moves)
		}
		return writeRankText(w, t, moves, listed, elapsed)
	})
}

// writeRankText writes a header line and the listed moves, numbered.
func writeRankText(w io.Writer, t target, moves, listed []rank.Move, elapsed time.Duration) error {
	var b strings.Builder
	info := t.est.Info()
	fmt.Fprintf(&b, "move %d of %d, %s to move; %s (%s); %d legal moves ranked in %.1f ms\n",
		t.step.Number, t.rec.Moves(), t.step.Position.ToMove().Name(), info.Name, paramLine(info, t.params),
		len(moves), float64(elapsed.Microseconds())/1000)
	width := len(fmt.Sprint(len(listed)))
	for i, m := range listed {
		fmt.Fprintf(&b, "%*d. %-3s  %+.2f\n", width, i+1, m.Label, m.Gain)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRankPNG draws the position with the estimate of it, the best moves
// lettered and the worst marked with triangles. With fewer than 52 moves
// the triangles go to the worst of those that have no letter.
func writeRankPNG(w io.Writer, o positionOptions, t target, moves []rank.Move) error {
	res, err := t.est.Estimate(context.Background(), t.step.Position, t.params)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", t.name, t.est.Info().Name, err)
	}
	opt, _ := overlayStyle(o.overlay) // checked with the flags
	opt.Marks = render.RankingMarks(rank.Points(moves))
	rep := report{file: filepath.Base(t.name), rec: t.rec, step: t.step, info: t.est.Info(), params: t.params, res: res}
	return rep.writePNG(w, o.pixels, opt, o.legend)
}

// rankProgress returns a progress callback that counts the moves on the
// terminal, for estimators slow enough to make ranking take a while, and a
// function that erases the count. Both do nothing when standard error is
// not a terminal.
func rankProgress(env Env) (progress func(done, total int), clear func()) {
	f, ok := env.Stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	var last time.Time
	shown := false
	progress = func(done, total int) {
		// Rank calls this once per move; a redraw every tenth of a second
		// is enough to read.
		if now := time.Now(); now.Sub(last) >= 100*time.Millisecond {
			last = now
			shown = true
			fmt.Fprintf(f, "\rranking: %d of %d moves", done, total)
		}
	}
	clear = func() {
		if shown {
			fmt.Fprint(f, "\r\033[K")
		}
	}
	return progress, clear
}
