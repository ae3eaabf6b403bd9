// Package gtp runs a Go engine as a subprocess and talks to it in the Go
// Text Protocol (GTP version 2): one command per line on the engine's
// standard input, one response per command on its standard output, "= text"
// on success or "? message" on failure, ended by an empty line.
//
// An Engine is meant never to hang its caller and never to crash it: every
// command has a context, an engine that does not answer in time, dies, or
// writes something that is not a GTP response is killed, and the error says
// what happened and quotes the last lines the engine wrote to its standard
// error.
package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options adjust how an engine is started and stopped. The zero value
// gives the defaults.
type Options struct {
	// Dir is the engine's working directory; "" is the caller's.
	Dir string
	// Env is the engine's environment; nil inherits the caller's.
	Env []string
	// Grace is how long Close waits for the engine to exit after "quit"
	// before it kills it. Default 2 seconds.
	Grace time.Duration
	// StderrLines is how many of the last lines of the engine's standard
	// error are kept for error messages. Default 20.
	StderrLines int
}

// ErrClosed is returned by Send once the engine has been closed or killed.
var ErrClosed = errors.New("gtp: engine is closed")

// Error is a failure response ("? message") to a command. The engine is
// still usable after one.
type Error struct {
	Command string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("gtp: %s: %s", e.Command, e.Message)
}

// response is one response read from the engine, or the reason none can
// be read any more.
type response struct {
	id   int // −1 when the response carries no id
	ok   bool
	text string
	err  error
}

// Engine is a running GTP engine. Its methods may be called from several
// goroutines; commands are sent one at a time, in the order the calls take
// the engine's lock.
type Engine struct {
	name   string // the program's base name, for error messages
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.Closer // the reading ends of the engine's standard output
	stderr io.Closer // and standard error
	grace  time.Duration
	tail   *Tail

	responses chan response // from the reader goroutine; closed at end of output
	exited    chan struct{} // closed when cmd.Wait has returned
	waitErr   error         // cmd.Wait's result, set before exited is closed

	stderrDone chan struct{} // closed when standard error has been read to its end

	mu     sync.Mutex // serialises commands and guards the fields below
	nextID int
	broken error // why the engine can take no more commands, or nil
}

// Start starts the program name with arguments args and returns the engine
// ready for commands. name is looked up as exec.Command does. The engine
// runs until Close; the caller must call Close.
func Start(name string, args []string, opts Options) (*Engine, error) {
	if opts.Grace <= 0 {
		opts.Grace = 2 * time.Second
	}
	if opts.StderrLines <= 0 {
		opts.StderrLines = 20
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = opts.Dir
	cmd.Env = opts.Env
	e := &Engine{
		name:      baseName(name),
		cmd:       cmd,
		grace:     opts.Grace,
		tail:      &Tail{Max: opts.StderrLines},
		responses: make(chan response),
		exited:    make(chan struct{}),

		stderrDone: make(chan struct{}),
	}
	// Our own pipes rather than StdoutPipe: Wait then does not close
	// standard output under the reader, which reads it to the end.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("gtp: starting %s: %w", e.name, err)
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("gtp: starting %s: %w", e.name, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("gtp: starting %s: %w", e.name, err)
	}
	// With files for all three, Wait returns as soon as the process exits,
	// even if a child of the engine still holds a pipe.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	// The child has its copies now; ours would keep the pipes open.
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		inW.Close()
		errR.Close()
		return nil, fmt.Errorf("gtp: starting %s: %w", e.name, err)
	}
	e.stdin, e.stdout, e.stderr = inW, outR, errR
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()
	go e.read(outR)
	go func() {
		io.Copy(e.tail, errR)
		close(e.stderrDone)
	}()
	return e, nil
}

