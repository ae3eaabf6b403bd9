// Command moyo is an interactive visualiser for the estimators that judge who
// controls each point of a Go board. Run with no arguments it starts the
// desktop app; 'moyo analyze' and the other subcommands work headless.
package main

import (
	"os"

	"moyo/app"
)

func main() {
	os.Exit(app.Main(app.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:]))
}
