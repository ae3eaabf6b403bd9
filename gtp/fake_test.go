package gtp

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"moyo/internal/testutil"
)

// The fake engines are this test binary run again with fakeEnv set to a
// behaviour, as os/exec's own tests do: no shell, no extra program, and
// each misbehaviour is written down here in Go.
const fakeEnv = "GTP_FAKE_ENGINE"

func TestMain(m *testing.M) {
	testutil.FakeMain(fakeEnv, fakeEngine)
	os.Exit(m.Run())
}

// startFake starts the fake engine with the given behaviour; it is closed
// when the test ends.
func startFake(t *testing.T, mode string, opts Options) *Engine {
	t.Helper()
	opts.Env = testutil.FakeEnv(fakeEnv, mode)
	e, err := Start(os.Args[0], testutil.FakeArgs(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// fakeEngine is the fake engine's main function; it returns the exit
// status. Modes:
//
//	good        a well-behaved engine (see fakeCommand)
//	ignorequit  answers quit but goes on running, ignoring its input
//	silentquit  exits on quit without answering
//	noread      never reads its input
//	exit        writes to standard error and exits 2 at once
//	forker      good, but first starts a child that holds standard
//	            output and error open for 3 seconds
//	sleeper     sleeps 3 seconds (the forker's child)
func fakeEngine(mode string) int {
	switch mode {
	case "noread", "sleeper":
		time.Sleep(3 * time.Second)
		return 0
	case "exit":
		fmt.Fprintln(os.Stderr, "fake: cannot open the opening book")
		return 2
	case "forker":
		child := exec.Command(os.Args[0], testutil.FakeArgs()...)
		child.Env = testutil.FakeEnv(fakeEnv, "sleeper")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		id, command, _ := strings.Cut(in.Text(), " ")
		if _, err := strconv.Atoi(id); err != nil {
			id, command = "", in.Text()
		}
		if status, exit := fakeCommand(out, id, command, mode); exit {
			return status
		}
		out.Flush()
	}
	return 0
}

// fakeCommand answers one command of the fake engine and reports whether
// it should exit, and with what status. Commands:
//
//	echo TEXT    answers TEXT
//	multi        answers two lines
//	fail         answers "? it failed"
//	sleep MS     answers after MS milliseconds
//	stderr N     writes lines 1…N to standard error, answers
//	crash        writes to standard error and exits 3 unanswered
//	partial      writes half an answer and exits 1
//	garbage      writes a line that is not a response
//	spew         writes 2 MB without a line end, then waits
//	noid         answers without the command's id
//	wrongid      answers with another id
//	quit         answers and exits 0 (see the modes)
func fakeCommand(out *bufio.Writer, id, command, mode string) (int, bool) {
	name, arg, _ := strings.Cut(command, " ")
	answer := func(ok bool, text string) {
		c := "="
		if !ok {
			c = "?"
		}
		fmt.Fprintf(out, "%s%s %s\n\n", c, id, text)
	}
	switch name {
	case "echo":
		answer(true, arg)
	case "multi":
		answer(true, "line one\r\nline\ttwo")
	case "fail":
		answer(false, "it failed")
	case "sleep":
		ms, _ := strconv.Atoi(arg)
		time.Sleep(time.Duration(ms) * time.Millisecond)
		answer(true, "slept")
	case "stderr":
		n, _ := strconv.Atoi(arg)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(os.Stderr, "line %d\n", i)
		}
		answer(true, "")
	case "crash":
		fmt.Fprintln(os.Stderr, "fake: segmentation fault in reading.c")
		return 3, true
	case "partial":
		fmt.Fprintf(out, "=%s half\n", id)
		out.Flush()
		return 1, true
	case "garbage":
		fmt.Fprint(out, "Welcome to FakeGo!\n\n")
	case "spew":
		fmt.Fprint(out, "= "+strings.Repeat("x", 2<<20))
		out.Flush()
		time.Sleep(3 * time.Second)
	case "noid":
		answer(true, "no id")
	case "wrongid":
		fmt.Fprintf(out, "=999 wrong\n\n")
	case "quit":
		switch mode {
		case "silentquit":
			return 0, true
		case "ignorequit":
			answer(true, "")
			out.Flush()
			time.Sleep(3 * time.Second)
			return 0, true
		}
		answer(true, "")
		out.Flush()
		return 0, true
	default:
		answer(false, "unknown command")
	}
	return 0, false
}
