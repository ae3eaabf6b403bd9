package workspace

import (
	"testing"

	"moyo/assets"
)

// TestKeys steps through the sample with the keys, toggles what they
// toggle, and chooses a tool in edit mode.
func TestKeys(t *testing.T) {
	ws := openWorkspace(t, newQueue(), string(assets.Sample()))
	r := ws.Record()
	r.SetMove(assets.SampleMove)
	for _, k := range []struct {
		name  string
		shift bool
		want  int
	}{
		{"Left", false, 99}, {"Right", true, 109}, {"Prior", false, 99}, {"Next", false, 109},
		{"Home", false, 0}, {"End", false, 235}, {"Left", true, 225},
	} {
		if !ws.Key(k.name, k.shift) {
			t.Errorf("%s not taken", k.name)
		}
		if s, _ := r.Current(); s.Number != k.want {
			t.Errorf("%s (shift %v): move %d, want %d", k.name, k.shift, s.Number, k.want)
		}
	}
	overlay, numbers, rank := ws.Overlay().Hidden, ws.Overlay().Numbers, ws.Ranking().On()
	ws.Key("O", false)
	ws.Key("N", false)
	ws.Key("R", false)
	if ws.Overlay().Hidden == overlay || ws.Overlay().Numbers == numbers || ws.Ranking().On() == rank {
		t.Error("O, N or R did not toggle")
	}
	if ws.Key("E", false) || ws.Key("B", false) {
		t.Error("E or B taken outside edit mode")
	}
	ws.StartEdit()
	if !ws.Key("X", false) || ws.Mode().(*EditMode).Tool() != ToolErase {
		t.Error("X did not choose the eraser")
	}
	ws.Key("Left", false)
	if s, _ := r.Current(); s.Number != 225 {
		t.Error("← moved the record in edit mode")
	}
}
