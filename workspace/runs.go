package workspace

import "time"

// Runs are the runs of the estimator a Workspace asks for: the Runner
// that does them, the request asked for last, and the run shown. A run is
// shown only if it is the one asked for last.
type Runs struct {
	runner  *Runner
	want    uint64 // Seq of the latest request
	shown   *Outcome
	latency time.Duration
}

// submit asks for req, making every run asked for before it stale.
func (r *Runs) submit(req Request) { r.want = r.runner.Submit(req) }

// take makes o the run shown, unless a newer one has been asked for since,
// and reports whether it did.
func (r *Runs) take(o Outcome) bool {
	if o.Seq != r.want {
		return false
	}
	r.shown = &o
	return true
}

// Shown returns the run shown, and false before the first one.
func (r *Runs) Shown() (Outcome, bool) {
	if r.shown == nil {
		return Outcome{}, false
	}
	return *r.shown, true
}

// Running reports whether a run was asked for that is not shown yet.
func (r *Runs) Running() bool {
	return r.want != 0 && (r.shown == nil || r.shown.Seq != r.want)
}

// Latency returns the time from the request of the run shown to its
// values being handed to the subscribers.
func (r *Runs) Latency() time.Duration { return r.latency }
