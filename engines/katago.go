package engines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"moyo/board"
	"moyo/estimators"
	"moyo/gtp"
)

// The ownership views of KataGo (Config.KataGoOwnershipView).
const (
	// KataGoViewToMove: KataGo reports ownership as the side to move's,
	// its default (reportAnalysisWinratesAs SIDETOMOVE).
	KataGoViewToMove = "tomove"
	// KataGoViewBlack: KataGo reports ownership as Black's
	// (reportAnalysisWinratesAs BLACK).
	KataGoViewBlack = "black"
)

// KataGo is KataGo's ownership prediction as an estimator: it sets the
// position up over GTP, runs kata-analyze for the side to move with
// ownership true, and takes the ownership list of the first info line,
// turned Black-positive and clamped to [−1, 1]. Unlike GnuGoEngine it
// values stones too, so a dead stone shows its killer's sign. KataGo's
// own komi is left as configured, since the position carries none.
//
// It speaks GTP itself rather than through package gtp, because
// kata-analyze answers with a stream of lines that only the next command
// ends. Make one with NewKataGo; its methods may be called from several
// goroutines.
type KataGo struct {
	// Path, Config and Model start KataGo as "Path gtp -config Config
	// -model Model"; an empty Config or Model is left out.
	Path, Config, Model string
	// View is whose view KataGo reports ownership from, KataGoViewToMove
	// ("" means the same) or KataGoViewBlack.
	View string
	// Interval is how long KataGo searches before its first info line;
	// 0 is 0.2 seconds.
	Interval time.Duration
	// Timeout bounds each Estimate, on top of its context; 0 is 2 minutes,
	// as the first call waits for KataGo to load its network.
	Timeout time.Duration

	lock      chan struct{} // one slot: held while the engine is in use
	proc      *kataProc     // the running engine, or nil
	extraArgs []string      // put first on KataGo's command line (tests)
}

// NewKataGo returns the estimator for KataGo at path with the given
// configuration, network and ownership view ("" for the defaults). It
// starts KataGo at the first Estimate.
func NewKataGo(path, config, model, view string) *KataGo {
	return &KataGo{Path: path, Config: config, Model: model, View: view, lock: make(chan struct{}, 1)}
}

// Info describes KataGo, which reads no parameter.
func (k *KataGo) Info() estimators.Info {
	return estimators.Info{
		Name:   "katago",
		Title:  "KataGo's ownership (kata-analyze)",
		Source: "KataGo GTP extension kata-analyze, ownership true",
	}
}

// Check reports an ownership view KataGo does not know; KataGo reads no
// parameter.
func (k *KataGo) Check(estimators.Params) error {
	switch k.View {
	case "", KataGoViewToMove, KataGoViewBlack:
		return nil
	}
	return fmt.Errorf("katago: ownership view %q is not %q or %q", k.View, KataGoViewToMove, KataGoViewBlack)
}

// Estimate sets pos up in KataGo and reads its ownership. An engine that
// turns out to have died since the last call is started again once.
func (k *KataGo) Estimate(ctx context.Context, pos *board.Position, p estimators.Params) (estimators.Result, error) {
	if err := k.Check(p); err != nil {
		return estimators.Result{}, err
	}
	timeout := k.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	return estimate(ctx, "katago", k.lock, timeout, pos,
		func() bool { return k.proc != nil },
		func(ctx context.Context) ([]float64, error) { return k.estimate(ctx, pos) })
}

// estimate is one attempt of Estimate, with k.lock held. Any failure
// other than a refused command kills the engine.
func (k *KataGo) estimate(ctx context.Context, pos *board.Position) ([]float64, error) {
	if k.proc == nil {
		args := append(append([]string(nil), k.extraArgs...), "gtp")
		if k.Config != "" {
			args = append(args, "-config", k.Config)
		}
		if k.Model != "" {
			args = append(args, "-model", k.Model)
		}
		p, err := startKata(k.Path, args)
		if err != nil {
			return nil, err
		}
		k.proc = p
	}
	values, err := k.query(ctx, pos)
	if err != nil {
		var refused *gtp.Error
		if !errors.As(err, &refused) {
			k.proc.kill()
			k.proc = nil
		}
	}
	return values, err
}

// query sets pos up and reads the ownership of kata-analyze.
func (k *KataGo) query(ctx context.Context, pos *board.Position) ([]float64, error) {
	size := pos.Size()
	for _, cmd := range gtp.Setup(pos) {
		if _, err := k.proc.send(ctx, cmd); err != nil {
			return nil, fmt.Errorf("setting up the position: %w", err)
		}
	}
	toMove := pos.ToMove()
	if toMove == board.Empty {
		toMove = board.Black
	}
	interval := k.Interval
	if interval <= 0 {
		interval = 200 * time.Millisecond
	}
	cs := max(1, interval.Milliseconds()/10)
	line, err := k.proc.analyze(ctx, fmt.Sprintf("kata-analyze %s %d ownership true", gtp.Color(toMove), cs))
	if err != nil {
		return nil, err
	}
	own, err := parseOwnership(line, size)
	if err != nil {
		return nil, fmt.Errorf("kata-analyze: %w", err)
	}
	sign := 1.0
	if k.View != KataGoViewBlack && toMove == board.White {
		sign = -1
	}
	for i, v := range own {
		own[i] = clamp(sign * v)
	}
	return own, nil
}