// baseName is the last element of a program's path.
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// read turns the engine's standard output into responses until it ends or
// holds something that is not a response.
func (e *Engine) read(r io.ReadCloser) {
	defer r.Close()
	defer close(e.responses)
	sc := bufio.NewScanner(r)
	// An engine spewing output without line ends must not grow memory
	// without bound.
	sc.Buffer(make([]byte, 4096), maxLine)
	var lines []string
	for {
		if !sc.Scan() {
			// At the end of the output, even inside a response, how the
			// engine exited says more than the cut text.
			err := sc.Err()
			if err == nil {
				err = io.EOF
			}
			e.responses <- response{err: err}
			return
		}
		line := clean(sc.Text())
		switch {
		case line == "" && len(lines) == 0:
			// Blank lines between responses are allowed.
			continue
		case line == "":
			rsp := parse(lines)
			e.responses <- rsp
			if rsp.err != nil {
				return
			}
			lines = lines[:0]
			continue
		case len(lines) == 0 && line[0] != '=' && line[0] != '?':
			e.responses <- response{err: fmt.Errorf("output is not a GTP response: %q", truncate(line))}
			return
		}
		// Nor may a response that never ends.
		if len(lines) >= maxLines {
			e.responses <- response{err: fmt.Errorf("response longer than %d lines", maxLines)}
			return
		}
		lines = append(lines, line)
	}
}

// Limits on what the reader accepts as one response.
const (
	maxLine  = 1 << 20
	maxLines = 1 << 16
)

