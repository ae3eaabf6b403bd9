package app

import (
	"context"
	"fmt"
	"io"
)

// analyze is 'moyo analyze': one estimator on one position, written as
// text, JSON or a PNG.
func analyze(env Env, args []string) int {
	var o positionOptions
	fs := positionFlags("analyze", "usage: moyo analyze [flags] FILE\n\nRun an estimator on a position of the SGF record FILE (- reads standard input).\n",
		&o, []string{"text", "json", "png"}, env.Stderr, env.estimators())
	return runPositionCommand(env, fs, &o, args, nil, func(t target) error {
		return runAnalyze(env, o, t)
	})
}

// runAnalyze runs the estimator and writes the report.
func runAnalyze(env Env, o positionOptions, t target) error {
	res, err := t.est.Estimate(context.Background(), t.step.Position, t.params)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", t.name, t.est.Info().Name, err)
	}
	rep := report{
		rec:    t.rec,
		step:   t.step,
		info:   t.est.Info(),
		params: t.params,
		res:    res,
	}
	return o.write(env, func(w io.Writer) error {
		switch o.format {
		case "json":
			return rep.writeJSON(w)
		case "png":
			style, _ := overlayStyle(o.overlay) // checked with the flags
			return rep.writePNG(w, o.pixels, style, o.legend)
		}
		return rep.writeText(w)
	})
}
