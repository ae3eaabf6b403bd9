// Package parallel runs independent jobs on a pool of goroutines, the
// next job to the first goroutine free.
package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// ForEach runs job(ctx, k) for every k in [0, n), on workers goroutines
// (runtime.GOMAXPROCS for workers ≤ 0), and tells progress, if not nil,
// of each job done, one call at a time. The first error a job returns
// cancels the jobs not yet started and is returned; so is ctx's error
// when ctx is cancelled.
func ForEach(ctx context.Context, n, workers int, progress func(done, total int), job func(ctx context.Context, k int) error) error {
	return ForEachWorker(ctx, n, workers, progress, func() func(ctx context.Context, k int) error { return job })
}

// ForEachWorker is ForEach with state kept by each goroutine: each calls
// worker once for the job function it runs its jobs with, which may keep
// a scratch position or buffer from one job to the next.
func ForEachWorker(ctx context.Context, n, workers int, progress func(done, total int), worker func() func(ctx context.Context, k int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
		progMu   sync.Mutex
		done     int
	)
	for range min(workers, n) {
		wg.Go(func() {
			job := worker()
			for {
				k := int(next.Add(1)) - 1
				if k >= n || ctx.Err() != nil {
					return
				}
				if err := job(ctx, k); err != nil {
					errOnce.Do(func() {
						firstErr = err
						cancel()
					})
					return
				}
				if progress != nil {
					progMu.Lock()
					done++
					progress(done, n)
					progMu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}
