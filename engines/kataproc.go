package engines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"moyo/gtp"
)

// kataLaunch is how to start one KataGo process.
type kataLaunch struct {
	path   string // the program
	mode   string // "gtp" or "analysis"
	config string // -config; "" for KataGo's default or moyo's minimal one
	model  string // -model; "" for KataGo's default
	// logDir, if set, is where KataGo's log goes (overriding the
	// configuration's logDir, logFile or logDirDated).
	logDir string
	// overrides are key=value settings for -override-config.
	overrides []string
	extra     []string // put first on the command line (tests)
}

// kataProc is a running KataGo, in either of its modes: its standard
// output line by line, the last lines of its standard error, and a private
// working folder. KataGo writes its logs, and whatever else its
// configuration names by a relative path, to its working folder; so no
// log folder lands where moyo was started, and the folder is removed when
// the process ends.
type kataProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // standard output, line by line; closed at its end
	stop   chan struct{} // closed, once, to make the reader drop output
	once   sync.Once     // closes stop
	exited chan struct{} // closed when the process has been waited for
	err    error         // how it exited; set before exited is closed
	tail   *gtp.Tail
	wmu    sync.Mutex // serialises writes to stdin
	nextID int
	// broken is set when moyo can no longer tell which answer is which:
	// the process must then be killed.
	broken bool
}

// startKata starts KataGo as l says.
func startKata(l kataLaunch) (*kataProc, error) {
	path, err := absProgram(l.path)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "moyo-katago-")
	if err != nil {
		return nil, fmt.Errorf("katago: a working folder: %w", err)
	}
	args, err := l.args(path, dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	p := &kataProc{cmd: cmd, lines: make(chan string), stop: make(chan struct{}),
		exited: make(chan struct{}), tail: &gtp.Tail{Max: 30}}
	cmd.Stderr = p.tail
	stdin, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("katago: starting %s: %w", path, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("katago: starting %s: %w", path, err)
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("katago: starting %s: %w", path, err)
	}
	p.stdin = stdin
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		// An info line lists every candidate move with its variation, and
		// a JSON answer every point's ownership.
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			select {
			case p.lines <- strings.TrimRight(sc.Text(), "\r"):
			case <-p.stop:
				// Drain, so that KataGo is never blocked writing.
				io.Copy(io.Discard, stdout)
				return
			}
		}
	}()
	go func() {
		// Wait closes standard output, so the reader must be done first.
		<-readDone
		p.err = cmd.Wait()
		os.RemoveAll(dir)
		close(p.exited)
	}()
	return p, nil
}

// absProgram returns the program path made absolute when it names a file
// by a relative path, as the process runs in another folder; a bare name
// is looked up on PATH.
func absProgram(path string) (string, error) {
	if !strings.ContainsRune(path, filepath.Separator) {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("katago: %w", err)
		}
		path = p
	}
	return filepath.Abs(path)
}

// args returns KataGo's command line for l, its program at path and its
// working folder dir.
func (l kataLaunch) args(path, dir string) ([]string, error) {
	args := append(append([]string(nil), l.extra...), l.mode)
	config := l.config
	if config == "" && !kataGoDefaultConfig(path, l.mode) {
		// Without a configuration KataGo refuses to start; a user who has
		// only a program and a network (or KaTrain's analysis
		// configuration) gets moyo's minimal one.
		config = filepath.Join(dir, "moyo-"+l.mode+".cfg")
		if err := os.WriteFile(config, []byte(minimalConfig(l.mode)), 0o644); err != nil {
			return nil, fmt.Errorf("katago: writing a configuration: %w", err)
		}
	}
	if config != "" {
		c, err := filepath.Abs(config)
		if err != nil {
			return nil, fmt.Errorf("katago: %w", err)
		}
		args = append(args, "-config", c)
	}
	if l.model != "" {
		m, err := filepath.Abs(l.model)
		if err != nil {
			return nil, fmt.Errorf("katago: %w", err)
		}
		args = append(args, "-model", m)
	}
	overrides := l.overrides
	if l.logDir != "" {
		overrides = append(overrides, logOverride(config, l.logDir))
	}
	if len(overrides) > 0 {
		args = append(args, "-override-config", strings.Join(overrides, ","))
	}
	return args, nil
}

