package workspace

import (
	"testing"

	"moyo/assets"
	"moyo/board"
)

func TestToolOfKey(t *testing.T) {
	for key, want := range map[string]Tool{"B": ToolBlack, "W": ToolWhite, "A": ToolAlternate, "P": ToolPlay, "X": ToolErase} {
		if got, ok := ToolOfKey(key); !ok || got != want {
			t.Errorf("%s: %v, %v", key, got, ok)
		}
	}
	if _, ok := ToolOfKey("E"); ok {
		t.Error("E chooses a tool")
	}
}

func TestEditView(t *testing.T) {
	ws := openWorkspace(t, newQueue(), string(assets.Sample()))
	ws.StartEdit()
	e := ws.Mode().(*EditMode)
	v := e.View()
	if v.Size != 19 || v.SizeButton != 2 || v.Komi != 6.5 || v.ToMove != 1 || v.CanUndo || v.CanRedo || !v.CanClear {
		t.Errorf("at the end of the sample: %+v", v)
	}
	e.SetTool(ToolErase)
	if err := e.SetBoardSize(7); err != nil {
		t.Fatal(err)
	}
	if err := e.SetToMove(board.Black); err != nil {
		t.Fatal(err)
	}
	v = e.View()
	if v.Tool != ToolErase || v.Size != 7 || v.SizeButton != -1 || v.ToMove != 0 || !v.CanUndo || v.CanClear {
		t.Errorf("after edits: %+v", v)
	}
	e.Undo()
	if v := e.View(); !v.CanRedo {
		t.Errorf("after undo: %+v", v)
	}
}
