package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"
)

// guard runs the desktop app's main goroutine, run, and turns a panic in
// it (the window's event handlers run there) into one line on standard
// error naming a crash file that holds the stack, and exit status 1: a
// user sees what happened and where the details are, never a stack trace.
func guard(env Env, run func() int) (code int) {
	defer func() {
		if p := recover(); p != nil {
			code = crashed(env, p, debug.Stack(), time.Now())
		}
	}()
	return run()
}

// crashed writes the panic p and its stack to a crash file under the
// user's cache directory, says so in one line and returns 1.
func crashed(env Env, p any, stack []byte, now time.Time) int {
	path, err := writeCrash(p, stack, now)
	if err != nil {
		fmt.Fprintf(env.Stderr, "moyo: internal error: %v (the details could not be saved: %v)\n", p, err)
		return 1
	}
	fmt.Fprintf(env.Stderr, "moyo: internal error: %v (details in %s)\n", p, path)
	return 1
}

// writeCrash writes p and stack to moyo/crash-TIME.txt in the user's
// cache directory and returns its path.
func writeCrash(p any, stack []byte, now time.Time) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "moyo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "crash-"+now.Format("20060102-150405.000")+".txt")
	text := fmt.Sprintf("moyo crashed at %s: %v\n\n%s", now.Format(time.RFC3339), p, stack)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", err
	}
	return path, nil
}
