// Package app holds moyo's entry points: the desktop app when it runs
// without a subcommand, and the command-line subcommands otherwise.
package app

import (
	"fmt"
	"io"
	"strings"

	"moyo/estimators"
	"moyo/estimators/catalog"
)

// Env is what a command reads and writes, so that commands test without a
// process of their own.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Estimators are the estimators the commands and the app offer, the
	// first the default where no other is asked for; nil offers
	// catalog.All(). Their flags, controls and presets come from their
	// Info, so a test can add one of its own.
	Estimators []estimators.Estimator
}

// estimators returns the estimators env offers.
func (env Env) estimators() []estimators.Estimator {
	if env.Estimators != nil {
		return env.Estimators
	}
	return catalog.All()
}

// defaultEstimator names the estimator of ests a command runs when none
// is asked for: symmetric, the default of the command line, else the first.
func defaultEstimator(ests []estimators.Estimator) string {
	if _, err := estimators.Find(ests, "symmetric"); err == nil {
		return "symmetric"
	}
	return ests[0].Info().Name
}

// command is one subcommand: its name, one line for the usage, and its body,
// which returns the process exit status.
type command struct {
	name, summary string
	run           func(env Env, args []string) int
}

func commands() []command {
	return []command{
		{"analyze", "run an estimator on a position of a game record", analyze},
		{"rank", "rank the moves of a position by the estimate after each", rankCommand},
		{"game", "run an estimator on every move of a game record: its score along the game", gameCommand},
		{"eval", "evaluate the estimators against the final ownership of counted games", evalCommand},
		{"fit", "search an estimator's parameters for the best prediction of the final ownership", fitCommand},
		{"mixing", "Stern et al. 2004, Fig. 1: Gibbs against Swendsen–Wang sampling of bp's or bpl's model on a position", mixingCommand},
		{"cgt", "analyse a combinatorial game: canonical form, mean, temperature, cooling", cgtCommand},
		{"semeai", "judge the capturing race of a position with liberty counting games", semeaiCommand},
	}
}

// Main runs moyo with the command-line arguments args (without the program
// name) and returns the exit status: 0 on success, 1 for bad input, 2 for
// bad usage.
func Main(env Env, args []string) int {
	if len(args) == 0 {
		return startApp(env, nil)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(env.Stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(env, args[1:])
		}
	}
	if isGUIArgs(args) {
		return startApp(env, args)
	}
	fmt.Fprintf(env.Stderr, "moyo: unknown command %q\n", args[0])
	usage(env.Stderr)
	return 2
}

func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: moyo [command] [flags] [FILE]\n       moyo [--screenshot OUT.png] [--size WxH] [--move N] [--estimator NAME] [FILE]\n\nWith no command moyo starts the desktop app, on FILE or on the sample game.\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun 'moyo COMMAND -h' for a command's flags.\n")
	io.WriteString(w, b.String())
}
