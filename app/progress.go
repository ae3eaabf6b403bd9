package app

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progressBar draws one line of progress with an estimate of the time
// left on a terminal, redrawn in place:
//
//	judging games  [#########...........]  412/825  50%  2m10s left
//
// A nil *progressBar draws nothing, so that commands need not check.
type progressBar struct {
	w     io.Writer
	label string
	now   func() time.Time
	start time.Time
	last  time.Time
	shown bool
}

// newProgress returns a progress bar on env.Stderr labelled label, or nil
// when standard error is not a terminal (a file or a pipe wants no
// carriage returns).
func newProgress(env Env, label string) *progressBar {
	f, ok := env.Stderr.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progressBar{w: f, label: label, now: time.Now, start: time.Now()}
}

// update redraws the bar for done of total, at most ten times a second
// and always at the end. It suits the Progress callbacks of package eval.
func (p *progressBar) update(done, total int) {
	if p == nil {
		return
	}
	now := p.now()
	if now.Sub(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\r%s\033[K", progressLine(p.label, done, total, now.Sub(p.start)))
}

// clear erases the bar.
func (p *progressBar) clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\033[K")
	p.shown = false
}

// progressLine is the text of a progress bar after elapsed: the time left
// is the time so far per piece times the pieces left.
func progressLine(label string, done, total int, elapsed time.Duration) string {
	const width = 20
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	filled := int(frac * width)
	left := "?"
	switch {
	case done >= total:
		left = "0s"
	case done > 0:
		rest := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		left = rest.Round(time.Second).String()
	}
	return fmt.Sprintf("%s  [%s%s]  %d/%d  %.0f%%  %s left",
		label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total, 100*frac, left)
}