// kataGoDefaultConfig reports whether KataGo, at path, finds a default
// configuration for mode: default_gtp.cfg beside the program or in
// ~/.katago. The analysis engine has no default. KataGo looks beside its
// own file, so a path that is a symbolic link (a katago linked into
// ~/bin) is followed first: the file beside the link is not read.
func kataGoDefaultConfig(path, mode string) bool {
	if mode != "gtp" {
		return false
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dirs := []string{filepath.Dir(path)}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".katago"))
	}
	for _, d := range dirs {
		if fi, err := os.Stat(filepath.Join(d, "default_gtp.cfg")); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// minimalConfig is the smallest configuration KataGo's mode starts with:
// the keys it insists on, no logs, Chinese rules, a search thread per core.
func minimalConfig(mode string) string {
	threads := strconv.Itoa(max(2, runtime.NumCPU()))
	s := "# Written by moyo: KataGo refuses to start without a configuration.\n" +
		"logToStderr = false\nrules = chinese\n"
	if mode == "gtp" {
		return s + "logAllGTPCommunication = false\nlogSearchInfo = false\nnumSearchThreads = " + threads + "\n"
	}
	return s + "numAnalysisThreads = 2\nnumSearchThreadsPerAnalysisThread = " + threads + "\n"
}

// logOverride returns the -override-config setting that sends KataGo's
// log to dir: the configuration may name its log by logFile, logDir or
// logDirDated, and KataGo refuses more than one of them.
func logOverride(config, dir string) string {
	key := "logDir"
	if config != "" {
		if keys, err := configKeys(config); err == nil {
			switch {
			case keys["logFile"]:
				return "logFile=" + filepath.Join(dir, "katago.log")
			case keys["logDirDated"]:
				key = "logDirDated"
			}
		}
	}
	return key + "=" + dir
}

// configKeys returns the keys a KataGo configuration file sets: lines of
// "key = value", # starting a comment.
func configKeys(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		if k, _, ok := strings.Cut(line, "="); ok {
			keys[strings.TrimSpace(k)] = true
		}
	}
	return keys, nil
}

// recv returns the next line of output; gaveUp when done is closed
// first, or an error when the output has ended, saying how KataGo exited
// and what it said last.
func (p *kataProc) recv(done <-chan struct{}) (line string, gaveUp bool, err error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", false, p.exitError()
		}
		return line, false, nil
	case <-done:
		return "", true, nil
	}
}

// exitError describes the end of a KataGo whose output has ended, waiting
// briefly for it to exit so that its status and last words are known.
func (p *kataProc) exitError() error {
	timer := time.NewTimer(2 * time.Second)
	defer timer.Stop()
	select {
	case <-p.exited:
	case <-timer.C:
	}
	status := "its output ended"
	select {
	case <-p.exited:
		status = exitStatus(p.err)
	default:
	}
	if msg := stderrMessage(p.tail.Lines()); msg != "" {
		return &KataGoError{Status: status, Message: msg}
	}
	return &KataGoError{Status: status}
}

// exitStatus describes how a process ended.
func exitStatus(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// KataGoError is KataGo ending on its own: how it exited and, when it
// explained, the explanation from its standard error (a bad model or
// configuration, say).
type KataGoError struct {
	Status  string
	Message string
}

func (e *KataGoError) Error() string {
	if e.Message == "" {
		return "KataGo exited (" + e.Status + ")"
	}
	return "KataGo exited (" + e.Status + "): " + e.Message
}

// write sends one line. Lines written from several goroutines do not
// mix.
func (p *kataProc) write(line string) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return fmt.Errorf("writing to KataGo: %w", err)
	}
	return nil
}

// command sends command with a new id and returns the id.
func (p *kataProc) command(command string) (string, error) {
	p.nextID++
	id := strconv.Itoa(p.nextID)
	return id, p.write(id + " " + command)
}

// grace is how long an answer is still waited for once the caller has
// given up on it, to keep KataGo in step: a plain command finishes, a
// cancelled search stops at once.
const grace = 2 * time.Second

