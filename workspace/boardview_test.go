package workspace

import (
	"errors"
	"strings"
	"testing"

	"moyo/board"
	"moyo/render"
)

// TestBoardOptions checks what the board draws: the last move in a
// record, the numbers unless the ranking takes their place, and the
// ghost stone of each edit tool.
func TestBoardOptions(t *testing.T) {
	q := newQueue()
	ws := openFake(t, q)
	q.until(t, func() bool { return !ws.Runs().Running() })
	opt := ws.BoardOptions()
	if opt.LastMove == nil || *opt.LastMove != pt("dd") || opt.NoDeadMarks || opt.Overlay != render.Shading {
		t.Errorf("record: %+v", opt)
	}
	o := ws.Overlay()
	o.Numbers = true
	ws.SetOverlay(o)
	if !ws.BoardOptions().Numbers {
		t.Error("numbers asked for and not drawn")
	}
	ws.Ranking().SetOn(true)
	q.until(t, func() bool { _, ok := ws.Ranking().Shown(); return ok })
	if opt := ws.BoardOptions(); opt.Numbers || len(opt.Marks) == 0 {
		t.Errorf("ranking: numbers %v, %d marks", opt.Numbers, len(opt.Marks))
	}
	ws.Ranking().SetOn(false)
	// A difference asked for without a reference map shows the estimate,
	// crosses and all (the ui's reference test draws a difference).
	o.Show = ShowDifference
	ws.SetOverlay(o)
	if ws.BoardOptions().NoDeadMarks {
		t.Error("no crosses on the estimate")
	}

	if Ghost(ws.Mode()) != board.Empty {
		t.Error("a ghost stone outside edit mode")
	}
	ws.StartEdit()
	e := ws.Mode().(*EditMode)
	if ws.BoardOptions().LastMove != nil {
		t.Error("a last move marked on an edited position")
	}
	for _, tt := range []struct {
		tool Tool
		want board.Color
	}{{ToolBlack, board.Black}, {ToolWhite, board.White}, {ToolAlternate, board.Black}, {ToolPlay, board.Black}, {ToolErase, board.Empty}} {
		e.SetTool(tt.tool)
		if got := Ghost(ws.Mode()); got != tt.want {
			t.Errorf("tool %v: ghost %v, want %v", tt.tool, got, tt.want)
		}
	}
}

// TestTapPoint checks that a click goes to the edit tool and that a move
// the rules forbid is named once with its point.
func TestTapPoint(t *testing.T) {
	ws, e := editWorkspace(t, small5)
	e.SetTool(ToolPlay)
	if err := ws.TapPoint(pt("aa"), false); err != nil || ws.Position().At(pt("aa")) != board.Black {
		t.Fatalf("play at A5: %v", err)
	}
	err := ws.TapPoint(pt("cc"), false)
	if !errors.Is(err, board.ErrOccupied) || err.Error() != "C3: "+board.ErrOccupied.Error() {
		t.Errorf("play on a stone: %v", err)
	}
	if err := ws.TapPoint(pt("aa"), true); err != nil || ws.Position().At(pt("aa")) != board.Empty {
		t.Errorf("right click: %v", err)
	}
	ws.StopEdit()
	if err := ws.TapPoint(pt("bb"), false); err != nil || ws.Position().At(pt("bb")) != board.Empty {
		t.Errorf("a click outside edit mode: %v", err)
	}
}

// TestPointerLine checks the status bar's line for a stone, an empty
// point and a point off the board.
func TestPointerLine(t *testing.T) {
	q := newQueue()
	ws := openFake(t, q)
	q.until(t, func() bool { _, ok := ws.Runs().Shown(); return ok && !ws.Runs().Running() })
	var p Pointer
	// The fake estimator's values are its λ, 0.5: contested.
	if got, want := p.Line(ws, pt("cc"), true), "C3  ·  Black chain of 1 stone, 4 liberties  ·  value +0.500 (contested)"; got != want {
		t.Errorf("on C3: %q, want %q", got, want)
	}
	if got := p.Line(ws, pt("ab"), true); !strings.HasPrefix(got, "A4  ·  empty  ·  value ") {
		t.Errorf("on A4: %q", got)
	}
	hint := ws.Mode().Hint()
	for _, q := range []struct {
		p  board.Point
		ok bool
	}{{pt("cc"), false}, {board.Point{X: 7, Y: 7}, true}} {
		if got := p.Line(ws, q.p, q.ok); got != hint {
			t.Errorf("off the board at %v: %q, want the hint %q", q.p, got, hint)
		}
	}
}