// clean applies GTP's preprocessing to a line of output: carriage returns
// and control characters go, tabs become spaces.
func clean(line string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// parse reads the lines of one response: "=[id] text" or "?[id] text",
// then more lines of text.
func parse(lines []string) response {
	first := lines[0]
	rsp := response{id: -1, ok: first[0] == '='}
	rest := first[1:]
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n > 0 {
		id, err := strconv.Atoi(rest[:n])
		if err != nil {
			return response{err: fmt.Errorf("bad response id in %q", truncate(first))}
		}
		rsp.id = id
	}
	rest = rest[n:]
	if rest != "" && rest[0] != ' ' {
		return response{err: fmt.Errorf("output is not a GTP response: %q", truncate(first))}
	}
	text := append([]string{strings.TrimPrefix(rest, " ")}, lines[1:]...)
	rsp.text = strings.TrimSpace(strings.Join(text, "\n"))
	return rsp
}

// truncate shortens garbage for an error message.
func truncate(s string) string {
	const max = 80
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// Send sends one command and returns the text of its response, without the
// "=" and id and with surrounding space trimmed; several lines are joined
// by "\n". A failure response is returned as an *Error, and the engine
// stays usable.
//
// Any other failure kills the engine, since what it writes next could no
// longer be matched to a command: ctx done before the response (a timeout),
// the engine exiting, or output that is not a GTP response. Those errors
// name the command and quote the engine's last lines of standard error;
// later calls return an error wrapping ErrClosed.
func (e *Engine) Send(ctx context.Context, command string) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.send(ctx, command)
}

// send is Send with e.mu held.
func (e *Engine) send(ctx context.Context, command string) (string, error) {
	command = strings.TrimSpace(command)
	// A line end would make two commands of one, and # starts a comment
	// the engine would drop.
	if command == "" || strings.ContainsAny(command, "\n\r#") {
		return "", fmt.Errorf("gtp: %q is not one command", command)
	}
	if e.broken != nil {
		return "", fmt.Errorf("gtp: %s: %s: %w", e.name, command, ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("gtp: %s: %s: %w", e.name, command, err)
	}
	e.nextID++
	id := e.nextID
	// The write happens on its own goroutine: an engine that stops reading
	// fills the pipe, and a blocked write must not outlive ctx. Closing
	// the pipe in kill ends it.
	written := make(chan error, 1)
	go func() {
		_, err := io.WriteString(e.stdin, strconv.Itoa(id)+" "+command+"\n")
		written <- err
	}()
	for {
		select {
		case <-written:
			// A failed write means the engine has gone; its output
			// ends, and that is reported below.
			written = nil
		case rsp, ok := <-e.responses:
			if !ok || rsp.err == io.EOF {
				return "", e.fail(command, nil)
			}
			if rsp.err != nil {
				return "", e.fail(command, rsp.err)
			}
			if rsp.id >= 0 && rsp.id != id {
				return "", e.fail(command, fmt.Errorf("response to command %d, want %d", rsp.id, id))
			}
			if !rsp.ok {
				return "", &Error{Command: command, Message: rsp.text}
			}
			return rsp.text, nil
		case <-ctx.Done():
			return "", e.fail(command, ctx.Err())
		}
	}
}

// fail kills the engine after a failure that leaves it unusable and returns
// the error for command: cause, or, when cause is nil because the output
// ended, how the engine exited; with its last lines of standard error.
// e.mu is held.
func (e *Engine) fail(command string, cause error) error {
	if cause == nil {
		// The output has ended: the engine is exiting, give it the
		// grace period to say how.
		timer := time.NewTimer(e.grace)
		select {
		case <-e.exited:
		case <-timer.C:
		}
		timer.Stop()
	}
	e.kill()
	if cause == nil {
		cause = fmt.Errorf("engine exited (%s)", exitStatus(e.waitErr))
	}
	e.broken = cause
	return fmt.Errorf("gtp: %s: %s: %w%s", e.name, command, cause, e.stderrNote())
}

// kill ends the process if it is still running, waits for it, and closes
// the pipes, which ends the reader and any blocked write even when a child
// of the engine holds them open.
func (e *Engine) kill() {
	select {
	case <-e.exited:
	default:
		e.cmd.Process.Kill()
		<-e.exited
	}
	// What a crashing engine wrote last is what its error must quote:
	// read standard error to its end, unless a child of the engine holds
	// it open.
	timer := time.NewTimer(e.grace)
	select {
	case <-e.stderrDone:
	case <-timer.C:
	}
	timer.Stop()
	e.stdin.Close()
	e.stdout.Close()
	e.stderr.Close()
	for range e.responses {
	}
}

// exitStatus describes how a process ended.
func exitStatus(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// stderrNote is "; stderr: …" with the last lines of the engine's standard
// error, or "" when it wrote none.
func (e *Engine) stderrNote() string {
	if s := e.Stderr(); s != "" {
		return "; stderr: " + strings.ReplaceAll(s, "\n", " | ")
	}
	return ""
}

// Stderr returns the last lines the engine wrote to its standard error.
func (e *Engine) Stderr() string {
	return e.tail.String()
}

// Close stops the engine: it sends "quit", waits up to the grace period for
// the engine to exit, and kills it otherwise. It returns nil when the
// engine exited with status 0, and otherwise an error saying how it ended,
// with its last lines of standard error. After a failure of Send, which has
// already killed the engine and said why, and on later calls, Close returns
// nil.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.broken != nil {
		e.broken = ErrClosed
		return nil
	}
	defer func() { e.broken = ErrClosed }()
	ctx, cancel := context.WithTimeout(context.Background(), e.grace)
	defer cancel()
	_, err := e.send(ctx, "quit")
	var refused *Error
	if err != nil && !errors.As(err, &refused) {
		// send has killed the engine. An engine that exits on quit
		// without answering has done what was asked.
		if e.waitErr == nil {
			return nil
		}
		return err
	}
	// The engine answered; closing its input tells it again to stop.
	e.stdin.Close()
	timer := time.NewTimer(e.grace)
	defer timer.Stop()
	select {
	case <-e.exited:
		err = nil
		if e.waitErr != nil {
			err = fmt.Errorf("gtp: %s: %s%s", e.name, exitStatus(e.waitErr), e.stderrNote())
		}
	case <-timer.C:
		err = fmt.Errorf("gtp: %s: did not exit within %v of quit; killed%s", e.name, e.grace, e.stderrNote())
	}
	e.kill()
	return err
}

// Tail is a writer that keeps the last Max lines written to it, without
// the empty ones: an engine's standard error, whose last lines say why it
// stopped. A line longer than 2,000 bytes is cut. It is safe for
// concurrent use.
type Tail struct {
	Max int

	mu      sync.Mutex
	lines   []string
	partial []byte
}

// Write keeps the lines of p.
func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, b := range p {
		if b == '\n' {
			t.push(string(t.partial))
			t.partial = t.partial[:0]
			continue
		}
		// A line without an end is cut rather than kept whole.
		if len(t.partial) < 2000 {
			t.partial = append(t.partial, b)
		}
	}
	return len(p), nil
}

func (t *Tail) push(line string) {
	line = strings.TrimRight(line, "\r ")
	if line == "" {
		return
	}
	t.lines = append(t.lines, line)
	if len(t.lines) > t.Max {
		t.lines = t.lines[len(t.lines)-t.Max:]
	}
}

// Lines returns the last Max lines, the unfinished last line among them.
func (t *Tail) Lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := t.lines
	if p := strings.TrimSpace(string(t.partial)); p != "" {
		if len(lines) == t.Max {
			lines = lines[1:]
		}
		lines = append(lines[:len(lines):len(lines)], p)
	}
	return lines
}

// String returns the last Max lines joined by "\n".
func (t *Tail) String() string { return strings.Join(t.Lines(), "\n") }