// exchange sends a GTP command and reads its answer: it returns the text
// of the first line, after "=id", and hands each later line to onLine.
// A refusal ("?id") is a *gtp.Error, after which KataGo is in step.
//
// When ctx is done before the answer has ended, a cancellable command
// (kata-search_analyze_cancellable) is cancelled by an empty line; either
// way the rest of the answer is read for up to grace, and the error is
// ctx's. Whenever the answer cannot be read to its end, p.broken is set.
func (p *kataProc) exchange(ctx context.Context, command string, cancellable bool, onLine func(string)) (string, error) {
	if p.broken {
		return "", fmt.Errorf("%s: KataGo is out of step", command)
	}
	id, err := p.command(command)
	if err != nil {
		p.broken = true
		return "", fmt.Errorf("%s: %w", command, err)
	}
	done := ctx.Done()
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	var first string
	var failure error // a refusal, or ctx's error once the caller gave up
	head := true
	for {
		line, gaveUp, err := p.recv(done)
		if gaveUp && failure == nil && ctx.Err() != nil {
			failure = ctx.Err()
			if cancellable && p.write("") != nil {
				p.broken = true
				return "", fmt.Errorf("%s: %w", command, failure)
			}
			expired := make(chan struct{})
			timer = time.AfterFunc(grace, func() { close(expired) })
			done = expired
			continue
		}
		if gaveUp {
			err = fmt.Errorf("no answer within %v of giving up", grace)
		}
		if err != nil {
			p.broken = true
			if failure != nil {
				err = failure // the caller's reason to give up comes first
			}
			return "", fmt.Errorf("%s: %w", command, err)
		}
		if head {
			// Lines before the answer are left-overs of an earlier
			// command.
			if len(line) == 0 || line[0] != '=' && line[0] != '?' {
				continue
			}
			rest, ok := strings.CutPrefix(line[1:], id)
			if !ok || rest != "" && rest[0] != ' ' {
				continue
			}
			head, first = false, strings.TrimSpace(rest)
			if line[0] == '?' && failure == nil {
				failure = &gtp.Error{Command: command, Message: first}
			}
			continue
		}
		if line == "" {
			if failure != nil {
				return "", fmt.Errorf("%s: %w", command, failure)
			}
			return first, nil
		}
		if onLine != nil {
			onLine(line)
		}
	}
}

// send sends one GTP command and returns its answer, lines joined by "\n".
func (p *kataProc) send(ctx context.Context, command string) (string, error) {
	var lines []string
	first, err := p.exchange(ctx, command, false, func(l string) { lines = append(lines, l) })
	if err != nil {
		return "", err
	}
	return strings.Join(append([]string{first}, lines...), "\n"), nil
}

// stream sends a cancellable command and hands each line of its answer
// after the first to onLine as it comes.
func (p *kataProc) stream(ctx context.Context, command string, onLine func(string)) error {
	_, err := p.exchange(ctx, command, true, onLine)
	return err
}

// stopReading makes the reader drop the rest of the output.
func (p *kataProc) stopReading() { p.once.Do(func() { close(p.stop) }) }

// running reports whether the process has not exited.
func (p *kataProc) running() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill ends the process at once and waits for it.
func (p *kataProc) kill() {
	p.cmd.Process.Kill()
	p.stdin.Close()
	p.stopReading()
	<-p.exited
}

// closeGTP asks a GTP KataGo to quit and kills it if it has not within 5
// seconds.
func (p *kataProc) closeGTP() error {
	if p.broken {
		p.kill()
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := p.send(ctx, "quit")
	return p.finish(ctx, err)
}

// finish closes KataGo's input, which ends both of its modes, and waits
// until ctx is done for it to exit, then kills it. err is what asking it
// to stop returned.
func (p *kataProc) finish(ctx context.Context, err error) error {
	p.stdin.Close()
	// Whatever KataGo writes now is of no interest.
	p.stopReading()
	select {
	case <-p.exited:
		return nil
	case <-ctx.Done():
		p.kill()
		if err == nil {
			err = errors.New("KataGo did not exit when asked; killed")
		}
		return fmt.Errorf("katago: %w", err)
	}
}

// stderrMessage returns what KataGo said last, in lines, about why it
// stopped. KataGo
// reports a fatal error by throwing it, so that the C++ runtime writes
// "terminate called after throwing an instance of 'StringError'" and then
// "  what():  " and the message; the message is what a user needs. Without
// such a line it is the last three lines written.
func stderrMessage(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if _, msg, ok := strings.Cut(lines[i], "what():"); ok {
			// A message may run over several lines.
			return strings.Join(append([]string{strings.TrimSpace(msg)}, lines[i+1:]...), " | ")
		}
	}
	var keep []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "terminate called") {
			keep = append(keep, l)
		}
	}
	if len(keep) > 3 {
		keep = keep[len(keep)-3:]
	}
	return strings.Join(keep, " | ")
}
