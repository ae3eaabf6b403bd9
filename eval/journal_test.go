package eval

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"moyo/estimators"
	"moyo/ownership"
)

// TestJournalResumes runs an evaluation with a journal, then again with
// the journal and an estimator that fails if it is asked anything: the
// second run must take every piece from the journal and give the same
// rows and predictions.
func TestJournalResumes(t *testing.T) {
	games := madeUpGames(t)
	path := filepath.Join(t.TempDir(), "journal")
	sym := estimators.Symmetric{}
	cfg := Config{Moves: []int{20, 150}, Candidates: []Candidate{{Estimator: sym, Params: sym.Info().Defaults()}}}

	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Journal = j
	rows, err := Run(context.Background(), games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	preds, err := Predict(context.Background(), games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := j.Len(); n != 2*2*len(games) {
		t.Errorf("journal holds %d pieces, want %d", n, 2*2*len(games))
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	// failing is named symmetric and has its parameters, so its pieces
	// are the journal's.
	if j, err = OpenJournal(path); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg.Journal = j
	cfg.Candidates = []Candidate{{Estimator: failing{}, Params: sym.Info().Defaults()}}
	again, err := Run(context.Background(), games, cfg)
	if err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	if !reflect.DeepEqual(again, rows) {
		t.Errorf("resumed rows %+v, want %+v", again, rows)
	}
	predsAgain, err := Predict(context.Background(), games, cfg)
	if err != nil {
		t.Fatalf("resumed prediction: %v", err)
	}
	if !reflect.DeepEqual(predsAgain, preds) {
		t.Error("resumed predictions differ")
	}
	// A journal of an older version, without the choices: the rankings
	// are done again.
	j.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var old []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e journalEntry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		e.U, e.Played = nil, 0
		b, _ := json.Marshal(e)
		old = append(old, string(b))
	}
	oldPath := filepath.Join(t.TempDir(), "old")
	if err := os.WriteFile(oldPath, []byte(strings.Join(old, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if j, err = OpenJournal(oldPath); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	cfg.Journal = j
	if _, err := Predict(context.Background(), games, cfg); err == nil {
		t.Error("a prediction took rankings without choices from an old journal")
	}
	cfg.Candidates = []Candidate{{Estimator: sym, Params: sym.Info().Defaults()}}
	if predsOld, err := Predict(context.Background(), games, cfg); err != nil || !reflect.DeepEqual(predsOld, preds) {
		t.Errorf("prediction over an old journal: %v, same as before %v", err, reflect.DeepEqual(predsOld, preds))
	}
	cfg.Candidates = []Candidate{{Estimator: failing{}, Params: sym.Info().Defaults()}}

	// Another ε is another piece: failing is asked, and fails.
	cfg.Epsilon = 0.01
	if _, err := Run(context.Background(), games, cfg); err == nil {
		t.Error("a run with another ε took the journal's pieces")
	}
	// So is another final ownership.
	cfg.Epsilon = 0
	owner := slices.Clone(games[0].Final.Owner)
	owner[0] = map[int8]int8{1: -1, 0: 1, -1: 1}[owner[0]]
	games[0].Final = &ownership.Final{Size: 19, Owner: owner}
	if _, err := Run(context.Background(), games, cfg); err == nil {
		t.Error("a run against another final ownership took the journal's pieces")
	}
}

func TestJournalFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, content string
		entries       int
		after         string // the file once opened; "" for an error
	}{
		{"empty", "", 0, ""},
		{"whole lines", `{"k":"a","none":true}` + "\n" + `{"k":"b","skip":true}` + "\n", 2, `{"k":"a","none":true}` + "\n" + `{"k":"b","skip":true}` + "\n"},
		{"cut last line", `{"k":"a","none":true}` + "\n" + `{"k":"b","sk`, 1, `{"k":"a","none":true}` + "\n"},
		{"bad line", "garbage\n" + `{"k":"a","none":true}` + "\n", -1, ""},
		{"no key", `{"none":true}` + "\n", -1, ""},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		j, err := OpenJournal(path)
		if tc.entries < 0 {
			if err == nil || !strings.Contains(err.Error(), ":1: not a journal line") {
				t.Errorf("%s: %v, want an error naming line 1", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if j.Len() != tc.entries {
			t.Errorf("%s: %d entries, want %d", tc.name, j.Len(), tc.entries)
		}
		// A new line goes after the whole ones.
		if err := j.put(journalEntry{Key: "c", None: true}); err != nil {
			t.Fatal(err)
		}
		j.Close()
		b, _ := os.ReadFile(path)
		if want := tc.after + `{"k":"c","none":true}` + "\n"; string(b) != want {
			t.Errorf("%s: file %q, want %q", tc.name, b, want)
		}
	}
}
