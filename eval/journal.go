package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
)

// Journal records the finished pieces of an evaluation in a file, one JSON
// line each, so that an evaluation that was stopped goes on where it
// stopped: Run and Predict take what the journal holds instead of
// computing it again. A piece is one estimator, with its parameters, on
// one position of one game (named by the content hash of its record), so
// a journal may be shared by runs over different files, move numbers and
// estimators. Floating-point numbers survive the JSON exactly, so a resumed
// evaluation gives the same result as one run straight through.
//
// A Journal is safe for concurrent use.
type Journal struct {
	mu      sync.Mutex
	f       *os.File
	path    string
	entries map[string]journalEntry
}

// journalEntry is one line of a journal file.
type journalEntry struct {
	Key string `json:"k"`
	// Sums are the measures of one position (Run).
	Sums *Sums `json:"sums,omitempty"`
	// Pct is the played move's percentile (Predict); Skip marks a
	// position whose move could not be placed, None a game over by then.
	Pct *float64 `json:"pct,omitempty"`
	// U and Played are the choice of the played move (movemodel.Choice),
	// with Pct.
	U      []float64 `json:"u,omitempty"`
	Played int       `json:"played,omitempty"`
	// Win is a random field's P(Black wins) (WinProbs).
	Win  *float64 `json:"win,omitempty"`
	Skip bool     `json:"skip,omitempty"`
	None bool     `json:"none,omitempty"`
}

// OpenJournal opens the journal at path, creating it if needed, and reads
// what it holds. A last line cut short (the run was killed while writing
// it) is dropped; any other bad line is an error, since the file is then
// not a journal.
func OpenJournal(path string) (*Journal, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	j := &Journal{f: f, path: path, entries: map[string]journalEntry{}}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	good := 0 // bytes up to the end of the last whole line
	for n, line := range bytes.SplitAfter(data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if line[len(line)-1] != '\n' {
			break // cut short: dropped, and overwritten below
		}
		var e journalEntry
		if err := json.Unmarshal(line, &e); err != nil || e.Key == "" {
			f.Close()
			return nil, fmt.Errorf("journal %s:%d: not a journal line", path, n+1)
		}
		j.entries[e.Key] = e
		good += len(line)
	}
	if err := f.Truncate(int64(good)); err != nil {
		f.Close()
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	return j, nil
}

// Len returns the number of pieces the journal holds.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.entries)
}

// Close closes the journal's file.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.f.Close()
}

// get returns the entry of key.
func (j *Journal) get(key string) (journalEntry, bool) {
	if j == nil {
		return journalEntry{}, false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	e, ok := j.entries[key]
	return e, ok
}

// put records e. Each line is written with one call, so that a run killed
// in the middle leaves at most one cut line.
func (j *Journal) put(e journalEntry) error {
	if j == nil {
		return nil
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	j.entries[e.Key] = e
	return nil
}

// pieceKey names one piece of an evaluation: what is computed (kind), on
// which game and position, by which estimator with which parameters.
func pieceKey(kind string, g Game, c Candidate, move int) string {
	return kind + " " + g.Key + " " + strconv.Itoa(move) + " " + c.Estimator.Info().Name + fmt.Sprintf(" %+v", c.Params)
}
