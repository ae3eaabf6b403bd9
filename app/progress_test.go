package app

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 10, 0, "x  [....................]  0/10  0%  ? left"},
		{5, 10, 10 * time.Second, "x  [##########..........]  5/10  50%  10s left"},
		{1, 4, 90 * time.Second, "x  [#####...............]  1/4  25%  4m30s left"},
		{10, 10, time.Minute, "x  [####################]  10/10  100%  0s left"},
		{0, 0, 0, "x  [####################]  0/0  100%  0s left"},
	} {
		if got := progressLine("x", tc.done, tc.total, tc.elapsed); got != tc.want {
			t.Errorf("progressLine(%d, %d, %v) = %q, want %q", tc.done, tc.total, tc.elapsed, got, tc.want)
		}
	}
}

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := &progressBar{w: &b, label: "judging", now: func() time.Time { return clock }, start: clock}
	p.update(0, 3)
	clock = clock.Add(50 * time.Millisecond)
	p.update(1, 3) // too soon after the last: not drawn
	clock = clock.Add(time.Second)
	p.update(2, 3)
	p.update(3, 3) // the end is always drawn
	p.clear()
	got := b.String()
	if n := strings.Count(got, "\r"); n != 4 {
		t.Errorf("%d redraws and clears, want 3 + 1: %q", n, got)
	}
	if !strings.Contains(got, "2/3") || strings.Contains(got, "1/3") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("output %q", got)
	}
	// A nil bar, for standard error that is not a terminal, does nothing.
	var none *progressBar
	none.update(1, 2)
	none.clear()
	if newProgress(Env{Stderr: &b}, "x") != nil {
		t.Error("a progress bar on a buffer")
	}
}