// parseOwnership reads the size² numbers after "ownership" in an info line
// of kata-analyze: top row first, left to right, as SGF orders points.
func parseOwnership(line string, size int) ([]float64, error) {
	fields := strings.Fields(line)
	at := -1
	for i, f := range fields {
		if f == "ownership" {
			at = i + 1
			break
		}
	}
	if at < 0 {
		return nil, errors.New("no ownership in the info line (is ownership enabled?)")
	}
	n := size * size
	if len(fields)-at < n {
		return nil, fmt.Errorf("%d ownership values, want %d", len(fields)-at, n)
	}
	own := make([]float64, n)
	for i, f := range fields[at : at+n] {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("ownership value %d: %w", i+1, err)
		}
		own[i] = v
	}
	return own, nil
}

// Close stops KataGo if it is running. It waits for a call under way.
func (k *KataGo) Close() error {
	k.lock <- struct{}{}
	defer func() { <-k.lock }()
	if k.proc == nil {
		return nil
	}
	err := k.proc.close()
	k.proc = nil
	return err
}

// kataProc is a running KataGo: commands carry ids, so that the lines a
// stopped kata-analyze still writes are told apart from the answers.
type kataProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // standard output, line by line; closed at its end
	stop   chan struct{} // closed, once, to make the reader drop output
	once   sync.Once     // closes stop
	exited chan struct{} // closed when the process has been waited for
	nextID int
}

// startKata starts KataGo; its standard error is dropped.
func startKata(path string, args []string) (*kataProc, error) {
	cmd := exec.Command(path, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	p := &kataProc{cmd: cmd, stdin: stdin, lines: make(chan string), stop: make(chan struct{}), exited: make(chan struct{})}
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		// An info line lists every candidate move with its variation.
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			select {
			case p.lines <- strings.TrimRight(sc.Text(), "\r"):
			case <-p.stop:
				return
			}
		}
	}()
	go func() {
		// Wait closes standard output, so the reader must be done first.
		<-readDone
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// next returns the next line of output, or an error when ctx is done or
// the output has ended.
func (p *kataProc) next(ctx context.Context, command string) (string, error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", fmt.Errorf("%s: KataGo exited", command)
		}
		return line, nil
	case <-ctx.Done():
		return "", fmt.Errorf("%s: %w", command, ctx.Err())
	}
}

// write sends command with a new id and returns the id.
func (p *kataProc) write(command string) (string, error) {
	p.nextID++
	id := strconv.Itoa(p.nextID)
	if _, err := io.WriteString(p.stdin, id+" "+command+"\n"); err != nil {
		return "", fmt.Errorf("%s: %w", command, err)
	}
	return id, nil
}

// head reads to the first line of the answer to command id: the text after
// "=id", or a *gtp.Error for "?id". Lines before it are left-overs.
func (p *kataProc) head(ctx context.Context, command, id string) (string, error) {
	for {
		line, err := p.next(ctx, command)
		if err != nil {
			return "", err
		}
		if len(line) > 0 && (line[0] == '=' || line[0] == '?') {
			rest, ok := strings.CutPrefix(line[1:], id)
			if !ok || (rest != "" && rest[0] != ' ') {
				continue
			}
			if line[0] == '?' {
				return "", &gtp.Error{Command: command, Message: strings.TrimSpace(rest)}
			}
			return strings.TrimSpace(rest), nil
		}
	}
}

// send sends one command and returns its answer, lines joined by "\n".
func (p *kataProc) send(ctx context.Context, command string) (string, error) {
	id, err := p.write(command)
	if err != nil {
		return "", err
	}
	text, err := p.head(ctx, command, id)
	var refused *gtp.Error
	if errors.As(err, &refused) {
		// The rest of a failure answer is skipped by the next head.
		return "", err
	}
	if err != nil {
		return "", err
	}
	for {
		line, err := p.next(ctx, command)
		if err != nil {
			return "", err
		}
		if line == "" {
			return text, nil
		}
		text += "\n" + line
	}
}

// analyze sends a kata-analyze command, returns its first info line and
// stops the analysis with a harmless command.
func (p *kataProc) analyze(ctx context.Context, command string) (string, error) {
	id, err := p.write(command)
	if err != nil {
		return "", err
	}
	if _, err := p.head(ctx, command, id); err != nil {
		return "", err
	}
	for {
		line, err := p.next(ctx, command)
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(line, "info ") {
			// Any command ends the stream; its answer follows the
			// stream's closing empty line and any info line in between.
			if _, err := p.send(ctx, "name"); err != nil {
				return "", err
			}
			return line, nil
		}
	}
}

// stopReading makes the reader drop the rest of the output.
func (p *kataProc) stopReading() { p.once.Do(func() { close(p.stop) }) }

// kill ends the process at once and waits for it.
func (p *kataProc) kill() {
	p.cmd.Process.Kill()
	p.stdin.Close()
	p.stopReading()
	<-p.exited
}

// close asks KataGo to quit and kills it if it has not within 5 seconds.
func (p *kataProc) close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := p.send(ctx, "quit")
	p.stdin.Close()
	// Whatever KataGo writes now is of no interest.
	p.stopReading()
	select {
	case <-p.exited:
		return nil
	case <-ctx.Done():
		p.kill()
		if err == nil {
			err = errors.New("KataGo did not exit after quit; killed")
		}
		return fmt.Errorf("katago: %w", err)
	}
}
