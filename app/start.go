package app

import (
	"fmt"

	"moyo/assets"
)

// startApp is what moyo does with no subcommand. The desktop app arrives
// with the GUI work; until then moyo prints the analysis of the embedded
// sample record, so that 'make run' shows real numbers at once.
func startApp(env Env) int {
	fmt.Fprintf(env.Stdout, "moyo: the desktop app is not built yet; here is the analysis of the sample record %s at move %d.\n\n", assets.SampleName, assets.SampleMove)
	o := analyzeOptions{
		move:      assets.SampleMove,
		moveSet:   true,
		gameIndex: 1,
		estimator: "symmetric",
		format:    "text",
		set:       map[string]string{},
	}
	if err := runAnalyze(env, o, assets.SampleName, assets.Sample()); err != nil {
		fmt.Fprintf(env.Stderr, "moyo: %v\n", err)
		return 1
	}
	return 0
}
