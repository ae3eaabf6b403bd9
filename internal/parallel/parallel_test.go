package parallel

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestForEach checks that every job runs once, that progress counts each
// one, and that a failing job's error is returned and stops the rest.
func TestForEach(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		const n = 50
		var runs [n]atomic.Int32
		last := 0
		err := ForEach(context.Background(), n, workers, func(done, total int) {
			if done != last+1 || total != n {
				t.Errorf("workers %d: progress %d of %d after %d", workers, done, total, last)
			}
			last = done
		}, func(_ context.Context, k int) error {
			runs[k].Add(1)
			return nil
		})
		if err != nil || last != n {
			t.Errorf("workers %d: %v, progress ended at %d", workers, err, last)
		}
		for k := range runs {
			if got := runs[k].Load(); got != 1 {
				t.Errorf("workers %d: job %d ran %d times", workers, k, got)
			}
		}
	}
	boom := errors.New("boom")
	var started atomic.Int32
	err := ForEach(context.Background(), 1000, 1, nil, func(_ context.Context, k int) error {
		started.Add(1)
		if k == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || started.Load() != 4 {
		t.Errorf("%v after %d jobs, want boom after 4", err, started.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ForEach(ctx, 10, 2, nil, func(context.Context, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
