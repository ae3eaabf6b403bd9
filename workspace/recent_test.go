package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"moyo/assets"
	"moyo/board"
)

func TestAddRecent(t *testing.T) {
	var list []string
	for i := range MaxRecent + 2 {
		list = AddRecent(list, fmt.Sprintf("/r/%d.sgf", i))
	}
	if len(list) != MaxRecent || list[0] != "/r/9.sgf" || list[MaxRecent-1] != "/r/2.sgf" {
		t.Fatalf("%q", list)
	}
	again := AddRecent(list, "/r/5.sgf")
	if len(again) != MaxRecent || again[0] != "/r/5.sgf" || slices.Index(again[1:], "/r/5.sgf") >= 0 || list[0] != "/r/9.sgf" {
		t.Errorf("%q (before %q)", again, list)
	}
	abs, _ := filepath.Abs("game.sgf")
	if got := AddRecent(nil, "game.sgf"); len(got) != 1 || got[0] != abs {
		t.Errorf("relative path kept as %q", got)
	}
}

// TestHasEdits asks whether an edit session, shown or under a race, holds
// edits.
func TestHasEdits(t *testing.T) {
	q := newQueue()
	ws := newTest(t, q, nil, nil)
	if err := ws.OpenSample(); err != nil {
		t.Fatal(err)
	}
	if s, _ := ws.Record().Current(); s.Number != assets.SampleMove || ws.Record().Name() != assets.SampleName {
		t.Fatalf("sample at move %d", s.Number)
	}
	ws.StartEdit()
	if ws.HasEdits() {
		t.Error("edits before any")
	}
	e := ws.Mode().(*EditMode)
	if err := e.Place(board.Point{X: 0, Y: 0}, board.Black); err != nil {
		t.Fatal(err)
	}
	if !ws.HasEdits() {
		t.Error("no edits after placing a stone")
	}
	if err := ws.StartRace(); err != nil {
		t.Fatal(err)
	}
	if !ws.HasEdits() {
		t.Error("the race hides the edits")
	}
	ws.StopRace()
	ws.StopEdit()
	if ws.HasEdits() {
		t.Error("edits in the record")
	}
}

// closer is a file whose Close fails with err.
type closer struct {
	bytes.Buffer
	err error
}

func (c *closer) Close() error { return c.err }

func TestWriteAll(t *testing.T) {
	var ok closer
	if err := WriteAll(&ok, []byte("(;)")); err != nil || ok.String() != "(;)" {
		t.Errorf("%v, wrote %q", err, ok.String())
	}
	full := errors.New("disk full")
	if err := WriteAll(&closer{err: full}, []byte("(;)")); err != full {
		t.Errorf("a failing close: %v", err)
	}
}
